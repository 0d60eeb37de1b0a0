"""The End Phase: marked damage takes effect (4.5), weapon/equipment losses within loss limits (4.4).

Loss policy (the owner's free choice within 4.4): each lost box goes to the battery (or the
equipment "battery") whose cheapest remaining item is worth least - spent Expendable weapons first,
then by SU per mount/item - never taking a battery past its loss limit until every battery has
reached its limit (play.md open question 5: afterwards the same cheapest-first choice, unrestricted).
Directional shields (B.7): the owner lowers the weakest non-zero arc first, keeping strong arcs.
"""

from __future__ import annotations

from collections.abc import Sequence

from drydock.core.marked import Marked
from drydock.engine.ships import ShipSpec, ShipState
from drydock.errors import DrydockError


def current(track: tuple[int, ...], hits: int) -> int:
    """First unchecked box of a track after ``hits`` boxes are checked (1.2)."""
    return track[hits] if hits < len(track) else 0


def _cheapest(ship: ShipState, battery: int) -> tuple[float, int] | None:
    """(value, index) of the cheapest remaining item of ``battery`` (-1 = equipment)."""
    spec = ship.spec
    best: tuple[float, int] | None = None
    if battery < 0:
        for i, alive in enumerate(ship.equipment_alive):
            if alive:
                v = spec.equipment[i][1]
                if best is None or v < best[0]:
                    best = (v, i)
        return best
    for i, b in enumerate(spec.banks):
        if b.battery != battery or ship.bank_alive[i] <= 0:
            continue
        v = 0.0 if ship.bank_spent[i] > 0 else b.value
        if best is None or v < best[0] or (v == best[0] and ship.bank_alive[i] > ship.bank_alive[best[1]]):
            best = (v, i)
    return best


def _cheapest_all(ship: ShipState, groups: list[int]) -> list[tuple[int, tuple[float, int]]]:
    """(group, :func:`_cheapest` of it) for each group of ``groups`` with an item left, in that order: one pass
    over the banks (the same choices as asking each battery in turn)."""
    best: dict[int, tuple[float, int]] = {}
    alive, spent = ship.bank_alive, ship.bank_spent
    for i, b in enumerate(ship.spec.banks):
        n = alive[i]
        if n <= 0:
            continue
        v = 0.0 if spent[i] > 0 else b.value
        cur = best.get(b.battery)
        if cur is None or v < cur[0] or (v == cur[0] and n > alive[cur[1]]):
            best[b.battery] = (v, i)
    out = []
    for g in groups:
        c = _cheapest(ship, g) if g < 0 else best.get(g)
        if c is not None:
            out.append((g, c))
    return out


def lose_items(ship: ShipState, count: int, log: list[str] | None = None) -> None:
    """Fill in ``count`` weapon/equipment boxes by the loss policy (4.4)."""
    spec = ship.spec
    groups = list(range(spec.battery_count)) + ([-1] if spec.equipment else [])

    def lost(g: int) -> int:
        return ship.equipment_lost if g < 0 else ship.battery_lost[g]

    def limit(g: int) -> int:
        return spec.equipment_limit if g < 0 else spec.battery_limits[g]

    for _ in range(count):
        options = _cheapest_all(ship, groups)
        if not options:
            break
        all_at_limit = all(lost(g) >= limit(g) for g, _ in options)
        allowed = options if all_at_limit else [(g, c) for g, c in options if lost(g) < limit(g)]
        g, (value, idx) = min(allowed, key=lambda gc: (gc[1][0], gc[0]))
        if g < 0:
            ship.equipment_alive[idx] = False
            ship.equipment_lost += 1
            name = spec.equipment[idx][0]
        else:
            if ship.bank_spent[idx] > 0:
                ship.bank_spent[idx] -= 1
            ship.bank_alive[idx] -= 1
            ship.battery_lost[g] += 1
            name = f"{spec.banks[idx].battery_name} [{spec.banks[idx].entry}]"
        if log is not None:
            log.append(f"    {ship.label} loses {name}")
    _refresh_equipment(ship)


def _refresh_equipment(ship: ShipState) -> None:
    counts: dict[str, int] = {}
    for (name, _), alive in zip(ship.spec.equipment, ship.equipment_alive, strict=True):
        if alive:
            counts[name] = counts.get(name, 0) + 1
    ship.cm = counts.get("Countermeasures", 0)
    ship.fc = counts.get("Fire Control", 0)
    ship.lrs = counts.get("Long Range Sensors", 0) > 0
    ship.stealth = counts.get("Stealth", 0)


def mark_weapons(ship: ShipState) -> int:
    """4.5: the weapon boxes marked this turn are checked; returns how far the weapons rating fell (the items to
    lose, :func:`lose_items`)."""
    if not ship.p_wpn:
        return 0
    track = ship.spec.weapons_track
    before = current(track, ship.wpn_hits)
    ship.wpn_hits = min(len(track), ship.wpn_hits + ship.p_wpn)
    return before - current(track, ship.wpn_hits)


def mark_shields(ship: ShipState) -> None:
    """4.5: the shield boxes marked this turn are checked; each shield point lost lowers the weakest arc first
    (B.7 directional shields)."""
    spec = ship.spec
    before = current(spec.shield_track, ship.shd_hits)
    ship.shd_hits = min(len(spec.shield_track), ship.shd_hits + ship.p_shd)
    drop = before - current(spec.shield_track, ship.shd_hits)
    arcs = ship.shield_arcs
    while arcs is not None and drop > 0 and any(arcs):
        i = min((v, i) for i, v in enumerate(arcs) if v > 0)[1]
        arcs[i] -= 1
        drop -= 1


def apply_marked_damage(ship: ShipState, log: list[str] | None = None) -> bool:
    """4.5: marked damage takes effect by the ship's rules (:meth:`drydock.engine.ship_rules.UnityRules.apply`, or a
    variant's: the Companion's "@" boxes, Slag and DACs, Appendix X's cards and Nova ships). Returns True if the
    ship is destroyed (hull track full)."""
    return ship.rules.apply(ship, log)


def check_damage(sides: tuple[Sequence[ShipSpec], Sequence[ShipSpec]],
                 damage: tuple[Sequence[Marked | None], Sequence[Marked | None]],
                 ) -> tuple[tuple[Marked | None, ...], ...]:
    """The damage each ship starts a battle with (one entry per ship of each side, None: undamaged), refused
    past a track's boxes, for a legacy (X.1, X.2) or Captain's Companion ship, or when the counts differ."""
    out = []
    for side, (specs, marks) in enumerate(zip(sides, damage, strict=True)):
        if len(marks) != len(specs):
            raise DrydockError(f"side {'AB'[side]}: damage for {len(marks)} ships, but the side has {len(specs)}")
        for spec, mark in zip(specs, marks, strict=True):
            if mark is None or not mark.any:
                continue
            if spec.legacy is not None or spec.companion is not None:
                raise DrydockError(f"{spec.name}: a ship starts damaged under the Unity rules only (not an "
                                   "Admiralty card, a Nova record or the Captain's Companion)")
            mark.check({"hull": spec.hull, "engines": len(spec.engine_track), "shields": len(spec.shield_track),
                        "weapons": len(spec.weapons_track)}, spec.name)
        out.append(tuple(marks))
    return tuple(out)


def start_damaged(ship: ShipState, mark: Marked) -> list[str]:
    """The ship with ``mark``'s boxes checked before the battle, as 4.5 would have left it: the tracks marked,
    the weapons and equipment lost by the loss policy (4.4), directional shields lowered weakest arc first.
    Returns the log lines saying so."""
    ship.p_hull, ship.p_eng, ship.p_wpn, ship.p_shd = mark.hull, mark.engines, mark.weapons, mark.shields
    lines: list[str] = []
    apply_marked_damage(ship, lines)
    return [f"{ship.label} starts damaged: {mark.text()}"] + [line.strip() for line in lines[1:]]
