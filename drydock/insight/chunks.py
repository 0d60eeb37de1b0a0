"""One chunk of a round robin's runs, the same wherever it runs: local processes or a Dask worker.

Shared by :mod:`drydock.insight.tournament` (``--jobs``) and :mod:`drydock.insight.cluster` (``--scheduler``),
so both fight exactly the same battles for the same seed.
"""

from __future__ import annotations

import random
from typing import Any

from drydock.engine.montecarlo import run_seed


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
