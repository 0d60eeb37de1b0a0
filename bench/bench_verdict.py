"""The verdict of ``drydock battle`` (issue 36): battles fought, CPU seconds, the value with its interval, the
verdict, for the example match-ups and the ladders, stopped early (the default) and with ``--exact-runs``;
and the stopping rule's error rate on real mirrors.

    python bench/bench_verdict.py                      # the examples and the ladders, RUNS 1000, both ways
    python bench/bench_verdict.py --only examples      # just the example match-ups
    python bench/bench_verdict.py --mirrors 40         # 40 seeds of each small mirror at --mirror-runs 200

"Battles" counts every battle fought: the race and the doctrine check, then the verdict's battles (fought
again, recorded, for the report). One process (``--jobs 1``): the CPU seconds are the command's own, start-up
not included (about 0.4 s of imports for ``drydock battle``).
"""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine import compiled  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.insight.battle_run import run_battle  # noqa: E402

EX = ROOT / "examples" / "designs"
LADDER = ROOT / "tests" / "fixtures" / "ladder"
EXAMPLES = (("majestic", "vigilant-cruiser", 1), ("majestic", "vigilant-cruiser", 4),
            ("bastion-battleship", "dauntless-dreadnought", 1), ("shade-raider", "comet-frigate", 1),
            ("shade-raider", "harrier-missile-destroyer", 1), ("harrier-missile-destroyer", "kestrel-corvette", 1),
            ("wyvern-carrier", "bastion-battleship", 1), ("majestic", "shade-raider", 1))
LADDERS = (("brawler", (6, 7, 8), "majestic"), ("sniper", (3, 4, 5), "shade-raider"),
           ("turret", (3, 4, 5), "shade-raider"), ("seeker", (2, 3, 4), "comet-frigate"),
           ("carrier", (4, 6, 8), "bastion-battleship"))
MIRRORS = ("kestrel-corvette", "comet-frigate")


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def verdict_of(a: Path, b: Path, runs: int, seed: int, count: int = 1, exact: bool = False) -> dict:
    """One ``drydock battle`` as the command runs it, in this process."""
    t = _cpu()
    run = run_battle(str(a), str(b), BattleSettings(doctrine=("aggressive", "aggressive")), runs=runs, seed=seed,
                     count_a=count, count_b=count, exact=exact)
    g = run.game
    assert g is not None
    return {"cpu": _cpu() - t, "battles": g.race_battles + run.summary.runs, "value": float(g.value),
            "low": g.low, "high": g.high, "call": g.call(), "verdict": run.data["verdict"].split(":")[1].strip(),
            "runs": run.summary.runs}


def row(name: str, quick: dict, exact: dict | None) -> str:
    text = (f"{name:38} {quick['battles']:6} {quick['cpu']:6.2f}s  {quick['value']:+.2f} [{quick['low']:+.2f}, "
            f"{quick['high']:+.2f}]  {quick['verdict']}")
    if exact:
        text += (f"\n{'':38} {exact['battles']:6} {exact['cpu']:6.2f}s  {exact['value']:+.2f} [{exact['low']:+.2f}, "
                 f"{exact['high']:+.2f}]  {exact['verdict']}  (--exact-runs)")
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("examples", "ladders", "mirrors"))
    ap.add_argument("--no-exact", action="store_true", help="Skip the --exact-runs comparison.")
    ap.add_argument("--mirrors", type=int, default=0, help="Seeds of each small mirror (0: none).")
    ap.add_argument("--mirror-runs", type=int, default=200)
    args = ap.parse_args()
    print(f"engine: {'compiled' if compiled() else 'Python'}; RUNS {args.runs}, seed {args.seed}, one process")
    print(f"{'match-up':38} {'battles':>6} {'CPU':>7}  value [interval]  verdict")
    if args.only in (None, "examples"):
        for a, b, count in EXAMPLES:
            name = f"{a} v {b}" + (f" ({count} v {count})" if count > 1 else "")
            pa, pb = EX / f"{a}.yaml", EX / f"{b}.yaml"
            quick = verdict_of(pa, pb, args.runs, args.seed, count)
            exact = None if args.no_exact else verdict_of(pa, pb, args.runs, args.seed, count, exact=True)
            print(row(name, quick, exact), flush=True)
    if args.only in (None, "ladders"):
        for rung, steps, opponent in LADDERS:
            for k in steps:
                pa, pb = LADDER / f"{rung}-{k}.yaml", EX / f"{opponent}.yaml"
                quick = verdict_of(pa, pb, args.runs, args.seed)
                exact = None if args.no_exact else verdict_of(pa, pb, args.runs, args.seed, exact=True)
                print(row(f"{rung}-{k} v {opponent}", quick, exact), flush=True)
    if args.mirrors:
        for name in MIRRORS:
            p = EX / f"{name}.yaml"
            calls = [verdict_of(p, p, args.mirror_runs, seed) for seed in range(1, args.mirrors + 1)]
            close = sum(c["call"] not in ("A", "B") for c in calls)
            print(f"mirror {name}: too close to call {close} of {len(calls)} ({100 * close / len(calls):.0f}%), "
                  f"{sum(c['battles'] for c in calls) / len(calls):.0f} battles and "
                  f"{sum(c['cpu'] for c in calls) / len(calls):.2f} CPU s each at RUNS {args.mirror_runs}", flush=True)


if __name__ == "__main__":
    main()
