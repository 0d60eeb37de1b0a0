"""G.5 Planets, orbiting: resolving ``[n]`` orders against a planet, the orbit orders of the menu, and the
doctrine's choice of an orbit.

G.5: "Whenever a starship is located in a hex adjacent to a planet, and is heading towards another hex adjacent
to the same planet, the ship may initiate an orbit. While in orbit, the ship is moved around the planet, turning
as necessary, but is considered to be moving in a straight line; i.e. one-hexside turns are 'free' for an
orbiting ship, provided the turns are required to maintain the orbit." "'1[6]1(8)' would indicate that the ship
is to move one hex forward (initiating orbit), orbit for six hexes, and then move one hex forward (breaking
orbit)". "A starship is never required to initiate an orbit, and may break orbit at any time. Fighter flights
cannot orbit a planet" (they move by their own rules, not by these orders).

A planet ``(q, r, size)`` covers the hexes within ``size`` of its centre (Terrain), so the hexes adjacent to it
are the ring at ``size + 1``; going round, the ship keeps on that ring, in the sense it was heading when it
initiated the orbit: each orbit hex is straight ahead, or one hexside toward the planet where the ring turns.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from drydock.engine.hazards import END
from drydock.engine.hexgrid import DIRS, distance
from drydock.engine.movement import Orders, execute, orbit_hexes, path_hexes, requirement, trace
from drydock.engine.orders_menu import MAX_SPEED

Planet = tuple[int, int, int]
#: the doctrine's value of one hazard die on the path (drydock.engine.ai's MINE_DIE_VALUE)
HAZARD_DIE_VALUE = 0.3
#: an orbit must score this much better than the doctrine's own choice to replace it
ORBIT_MARGIN = 1e-9
#: orbit hexes the menu tries at most (a size-5 planet's ring has 36 hexes)
MAX_ORBIT = 12
#: orbit menus memoised (by pose and planets: the same few in every turn of a battle)
MENU_MEMO = 4096


def orbit_turns(q: int, r: int, heading: int, n: int, planet: Planet) -> tuple[int, ...] | None:
    """The hexside turn before each of ``n`` orbit hexes from (q, r) heading ``heading`` round ``planet``; None
    when the ship may not initiate an orbit there (not adjacent, or not heading toward another adjacent hex)."""
    cq, cr, size = planet
    ring = size + 1
    if distance(q - cq, r - cr) != ring:
        return None
    h = heading
    out = []
    for k in range(n):
        for t in ((0,) if k == 0 else (0, -1, 1)):  # the first hex: "heading towards another hex adjacent"
            nh = (h + t) % 6
            nq, nr = q + DIRS[nh][0], r + DIRS[nh][1]
            if distance(nq - cq, nr - cr) == ring:
                break
        else:
            return None
        out.append(t)
        q, r, h = nq, nr, nh
    return tuple(out)


def resolve(orders: Orders, q: int, r: int, heading: int, planets: list[Planet] | tuple[Planet, ...]
            ) -> Orders | None:
    """``orders`` with the turns of each orbit step (:attr:`Orders.orbit`) worked out against the planet the ship
    is next to and heading along at that step; the orders themselves when they have no orbit; None when an orbit
    cannot be initiated where it is written (G.5)."""
    if not any(isinstance(s, str) and s.startswith("[") for s in orders.steps):
        return orders
    turns: list[int] = []
    done: list[int | str] = []
    for s in orders.steps:
        n = orbit_hexes(s)
        if n:
            dq, dr, h = _end(Orders(tuple(done), 0, (), None, tuple(turns)), heading)
            got = next((t for p in planets if (t := orbit_turns(q + dq, r + dr, h, n, p)) is not None), None)
            if got is None:
                return None
            turns += got
        done.append(s)
    return Orders(orders.steps, orders.pivot, orders.prefixes, orders.stated_speed, tuple(turns))


def _end(orders: Orders, heading: int) -> tuple[int, int, int]:
    hexes, _, h = trace(orders, heading)
    return (*(hexes[-1] if hexes else (0, 0)), h)


@lru_cache(maxsize=MENU_MEMO)
def orbit_menu(q: int, r: int, heading: int, prev: int, prev_slips: tuple[int, int], rating: int,
               planets: tuple[Planet, ...]) -> tuple[Orders, ...]:
    """Orbit orders ``a[n]b`` (a straight run into the orbit, ``n`` hexes round the planet, a straight run out)
    within ``rating`` (3.2: no turns, so the requirement is the change of speed), resolved (G.5), in a fixed
    order; none when no planet is near. An orbit that turns nowhere is a straight run (the menu has those)."""
    lo, hi = max(1, prev - rating), min(MAX_SPEED, prev + rating)
    out: list[Orders] = []
    for a in range(hi):
        if resolve(Orders(tuple(x for x in (a, "[1]") if x != 0)), q, r, heading, planets) is None:
            continue  # no orbit to initiate after a run of a
        for n in range(1, min(MAX_ORBIT, hi - a) + 1):
            for b in range(hi - a - n + 1):
                if a + n + b < lo:
                    continue
                o = resolve(Orders(tuple(x for x in (a, f"[{n}]", b) if x != 0)), q, r, heading, planets)
                if o is not None and any(o.orbit) and requirement(o, prev, prev_slips) <= rating:  # a turn
                    out.append(o)
    return tuple(out)


def better_orbit(doctrine: Any, ship: Any, enemies: list[Any], orders: Orders, rating: int,
                 planets: list[Planet] | tuple[Planet, ...], legal: Callable[[Orders], bool],
                 avoid: dict[tuple[int, ...], int] | None) -> Orders:
    """The doctrine's orders, or an orbit (:func:`orbit_menu`) its own pose score rates higher (less the hazards
    on the path and at the end, as the doctrine weighs them) and ``legal`` accepts (G.5)."""
    if not enemies or orders.prefixes or not planets:
        return orders
    menu = orbit_menu(ship.q, ship.r, ship.heading, ship.speed, ship.prev_slips, rating, tuple(planets))
    if not menu:
        return orders
    try:
        ctx = doctrine.context(ship, enemies)
        cells = doctrine.cells
    except AttributeError:  # a doctrine without the pose score keeps its own choice
        return orders

    def score(o: Orders) -> float | None:
        q, r, h, f, _ = execute(o, ship.q, ship.r, ship.heading)
        path = [(ship.q + x, ship.r + y) for x, y in path_hexes(o, ship.heading)]
        if any(x not in cells for x in path):
            return None
        v = doctrine.score_pose(ship, ctx, q, r, h, f, o.speed)
        if avoid:
            v -= HAZARD_DIE_VALUE * (sum(avoid.get(x, 0) for x in path) + avoid.get((q, r, END), 0))
        return float(v)

    best, best_score = orders, score(orders)
    for o in menu:
        v = score(o)
        if v is not None and (best_score is None or v > best_score + ORBIT_MARGIN) and legal(o):
            best, best_score = o, v
    return best


__all__ = ["Planet", "better_orbit", "orbit_menu", "orbit_turns", "resolve"]
