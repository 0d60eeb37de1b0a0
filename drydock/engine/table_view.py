"""What a rule module may touch of the battle: the table as the rules see it (issue 35), and its named records
(markers, probes, declarations, volleys) where positional lists and tuples were.

The rule modules (fighters, seekers, small craft, munitions, systems, stacking, the Companion's play and hulks, the
optional combat rules, G.6 altitudes, D.7 rolls, B.14/B.22 equipment) are called by
:class:`drydock.engine.battle.Battle` and take it as a :class:`TableView`: the ships,
flights, minefields and markers on the table, the dice, the log, and the few services they call back (``say``,
``destroy``...). Nothing here imports a rule module or the battle, so a rule module names what it needs without
an import cycle, even for types (import-linter counts type-checking imports). mypy checks that ``Battle``
satisfies the Protocol wherever the battle passes itself to a rule, and in ``battle._TABLE_VIEW``.

The doctrine, the match-up and the optional rules live above the rule modules; they are seen here through the
members the rules read (:class:`DoctrineView`, :class:`MatchView`, :class:`OptionsView`), read-only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:  # a type-only import of a module below the rule modules (it imports no engine module)
    from drydock.engine.companion_options import CompanionOptions
    from drydock.engine.movement import Orders
    from drydock.engine.observe import StatsRecorder
    from drydock.engine.ships import ShipState


class Marker(NamedTuple):
    """B.9 flare / B.17 probe marker on the table: placed face down in the Combat Phase, turned face up in the
    End Phase (5f), removed at the next one."""

    kind: str  # "flare" or "probe"
    owner: int  # the launching ship's uid; -1: no ship's (E.3 an exploding ship's flares)
    q: int
    r: int
    face_up: bool


class Probe(NamedTuple):
    """A face-up B.17 probe: its ``owner`` ship's uid and hex."""

    owner: int
    q: int
    r: int


class Declaration(NamedTuple):
    """4.1: one bank's declared fire: its index, its ``target`` (a ship, a fighter or seeker flight, or a B.15
    minefield), the weapon ``mode`` index (-1: launch seekers, C.4) and the range ``band``."""

    bank: int
    target: Any
    mode: int
    band: int


class Volley(NamedTuple):
    """4.2: ``n`` mounts firing together: a bank's own, or under Fire-Linked (FRL) a battery's banks at one target
    in one mode and band (``bank``: the first of them, whose name the log shows)."""

    n: int
    bank: int
    target: Any
    mode: int
    band: int


class Spot(Protocol):
    """Anything standing on a hex: a starship, a flight, a minefield as a target."""

    @property
    def q(self) -> int: ...

    @property
    def r(self) -> int: ...


class Flight(Spot, Protocol):
    """What the shared small-craft rules change on a fighter or seeker flight (5.4, B.15, B.24, C.5)."""

    count: int
    alive: bool

    @property
    def label(self) -> str: ...


class DoctrineView(Protocol):
    """What the rules read of the match-up's doctrine (:class:`drydock.engine.ai.Doctrine`): its board cells and
    its caches, and the scoring a rule's doctrine (stutterdrive B.23, overthrusters, flares B.9) asks it for."""

    @property
    def cells(self) -> Container[tuple[int, int]]: ...

    @property
    def run(self) -> dict[tuple[int, int, int], int]: ...

    @property
    def fighter_ends(self) -> dict[tuple[int, int, int, int, int], tuple[tuple[int, int, int], ...]]: ...

    @property
    def fighter_first(self) -> dict[tuple[int, int, int, int, int], dict[tuple[int, int], tuple[int, int]]]: ...

    @property
    def fighter_approach(self) -> dict[tuple, tuple[tuple[int, int, int], ...]]: ...

    # the scoring context (drydock.engine.ai.Context) is opaque to a rule: it hands back what it was given
    def context(self, ship: ShipState, enemies: list[ShipState], predict: bool = True) -> Any: ...

    def score_pose(self, ship: ShipState, ctx: Any, q: int, r: int, h: int, f: int, speed: int) -> float: ...

    def outgunned(self, ship: ShipState, orders: Orders | None, enemies: list[ShipState]) -> bool: ...

    def declare(self, ship: ShipState, enemies: list[ShipState], turn: int, flights: list | tuple = ()
                ) -> list[Declaration]: ...  # 4.1: the doctrine's declarations (drydock.engine.targeting)


class InForceView(Protocol):
    """The optional rules of a match-up (:class:`drydock.engine.options.InForce`) as the rules read them."""

    @property
    def on(self) -> frozenset[str]: ...  # the rule sections in force ("D.2z", "CC.D1"...)

    @property
    def companion(self) -> CompanionOptions: ...  # the Captain's Companion's D1, D3, D7 switches


class MatchView(Protocol):
    """What the rules read of the match-up (:class:`drydock.engine.battle.Matchup`)."""

    @property
    def board(self) -> tuple[int, int]: ...

    @property
    def floating(self) -> bool: ...  # D.4 floating board

    @property
    def launch_recovery(self) -> bool: ...  # F.5

    @property
    def doctrine(self) -> DoctrineView: ...

    @property
    def in_force(self) -> InForceView | None: ...  # None in the core game


class AltitudeView(Protocol):
    """G.6 three-dimensional play as the rules read it (:class:`drydock.engine.options.altitude.Altitudes`): each
    ship's altitude by uid."""

    @property
    def alt(self) -> dict[int, int]: ...

    def range(self, hexes: int, a: ShipState, b: Any) -> int: ...  # the range between altitudes at ``hexes`` hexes

    def same(self, a: object, b: object) -> bool: ...  # an attack needing adjacency or the hex needs one altitude

    def in_burst(self, e: Spot, target: Spot, hexes: int) -> bool: ...  # C.5 Proximity: within the burst in 3D

    def seeker_climb(self, battle: TableView, flight: Flight, ma: int, cost: int) -> int: ...  # C.4 seekers climb

    def fly(self, battle: TableView, fl: Flight, attack_from: dict, blocked: set, enemy_ships: list
            ) -> tuple | None: ...  # 5.3: a fighter flight's move with altitude changes

    def flown(self, battle: TableView, fl: Flight, start: tuple[int, int]) -> None: ...  # its climb or dive


class FightersView(Protocol):
    """The fighter options (:class:`drydock.engine.options.fighter_rules.FighterRules`) as the flights read them."""

    @property
    def csp(self) -> bool: ...  # F.1 combat space patrols

    @property
    def on_station(self) -> dict[int, Any]: ...  # F.1: flight uid -> the flight on station

    def activate(self, fl: Any) -> None: ...  # F.1-F.4, F.6: a fighter flight's activation under the options

    def seeker_entered(self, seekers: Flight) -> bool: ...  # F.1: a seeker flight entering a patrolled hex


class TerrainHexes(Protocol):
    """The terrain's hexes a rule reads (:class:`drydock.engine.options.terrain.Terrain`): G.1-G.5."""

    @property
    def deadly(self) -> set[tuple[int, int]]: ...  # asteroids, planets, a comet's nucleus, event horizons

    @property
    def fields(self) -> dict[tuple[int, int], int]: ...  # G.1: asteroid-field hex -> fields

    def sight(self, q1: int, r1: int, q2: int, r2: int) -> int: ...  # 4.1: the line's penalty (BLOCKED: blocked)


class ElementsView(Protocol):
    """Terrain acting on every element (:class:`drydock.engine.options.terrain_elements.TerrainElements`)."""

    @property
    def t(self) -> TerrainHexes: ...

    @property
    def doomed(self) -> set[tuple[int, int]]: ...  # hexes the next End Phase's pull carries into an event horizon

    def small_entered(self, flight: Any, hexes: list[tuple[int, int]]) -> bool: ...

    def ship_field(self, s: ShipState, at: tuple[int, int], dice: int) -> None: ...

    def sight(self, ship: Any, target: Any) -> int: ...

    def near(self, q: int, r: int, reach: int) -> bool: ...

    def hazards(self, mined: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]: ...


class OptionsView(Protocol):
    """What the rule modules read of the optional rules still on the bus
    (:class:`drydock.engine.options.state.OptionState`): every member they use is declared here."""

    @property
    def nebula(self) -> bool: ...  # G.4: the battle is fought inside a nebula

    @property
    def terrain(self) -> TerrainHexes | None: ...  # G.1-G.5

    @property
    def fighters(self) -> FightersView | None: ...  # F.1-F.4, F.6

    def fighter_doctrine(self) -> FightersView: ...  # F.1-F.4, F.6: the doctrine they share, made at the first ask

    def flight_penalty(self, ship: Spot, target: Spot) -> int: ...  # F.3 screens, G terrain at a flight

    @property
    def altitudes(self) -> AltitudeView | None: ...  # G.6 (G.6a): the altitudes of the rule in force that keeps them

    @property
    def elements(self) -> ElementsView | None: ...  # G terrain on flights, seekers, minefields, hidden ships


class Boarding(Protocol):
    """B.14 Shipboard Combat as boarding and captures read it (:class:`drydock.engine.options.shipboard_combat.
    ShipboardCombat`): defenders are not sacrificed 1:1, and the doctrine counts the parties the fight costs."""

    def parties_needed(self, hull_left: int, boarders: int, defenders: int) -> int: ...

    def boarding_chance(self, squads: int, marines: int, hull_left: int, boarders: int, defenders: int
                        ) -> Fraction | None: ...  # the doctrine: the chance a boarding clears the defenders


class RuleView(Protocol):
    """An optional rule in force (:class:`drydock.engine.options.rule.OptionalRule`) as the rule modules ask it."""

    @property
    def battery_lock_on(self) -> bool: ...  # B.22 Battery-Specific Lock-On: lock_on replaces the roll per ship

    def lock_on(self, ship: ShipState, battery: str, target: ShipState) -> bool | None: ...  # B.22, per battery

    def boarding(self) -> Boarding | None: ...  # B.14

    def tagged(self) -> set[int] | None: ...  # E.7: the ship uids with a face-up TAG (None: not this rule)

    def ranges(self, s: ShipState) -> Callable[[int], int] | None: ...  # G.4: the effective range (None: B.13)

    def change_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState],
                      legal: Callable[[Orders], bool]) -> Orders: ...  # G.5: an orbit

    def previous_speed(self, speed: int) -> int: ...  # 3.2: the previous speed reckoned (D.2 etheric drag)

    def movement_order(self, a: int, b: int) -> list[int] | None: ...  # D.8r: who moves next (None: alternation)

    def no_turns(self) -> bool: ...  # S.9: no ship or flight may turn this turn

    def may_attack(self, attacker: object) -> bool: ...  # S.9: no attacks this turn

    def exit_edge(self, ship: ShipState) -> str | None: ...  # S.2, S.3, S.7: the edge a running defender scores by

    def final_orders(self, ship: ShipState, orders: Orders, legal: Callable[[Orders], bool], cap: int
                     ) -> Orders | None: ...  # S.2, S.3, S.7: the running defender's orders

    def explosions(self) -> None: ...  # E.3: the explosions waiting go off now

    def score_damage(self) -> None: ...  # E.4, S.6: VPs for the damage so far

    def scores_ship(self, ship: ShipState) -> bool: ...  # S.6: the defender's ships, which E.4 leaves to it


class TableView(Protocol):
    """The battle as a rule module sees it: exactly the members the rule modules use."""

    rng: random.Random
    log: list[str] | None
    turn: int
    ships: list[ShipState]
    flights: list[Any]  # SeekerFlight and FighterFlight (their modules sit on this one)
    flight_uid: int
    vp: list[int]  # victory points scored by side A and side B (F.6 long range fighters score their own)
    #: F.5: carrier uid -> flights aboard; B.20 shuttles aboard; flights recovered this Fighter Phase
    aboard: dict[int, int]
    shuttles_aboard: dict[int, int]
    recovered: dict[int, int]
    #: B.15: minefield hex -> markers; hex -> dice of the minefields it contains or touches; hex -> laying side
    minefields: dict[tuple[int, int], int]
    mined: dict[tuple[int, int], int]
    mine_layers: dict[tuple[int, int], int]
    #: B.9 / B.17: markers on the table; face-up flares by hex; face-up probes
    markers: list[Marker]
    flares_up: dict[tuple[int, int], int]
    probes_up: list[Probe]

    @property
    def rules_in_force(self) -> tuple[RuleView, ...]: ...  # the optional rules, with phase hooks (core game: ())

    @property
    def m(self) -> MatchView: ...

    @property
    def obs(self) -> StatsRecorder | None: ...

    @property
    def opt(self) -> OptionsView | None: ...

    def say(self, line: str) -> None: ...

    def pos(self, s: ShipState) -> str: ...

    def hexname(self, q: int, r: int) -> str: ...

    def alive(self, side: int | None = None) -> list[ShipState]: ...

    def destroy(self, s: ShipState, why: str, vp: int | None = None, explode: bool = True) -> None: ...


__all__ = ["AltitudeView", "Boarding", "Declaration", "DoctrineView", "FightersView", "Flight", "InForceView", "Marker",
           "MatchView", "OptionsView", "Probe", "RuleView", "Spot", "TableView", "Volley"]
