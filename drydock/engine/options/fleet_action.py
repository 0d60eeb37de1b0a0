"""S.4 Fleet Action (``--scenario S.4``): "the first starship to be destroyed ... is worth three times its normal
VPs; the second ... twice" (``play.scenarios.table.S.4.kill_multipliers``), whichever side loses it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.host import OptionHost
from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class FleetAction(Scenario):
    section = "S.4"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.kills = 0  # the ships destroyed so far

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        mult = self.table["kill_multipliers"]
        vp = vp * mult[self.kills] if self.kills < len(mult) else vp
        self.kills += 1
        return vp


__all__ = ["FleetAction"]
