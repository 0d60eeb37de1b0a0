"""The verdict as the value of the plan game (issues 22, 36 and 45).

Each side picks a **strategy**: a doctrine (:data:`~drydock.engine.ai.DOCTRINES`) and a plan of the menu
(:mod:`~drydock.engine.plans`), from a set-up (2.3) when the game chooses among deployments; plans that fly the
same way in this match-up (the same range to steer for against every enemy design, and the same cloak rule when a
ship has a cloak) are one row or column. Every pairing is fought with the same seeds (common random numbers: run i
of every cell uses ``run_seed(seed, i)``), and the matrix of payoffs

    payoff = (A wins - B wins) / battles      (win 1, draw 0, loss -1; the same game as win + draw / 2)

is solved exactly (:func:`~drydock.engine.matrix_game.solve`: linear programming in Fractions). The value is
what side A can guarantee with its best (mixed) strategy against side B's best reply.

**Sequential stopping** (issue 36): the cells are fought in rounds (16 battles a cell, then doubled), and after
each round the game's value gets an interval (:func:`value_interval`): from what A's equilibrium mix scores
against each of B's strategies (its lowest lower bound) to what A's best strategy scores against B's mix (the
highest upper bound). The true value lies between the two whatever the mixes' errors, so the verdict is decided
as soon as the interval leaves 0; its confidence is corrected for the rounds looked at (:func:`look_z`). The race
stops when the verdict is decided, when the interval is within :data:`EVEN` of even, at ``runs`` battles a cell,
or at its budget (:func:`race_budget`).

**Replies** (issue 45): the game starts from the doctrines each side was given (and, with ``--deployment
choose``, the standard set-up); every other strategy (the other doctrine's plans, the other set-ups) is tried as a
reply to the other side's equilibrium mix (:func:`_check_replies`). A reply that does better with 95% confidence
joins the game (and the race goes on); one that cannot change the verdict is done; one still open at the check's
budget counts in the interval as measured (it was fought: its bound is a real one); one the budget could not fight
at all is left out of the game and named (:attr:`PlanGame.unchecked`), never counted as +-1. No pure pairing of a
mixture is ever re-fought alone.

**The value** is the LP value of the final matrix (:func:`~drydock.engine.plan_verdict.refine`: the verdict's
battles counted in and the game solved again), with the interval of its mixes. When the race stops on exact ties
(every cell of round 1 won 16 of 16), the verdict's battles spread over every tied plan
(``plan_verdict.verdict_mix``), so that a plan the ties hid is fought before the value is read; a verdict the
battles left open is fought further (:func:`extend`).

``exact=True`` (``battle --exact-runs``) turns the stopping off: the race of issue 22 (round 1 RUNS / cells
battles, doubled until one strategy a side is left or the budget, every set-up in the game from the start) and
exactly RUNS verdict battles. Every round fights runs ``n .. 2n - 1`` of each cell it fights, so the game is the
same for a seed whatever ``--jobs``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from statistics import NormalDist

from drydock.core.model import Design
from drydock.engine.ai import DEFAULT_DOCTRINE, DOCTRINES, Style, doctrine_pair
from drydock.engine.battle import Matchup
from drydock.engine.deployment import STRATEGY_SEP, distinct_deployments, with_deployments
from drydock.engine.matrix_game import GameSolution, solve
from drydock.engine.plan_cells import Cell, Pairing, fight_cells, game_matchup
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
    #: replies the budget could not fight, per side: left out of the game and of the interval, named
    unchecked: dict[int, list[Strategy]] = field(default_factory=dict)
    #: battles fought after the verdict's (:func:`extend`)
    extended: int = 0
    #: the game while it is fought (for ``plan_verdict.refine`` and :func:`extend`)
    state: _Game | None = field(default=None, repr=False, compare=False)

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
    #: the replies each side may try (indices into strat_a, strat_b, not in the game at the start), in order
    replies: dict[int, list[int]] = field(default_factory=dict)
    #: what the check found of each reply tried: "better", "no help", "open" or "not checked"
    tried: dict[int, dict[int, str]] = field(default_factory=lambda: {0: {}, 1: {}})
    #: the most battles of the race and the check together, and the z of the interval
    cap: int = 0
    z: float = Z95

    def cell(self, i: int, j: int) -> Cell:
        return self.cells.setdefault((i, j), Cell())

    def fight(self, pairs: list[tuple[int, int]], upto: int, stage: str) -> None:
        """Runs ``cell.upto .. upto - 1`` of each pair of strategies (indices into strat_a, strat_b)."""
        todo = [(i, j, self.cell(i, j).upto) for i, j in sorted(set(pairs)) if self.cell(i, j).upto < upto]
        if not todo:
            return
        jobs = [(_pairing(self.strat_a[i], self.strat_b[j]), start, upto) for i, j, start in todo]
        got = fight_cells(self.side_a, self.side_b, jobs, settings=self.settings, seed=self.seed, jobs=self.jobs,
                          stage=stage, progress=self.progress)
        for (i, j, start), c in zip(todo, got, strict=True):
            cell = self.cell(i, j)
            cell.forget(start, upto)  # a verdict's run counted before is this round's battle now
            cell.add(c)
            cell.upto = upto
            self.spent += upto - start

    def solve(self) -> GameSolution:
        """The game of the live strategies, as a solution over every strategy of the game."""
        return self.solve_over(self.live_a, self.live_b)

    def solve_over(self, rows: list[int], cols: list[int]) -> GameSolution:
        sol = solve([[self.cell(i, j).payoff for j in cols] for i in rows])
        row = {i: p for i, p in zip(rows, sol.row, strict=True)}
        col = {j: q for j, q in zip(cols, sol.col, strict=True)}
        return GameSolution(sol.value, tuple(row.get(i, Fraction(0)) for i in self.game_a),
                            tuple(col.get(j, Fraction(0)) for j in self.game_b))

    def solve_all(self) -> GameSolution:
        """The LP of the whole game's matrix (every strategy in it whose cells were all fought)."""
        rows = [i for i in self.game_a if all(self.cell(i, j).runs for j in self.game_b)] or self.live_a
        cols = [j for j in self.game_b if all(self.cell(i, j).runs for i in rows)] or self.live_b
        return self.solve_over(rows, cols)

    def open_replies(self) -> tuple[list[int], list[int]]:
        """The replies fought but not settled (they count in the interval as measured)."""
        return ([k for k, s in self.tried[0].items() if s == "open" and k not in self.game_a],
                [k for k, s in self.tried[1].items() if s == "open" and k not in self.game_b])


def _mix_score(cells: list[Cell], mix: list[Fraction], z: float) -> tuple[Fraction, float, float]:
    """A strategy's payoff (to A) against a mix, with its interval (the cells' errors taken as independent)."""
    mean = sum((p * c.payoff for p, c in zip(mix, cells, strict=True)), Fraction(0))
    half = z * math.sqrt(sum(float(p) ** 2 * c.variance() / max(c.runs, 1) for p, c in zip(mix, cells, strict=True)))
    return mean, float(mean) - half, float(mean) + half


def _bounds(g: _Game, sol: GameSolution, z: float, rows: Sequence[int], cols: Sequence[int]
            ) -> tuple[dict[int, float], dict[int, float]]:
    """What A's mix secures against each of ``cols`` (its lower bound) and what each of ``rows`` scores against
    B's mix (its upper bound); a strategy without a fought cell against the mix is left out."""
    xs = [(i, p) for i, p in zip(g.game_a, sol.row, strict=True) if p]
    ys = [(j, q) for j, q in zip(g.game_b, sol.col, strict=True) if q]
    lows = {j: _mix_score([g.cells[(i, j)] for i, _ in xs], [p for _, p in xs], z)[1]
            for j in cols if all((i, j) in g.cells and g.cells[(i, j)].runs for i, _ in xs)}
    highs = {i: _mix_score([g.cells[(i, j)] for j, _ in ys], [q for _, q in ys], z)[2]
             for i in rows if all((i, j) in g.cells and g.cells[(i, j)].runs for j, _ in ys)}
    return lows, highs


def value_interval(g: _Game, sol: GameSolution, z: float, extra_a: Sequence[int] = (),
                   extra_b: Sequence[int] = ()) -> tuple[float, float]:
    """The interval of the game's value: low, the lowest lower bound of what A's mix scores against each of B's
    strategies (those in the game and the replies ``extra_b``); high, the highest upper bound of what each of A's
    strategies scores against B's mix. The value is at least what A's mix guarantees and at most what B's mix
    concedes, so it lies between the two however good the mixes are."""
    lows, highs = _bounds(g, sol, z, [*g.game_a, *extra_a], [*g.game_b, *extra_b])
    return max(-1.0, min(lows.values(), default=-1.0)), min(1.0, max(highs.values(), default=1.0))


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


def _race(g: _Game, z: float, budget: int, pairs: list[tuple[int, int]] | None = None
          ) -> tuple[GameSolution, float, float]:
    """Fight round by round until the verdict is decided (or even), a cell has RUNS battles, or the next round
    would pass ``budget``: every live cell (or ``pairs`` first), doubled each round. (Issue 45 tried fighting
    only the cells a bound needs after round 1: the mix then rested on cells of unequal precision and mixed games
    were decided later, so every live cell is doubled, as issue 36 did.)"""
    if pairs is None:
        pairs = [(i, j) for i in g.live_a for j in g.live_b]
    while True:
        stage = f"trying {len(g.live_a)}x{len(g.live_b)} plans (round {g.rounds + 1})"
        g.fight(pairs, g.n, stage)
        g.rounds += 1
        sol = g.solve()
        low, high = value_interval(g, sol, z)
        _eliminate(g, sol)
        g.stop = "exact" if g.exact else "decided" if _call(low, high) != "open" else "cap"
        sol = g.solve()
        if (not g.exact and _call(low, high) != "open") or (len(g.live_a) == 1 and len(g.live_b) == 1) \
                or g.n >= g.runs:
            return sol, *value_interval(g, sol, z)
        nxt = min(2 * g.n, g.runs)
        pairs = [(i, j) for i in g.live_a for j in g.live_b]
        if g.spent + sum(max(0, nxt - g.cell(i, j).upto) for i, j in pairs) > budget:
            return sol, *value_interval(g, sol, z)
        g.n = nxt


@dataclass
class _Mix:
    """The equilibrium's mixes: A's strategies it flies with their shares (``x``, into strat_a), B's (``y``)."""

    x: list[tuple[int, Fraction]]
    y: list[tuple[int, Fraction]]

    @classmethod
    def of(cls, g: _Game, sol: GameSolution) -> _Mix:
        return cls([(i, p) for i, p in zip(g.game_a, sol.row, strict=True) if p],
                   [(j, q) for j, q in zip(g.game_b, sol.col, strict=True) if q])

    def pairs(self, side: int, k: int) -> list[tuple[int, int]]:
        """The cells of ``side``'s reply ``k`` against the other side's mix."""
        return [(k, j) for j, _ in self.y] if side == 0 else [(i, k) for i, _ in self.x]

    def score(self, g: _Game, side: int, k: int) -> tuple[Fraction, float, float]:
        """``side``'s reply ``k`` against the other side's mix: its payoff to A, with its 95% interval."""
        return _mix_score([g.cells[p] for p in self.pairs(side, k)],
                          [q for _, q in self.y] if side == 0 else [p for _, p in self.x], Z95)

    def cost(self, g: _Game, replies: Iterable[tuple[int, int]], upto: int) -> int:
        """The battles that fighting each ``(side, reply)`` against the mix up to run ``upto`` adds."""
        return sum(max(0, upto - g.cell(*p).upto) for side, k in replies for p in self.pairs(side, k))


def _schedule_replies(g: _Game, mix: _Mix, call: str, skip: Callable[[int, int], bool], n: int, room: int
                      ) -> dict[int, list[int]]:
    """The replies the check fights, ``n`` battles a cell within ``room`` battles: each side's not in the game nor
    named by ``skip``, for a side the verdict ``call`` does not favour (another strategy could only favour it
    more); the sides' k-th replies together, both or neither (which side is A changes nothing); those the room
    cannot fight once are marked "not checked"."""
    waiting = {side: [k for k in g.replies.get(side, []) if k not in (g.game_a if side == 0 else g.game_b)
                      and not skip(side, k)]
               for side in (0, 1) if call != "AB"[side]}
    todo: dict[int, list[int]] = {0: [], 1: []}
    for k in range(max((len(ks) for ks in waiting.values()), default=0)):
        kth = [(side, ks[k]) for side, ks in waiting.items() if k < len(ks)]
        cost = mix.cost(g, kth, n)
        for side, r in kth:
            if cost <= room:
                todo[side].append(r)
            else:
                g.tried[side][r] = "not checked"
        room -= cost if cost <= room else 0
    return todo


def _judge_replies(g: _Game, mix: _Mix, todo: dict[int, list[int]], v: Fraction, call: str,
                   better: list[int]) -> dict[int, list[int]]:
    """Each reply fought this round against the other side's mix (value ``v``), at 95% (``g.tried``): "better"
    (it beats the equilibrium: added to ``better``, strat_b's offset by len(strat_a)), "no help" (it does not, or
    cannot change the verdict ``call``) or "open" (returned, to fight on)."""
    still: dict[int, list[int]] = {0: [], 1: []}
    for side, ks in todo.items():
        for k in ks:
            _, lo, hi = mix.score(g, side, k)
            gain, harmless = (lo > v, hi <= v or (call == "B" and hi < 0)) if side == 0 else \
                (hi < v, lo >= v or (call == "A" and lo > 0))
            status = g.tried[side][k] = "better" if gain else "no help" if harmless else "open"
            if gain:
                better.append(k if side == 0 else len(g.strat_a) + k)
            elif status == "open":
                still[side].append(k)
    return still


def _check_replies(g: _Game, sol: GameSolution, low: float, high: float, budget: int,
                   skip: Callable[[int, int], bool] = lambda side, k: False) -> tuple[list[int], int]:
    """The replies (the other doctrine's strategies, the other set-ups) to the other side's equilibrium mix, both
    sides' together, fought :data:`FIRST_QUICK` battles a cell, doubled until each is done: ``better`` (it beats
    the equilibrium with 95% confidence: the check stops there and the caller puts it in the game), ``no help``
    (it does not, or it cannot change the verdict), ``open`` (RUNS or ``budget`` battles reached: it counts in
    the interval as measured) or ``not checked`` (the budget could not fight it once: left out, and named). A
    favoured side's replies are not fought, nor those ``skip`` names. Returns the better strategies (indices into
    strat_a, then strat_b offset by len(strat_a)) and the battles a cell they were fought."""
    call = _call(low, high)
    mix = _Mix.of(g, sol)
    n = min(g.runs, FIRST_QUICK)
    todo = _schedule_replies(g, mix, call, skip, n, budget - g.spent)
    stage = "checking the other doctrine" if not g.settings.deployments else "checking the other strategies"
    better: list[int] = []
    while any(todo.values()):
        g.fight([p for side, ks in todo.items() for k in ks for p in mix.pairs(side, k)], n, stage)
        todo = _judge_replies(g, mix, todo, sol.value, call, better)
        nxt = min(2 * n, g.runs)
        if better or n >= g.runs or g.spent + mix.cost(g, [(side, k) for side, ks in todo.items() for k in ks],
                                                       nxt) > budget:
            break
        n = nxt
    return better, n


def _cover(g: _Game, sol: GameSolution) -> None:
    """The open replies fought against the final mix where they were not (a reply measured against an earlier
    mix bounds nothing of this one): as many battles a cell as they had."""
    mix = _Mix.of(g, sol)
    open_a, open_b = g.open_replies()
    pairs = [p for side, ks in enumerate((open_a, open_b)) for k in ks for p in mix.pairs(side, k)]
    n = max([FIRST_QUICK, *(c.upto for (i, j), c in g.cells.items() if i in open_a or j in open_b)])
    g.fight(pairs, min(g.runs, n), "checking the other doctrine")


def plan_game(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *, runs: int,
              seed: int, jobs: int = 1, exact: bool = False, progress: StageProgress | None = None) -> PlanGame:
    """Fight the plan game to its verdict (module docstring) under ``settings`` (its ``plan`` and ``record`` are
    the game's to choose: each cell flies its own pairing, unrecorded); the caller then fights the verdict's
    battles (:mod:`~drydock.engine.plan_verdict`: ``verdict_runs``, ``verdict_draws``, then ``conclude``)."""
    settings = settings or BattleSettings()
    given = doctrine_pair(settings.doctrine)
    deployments = settings.deployments  # chosen deployment (2.3): each plan from each set-up
    settings = replace(settings, doctrine=given, plan=None, record=False)
    inner = replace(settings, deployments=())
    strat: list[list[Strategy]] = [[], []]
    for side in (0, 1):
        for style in [given[side], *(s for s in DOCTRINES.values() if s != given[side])]:
            pair = (style, given[1]) if side == 0 else (given[0], style)
            m = game_matchup(side_a, side_b, replace(inner, doctrine=pair))
            chosen = distinct_deployments(m.board, max(map(len, m.sides)), deployments) if deployments else None
            strat[side] += [Strategy(style, p) for p in with_deployments(distinct_plans(m, side), chosen)]

    def base(side: int, s: Strategy) -> bool:  # the game starts from the given doctrine (and set-up)
        home = not deployments or exact or s.plans[0].partition(STRATEGY_SEP)[2] == deployments[0]
        return s.doctrine == given[side] and home

    base_a = [k for k, s in enumerate(strat[0]) if base(0, s)]
    base_b = [k for k, s in enumerate(strat[1]) if base(1, s)]
    # the replies: the given doctrine's other set-ups first, then the other doctrine's (its own set-up first)
    order = {side: sorted((k for k in range(len(strat[side])) if k not in (base_a, base_b)[side]),
                          key=lambda k, side=side: (strat[side][k].doctrine != given[side],  # type: ignore[misc]
                                                    not base(side, replace(strat[side][k], doctrine=given[side])),
                                                    k))
             for side in (0, 1)}
    first = first_runs(runs, len(base_a) * len(base_b), exact)
    g = _Game(side_a, side_b, settings if deployments else inner, seed, jobs, runs, exact, progress, strat[0],
              strat[1], base_a, base_b, list(base_a), list(base_b), n=first, replies=order)
    g.z = Z95 if exact else look_z(runs, first)
    budget = race_budget(runs, len(base_a) * len(base_b))
    g.cap = budget + doctrine_budget(runs)  # the race, then the check and its additions
    sol, low, high = _race(g, g.z, budget)
    base_call = _call(low, high)
    sol, low, high = _replies(g, sol, low, high)
    return _result(g, sol, low, high, base_call, first)


def _replies(g: _Game, sol: GameSolution, low: float, high: float) -> tuple[GameSolution, float, float]:
    """The check of the replies, the better ones put in the game and the race fought on; the open replies
    covered against the final mix and counted in the interval. With chosen set-ups, the replies that change
    one thing (the doctrine, or the set-up) are tried first; one that changes both only where neither the
    doctrine nor the set-up alone was no help with every plan (a set-up clearly worse is pruned as plans are)."""
    base = (g.strat_a[g.game_a[0]], g.strat_b[g.game_b[0]])

    def where(s: Strategy) -> str:
        return s.plans[0].partition(STRATEGY_SEP)[2]

    def twice(side: int, k: int) -> bool:  # a reply that changes both the doctrine and the set-up
        s = (g.strat_a, g.strat_b)[side][k]
        return s.doctrine != base[side].doctrine and where(s) != where(base[side])

    def pruned(side: int, k: int) -> bool:
        s = (g.strat_a, g.strat_b)[side][k]
        once = [(r, g.tried[side].get(i)) for i, r in enumerate((g.strat_a, g.strat_b)[side])
                if i in g.tried[side] and not twice(side, i)]
        by_doctrine = [st for r, st in once if r.doctrine == s.doctrine]
        by_set_up = [st for r, st in once if where(r) == where(s)]
        return any(ss and all(st == "no help" for st in ss) for ss in (by_doctrine, by_set_up))

    phase2 = False
    for _ in range(2 * (len(g.strat_a) + len(g.strat_b))):
        better, n_check = _check_replies(g, sol, low, high, g.cap,
                                         (lambda side, k: twice(side, k) and pruned(side, k)) if phase2
                                         else twice)
        if not better:
            if phase2 or not g.settings.deployments:
                break
            phase2 = True
            continue
        rows = g.game_a + [k for k in better if k < len(g.strat_a)]
        cols = g.game_b + [k - len(g.strat_a) for k in better if k >= len(g.strat_a)]
        n = min(g.n, n_check)  # the new cells start where the check left them; the race doubles from there
        fill = sum(max(0, n - g.cell(i, j).upto) for i in rows for j in cols)
        if g.spent + fill > g.cap:  # no room to put them in the game: they stay open (counted as measured)
            for k in better:
                side, idx = (0, k) if k < len(g.strat_a) else (1, k - len(g.strat_a))
                g.tried[side][idx] = "open"
            break
        g.game_a, g.game_b, g.n = rows, cols, n
        g.live_a, g.live_b = list(rows), list(cols)  # a new strategy may revive an old reply
        sol, low, high = _race(g, g.z, g.cap)
    open_a, open_b = g.open_replies()
    if open_a or open_b:
        _cover(g, sol)
        low, high = value_interval(g, sol, g.z, open_a, open_b)
    return sol, low, high


def _reply(g: _Game, sol: GameSolution, side: int, k: int) -> tuple[Fraction, float, float]:
    mix = _Mix.of(g, sol)
    if not all(p in g.cells for p in mix.pairs(side, k)):
        return Fraction(0), -1.0, 1.0
    return mix.score(g, side, k)


def _result(g: _Game, sol: GameSolution, low: float, high: float, base_call: str, first: int) -> PlanGame:
    rows = [g.strat_a[i] for i in g.game_a]
    cols = [g.strat_b[j] for j in g.game_b]
    cells = [[g.cell(i, j) for j in g.game_b] for i in g.game_a]
    i = max(range(len(rows)), key=lambda k: (sol.row[k], -k))
    j = max(range(len(cols)), key=lambda k: (sol.col[k], -k))
    live_a = tuple(g.game_a.index(k) for k in g.live_a)
    live_b = tuple(g.game_b.index(k) for k in g.live_b)
    replies = {side: [(g.strat_a[k] if side == 0 else g.strat_b[k], *_reply(g, sol, side, k), status)
                      for k, status in g.tried[side].items()
                      if status != "not checked" and k not in (g.game_a if side == 0 else g.game_b)]
               for side in (0, 1)}
    unchecked = {side: [(g.strat_a, g.strat_b)[side][k] for k, status in g.tried[side].items()
                        if status == "not checked"] for side in (0, 1)}
    return PlanGame(rows, cols, cells, sol, (i, j), first, g.spent, g.rounds, live_a, live_b,
                    (g.strat_a[g.game_a[0]].doctrine, g.strat_b[g.game_b[0]].doctrine), low, high, g.z, replies,
                    base_call, g.exact, g.spent, g.stop, {k: v for k, v in unchecked.items() if v},
                    state=g)


def extend(game: PlanGame) -> PlanGame:
    """A verdict the verdict's battles left open (issue 45: spend battles where the interval is close to
    deciding): the race fought on from where it stopped, on the cells that can move the verdict, within the
    budget of the race and the check (never with --exact-runs). The caller solves the final matrix again
    (:func:`~drydock.engine.plan_verdict.conclude`)."""
    g = game.state
    if g is None or game.exact or game.call() != "open" or g.n >= g.runs:
        return game
    sol = g.solve()
    pairs = [(i, j) for i in g.live_a for j in g.live_b]
    nxt = min(2 * g.n, g.runs)
    if not pairs or g.spent + sum(max(0, nxt - g.cell(i, j).upto) for i, j in pairs) > g.cap:
        return game
    g.n = nxt
    before = g.spent
    sol, low, high = _race(g, g.z, g.cap, pairs)
    open_a, open_b = g.open_replies()
    if open_a or open_b:
        _cover(g, sol)
    out = _result(g, sol, *value_interval(g, sol, g.z, open_a, open_b), game.base_call, game.first)
    out.race_battles, out.extended = game.race_battles, game.extended + g.spent - before
    return out
