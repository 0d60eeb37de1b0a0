"""Rate generated legal designs and print designs per second (aim: 5,000/s on one quiet core).

    python bench/bench_rate.py [--count N] [--seed S] [--repeat R]

The rating path is exact rational arithmetic (``int``/``Fraction``); pure steps are
memoised per ruleset, so the figures are printed twice: *cold* (every memo cleared,
each design rated once, the honest figure for a batch of new designs) and *warm*
(best of R further passes over the same designs). Each is given in wall-clock time and
in CPU time of this process (fairer on a shared machine).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests/ holds the design generator

from drydock.core.rules import Ruleset  # noqa: E402
from drydock.core.validation import rate  # noqa: E402
from tests.design_generator import random_design  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="warm passes over the same designs; report the best")
    args = ap.parse_args()
    rules = Ruleset.unity()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    designs = [random_design(rng, rules) for _ in range(args.count)]
    t_gen = time.perf_counter() - t0
    clear = getattr(rules, "clear_memo", None)  # absent before the exact-ratings change
    if clear is not None:
        clear()
    t0, c0 = time.perf_counter(), time.process_time()
    total_cr = 0
    for d in designs:
        total_cr += rate(d, rules).combat_rating
    cold, cold_cpu = time.perf_counter() - t0, time.process_time() - c0
    warm = warm_cpu = float("inf")
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        for d in designs:
            rate(d, rules)
        warm, warm_cpu = min(warm, time.perf_counter() - t0), min(warm_cpu, time.process_time() - c0)
    banks = sum(len(b.banks) for d in designs for b in d.weapons)
    n = args.count
    print(f"generated {n} legal designs ({banks} banks) in {t_gen:.2f} s; mean CR {total_cr / n:.1f}")
    print(f"rated (calculate + validate), aim 5,000 designs/s: cold (memos cleared) {n / cold:,.0f}/s wall, "
          f"{n / cold_cpu:,.0f}/s CPU; warm (best of {args.repeat}) {n / warm:,.0f}/s wall, "
          f"{n / warm_cpu:,.0f}/s CPU")


if __name__ == "__main__":
    main()
