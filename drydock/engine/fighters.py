"""Fighter flights (5.0-5.4): deployment with their carrier, Fighter Phase movement and attacks.

- A carrier's capacity (B.4) gives its flights of 6 fighters; they start in and around its hex (at
  most 3 flights per hex, 2.3) with its heading. Standard fighters in the core game; with F.1-F.4 or F.6
  a flight activates through :mod:`drydock.engine.options.fighter_rules` (variants: the class attributes below).
- Movement (5.3): MA 8; the number of one-hexside turns (0-3, one direction) is declared first and
  sets the MA per forward hex (1 for 0-1 turns, 2 for 2, 3 for 3); no pivots. "Flights may perform
  sideslips; each slip requires twice as much MA as one hex of forward movement. [...] flights may only turn
  (and sideslip) in one direction per activation. There is no requirement that a flight move forward
  between turns and/or sideslips." (5.3): the doctrine's menu has them. A flight may pass through any hex
  and may not end with an opposing element; a flight that starts in a hex with an opposing ship must leave
  or is eliminated (5.3).
- Attack (5.4) on one opposing element in an adjacent hex: vs a ship, the ship's Dfn weapons in arc
  fire first (C.5); then one die per fighter, 5-6 hits, no modifiers, IMP 1 and DMG 1 with damage
  applied immediately; Anti-Fighter Batteries: each 1 kills an attacker (B.1). Vs a fighter flight:
  5-6 kills a target fighter, each 1 kills an attacker (at most as many as the target flight had).
  Vs seekers: 5-6 kills a seeker, no losses on 1s (C.4).
- F.5 Launch & Recovery (option ``launch_recovery``): flights start aboard their carrier; in the End
  Phase (step g) a carrier that is not cloaked (B.5) launches up to its launch maximum by hull size (1-3/
  4-8/9-15/16-24/25-35: 1/2/3/4/5; doubled by launch tubes, B.12) into its own hex, with its heading;
  they act from the next Fighter Phase. In the Fighter Phase a flight recovers by moving into its
  carrier's hex, at most the recovery maximum per carrier (1/1/2/2/3), never to be launched again.
  Doctrine: a damaged flight (fewer than 6 fighters) in or next to its carrier is recovered. Flights
  aboard a destroyed carrier are lost with it.
- B.20 shuttlecraft (with F.5): single-fighter flights with MA 4 and a saving throw per hit
  (:mod:`~drydock.engine.small_craft`), launched after the fighters within the same launch maximum.
- B.15: a flight is attacked by the minefields it enters or passes next to (:func:`fighter_path_mines`,
  :mod:`~drydock.engine.small_craft`).
- Doctrine: attack the reachable element worth most (expected damage to a ship, or the expected
  damage of the fighters/seekers killed); otherwise close on the nearest enemy ship.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from drydock.engine.combat import DiceRecorder, damage_value
from drydock.engine.damage import apply_marked_damage
from drydock.engine.dice import impact_probability
from drydock.engine.hexgrid import DEFENSIVE, DIRS, GEOMETRY, distance, hex_line
from drydock.engine.seekers import SeekerFlight, defensive_fire
from drydock.engine.ships import ShipState
from drydock.engine.small_craft import entered_hexes, flight_mines, in_nebula, screened_hits, small_hits, surviving
from drydock.engine.tables import (
    FIGHTER_AFB_KILL,
    FIGHTER_HIT,
    FIGHTER_LOSS_ON,
    FIGHTER_MA,
    FIGHTER_TURN_COST,
    FIGHTERS_PER_FLIGHT,
    LAUNCH_RECOVERY,
    MAX_FLIGHTS_PER_HEX,
    SHUTTLE_MA,
)

if TYPE_CHECKING:  # type-only imports: the battle calls these rules as a TableView (docs/architecture.md)
    from drydock.engine.table_view import DoctrineView, TableView


class FighterFlight:
    __slots__ = ("uid", "side", "carrier", "q", "r", "heading", "count", "label", "kills", "alive")
    kind = "fighters"
    #: movement allowance (5.3)
    ma = FIGHTER_MA
    #: B.20: a shuttle's hits allow saving throws
    shuttle = False
    size = FIGHTERS_PER_FLIGHT
    #: F.4 variants change these: dice per fighter, the die that hits a ship / a flight, and the doctrine's
    #: weight of its attacks on ships / flights against a standard flight's
    dice_per = 1
    hit_ship = FIGHTER_HIT
    hit_flight = FIGHTER_HIT
    ship_factor: float = 1  # F.4 variants: fractions of a standard flight's
    flight_factor: float = 1

    def __init__(self, uid: int, side: int, carrier: ShipState, q: int, r: int, heading: int, label: str) -> None:
        self.uid = uid
        self.side = side
        self.carrier = carrier
        self.q, self.r, self.heading = q, r, heading
        self.count = carrier.rules.flight_fighters(self.size)  # X.2: a Nova flight begins with three fighters
        self.label = label
        self.kills = 0
        self.alive = True

    def worth(self, defender: ShipState) -> float:
        """Expected damage value one of these fighters would do to ``defender`` (AI)."""
        return fighter_expected(defender.shield(0), defender.spec.ionized)


@cache
def fighter_expected(shield: int, ionized: bool) -> float:
    p_hit = (7 - FIGHTER_HIT) / 6
    p_imp = 1.0 if shield == 0 else float(impact_probability(shield, 0))
    return p_hit * p_imp * damage_value(False, False, False, False, False, ionized)


class Shuttle(FighterFlight):
    """B.20: "Shuttles are treated as if they were single-fighter flights", with MA 4 and saving throws."""

    __slots__ = ()
    kind = "shuttle"
    ma = SHUTTLE_MA
    shuttle = True
    size = 1


def deploy(battle: TableView, carrier: ShipState, flights: int) -> list[FighterFlight]:
    """5.1 / 2.3: flights within 2 hexes of their carrier, at most 3 per hex (carrier hex first, then the
    hexes ahead, clockwise from the carrier's heading)."""
    out = []
    # directions counted from the carrier's heading, so that mirrored carriers get mirrored flights
    ring = [DIRS[(carrier.heading + k) % 6] for k in range(6)]
    spots = [(carrier.q, carrier.r)] + [(carrier.q + dq, carrier.r + dr) for dq, dr in ring]
    spots += [(carrier.q + 2 * dq, carrier.r + 2 * dr) for dq, dr in ring]
    spots = [s for s in spots if s in battle.m.doctrine.cells]
    for k in range(flights):
        q, r = spots[(k // MAX_FLIGHTS_PER_HEX) % len(spots)]
        battle.flight_uid += 1
        label = f"{carrier.label.split()[0]}-fighters#{battle.flight_uid}"
        out.append(FighterFlight(battle.flight_uid, carrier.side, carrier, q, r, carrier.heading, label))
    return out


def launch_max(hull: int, tubes: bool) -> int:
    """F.5: flights a carrier of ``hull`` size may launch per game turn; B.12 launch tubes double it."""
    for top, launch, _ in LAUNCH_RECOVERY:
        if hull <= top:
            return launch * 2 if tubes else launch
    return LAUNCH_RECOVERY[-1][1] * (2 if tubes else 1)


def recovery_max(hull: int) -> int:
    """F.5: flights a carrier of ``hull`` size may recover per Fighter Phase (launch tubes do not help, B.12)."""
    for top, _, recover in LAUNCH_RECOVERY:
        if hull <= top:
            return recover
    return LAUNCH_RECOVERY[-1][2]


def launch(battle: TableView, carrier: ShipState) -> list[FighterFlight]:
    """F.5, End Phase step g: launch up to the launch maximum of the flights aboard ``carrier`` into its hex,
    with its heading (so that mirrored carriers launch mirrored flights); then shuttles (B.20), each one flight
    of the same maximum."""
    if not carrier.alive or carrier.cloaked:  # B.5: no launches while cloaked
        return []
    room = launch_max(carrier.spec.hull, carrier.spec.launch_tubes)
    out: list[FighterFlight] = []
    for pool, kind in ((battle.aboard, FighterFlight), (battle.shuttles_aboard, Shuttle)):
        aboard = pool.get(carrier.uid, 0)
        n = min(aboard, room)
        if n <= 0:
            continue
        pool[carrier.uid] = aboard - n
        room -= n
        for _ in range(n):
            battle.flight_uid += 1
            label = f"{carrier.label.split()[0]}-{kind.kind}#{battle.flight_uid}"
            out.append(kind(battle.flight_uid, carrier.side, carrier, carrier.q, carrier.r, carrier.heading, label))
    return out


def try_recover(battle: TableView, fl: FighterFlight) -> bool:
    """F.5 doctrine: a damaged flight in or next to its living carrier moves into its hex and is recovered
    (removed from play for good: a recovered flight is not launched again), within the recovery maximum."""
    c = fl.carrier
    if fl.count >= fl.size or not c.alive or c.cloaked:
        return False
    dq, dr = fl.q - c.q, fl.r - c.r
    if (abs(dq) + abs(dr) + abs(dq + dr)) > 2:  # hex distance > 1
        return False
    done = battle.recovered.get(c.uid, 0)
    if done >= recovery_max(c.spec.hull):
        return False
    battle.recovered[c.uid] = done + 1
    fl.q, fl.r = c.q, c.r
    fl.alive = False
    if battle.log is not None:
        battle.say(f"  {fl.label} ({fl.count} fighters) is recovered by {c.label} (F.5)")
    return True


@cache
def fighter_moves(heading: int, ma: int = FIGHTER_MA, slips: bool = True
                  ) -> tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]:
    """Distinct end states (dq, dr, heading, waypoints) of 5.3 moves with ``ma``: first those without
    sideslips, then those only sideslips reach (waypoints: the hexes where the path turns, slips or ends).
    ``slips=False``: the moves without sideslips alone."""
    seen = {}

    def walk(q: int, r: int, h: int, turns_left: int, budget: int, turn_dir: int, pts: tuple) -> None:
        key = (q, r, h)
        if key not in seen:
            seen[key] = pts
        for n in range(1, budget + 1):
            nq, nr = q + DIRS[h][0] * n, r + DIRS[h][1] * n
            k2 = (nq, nr, h)
            if k2 not in seen:
                seen[k2] = pts + ((nq, nr),)
            if turns_left:
                walk(nq, nr, (h + turn_dir) % 6, turns_left - 1, budget - n, turn_dir, pts + ((nq, nr),))
        if turns_left:
            walk(q, r, (h + turn_dir) % 6, turns_left - 1, budget, turn_dir, pts)

    for turns in range(4):
        budget = ma // FIGHTER_TURN_COST[turns]
        for d in (1, -1):
            walk(0, 0, heading, turns, budget, d, ())
    if not slips:
        return tuple((q, r, h, pts) for (q, r, h), pts in seen.items())
    # 5.3 sideslips, after the moves without them (which keep their order and paths): a slip moves one hex to
    # the side of the turns (h + d), heading unchanged, for two forward hexes' MA
    done: set[tuple[int, int, int, int, int, int]] = set()

    def slip(q: int, r: int, h: int, turns_left: int, budget: int, d: int, pts: tuple, path_h: int) -> None:
        state = (q, r, h, turns_left, budget, d)
        if state in done:
            return
        done.add(state)
        seen.setdefault((q, r, h), pts)
        if budget >= 2:  # a slip: a waypoint before it (where the run ends) and after it
            nq, nr = q + DIRS[(h + d) % 6][0], r + DIRS[(h + d) % 6][1]
            before = pts if not pts or pts[-1] == (q, r) else pts + ((q, r),)
            before = before if (q, r) != (0, 0) else pts
            slip(nq, nr, h, turns_left, budget - 2, d, before + ((nq, nr),), -1)
        if budget >= 1:  # one more forward hex, extending a straight run
            nq, nr = q + DIRS[h][0], r + DIRS[h][1]
            run = pts[:-1] if pts and path_h == h else pts
            slip(nq, nr, h, turns_left, budget - 1, d, run + ((nq, nr),), h)
        if turns_left:
            slip(q, r, (h + d) % 6, turns_left - 1, budget, d, pts, -1)

    for turns in range(4):
        budget = ma // FIGHTER_TURN_COST[turns]
        for d in (1, -1):
            slip(0, 0, heading, turns, budget, d, (), -1)
    return tuple((q, r, h, pts) for (q, r, h), pts in seen.items())


@cache
def fighter_path(heading: int, ma: int = FIGHTER_MA) -> dict[tuple[int, int, int], tuple[tuple[int, int], ...]]:
    """(dq, dr, heading) of an end state -> the waypoints of the move that reaches it (:func:`fighter_moves`)."""
    return {(q, r, h): pts for q, r, h, pts in fighter_moves(heading, ma)}


@cache
def fighter_path_hexes(heading: int, ma: int = FIGHTER_MA) -> dict[tuple[int, int, int], tuple[tuple[int, int], ...]]:
    """(dq, dr, heading) of an end state -> every hex its move enters, relative to the start (:func:`fighter_path`,
    :func:`~drydock.engine.small_craft.entered_hexes`)."""
    return {k: tuple(entered_hexes(0, 0, pts)) for k, pts in fighter_path(heading, ma).items()}


def fighter_path_mines(battle: TableView, flight: FighterFlight, q0: int, r0: int, heading: int) -> None:
    """B.15 for a fighter or shuttle flight that just moved from (q0, r0, ``heading``) to where it is now."""
    pts = fighter_path(heading, flight.ma).get((flight.q - q0, flight.r - r0, flight.heading))
    if pts:
        flight_mines(battle, flight, entered_hexes(q0, r0, pts))


def flown_hexes(flight: FighterFlight, q0: int, r0: int, heading: int) -> list[tuple[int, int]]:
    """The hexes a flight that just moved from (q0, r0, ``heading``) entered (a move off the menu, G.6: the straight
    line)."""
    pts = fighter_path(heading, flight.ma).get((flight.q - q0, flight.r - r0, flight.heading))
    return entered_hexes(q0, r0, pts) if pts else hex_line(q0, r0, flight.q, flight.r)[1:]


def no_turns(battle: TableView) -> bool:
    """S.9 storms in space: "No starships or fighter flights may turn during the upcoming Movement Phase" (the
    flights move in the Fighter Phase of that turn: they keep their heading)."""
    return any(rule.no_turns() for rule in battle.rules_in_force)


def board_ends(doctrine: DoctrineView, q: int, r: int, heading: int, ma: int = FIGHTER_MA, straight: bool = False
               ) -> tuple[tuple[int, int, int], ...]:
    """End states (q, r, heading) of the 5.3 moves from (q, r, heading) whose whole path stays on the board
    (in the order of :func:`fighter_moves`), cached on the match-up's doctrine. ``straight``: only the moves
    without a turn (:func:`no_turns`): turns are all one way and at most three, so the heading is unchanged."""
    key = (q, r, heading, ma, int(straight))
    cache = doctrine.fighter_ends
    out = cache.get(key)
    if out is None:
        cells = doctrine.cells
        out = tuple((q + dq, r + dr, h) for dq, dr, h, pts in fighter_moves(heading, ma)
                    if (q + dq, r + dr) in cells and all((q + x, r + y) in cells for x, y in pts)
                    and (not straight or h == heading))
        if len(cache) < 100_000:
            cache[key] = out
    return out


def first_end_by_hex(doctrine: DoctrineView, q: int, r: int, heading: int, ma: int = FIGHTER_MA, straight: bool = False
                     ) -> dict[tuple[int, int], tuple[int, int]]:
    """(q, r) -> (index, heading) of the first on-board end in that hex (order of :func:`board_ends`)."""
    key = (q, r, heading, ma, int(straight))
    cache = doctrine.fighter_first
    out = cache.get(key)
    if out is None:
        out = {}
        for i, (eq, er, h) in enumerate(board_ends(doctrine, q, r, heading, ma, straight)):
            out.setdefault((eq, er), (i, h))
        if len(cache) < 100_000:
            cache[key] = out
    return out


def approach_order(doctrine: DoctrineView, q: int, r: int, heading: int,
                   spots: tuple[tuple[int, int], ...], ma: int = FIGHTER_MA, straight: bool = False
                   ) -> tuple[tuple[int, int, int], ...]:
    """The on-board ends of :func:`board_ends` sorted by distance to the nearest of ``spots`` (stable)."""
    key = (q, r, heading, spots, ma, int(straight))
    cache = doctrine.fighter_approach
    out = cache.get(key)
    if out is None:
        scored = []
        for e in board_ends(doctrine, q, r, heading, ma, straight):
            d = 1 << 30
            for sq, sr in spots:
                dq, dr = sq - e[0], sr - e[1]
                x = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
                if x < d:
                    d = x
            scored.append((d, e))
        scored.sort(key=lambda t: t[0])
        out = tuple(e for _, e in scored)
        if len(cache) > 50_000:
            cache.clear()
        cache[key] = out
    return out


def plain_choice(battle: TableView, fl: FighterFlight, attack_from: dict, blocked: set,
                 enemy_ships: list) -> tuple | None:
    """The reachable attack hex worth most (ties: the first end in move order); else the first end (in move
    order) nearest to an enemy ship. (value, q, r, heading, target) or None."""
    first = first_end_by_hex(battle.m.doctrine, fl.q, fl.r, fl.heading, fl.ma, no_turns(battle))
    best = None
    best_key = None
    for spot, (v, t) in attack_from.items():
        end = first.get(spot)
        if end is None or spot in blocked:
            continue
        key = (v, -end[0])
        if best_key is None or key > best_key:
            best_key = key
            best = ((1, v), spot[0], spot[1], end[1], t)
    if best is None:
        for q, r, h in approach_order(battle.m.doctrine, fl.q, fl.r, fl.heading,
                                      tuple((s.q, s.r) for s in enemy_ships), fl.ma, no_turns(battle)):
            if (q, r) not in blocked:
                return (None, q, r, h, None)
    return best


def mine_aware_choice(battle: TableView, fl: FighterFlight, attack_from: dict, blocked: set,
                      enemy_ships: list, hazards: dict | None = None, deadly: frozenset | set = frozenset(),
                      doomed: frozenset | set = frozenset()) -> tuple | None:
    """:func:`plain_choice` when minefields are out (B.15: "Whenever an element (friendly or otherwise) enters a
    hex containing or adjacent to a minefield, the element is immediately attacked. The number of to-hit dice
    rolled is equal to the number of markers in the minefield."): of the moves that are equally good (same
    attack value, or same distance to the nearest enemy ship), the one whose path rolls the fewest minefield
    dice, then the first in move order. Every minefield counts, whoever laid it: they attack friend and foe.
    With no dice on any path this is exactly :func:`plain_choice`. Terrain (G): ``hazards`` adds the asteroid-field
    dice to the minefields'; a path into a ``deadly`` hex (asteroid, planet, nucleus, event horizon) is never taken,
    nor a move that ends where the End Phase's pull carries a flight into an event horizon (``doomed``, G.2).
    """
    mined = battle.mined if hazards is None else hazards
    paths = fighter_path_hexes(fl.heading, fl.ma)
    q0, r0, h0 = fl.q, fl.r, fl.heading

    def dice(q: int, r: int, h: int) -> int:
        hexes = [(q0 + x, r0 + y) for x, y in paths[(q - q0, r - r0, h)]]
        if deadly and any(x in deadly for x in hexes):
            return -1
        return sum(mined.get(x, 0) for x in hexes)

    ends = board_ends(battle.m.doctrine, q0, r0, h0, fl.ma, no_turns(battle))
    best: tuple | None = None
    best_key = None
    for i, (q, r, h) in enumerate(ends):
        hit = attack_from.get((q, r))
        if hit is None or (q, r) in blocked or (best_key is not None and hit[0] < best_key[0]) or (q, r) in doomed:
            continue  # (a lower value loses whatever its dice)
        d = dice(q, r, h)
        if d < 0:
            continue
        key = (hit[0], -d, -i)
        if best_key is None or key > best_key:
            best_key = key
            best = ((1, hit[0]), q, r, h, hit[1])
    if best is not None:
        return best
    spots = tuple((s.q, s.r) for s in enemy_ships)
    for i, (q, r, h) in enumerate(approach_order(battle.m.doctrine, q0, r0, h0, spots, fl.ma, no_turns(battle))):
        if (q, r) in blocked or (q, r) in doomed:
            continue
        near = min((distance(sq - q, sr - r) for sq, sr in spots), default=1 << 30)
        if best_key is not None and -near < best_key[0]:
            break  # farther loses whatever its dice, and approach_order is sorted nearest first
        d = dice(q, r, h)
        if d < 0:
            continue
        key = (-near, -d, -i)
        if best_key is None or key > best_key:
            best_key = key
            best = (None, q, r, h, None)
    return best


def activate(battle: TableView, fl: FighterFlight) -> None:
    """Move one fighter flight (5.3) and attack an adjacent opposing element (5.4), or recover it (F.5)."""
    opt = battle.opt
    if opt is not None and opt.fighters is not None:  # F.1-F.4, F.6: the fighter options' doctrine
        opt.fighters.activate(fl)
        return
    if battle.m.launch_recovery and try_recover(battle, fl):
        return
    enemy_ships, blocked, attack_from = attack_spots(battle, fl)
    best = choose(battle, fl, attack_from, blocked, enemy_ships)
    target = move(battle, fl, best, blocked)
    if target is not None:
        attack(battle, fl, target)


def attack_spots(battle: TableView, fl: FighterFlight) -> tuple[list, set, dict]:
    """(enemy ships in sight, hexes a flight may not end in, attack hex -> (value, best target from there))."""
    enemy_ships = [s for s in battle.ships if s.alive and s.side != fl.side and not s.hidden]  # B.5
    enemy_flights = [f for f in battle.flights if f.alive and f.side != fl.side and f.count > 0]
    blocked = {(s.q, s.r) for s in enemy_ships} | {(f.q, f.r) for f in enemy_flights}
    targets: list[tuple[float, ShipState | FighterFlight | SeekerFlight]] = []
    for s in enemy_ships:
        arc = GEOMETRY[(fl.q - s.q, fl.r - s.r, s.facing)][2] if (fl.q, fl.r) != (s.q, s.r) else 0
        v = fl.count * fighter_expected(s.shield(arc), s.spec.ionized) * fl.ship_factor
        targets.append((v, s))
    friendly = [s for s in battle.ships if s.alive and s.side == fl.side]
    for f in enemy_flights:
        kills = min(fl.count * fl.flight_factor / 3, f.count)
        guard = friendly[0] if friendly else None
        worth = f.worth(guard) if guard is not None else 1.0
        targets.append((kills * worth, f))
    # hexes adjacent to each target -> the best target attackable from there
    attack_from: dict[tuple[int, int], tuple[float, ShipState | FighterFlight | SeekerFlight]] = {}
    for v, t in targets:
        for dq, dr in DIRS:
            key = (t.q + dq, t.r + dr)
            if key not in attack_from or v > attack_from[key][0]:
                attack_from[key] = (v, t)
    return enemy_ships, blocked, attack_from


def choose(battle: TableView, fl: FighterFlight, attack_from: dict, blocked: set,
           enemy_ships: list) -> tuple | None:
    """The doctrine's move: :func:`mine_aware_choice` when minefields are out (B.15), else :func:`plain_choice`."""
    opt = battle.opt
    if opt is not None and opt.altitudes is not None:  # G.6: altitude changes
        return opt.altitudes.fly(battle, fl, attack_from, blocked, enemy_ships)
    if opt is not None and opt.elements is not None and opt.elements.near(fl.q, fl.r, fl.ma):
        # G: round deadly terrain, the fewest field and mine dice
        return mine_aware_choice(battle, fl, attack_from, blocked, enemy_ships, opt.elements.hazards(battle.mined),
                                 opt.elements.t.deadly, opt.elements.doomed)
    if battle.mined:  # B.15: among equally good moves, the one entering the fewest minefield dice
        return mine_aware_choice(battle, fl, attack_from, blocked, enemy_ships)
    return plain_choice(battle, fl, attack_from, blocked, enemy_ships)


def move(battle: TableView, fl: FighterFlight, best: tuple | None,
         blocked: set) -> ShipState | FighterFlight | SeekerFlight | None:
    """Carry out ``best`` (5.3): the flight moves (minefields on the way, B.15); its target, if it still can attack.
    No move: a flight in a hex with an opposing element is eliminated."""
    start = (fl.q, fl.r)
    if best is None:
        if start in blocked:
            fl.alive = False
            if battle.log is not None:
                battle.say(f"  {fl.label}: cannot leave a hex with an opposing element: eliminated (5.3)")
        return None
    h0 = fl.heading
    _, fl.q, fl.r, fl.heading, target = best
    if battle.log is not None:
        battle.say(f"  {fl.label} ({fl.count} fighters) moves {battle.hexname(*start)} -> {battle.hexname(fl.q, fl.r)}")
    opt = battle.opt
    if opt is not None and opt.altitudes is not None:  # G.6: climbs or dives
        opt.altitudes.flown(battle, fl, start)
    if opt is not None and opt.elements is not None:  # G: terrain, and minefields (B.15), hex by hex on the way
        for at in flown_hexes(fl, start[0], start[1], h0):
            if battle.mined:
                flight_mines(battle, fl, [at])
            if not fl.alive or not opt.elements.small_entered(fl, [at]):
                return None
        return target
    if battle.mined:  # B.15: minefields entered or passed on the way
        fighter_path_mines(battle, fl, start[0], start[1], h0)
        if not fl.alive:
            return None
    return target


def attack(battle: TableView, fl: FighterFlight, target: ShipState | FighterFlight | SeekerFlight) -> None:
    """5.4: ``fl`` attacks ``target`` in an adjacent hex (none under S.9's storm); a flight with no fighters left
    is gone."""
    if not all(rule.may_attack(fl) for rule in battle.rules_in_force):
        return  # S.9: "No starships or fighter flights may attack"
    if isinstance(target, ShipState):
        attack_ship(battle, fl, target)
    else:
        attack_flight(battle, fl, target)
    if fl.count <= 0:
        fl.alive = False


def attack_ship(battle: TableView, fl: FighterFlight, target: ShipState) -> None:
    """5.4 at a ship: its Dfn weapons in arc fire first (C.5); then the flight's dice (F.3 screens), the ship's
    Anti-Fighter Batteries (B.1) and the hits' impact and damage, applied immediately (a ship destroyed explodes
    at once under E.3)."""
    opt = battle.opt
    rng = battle.rng
    log = battle.log
    rec = DiceRecorder(rng) if log is not None else None
    r = rec if rec is not None else rng
    arc = GEOMETRY[(fl.q - target.q, fl.r - target.r, target.facing)][2]
    mask = GEOMETRY[(fl.q - target.q, fl.r - target.r, target.facing)][1]
    defensive_fire(battle, rng, target, fl, arc, mask, "fighters")  # C.5 Dfn: before the flight attacks
    if fl.count <= 0:
        return
    dice = [int(r.random() * 6) + 1 for _ in range(fl.count * fl.dice_per)]
    pen = opt.flight_penalty(fl, target) if opt is not None else 0  # F.3: "all attacks made through their hex"
    hits = screened_hits(r, dice, fl.hit_ship, pen) if pen else sum(1 for d in dice if d >= fl.hit_ship)
    lost = surviving(r, fl, sum(1 for d in dice if d <= FIGHTER_AFB_KILL)) if target.spec.afb else 0
    shield = target.shield(arc)
    points, tally = small_hits(r, target, hits, arc, in_nebula(battle))  # G.4: even impact rolls
    fl.count -= min(lost, fl.count)
    if battle.obs:
        battle.obs.damage(fl.carrier, "fighters", "fighters", sum(tally.as_tuple()))
    if log is not None and rec is not None:
        log.append(f"    {fl.label} attacks {target.label} ({DEFENSIVE[arc]} shield {shield}"
                   + (f", screen -{pen} (F.3)" if pen else "") + f"): dice {rec.take()} "
                   f"-> {hits} hits, {points} impact; AFB kills {lost}; damage hull {tally.hull}, "
                   f"engines {tally.engine}, weapons {tally.weapon}, shields {tally.shield}")
    if apply_marked_damage(target, log):  # 5.4: immediately
        battle.destroy(target, "destroyed by fighters")
        for rule in battle.rules_in_force:  # E.3: a ship destroyed by a fighter attack explodes immediately
            rule.explosions()


def attack_flight(battle: TableView, fl: FighterFlight, target: FighterFlight | SeekerFlight) -> None:
    """5.4 at a flight: 5-6 kills a target fighter, each 1 kills an attacker (at most as many as the target had);
    at seekers no losses on 1s (C.4). F.3 screens as at a ship."""
    opt = battle.opt
    rng = battle.rng
    rec = DiceRecorder(rng) if battle.log is not None else None
    r = rec if rec is not None else rng
    before = target.count
    dice = [int(r.random() * 6) + 1 for _ in range(fl.count * fl.dice_per)]
    pen = opt.flight_penalty(fl, target) if opt is not None else 0  # F.3, as on a ship
    hits = screened_hits(r, dice, fl.hit_flight, pen) if pen else sum(1 for d in dice if d >= fl.hit_flight)
    killed = min(surviving(r, target, hits), target.count)
    lost = 0 if isinstance(target, SeekerFlight) else surviving(
        r, fl, min(sum(1 for d in dice if d <= FIGHTER_LOSS_ON), before))
    target.count -= killed
    fl.count -= min(lost, fl.count)
    if target.count <= 0:
        target.alive = False
    if battle.log is not None:
        battle.say(f"    {fl.label} attacks {target.label}" + (f" (screen -{pen}, F.3)" if pen else "")
                   + f": dice {dice} -> kills {killed}, loses {lost}")
