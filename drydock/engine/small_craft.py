"""What small craft suffer and deal, below every module that moves them (fighters, seekers, systems, munitions).

- 5.4, B.15: :func:`small_hits`, IMP 1 / DMG 1 hits without modifiers on a ship (fighters: "Each fighter
  ... IMP 1 and DMG 1"; mines: "Starships are hit on any roll of 5 or 6"): impact rolls against the shield,
  screens first (B.18), damage marked at once.
- B.20 Shuttlecraft: "Roll one die per hit scored; on a result of 4+, the shuttle survives. If a shuttle is
  struck by a weapon with IMP>1, the saving throw is modified by -1 per additional point of IMP ... Any
  unmodified saving throw of 6 automatically succeeds." (:func:`surviving`; fighters and seekers have no save).
- B.15 Mines, against flights: "Whenever an element (friendly or otherwise) enters a hex containing or adjacent
  to a minefield, the element is immediately attacked. The number of to-hit dice rolled is equal to the number
  of markers in the minefield. ... fighter flights and detected cloaked ships are hit only on rolls of 6"
  (:func:`flight_mines`, over the hexes :func:`entered_hexes` lists; the start hex is not entered). The
  reading for seekers and the doctrine are in :mod:`~drydock.engine.munitions`.
- G.4 Nebulae: "any even impact roll (p.20) automatically succeeds, regardless of the target's shield rating": the
  impact rolls of fighters, seekers, mines, asteroid fields, explosions and shockwaves too (``even``,
  :func:`in_nebula`).
- F.3 Fighter Screens: "Screening fighter flights force all attacks made through their hex (even friendly
  attacks) to suffer a to-hit penalty": a fighter attack's dice at that penalty, with 4.2's maximum-roll rule
  (:func:`screened_hits`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from drydock.engine.combat import roll_impact_nebula
from drydock.engine.dice import DamageTally, Rng, d6, mount_die_hits, needs_reroll, roll_impact
from drydock.engine.hexgrid import distance
from drydock.engine.ships import ShipState
from drydock.engine.tables import MINE_HIT_SMALL, REROLL_ON, SHUTTLE_SAVE

if TYPE_CHECKING:  # type-only imports: the battle calls these rules as a TableView (docs/architecture.md)
    from drydock.engine.table_view import Flight, TableView


def in_nebula(battle: TableView) -> bool:
    """G.4: whether the battle is fought inside a nebula (its even impact rolls always succeed)."""
    opt = battle.opt
    return opt is not None and opt.nebula


def impact_roll(battle: TableView) -> Callable[[Rng, int, int], int]:
    """The impact roll of ``battle``: G.4's in a nebula (an even die always scores), else 4.3's."""
    return roll_impact_nebula if in_nebula(battle) else roll_impact


def small_hits(r: Rng, target: ShipState, hits: int, arc: int, even: bool = False) -> tuple[int, DamageTally]:
    """IMP 1 / DMG 1 hits without modifiers (fighters 5.4, mines B.15) on ``target``'s ``arc``: impact rolls
    against the shield (``even``: G.4, an even die always scores), screens first (B.18), then damage rolls, marked
    on the ship. (points, tally)."""
    shield = target.shield(arc)
    impact = roll_impact_nebula if even else roll_impact
    points = hits if shield == 0 else sum(impact(r, shield, 0) for _ in range(hits))
    if target.dir_screens is not None:
        used = min(target.dir_screens[arc], points)
        target.dir_screens[arc] -= used
    else:
        used = min(target.screens, points)
        target.screens -= used
    tally = DamageTally()
    rolls = points - used
    target.rules.plain_damage(r, target, rolls, tally)  # its rules: X.2 armor first; the Companion's D3 table
    target.p_hull += tally.hull
    target.p_eng += tally.engine
    target.p_wpn += tally.weapon
    if target.spec.shield_track:
        target.p_shd += tally.shield
    return points, tally


def screened_hits(rng: Rng, dice: list[int], need: int, penalty: int) -> int:
    """F.3: hits of a fighter attack's ``dice`` (each hits on ``need`` or more) at -``penalty``. 4.2: "modifiers may
    create a situation in which a to-hit roll cannot succeed ... re-roll any die that comes up 6 (before
    modifiers) and add 5, along with any other modifiers"; a natural 1 always misses."""
    reroll = needs_reroll(need, -penalty, 1)
    return sum(mount_die_hits(d, need, -penalty, 1, d6(rng) if reroll and d == REROLL_ON else 0) for d in dice)


def surviving(rng: Rng, flight: Flight, hits: int, imp: int = 1) -> int:
    """Hits that take effect on ``flight``: all of them on fighters and seekers (5.4); on a shuttle only those
    whose saving throw fails (B.20: 4+ saves, -1 per IMP above 1, an unmodified 6 always saves)."""
    if hits <= 0 or not getattr(flight, "shuttle", False):
        losses = getattr(flight, "losses", None)  # F.4: heavy fighters save, light ones lose a second
        return hits if losses is None or hits <= 0 else losses(rng, hits, imp)
    lost = 0
    for _ in range(hits):
        roll = d6(rng)
        if roll != 6 and roll - (imp - 1) < SHUTTLE_SAVE:
            lost += 1
    return lost


def entered_hexes(q0: int, r0: int, waypoints: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """Every hex entered along straight runs from (q0, r0) through ``waypoints`` (relative to the start)."""
    out = []
    x, y = 0, 0
    for wx, wy in waypoints:
        n = distance(wx - x, wy - y)
        if n:
            dx, dy = (wx - x) // n, (wy - y) // n
            for _ in range(n):
                x, y = x + dx, y + dy
                out.append((q0 + x, r0 + y))
    return out


def flight_mines(battle: TableView, flight: Flight, hexes: list[tuple[int, int]]) -> None:
    """B.15: a flight entering ``hexes`` (in order) is attacked by every minefield it enters or passes next to;
    dice = markers, 6 hits, each hit destroys one fighter, seeker or (failing its save) shuttle."""
    mined = battle.mined
    for h in hexes:
        dice = mined.get(h, 0)
        if not dice:
            continue
        rolls = [d6(battle.rng) for _ in range(dice)]
        hits = surviving(battle.rng, flight, sum(1 for d in rolls if d >= MINE_HIT_SMALL))
        flight.count -= min(hits, flight.count)
        if battle.log is not None:
            battle.say(f"    {flight.label} enters {battle.hexname(*h)} by a minefield: dice {rolls} -> "
                       f"{flight.count} left")
        if flight.count <= 0:
            flight.alive = False
            return
