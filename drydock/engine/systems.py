"""Appendix B systems in play (issue 14), each at the step of the turn sequence (2.4) where it acts.

- B.5 Cloaking device: "C/" orders. At the start of the Movement Phase each cloaked ship rolls for
  detection: detected if the die (-1 if it was detected the turn before) is below the number of
  consecutive turns cloaked (no risk the first turn). A cloaked ship may not attack, fire boosters, warm
  up its hyperdrive, lay mines, board or use tractor beams; undetected it cannot be attacked by ships or
  fighters, and the enemy plans against its cloak marker (where it cloaked); detected it may be attacked
  at -1 to hit, never by seekers. Seekers targeting a ship that cloaks are removed. Doctrine: cloak when
  the exchange of fire at the end of the move is not in its favour (own expected fire <= the doctrine's
  threat weight x the enemy's).
- B.10 Hyperdrive: a ship warming up ("H/" orders: straight ahead only, no boosters) rolls a die at
  Movement Phase step 2b and adds it to a running total; at 10 or more it enters hyperspace: removed,
  counting as destroyed, the opponent scoring half its VPs rounded up. An engine hit since the last roll,
  or a turn without warm-up, resets the total. Doctrine: warm up once the hull is down to the doctrine's
  ``jump_hull`` share, and keep at it.
- B.14 Marines: with the ship's attacks, at one enemy ship within 5 hexes (no arc limit), at most
  ``MARINE_SQUADS`` squads by hull size; per squad a die (natural 1 fails; countermeasures apply, fire
  control cancels them) must beat the range, then a re-roll must beat the target's shield in the arc
  facing the boarders: one boarding party lands (the squad is checked off). The defender sacrifices a
  squad per party as it lands; then two screens per party if the party would take the ship. End Phase:
  parties >= unchecked hull boxes -> captured (counts as destroyed). Doctrine: board only a ship that
  this phase's squads could take (B.14 Shipboard Combat: ``ShipboardCombat.boarding_chance``).
- B.24 Tractor beams: with the ship's attacks, each beam attacks a different fighter or seeker flight in
  an adjacent hex, 5-6 kills one (marked, End Phase); in the Fighter Phase a beam not yet used this turn
  fires at an attacking flight before it attacks, 6 kills one. Each beam once per game turn.
- B.23 Stutterdrive: End Phase, move up to ceil(ER/2) hexes (speed and heading unchanged), not ending in
  an occupied hex; a die per hex moved, each 1 scatters the ship one hex in a random direction (1 = its
  heading, 2-6 the other hexsides clockwise). Doctrine: jump to the best-scoring hex if it beats staying
  by ``STUTTER_GAIN`` per hex moved, keeping the scatter distance from the edge.
- B.15 Mines: End Phase, markers into an adjacent hex not holding an enemy ship (one hex's markers = a
  minefield). A ship entering a hex containing or adjacent to a minefield is attacked at once with one die
  per marker: 5-6 hits, no modifiers, IMP 1, DMG 1, on its forward arc (stealth no effect). Doctrine: lay
  them all once an enemy ship is within ``MINE_LAY_RANGE``, in the adjacent hex nearest to where that enemy
  will be; every doctrine avoids paths next to minefields. Flights and seekers entering minefields, cloaked
  ships and minesweeping: :mod:`~drydock.engine.munitions`.
- B.9 Flares and B.17 Probes: launched with the ship's attacks at a hex within 10: a die of 1 is a dud,
  2-4 puts the marker face down in a random adjacent hex (direction die from the launcher's heading), 5-6 in
  the chosen hex; face-down markers flip
  up in the End Phase, face-up ones are removed then (so a marker acts in the turn after its launch). A
  line of sight through hexes with face-up flares (both ends included) is -1 per flare (fire control may
  cancel it like any -1), 4 or more block the attack. A face-up probe gives the ship that launched it +1
  to hit targets within 3 hexes of it, and the ship may trace its line of sight via the probe ("from itself
  to any face-up probe marker it launched, and then from that marker to the target ... to circumvent
  intervening obstructions such as B.9: Flares"; the probe's own hex counts once). Doctrine: one probe a
  turn at the nearest enemy's next position (as if it goes on straight); one flare a turn, when outgunned
  (as for the cloak), on the middle of the line between the two ships' next positions. Probes as weapons
  and the bonus for seekers: :mod:`~drydock.engine.munitions`.
- B.16 Overthrusters: after all ships moved (2c-iv), a die of 4-6 lets the ship turn one hexside port or
  starboard for the Combat Phase (turned back in the End Phase with the pivots). Doctrine: the facing
  whose fire scores best.
- B.19 Shockwave: :mod:`~drydock.engine.shockwave`.
- B.21 Solar sails: see :attr:`ShipState.engine_rating`; the wind direction is rolled before play.
- C.5 Proximity (Prx): see :mod:`drydock.engine.proximity`.
"""

from __future__ import annotations

import copy
from typing import Any

from drydock.engine.damage import apply_marked_damage
from drydock.engine.dice import d6, roll_hits
from drydock.engine.equipment import working
from drydock.engine.hexgrid import DIRS, FWD, GEOMETRY, decompose, distance, hex_line, on_board
from drydock.engine.movement import Orders, path_hexes
from drydock.engine.ships import ShipState
from drydock.engine.small_craft import in_nebula, small_hits, surviving
from drydock.engine.table_view import Boarding, Flight, Marker, Probe, Spot, TableView
from drydock.engine.tables import (
    HYPERSPACE_AT,
    MARINE_RANGE,
    MARINE_SQUADS,
    MARKER_RANGE,
    MINE_HIT,
    MINE_HIT_SMALL,
    MINE_LAY_RANGE,
    OVERTHRUST_ON,
    PROBE_REACH,
    STUTTER_GAIN,
    TRACTOR_DEFENCE_HIT,
    TRACTOR_HIT,
)


# ------------------------------------------------------------------ B.5 cloaking device
def cloak_rolls(battle: TableView, plans: list) -> None:
    """Orders Phase decision and Movement Phase step 2a: cloak, uncloak and detection rolls."""
    for s, orders, _ in plans:
        if not s.spec.cloak or not s.alive:
            continue
        was_detected = s.detected
        if "C" not in orders.prefixes:
            if s.cloaked:
                if battle.log is not None:
                    battle.say(f"  {s.label} uncloaks")
            s.cloaked = s.detected = False
            s.cloak_turns = 0
            s.marker = None
            continue
        if not s.cloaked:
            s.cloak_turns = 0
            s.marker = copy.copy(s)
            battle.flights = [f for f in battle.flights if getattr(f, "target", None) is not s]  # seekers removed
        s.cloaked = True
        s.cloak_turns += 1
        roll = d6(battle.rng)
        s.detected = roll - (1 if was_detected else 0) < s.cloak_turns
        if battle.log is not None:
            battle.say(f"  {s.label} cloaked ({s.cloak_turns} turns): detection roll {roll} -> "
                       f"{'detected' if s.detected else 'hidden'}")


def seen(ship: ShipState) -> ShipState:
    """What the enemy's doctrine plans against: the ship, or the marker of a hidden cloaked ship."""
    return ship.marker if ship.hidden and ship.marker is not None else ship


# ------------------------------------------------------------------ B.10 hyperdrive
def hyperdrive_rolls(battle: TableView) -> None:
    """Movement Phase step 2b: warm-up rolls; ships reaching 10 enter hyperspace."""
    for s in battle.alive():
        if not s.spec.hyperdrive:
            continue
        if not s.warming or not working(s, "Hyperdrive"):  # glossary: equipment works only while operational
            s.hyper_total = 0
            continue
        if s.eng_hits != s.hyper_eng:  # an engine hit since the last roll resets the total
            s.hyper_total = 0
        s.hyper_eng = s.eng_hits
        roll = d6(battle.rng)
        s.hyper_total += roll
        if battle.log is not None:
            battle.say(f"  {s.label} hyperdrive warm-up: rolls {roll}, total {s.hyper_total}")
        if s.hyper_total >= HYPERSPACE_AT:
            s.jumped = True
            battle.destroy(s, "enters hyperspace (B.10)", vp=-(-s.spec.cr // 2))


# ------------------------------------------------------------------ B.14 marines
def marine_squads(hull: int) -> int:
    """B.14: squads a ship may send in one Combat Phase, by hull size."""
    for top, n in MARINE_SQUADS:
        if hull <= top:
            return n
    return MARINE_SQUADS[-1][1]


def span(battle: TableView, a: ShipState, b: Any, hexes: int) -> int:
    """The range from ship ``a`` to element ``b`` at ``hexes`` hexes: in three dimensions (G.6) the range between
    altitudes, "the sum of the distance in hexes and the difference in altitude or twice the difference in
    altitude, whichever is greater"; else ``hexes``."""
    opt = battle.opt
    return hexes if opt is None or opt.altitudes is None else opt.altitudes.range(hexes, a, b)


def _shipboard(battle: TableView | None) -> Boarding | None:
    """B.14 Shipboard Combat as an optional rule in force says boarding reads it (the doctrine's ``battle``: None)."""
    for rule in battle.rules_in_force if battle is not None else ():
        found = rule.boarding()
        if found is not None:
            return found
    return None


def boarding_target(ship: ShipState, enemies: list[ShipState], battle: TableView | None = None) -> ShipState | None:
    """The enemy ship within reach that this phase's squads could take (fewest parties still needed); the range is
    :func:`span`'s with ``battle``."""
    squads = min(ship.marines_left, marine_squads(ship.spec.hull))
    shipboard = _shipboard(battle)
    best = None
    for e in enemies:
        if not e.alive or e.hidden:  # B.5: a cloaked ship cannot be boarded unless detected
            continue
        dist = distance(e.q - ship.q, e.r - ship.r)
        dist = span(battle, ship, e, dist) if battle is not None else dist
        need = e.hull_left - e.boarders + e.marines_left
        key: tuple = (need, dist, e.uid)
        if shipboard is not None and dist <= MARINE_RANGE:  # B.14 Shipboard Combat: the parties stay and fight
            with_me = [ship] if battle is None else [a for a in battle.alive(ship.side) if a is ship or (
                a.marines_left > 0 and not a.cloaked
                and span(battle, a, e, distance(e.q - a.q, e.r - a.r)) <= MARINE_RANGE)]
            chance = shipboard.boarding_chance(sum(min(a.marines_left, marine_squads(a.spec.hull)) for a in with_me),
                                               sum(a.marines_left for a in with_me), e.hull_left, e.boarders,
                                               e.marines_left)
            key = (-(chance or 0), e.hull_left - e.boarders, dist, e.uid)
            need = 0 if chance is not None else squads + 1  # worth it, or not
        if dist > MARINE_RANGE or squads < need:
            continue
        if best is None or key < best[0]:
            best = (key, e)
    return best[1] if best else None


def board(battle: TableView, ship: ShipState, enemies: list[ShipState]) -> None:
    """B.14: send marines at the best boarding target, if any."""
    if ship.marines_left <= 0:
        return
    target = boarding_target(ship, enemies, battle)
    if target is None:
        return
    rng = battle.rng
    shipboard = _shipboard(battle)
    dist, _, arc = GEOMETRY[(ship.q - target.q, ship.r - target.r, target.facing)] if (
        (ship.q, ship.r) != (target.q, target.r)) else (0, 0, 0)
    dist = span(battle, ship, target, dist)  # G.6: "a die that exceeds the range" between altitudes
    shield = target.shield(arc)
    neg = target.cm - ship.fc  # B.6 countermeasures, B.8 fire control cancels them
    mod = (-neg if neg > 0 else 0) - (1 if target.cloaked else 0)  # B.5: a detected cloaked ship at -1 to hit
    squads = min(ship.marines_left, marine_squads(ship.spec.hull))
    landed = 0
    for _ in range(squads):
        # B.14: a die > range; an unmodified 1 fails; 4.2's maximum-roll rule re-rolls a 6 that cannot succeed
        if not roll_hits(rng, dist + 1, mod):
            continue
        if d6(rng) <= shield:
            continue
        ship.marines_left -= 1
        landed += 1
        if target.marines_left > 0 and shipboard is None:  # the defender sacrifices a squad per party
            target.marines_left -= 1
        elif (target.boarders + 1 >= target.hull_left and target.dir_screens is None and target.screens >= 2
              and target.marines_left == 0):
            target.screens -= 2  # two screens stop a party that would take the ship
        else:
            target.boarders += 1
    if battle.log is not None:
        battle.say(f"    {ship.label} sends {squads} marine squads at {target.label} (range {dist}, shield {shield}): "
                   f"{landed} land; {target.boarders} boarding parties aboard")


def captures(battle: TableView) -> None:
    """B.14 End Phase: boarding parties >= unchecked hull boxes -> the ship is captured (with Shipboard Combat,
    "Only after all defending marine squads have been removed")."""
    shipboard = _shipboard(battle)
    for s in battle.alive():
        if s.boarders and s.boarders >= s.hull_left and (shipboard is None or s.marines_left == 0):
            s.captured = True
            battle.destroy(s, "captured by boarders (B.14)")


# ------------------------------------------------------------------ B.24 tractor beams
def _beams_free(ship: ShipState, turn: int) -> int:
    if ship.beams_turn != turn:
        ship.beams_turn, ship.beams_used = turn, 0
    return working(ship, "Tractor Beam") - ship.beams_used  # lost beams do not fire (glossary 0.2)


def tractor_attacks(battle: TableView, ship: ShipState, flights: list) -> None:
    """B.24, Combat Phase: each free beam at a different adjacent flight; 5-6 kills one (End Phase)."""
    free = _beams_free(ship, battle.turn)
    if free <= 0:
        return
    near = [f for f in flights if f.alive and f.count - f.kills > 0
            and span(battle, ship, f, distance(f.q - ship.q, f.r - ship.r)) <= 1]  # G.6: adjacent at one altitude
    near.sort(key=lambda f: (-f.worth(ship), f.uid))
    for f in near[:free]:
        ship.beams_used += 1
        roll = d6(battle.rng)
        if roll >= TRACTOR_HIT:
            f.kills += surviving(battle.rng, f, 1)  # B.20: a shuttle saves (IMP not given: 1)
        if battle.log is not None:
            battle.say(f"    {ship.label} tractor beam at {f.label}: {roll} -> "
                       f"{'kill' if roll >= TRACTOR_HIT else 'miss'}")


def tractor_defence(battle: TableView, ship: ShipState, flight: Flight) -> None:
    """B.24, Fighter Phase: a free beam fires at an attacking flight before it attacks; 6 kills one."""
    if flight.count <= 0 or _beams_free(ship, battle.turn) <= 0:
        return
    ship.beams_used += 1
    roll = d6(battle.rng)
    if roll >= TRACTOR_DEFENCE_HIT:
        flight.count -= surviving(battle.rng, flight, 1)
    if battle.log is not None:
        battle.say(f"    {ship.label} tractor beam defence vs {flight.label}: {roll} -> {flight.count} left")


# ------------------------------------------------------------------ B.23 stutterdrive
def _rings(reach: int, heading: int) -> list[tuple[int, int, int]]:
    """(distance, dq, dr) of every hex within ``reach``, ring by ring, each ring clockwise from ``heading``."""
    out = []
    for n in range(1, reach + 1):
        for k in range(6):
            d1, d2 = DIRS[(heading + k) % 6], DIRS[(heading + k + 2) % 6]
            for j in range(n):
                out.append((n, d1[0] * n + d2[0] * j, d1[1] * n + d2[1] * j))
    return out


def stutter(battle: TableView, ship: ShipState) -> None:
    """B.23, End Phase: the doctrine's stutterdrive jump, with scatter on 1s."""
    stutter_move(battle, ship, stutter_target(battle, ship))


def stutter_target(battle: TableView, ship: ShipState) -> tuple[int, int, int] | None:
    """The doctrine's stutterdrive destination (q, r, hexes) from the positions at the start of step 5e, or None.
    Every ship decides before any moves, so neither side reacts to the other's jump."""
    reach = -(-ship.engine_rating // 2)
    enemies = [seen(e) for e in battle.alive(1 - ship.side)]
    if reach <= 0 or not enemies:
        return None
    m = battle.m
    doctrine = m.doctrine
    occupied = {(s.q, s.r) for s in battle.alive() if s is not ship}
    ctx = doctrine.context(ship, enemies)
    h = ship.heading
    stay = doctrine.score_pose(ship, ctx, ship.q, ship.r, h, h, ship.speed)
    best = None
    for n, dq, dr in _rings(reach, h):  # in an order relative to the heading: mirrored ships choose alike
        q, r = ship.q + dq, ship.r + dr
        if (q, r) in occupied or (q, r) not in doctrine.cells:
            continue
        if not m.floating and min(doctrine.run[(q, r, d)] for d in range(6)) < n:
            continue  # keep the worst scatter (one hex per die) on the board
        gain = doctrine.score_pose(ship, ctx, q, r, h, h, ship.speed) - stay - STUTTER_GAIN * n
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, q, r, n)
    return None if best is None else best[1:]


def stutter_move(battle: TableView, ship: ShipState, target: tuple[int, int, int] | None) -> None:
    """B.23: jump to ``target`` (q, r, hexes); a die per hex, each 1 scatters the ship one hex."""
    if target is None or not ship.alive:
        return
    m = battle.m
    q, r, n = target
    start = battle.hexname(ship.q, ship.r)
    ship.q, ship.r = q, r
    dice = [d6(battle.rng) for _ in range(n)]
    ones = dice.count(1)
    text = f"  {ship.label} stutterdrive {start} -> {battle.hexname(q, r)}: dice {dice}"
    if ones:
        d = (ship.heading + d6(battle.rng) - 1) % 6
        ship.q += DIRS[d][0] * ones
        ship.r += DIRS[d][1] * ones
        text += f"; scatters {ones} to {battle.hexname(ship.q, ship.r)}"
    if battle.log is not None:
        battle.say(text)
    if not m.floating and not on_board(ship.q, ship.r, *m.board):
        ship.left_board = True
        battle.destroy(ship, "left the board")
    elif battle.mined.get((ship.q, ship.r)) and not ship.hidden:
        # B.23: "If the ship reappears within a minefield ... it is 'attacked' as if it had moved into the hex."
        mine_attack(battle, ship, ship.q, ship.r)


# ------------------------------------------------------------------ B.15 mines
def refresh_mines(battle: TableView) -> None:
    """Hex -> dice of the minefields it contains or touches (B.15)."""
    mined: dict[tuple[int, int], int] = {}
    for (q, r), markers in battle.minefields.items():
        for dq, dr in ((0, 0),) + DIRS:
            key = (q + dq, r + dr)
            mined[key] = mined.get(key, 0) + markers
    battle.mined = mined


def lay_mines(battle: TableView, ship: ShipState) -> None:
    """B.15, End Phase step 5g: the doctrine lays all its mines in one adjacent hex."""
    enemies = [seen(e) for e in battle.alive(1 - ship.side)]
    if ship.mines_left <= 0 or not enemies:
        return
    e = min(enemies, key=lambda x: (distance(x.q - ship.q, x.r - ship.r), x.uid))
    if distance(e.q - ship.q, e.r - ship.r) > MINE_LAY_RANGE:
        return
    eq, er = e.q + DIRS[e.heading][0] * e.speed, e.r + DIRS[e.heading][1] * e.speed
    taken = {(s.q, s.r) for s in battle.alive(1 - ship.side)}  # the rule: no hex holding an enemy ship
    cells = battle.m.doctrine.cells
    spots = [(ship.q + DIRS[(ship.heading + k) % 6][0], ship.r + DIRS[(ship.heading + k) % 6][1]) for k in range(6)]
    spots = [p for p in spots if p not in taken and p in cells]
    if not spots:
        return
    spot = min(spots, key=lambda p: distance(eq - p[0], er - p[1]))  # first of the nearest, from the heading
    battle.minefields[spot] = battle.minefields.get(spot, 0) + ship.mines_left
    battle.mine_layers[spot] = ship.side
    if battle.log is not None:
        battle.say(f"  {ship.label} lays {ship.mines_left} mines at {battle.hexname(*spot)}")
    ship.mines_left = 0
    refresh_mines(battle)


def mine_attacks(battle: TableView, ship: ShipState, orders: Orders, q0: int, r0: int, heading: int) -> None:
    """B.15: each hex entered next to (or in) a minefield: one die per marker, 5-6 hits, applied at once."""

    if ship.hidden:  # B.5: a cloaked ship ignores minefields unless detected
        return
    mined = battle.mined
    for x, y in path_hexes(orders, heading):
        if mined.get((q0 + x, r0 + y), 0) and ship.alive:
            mine_attack(battle, ship, q0 + x, r0 + y)


def mine_attack(battle: TableView, ship: ShipState, q: int, r: int) -> None:
    """B.15: the attack on ``ship`` entering hex (q, r) in or next to minefields: a die per marker."""
    hit_on = MINE_HIT_SMALL if ship.cloaked else MINE_HIT  # B.15: a detected cloaked ship only on 6
    rolls = [d6(battle.rng) for _ in range(battle.mined.get((q, r), 0))]
    hits = sum(1 for d in rolls if d >= hit_on)
    points, tally = small_hits(battle.rng, ship, hits, FWD, in_nebula(battle))  # G.4: even impact rolls
    if battle.log is not None:
        battle.say(f"    {ship.label} enters {battle.hexname(q, r)} by a minefield: dice {rolls} -> "
                   f"{hits} hits, {points} impact")
    if apply_marked_damage(ship, battle.log):
        battle.destroy(ship, "destroyed by mines")


# ------------------------------------------------------------------ B.9 flares, B.17 probes
def _next_pos(s: ShipState) -> tuple[int, int]:
    return s.q + DIRS[s.heading][0] * s.speed, s.r + DIRS[s.heading][1] * s.speed


def _place(battle: TableView, ship: ShipState, kind: str, q: int, r: int) -> None:
    """Placement roll (B.9, B.17): 1 dud, 2-4 a random adjacent hex, 5-6 the chosen hex; face down."""
    roll = d6(battle.rng)
    if roll == 1:
        where = None
    elif roll <= 4:  # the direction die counts from the launcher's heading (1 = ahead), as for scatter (B.23)
        d = DIRS[(ship.heading + d6(battle.rng) - 1) % 6]
        where = (q + d[0], r + d[1])
    else:
        where = (q, r)
    if where is not None:
        battle.markers.append(Marker(kind, ship.uid, where[0], where[1], face_up=False))
    if battle.log is not None:
        battle.say(f"    {ship.label} launches a {kind} at {battle.hexname(q, r)}: {roll} -> "
                   + ("dud" if where is None else f"face down at {battle.hexname(*where)}"))


def launch_markers(battle: TableView, ship: ShipState, enemies: list[ShipState]) -> None:
    """Combat Phase step 4c: the doctrine's probe and flare launches."""
    live = [e for e in enemies if e.alive and not e.hidden]
    if not live:
        return
    e = min(live, key=lambda x: (distance(x.q - ship.q, x.r - ship.r), x.uid))
    eq, er = _next_pos(e)
    if ship.probes_left and distance(eq - ship.q, er - ship.r) <= MARKER_RANGE:
        ship.probes_left -= 1
        _place(battle, ship, "probe", eq, er)
    if ship.flares_left and battle.m.doctrine.outgunned(ship, None, live):
        mq, mr = _next_pos(ship)
        n = distance(eq - mq, er - mr)
        half = [p for p in hex_line(mq, mr, eq, er)
                if distance(p[0] - mq, p[1] - mr) == n // 2 and distance(eq - p[0], er - p[1]) == n - n // 2]
        # the middle of the line (on a hexside: the first clockwise from the heading, so mirrors agree)
        q, r = min(half, key=lambda p: (0, 0, 0) if p == (mq, mr) else decompose(p[0] - mq, p[1] - mr, ship.heading))
        if distance(q - ship.q, r - ship.r) <= MARKER_RANGE:
            ship.flares_left -= 1
            _place(battle, ship, "flare", q, r)


def flip_markers(battle: TableView) -> None:
    """End Phase step 5f: remove face-up markers, flip face-down ones up."""
    battle.markers = [m._replace(face_up=True) for m in battle.markers if not m.face_up]
    battle.flares_up = {}
    battle.probes_up = []
    for m in battle.markers:
        if m.kind == "flare":
            battle.flares_up[(m.q, m.r)] = battle.flares_up.get((m.q, m.r), 0) + 1
        else:
            battle.probes_up.append(Probe(m.owner, m.q, m.r))


def sight(battle: TableView, ship: ShipState, target: Spot
          ) -> tuple[int, int]:
    """(flares in the line of sight, probe bonus) of ``ship`` firing at ``target`` (B.9, B.17). 4.1: the line of
    sight "never passes through the attacker's hex": a flare there does not count."""
    flares = 0
    if battle.flares_up:
        up = battle.flares_up
        own = (ship.q, ship.r)
        flares = sum(up.get(h, 0) for h in hex_line(ship.q, ship.r, target.q, target.r) if h != own)
        for uid, q, r in battle.probes_up if flares else ():  # B.17: a line of sight via one's own probe
            if uid == ship.uid:
                via = (sum(up.get(h, 0) for h in hex_line(ship.q, ship.r, q, r) if h != own)
                       + sum(up.get(h, 0) for h in hex_line(q, r, target.q, target.r)) - up.get((q, r), 0))
                flares = min(flares, via)
    bonus = 0
    for uid, q, r in battle.probes_up:
        if uid == ship.uid and distance(target.q - q, target.r - r) <= PROBE_REACH:
            bonus = 1
            break
    return flares, bonus


# ------------------------------------------------------------------ B.21 solar sails
def solar_wind(battle: TableView) -> None:
    """B.21: the wind direction, fixed at random before play (only rolled when a ship has sails)."""
    if any(s.spec.sails for s in battle.ships):
        wind = d6(battle.rng) - 1
        for s in battle.ships:
            if s.spec.sails:
                s.wind = wind
        if battle.log is not None:
            battle.say(f"solar wind blows toward direction {wind} (B.21)")


# ------------------------------------------------------------------ B.16 overthrusters
def overthrust(battle: TableView, ship: ShipState) -> None:
    """B.16, after movement: on 4-6 the ship may turn one hexside for the Combat Phase."""
    f = overthrust_facing(battle, ship)
    if f is not None:
        ship.facing = f


def overthrust_facing(battle: TableView, ship: ShipState) -> int | None:
    """B.16: the overthruster roll and the doctrine's facing (None: no turn). Every ship decides before any
    turns, so neither side reacts to the other's."""
    enemies = [seen(e) for e in battle.alive(1 - ship.side)]
    if not enemies:
        return None
    roll = d6(battle.rng)
    if roll < OVERTHRUST_ON:
        if battle.log is not None:
            battle.say(f"  {ship.label} overthrusters: {roll}, no turn")
        return None
    doctrine = battle.m.doctrine
    ctx = doctrine.context(ship, enemies, predict=False)
    options = []
    for k in (0, -1, 1):
        f = (ship.facing + k) % 6
        options.append((doctrine.score_pose(ship, ctx, ship.q, ship.r, ship.heading, f, ship.speed), -abs(k), f))
    facing = max(options)[2]
    if battle.log is not None:
        battle.say(f"  {ship.label} overthrusters: {roll}, now facing {facing}")
    return facing
