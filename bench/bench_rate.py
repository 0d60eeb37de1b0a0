"""Rate 10,000 generated designs and print designs per second (aim: 5,000/s on one core).

    python bench/bench_rate.py [--count N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from drydock.generate import random_design
from drydock.rules import Ruleset
from drydock.validation import rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="time the rating loop this many times; report the best")
    args = ap.parse_args()
    rules = Ruleset.unity()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    designs = [random_design(rng, rules) for _ in range(args.count)]
    t_gen = time.perf_counter() - t0
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        total_cr = 0
        for d in designs:
            total_cr += rate(d, rules).combat_rating
        best = min(best, time.perf_counter() - t0)
    elapsed = best
    banks = sum(len(b.banks) for d in designs for b in d.weapons)
    print(f"generated {args.count} legal designs ({banks} banks) in {t_gen:.2f} s")
    print(f"rated (calculate + validate) {args.count} designs in {elapsed:.3f} s (best of {args.repeat}): "
          f"{args.count / elapsed:,.0f} designs/s (aim 5,000/s); mean CR {total_cr / args.count:.1f}")


if __name__ == "__main__":
    main()
