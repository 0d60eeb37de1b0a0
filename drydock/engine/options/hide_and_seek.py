"""S.5 Hide & Seek (``--scenario S.5``): "scatter a dozen asteroid markers" between the set-up areas: the match-up's
terrain gains the G.1 asteroids (``play.scenarios.table.S.5.asteroids``, added by
:class:`~drydock.engine.options.InForce`, which then plays them as G.1); nothing else differs from a standard
battle."""

from __future__ import annotations

from drydock.engine.options.scenario_rule import Scenario


class HideAndSeek(Scenario):
    section = "S.5"


__all__ = ["HideAndSeek"]
