"""Rate generated legal designs and print designs per second (aim: 5,000/s on one quiet core).

    python bench/bench_rate.py [--count N] [--seed S] [--repeat R]

The rating path is exact rational arithmetic (``int``/``Fraction``); pure steps are
memoised per ruleset, so the figures are printed twice: *cold* (every memo cleared,
each design rated once, the honest figure for a batch of new designs) and *warm*
(best of R further passes over the same designs).
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
    t0 = time.perf_counter()
    total_cr = 0
    for d in designs:
        total_cr += rate(d, rules).combat_rating
    cold = time.perf_counter() - t0
    warm = float("inf")
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        for d in designs:
            rate(d, rules)
        warm = min(warm, time.perf_counter() - t0)
    banks = sum(len(b.banks) for d in designs for b in d.weapons)
    print(f"generated {args.count} legal designs ({banks} banks) in {t_gen:.2f} s")
    print(f"rated (calculate + validate) {args.count} designs: cold {args.count / cold:,.0f} designs/s "
          f"({cold:.3f} s, memos cleared, aim 5,000/s); warm {args.count / warm:,.0f} designs/s "
          f"(best of {args.repeat}); mean CR {total_cr / args.count:.1f}")


if __name__ == "__main__":
    main()
