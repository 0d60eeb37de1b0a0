"""D.3 Evasive Action (``--option D.3``): orders written "Z/" double the engine requirement; every attack by or at
the evading ship that turn takes a to-hit penalty by its current engine rating (``play.evasive_penalty``: 1-2 none,
3-5 -1, 6-9 -2, 10+ -3); "If both ... are performing evasive action, apply only the more severe penalty".

The doctrine evades when the ship is outgunned (:meth:`~drydock.engine.ai.Doctrine.outgunned`) and the doubled
requirement is legal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.movement import Orders
from drydock.engine.options import movement_rules
from drydock.engine.options.rule import OptionalRule
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class EvasiveAction(OptionalRule):
    section = "D.3"
    numbers = ("evasive_penalty",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.evading: dict[int, int] = {}  # uid -> its to-hit penalty this turn

    def before_orders(self) -> None:
        self.evading.clear()

    def adjust_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        if (not orders.prefixes and not s.cloaked and s.engine_rating >= 3
                and self.battle.m.doctrine.outgunned(s, orders, enemies)):
            opt = self.battle.opt
            assert opt is not None  # an optional rule: the bus's state exists once the battle's is built
            z = Orders(orders.steps, orders.pivot, ("Z",))
            if opt.requirement(s, z, boost)[1]:
                return z
        return orders

    def ship_moved(self, s: ShipState, orders: Orders) -> None:
        if "Z" in orders.prefixes:
            pen = movement_rules.evasive_penalty(s.engine_rating, self.play["evasive_penalty"]["bands"])
            if pen:
                self.evading[s.uid] = -pen

    def to_hit_penalty(self, ship: ShipState, target: object) -> int:
        if not self.evading:
            return 0
        return max(self.evading.get(ship.uid, 0), self.evading.get(target.uid, 0)
                   if isinstance(target, ShipState) else 0)


__all__ = ["EvasiveAction"]
