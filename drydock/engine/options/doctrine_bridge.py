"""The doctrine under movement options: when an option changes which orders are legal (D.2 etheric drag,
D.5 freeform turns), the ship's orders are chosen again from the doctrine's menu, filtered by the option's
legality and scored by the doctrine's own pose score (:meth:`~drydock.engine.ai.Doctrine.score_pose`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drydock.engine.hazards import END
from drydock.engine.movement import Orders, path_hexes
from drydock.engine.orders_menu import candidate_moves
from drydock.engine.ships import ShipState

#: the doctrine's value of one die of a minefield (or asteroid field) on the path (drydock.engine.ai's)
MINE_DIE_VALUE = 0.3


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
    for orders, waypoints, dq, dr, h, f, speed in candidate_moves(prev, ship.prev_slips, cap, ship.heading):
        if not legal(orders):
            continue
        if any((q0 + x, r0 + y) not in cells for x, y in waypoints):
            continue
        score = doctrine.score_pose(ship, ctx, q0 + dq, r0 + dr, h, f, speed)
        if avoid:
            score -= MINE_DIE_VALUE * sum(avoid.get((q0 + x, r0 + y), 0) for x, y in path_hexes(orders, ship.heading))
            score -= MINE_DIE_VALUE * avoid.get((q0 + dq, r0 + dr, END), 0)  # G.2: the End Phase pull
        if best is None or score > best_score:
            best, best_score = orders, score
    return (best, best_score) if best is not None else None


__all__ = ["best_scored", "rechoose"]
