"""Appendix S scenarios as optional rules: the base every scenario's class shares, and the exit-edge scenarios'.

A scenario is chosen by ``--scenario`` (``BattleSettings.scenario``; one a battle, ``check_combination``) and plays
like any optional rule: its section is in force (``InForce.on``), so the registry makes its class
(one class per S section, each in its own module, registered in ``RULES``) and the battle calls its hooks. Side A is
the attacker, side B the defender (swap the files to swap the roles). Its numbers are its row of
``play.scenarios.table`` (``self.table``); the pure pieces (the storm table, the halves, the way to an edge) are in
:mod:`~drydock.engine.options.scenarios`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from drydock.engine.movement import Orders
from drydock.engine.options.host import OptionHost
from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.scenarios import DEFENDER, edge_of, run_for_edge
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class Scenario(OptionalRule):
    """An Appendix S scenario: the battle as an :class:`~drydock.engine.options.host.OptionHost` (victory points,
    the match-up's sides and VP target), its row of ``play.scenarios.table``."""

    numbers = ("scenarios",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.host = battle
        self.table: dict[str, Any] = in_force.numbers  # play.scenarios.table[section]


class ExitScenario(Scenario):
    """S.2, S.3, S.7: each defending ship that leaves the board by :attr:`edge` "awards VPs to the defending side,
    not the attacking side"; the defender runs for it (the fastest legal exit, else the order ending nearest it)
    while :meth:`running`; a side gone before either reached the VP target: the VPs decide (reading; the book is
    silent)."""

    #: the edge a defending ship scores by leaving through (side A sets up at the west edge)
    edge: ClassVar[str] = "east"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.exit_vp = 0  # the VPs the defender scored by leaving through its exit edge

    def running(self) -> bool:
        """Whether the defender runs for its edge now (S.2, S.3: from the start)."""
        return True

    def exit_edge(self, ship: ShipState) -> str | None:
        return self.edge if ship.side == DEFENDER and self.running() else None

    def final_orders(self, ship: ShipState, orders: Orders, legal: Callable[[Orders], bool], cap: int
                     ) -> Orders | None:
        if ship.side != DEFENDER or "H" in orders.prefixes or not self.running():  # cloaked or not
            return None
        out = run_for_edge(ship, self.edge, self.host.m.board, legal, cap)
        return None if out is None else Orders(out.steps, out.pivot, orders.prefixes)

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        if ship.side == DEFENDER and why == "left the board" \
                and edge_of(ship.q, ship.r, self.host.m.board[0]) == self.edge and self.running():
            cr = ship.spec.cr
            self.exit_vp += cr  # "awards VPs to the defending side, not the attacking side"
            self.host.vp[1] += cr
            self.host.say(f"  {ship.label} breaks out ({self.section}): side B scores {cr} VP")
            return 0
        return vp

    def victory(self, over: tuple[bool, int | None]) -> tuple[bool, int | None]:
        vp = self.host.vp
        if over[0] and max(vp) < self.host.m.vp_target:
            # a side is gone before either reached the target: the VPs decide (reading; the book is silent)
            return True, None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
        return over


__all__ = ["ExitScenario", "Scenario"]
