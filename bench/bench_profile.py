"""Where a pairing's time goes (issue 22 speed): a sampling profile, and instructions per battle.

    python bench/bench_profile.py [--ships K] [--runs N] [--interval SECONDS]
    python bench/bench_profile.py --instructions [--ships K] [--runs N]

Majestic against Majestic, K ships a side, one pairing (the engine behind ``--no-robustness``), seed 1, after 50
warm-up battles of another seed (the matchup's memos fill as in a long run).

- Default: a sampling profile (``SIGPROF`` every ``--interval`` seconds of CPU time): the share of samples in
  each function (self) and in each function or its callees (cumulative; the kernel may tick more coarsely than
  asked, so few samples come of short runs). Unlike cProfile it adds no cost per
  call, so many cheap calls are not overstated against a few expensive ones.
- ``--instructions``: the instructions per battle counted by valgrind's cachegrind, (runs N+1 - run 1) / N. The
  count is deterministic, so it compares two versions of the engine on a machine shared with other work, where
  CPU seconds vary by 10% from run to run; it does not see memory stalls (the cycle collector's scans).
"""

from __future__ import annotations

import argparse
import collections
import re
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine.montecarlo import simulate  # noqa: E402
from drydock.formats import read_designs  # noqa: E402

MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"


def sample(ships: int, runs: int, interval: float) -> None:
    side = read_designs(MAJESTIC)[:1] * ships
    simulate(side, side, runs=50, seed=7, jobs=1)  # warm-up: the memos of another seed
    own: collections.Counter[str] = collections.Counter()
    cum: collections.Counter[str] = collections.Counter()

    def name(f: FrameType) -> str:
        return f"{Path(f.f_code.co_filename).name}:{f.f_code.co_name}"

    def on_tick(_sig: int, frame: FrameType | None) -> None:
        if frame is None:
            return
        own[name(frame)] += 1
        seen = set()
        f: FrameType | None = frame
        while f is not None:
            seen.add(name(f))
            f = f.f_back
        cum.update(seen)

    signal.signal(signal.SIGPROF, on_tick)
    signal.setitimer(signal.ITIMER_PROF, interval, interval)
    simulate(side, side, runs=runs, seed=1, jobs=1)
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    total = sum(own.values()) or 1
    print(f"{ships} vs {ships}, {runs} battles: {total} samples")
    for title, counts in (("self", own), ("cumulative", cum)):
        print(f"-- {title}")
        for key, n in counts.most_common(25):
            print(f"{n / total:6.1%}  {key}")


def instructions(ships: int, runs: int) -> None:
    def count(n: int) -> int:
        code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from drydock.formats import read_designs; "
                f"from drydock.engine.montecarlo import simulate; s = read_designs({str(MAJESTIC)!r})[:1] * {ships}; "
                f"simulate(s, s, runs={n}, seed=1, jobs=1)")
        out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr
        m = re.search(r"I\s+refs:\s+([\d,]+)", out)
        assert m is not None, out
        return int(m.group(1).replace(",", ""))

    per = (count(runs + 1) - count(1)) / runs
    print(f"{ships} vs {ships}: {per:,.0f} instructions per battle (cachegrind, runs 2-{runs + 1} of seed 1)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ships", type=int, default=1, help="ships a side")
    ap.add_argument("--runs", type=int, default=None, help="battles (default 3,000, or 300 with --instructions)")
    ap.add_argument("--interval", type=float, default=0.0005, help="CPU seconds between samples")
    ap.add_argument("--instructions", action="store_true", help="count instructions with valgrind instead")
    args = ap.parse_args()
    if args.instructions:
        instructions(args.ships, args.runs or 300)
    else:
        sample(args.ships, args.runs or 3_000, args.interval)


if __name__ == "__main__":
    main()
