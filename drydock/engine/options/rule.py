"""One optional rule as a class: the named moments of a game turn it may act at (its phase hooks).

A rule in force is an instance of an :class:`OptionalRule` subclass made for one battle by
:func:`drydock.engine.options.registry.rules_in_force`; the battle holds them as a tuple (``Battle.rules_in_force``,
empty in the core game) and calls each phase's hook on every one, in the registry's order. A rule overrides only the
moments it acts at; every default does nothing, so the battle never asks which rules are in force. The registry is
the one place that reads the sections in force (docs/development.md: adding an optional rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from drydock.engine.combat import Reroll
from drydock.engine.movement import Orders
from drydock.engine.ships import ModeSpec, ShipState
from drydock.engine.table_view import Boarding, TableView

if TYPE_CHECKING:  # a type-only import: the package's InForce (built once a matchup)
    from drydock.engine.options import InForce


class OptionalRule:
    """The base of every optional rule: its section, the play-table entries it reads, and no-op phase hooks."""

    #: the rulebook section it plays (``drydock.core.rules.play_options.BY_SECTION`` has its name and ``left_out``)
    section: ClassVar[str] = ""
    #: the entries of the ruleset's ``play`` table it reads (house-rule files can change them)
    numbers: ClassVar[tuple[str, ...]] = ()
    #: B.22: whether :meth:`lock_on` replaces the core game's lock-on roll per attacking ship
    battery_lock_on: ClassVar[bool] = False

    def __init__(self, battle: TableView, in_force: InForce) -> None:
        self.battle = battle
        self.play = in_force.play

    @classmethod
    def wanted(cls, in_force: InForce) -> bool:
        """Whether the rule acts at all once its section is in force (a house rule may turn its effect off)."""
        return True

    # ------------------------------------------------------------ set-up (2.3)
    def place(self) -> None:
        """2.3, after deployment and before every rule's :meth:`setup`: what the rule puts on the table (F.6 long
        range fighters, F.4 each flight's variant, G terrain)."""

    def setup(self) -> None:
        """After deployment, before the first turn."""

    def ranges(self, s: ShipState) -> Callable[[int], int] | None:
        """B.13: the effective range of ``s``'s attacks from the hexes counted (G.4: +50% in a nebula), or None: the
        core game's."""
        return None

    # ------------------------------------------------------------ the Orders Phase (1)
    def change_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState],
                      legal: Callable[[Orders], bool]) -> Orders:
        """1: ``s``'s orders once the optional movement rules chose them, as this rule changes them (G.5: an orbit);
        ``legal``: whether orders are legal under the rules in force."""
        return orders

    # ------------------------------------------------------------ the Movement Phase (2)
    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        """After every ship moved and stacking was resolved (``enemy_pos``: each side's ship hexes before the move,
        the Orders Phase's knowledge): E.6 shield reinforcement."""

    # ------------------------------------------------------------ the Fighter Phase (3)
    def fighter_order(self, a: int, b: int) -> list[int] | None:
        """The order the sides' ``a`` and ``b`` flights act in (F.7: a shuffled deck), or None: the alternation."""
        return None

    # ------------------------------------------------------------ the Combat Phase (4.1-4.4)
    def direct_damage(self, ship: ShipState, target: ShipState, mode: ModeSpec, size: int, band: int, penalty: int,
                      bonus: int) -> tuple[int, Reroll] | None:
        """E.2: (the to-hit bonus, the damage re-roll) of a volley at a ship, or None when this rule does not direct
        damage."""
        return None

    def direct_seekers(self, ship: ShipState, target: ShipState, mode: ModeSpec) -> tuple[int, Reroll] | None:
        """E.2 for seekers as they launch: (each seeker die's to-hit change, the re-roll), or None."""
        return None

    def lock_on(self, ship: ShipState, battery: str, target: ShipState) -> bool | None:
        """B.22: the lock-on roll of ``ship``'s ``battery`` at the stealth ``target`` (True: it may fire), or None when
        this rule does not replace the core game's roll per attacking ship."""
        return None

    def declared(self, ship: ShipState, enemies: list[ShipState]) -> None:
        """4.1, with ``ship``'s declarations: what it does beside firing (E.7 TAGs)."""

    def tagged(self) -> set[int] | None:
        """E.7: the ship uids with a face-up TAG (the range rule reads it), or None when this rule places none."""
        return None

    def boarding(self) -> Boarding | None:
        """B.14: how boarding and captures read shipboard combat, or None when this rule does not change them."""
        return None

    # ------------------------------------------------------------ the End Phase (5)
    def pull(self) -> None:
        """5a: what moves elements before damage takes effect (G.2 the black hole's pull)."""

    def damage_taken(self) -> None:
        """5b, once marked damage took effect, and after the Fighter Phase's attacks: explosions (E.3), VPs for
        damage (E.4, S.6)."""

    def end_damage(self) -> None:
        """5b: after marked damage took effect and the explosions, before captures (B.14)."""

    def end_phase(self) -> None:
        """5d: unless the battle is over (damage control E.1, emergency thrust's cost D.1)."""

    def next_turn(self) -> None:
        """After 5d, unless the battle is over: what the next turn starts with (S.9 storms, S.11 reinforcements)."""


__all__ = ["OptionalRule"]
