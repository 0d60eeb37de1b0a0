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
from drydock.engine.ships import ModeSpec, ShipSpec, ShipState
from drydock.engine.table_view import AltitudeView, Boarding

if TYPE_CHECKING:  # type-only imports: the package's InForce (built once a matchup), the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost

#: one ship's plan for the Movement Phase (1e): the ship, its orders and the boosters it spends
Plan = tuple[ShipState, Orders, int]


class OptionalRule:
    """The base of every optional rule: its section, the play-table entries it reads, and no-op phase hooks."""

    #: the rulebook section it plays (``drydock.core.rules.play_options.BY_SECTION`` has its name and ``left_out``)
    section: ClassVar[str] = ""
    #: the entries of the ruleset's ``play`` table it reads (house-rule files can change them)
    numbers: ClassVar[tuple[str, ...]] = ()
    #: B.22: whether :meth:`lock_on` replaces the core game's lock-on roll per attacking ship
    battery_lock_on: ClassVar[bool] = False
    #: when the doctrine chooses a ship's orders again among those the rule makes legal: "illegal" (D.2, D.6: when
    #: its own are not), "always" (D.5: its cheaper turns open better orders), "" never
    replan: ClassVar[str] = ""
    #: the sections whose rule this one plays in their place when both are in force (E.5r plays E.5's)
    replaces: ClassVar[tuple[str, ...]] = ()

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        self.battle = battle
        self.play = in_force.play

    @classmethod
    def wanted(cls, in_force: InForce) -> bool:
        """Whether the rule acts at all once its section is in force (a house rule may turn its effect off)."""
        return True

    @classmethod
    def check_forces(cls, sides: tuple[list[ShipSpec], list[ShipSpec]], in_force: InForce) -> None:
        """Before the battle is built: raise a DrydockError for forces the rule forbids (S.1 one defender, S.8 a
        prototype, S.10 no ship above CR 150)."""

    # ------------------------------------------------------------ set-up (2.3)
    def place(self) -> None:
        """2.3, after deployment and before every rule's :meth:`setup`: what the rule puts on the table (F.6 long
        range fighters, F.4 each flight's variant, G terrain)."""

    def setup(self) -> None:
        """After deployment, before the first turn."""

    def altitudes(self) -> AltitudeView | None:
        """G.6: the battle's altitudes when this rule keeps them (the rule modules read them as ``opt.altitudes``),
        else None."""
        return None

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

    def before_orders(self) -> None:
        """1: before the ships write their orders (D.3 evasion ends, D.9 this turn's tows)."""

    def previous_speed(self, speed: int) -> int:
        """3.2: the previous speed a ship's requirement is reckoned from (and its orders planned with), given its last
        speed (D.2 etheric drag halves it); hulks drift at it (Companion D5.3)."""
        return speed

    def orders_afresh(self, s: ShipState) -> None:
        """1, before ``s``'s orders are chosen (again, under D.8): what the rule planned for them is forgotten (G.6
        its altitude changes)."""

    def own_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders | None:
        """Orders that replace the ship's own before any rule adjusts them (D.9: a towed ship records none, its
        towers tow), or None."""
        return None

    def adjust_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The ship's orders under the rule, after the doctrine's and the scenario's, in the registry's order (D.7
        roll, D.1 thrust, D.3 evade)."""
        return orders

    def last_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """After every rule adjusted them (D.9: a rescuer's rendezvous)."""
        return orders

    # ------------------------------------------------------------ the movement requirement (3.2)
    def turn_costs(self) -> list[int] | tuple[int, ...] | None:
        """D.5: the requirement's cost of one, two, three or U turns (freeform turns), or None: 3.2's turns."""
        return None

    def legal_shape(self, orders: Orders) -> bool:
        """Whether the rule allows orders of this shape (D.6: graded turns)."""
        return True

    def fixed_requirement(self, s: ShipState) -> tuple[int, bool] | None:
        """(requirement, legal) of a ship whose orders the rule settles (D.9: a towed ship records none), or None."""
        return None

    def requirement(self, s: ShipState, orders: Orders, boost: int, climb: int | None) -> tuple[int, bool] | None:
        """(requirement, legal) of ``orders`` when the rule adds to them (G.6: ``climb`` altitude changes, by default
        those planned), reckoned with the other rules' arithmetic; None: theirs alone."""
        return None

    def engine_rating(self, s: ShipState, er: int) -> int:
        """The engine rating ``s``'s requirement is judged against (D.9: a tower's effective rating)."""
        return er

    def no_turns(self) -> bool:
        """Whether no ship or flight may turn this turn (S.9 storms)."""
        return False

    def final_orders(self, ship: ShipState, orders: Orders, legal: Callable[[Orders], bool], cap: int
                     ) -> Orders | None:
        """The orders ``ship`` moves by in place of the doctrine's (S.2, S.3, S.7: a defender running for its exit
        edge; ``legal``: whether orders are legal, ``cap``: the fastest speed the menu offers), or None."""
        return None

    def exit_edge(self, ship: ShipState) -> str | None:
        """The board edge ``ship`` scores by leaving through now (S.2, S.3, S.7: the running defender's), or None."""
        return None

    # ------------------------------------------------------------ the Movement Phase (2)
    def move_ships(self, plans: list[Plan], mined: dict) -> bool:
        """2c: carry out every ship's orders (D.8: one ship at a time); False: the core game's way (all at once)."""
        return False

    def movement_order(self, a: int, b: int) -> list[int] | None:
        """The order the sides' ``a`` and ``b`` ships move in one at a time (D.8r: a shuffled deck), or None."""
        return None

    def move_made(self, s: ShipState) -> None:
        """After one ship carried out its orders, before every rule's :meth:`ship_moved`: what its orders did beside
        moving it (G.6: its altitude changes, +2 speed each)."""

    def ship_moved(self, s: ShipState, orders: Orders) -> None:
        """After one ship carried out its orders, before the terrain it entered (D.1 thrust noted, D.3 evasion, D.7
        its roll, D.9 the towee with its tower)."""

    def carried(self, s: ShipState) -> ShipState | None:
        """The ship ``s`` carried with it, which entered the same hexes (D.9: the towee of its lead tower), or None."""
        return None

    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        """After every ship moved and stacking was resolved (``enemy_pos``: each side's ship hexes before the move,
        the Orders Phase's knowledge): E.6 shield reinforcement."""

    # ------------------------------------------------------------ the Fighter Phase (3)
    def fighter_order(self, a: int, b: int) -> list[int] | None:
        """The order the sides' ``a`` and ``b`` flights act in (F.7: a shuffled deck), or None: the alternation."""
        return None

    # ------------------------------------------------------------ the Combat Phase (4.1-4.4)
    def to_hit_penalty(self, ship: ShipState, target: object) -> int:
        """4.1: the to-hit penalty of ``ship``'s volleys at ``target`` (D.3: evasive action)."""
        return 0

    def combat_order(self, a: int, b: int) -> list[int] | None:
        """The order the sides' ``a`` and ``b`` ships attack in (E.5r: a shuffled deck), or None: the alternation."""
        return None

    def may_attack(self, attacker: object) -> bool:
        """Whether a ship or flight may attack this turn (S.9: "No starships or fighter flights may attack")."""
        return True

    def to_hit(self, ship: ShipState, target: ShipState, band: int, penalty: int, bonus: int) -> tuple[int, int]:
        """(penalty, bonus) of a volley at a ship under the rule (S.8 the prototype's roll, S.9 the murk; a penalty
        of ``FLARES_BLOCK``: the attack is blocked)."""
        return penalty, bonus

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

    def attack_done(self) -> None:
        """4.4, after each attacking ship's volleys (E.5: its damage takes effect at once)."""

    # ------------------------------------------------------------ damage and victory points (any phase)
    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        """``ship`` is destroyed (``why``: the log's words; ``explode``: E.3 applies): the VPs it scores, given the
        ``vp`` of the rules before this one (default its CR, 2.5; E.4 shares, scenario multipliers)."""
        return vp

    def explosions(self) -> None:
        """E.3: the explosions waiting go off now (after a ship's move, a fighter attack, an attack under E.5)."""

    def score_damage(self) -> None:
        """VPs for the damage so far (E.4 partial VPs, S.6 half the hull)."""

    def scores_ship(self, ship: ShipState) -> bool:
        """Whether this rule scores ``ship``'s damage itself, so E.4 leaves it (S.6: the defender's ships)."""
        return False

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

    # ------------------------------------------------------------ victory (2.5)
    def victory(self, over: tuple[bool, int | None]) -> tuple[bool, int | None]:
        """2.5 as the rule decides it, given ``over`` (the VP target, or one side gone): (over, the winner or None).
        S.1 no VPs, S.11 reinforcements to come, S.2/S.3/S.7 the VPs when a side is gone."""
        return over


__all__ = ["OptionalRule", "Plan"]
