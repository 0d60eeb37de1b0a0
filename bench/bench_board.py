"""Board size against time: the set-up and the battles of one match-up on square boards up to the board limit.

    python bench/bench_board.py [--sizes 32 64 100 150 200] [--runs 3]

For each board (and the book's 32 x 18, the reference), prints the CPU seconds of building the match-up (the
doctrine's board tables) and of the slowest of ``--runs`` battles under each plan pairing of the menu that keeps
the fleets apart longest (evade, standoff), and each as a ratio to the reference measured in the same run. The
board limit (``drydock.limits.BOARD``, docs/limits.md) is set from these figures: a battle at the limit must be
set up and fought in a few seconds of CPU (issue 42: 200 x 200 took 13 s before the set-up walked each hex once
per direction).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock import limits  # noqa: E402
from drydock.engine.montecarlo import build_matchup, run_seed  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.formats import read_designs  # noqa: E402

EXAMPLES = ROOT / "examples" / "designs"
PLANS = (("evade", "evade"), ("standoff", "evade"), ("close", "evade"))


def measure(board: tuple[int, int], runs: int) -> tuple[float, float]:
    """(CPU seconds to build the match-up, CPU seconds of the slowest battle) on ``board``."""
    a = read_designs(EXAMPLES / "vigilant-cruiser.yaml") * 3
    b = read_designs(EXAMPLES / "wyvern-carrier.yaml") * 3
    build, worst = 0.0, 0.0
    for plan in PLANS:
        t = time.process_time()
        m = build_matchup(a, b, BattleSettings(board=board, plan=plan))
        build = max(build, time.process_time() - t)
        for i in range(runs):
            t = time.process_time()
            m.fight(random.Random(run_seed(1, i)))
            worst = max(worst, time.process_time() - t)
    return build, worst


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[32, 64, 100, 150, limits.BOARD.value])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    ref_build, ref_battle = measure((32, 18), args.runs)
    print(f"32x18 (reference): set-up {ref_build:.3f} s CPU, slowest battle {ref_battle:.3f} s CPU")
    for n in args.sizes:
        build, battle = measure((n, n), args.runs)
        print(f"{n}x{n}: set-up {build:.3f} s CPU (x{build / max(ref_build, 1e-9):.1f}), slowest battle "
              f"{battle:.3f} s CPU (x{battle / max(ref_battle, 1e-9):.1f})")
    print(f"board limit: {limits.BOARD.value} columns or rows")


if __name__ == "__main__":
    main()
