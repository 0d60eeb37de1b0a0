"""The verdict as the value of the plan game (issues 22 and 36).

Each side picks a **strategy**: a doctrine (:data:`~drydock.engine.ai.DOCTRINES`) and a plan of the menu
(:mod:`~drydock.engine.plans`); plans that fly the same way in this match-up (the same range to steer for
against every enemy design, and the same cloak rule when a ship has a cloak) are one row or column. Every
pairing is fought with the same seeds (common random numbers: run i of every cell uses ``run_seed(seed, i)``),
and the matrix of payoffs

    payoff = (A wins - B wins) / battles      (win 1, draw 0, loss -1; the same game as win + draw / 2)

is solved exactly (:func:`~drydock.engine.matrix_game.solve`: linear programming in Fractions). The value is
what side A can guarantee with its best (mixed) strategy against side B's best reply.

**Sequential stopping** (issue 36): the cells are fought in rounds (16 battles a cell, then doubled for the
strategies still in the race), and after each round the game's value gets an interval
(:func:`value_interval`): from what A's equilibrium mix scores against each of B's strategies (its lowest
lower bound) to what A's best strategy scores against B's mix (the highest upper bound). The true value lies
between the two whatever the mixes' errors, so the verdict is decided as soon as the interval leaves 0; its
confidence is corrected for the rounds looked at (:func:`look_z`). The race stops when the verdict is decided,
when the interval is within :data:`EVEN` of even, at ``runs`` battles a cell, or at its budget
(:func:`race_budget`: 2 x RUNS less the doctrine check's, so that race, check and verdict stay within 3 x RUNS).

**The doctrine is part of the strategy**: the game starts from the doctrine each side was given; then each
other doctrine's plans are tried as a reply to the other side's equilibrium mix (:func:`_check_doctrines`).
A reply that does better with 95% confidence joins the game (and the race goes on); one that cannot change the
verdict is done; one still open at the check's budget (:func:`doctrine_budget`) widens the interval. No pure
pairing of a mixture is ever re-fought alone.

``exact=True`` (``battle --exact-runs``) turns the stopping off: the race of issue 22 (round 1 RUNS / cells
battles, doubled until one strategy a side is left or the budget) and exactly RUNS verdict battles.
Every round fights runs ``n .. 2n - 1`` of each live cell, so the game is the same for a seed whatever ``--jobs``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from statistics import NormalDist

from drydock.core.model import Design
from drydock.engine.ai import DEFAULT_DOCTRINE, DOCTRINES, Style, doctrine_pair
from drydock.engine.battle import Matchup
from drydock.engine.deployment import distinct_deployments, with_deployments
from drydock.engine.matrix_game import GameSolution, solve
from drydock.engine.montecarlo import build_matchup
from drydock.engine.plan_cells import Cell, Pairing, fight_cells, mix_draw
from drydock.engine.plans import MENU, PLANS
from drydock.engine.settings import BattleSettings

Z95 = 1.959963984540054
FIRST_MIN = 10  # exact mode: round 1 fights RUNS // cells battles a cell, at least this many (never more than RUNS)
FIRST_QUICK = 16  # sequential mode: round 1 fights this many battles a cell (never more than RUNS)
RACE_BUDGET = 2  # the race spends at most this many times RUNS battles (more only when round 1 needs it)
#: the interval of the value within this of even: "too close to call", and the race stops
EVEN = Fraction(1, 10)
#: the verdict's battles: at least this many (never more than RUNS) when the race stopped early
VERDICT_MIN = 100
#: a match-up with at least this share of draws in the verdict's battles is "no decision"
DRAWISH = Fraction(9, 10)

#: ``progress(stage, done, total)``: battles done of the stage's current round
StageProgress = Callable[[str, int, int], None]


def first_runs(runs: int, cells: int, exact: bool = True) -> int:
    """The battles of each cell in the race's first round."""
    if not exact:
        return min(runs, FIRST_QUICK)
    return min(runs, max(FIRST_MIN, runs // max(cells, 1)))


def doctrine_budget(runs: int) -> int:
    """The battles the doctrine check (and the strategies it adds to the game) may fight beyond the race:
    RUNS / 4, at least one round of :data:`FIRST_QUICK` battles for eight replies (four plans against a
    mix of two, or four a side against a pure equilibrium)."""
    return max(runs // 4, 8 * min(runs, FIRST_QUICK))


def race_budget(runs: int, cells: int) -> int:
    """The most battles the race may fight: 2 x RUNS less the doctrine check's budget (so that race, check and
    verdict stay within 3 x RUNS), or round 1 alone when that is more."""
    first = min(runs, max(FIRST_QUICK, runs // max(cells, 1)))  # round 1, sequential or --exact-runs
    return max(RACE_BUDGET * runs - doctrine_budget(runs), first * cells)


def look_z(runs: int, first: int) -> float:
    """The z of each look's interval: 95% over all the looks the race can take (Bonferroni: the rounds
    first, 2 first ... up to RUNS, and the verdict's battles), so that a mirror is called for a side at most
    about 5% of the time however often the interval is looked at."""
    looks = 2 + max(0, math.ceil(math.log2(max(runs, 1) / max(first, 1))))
    return NormalDist().inv_cdf(1 - 0.025 / looks)


@dataclass(frozen=True)
class Strategy:
    """What one side flies: a doctrine and a group of plans that fly alike (its first is fought)."""

    doctrine: Style
    plans: tuple[str, ...]

    def name(self, given: Style) -> str:
        """``hold/standoff``, with the doctrine when it is not the one the side was given: ``close (cautious)``."""
        text = "/".join(self.plans)
        return text if self.doctrine == given else f"{text} ({self.doctrine.name})"


@dataclass
class PlanGame:
    """The fought game: rows are A's strategies in the game, columns B's; the doctrine check's replies beside."""

    plans_a: list[Strategy]
    plans_b: list[Strategy]
    cells: list[list[Cell]]
    solution: GameSolution
    #: the equilibrium's most-played strategy of each side (row, column)
    chosen: tuple[int, int]
    #: battles of each cell in the race's first round
    first: int
    #: battles fought for the game (race, doctrine check and the verdict's battles that were new)
    battles: int
    rounds: int = 1
    live_a: tuple[int, ...] = ()
    live_b: tuple[int, ...] = ()
    #: the doctrines each side was given
    given: tuple[Style, Style] = (DOCTRINES[DEFAULT_DOCTRINE], DOCTRINES[DEFAULT_DOCTRINE])
    #: the interval of the value (95%, corrected for the looks) and the z it was built with
    low: float = -1.0
    high: float = 1.0
    z: float = Z95
    #: the doctrine check: side (0, 1) -> [(reply, payoff to A against the other side's mix, low, high, status)]
    replies: dict[int, list[tuple[Strategy, Fraction, float, float, str]]] = field(default_factory=dict)
    #: the verdict the given doctrines alone gave ("A", "B", "even", "open"), before the doctrine check
    base_call: str = "open"
    #: True: --exact-runs (no early stop)
    exact: bool = False
    #: battles fought before the verdict's (the race and the doctrine check)
    race_battles: int = 0
    #: why the race stopped: "decided" (its interval decided the verdict), "cap" (RUNS or the budget) or "exact"
    stopped: str = "cap"

    @property
    def value(self) -> Fraction:
        return self.solution.value

    @property
    def matrix(self) -> list[list[Fraction]]:
        return [[c.payoff for c in row] for row in self.cells]

    def names_a(self) -> list[str]:
        return [s.name(self.given[0]) for s in self.plans_a]

    def names_b(self) -> list[str]:
        return [s.name(self.given[1]) for s in self.plans_b]

    def chosen_plans(self) -> tuple[str, str]:
        i, j = self.chosen
        return self.plans_a[i].plans[0], self.plans_b[j].plans[0]

    def call(self) -> str:
        """"A" or "B" (the interval is on that side of 0), "even" (within :data:`EVEN` of 0), or "open"."""
        return _call(self.low, self.high)

    def support_pairings(self) -> list[tuple[Fraction, Pairing]]:
        """The pairings the equilibrium plays, with their probability."""
        s = self.solution
        return [(p * q, _pairing(self.plans_a[i], self.plans_b[j]))
                for i, p in enumerate(s.row) if p for j, q in enumerate(s.col) if q]


def _call(low: float, high: float) -> str:
    if low > 0:
        return "A"
    if high < 0:
        return "B"
    if low >= -float(EVEN) and high <= float(EVEN):
        return "even"
    return "open"


def _pairing(a: Strategy, b: Strategy) -> Pairing:
    return (a.doctrine.name, a.plans[0], b.doctrine.name, b.plans[0])


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


# ------------------------------------------------------------------ the game's state while it is fought
@dataclass
class _Game:
    side_a: list[Design]
    side_b: list[Design]
    settings: BattleSettings
    seed: int
    jobs: int
    runs: int
    exact: bool
    progress: StageProgress | None
    strat_a: list[Strategy]
    strat_b: list[Strategy]
    game_a: list[int]  # indices into strat_a of the strategies in the game
    game_b: list[int]
    live_a: list[int] = field(default_factory=list)
    live_b: list[int] = field(default_factory=list)
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    spent: int = 0
    rounds: int = 0
    n: int = 0
    #: why the race stopped: "decided" (its interval left even or settled within EVEN), "cap" or "exact"
    stop: str = "cap"

    def cell(self, i: int, j: int) -> Cell:
        return self.cells.setdefault((i, j), Cell())

    def fight(self, pairs: list[tuple[int, int]], upto: int, stage: str) -> None:
        """Runs ``cell.upto .. upto - 1`` of each pair of strategies (indices into strat_a, strat_b)."""
        todo = [(i, j, self.cell(i, j).upto) for i, j in pairs if self.cell(i, j).upto < upto]
        if not todo:
            return
        jobs = [(_pairing(self.strat_a[i], self.strat_b[j]), start, upto) for i, j, start in todo]
        got = fight_cells(self.side_a, self.side_b, jobs, settings=self.settings, seed=self.seed, jobs=self.jobs,
                          stage=stage, progress=self.progress)
        for (i, j, start), c in zip(todo, got, strict=True):
            self.cell(i, j).add(c)
            self.cell(i, j).upto = upto
            self.spent += upto - start

    def solve(self) -> tuple[GameSolution, list[int], list[int]]:
        """The game of the live strategies, as a solution over every strategy of the game."""
        sol = solve([[self.cell(i, j).payoff for j in self.live_b] for i in self.live_a])
        row = {i: p for i, p in zip(self.live_a, sol.row, strict=True)}
        col = {j: q for j, q in zip(self.live_b, sol.col, strict=True)}
        return (GameSolution(sol.value, tuple(row.get(i, Fraction(0)) for i in self.game_a),
                             tuple(col.get(j, Fraction(0)) for j in self.game_b)), self.game_a, self.game_b)


def _mix_score(cells: list[Cell], mix: list[Fraction], z: float) -> tuple[Fraction, float, float]:
    """A strategy's payoff (to A) against a mix, with its interval (the cells' errors taken as independent)."""
    mean = sum((p * c.payoff for p, c in zip(mix, cells, strict=True)), Fraction(0))
    half = z * math.sqrt(sum(float(p) ** 2 * c.variance() / max(c.runs, 1) for p, c in zip(mix, cells, strict=True)))
    return mean, float(mean) - half, float(mean) + half


def value_interval(g: _Game, sol: GameSolution, z: float, extra_a: Sequence[int] = (),
                   extra_b: Sequence[int] = ()) -> tuple[float, float]:
    """The interval of the game's value: low, the lowest lower bound of what A's mix scores against each of B's
    strategies (those in the game and the doctrine check's ``extra_b``); high, the highest upper bound of what
    each of A's strategies scores against B's mix. The value is at least what A's mix guarantees and at most
    what B's mix concedes, so it lies between the two however good the mixes are."""
    xs = [(i, p) for i, p in zip(g.game_a, sol.row, strict=True) if p]
    ys = [(j, q) for j, q in zip(g.game_b, sol.col, strict=True) if q]
    lows = [_mix_score([g.cells[(i, j)] for i, _ in xs], [p for _, p in xs], z)[1]
            for j in [*g.game_b, *extra_b] if all((i, j) in g.cells for i, _ in xs)]
    highs = [_mix_score([g.cells[(i, j)] for j, _ in ys], [q for _, q in ys], z)[2]
             for i in [*g.game_a, *extra_a] if all((i, j) in g.cells for j, _ in ys)]
    return max(-1.0, min(lows)), min(1.0, max(highs))


def _eliminate(g: _Game, sol: GameSolution) -> None:
    """The race: a strategy leaves when its payoff against the other side's equilibrium mix is below the best
    of its side with 95% confidence (a strategy the equilibrium plays is never below the best)."""
    x = dict(zip(g.game_a, sol.row, strict=True))
    y = dict(zip(g.game_b, sol.col, strict=True))
    rows = {i: _mix_score([g.cells[(i, j)] for j in g.live_b], [y[j] for j in g.live_b], Z95)
            for i in g.live_a}
    cols = {j: _mix_score([g.cells[(i, j)] for i in g.live_a], [x[i] for i in g.live_a], Z95)
            for j in g.live_b}
    best_a = max(lo for _, lo, _ in rows.values())
    best_b = min(hi for _, _, hi in cols.values())  # B minimises A's payoff
    g.live_a = [i for i in g.live_a if rows[i][2] >= best_a]
    g.live_b = [j for j in g.live_b if cols[j][1] <= best_b]


def _race(g: _Game, z: float, budget: int) -> tuple[GameSolution, float, float]:
    """Fight the live strategies round by round until the verdict is decided (or even), a cell has RUNS
    battles, or the next round would pass ``budget``."""
    while True:
        stage = f"trying {len(g.live_a)}x{len(g.live_b)} plans (round {g.rounds + 1})"
        g.fight([(i, j) for i in g.live_a for j in g.live_b], g.n, stage)
        g.rounds += 1
        sol, _, _ = g.solve()
        low, high = value_interval(g, sol, z)
        _eliminate(g, sol)
        live = len(g.live_a) * len(g.live_b)
        g.stop = "exact" if g.exact else "decided" if _call(low, high) != "open" else "cap"
        if (not g.exact and _call(low, high) != "open") or (len(g.live_a) == 1 and len(g.live_b) == 1) \
                or g.n >= g.runs or g.spent + (min(2 * g.n, g.runs) - g.n) * live > budget:
            sol, _, _ = g.solve()
            return sol, *value_interval(g, sol, z)
        g.n = min(2 * g.n, g.runs)


def _check_doctrines(g: _Game, sol: GameSolution, low: float, high: float, budget: int,
                     tried: dict[int, dict[int, str]]) -> tuple[list[int], int]:
    """The other doctrines' strategies as replies to the other side's equilibrium mix, both sides' together,
    fought :data:`FIRST_QUICK` battles a cell, doubled until each is done: ``better`` (it beats the equilibrium
    with 95% confidence: the check stops there and the caller puts it in the game), ``no help`` (it does not,
    or it cannot change the verdict) or ``open`` (RUNS or ``budget`` battles in all reached: it widens the
    interval). A favoured side's replies are not fought (another doctrine could only favour it more). Returns
    the better strategies (indices into strat_a, then strat_b offset by len(strat_a)) and the battles a cell
    they were fought."""
    call = _call(low, high)
    v = sol.value
    x = [(i, p) for i, p in zip(g.game_a, sol.row, strict=True) if p]
    y = [(j, q) for j, q in zip(g.game_b, sol.col, strict=True) if q]
    todo = {side: [k for k in range(len(g.strat_a if side == 0 else g.strat_b))
                   if k not in (g.game_a if side == 0 else g.game_b)]
            for side in (0, 1) if call != "AB"[side]}
    n = min(g.runs, FIRST_QUICK)
    better: list[int] = []
    while any(todo.values()):
        pairs = [(k, j) for k in todo.get(0, []) for j, _ in y] + [(i, k) for k in todo.get(1, []) for i, _ in x]
        if g.spent + sum(max(0, n - g.cell(*p).upto) for p in pairs) > budget:
            for side, ks in todo.items():
                for k in ks:
                    tried[side][k] = "open"
            break
        g.fight(pairs, n, "checking the other doctrine")
        for side, ks in todo.items():
            still = []
            for k in ks:
                if side == 0:
                    _, lo, hi = _mix_score([g.cells[(k, j)] for j, _ in y], [q for _, q in y], Z95)
                    gain, harmless = lo > v, hi <= v or (call == "B" and hi < 0)
                else:
                    _, lo, hi = _mix_score([g.cells[(i, k)] for i, _ in x], [p for _, p in x], Z95)
                    gain, harmless = hi < v, lo >= v or (call == "A" and lo > 0)
                tried[side][k] = "better" if gain else "no help" if harmless else "open"
                if gain:
                    better.append(k if side == 0 else len(g.strat_a) + k)
                elif not harmless:
                    still.append(k)
            todo[side] = still
        if better or n >= g.runs:
            break
        n = min(2 * n, g.runs)
    return better, n


def plan_game(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *, runs: int,
              seed: int, jobs: int = 1, exact: bool = False, progress: StageProgress | None = None) -> PlanGame:
    """Fight the plan game to its verdict (module docstring) under ``settings`` (its ``plan`` and ``record`` are
    the game's to choose: each cell flies its own pairing, unrecorded); the caller then fights the verdict's
    battles (:func:`verdict_runs`, :func:`verdict_draws`, then :func:`refine`)."""
    settings = settings or BattleSettings()
    given = doctrine_pair(settings.doctrine)
    deployments = settings.deployments  # chosen deployment (2.3): each plan from each set-up
    settings = replace(settings, doctrine=given, plan=None, record=False, deployments=())
    strat: list[list[Strategy]] = [[], []]
    for side in (0, 1):
        for style in [given[side], *(s for s in DOCTRINES.values() if s != given[side])]:
            pair = (style, given[1]) if side == 0 else (given[0], style)
            m = build_matchup(side_a, side_b, replace(settings, doctrine=pair))
            chosen = distinct_deployments(m.board, max(map(len, m.sides)), deployments) if deployments else None
            strat[side] += [Strategy(style, p) for p in with_deployments(distinct_plans(m, side), chosen)]
    base_a = [k for k, s in enumerate(strat[0]) if s.doctrine == given[0]]
    base_b = [k for k, s in enumerate(strat[1]) if s.doctrine == given[1]]
    first = first_runs(runs, len(base_a) * len(base_b), exact)
    g = _Game(side_a, side_b, settings, seed, jobs, runs, exact, progress, strat[0], strat[1], base_a, base_b,
              list(base_a), list(base_b), n=first)
    z = Z95 if exact else look_z(runs, first)
    budget = race_budget(runs, len(base_a) * len(base_b))
    cap = budget + doctrine_budget(runs)  # the race, then the doctrine check and its additions
    tried: dict[int, dict[int, str]] = {0: {}, 1: {}}
    sol, low, high = _race(g, z, budget)
    base_call = _call(low, high)
    for _ in range(len(strat[0]) + len(strat[1])):
        better, n_check = _check_doctrines(g, sol, low, high, cap, tried)
        if not better:
            break
        rows = g.game_a + [k for k in better if k < len(strat[0])]
        cols = g.game_b + [k - len(strat[0]) for k in better if k >= len(strat[0])]
        n = min(g.n, n_check)  # the new cells start where the check left them; the race doubles from there
        fill = sum(max(0, n - g.cell(i, j).upto) for i in rows for j in cols)
        if g.spent + fill > cap:  # no room to put them in the game: they stay open (they widen the interval)
            for k in better:
                side, idx = (0, k) if k < len(strat[0]) else (1, k - len(strat[0]))
                tried[side][idx] = "open"
            break
        g.game_a, g.game_b, g.n = rows, cols, n
        g.live_a, g.live_b = list(rows), list(cols)  # a new strategy may revive an old reply
        sol, low, high = _race(g, z, cap)
    extra = ([k for k, s in tried[0].items() if s == "open"], [k for k, s in tried[1].items() if s == "open"])
    if extra[0] or extra[1]:
        low, high = value_interval(g, sol, z, *extra)
    replies = {side: [(g.strat_a[k] if side == 0 else g.strat_b[k], *_reply(g, sol, side, k, z), status)
                      for k, status in tried[side].items() if k not in (g.game_a if side == 0 else g.game_b)]
               for side in (0, 1)}
    return _result(g, sol, low, high, z, replies, base_call, first)


def _reply(g: _Game, sol: GameSolution, side: int, k: int, z: float) -> tuple[Fraction, float, float]:
    if side == 0:
        y = [(j, q) for j, q in zip(g.game_b, sol.col, strict=True) if q]
        if not all((k, j) in g.cells for j, _ in y):
            return Fraction(0), -1.0, 1.0
        return _mix_score([g.cells[(k, j)] for j, _ in y], [q for _, q in y], Z95)
    x = [(i, p) for i, p in zip(g.game_a, sol.row, strict=True) if p]
    if not all((i, k) in g.cells for i, _ in x):
        return Fraction(0), -1.0, 1.0
    return _mix_score([g.cells[(i, k)] for i, _ in x], [p for _, p in x], Z95)


def _result(g: _Game, sol: GameSolution, low: float, high: float, z: float,
            replies: dict[int, list[tuple[Strategy, Fraction, float, float, str]]], base_call: str,
            first: int) -> PlanGame:
    rows = [g.strat_a[i] for i in g.game_a]
    cols = [g.strat_b[j] for j in g.game_b]
    cells = [[g.cells.get((i, j), Cell()) for j in g.game_b] for i in g.game_a]
    i = max(range(len(rows)), key=lambda k: (sol.row[k], -k))
    j = max(range(len(cols)), key=lambda k: (sol.col[k], -k))
    live_a = tuple(g.game_a.index(k) for k in g.live_a)
    live_b = tuple(g.game_b.index(k) for k in g.live_b)
    return PlanGame(rows, cols, cells, sol, (i, j), first, g.spent, g.rounds, live_a, live_b,
                    (g.strat_a[g.game_a[0]].doctrine, g.strat_b[g.game_b[0]].doctrine), low, high, z, replies,
                    base_call, g.exact, g.spent, g.stop)


def refine(game: PlanGame, fought: list[tuple[int, int, int, int | None]]) -> PlanGame:
    """The game with the verdict's battles counted in: each ``(run, row, column, winner)`` whose run the
    race had not fought for that cell is one more battle of it (the runs it had fought are the same battles,
    the same seeds). The mix stays the one the verdict's battles were drawn from, so the battles and the
    value are the same game's: the value becomes what that mix scores on every battle fought, and its
    interval is rebuilt (what the mix of A secures against each of B's plans, what each of A's plans scores
    against B's mix: the game's value lies between, whatever the mixes)."""
    for run, i, j, winner in fought:
        c = game.cells[i][j]
        if run >= c.upto:
            c.runs += 1
            game.battles += 1
            if winner == 0:
                c.a_wins += 1
            elif winner == 1:
                c.b_wins += 1
            else:
                c.draws += 1
    x = [(i, p) for i, p in enumerate(game.solution.row) if p]
    y = [(j, q) for j, q in enumerate(game.solution.col) if q]
    value = sum((p * q * game.cells[i][j].payoff for i, p in x for j, q in y), Fraction(0))
    game.solution = GameSolution(value, game.solution.row, game.solution.col)
    lows = [_mix_score([game.cells[i][j] for i, _ in x], [p for _, p in x], game.z)[1]
            for j in range(len(game.plans_b)) if all(game.cells[i][j].runs for i, _ in x)]
    highs = [_mix_score([game.cells[i][j] for j, _ in y], [q for _, q in y], game.z)[2]
             for i in range(len(game.plans_a)) if all(game.cells[i][j].runs for j, _ in y)]
    # the doctrine check's replies still open count as they were measured
    highs += [hi for _, _, _, hi, status in game.replies.get(0, []) if status == "open"]
    lows += [lo for _, _, lo, _, status in game.replies.get(1, []) if status == "open"]
    game.low, game.high = max(-1.0, min(lows)), min(1.0, max(highs))
    return game


def verdict_runs(game: PlanGame, runs: int) -> int:
    """The verdict's battles: RUNS with --exact-runs; else as many as the race fought a cell of the best plans,
    at least :data:`VERDICT_MIN`, at most RUNS."""
    if game.exact:
        return runs
    fought = max((game.cells[i][j].upto for i, p in enumerate(game.solution.row) if p
                  for j, q in enumerate(game.solution.col) if q), default=0)
    return min(runs, max(VERDICT_MIN, fought))


def verdict_draws(game: PlanGame, runs: int, seed: int) -> list[tuple[int, int, int, Pairing]]:
    """Run i of the verdict: (i, A's strategy, B's strategy, their pairing), drawn from the equilibrium's mix
    (:func:`~drydock.engine.plan_cells.mix_draw`)."""
    out = []
    for run in range(runs):
        i = mix_draw(seed, run, "a", game.solution.row)
        j = mix_draw(seed, run, "b", game.solution.col)
        out.append((run, i, j, _pairing(game.plans_a[i], game.plans_b[j])))
    return out
