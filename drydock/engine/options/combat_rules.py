"""Appendix E combat options: damage control (E.1), directed damage (E.2), explosions (E.3), partial victory
points (E.4), shield reinforcement (E.6). The numbers come from the ruleset's ``play`` table."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.engine.damage import _refresh_equipment, apply_marked_damage, current
from drydock.engine.dice import d6, hits_distribution
from drydock.engine.hexgrid import distance, geometry
from drydock.engine.ships import CompanionState, ShipState
from drydock.engine.small_craft import in_nebula, small_hits
from drydock.engine.table_view import Marker, TableView
from drydock.engine.tables import AFB_MODIFIER, AI_RESULT_VALUE

# ------------------------------------------------------------------ E.1 damage control
_NO_SLAG = {"engine": 0, "weapon": 0, "shield": 0}


def repair_dice(ship: ShipState, hull_per_die: int) -> int:
    """E.1: "one-third the number of remaining hull boxes, rounded up" (7 -> 3)."""
    left = ship.spec.hull - ship.hull_hits
    return -(-left // hull_per_die) if left > 0 else 0


def damage_control(battle: TableView, ship: ShipState, table: dict[str, str], hull_per_die: int) -> list[str]:
    """E.1: roll the repair dice; each 4/5/6 restores one engine/weapons/shield box, one per track per End
    Phase. Returns the tracks restored. Weapons and equipment come back most valuable first (loss limits may
    be contravened); a repaired Slow weapon counts as fired this turn; munitions are not replenished."""
    n = repair_dice(ship, hull_per_die)
    if n == 0:
        return []
    rolls = [d6(battle.rng) for _ in range(n)]
    wanted = {table[str(d)] for d in rolls if str(d) in table}
    done = []
    spec = ship.spec
    cc = ship.cc  # the Captain's Companion: Slag boxes stay crossed (D5.4); D7.3 repairs by the DACs
    slag = cc.slag if cc is not None else _NO_SLAG
    if "engine" in wanted and ship.eng_hits > slag["engine"]:
        ship.eng_hits -= 1
        done.append("engine")
    if "weapon" in wanted and ship.wpn_hits > slag["weapon"]:
        done.append(_repair_weapons(battle, ship, cc))
    if cc is not None and cc.dac is not None and "shield" in wanted and cc.dac.crossed["systems"]:
        done.append(" ".join(cc.dac.repair(ship, "systems")))  # D7.3 (the systems DAC: Unity's shields track)
    if "shield" in wanted and ship.shd_hits > slag["shield"] and spec.shield_track:
        _repair_shields(ship)
        done.append("shields")
    if battle.log is not None:
        battle.say(f"  {ship.label} damage control (E.1): dice {rolls} -> "
                   + (", ".join(done) + " repaired" if done else "nothing repaired"))
    return done


def _repair_weapons(battle: TableView, ship: ShipState, cc: CompanionState | None) -> str:
    """E.1: one weapons box back, and the items it restores (most valuable first; D7.3: by the weapons DAC)."""
    spec = ship.spec
    before = current(spec.weapons_track, ship.wpn_hits)
    ship.wpn_hits -= 1
    gain = current(spec.weapons_track, ship.wpn_hits) - before
    restored = (restore_items(ship, gain, battle.turn) if cc is None or cc.dac is None
                else cc.dac.repair(ship, "weapons"))
    return "weapons" + (f" ({', '.join(restored)})" if restored else "")


def _repair_shields(ship: ShipState) -> None:
    """E.1: one shields box back; B.7: the weakest arc's points back first."""
    spec = ship.spec
    before = current(spec.shield_track, ship.shd_hits)
    ship.shd_hits -= 1
    gain = current(spec.shield_track, ship.shd_hits) - before
    arcs = ship.shield_arcs
    while arcs is not None and spec.shield_arcs is not None and gain > 0:  # B.7: the weakest arc back first
        low = [(v, i) for i, v in enumerate(arcs) if v < spec.shield_arcs[i]]
        if not low:
            break
        arcs[min(low)[1]] += 1
        gain -= 1


def restore_items(ship: ShipState, count: int, turn: int) -> list[str]:
    """Bring back ``count`` lost weapons/equipment items, the most valuable (SU) first (E.1)."""
    spec = ship.spec
    out = []
    for _ in range(count):
        best: tuple[float, int, int] | None = None  # (value, kind 0 bank / 1 equipment, index)
        for i, b in enumerate(spec.banks):
            if ship.bank_alive[i] < b.mounts and (best is None or b.value > best[0]):
                best = (b.value, 0, i)
        for i, (_, v) in enumerate(spec.equipment):
            if not ship.equipment_alive[i] and (best is None or v > best[0]):
                best = (v, 1, i)
        if best is None:
            break
        _, kind, i = best
        if kind:
            ship.equipment_alive[i] = True
            ship.equipment_lost -= 1
            out.append(spec.equipment[i][0])
        else:
            b = spec.banks[i]
            ship.bank_alive[i] += 1
            ship.battery_lost[b.battery] = max(0, ship.battery_lost[b.battery] - 1)
            if b.exp:  # munitions are not replenished: a spent Expendable weapon comes back spent
                ship.bank_spent[i] += 1
            if b.slow:  # E.1: "considered to have been fired in the preceding Combat Phase"
                ship.bank_fired[i] = turn
            out.append(f"{b.battery_name} [{b.entry}]")
    _refresh_equipment(ship)
    return out


# ------------------------------------------------------------------ E.2 directed damage
def directed_choice(mode: Any, mod: int, size: int, table: dict[int, str], to_hit: int, crippled: bool = False
                    ) -> frozenset[int] | None:
    """E.2 doctrine: the damage faces kept (the others re-rolled once), or None not to direct the volley.

    Faces worth less than a fresh die (by the doctrine's result values) are re-rolled; the volley is directed when
    P(hit at mod - 1) x E[value with re-rolls] beats P(hit at mod) x E[value]. "A weapon with the Disruptive trait
    ... may not utilize directed damage." Against a ``crippled`` target (a third of its hull or less left) a hull
    result is worth twice as much: it is the kill the player directs the damage for.
    """
    if mode.dsr:
        return None
    value = {d: AI_RESULT_VALUE[table[d]] * (2 if crippled and table[d] == "hull" else 1) for d in range(1, 7)}
    fresh = Fraction(sum(Fraction(v).limit_denominator(100) for v in value.values()), 6)
    keep = frozenset(d for d, v in value.items() if Fraction(v).limit_denominator(100) >= fresh)
    directed = (sum(Fraction(value[d]).limit_denominator(100) for d in keep) / 6
                + Fraction(6 - len(keep), 6) * fresh)

    def hits(m: int) -> Fraction:
        return sum((k * p for k, p in enumerate(hits_distribution(mode.acc, m, size))), Fraction(0))

    return keep if hits(mod + to_hit) * directed > hits(mod) * fresh else None


# ------------------------------------------------------------------ E.3 explosions
def explode(battle: TableView, ship: ShipState, numbers: dict[str, int]) -> list[ShipState]:
    """E.3: hull-size dice at each element in the same or an adjacent hex (4+ same hex, 5+ adjacent, tiny -1);
    IMP 1 and DMG 1 per hit, applied at once; then a face-down flare in the hex. Returns the ships it destroys
    (whose own explosions follow at once: a chain reaction)."""
    if battle.log is not None:
        battle.say(f"  {ship.label} explodes (E.3): {ship.spec.hull} dice at each element within one hex")
    destroyed = _at_ships(battle, ship, numbers)
    _at_flights(battle, ship, numbers)
    battle.markers.append(Marker("flare", -1, ship.q, ship.r, face_up=False))  # B.9: face down, flips up at 5f
    return destroyed


def _at_ships(battle: TableView, ship: ShipState, numbers: dict[str, int]) -> list[ShipState]:
    """E.3 at the ships within one hex of the exploding ``ship`` (G.6: at its altitude); returns those destroyed."""
    q, r = ship.q, ship.r
    dice = ship.spec.hull
    destroyed = []
    alt = battle.opt.altitudes if battle.opt is not None else None  # G.6: "adjacent" only "at the same altitude"
    for t in battle.alive():
        d = distance(t.q - q, t.r - r)
        if d > 1 or t is ship or t.hidden or (alt is not None and alt.alt[t.uid] != alt.alt[ship.uid]):
            continue
        need = numbers["same_hex"] if d == 0 else numbers["adjacent"]
        rolls = [d6(battle.rng) for _ in range(dice)]
        hits = sum(1 for x in rolls if x >= need)
        arc = geometry(q - t.q, r - t.r, t.facing)[2]
        points, _ = small_hits(battle.rng, t, hits, arc, in_nebula(battle))  # G.4: even impact rolls
        if battle.log is not None:
            battle.say(f"    {t.label}: dice {rolls} -> {hits} hits, {points} impact")
        if hits and apply_marked_damage(t, battle.log):
            battle.destroy(t, "destroyed by an explosion")
            destroyed.append(t)
    return destroyed


def _at_flights(battle: TableView, ship: ShipState, numbers: dict[str, int]) -> None:
    """E.3 at the fighter and seeker flights within one hex (tiny targets: ``numbers["tiny"]`` easier)."""
    q, r = ship.q, ship.r
    dice = ship.spec.hull
    for f in battle.flights:
        if not f.alive or f.count <= 0 or distance(f.q - q, f.r - r) > 1:
            continue
        need = (numbers["same_hex"] if (f.q, f.r) == (q, r) else numbers["adjacent"]) - numbers["tiny"]
        rolls = [d6(battle.rng) for _ in range(dice)]
        hits = min(f.count, sum(1 for x in rolls if x >= need))
        f.count -= hits
        if f.count <= 0:
            f.alive = False
        if battle.log is not None and hits:
            battle.say(f"    {f.label}: dice {rolls} -> {hits} lost")


# ------------------------------------------------------------------ E.4 partial victory points
def partial_share(ship: ShipState, jumped: bool = False) -> int:
    """E.4: the percentage of the ship's VPs the enemy has earned from its hull boxes: 10 at the first box,
    +20 at a third (rounded up), +20 at two thirds (rounded up), +50 when destroyed. A ship that jumps to
    hyperspace counts as having lost two thirds."""
    hull = ship.spec.hull
    lost = ship.hull_hits
    if jumped:
        lost = max(lost, -(-2 * hull // 3))
    share = 0
    if lost >= 1:
        share += 10
    if lost >= -(-hull // 3):
        share += 20
    if lost >= -(-2 * hull // 3):
        share += 20
    if lost >= hull and not jumped:
        share += 50
    return share


def share_vp(cr: int, percent: int) -> int:
    """``percent`` of ``cr`` VPs, halves rounded up (E.4 does not say how a share of, say, CR 188 rounds)."""
    x = Fraction(cr * percent, 100)
    return int(x + Fraction(1, 2))


# ------------------------------------------------------------------ E.6 shield reinforcement
def reinforce_arc(ship: ShipState, enemies: list[tuple[int, int]], max_shield: int) -> int | None:
    """E.6 doctrine: reinforce the defensive arc facing the nearest enemy (positions at the Orders Phase);
    not at shield 0 or 5 (directional: that arc not 5, the opposite not 0)."""
    if not enemies:
        return None
    q, r = min(enemies, key=lambda e: (distance(e[0] - ship.q, e[1] - ship.r), e))
    arc = geometry(q - ship.q, r - ship.r, ship.facing)[2]
    opposite = (3, 2, 1, 0)[arc]
    if ship.shield_arcs is not None:
        ok = ship.shield_arcs[arc] < max_shield and ship.shield_arcs[opposite] > 0
    else:
        s = ship.shield(arc)
        ok = 0 < s < max_shield
    return arc if ok else None


def directed_seekers(battle: TableView, play: Any, directing: bool, ship: ShipState, target: ShipState,
                     mode: Any) -> tuple[int, Any]:
    """E.2 for seekers, declared as they launch ("its use must be stated at the time targets are declared"):
    (the to-hit change of each seeker's die, the re-roll or None), chosen as :func:`directed_choice` chooses for a
    volley, against the seekers' own to-hit (ACC, -1 against Anti-Fighter Batteries, C.4)."""
    if not directing:
        return 0, None
    to_hit = play["directed_damage"]["to_hit"]
    keep = directed_choice(mode, AFB_MODIFIER if target.spec.afb else 0, 1, target.spec.damage_table,
                           to_hit, 3 * target.hull_left <= target.spec.hull)
    if keep is None:
        return 0, None
    battle.say(f"    directed damage (E.2): {ship.label}'s seekers re-roll {sorted(set(range(1, 7)) - keep)}")
    return to_hit, lambda die: die not in keep

__all__ = ["damage_control", "directed_seekers", "explode", "partial_share", "reinforce_arc", "repair_dice",
           "restore_items", "share_vp"]
