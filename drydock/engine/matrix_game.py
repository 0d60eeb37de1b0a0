"""The exact solution of a small two-player zero-sum matrix game (issue 22: the plan game).

:func:`solve` finds the value and a mixed equilibrium (von Neumann's minimax) by linear programming,
with a simplex tableau in :class:`~fractions.Fraction` and Bland's rule (no cycling, no rounding):
the payoff matrix is shifted to be positive, the column player's LP ``max sum(y) s.t. M y <= 1, y >= 0``
is solved, and the row player's strategy is read from the dual (the slack columns of the objective row).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class GameSolution:
    """The value for the row player and one optimal mixed strategy per player (each sums to 1)."""

    value: Fraction
    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]


def solve(matrix: list[list[Fraction]]) -> GameSolution:
    """The value and a mixed equilibrium of the zero-sum game ``matrix`` (row player maximises)."""
    m = len(matrix)
    n = len(matrix[0]) if m else 0
    if not m or not n or any(len(row) != n for row in matrix):
        raise ValueError("a game needs a non-empty rectangular payoff matrix")
    shift = 1 - min(min(row) for row in matrix)  # every entry >= 1: the game's value is positive
    t = tableau(matrix, shift)
    obj = [Fraction(-1)] * n + [Fraction(0)] * m + [Fraction(0)]
    basis = [n + i for i in range(m)]
    while True:
        enter = next((j for j in range(n + m) if obj[j] < 0), None)  # Bland: the lowest index
        if enter is None:
            break
        p = leaving_row(t, basis, enter)
        obj = pivot(t, obj, p, enter)
        basis[p] = enter
    total = obj[-1]  # = sum(y) = sum(x) = 1 / (value + shift)
    y = [Fraction(0)] * n
    for i, b in enumerate(basis):
        if b < n:
            y[b] = t[i][-1]
    x = obj[n:n + m]
    return GameSolution(1 / total - shift, tuple(v / total for v in x), tuple(v / total for v in y))


def tableau(matrix: list[list[Fraction]], shift: Fraction) -> list[list[Fraction]]:
    """The simplex tableau of the column player's LP: per row of ``matrix`` (shifted by ``shift``),
    [a_1..a_n | slack_1..slack_m | rhs 1]."""
    m = len(matrix)
    return [[Fraction(a) + shift for a in row] + [Fraction(int(i == k)) for k in range(m)] + [Fraction(1)]
            for i, row in enumerate(matrix)]


def leaving_row(t: list[list[Fraction]], basis: list[int], enter: int) -> int:
    """The pivot row for column ``enter``: the least ratio rhs / entry over positive entries, ties to the lowest
    basic variable (Bland's rule)."""
    best = None
    for i, row in enumerate(t):
        a = row[enter]
        if a > 0:
            k = (row[-1] / a, basis[i])
            if best is None or k < best[0]:
                best = (k, i)
    assert best is not None  # bounded: every column has a positive entry
    return best[1]


def pivot(t: list[list[Fraction]], obj: list[Fraction], p: int, enter: int) -> list[Fraction]:
    """Pivot the tableau ``t`` in place on row ``p``, column ``enter``; returns the objective row pivoted with it."""
    piv = t[p][enter]
    t[p] = [x / piv for x in t[p]]
    for i in range(len(t)):
        if i != p and t[i][enter]:
            f = t[i][enter]
            t[i] = [x - f * y for x, y in zip(t[i], t[p], strict=True)]
    f = obj[enter]
    return [x - f * y for x, y in zip(obj, t[p], strict=True)]


def security(matrix: list[list[Fraction]], i: int) -> Fraction:
    """What the row player's pure strategy ``i`` guarantees: its worst payoff over the columns."""
    return min(matrix[i])


def col_security(matrix: list[list[Fraction]], j: int) -> Fraction:
    """What the column player's pure strategy ``j`` concedes at most: its worst (highest) payoff to rows."""
    return max(row[j] for row in matrix)
