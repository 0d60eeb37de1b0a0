"""Battles per second of the play engine (issue 6): 1-vs-1, 4-vs-4, and --jobs scaling.

    python bench/bench_battle.py [A.yaml [B.yaml]] [--runs N]

Defaults to the Majestic (examples/designs/majestic.yaml) against itself. Prints figures; asserts
nothing (speed goals live here, not in the unit tests). "per CPU second" counts the CPU time of this
process and its workers, so it stays meaningful when other programs share the cores; "CPUs busy"
= wall rate / CPU rate shows how much parallelism --jobs actually got.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine.montecarlo import simulate  # noqa: E402
from drydock.formats import read_designs  # noqa: E402


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def rate(side_a, side_b, runs: int, jobs: int) -> tuple[float, float, float]:
    """(battles per wall-clock second, battles per CPU second of this process and its workers, mean turns)."""
    t = time.perf_counter()
    c = _cpu()
    s = simulate(side_a, side_b, runs=runs, seed=1, jobs=jobs)
    dt = time.perf_counter() - t
    dc = _cpu() - c
    return runs / dt, runs / dc, s.turns / runs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("a", nargs="?", default=str(ROOT / "examples" / "designs" / "majestic.yaml"))
    ap.add_argument("b", nargs="?")
    ap.add_argument("--runs", type=int, default=1000)
    args = ap.parse_args()
    a = read_designs(args.a)[:1]
    b = read_designs(args.b or args.a)[:1]
    name = f"{a[0].class_name} vs {b[0].class_name}"
    cores = os.cpu_count() or 1
    print(f"{name}; {cores} cores; load average {os.getloadavg()[0]:.2f}")
    r1, c1, t1 = rate(a, b, args.runs, 1)
    print(f"1 vs 1, --jobs 1: {r1:8.0f} battles/s wall, {c1:6.0f} per CPU second (mean {t1:.1f} turns)")
    r4, c4, t4 = rate(a * 4, b * 4, max(args.runs // 8, 50), 1)
    print(f"4 vs 4, --jobs 1: {r4:8.0f} battles/s wall, {c4:6.0f} per CPU second (mean {t4:.1f} turns)")
    for jobs in range(2, max(cores, 2) + 1):
        rj, cj, _ = rate(a, b, args.runs * jobs, jobs)
        print(f"1 vs 1, --jobs {jobs}: {rj:8.0f} battles/s wall (x{rj / r1:.2f} of --jobs 1), "
              f"{cj:6.0f} per CPU second; CPUs busy on average {cj and rj / cj:.2f}")
        r4j, c4j, _ = rate(a * 4, b * 4, max(args.runs // 8, 50) * jobs, jobs)
        print(f"4 vs 4, --jobs {jobs}: {r4j:8.0f} battles/s wall (x{r4j / r4:.2f} of --jobs 1), "
              f"{c4j:6.0f} per CPU second; CPUs busy on average {c4j and r4j / c4j:.2f}")


if __name__ == "__main__":
    main()
