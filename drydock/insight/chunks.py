"""One task of a round robin, the same wherever it runs: local processes or a Dask worker.

Shared by :mod:`drydock.insight.tournament` (``--jobs``) and :mod:`drydock.insight.cluster` (``--scheduler``),
so both fight exactly the same battles for the same seed. A task is either a chunk of runs of one match-up
(:func:`fight_chunk`, a tournament without plans) or a whole pairing's verdict (:func:`fight_pairing`: the
plan game of ``battle``, raced, and its equilibrium pairing fought RUNS times), which is what
``drydock tournament`` fights.
"""

from __future__ import annotations

import random
import re
from typing import Any

from drydock import numbers
from drydock.core.model import Design
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.plan_game import plan_game
from drydock.engine.plans import MENU
from drydock.limits import TURNS

COUNTS = ("a_wins", "b_wins", "draws", "turns")
_FRACTION = re.compile(r"-?[0-9]{1,20}(/[0-9]{1,20})?")
VERDICT = ("value", "plans", "battles")


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


def counts_ok(counts: list[Any], runs: int) -> bool:
    """[wins of A, wins of B, draws, turns] of ``runs`` battles: ints that add up, turns within the limit."""
    return (len(counts) == 4 and all(type(x) is int and x >= 0 for x in counts)
            and counts[0] + counts[1] + counts[2] == runs and counts[3] <= runs * TURNS.value)


def verdict_ok(r: dict[str, Any], runs: int) -> bool:
    """A plan-game verdict (saved or sent back by a worker): a value in [-1, 1] written as a fraction, two plan
    groups of the menu, and at least the ``runs`` battles of the equilibrium pairing fought."""
    value = r["value"]  # str(Fraction): "1/3", "-1"; text of that shape only, read by the one bounded parser
    try:  # ("1e99999999" is refused before its power of ten is built)
        v = numbers.parse(value, limit=1) if isinstance(value, str) and _FRACTION.fullmatch(value) else None
    except numbers.NumberError:
        v = None
    plans = r["plans"]
    return (v is not None and -1 <= v <= 1 and isinstance(plans, list) and len(plans) == 2
            and all(isinstance(p, str) and p and set(p.split("/")) <= set(MENU) for p in plans)
            and type(r["battles"]) is int and runs <= r["battles"] <= 4 * runs * len(MENU) ** 2)


def result_ok(got: Any, runs: int, plans: bool) -> bool:
    """A task's result as data, checked before it is counted (a worker is another machine): with ``plans``
    :func:`fight_pairing`'s dict for ``runs`` battles, else :func:`fight_chunk`'s four counts."""
    if plans:
        return (isinstance(got, dict) and set(got) == set(COUNTS + VERDICT)
                and counts_ok([got[k] for k in COUNTS], runs) and verdict_ok(got, runs))
    return isinstance(got, list) and counts_ok(got, runs)
