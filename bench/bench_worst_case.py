"""Worst cases found by fuzzing: print how long the slowest inputs take (no pass/fail; house style 9).

    python bench/bench_worst_case.py [--mutations N] [--seed S]

* the analysis of a bank of 1,000 mounts at range 1000-1000-1000 (once 11.7 s: 6,000 volleys;
  now 3 bands x 6 shields; aim: under 5 s CPU);
* the slowest single mutated input of each reader (tests/fuzz.py; aim: under 5 s each on a
  shared machine), with the number of inputs read and refused.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests/ holds the fuzzer and the design helpers

from drydock.insight.analyze import analyse  # noqa: E402
from tests.fuzz import run  # noqa: E402
from tests.helpers import battery, design, mode  # noqa: E402

KINDS = ("yaml", "json", "drake", "admiralty", "nova", "xlsx")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mutations", type=int, default=300, help="mutated inputs per reader (xlsx: a fifth of it)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    far = design(hull=30, engines=2, weapons=[battery("Far", mode("1000-1000-1000", "1x5/1/1"), "1000A")])
    t0, c0 = time.perf_counter(), time.process_time()
    analyse(far)
    print(f"analyze, 1,000 mounts at range 1000 (aim < 5 s CPU): {time.perf_counter() - t0:.2f} s wall, "
          f"{time.process_time() - c0:.2f} s CPU")
    for kind in KINDS:
        n = max(1, args.mutations // 5) if kind == "xlsx" else args.mutations
        stats = run(kind, n, args.seed)
        print(f"{kind:9} {stats['cases']:5} inputs ({stats['read']} read, {stats['refused']} refused, "
              f"{len(stats['bad'])} bad): slowest {stats['slowest']:.3f} s (aim < 5 s)")


if __name__ == "__main__":
    main()
