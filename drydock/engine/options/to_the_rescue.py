"""S.11 To the Rescue (``--scenario S.11``): the defender (side B) is divided into two halves of about equal CR
(:func:`~drydock.engine.options.scenarios.halves`); a die picks the half on the board, the other arrives once the
defender's End Phase dice total 7 (``play.scenarios.table.S.11.reinforce_at``); attacking ships destroyed before
then score double (``early_kill_vp``), and the defender is not gone while its second half is to come."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.dice import d6
from drydock.engine.options import scenarios
from drydock.engine.options.host import OptionHost
from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class ToTheRescue(Scenario):
    section = "S.11"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.reserve: list[ShipState] = []  # the defender's second half, off the board
        self.reserve_total = 0

    def setup(self) -> None:
        b = self.host
        defenders = [s for s in b.ships if s.side == scenarios.DEFENDER]
        halves = scenarios.halves([s.spec for s in defenders])
        first = halves[0] if d6(b.rng) <= 3 else halves[1]
        for i, s in enumerate(defenders):
            if i not in first:
                s.alive = False
                self.reserve.append(s)
        b.say("S.11: the defender's second half waits: " + ", ".join(s.label for s in self.reserve))

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        if ship.side == scenarios.ATTACKER and self.reserve:  # lost before the reinforcements arrive
            return vp * self.table["early_kill_vp"]
        return vp

    def next_turn(self) -> None:
        b = self.host
        if not self.reserve:
            return
        self.reserve_total += d6(b.rng)
        if self.reserve_total >= self.table["reinforce_at"]:
            for s in self.reserve:
                s.alive = True
            b.say("  S.11: the reinforcements arrive: " + ", ".join(s.label for s in self.reserve))
            self.reserve = []
            b.stacking()

    def victory(self, over: tuple[bool, int | None]) -> tuple[bool, int | None]:
        b = self.host
        if self.reserve and over[0] and not b.alive(scenarios.DEFENDER) and b.alive(scenarios.ATTACKER) \
                and b.vp[0] < b.m.vp_target:
            return False, None  # the second half is still to come
        return over


__all__ = ["ToTheRescue"]
