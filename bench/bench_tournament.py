"""Round-robin throughput (issue 15): 10 designs (the nine examples and a test battlecruiser), RUNS per pairing.

    python bench/bench_tournament.py [--runs N] [--jobs J]

Prints battles per wall-clock second and per CPU second (this process and its workers), and the projected
time of 10 designs x 1,000 runs on this machine. Each pairing plays the plan game (issue 22: up to 3 x RUNS
battles), so the battles fought are counted, not runs x pairings. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import time

from bench_battle import ROOT, _cpu, read_designs

from drydock.insight.tournament import Tournament


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    files = sorted((ROOT / "examples" / "designs").glob("*.yaml")) + [ROOT / "tests/fixtures/battle/battlecruiser.yaml"]
    designs = [d for f in files for d in read_designs(str(f))]
    t = Tournament(designs, args.runs, 1, {})
    wall, cpu = time.perf_counter(), _cpu()
    t.run(jobs=args.jobs)
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    n = t.battles_fought
    print(f"{len(designs)} designs, {len(t.pairs())} pairings x {args.runs} runs: {n} battles fought (each "
          f"pairing's plan game, raced, and its equilibrium pairing's {args.runs}), jobs {args.jobs}")
    print(f"wall {wall:.1f} s: {n / wall:.0f} battles/s; CPU {cpu:.1f} s: {n / cpu:.0f} battles per CPU second "
          f"({cpu / wall:.2f} CPUs busy)")
    scale = 1000 / args.runs  # the race and the equilibrium pairing both grow with RUNS
    print(f"10 designs x 1,000 runs projected: {wall * scale / 60:.1f} min wall here, "
          f"{cpu * scale / 60 / 2:.1f} min on two free cores")

if __name__ == "__main__":
    main()
