"""Seeded-log hash check (issue 22): the SHA-256 of the full turn-by-turn logs of seeded battles.

    python bench/bench_log_hash.py [--runs N] [--seed S]

Every ordered pair of example designs fights ``--runs`` battles (run i of ``--seed``) with the doctrine's
own range (no plan), each with its full log; the logs are hashed in order. Run it before and after an
engine change that should not change play (a speed-up, a refactor): equal hashes prove the same battles,
roll for roll. Prints the hash and the battles per CPU second of the logged battles.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine.montecarlo import build_matchup, run_seed  # noqa: E402
from drydock.formats import read_designs  # noqa: E402

EXAMPLES = ROOT / "examples" / "designs"


def log_hash(runs: int, seed: int) -> tuple[str, int]:
    names = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))
    h = hashlib.sha256()
    n = 0
    for a in names:
        for b in names:
            m = build_matchup(read_designs(EXAMPLES / f"{a}.yaml")[:1], read_designs(EXAMPLES / f"{b}.yaml")[:1])
            for i in range(runs):
                r = m.fight(random.Random(run_seed(seed, i)), log=True)
                h.update("\n".join(r.log).encode())
                n += 1
    return h.hexdigest(), n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t = time.process_time()
    digest, n = log_hash(args.runs, args.seed)
    dt = time.process_time() - t
    print(f"{n} logged battles, seed {args.seed}: sha256 {digest} ({n / dt:.0f} battles per CPU second, logged)")


if __name__ == "__main__":
    main()
