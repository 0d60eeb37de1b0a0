"""B.19 Shockwave in play (issue 14), with the ship's attacks (4c).

4 x the ship's current shield rating hits (directional shields: the sum of the four arcs) spread as evenly as
possible over every element and minefield within 3 hexes (friend and foe), leftovers to the nearest first (enemies
first at equal range), none more than ceil(hits / 3); automatic hits, IMP 1, DMG 1 (marked, End Phase), a hit on a
flight kills one, a hit on a minefield removes one marker (at once, as minesweeping). Doctrine: trigger when the
enemy elements and enemy-laid minefields within reach outnumber the friendly ones. Not while cloaked. Line of sight
(flares) is not checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drydock.engine.hexgrid import FWD, GEOMETRY, decompose, distance
from drydock.engine.ships import ShipState
from drydock.engine.small_craft import in_nebula, small_hits, surviving
from drydock.engine.systems import refresh_mines, span
from drydock.engine.tables import SHOCKWAVE_REACH

if TYPE_CHECKING:  # type-only imports: the battle calls these rules as a TableView (docs/architecture.md)
    from drydock.engine.table_view import TableView


def fire(battle: TableView, ship: ShipState) -> None:
    """B.19, with the ship's attacks (doctrine: when enemy elements nearby outnumber friendly ones).

    "These hits are then assigned as evenly as possible to all elements (friendly or otherwise) and/or
    minefields (B.15: Mines, p.34) within three hexes ... Any leftover hit(s) may be assigned as desired by the
    attacking player, in ascending order of range." and "No target may be assigned more than one-third of the
    available hits (rounded up)". A minefield takes its share like an element; as in minesweeping (B.15: "Each
    hit scored on a minefield removes one mine marker; there is no need for impact or damage rolls") each hit
    removes one marker. Leftovers go to the nearest targets first; at equal range the attacker prefers enemy
    elements and enemy-laid minefields, then its own side's. The doctrine counts enemy-laid minefields with the
    enemy and its own side's with its friends."""
    power = sum(ship.shield(a) for a in range(4)) if ship.shield_arcs is not None else 4 * ship.shield(0)
    near = elements_in_reach(battle, ship) + minefields_in_reach(battle, ship)
    enemies = sum(1 for t in near if t[1] == 0)
    if power <= 0 or not near or enemies <= len(near) - enemies:
        return
    near.sort(key=lambda t: t[:4])
    cap = -(-power // 3)
    share, extra = divmod(power, len(near))
    swept = False
    for i, (*_, e) in enumerate(near):
        hits = min(cap, share + (1 if i < extra else 0))
        if not hits:
            continue
        if isinstance(e, tuple):
            sweep(battle, ship, e, hits)
            swept = True
        else:
            hit(battle, ship, e, hits)
    if swept:
        refresh_mines(battle)


def elements_in_reach(battle: TableView, ship: ShipState) -> list[tuple]:
    """The elements (ships and flights, friend or foe) within reach of ``ship``'s shockwave, each as its sort key
    (range, 0 for an enemy, 0, (uid,)) followed by the element (G.6: range between altitudes)."""
    near: list[tuple] = []
    for e in list(battle.alive()) + [f for f in battle.flights if f.alive and f.count - f.kills > 0]:
        if e is ship or getattr(e, "hidden", False):  # B.5: a hidden cloaked ship "may not be attacked"
            continue
        d = span(battle, ship, e, distance(e.q - ship.q, e.r - ship.r))  # G.6 (flights: at the ship's altitude)
        if d <= SHOCKWAVE_REACH:
            near.append((d, 0 if e.side != ship.side else 1, 0, (e.uid,), e))
    return near


def minefields_in_reach(battle: TableView, ship: ShipState) -> list[tuple]:
    """The minefields (B.15) within reach of ``ship``'s shockwave, each as its sort key (range, 0 if the enemy
    laid it, 1, where it lies from the ship) followed by its hex."""
    near: list[tuple] = []
    for (q, r), markers in battle.minefields.items():
        d = distance(q - ship.q, r - ship.r)
        if markers > 0 and d <= SHOCKWAVE_REACH:
            own = 1 if battle.mine_layers.get((q, r), ship.side) == ship.side else 0
            where = decompose(q - ship.q, r - ship.r, ship.facing) if d else (-1, 0, 0)  # relative: mirror-exact
            near.append((d, own, 1, where, (q, r)))
    return near


def sweep(battle: TableView, ship: ShipState, field: tuple[int, int], hits: int) -> None:
    """``hits`` on the minefield in ``field``: as in minesweeping (B.15) each removes one marker."""
    left = battle.minefields[field]
    removed = min(hits, left)
    if removed == left:
        del battle.minefields[field]
        battle.mine_layers.pop(field, None)
    else:
        battle.minefields[field] = left - removed
    if battle.log is not None:
        battle.say(f"    {ship.label} shockwave: {hits} hits on the minefield at {battle.hexname(*field)}"
                   f" -> {removed} markers removed")


def hit(battle: TableView, ship: ShipState, e: Any, hits: int) -> None:
    """``hits`` on the element ``e``: on a ship, small hits (IMP 1, DMG 1) on the shield facing ``ship`` (G.4: even
    impact rolls in a nebula); on a flight, one fighter or seeker per hit that takes effect (B.20 shuttles save)."""
    if isinstance(e, ShipState):
        arc = GEOMETRY[(ship.q - e.q, ship.r - e.r, e.facing)][2] if (ship.q, ship.r) != (e.q, e.r) else FWD
        small_hits(battle.rng, e, hits, arc, in_nebula(battle))
    else:
        e.kills += surviving(battle.rng, e, hits)
    if battle.log is not None:
        battle.say(f"    {ship.label} shockwave: {hits} hits on {e.label}")
