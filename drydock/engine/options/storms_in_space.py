"""S.9 Storms in Space (``--scenario S.9``): each End Phase a die decides the next game turn's spatial disruption
("Roll 1 2 3-4 5 6": :data:`~drydock.engine.options.scenarios.STORMS`): random headings, no turns (ships and fighter
flights alike), nothing, -1 to hit and no long range, no attacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.dice import d6
from drydock.engine.options import scenarios
from drydock.engine.options.host import OptionHost
from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.ships import ShipState
from drydock.engine.tables import FLARES_BLOCK

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class StormsInSpace(Scenario):
    section = "S.9"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.storm: str | None = None  # this turn's disruption

    def no_turns(self) -> bool:
        return self.storm == "no turns"

    def may_attack(self, attacker: object) -> bool:
        return self.storm != "no attacks"  # "No starships or fighter flights may attack"

    def to_hit(self, ship: ShipState, target: ShipState, band: int, penalty: int, bonus: int) -> tuple[int, int]:
        if self.storm != "murk":
            return penalty, bonus
        if band == 2:  # no long range
            return FLARES_BLOCK, bonus
        return penalty + 1, bonus

    def next_turn(self) -> None:
        b = self.battle
        roll, self.storm = scenarios.storm(b.rng)
        b.say(f"  storms in space (S.9): {roll} -> {self.storm or 'no effect'}")
        if self.storm == "headings":
            for s in b.alive():  # "1 indicates the direction of the ship's current heading; 2-6 ... clockwise"
                d = d6(b.rng)  # a pivoted facing (3.4) turns with the heading, keeping its offset
                s.heading, s.facing = (s.heading + d - 1) % 6, (s.facing + d - 1) % 6


__all__ = ["StormsInSpace"]
