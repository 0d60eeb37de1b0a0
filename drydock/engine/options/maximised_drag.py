"""D.2z Etheric Drag, maximised (``--option D.2z``, the variant of D.2): the previous speed is "eliminated
completely" (counts as 0); everything else as D.2 (:class:`~drydock.engine.options.etheric_drag.EthericDrag`)."""

from __future__ import annotations

from drydock.engine.options.etheric_drag import EthericDrag


class MaximisedDrag(EthericDrag):
    section = "D.2z"
    maximised = True


__all__ = ["MaximisedDrag"]
