"""D.1 Emergency Thrust (``--option D.1``): orders written "E/" may need up to twice the engine rating ("Boosters ...
are not doubled"); in the End Phase (5d) the ship rolls a die per unchecked engine box, each 1-2 checking one
(``play.emergency_thrust.loss_up_to``); a ship without engine boxes left may not thrust.

The doctrine thrusts when the best order thrust opens scores better than the best ordinary one by more than the engine
boxes it is expected to cost (a third of the unchecked boxes, each worth a damage result on the engines to it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.dice import d6
from drydock.engine.movement import Orders
from drydock.engine.options.doctrine_bridge import best_scored
from drydock.engine.options.rule import OptionalRule
from drydock.engine.ships import ShipState
from drydock.engine.tables import AI_RESULT_VALUE

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class EmergencyThrust(OptionalRule):
    section = "D.1"
    numbers = ("emergency_thrust",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.thrusted: list[ShipState] = []  # the ships that thrust this turn

    def adjust_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The doctrine's thrust ("E/", the engine rating doubled, boosters not), or ``orders``."""
        boxes = len(s.spec.engine_track) - s.eng_hits
        if orders.prefixes or not s.alive or not enemies:
            return orders
        if boxes <= 0 or s.cloaked or s.warming:  # "may not attempt emergency thrust if it has no remaining boxes"
            return orders
        opt = self.battle.opt
        assert opt is not None  # an optional rule: the bus's state exists once the battle's is built
        prev = opt.previous_speed(s.speed)
        er = s.engine_rating

        def plain(o: Orders) -> bool:
            return opt.requirement(s, o, boost)[1]

        def thrust(o: Orders) -> bool:
            return not plain(o) and opt.requirement(s, Orders(o.steps, o.pivot, ("E",)), boost)[1]

        avoid = opt.avoid_map or None
        doctrine = self.battle.m.doctrine
        best = best_scored(doctrine, s, enemies, prev, er + boost + 6, plain, avoid)
        push = best_scored(doctrine, s, enemies, prev, 2 * er + boost + 6, thrust, avoid)
        if push is None:
            return orders
        cost = AI_RESULT_VALUE["engine"] * boxes * self.play["emergency_thrust"]["loss_up_to"] / 6
        if best is None or push[1] - cost > best[1]:
            return Orders(push[0].steps, push[0].pivot, ("E",))
        return orders

    def ship_moved(self, s: ShipState, orders: Orders) -> None:
        if "E" in orders.prefixes:
            self.thrusted.append(s)

    def end_phase(self) -> None:
        """5d: a die per unchecked engine box of each ship that thrust, each 1-2 checks one."""
        b = self.battle
        while self.thrusted:
            s = self.thrusted.pop(0)
            if not s.alive:
                continue
            n = len(s.spec.engine_track) - s.eng_hits
            rolls = [d6(b.rng) for _ in range(n)]
            lost = sum(1 for d in rolls if d <= self.play["emergency_thrust"]["loss_up_to"])
            s.eng_hits += lost
            b.say(f"  {s.label} emergency thrust (D.1): dice {rolls} -> {lost} engine boxes checked")


__all__ = ["EmergencyThrust"]
