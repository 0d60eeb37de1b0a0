"""Drake and workbook speed: write and read generated designs, print designs per second.

    python bench/bench_interchange.py [--count N] [--seed S] [--sheets K]

Drake goal: 1,000 designs/s or more each way on one core (reading rates every design to
compare its stated values). Workbook goal: a 25-ship live workbook (the size of a fleet; about a
thousand formula cells per ship, each with its cached value) written in under 4 s and read back
in under a second (openpyxl's serialisation is most of the writing cost).
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
from drydock.formats.drake import canonical, from_drake, to_drake  # noqa: E402
from drydock.formats.excel.read import from_xlsx  # noqa: E402
from drydock.formats.excel.write import to_xlsx  # noqa: E402
from tests.design_generator import random_design  # noqa: E402


def _best(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=2000, help="designs for the Drake timing")
    ap.add_argument("--sheets", type=int, default=25, help="designs in the timed workbook")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rules = Ruleset.unity()
    rng = random.Random(args.seed)
    designs = [random_design(rng, rules) for _ in range(args.count)]

    text = to_drake(designs)
    t_write = _best(lambda: to_drake(designs), args.repeat)
    t_read = _best(lambda: from_drake(text), args.repeat)
    assert from_drake(text) == [canonical(d, rules) for d in designs]
    print(f"Drake: {args.count} designs, {len(text) / 1024:.0f} KiB")
    print(f"  write {args.count / t_write:8.0f} designs/s  ({t_write * 1000:.0f} ms)")
    print(f"  read  {args.count / t_read:8.0f} designs/s  ({t_read * 1000:.0f} ms)")

    fleet = designs[:args.sheets]
    data = to_xlsx(fleet)
    t_xw = _best(lambda: to_xlsx(fleet), args.repeat)
    t_xr = _best(lambda: from_xlsx(data), args.repeat)
    assert from_xlsx(data) == fleet
    print(f"xlsx: {len(fleet)} designs, {len(data) / 1024:.0f} KiB")
    print(f"  write {t_xw * 1000:6.0f} ms   read {t_xr * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
