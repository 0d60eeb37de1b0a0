"""Appendix D movement options: etheric drag (D.2), evasive action (D.3), freeform turns (D.5), and the
red/black initiative decks of D.8, E.5 and F.7."""

from __future__ import annotations

import random

from drydock.engine.movement import Orders, orbit_hexes, order_problem, requirement

#: D.5's costs of one, two, three or U turns as the book gives them (battles read ``play.freeform_turn_cost``)
TURN_COSTS = (0, 1, 3, 6)


def drag_speed(prev: int, maximised: bool) -> int:
    """D.2: "the ship's previous speed is cut in half (rounded down)"; maximised: "eliminated completely"."""
    return 0 if maximised else prev // 2


def option_requirement(orders: Orders, prev: int, prev_slips: tuple[int, int], *, drag: int | None,
                       freeform: bool, costs: list[int] | tuple[int, ...] = TURN_COSTS) -> int:
    """The engine requirement under D.2 (``drag``: the dragged previous speed) and D.5 (freeform turns: "Difference
    between previous and current speeds, plus 1 / 3 / 6" for one, two, three or U turns; ``costs`` from the
    ruleset; slips never reduce it)."""
    p = prev if drag is None else drag
    if not freeform:
        return requirement(orders, p, prev_slips)
    turns = orders.turns
    n = 3 if "U" in turns else len(turns)
    req = abs(p - orders.speed) + costs[n] + len(orders.slips) + abs(orders.pivot)
    if "Z" in orders.prefixes:
        req *= 2
    if "@" in orders.prefixes:
        req += 3 - n
    return req


def option_legal(orders: Orders, req: int, engine_rating: int, boosters: int, freeform: bool) -> bool:
    """3.2 legality with the options' requirement; D.5 allows turns and sideslips in opposite directions."""
    problem = order_problem(orders)
    if problem is not None and not (freeform and "sideslips must match" in problem):
        return False
    return req <= engine_rating * (2 if "E" in orders.prefixes else 1) + boosters


def graded(orders: Orders) -> bool:
    """D.6: "The number of hexes moved before and/or after each turn may not vary by more than +-1. Sideslips ...
    count as one hex of forward movement"; a leading or trailing turn has an "implied zero" beside it
    ("2P1P2(5)" valid, "1LP4(6)" and "P2(2)" not)."""
    segments = [0]
    turned = False
    for s in orders.steps:
        if s in ("P", "S", "U"):
            segments.append(0)
            turned = True
        else:
            segments[-1] += s if isinstance(s, int) else (orbit_hexes(s) or 1)  # G.5: an orbit is straight
    return not turned or max(segments) - min(segments) <= 1


def evasive_penalty(engine_rating: int, bands: list[list[int]]) -> int:
    """D.3: the to-hit penalty of an evading ship by its current engine rating (1-2 none, 3-5 -1, 6-9 -2,
    10+ -3)."""
    pen = 0
    for lo, p in bands:
        if engine_rating >= lo:
            pen = p
    return pen


def deck(rng: random.Random, a: int, b: int) -> list[int]:
    """D.8 / E.5 / F.7 random initiative: a red (A) and black (B) card per element, shuffled; the colour of each
    card drawn says which side acts next."""
    cards = [0] * a + [1] * b
    rng.shuffle(cards)
    return cards


__all__ = ["TURN_COSTS", "deck", "drag_speed", "evasive_penalty", "option_legal", "option_requirement"]
