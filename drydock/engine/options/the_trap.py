"""S.12 The Trap (``--scenario S.12``): "The defending side receives double the normal amount" of VPs for the
attacking ships it destroys (``play.scenarios.table.S.12.defender_vp``)."""

from __future__ import annotations

from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.options.scenarios import ATTACKER
from drydock.engine.ships import ShipState


class TheTrap(Scenario):
    section = "S.12"

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        return vp * self.table["defender_vp"] if ship.side == ATTACKER else vp


__all__ = ["TheTrap"]
