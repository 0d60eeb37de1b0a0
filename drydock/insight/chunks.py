"""One task of a round robin, the same wherever it runs: local processes or a Dask worker.

Shared by :mod:`drydock.insight.tournament` (``--jobs``) and :mod:`drydock.insight.cluster` (``--scheduler``),
so both fight exactly the same battles for the same seed. A task is either a chunk of runs of one match-up
(:func:`fight_chunk`, a tournament without plans) or a whole pairing's verdict (:func:`fight_pairing`: the
plan game of ``battle``, raced, and its equilibrium pairing fought RUNS times), which is what
``drydock tournament`` fights.
"""

from __future__ import annotations

import random
from typing import Any

from drydock.core.model import Design
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.plan_game import plan_game


def pairing_options(opts: dict[str, Any], doctrines: list[Any] | None, i: int, j: int) -> dict[str, Any]:
    """The match-up options of pairing (i, j), design i as side A: with one doctrine per design, each flies
    its own (not the doctrine of the side it happens to be placed on)."""
    return opts if doctrines is None else {**opts, "doctrine": (doctrines[i], doctrines[j])}


def fight_chunk(m: Any, seed: int, start: int, stop: int) -> list[int]:
    """Runs start..stop of one match-up, run k seeded ``run_seed(seed, k)``: [wins of A, wins of B, draws, turns]."""
    out = [0, 0, 0, 0]
    for k in range(start, stop):
        r = m.fight(random.Random(run_seed(seed, k)))
        out[0 if r.winner == 0 else 1 if r.winner == 1 else 2] += 1
        out[3] += r.turns
    return out


def fight_pairing(one: Design, two: Design, opts: dict[str, Any], seed: int, runs: int, jobs: int = 1
                  ) -> dict[str, Any]:
    """The verdict of ``one`` (side A) against ``two`` as ``drydock battle`` gives it (issue 22): the plan game
    raced with ``seed`` (:func:`~drydock.engine.plan_game.plan_game`, in this process), then its equilibrium's
    most-played pairing fought ``runs`` battles (the race spread over ``jobs`` processes: the same result
    whatever ``jobs``). The counts of those battles (``a_wins``, ``b_wins``,
    ``draws``, ``turns``), the game's exact value for A (a fraction as text), the plans chosen (each side's
    group of plans that fly alike) and every battle fought (``battles``)."""
    g = plan_game([one], [two], runs=runs, seed=seed, jobs=jobs, **opts)
    i, j = g.chosen
    m = build_matchup([one], [two], **{**opts, "plan": g.chosen_plans()})
    a, b, d, t = fight_chunk(m, seed, 0, runs)
    return {"a_wins": a, "b_wins": b, "draws": d, "turns": t, "value": str(g.solution.value),
            "plans": ["/".join(g.plans_a[i]), "/".join(g.plans_b[j])], "battles": g.battles + runs}
