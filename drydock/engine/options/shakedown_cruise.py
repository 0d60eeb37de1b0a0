"""S.8 The Shakedown Cruise (``--scenario S.8``): the attacker's (side A) highest-CR ship is a prototype; at its first
attack a die decides its to-hit modifier and engine rating change for the battle ("Roll 1 2 3-4 5 6":
:data:`~drydock.engine.options.scenarios.SHAKEDOWN`); destroying it scores double
(``play.scenarios.table.S.8``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.dice import d6
from drydock.engine.options import scenarios
from drydock.engine.options.host import OptionHost
from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.ships import ShipSpec, ShipState
from drydock.errors import DrydockError

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce

ATTACKER = scenarios.ATTACKER


class ShakedownCruise(Scenario):
    section = "S.8"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.proto_uid = -1
        self.proto_mod = 0
        self.proto_rolled = False

    @classmethod
    def check_forces(cls, sides: tuple[list[ShipSpec], list[ShipSpec]], in_force: InForce) -> None:
        if not sides[ATTACKER]:
            raise DrydockError("S.8 The Shakedown Cruise: the attacker (side A) needs a prototype")
        least = int(in_force.numbers.get("prototype_min_cr", 0))
        best = max(s.cr for s in sides[ATTACKER])
        if least and best < least:
            raise DrydockError(f"S.8 The Shakedown Cruise: at least one of the attacker's (side A) ships must have a "
                               f"combat rating of {least} or more (its best: {best}; "
                               "play.scenarios.table.S.8.prototype_min_cr)")

    def setup(self) -> None:
        b = self.host
        att = [s for s in b.ships if s.side == ATTACKER]
        self.proto_uid = att[scenarios.prototype(b.m.sides)].uid
        b.say(f"S.8: {b.ships[self.proto_uid].label} is the prototype")

    def to_hit(self, ship: ShipState, target: ShipState, band: int, penalty: int, bonus: int) -> tuple[int, int]:
        if ship.uid != self.proto_uid:
            return penalty, bonus
        if not self.proto_rolled:
            self.proto_rolled = True
            roll = d6(self.battle.rng)
            self.proto_mod, er = scenarios.SHAKEDOWN[roll]
            ship.er_mod = er
            self.battle.say(f"    S.8 shakedown roll {roll}: to-hit {self.proto_mod:+d}, engine rating {er:+d}")
        if self.proto_mod > 0:
            return penalty, bonus + self.proto_mod
        return penalty - self.proto_mod, bonus

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        if ship.uid == self.proto_uid:  # "double VPs are scored for destroying the prototype"
            return vp * self.table["prototype_vp"]
        return vp


__all__ = ["ShakedownCruise"]
