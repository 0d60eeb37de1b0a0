"""Seeking weapons (C.4): launch, movement in the Fighter Phase, attack, and seekers as targets.

- Launch (Combat Phase step 4c): target in the bank's arc, no range limit; seekers = mounts x ROF,
  in flights of at most 6 (split as evenly as possible), placed in the firing ship's hex heading
  toward the target (the first of the closest-approach directions clockwise from the ship's facing).
- Movement (Fighter Phase; flights activate alternately as in 5.2): the cost per forward hex is fixed
  at activation from the target's position in the seeker's arcs ([A]/[B] 1, [C]/[D] 2, [E]/[F] 3; on
  a boundary the lower); a seeker moves forward while that reduces the range, else turns one hexside
  toward the target (free, even with too little MA left to move); it stops when it cannot pay.
- Attack on entering the target hex: the target's Defensive weapons in arc (judged from the vacated
  hex) fire first (medium range, tiny target, C.5 Dfn); then one die per seeker, hit on ACC+ (-1 if
  the target has Anti-Fighter Batteries), impact and damage applied immediately (5.4).
- Ships shoot at flights as tiny targets (-1, Acr 0, Inc/NPr -2); each hit kills one seeker; kills
  are marked and take effect in the End Phase like all weapons fire (4.5).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from drydock.engine import tables
from drydock.engine.combat import DiceRecorder, Reroll, damage_value, impact_shield, to_hit_modifier
from drydock.engine.damage import apply_marked_damage
from drydock.engine.dice import hits_distribution, impact_probability, roll_hits
from drydock.engine.hexgrid import ARC_BIT, DEFENSIVE, DIRS, GEOMETRY, distance
from drydock.engine.ships import ModeSpec, ShipState
from drydock.engine.small_craft import flight_mines, impact_roll, surviving
from drydock.engine.systems import tractor_defence
from drydock.engine.tables import AFB_MODIFIER, FLIGHT_SIZE, PROBE_REACH, SEEKER_HEX_COST, TINY, TINY_INC_NPR

if TYPE_CHECKING:  # type-only imports: the battle calls these rules as a TableView (docs/architecture.md)
    from drydock.engine.table_view import FightersView, Flight, TableView


class SeekerFlight:
    __slots__ = ("uid", "side", "target", "q", "r", "heading", "count", "mode", "label", "kills", "alive", "owner",
                 "aim", "reroll")

    def __init__(self, uid: int, side: int, target: ShipState, q: int, r: int, heading: int, count: int,
                 mode: ModeSpec, label: str, owner: int = -1, aim: int = 0, reroll: Reroll = None) -> None:
        self.owner = owner  # uid of the firing ship (its probes help the seekers, B.17)
        self.uid = uid
        self.side = side
        self.target = target
        self.q, self.r, self.heading = q, r, heading
        self.count = count
        self.mode = mode
        self.label = label
        self.kills = 0  # marked by ships' fire, applied in the End Phase
        self.alive = True
        #: E.2 directed damage, declared at launch: each seeker's to-hit change (-1) and the damage faces it re-rolls
        #: once (None: not directed; OptionState.directed_seekers)
        self.aim = aim
        self.reroll = reroll

    def worth(self, defender: ShipState) -> float:
        """Expected damage value of one of these seekers against its target (AI)."""
        t = self.target.spec
        s = t.shield_arcs and round(sum(t.shield_arcs) / 4) or (t.shield_track[0] if t.shield_track else 0)
        return seeker_expected(self.mode, s, t.afb, t.ionized)


def split_flights(n: int) -> list[int]:
    """C.4: more than 6 seekers are split as evenly as possible (9 -> 5 + 4)."""
    k = -(-n // FLIGHT_SIZE)
    return [n // k + (1 if i < n % k else 0) for i in range(k)] if n else []


def heading_toward(q: int, r: int, tq: int, tr: int, start: int) -> int:
    """The direction whose first step most reduces the range (first clockwise from ``start`` on ties)."""
    best = None
    for k in range(6):
        d = (start + k) % 6
        dist = distance(tq - q - DIRS[d][0], tr - r - DIRS[d][1])
        if best is None or dist < best[0]:
            best = (dist, d)
    assert best is not None
    return best[1]


def hex_cost(flight: SeekerFlight) -> int:
    """C.4: MA per forward hex, fixed at activation (on a boundary the lower cost)."""
    t = flight.target
    mask = GEOMETRY[(t.q - flight.q, t.r - flight.r, flight.heading)][1]
    for letters, cost in SEEKER_HEX_COST:
        if mask & (ARC_BIT[letters[0]] | ARC_BIT[letters[1]]):
            return cost
    return SEEKER_HEX_COST[-1][1]


def tiny_modifier(mode: ModeSpec) -> int:
    if "Acr" in mode.traits:
        return 0
    return TINY_INC_NPR if (mode.inc or mode.npr) else TINY


def shots_at_flight(rng: random.Random, mode: ModeSpec, weapons: int, size: int, band: int, fire_control: int,
                    medium: bool = False, penalty: int = 0) -> tuple[int, list[int]]:
    """Hits scored on a flight (each kills one seeker). ``medium``: Dfn fire, no range modifier (C.5);
    ``penalty``: further -1s fire control may cancel (a flight next to a Proximity volley's target hex, C.5)."""
    rm = 0 if medium else mode.range_mods[band]
    tiny = tiny_modifier(mode)
    pos = rm if rm > 0 else 0
    neg = (-rm if rm < 0 else 0) - tiny + penalty
    neg = neg - fire_control if neg > fire_control else 0
    mod = pos - neg
    hits = 0
    per: list[int] = []
    for _ in range(weapons):
        dice = int(rng.random() * 6) + 1 if mode.vlt else mode.rof
        for _ in range(dice):
            h = roll_hits(rng, mode.acc, mod, size)
            per.append(h)
            hits += h
    return hits, per


def defensive_fire(battle: TableView, rng: random.Random, target: ShipState, flight: Flight,
                   arc: int, mask: int, noun: str) -> None:
    """C.5 Defensive: each ready Dfn bank of ``target`` whose arcs cover the attacker fires at ``flight``
    before it attacks (medium range, once per game turn); ``arc`` is the defensive arc and ``mask`` the
    component arcs the attacker is in."""
    for i, b in enumerate(target.spec.banks):
        if not b.dfn or battle.turn == target.bank_dfn[i] or not b.modes or flight.count <= 0:
            continue
        n = target.bank_alive[i] - target.bank_spent[i]
        if n <= 0 or not (b.def_mask >> arc & 1 or b.mask & mask):
            continue
        opt = battle.opt  # F.3: a screen in the flight's hex penalises "all attacks" through it
        pen = opt.flight_penalty(target, flight) if opt is not None else 0
        if pen >= tables.FLARES_BLOCK:  # G: terrain blocks the line of sight (4.1)
            continue
        target.bank_dfn[i] = battle.turn
        hits, per = shots_at_flight(rng, b.modes[0], n, b.size, 1, target.fc, medium=True, penalty=pen)
        hits = surviving(rng, flight, hits, b.modes[0].imp_by_band[1])  # B.20: shuttles save
        flight.count -= min(hits, flight.count)
        if battle.log is not None:
            battle.say(f"    {target.label} defensive fire {b.battery_name} [{b.entry}]: hits {per} -> "
                       f"{flight.count} {noun} left")
    if target.spec.tractor_beams:  # B.24: a free beam fires before the flight attacks

        tractor_defence(battle, target, flight)


def activate(battle: TableView, flight: SeekerFlight) -> None:
    """Move one flight (C.4) and attack if it reaches its target."""
    t = flight.target
    log = battle.log
    if not t.alive:
        flight.alive = False
        if battle.log is not None:
            battle.say(f"  {flight.label}: target gone, removed")
        return
    cost = hex_cost(flight)
    start = (flight.q, flight.r)
    opt = battle.opt
    alt = opt.altitudes if opt is not None else None  # G.6
    ma = alt.seeker_climb(battle, flight, flight.mode.long, cost) if alt is not None else flight.mode.long
    prev = fly(battle, flight, ma, cost)
    if prev is None:
        return
    if log is not None:
        log.append(f"  {flight.label} ({flight.count} seekers, {cost} MA/hex) moves {battle.hexname(*start)} -> "
                   f"{battle.hexname(flight.q, flight.r)} heading {flight.heading}")
    if (flight.q, flight.r) == (t.q, t.r) and (alt is None or alt.same(flight, t)):  # G.6: at its altitude
        attack(battle, flight, prev)


def fly(battle: TableView, flight: SeekerFlight, ma: int, cost: int) -> tuple[int, int] | None:
    """C.4 movement with ``ma`` at ``cost`` a hex: forward while that closes on the target, else turn one hexside
    towards it (at most three turns in a row). Returns the hex vacated last, or None when the flight was stopped
    on the way (:func:`entered`)."""
    t = flight.target
    opt = battle.opt
    patrols = opt.fighters if opt is not None and opt.fighters is not None and opt.fighters.csp else None
    prev = (flight.q, flight.r)
    turns = 0
    while (flight.q, flight.r) != (t.q, t.r):
        now = distance(t.q - flight.q, t.r - flight.r)
        dq, dr = DIRS[flight.heading]
        if distance(t.q - flight.q - dq, t.r - flight.r - dr) < now:
            if ma < cost:
                break
            prev = (flight.q, flight.r)
            flight.q += dq
            flight.r += dr
            ma -= cost
            turns = 0
            if not entered(battle, flight, patrols):
                return None
        else:
            mask = GEOMETRY[(t.q - flight.q, t.r - flight.r, flight.heading)][1]
            starboard = mask & (ARC_BIT["B"] | ARC_BIT["D"] | ARC_BIT["F"])
            flight.heading = (flight.heading + (1 if starboard else -1)) % 6
            turns += 1
            if ma < cost or turns > 3:
                break
    return prev


def entered(battle: TableView, flight: SeekerFlight, patrols: FightersView | None) -> bool:
    """What the flight meets in the hex it has just entered, as fighters do (C.4): minefields (B.15), terrain (G)
    and fighters on combat space patrol (F.1). False when that stopped it."""
    here = (flight.q, flight.r)
    if battle.mined and here in battle.mined:  # B.15: as fighters (C.4)
        flight_mines(battle, flight, [here])
        if not flight.alive:
            return False
    opt = battle.opt
    if opt is not None and opt.elements is not None and not opt.elements.small_entered(
            flight, [here]):  # G: terrain entered, as fighters (C.4)
        return False
    return not (patrols is not None and patrols.on_station and not patrols.seeker_entered(flight))  # F.1


def attack(battle: TableView, flight: SeekerFlight, vacated: tuple[int, int]) -> None:
    """C.4 / 5.4: defensive fire, then the seekers' dice; damage applies immediately."""
    t = flight.target
    rng = battle.rng
    log = battle.log
    arc = GEOMETRY[(vacated[0] - t.q, vacated[1] - t.r, t.facing)][2] if vacated != (t.q, t.r) else 0
    # Dfn weapons of the target in arc fire first, once per game turn
    geo = GEOMETRY.get((vacated[0] - t.q, vacated[1] - t.r, t.facing))
    defensive_fire(battle, rng, t, flight, arc, geo[1] if geo else 0, "seekers")
    if flight.count <= 0:
        flight.alive = False
        return
    mode = flight.mode
    rec = DiceRecorder(rng) if log is not None else None
    r = rec if rec is not None else rng
    mod = (AFB_MODIFIER if t.spec.afb else 0) + (seeker_probe_bonus(battle, flight) if battle.probes_up else 0) \
        + flight.aim  # E.2: -1 when directing damage
    hits = sum(roll_hits(r, mode.acc, mod, 1) for _ in range(flight.count))
    shield = impact_shield(mode, t.shield(arc))
    impact = impact_roll(battle)  # G.4: in a nebula "any even impact roll ... automatically succeeds"
    # the target's rules: impact, then the one damage step of every attack (screens B.18, armor X.2, its damage
    # table, E.2's re-roll when the seekers were launched directing damage, B.14's marine sacrifice)
    points, tally, saved = t.rules.seeker_damage(r, t, mode, hits, arc, impact, flight.reroll)
    if log is not None and rec is not None:
        log.append(f"    {flight.label} attacks {t.label} ({DEFENSIVE[arc]} shield {shield}): dice {rec.take()} "
                   f"-> {hits} hits, {points} impact, damage hull {tally.hull}+{tally.casualties}, "
                   f"engines {tally.engine}, weapons {tally.weapon}, shields {tally.shield}"
                   + (f"; {saved} marine squad(s) sacrificed to cancel as many casualties (B.14)" if saved else ""))
    flight.alive = False
    if battle.obs:
        battle.obs.seeker_damage(flight.uid, sum(tally.as_tuple()))
    if apply_marked_damage(t, log):  # 5.4: immediately
        battle.destroy(t, "destroyed by seekers")


def seeker_expected(mode: ModeSpec, shield: int, afb: bool, ionized: bool) -> float:
    """AI: expected damage value of one seeker against ``shield``."""
    p_hit = float(hits_distribution(mode.acc, AFB_MODIFIER if afb else 0, 1)[1])
    s = impact_shield(mode, shield)
    imp = mode.imp_by_band[1]
    per_hit = imp if s == 0 else imp * float(impact_probability(s, mode.imp_mod))
    return p_hit * per_hit * mode.dmg * damage_value(mode.cts, mode.inc, mode.knt, mode.dly, mode.dsr, ionized)



def seeker_probe_bonus(battle: TableView, flight: SeekerFlight) -> int:
    """+1 when a face-up probe of the ship that fired ``flight`` lies within 3 hexes of its target (B.17)."""
    t = flight.target
    for uid, q, r in battle.probes_up:
        if uid == flight.owner and distance(t.q - q, t.r - r) <= PROBE_REACH:
            return 1
    return 0


__all__ = ["SeekerFlight", "activate", "attack", "defensive_fire", "heading_toward", "hex_cost", "seeker_expected",
           "seeker_probe_bonus", "shots_at_flight", "split_flights", "to_hit_modifier"]
