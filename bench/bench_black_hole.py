"""How often the doctrine lets a black hole's End Phase pull take a ship (G.2; issue 37).

    python bench/bench_black_hole.py [--runs N] [--seed S] [--size K] [--swap]

Fights ``--runs`` seeded Majestic v Vigilant battles (run i of ``--seed``) with one size-``--size`` black hole
(``--terrain black-hole:K``), each with its full log, and counts the battles in which a ship was "drawn into a
black hole (G.2)" and the ships so lost, per side, with the winners. ``--swap`` puts the Vigilant on side A.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine.montecarlo import build_matchup, run_seed  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.formats import read_designs  # noqa: E402

EXAMPLES = ROOT / "examples" / "designs"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=2)
    ap.add_argument("--swap", action="store_true")
    args = ap.parse_args()
    a = read_designs(EXAMPLES / "majestic.yaml")[:1]
    b = read_designs(EXAMPLES / "vigilant-cruiser.yaml")[:1]
    if args.swap:
        a, b = b, a
    m = build_matchup(a, b, BattleSettings(terrain=(f"black-hole:{args.size}",)))
    battles = ships = 0
    wins = {"A": 0, "B": 0, "draw": 0}
    for i in range(args.runs):
        r = m.fight(random.Random(run_seed(args.seed, i)), log=True)
        drawn = sum(1 for line in r.log if "drawn into a black hole" in line)
        battles += drawn > 0
        ships += drawn
        wins["draw" if r.winner is None else "AB"[r.winner]] += 1
    print(f"{args.runs} battles, seed {args.seed}, black-hole:{args.size}: {battles} with a ship drawn into the "
          f"black hole ({ships} ships); wins A {wins['A']} B {wins['B']} draws {wins['draw']}")


if __name__ == "__main__":
    main()
