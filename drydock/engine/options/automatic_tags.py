"""E.7a Target Acquisition, automatic (``--option E.7a``, the variant of E.7): "TAGs placed without a roll, within
10 hexes" (``play.target_acquisition.auto_range``); everything else as E.7
(:class:`~drydock.engine.options.target_acquisition.TargetAcquisition`)."""

from __future__ import annotations

from drydock.engine.options.target_acquisition import TargetAcquisition


class AutomaticTargetAcquisition(TargetAcquisition):
    section = "E.7a"
    auto = True


__all__ = ["AutomaticTargetAcquisition"]
