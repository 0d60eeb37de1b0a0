"""How often the doctrine lets a black hole's End Phase pull take a ship (G.2; issue 37).

    python bench/bench_black_hole.py [--runs N] [--seed S] [--size K] [--swap] [--plans]

Fights ``--runs`` seeded Majestic v Vigilant battles (run i of ``--seed``) with one size-``--size`` black hole
(``--terrain black-hole:K``), each with its full log, and counts the battles in which a ship was "drawn into a
black hole (G.2)" and the ships so lost, with the winners, and how many of those ships still had an engine rating
when they gave their last orders (a ship with engines should never steer where the pull dooms it; issue 45).
``--swap`` puts the Vigilant on side A. ``--plans``: one line per plan pair (A's plan, B's plan, of the plan menu,
and the doctrine's own range), each both ways round, and the totals.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine.montecarlo import build_matchup, run_seed  # noqa: E402
from drydock.engine.plans import MENU  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.formats import read_designs  # noqa: E402

EXAMPLES = ROOT / "examples" / "designs"


def drawn(log: list[str]) -> tuple[int, int]:
    """(ships drawn into the hole, of which had an engine rating at their last orders) in one battle's log."""
    ships = engines = 0
    for n, line in enumerate(log):
        if "drawn into a black hole" in line:
            label = line.split()[0]
            orders = [x for x in log[:n] if x.startswith(f"  {label} ") and " orders " in x]
            ships += 1
            engines += bool(orders) and " ER 0:" not in orders[-1]
    return ships, engines


def fight(a: list, b: list, size: int, runs: int, seed: int, plan: tuple[str, str] | None) -> dict[str, int]:
    m = build_matchup(a, b, BattleSettings(terrain=(f"black-hole:{size}",), plan=plan))
    out = {"battles": 0, "ships": 0, "engines": 0, "A": 0, "B": 0, "draw": 0}
    for i in range(runs):
        r = m.fight(random.Random(run_seed(seed, i)), log=True)
        ships, engines = drawn(r.log)
        out["battles"] += ships > 0
        out["ships"] += ships
        out["engines"] += engines
        out["draw" if r.winner is None else "AB"[r.winner]] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=2)
    ap.add_argument("--swap", action="store_true")
    ap.add_argument("--plans", action="store_true", help="every plan pair, both ways round")
    args = ap.parse_args()
    a = read_designs(EXAMPLES / "majestic.yaml")[:1]
    b = read_designs(EXAMPLES / "vigilant-cruiser.yaml")[:1]
    if args.swap:
        a, b = b, a
    if not args.plans:
        r = fight(a, b, args.size, args.runs, args.seed, None)
        print(f"{args.runs} battles, seed {args.seed}, black-hole:{args.size}: {r['battles']} with a ship drawn into "
              f"the black hole ({r['ships']} ships, {r['engines']} with engines); wins A {r['A']} B {r['B']} draws "
              f"{r['draw']}")
        return
    total = {"battles": 0, "ships": 0, "engines": 0}
    pairs: list[tuple[str, str] | None] = [(x, y) for x in MENU for y in MENU] + [None]
    for plan in pairs:
        for name, (x, y) in (("Majestic v Vigilant", (a, b)), ("Vigilant v Majestic", (b, a))):
            r = fight(x, y, args.size, args.runs, args.seed, plan)
            label = f"A {plan[0]}, B {plan[1]}" if plan else "the doctrine's own range"
            print(f"{name}, {label}: {r['battles']} of {args.runs} battles with a ship drawn in ({r['ships']} ships, "
                  f"{r['engines']} with engines)", flush=True)
            for k in total:
                total[k] += r[k]
    print(f"black-hole:{args.size}, seed {args.seed}, {len(pairs) * 2 * args.runs} battles: {total['battles']} with a "
          f"ship drawn in ({total['ships']} ships, {total['engines']} with engines)")


if __name__ == "__main__":
    main()
