"""The doctrine under movement options: when an option changes which orders are legal (D.2 etheric drag,
D.5 freeform turns), the ship's orders are chosen again from the doctrine's menu, filtered by the option's
legality and scored by the doctrine's own pose score (:meth:`~drydock.engine.ai.Doctrine.score_pose`).

A black hole's End Phase pull (G.2) weighs as it does in the doctrine's own choice: an order ending where the pull
draws the ship in, or holds it until it does (:meth:`~drydock.engine.ai.Doctrine.doomed`,
:meth:`~drydock.engine.ai.Doctrine.blocked`), is taken only when every legal order is so doomed (the least doomed
first), so a ship with engines never steers into the horizon under D.2 or D.5 either (issue 45)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drydock.engine.hazards import DEADLY, END
from drydock.engine.movement import Orders, path_hexes
from drydock.engine.orders_menu import candidate_moves
from drydock.engine.ships import ShipState

#: the doctrine's value of one die of a minefield (or asteroid field) on the path (drydock.engine.ai's)
MINE_DIE_VALUE = 0.3
#: G.2: what a doomed pose costs in the score handed back (more than any pose scores: a caller comparing two best
#: orders, D.1's thrust or D.7's roll, never trades a way out of the pull for a better shot)
DOOM_VALUE = 1e6


def rechoose(doctrine: Any, ship: ShipState, enemies: list[ShipState], prev: int, cap: int,
             legal: Callable[[Orders], bool], avoid: dict[tuple[int, ...], int] | None) -> Orders | None:
    """The best-scoring order of the menu within ``cap`` (a superset of the legal ones) that ``legal`` accepts;
    None when there are no enemies or no legal order."""
    best = best_scored(doctrine, ship, enemies, prev, cap, legal, avoid)
    return best[0] if best else None


def best_scored(doctrine: Any, ship: ShipState, enemies: list[ShipState], prev: int, cap: int,
                legal: Callable[[Orders], bool], avoid: dict[tuple[int, ...], int] | None
                ) -> tuple[Orders, float] | None:
    """(orders, the doctrine's score) of the best order :func:`rechoose` would take."""
    if not enemies:
        return None
    try:
        ctx = doctrine.context(ship, enemies)
        cells = doctrine.cells
    except AttributeError:  # a doctrine without the pose score: keep its own choice
        return None
    q0, r0 = ship.q, ship.r
    best: Orders | None = None
    best_score = 0.0
    best_doom = 0
    trapped: dict[tuple, bool] = {}
    for orders, waypoints, dq, dr, h, f, speed in candidate_moves(prev, ship.prev_slips, cap, ship.heading):
        if not legal(orders):
            continue
        if any((q0 + x, r0 + y) not in cells for x, y in waypoints):
            continue
        score = doctrine.score_pose(ship, ctx, q0 + dq, r0 + dr, h, f, speed)
        doom = 0
        if avoid:
            score -= MINE_DIE_VALUE * sum(avoid.get((q0 + x, r0 + y), 0) for x, y in path_hexes(orders, ship.heading))
            end = avoid.get((q0 + dq, r0 + dr, END), 0)  # G.2: the End Phase pull
            score -= MINE_DIE_VALUE * end
            if end:
                doom = _doom(doctrine, avoid, end, ship, enemies, q0 + dq, r0 + dr, h, speed, orders, trapped)
        if best is None or doom < best_doom or (doom == best_doom and score > best_score):
            best, best_score, best_doom = orders, score, doom
    return (best, best_score - DOOM_VALUE * best_doom) if best is not None else None


def _doom(doctrine: Any, avoid: dict[tuple[int, ...], int], end: int, ship: ShipState, enemies: list[ShipState],
          q: int, r: int, h: int, speed: int, orders: Orders, trapped: dict[tuple, bool]) -> int:
    """G.2, as the doctrine's own choice reads it: 2 where the End Phase pull draws the ship in, 1 where it holds the
    ship until it does (or an enemy pulled first pushes it on into the horizon), else 0."""
    if end >= DEADLY:
        return 2
    return int(doctrine.doomed(avoid, q, r, h, speed, orders, ship.engine_rating, trapped)
               or doctrine.blocked(avoid, q, r, enemies))


__all__ = ["best_scored", "rechoose"]
