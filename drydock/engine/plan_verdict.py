"""The verdict's battles and the value of the final matrix (issues 36 and 45), after :mod:`plan_game`'s race.

:func:`verdict_runs` and :func:`verdict_draws` say which battles the verdict flies (drawn from the race's mix, or
over every tied plan, :func:`verdict_mix`); :func:`conclude` counts them in (:func:`refine`: the final matrix
solved again, its LP value the value, its interval from that game's mixes or the race's) and fights on where they
left the verdict open (:func:`~drydock.engine.plan_game.extend`).
"""

from __future__ import annotations

from fractions import Fraction

from drydock.engine.matrix_game import GameSolution, solve
from drydock.engine.plan_cells import Pairing, mix_draw
from drydock.engine.plan_game import VERDICT_MIN, PlanGame, _mix_score, _pairing, extend

#: a mix: (strategy, its share) for each strategy it flies
Shares = list[tuple[int, Fraction]]


def _game_bounds(game: PlanGame, sol: GameSolution) -> tuple[float | None, float | None]:
    """The interval's ends for the mixes of ``sol`` over the game (rows ``plans_a``, columns ``plans_b``), with
    the open replies; None for an end whose mix has a reply not fought against it."""
    xs = [(i, p) for i, p in enumerate(sol.row) if p]
    ys = [(j, q) for j, q in enumerate(sol.col) if q]
    low, high = _own_ends(game, xs, ys)
    g = game.state
    if g is None:  # a game built by hand: its open replies as they were measured
        highs_open = [hi for _, _, _, hi, status in game.replies.get(0, []) if status == "open"]
        lows_open = [lo for _, _, lo, _, status in game.replies.get(1, []) if status == "open"]
        return min([low, *lows_open]), max([high, *highs_open])
    open_a, open_b = g.open_replies()
    return _replies_end(game, xs, open_b, 1, low), _replies_end(game, ys, open_a, 0, high)


def _own_ends(game: PlanGame, xs: Shares, ys: Shares) -> tuple[float, float]:
    """The lowest lower bound of what A's mix ``xs`` scores against each of B's strategies in the game, and the
    highest upper bound of what each of A's scores against B's mix ``ys`` (a strategy with a cell against the
    mix never fought is left out)."""
    lows = [_mix_score([game.cells[i][j] for i, _ in xs], [p for _, p in xs], game.z)[1]
            for j in range(len(game.plans_b)) if all(game.cells[i][j].runs for i, _ in xs)]
    highs = [_mix_score([game.cells[i][j] for j, _ in ys], [q for _, q in ys], game.z)[2]
             for i in range(len(game.plans_a)) if all(game.cells[i][j].runs for j, _ in ys)]
    return min(lows, default=-1.0), max(highs, default=1.0)


def _replies_end(game: PlanGame, mix: Shares, replies: list[int], side: int, end: float) -> float | None:
    """``end`` (a low for ``side`` 1, a high for ``side`` 0) widened by ``side``'s open ``replies`` (indices into
    the state's strategies) against the other side's ``mix`` (indices into the game's rows or columns): None when
    a reply was not fought against every strategy of the mix."""
    g = game.state
    assert g is not None
    cells = [[g.cells.get((k, g.game_b[j]) if side == 0 else (g.game_a[j], k)) for j, _ in mix] for k in replies]
    fought = [[c for c in cs if c is not None and c.runs] for cs in cells]
    if any(len(cs) < len(mix) for cs in fought):
        return None
    shares = [p for _, p in mix]
    if side == 0:
        return max([end, *(_mix_score(cs, shares, game.z)[2] for cs in fought)])
    return min([end, *(_mix_score(cs, shares, game.z)[1] for cs in fought)])


def refine(game: PlanGame, fought: list[tuple[int, int, int, int | None]]) -> PlanGame:
    """The game with the verdict's battles counted in: each ``(run, row, column, winner)`` whose run the race
    had not fought for that cell is one more battle of it (the runs it had fought are the same battles, the same
    seeds). The value becomes the LP value of the final matrix (issue 45: the game solved again, every strategy
    of it), and its interval is rebuilt from the new mixes and the ones the verdict's battles were drawn from,
    whichever bound is tighter (each is a bound of the value: what a mix of A secures against each of B's
    strategies, what each of A's strategies scores against a mix of B's)."""
    for run, i, j, winner in fought:
        if game.cells[i][j].count(run, winner):
            game.battles += 1
            if game.state is not None:
                game.state.spent += 1
    old = game.solution
    if all(c.runs for row in game.cells for c in row):
        new = solve(game.matrix)
    else:  # a game built by hand with a cell never fought: the mix stays, its value is read on the battles
        x = [(i, p) for i, p in enumerate(old.row) if p]
        y = [(j, q) for j, q in enumerate(old.col) if q]
        new = GameSolution(sum((p * q * game.cells[i][j].payoff for i, p in x for j, q in y), Fraction(0)),
                           old.row, old.col)
    ends = [_game_bounds(game, s) for s in (new, old)]
    lows = [lo for lo, _ in ends if lo is not None]
    highs = [hi for _, hi in ends if hi is not None]
    game.low = max(-1.0, max(lows, default=-1.0))
    game.high = min(1.0, min(highs, default=1.0))
    game.solution = new
    i = max(range(len(game.plans_a)), key=lambda k: (new.row[k], -k))
    j = max(range(len(game.plans_b)), key=lambda k: (new.col[k], -k))
    game.chosen = (i, j)
    return game


def conclude(game: PlanGame, fought: list[tuple[int, int, int, int | None]]) -> PlanGame:
    """The verdict's battles counted in (:func:`refine`), then the race fought on if they left it open
    (:func:`~drydock.engine.plan_game.extend`) and the final matrix solved again."""
    game = refine(game, fought)
    more = extend(game)
    return game if more is game else refine(more, [])


def verdict_runs(game: PlanGame, runs: int) -> int:
    """The verdict's battles: RUNS with --exact-runs; else :data:`VERDICT_MIN` (at most RUNS): they show how the
    best plans' battles go and add their new runs to the game, whose cells carry the value."""
    return runs if game.exact else min(runs, VERDICT_MIN)


def verdict_mix(game: PlanGame) -> GameSolution:
    """The mix the verdict's battles are drawn from: the equilibrium's, or, where other strategies tie with it
    exactly (they score the value against the other side's mix, as every plan does when round 1 was won 16 of
    16 everywhere), half the equilibrium's and half spread evenly over every tied strategy, so that the
    verdict's battles fight what the ties hid (issue 45)."""
    s, m = game.solution, game.matrix
    fought = [[c.runs > 0 for c in row] for row in game.cells]
    rows = [i for i in range(len(m)) if all(fought[i][j] for j, q in enumerate(s.col) if q)
            and sum((m[i][j] * q for j, q in enumerate(s.col)), Fraction(0)) == s.value]
    cols = [j for j in range(len(m[0])) if all(fought[i][j] for i, p in enumerate(s.row) if p)
            and sum((m[i][j] * p for i, p in enumerate(s.row)), Fraction(0)) == s.value]

    def spread(mix: tuple[Fraction, ...], tied: list[int]) -> tuple[Fraction, ...]:
        if all(mix[k] for k in tied):
            return mix
        return tuple((p + (Fraction(1, len(tied)) if k in tied else 0)) / 2 for k, p in enumerate(mix))

    return GameSolution(s.value, spread(s.row, rows), spread(s.col, cols))


def verdict_draws(game: PlanGame, runs: int, seed: int) -> list[tuple[int, int, int, Pairing]]:
    """Run i of the verdict: (i, A's strategy, B's strategy, their pairing), drawn from :func:`verdict_mix`
    (:func:`~drydock.engine.plan_cells.mix_draw`)."""
    mix = verdict_mix(game)
    out = []
    for run in range(runs):
        i = mix_draw(seed, run, "a", mix.row)
        j = mix_draw(seed, run, "b", mix.col)
        out.append((run, i, j, _pairing(game.plans_a[i], game.plans_b[j])))
    return out
