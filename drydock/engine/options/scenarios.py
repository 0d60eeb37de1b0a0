"""Appendix S scenarios: the pure pieces their rule classes use (the prototype, the shakedown and storm tables, S.1's
victory, the way to an exit edge, S.11's halves). Side A is the attacker, side B the defender (swap the files to swap
the roles); symmetric scenarios (S.4, S.5, S.9, S.10) treat both alike. Each scenario is a class in its own module
(:mod:`~drydock.engine.options.scenario_rule`, registered in :data:`~drydock.engine.options.registry.RULES`)."""

from __future__ import annotations

from typing import Any

from drydock.engine.dice import d6
from drydock.engine.hexgrid import to_offset
from drydock.engine.movement import execute
from drydock.engine.orders_menu import candidate_moves
from drydock.engine.ships import ShipSpec

ATTACKER, DEFENDER = 0, 1


def prototype(sides: tuple[list[ShipSpec], list[ShipSpec]]) -> int:
    """S.8: the index among side A's ships of the one with the highest CR (a tie: the first, the owner's
    choice)."""
    crs = [s.cr for s in sides[ATTACKER]]
    return crs.index(max(crs))


#: S.8: "Roll 1 2 3-4 5 6": (to-hit modifier, engine rating change)
SHAKEDOWN = {1: (-1, 0), 2: (-1, -1), 3: (0, 0), 4: (0, 0), 5: (1, 0), 6: (1, 1)}

#: S.9: "Roll 1 2 3-4 5 6": the spatial disruption of the next game turn.
STORMS = {1: "headings", 2: "no turns", 3: None, 4: None, 5: "murk", 6: "no attacks"}


def storm(rng: Any) -> tuple[int, str | None]:
    roll = d6(rng)
    return roll, STORMS[roll]


def alone_in_the_dark(start_cr: int, left_cr: int, defender_left: bool, attacker_left: bool,
                      numbers: dict[str, Any]) -> tuple[bool, int | None, str]:
    """S.1 victory: played until one side has no elements; >= 80% of the attacker's CR left is a major, >= 40% a
    minor attacker's victory, less a minor defender's victory; a major one if the attackers are all gone."""
    if defender_left and attacker_left:
        return False, None, ""
    if not attacker_left:
        return True, DEFENDER, "major victory for the defender (S.1)"
    pct = 100 * left_cr / start_cr if start_cr else 0
    if pct >= numbers["major"]:
        return True, ATTACKER, "major victory for the attacker (S.1)"
    if pct >= numbers["minor"]:
        return True, ATTACKER, "minor victory for the attacker (S.1)"
    return True, DEFENDER, "minor victory for the defender (S.1)"


def edge_of(q: int, r: int, width: int) -> str | None:
    """Which short edge (west / east) a position off the board lies beyond; None for a long edge or on board."""
    col, _ = to_offset(q, r)
    return "west" if col < 0 else "east" if col >= width else None


def run_for_edge(ship: Any, edge: str, board: tuple[int, int], legal: Any, cap: int) -> Any:
    """S.2 / S.7 doctrine: the legal order of the menu that leaves by ``edge`` (fastest first), else the one that
    ends nearest to it, faster breaking ties; never one that leaves by another edge."""
    w, h = board
    best = None
    best_key: tuple = ()
    for orders, *_ in candidate_moves(ship.speed, ship.prev_slips, cap, ship.heading):
        if not legal(orders):
            continue
        q, r, _, _, off = execute(orders, ship.q, ship.r, ship.heading, board)
        if off:
            where = edge_of(q, r, w)
            if where != edge:
                continue
            key: tuple = (1, orders.speed, 0)
        else:
            col = to_offset(q, r)[0]
            key = (0, -col if edge == "west" else col, orders.speed)
        if best is None or key > best_key:
            best, best_key = orders, key
    return best


def halves(specs: list[ShipSpec]) -> tuple[list[int], list[int]]:
    """S.11: the defender's force divided into two halves of about equal CR (largest first, each to the lighter
    half): the indices of each half."""
    order = sorted(range(len(specs)), key=lambda i: (-specs[i].cr, i))
    out: tuple[list[int], list[int]] = ([], [])
    tot = [0, 0]
    for i in order:
        k = 0 if tot[0] <= tot[1] else 1
        out[k].append(i)
        tot[k] += specs[i].cr
    return sorted(out[0]), sorted(out[1])


__all__ = ["ATTACKER", "DEFENDER", "SHAKEDOWN", "STORMS", "alone_in_the_dark", "edge_of", "halves", "prototype",
           "run_for_edge", "storm"]
