"""D.9 Towing (``--option D.9``): a ship tows a crippled friend that would otherwise drift off the board
(:class:`~drydock.engine.options.towing.Towing`: the tows of the turn, the effective engine rating, the doctrine's
rendezvous and braking). A towed ship records no orders and "moves with the towing ship", entering the hexes its
lead tower enters."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from drydock.engine.movement import Orders
from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.towing import Towing
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class ShipTows(OptionalRule):
    section = "D.9"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.towing = Towing(battle)

    def _legal(self, s: ShipState, boost: int) -> Callable[[Orders], bool]:
        opt = self.battle.opt
        assert opt is not None  # an optional rule: the bus's state exists once the battle's is built
        return lambda o: bool(opt.requirement(s, o, boost)[1])

    def before_orders(self) -> None:
        self.towing.start_turn()

    def own_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders | None:
        """A towed ship's (none) and its towers' (the tow's) orders."""
        tow = self.towing
        if s.uid in tow.towed or s.uid in tow.tows:
            return tow.orders(s, orders, boost, enemies, self._legal(s, boost))
        return None

    def last_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """A rescuer's rendezvous with a friend drifting off the board."""
        if not s.alive:
            return orders
        return self.towing.orders(s, orders, boost, enemies, self._legal(s, boost))

    def fixed_requirement(self, s: ShipState) -> tuple[int, bool] | None:
        return (0, True) if s.uid in self.towing.towed else None  # "does not record any movement orders"

    def engine_rating(self, s: ShipState, er: int) -> int:
        return self.towing.rating(s) if s.uid in self.towing.tows else er

    def ship_moved(self, s: ShipState, orders: Orders) -> None:
        self.towing.moved(s)

    def carried(self, s: ShipState) -> ShipState | None:
        return self.towing.carried(s)


__all__ = ["ShipTows"]
