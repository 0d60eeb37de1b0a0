"""Munitions and small craft in play beyond :mod:`~drydock.engine.systems` (issue 14), with the rule text.

- B.15 Mines, against flights: "Whenever an element (friendly or otherwise) enters a hex containing or adjacent
  to a minefield, the element is immediately attacked. The number of to-hit dice rolled is equal to the number of
  markers in the minefield. Starships are hit on any roll of 5 or 6; fighter flights and detected cloaked ships
  are hit only on rolls of 6; no modifiers (p.20) apply." Each hit on a flight destroys one fighter (5.4:
  "Each hit scored on a fighter flight automatically destroys one fighter"). Seeker flights are attacked the
  same way: C.4 says "Rules that apply to fighters also apply to seekers, unless explicitly noted otherwise",
  and nothing notes an exception for minefields. Every hex a flight enters along its path counts (the start
  hex does not: it is not entered). Doctrine: of equally good fighter moves (same target and value, or the
  same distance to the nearest enemy ship when closing) a flight takes the one whose path rolls the fewest
  minefield dice (any minefield: they attack friend and foe), else the first in move order
  (:func:`~drydock.engine.fighters.mine_aware_choice`). Seekers have no such choice: C.4 makes them "move forward
  unless moving forward would not reduce the range to the target; then [turn] one hexside toward the target".
- B.15 Minesweeping: "Minefields are considered tiny targets; i.e. there is a -1 to-hit penalty unless the
  attacking weapon has the Accurate trait. Each hit scored on a minefield removes one mine marker; there is no
  need for impact or damage rolls." Markers are removed at once (nothing in between depends on the timing).
  Doctrine: a bank with no ship or flight to fire at this turn sweeps the enemy-laid minefield within its reach
  that lies nearest, if it lies within the ship's next move (speed + engine rating + 1 hexes).
- B.17 Probes as weapons: "A ship may only attack a single target with probes in each Combat Phase. Probe
  attacks can be made in any direction; i.e. there are no firing arc restrictions. Probes have RNG 1-3-6, and
  are ACC 4+. The ROF, IMP, and DMG values are each 1." Range, countermeasures, fire control, flares and stealth
  apply as to any starship attack. Doctrine ("in a pinch"): a ship with no working weapon left fires all its
  probes at the nearest enemy ship within 6 hexes.
- B.17 Probes and seekers: "a starship may apply a +1 to-hit bonus to its attacks if there is a face-up probe
  marker it launched within three hexes of the target. C.4: Seeking Weapons may claim this bonus if there is a
  face-up probe marker within three hexes at the time they impact their target." Read as the probe of the ship
  that fired the seekers ("this bonus" is the one the sentence before grants for a probe "it launched"; the
  rules reference, weapons.md section 6, reads it the same way), judged when the flight enters the target hex.
- B.20 Shuttlecraft (with option F.5 only: "This system requires the use of F.5: Launch & Recovery"): single-
  fighter flights with MA 4 instead of 8, launched in the End Phase like fighters ("launched during the End
  Phase, according to the rules for F.5"), not while cloaked. Each counts as one flight against the launch
  maximum (F.5 counts a recovered shuttle as one "flight" for the recovery limit; the launch limit is read the
  same way); the doctrine launches fighters first. "Roll one die per hit scored; on a result of 4+, the shuttle
  survives. If a shuttle is struck by a weapon with IMP>1, the saving throw is modified by -1 per additional
  point of IMP ... Any unmodified saving throw of 6 automatically succeeds." Every other rule for fighters
  applies (5.3, 5.4): a shuttle attacks with one die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.core.model import WeaponMode
from drydock.engine.combat import effective_range, expected_hits_per_weapon, fire_volley
from drydock.engine.dice import d6
from drydock.engine.hexgrid import distance, geometry
from drydock.engine.seekers import shots_at_flight
from drydock.engine.ships import BankSpec, ModeSpec, ShipState
from drydock.engine.systems import refresh_mines, sight
from drydock.engine.table_view import Declaration
from drydock.engine.tables import FLARES_BLOCK, PROBE_WEAPON_STATS
from drydock.engine.targeting import tiny_mod

if TYPE_CHECKING:  # type-only imports: the battle calls these rules as a TableView (docs/architecture.md)
    from drydock.engine.table_view import TableView

#: B.17: a probe fired as a weapon
PROBE_WEAPON = ModeSpec(WeaponMode(**PROBE_WEAPON_STATS))




# ------------------------------------------------------------------ B.15 minesweeping
class Minefield:
    """A minefield as a target (B.15 minesweeping): the markers in one hex."""

    __slots__ = ("q", "r", "label")

    def __init__(self, q: int, r: int, label: str) -> None:
        self.q, self.r, self.label = q, r, label


def sweep_declarations(battle: TableView, ship: ShipState, decl: list[Declaration]) -> list[Declaration]:
    """Doctrine: (bank, Minefield, mode, band) for each idle bank that can sweep the nearest enemy-laid minefield
    within the ship's next move (B.15)."""
    fields = enemy_minefields(battle, ship)
    if not fields:
        return []
    busy = {d.bank for d in decl}
    out = []
    for i, b in enumerate(ship.spec.banks):
        if i in busy or not may_sweep(battle, ship, i, b):
            continue
        for dist, q, r in fields:
            _, mask, my_arc = geometry(q - ship.q, r - ship.r, ship.facing)
            if dist == 0 or not (b.mask & mask or b.def_mask >> my_arc & 1):
                continue
            best = sweep_mode(ship, b, effective_range(ship, dist))
            if best is not None:
                out.append(Declaration(i, Minefield(q, r, f"minefield at {battle.hexname(q, r)}"), best[1], best[2]))
                break
    return out


def enemy_minefields(battle: TableView, ship: ShipState) -> list[tuple[int, int, int]]:
    """(range, q, r) of each minefield laid by the enemy that ``ship`` could reach in its next move (speed + engine
    rating + 1), nearest first (B.15)."""
    reach = ship.speed + ship.engine_rating + 1
    fields = sorted((distance(q - ship.q, r - ship.r), q, r) for (q, r), side in battle.mine_layers.items()
                    if side != ship.side and battle.minefields.get((q, r)))
    return [f for f in fields if f[0] <= reach]


def may_sweep(battle: TableView, ship: ShipState, i: int, b: BankSpec) -> bool:
    """Whether bank ``i`` may fire at a minefield this turn: mounts left, a direct-fire mode, not expendable, not
    reloading (C.5 Slow) nor a Dfn bank that fired in this turn's Fighter Phase (C.5)."""
    n = ship.bank_alive[i] - ship.bank_spent[i]
    if n <= 0 or not b.modes or b.exp or (b.slow and battle.turn - ship.bank_fired[i] <= b.slow):
        return False
    return not (b.dfn and ship.bank_dfn[i] == battle.turn)


def sweep_mode(ship: ShipState, b: BankSpec, deff: int) -> tuple[float, int, int] | None:
    """(expected hits a mount, mode index, band) of bank ``b``'s best mode at a minefield (a tiny target, 4.2) at
    effective range ``deff``; None if no mode reaches or hits."""
    best = None
    for mi, m in enumerate(b.modes):
        band = m.band(deff)
        if band >= 0:
            v = expected_hits_per_weapon(m.acc, tiny_mod(m, band, ship.fc), b.size, m.rof, m.vlt, m.rpt)
            if v > 0 and (best is None or v > best[0]):
                best = (v, mi, band)
    return best


def sweep(battle: TableView, ship: ShipState, field: Minefield, mode: ModeSpec, n: int, size: int, band: int,
          what: str) -> None:
    """B.15: a volley at a minefield (tiny target); each hit removes one marker."""
    key = (field.q, field.r)
    opt = battle.opt  # G.1, G.3: starship weapons fired through terrain (4.1: through the minefield's hex)
    pen = opt.elements.sight(ship, field) if opt is not None and opt.elements is not None else 0
    if pen >= FLARES_BLOCK:
        return
    hits, per = shots_at_flight(battle.rng, mode, n, size, band, ship.fc, penalty=pen)
    left = battle.minefields.get(key, 0)
    removed = min(hits, left)
    if removed:
        if removed == left:
            del battle.minefields[key]
            battle.mine_layers.pop(key, None)
        else:
            battle.minefields[key] = left - removed
        refresh_mines(battle)
    if battle.log is not None:
        battle.say(f"    {what}: {n}x at a minefield (tiny): hits {per} -> {removed} markers removed")


# ------------------------------------------------------------------ B.17 probes as weapons
def probe_attack(battle: TableView, ship: ShipState, enemies: list[ShipState]) -> bool:
    """Doctrine "in a pinch": with no working weapon left, fire every probe at the nearest enemy ship in range
    (any arc). True if probes were fired."""
    if not ship.probes_left or any(a - s > 0 for a, s in zip(ship.bank_alive, ship.bank_spent, strict=True)):
        return False
    live = [(distance(e.q - ship.q, e.r - ship.r), e.uid, e) for e in enemies if e.alive and not e.hidden]
    live = [t for t in live if 0 < t[0] <= PROBE_WEAPON.bands[2]]
    if not live:
        return False
    dist, _, target = min(live)
    n = ship.probes_left
    ship.probes_left = 0
    if target.stealth:  # B.22: the lock-on roll, before rolling to hit
        dice = [d6(battle.rng) for _ in range(target.stealth)]
        if battle.log is not None:
            battle.say(f"    stealth lock-on vs {target.label}: {dice} -> {'fail' if 1 in dice else 'ok'}")
        if 1 in dice:
            return True
    penalty, bonus = sight(battle, ship, target) if battle.markers else (0, 0)
    what = f"{n} probes as weapons -> {target.label}" if battle.log is not None else ""
    if penalty >= FLARES_BLOCK:  # B.9: four flares block the attack
        return True
    fire_volley(battle.rng, ship, target, PROBE_WEAPON, n, 1, PROBE_WEAPON.band(dist), battle.log, what,
                penalty, bonus)
    return True


__all__ = ["PROBE_WEAPON", "Minefield", "probe_attack", "sweep", "sweep_declarations"]
