"""E.3 Explosions (``--option E.3``): a destroyed starship explodes, rolling dice equal to its hull size at every
element in its hex or an adjacent one (:func:`~drydock.engine.options.combat_rules.explode`, ``play.explosions``).
A ship destroyed by weapons fire explodes in the End Phase (5b); one lost while moving, to a fighter attack, or
under E.5 sequential combat explodes at once, before the next ship moves or attacks; a ship destroyed by an
explosion explodes in turn (a chain reaction). A ship disabled by crew casualties does not explode (C.5 Deadly;
its rules say so: ``ship.rules.inert``), nor one that leaves the board or is destroyed entering terrain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options import combat_rules
from drydock.engine.options.rule import OptionalRule
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class Explosions(OptionalRule):
    section = "E.3"
    numbers = ("explosions",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.pending: list[ShipState] = []  # the explosions waiting for their moment, in the order of the losses

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        disabled = ship.rules.inert(ship)  # Companion D5.3: disabled, not destroyed; C.5 Deadly: "If any of a
        if explode and why.startswith("destroyed") and not disabled:  # ship's hull boxes were checked off due to
            self.pending.append(ship)  # crew casualties, it will not explode"
        return vp

    def explosions(self) -> None:
        numbers = self.play["explosions"]
        while self.pending:
            combat_rules.explode(self.battle, self.pending.pop(0), numbers)

    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        self.explosions()  # ships lost while moving

    def damage_taken(self) -> None:
        self.explosions()  # 5b: ships destroyed by weapons fire; after the Fighter Phase, by fighters


__all__ = ["Explosions"]
