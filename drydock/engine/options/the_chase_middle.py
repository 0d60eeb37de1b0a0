"""S.3a The Chase, defender in the middle (``--scenario S.3a``): S.3 with the other reading of the lost set-up map
(``defender_setup: middle``, :mod:`~drydock.engine.options.chase`): side B starts across the middle of the long
board."""

from __future__ import annotations

from drydock.engine.options.the_chase import TheChase


class TheChaseMiddle(TheChase):
    section = "S.3a"


__all__ = ["TheChaseMiddle"]
