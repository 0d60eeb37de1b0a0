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
from dataclasses import replace
from typing import Any

from drydock import numbers
from drydock.core.model import Design
from drydock.engine.ai import Style
from drydock.engine.montecarlo import run_seed
from drydock.engine.plan_cells import fight_verdict
from drydock.engine.plan_game import plan_game
from drydock.engine.plan_verdict import conclude, verdict_draws, verdict_runs
from drydock.engine.plans import MENU
from drydock.engine.settings import BattleSettings
from drydock.limits import TURNS

COUNTS = ("a_wins", "b_wins", "draws", "turns")
#: a value written as a fraction; its parts are read by the one bounded parser (drydock.numbers)
_FRACTION = re.compile(r"-?[0-9]{1,30}(/[0-9]{1,30})?")
VERDICT = ("runs", "value", "value_low", "value_high", "plans", "battles")


def pairing_settings(settings: BattleSettings, doctrines: list[str | Style] | None, i: int, j: int
                     ) -> BattleSettings:
    """The settings of pairing (i, j), design i as side A: with one doctrine per design, each flies its own (not
    the doctrine of the side it happens to be placed on)."""
    return settings if doctrines is None else replace(settings, doctrine=(doctrines[i], doctrines[j]))


def fight_chunk(m: Any, seed: int, start: int, stop: int) -> list[int]:
    """Runs start..stop of one match-up, run k seeded ``run_seed(seed, k)``: [wins of A, wins of B, draws, turns]."""
    out = [0, 0, 0, 0]
    for k in range(start, stop):
        r = m.fight(random.Random(run_seed(seed, k)))
        out[0 if r.winner == 0 else 1 if r.winner == 1 else 2] += 1
        out[3] += r.turns
    return out


def fight_pairing(one: Design, two: Design, settings: BattleSettings, seed: int, runs: int, jobs: int = 1
                  ) -> dict[str, Any]:
    """The verdict of ``one`` (side A) against ``two`` as ``drydock battle`` gives it (issues 22 and 36): the plan
    game fought to its verdict with ``seed`` (:func:`~drydock.engine.plan_game.plan_game`: sequential stopping,
    the doctrine as part of the plan), then the verdict's battles flown from the equilibrium's mix and counted
    into the value (:func:`~drydock.engine.plan_verdict.conclude`); the same result whatever ``jobs``. The counts of
    the verdict's battles (``a_wins``, ``b_wins``, ``draws``, ``turns``), the refined value for A (a fraction as
    text) and its interval (``value_low``, ``value_high``), the plans each side flies most and every battle
    fought (``battles``)."""
    g = plan_game([one], [two], settings, runs=runs, seed=seed, jobs=jobs)
    n = verdict_runs(g, runs)
    draws = verdict_draws(g, n, seed)
    results = fight_verdict([one], [two], [(run, p) for run, _, _, p in draws], replace(settings, plan=None),
                            seed=seed, jobs=jobs)
    out = [0, 0, 0, 0]
    for r in results:
        out[0 if r.winner == 0 else 1 if r.winner == 1 else 2] += 1
        out[3] += r.turns
    g = conclude(g, [(run, i, j, r.winner) for (run, i, j, _), r in zip(draws, results, strict=True)])
    i, j = g.chosen
    return {"a_wins": out[0], "b_wins": out[1], "draws": out[2], "turns": out[3], "runs": n,
            "value": str(g.solution.value), "value_low": round(g.low, 4), "value_high": round(g.high, 4),
            "plans": [g.names_a()[i], g.names_b()[j]], "battles": g.battles + n}


def counts_ok(counts: list[Any], runs: int) -> bool:
    """[wins of A, wins of B, draws, turns] of ``runs`` battles: ints that add up, turns within the limit."""
    return (len(counts) == 4 and all(type(x) is int and x >= 0 for x in counts)
            and counts[0] + counts[1] + counts[2] == runs and counts[3] <= runs * TURNS.value)


def verdict_ok(r: dict[str, Any], runs: int) -> bool:
    """A plan-game verdict (saved or sent back by a worker): a value in [-1, 1] written as a fraction inside its
    interval, two plan groups of the menu (a doctrine in brackets), the verdict's battles (at most ``runs``) and at
    least those fought in all."""
    value = r["value"]  # str(Fraction): "1/3", "-1"; text of that shape only, read by the one bounded parser
    try:  # ("1e99999999" is refused before its power of ten is built)
        v = (numbers.parse(value, digits=30, limit=1) if isinstance(value, str) and _FRACTION.fullmatch(value)
             else None)
    except numbers.NumberError:
        v = None
    plans, low, high, n = r["plans"], r["value_low"], r["value_high"], r["runs"]
    return (v is not None and -1 <= v <= 1 and isinstance(plans, list) and len(plans) == 2
            and all(isinstance(p, str) and p and set(p.split(" (")[0].split("/")) <= set(MENU) for p in plans)
            and all(type(x) in (int, float) and -1 <= x <= 1 for x in (low, high)) and low <= high
            and type(n) is int and 1 <= n <= runs
            and type(r["battles"]) is int and n <= r["battles"] <= 8 * runs * len(MENU) ** 2)


def result_ok(got: Any, runs: int, plans: bool) -> bool:
    """A task's result as data, checked before it is counted (a worker is another machine): with ``plans``
    :func:`fight_pairing`'s dict (its verdict's battles at most ``runs``), else :func:`fight_chunk`'s four counts
    of ``runs`` battles."""
    if plans:
        return (isinstance(got, dict) and set(got) == set(COUNTS + VERDICT) and verdict_ok(got, runs)
                and counts_ok([got[k] for k in COUNTS], got["runs"]))
    return isinstance(got, list) and counts_ok(got, runs)
