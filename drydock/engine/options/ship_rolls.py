"""D.7 Rolls (``--option D.7``): orders written "@/" turn the ship over, swapping its firing arcs and its port and
starboard defensive arcs, for "+3 less the number of turns" on the requirement
(:class:`~drydock.engine.options.rolls.Rolls`: the mirror images, the doctrine's choice, the roll itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.movement import Orders
from drydock.engine.options.rolls import Rolls
from drydock.engine.options.rule import OptionalRule
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class ShipRolls(OptionalRule):
    section = "D.7"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.rolls = Rolls(battle.m.doctrine, in_force.twins)

    def adjust_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """Roll when the best order inverted outscores the best upright (:meth:`Rolls.choose`)."""
        if orders.prefixes or not s.alive:
            return orders
        opt = self.battle.opt
        assert opt is not None  # an optional rule: the bus's state exists once the battle's is built
        # the menu within the rating holds every legal order (a roll only adds to the requirement) but under D.5,
        # whose turns cost less than 3.2's
        cap = s.engine_rating + boost + (6 if opt.cheap_turns else 0)
        return self.rolls.choose(s, orders, enemies, opt.previous_speed(s.speed), cap,
                                 lambda o: bool(opt.requirement(s, o, boost)[1]), opt.avoid_map or None)

    def ship_moved(self, s: ShipState, orders: Orders) -> None:
        if "@" in orders.prefixes:
            self.rolls.roll(self.battle, s)


__all__ = ["ShipRolls"]
