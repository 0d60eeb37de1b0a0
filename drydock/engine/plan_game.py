"""The verdict as the value of the plan game (issue 22).

Each side picks a plan from the menu (:mod:`~drydock.engine.plans`); plans that fly the same way in this
match-up (the same range to steer for against every enemy design, and the same cloak rule when a ship
has a cloak) are one row or column. Every pairing of plans is fought with the same seeds (common random
numbers: run i of every cell uses ``run_seed(seed, i)``), and the matrix of payoffs

    payoff = (A wins - B wins) / battles      (win 1, draw 0, loss -1; the same game as win + draw / 2)

is solved exactly (:func:`~drydock.engine.matrix_game.solve`: linear programming in Fractions). A draw is
worth half a win to each side, so a side that can always force a draw guarantees itself 0. The value is
what side A can guarantee with its best (mixed) plan against side B's best reply; it is the negative of
what B guarantees, so the verdict does not depend on which side is A.

Runs are spent where they decide something, by **racing** (successive halving on confidence intervals):
round 1 fights every cell :func:`first_runs` battles (RUNS / cells, at least 10); after each round the game
of the plans still in the race is solved, and a plan leaves the race when it is worse, with 95% confidence,
than the best plan of its side against the other side's equilibrium mix (a plan the equilibrium plays is
never worse: it is as good as the best). Each round then doubles the battles of every pairing still in the
race, until one plan a side is left or the next round would pass the race's budget of 2 x RUNS battles.
The equilibrium's most-played pairing is then fought the full RUNS battles (the caller's recorded fight),
which are the battles behind the printed verdict: a default battle of 1,000 runs costs at most
2,000 + 1,000 = 3 x RUNS battles. Every round fights runs ``n .. 2n - 1`` of each live cell, so the race is
the same for a seed whatever ``--jobs``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drydock.core.model import Design
from drydock.engine.battle import Matchup
from drydock.engine.matrix_game import GameSolution, col_security, security, solve
from drydock.engine.montecarlo import build_matchup, run_seed, verdict, wilson
from drydock.engine.parallel import worker_pool
from drydock.engine.plans import MENU, PLANS

Z95 = 1.959963984540054
FIRST_MIN = 10  # round 1 fights RUNS // cells battles a cell, at least this many (never more than RUNS)
RACE_BUDGET = 2  # the race spends at most this many times RUNS battles (more only when round 1 needs it)
CHUNK = 25
#: a match-up with at least this share of draws in the verdict's battles is "no decision"
DRAWISH = Fraction(9, 10)


def first_runs(runs: int, cells: int) -> int:
    """The battles of each cell in the race's first round."""
    return min(runs, max(FIRST_MIN, runs // max(cells, 1)))


def race_budget(runs: int, cells: int) -> int:
    """The most battles the race may fight: 2 x RUNS, or round 1 alone when that is more."""
    return max(RACE_BUDGET * runs, first_runs(runs, cells) * cells)


@dataclass
class Cell:
    """The battles of one pairing of plans."""

    runs: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0

    @property
    def payoff(self) -> Fraction:
        return Fraction(self.a_wins - self.b_wins, max(self.runs, 1))

    def variance(self) -> float:
        """The variance of one battle's payoff (win 1, draw 0, loss -1), with one pseudo-battle of each outcome
        added, so that a cell of few battles that all ended alike is not taken as certain."""
        n = self.runs + 3
        pa, pb = (self.a_wins + 1) / n, (self.b_wins + 1) / n
        return pa + pb - (pa - pb) ** 2

    def add(self, other: Cell) -> None:
        """Count ``other``'s battles (later runs of the same pairing) in."""
        self.runs, self.a_wins = self.runs + other.runs, self.a_wins + other.a_wins
        self.b_wins, self.draws = self.b_wins + other.b_wins, self.draws + other.draws

    def interval(self) -> tuple[float, float]:
        """A 95% normal interval for the payoff (a difference of two multinomial shares)."""
        n = max(self.runs, 1)
        pa, pb = self.a_wins / n, self.b_wins / n
        half = Z95 * math.sqrt(max(0.0, pa + pb - (pa - pb) ** 2) / n)
        return pa - pb - half, pa - pb + half

    def to_dict(self) -> dict[str, Any]:
        return {"runs": self.runs, "a_wins": self.a_wins, "b_wins": self.b_wins, "draws": self.draws,
                "payoff": round(float(self.payoff), 4)}


@dataclass
class PlanGame:
    """The fought matrix: rows are A's plans, columns B's; each plan a tuple of menu names that fly alike."""

    plans_a: list[tuple[str, ...]]
    plans_b: list[tuple[str, ...]]
    cells: list[list[Cell]]
    solution: GameSolution
    #: the equilibrium's most-played pairing (row, column): the plans behind the printed verdict
    chosen: tuple[int, int]
    #: battles of each cell in the race's first round
    first: int
    #: battles fought by the race, over all cells
    battles: int
    #: rounds of the race; the plans of each side still in the race at its end (indices of rows, columns)
    rounds: int = 1
    live_a: tuple[int, ...] = ()
    live_b: tuple[int, ...] = ()

    @property
    def matrix(self) -> list[list[Fraction]]:
        return [[c.payoff for c in row] for row in self.cells]

    def chosen_plans(self) -> tuple[str, str]:
        i, j = self.chosen
        return self.plans_a[i][0], self.plans_b[j][0]

    def to_dict(self) -> dict[str, Any]:
        s = self.solution
        return {
            "method": "exact linear programming (Fractions): the mixed equilibrium of the zero-sum plan game",
            "payoff": "(A wins - B wins) / battles",
            "plans_a": ["/".join(p) for p in self.plans_a],
            "plans_b": ["/".join(p) for p in self.plans_b],
            "race": {"method": "racing on 95% intervals against the other side's equilibrium mix, battles "
                               "doubled each round for the plans left, within 2 x RUNS",
                     "first_runs": self.first, "rounds": self.rounds,
                     "left_a": ["/".join(self.plans_a[i]) for i in self.live_a],
                     "left_b": ["/".join(self.plans_b[j]) for j in self.live_b]},
            "battles": self.battles,
            "cells": [[c.to_dict() for c in row] for row in self.cells],
            "value": round(float(s.value), 4),
            "value_exact": str(s.value),
            "strategy_a": [round(float(p), 4) for p in s.row],
            "strategy_b": [round(float(q), 4) for q in s.col],
            "chosen": {"a": "/".join(self.plans_a[self.chosen[0]]), "b": "/".join(self.plans_b[self.chosen[1]])},
            "line": robustness_line(self),
        }


def distinct_plans(m: Matchup, side: int) -> list[tuple[str, ...]]:
    """The menu's plans for ``side`` grouped by how they fly in this match-up (menu order kept)."""
    mine, theirs = m.sides[side], m.sides[1 - side]
    cloak = any(s.cloak for s in mine)
    groups: dict[tuple, list[str]] = {}
    for name in MENU:
        plan = PLANS[name]
        sig = tuple(plan.target_range(m.doctrine.table(a, e).by_range, m.doctrine.table(e, a).by_range)
                    for a in dict.fromkeys(mine) for e in dict.fromkeys(theirs))
        groups.setdefault(sig + ((plan.cloak,) if cloak else ()), []).append(name)
    return [tuple(g) for g in groups.values()]


# ------------------------------------------------------------------ fighting cells (same seeds, any --jobs)
_GAME: dict[Any, Any] = {}  # a worker process's sides, options and match-ups (one plan game per pool)


def _init_game(side_a: list[Design], side_b: list[Design], opts: dict[str, Any]) -> None:
    _GAME.clear()
    _GAME["sides"], _GAME["opts"] = (side_a, side_b), opts


def _run_cell(args: tuple[str, str, int, int, int], game: dict[Any, Any] | None = None) -> tuple[int, int, int]:
    """Runs start..stop of one plan pairing; ``game`` holds the sides, options and match-ups built so far (a
    worker's ``_GAME``, or the caller's own in one process, so that threads never share one)."""
    game = _GAME if game is None else game
    pa, pb, master, start, stop = args
    m = game.get((pa, pb))
    if m is None:
        m = game[(pa, pb)] = build_matchup(*game["sides"], **{**game["opts"], "plan": (pa, pb)})
    out = [0, 0, 0]
    for i in range(start, stop):
        w = m.fight(random.Random(run_seed(master, i))).winner
        out[2 if w is None else w] += 1
    return out[0], out[1], out[2]


def fight_cells(side_a: list[Design], side_b: list[Design], pairs: list[tuple[str, str]], *, runs: int, seed: int,
                jobs: int = 1, start: int = 0, **opts: Any) -> dict[tuple[str, str], Cell]:
    """The battles of runs ``start`` .. ``runs - 1`` of ``seed`` of each plan pairing in ``pairs``."""
    tasks = [(pa, pb, seed, i, min(i + CHUNK, runs)) for pa, pb in pairs for i in range(start, runs, CHUNK)]
    if jobs <= 1 or len(tasks) <= 1:
        game: dict[Any, Any] = {"sides": (side_a, side_b), "opts": opts}
        results = [_run_cell(t, game) for t in tasks]
    else:
        with worker_pool(jobs, _init_game, (side_a, side_b, opts)) as pool:
            results = pool.map(_run_cell, tasks)
    cells = {p: Cell() for p in pairs}
    for (pa, pb, _, start, stop), (a, b, d) in zip(tasks, results, strict=True):
        c = cells[(pa, pb)]
        c.runs += stop - start
        c.a_wins, c.b_wins, c.draws = c.a_wins + a, c.b_wins + b, c.draws + d
    return cells


def plan_game(side_a: list[Design], side_b: list[Design], *, runs: int, seed: int, jobs: int = 1,
              **opts: Any) -> PlanGame:
    """Race the pairings of distinct plans and solve the game (the caller then fights the chosen pairing)."""
    opts = {k: v for k, v in opts.items() if k not in ("plan", "record")}
    m = build_matchup(side_a, side_b, **opts)
    rows, cols = distinct_plans(m, 0), distinct_plans(m, 1)
    cells = [[Cell() for _ in cols] for _ in rows]
    live_a, live_b = list(range(len(rows))), list(range(len(cols)))
    first = n = first_runs(runs, len(rows) * len(cols))
    budget, spent, done, rounds = race_budget(runs, len(rows) * len(cols)), 0, 0, 0
    while True:
        pairs = [(rows[i][0], cols[j][0]) for i in live_a for j in live_b]
        got = fight_cells(side_a, side_b, pairs, runs=n, start=done, seed=seed, jobs=jobs, **opts)
        for i in live_a:
            for j in live_b:
                cells[i][j].add(got[(rows[i][0], cols[j][0])])
        spent, done, rounds = spent + (n - done) * len(pairs), n, rounds + 1
        sol = solve([[cells[i][j].payoff for j in live_b] for i in live_a])
        live_a, live_b = _race(cells, live_a, live_b, sol)
        if (len(live_a) == 1 and len(live_b) == 1) or n >= runs \
                or spent + (min(2 * n, runs) - n) * len(live_a) * len(live_b) > budget:
            break
        n = min(2 * n, runs)
    sol = solve([[cells[i][j].payoff for j in live_b] for i in live_a])
    full = GameSolution(sol.value, _spread(sol.row, live_a, len(rows)), _spread(sol.col, live_b, len(cols)))
    # the most-played plan of each side (ties: the first in the menu)
    i = max(range(len(rows)), key=lambda k: (full.row[k], -k))
    j = max(range(len(cols)), key=lambda k: (full.col[k], -k))
    return PlanGame(rows, cols, cells, full, (i, j), first, spent, rounds, tuple(live_a), tuple(live_b))


def _spread(p: tuple[Fraction, ...], live: list[int], size: int) -> tuple[Fraction, ...]:
    """A strategy over the live plans as one over every plan (0 for the plans out of the race)."""
    out = [Fraction(0)] * size
    for k, x in zip(live, p, strict=True):
        out[k] = x
    return tuple(out)


def _race(cells: list[list[Cell]], live_a: list[int], live_b: list[int],
          sol: GameSolution) -> tuple[list[int], list[int]]:
    """The plans that stay in the race: a plan leaves when its payoff against the other side's equilibrium mix
    is below the best plan's with 95% confidence (normal intervals; the cells' errors taken as independent)."""

    def against(cs: list[Cell], mix: tuple[Fraction, ...], sign: int) -> tuple[float, float]:
        mean = sign * sum(float(p) * float(c.payoff) for p, c in zip(mix, cs, strict=True))
        half = Z95 * math.sqrt(sum(float(p) ** 2 * c.variance() / max(c.runs, 1) for p, c in zip(mix, cs, strict=True)))
        return mean - half, mean + half

    rows = {i: against([cells[i][j] for j in live_b], sol.col, 1) for i in live_a}
    cols = {j: against([cells[i][j] for i in live_a], sol.row, -1) for j in live_b}
    best_a, best_b = max(lo for lo, _ in rows.values()), max(lo for lo, _ in cols.values())
    return [i for i in live_a if rows[i][1] >= best_a], [j for j in live_b if cols[j][1] >= best_b]


# ------------------------------------------------------------------ what the verdict says
def race_words(g: PlanGame) -> str:
    """How the runs were spent, in words: ``raced: 992 battles in 2 rounds, 62 a pairing first; 2x1 plans left``."""
    return (f"raced: {g.battles} battles in {g.rounds} round{'s' * (g.rounds > 1)}, {g.first} a pairing first; "
            f"{len(g.live_a)}x{len(g.live_b)} plans left")


def _signed(x: Fraction) -> str:
    return f"{float(x):+.2f}"


def robustness_line(g: PlanGame) -> str:
    """The robustness statement built on the matrix: the game's value, what each side's plan guarantees."""
    mat = g.matrix
    i, j = g.chosen
    a, b = "/".join(g.plans_a[i]), "/".join(g.plans_b[j])
    mixed = sum(1 for p in g.solution.row if p) > 1 or sum(1 for q in g.solution.col if q) > 1
    sa, sb = security(mat, i), col_security(mat, j)
    text = (f"plan game ({len(g.plans_a)}x{len(g.plans_b)} plans, {race_words(g)}; "
            f"{'mixed' if mixed else 'pure'} equilibrium by exact LP): value {_signed(g.solution.value)} "
            f"(A wins - B wins per battle); A's {a} secures A at least {_signed(sa)} whatever B flies, "
            f"B's {b} holds A to at most {_signed(sb)} whatever A flies: ")
    row = [g.cells[i][k].interval() for k in range(len(g.plans_b))]
    col = [g.cells[k][j].interval() for k in range(len(g.plans_a))]
    if all(lo > 0 for lo, _ in row):
        return text + "side A is favoured whatever side B flies (robust)"
    if all(hi < 0 for _, hi in col):
        return text + "side B is favoured whatever side A flies (robust)"
    if sa == sb == 0:
        return text + "each side can hold the other to a draw"
    if sa > 0 or sb < 0:
        return text + (f"side {'A' if sa > 0 else 'B'} looks favoured, but not beyond doubt at "
                       f"{g.cells[i][j].runs} battles of its pairing")
    v = g.solution.value
    if mixed and v:
        return text + (f"side {'A' if v > 0 else 'B'} is favoured when it mixes its plans as the equilibrium "
                       "does, though each of its plans alone can be answered")
    return text + "neither side can guarantee an advantage: the verdict depends on the plans flown"


def decision(summary: Any, g: PlanGame | None) -> str:
    """The verdict line on the battles behind it (``summary``): the favoured side with wins / draws / losses
    and their Wilson 95% intervals, or "no decision" when nearly all battles are draws."""
    n = max(summary.runs, 1)

    def part(label: str, k: int) -> str:
        lo, hi = wilson(k, summary.runs)
        return f"{label} {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"

    rates = ", ".join((part("A wins", summary.a_wins), part("draws", summary.draws), part("B wins", summary.b_wins)))
    if Fraction(summary.draws, n) >= DRAWISH:
        return f"verdict: no decision: {100 * summary.draws / n:.0f}% draws; {_holder(summary, g)} ({rates})"
    v = verdict(summary)
    head = "too close to call" if v == "even" else f"side {v} favoured"
    return f"verdict: {head} ({rates})"


def _holder(summary: Any, g: PlanGame | None) -> str:
    if g is None:
        return "neither side forces a decision"
    who = [k for k in (0, 1) if "evade" in (g.plans_a, g.plans_b)[k][g.chosen[k]]]
    if len(who) != 1:
        return "neither side forces a decision"
    side = who[0]
    ships = (summary.labels_a, summary.labels_b)[side]
    plans = "/".join((g.plans_a, g.plans_b)[side][g.chosen[side]])
    return f"{ships[0].split(' ', 1)[-1]} (side {'AB'[side]}) can hold a draw by keeping away ({plans})"


def format_game(g: PlanGame) -> str:
    """The matrix as text: A wins / draws / B wins per pairing, rows A's plans, columns B's, with the
    equilibrium's share of each plan."""
    heads = ["/".join(p) + ("" if j in g.live_b else "*") for j, p in enumerate(g.plans_b)]
    width = max(15, *(len(h) + 1 for h in heads), *(len(_counts(c)) + 1 for row in g.cells for c in row))
    rows_w = max(14, *(len("/".join(p)) + 8 for p in g.plans_a))
    lines = [f"plan matrix: A wins / draws / B wins (rows: A's plans, columns: B's; % = the equilibrium's share "
             f"of the plan; * = out of the race; {race_words(g)})",
             " " * rows_w + "".join(f"{h:>{width}}" for h in heads),
             " " * rows_w + "".join(f"{f'{100 * float(q):.0f}%':>{width}}" for q in g.solution.col)]
    for i, (plans, p, row) in enumerate(zip(g.plans_a, g.solution.row, g.cells, strict=True)):
        label = f"{'/'.join(plans)}{'' if i in g.live_a else '*'} {100 * float(p):.0f}%"
        lines.append(f"{label:<{rows_w}}" + "".join(f"{_counts(c):>{width}}" for c in row))
    return "\n".join(lines)


def _counts(c: Cell) -> str:
    return f"{c.a_wins}/{c.draws}/{c.b_wins}"
