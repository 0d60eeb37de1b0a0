"""The verdict of ``drydock battle`` (issues 36 and 45): battles fought, CPU seconds, the value with its interval,
the verdict, on ladders of match-ups, against long-run references; ``--deployment choose`` against the standard
set-up; and the stopping rule's error rate on real mirrors.

    python bench/bench_verdict.py                          # every ladder, RUNS 1000, stopped early (the default)
    python bench/bench_verdict.py --only generated         # one ladder: examples, fixtures or generated
    python bench/bench_verdict.py --reference refs.json    # also the long runs (--exact-runs, 3 x RUNS), cached
    python bench/bench_verdict.py --choose 6               # the first 6 match-ups with --deployment choose
    python bench/bench_verdict.py --mirrors 40             # 40 seeds of each small mirror at --mirror-runs 200
    python bench/bench_verdict.py --code /path/to/checkout # the same match-ups on another version's code
    python bench/bench_verdict.py --match brawler-8 --command 3  # one match-up, also as 3 whole commands

The ladders: the example match-ups, the fixtures' ladders (tests/fixtures/ladder) against the example nearest
their CR, and a ladder nobody tuned for: legal designs drawn by tests/design_generator.py (seeds 1, 2, ...; hull
6 to 24, engines 2 or more, at most three batteries), each against the example design nearest its CR.

"Battles" counts every battle of the game: the race, the checks, the verdict's battles that were new runs (the
verdict's battles that repeat a run of the race are fought again, recorded, for the report: the CPU counts them).
One process (``--jobs 1``): the CPU seconds are the command's own, start-up not included (about 0.5 s of imports
for ``drydock battle``); ``--command N`` also runs each match-up N times as a whole ``python -m drydock battle``
process (start-up, reading and printing included: the CPU seconds a user's command costs, its children's
rusage), and prints the lowest and the median. The commands run as an installed drydock does, from cached
bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped and one untimed run writes it): compiling the package's sources
at every start costs about 0.15 CPU s more. A reference is the value of the same game at
``--exact-runs`` with RUNS 1,000 (its interval beside it); a match-up is *decided* when the reference's
interval leaves 0. The summary counts the decided match-ups left "too close to call", the sides called for
undecided ones, the calls against the reference, and the references outside the quick interval.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


EXAMPLES = (("majestic", "vigilant-cruiser", 1), ("majestic", "vigilant-cruiser", 4),
            ("bastion-battleship", "dauntless-dreadnought", 1), ("shade-raider", "comet-frigate", 1),
            ("shade-raider", "harrier-missile-destroyer", 1), ("harrier-missile-destroyer", "kestrel-corvette", 1),
            ("wyvern-carrier", "bastion-battleship", 1), ("majestic", "shade-raider", 1),
            ("harrier-missile-destroyer", "majestic", 1))
LADDERS = (("brawler", (6, 7, 8), "majestic"), ("sniper", (3, 4, 5), "shade-raider"),
           ("turret", (3, 4, 5), "shade-raider"), ("seeker", (2, 3, 4), "comet-frigate"),
           ("carrier", (4, 6, 8), "bastion-battleship"))
MIRRORS = ("kestrel-corvette", "comet-frigate")
GENERATED = 12


def generated(folder: Path, count: int) -> list[tuple[str, Path, Path, int]]:
    """``count`` legal designs from tests/design_generator.py (seeds 1, 2, ...), each against the example nearest
    its CR: (name, A's file, B's file, ships a side)."""
    from drydock.core.validation import rate
    from drydock.formats import read_designs, write_designs
    from tests.design_generator import random_design

    examples = {p.stem: rate(read_designs(p)[0]).combat_rating for p in sorted((ROOT / "examples" / "designs")
                                                                              .glob("*.yaml"))}
    out: list[tuple[str, Path, Path, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        d = random_design(random.Random(seed), max_batteries=3)
        if not (6 <= d.hull <= 24 and d.engines >= 2):
            continue
        cr = rate(d).combat_rating
        if cr <= 0:
            continue
        d = d.model_copy(update={"faction": "Generated", "class_name": f"Gen {seed}", "type": "Design"})
        path = folder / f"gen-{seed}.yaml"
        write_designs(path, [d])
        near = min(examples, key=lambda k: (abs(examples[k] - cr), k))
        out.append((f"gen-{seed} (CR {cr}) v {near}", path, ROOT / "examples" / "designs" / f"{near}.yaml", 1))
    return out


def matchups(only: str | None, folder: Path) -> list[tuple[str, Path, Path, int]]:
    ex, ladder = ROOT / "examples" / "designs", ROOT / "tests" / "fixtures" / "ladder"
    out = []
    if only in (None, "examples"):
        out += [(f"{a} v {b}" + (f" ({n} v {n})" if n > 1 else ""), ex / f"{a}.yaml", ex / f"{b}.yaml", n)
                for a, b, n in EXAMPLES]
    if only in (None, "fixtures"):
        out += [(f"{rung}-{k} v {opp}", ladder / f"{rung}-{k}.yaml", ex / f"{opp}.yaml", 1)
                for rung, steps, opp in LADDERS for k in steps]
    if only in (None, "generated"):
        out += generated(folder, GENERATED)
    return out


def verdict_of(a: Path, b: Path, runs: int, seed: int, count: int = 1, exact: bool = False,
               choose: bool = False, swap: bool = False) -> dict:
    """One ``drydock battle`` as the command runs it, in this process (``swap``: B v A, the value negated back)."""
    from drydock.engine.settings import BattleSettings
    from drydock.insight.battle_run import run_battle

    settings = BattleSettings(doctrine=("aggressive", "aggressive"))
    if choose:
        from drydock.engine.choices import DEPLOYMENT_NAMES
        settings = BattleSettings(doctrine=("aggressive", "aggressive"), deployments=DEPLOYMENT_NAMES)
    if swap:
        a, b = b, a
    t = _cpu()
    run = run_battle(str(a), str(b), settings, runs=runs, seed=seed, count_a=count, count_b=count, exact=exact)
    g = run.game
    assert g is not None
    sign = -1 if swap else 1
    low, high = (-g.high, -g.low) if swap else (g.low, g.high)
    call = {"A": "B", "B": "A"}.get(g.call(), g.call()) if swap else g.call()
    s = run.summary
    return {"cpu": round(_cpu() - t, 2), "battles": g.battles,
            "value": round(sign * float(g.value), 4),
            "low": round(low, 4), "high": round(high, 4), "call": call,
            "verdict": run.data["verdict"].split(":")[1].strip(), "runs": s.runs,
            "wdl": [s.a_wins, s.draws, s.b_wins], "head": run.data["verdict"].split("95% sure: ")[0][:90]}


def command_cpu(a: Path, b: Path, runs: int, seed: int, count: int, code: Path) -> float:
    """The CPU seconds of one whole ``python -m drydock battle`` process (start-up included), on ``code``, with
    its bytecode cached as an install has it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPATH": str(code)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "drydock", "battle", str(a), str(b), "--runs", str(runs), "--seed",
                    str(seed), "--count-a", str(count), "--count-b", str(count), "--jobs", "1"], cwd=code,
                   env=env, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _row(name: str, r: dict, tag: str = "") -> str:
    return (f"{name[:44]:44} {r['battles']:6} {r['cpu']:6.2f}s  {r['value']:+.2f} [{r['low']:+.2f}, "
            f"{r['high']:+.2f}]  {r['call']:5} {r['head'][9:80]}{tag}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("examples", "fixtures", "generated", "none"))
    ap.add_argument("--reference", help="JSON file of the long runs (read if it exists, else fought and written).")
    ap.add_argument("--reference-runs", type=int, default=1000)
    ap.add_argument("--choose", type=int, default=0,
                    help="The first N one-on-one match-ups also fought with --deployment choose.")
    ap.add_argument("--swap", action="store_true", help="Also fight each match-up B v A (the verdict's symmetry).")
    ap.add_argument("--mirrors", type=int, default=0, help="Seeds of each small mirror (0: none).")
    ap.add_argument("--mirror-runs", type=int, default=200)
    ap.add_argument("--code", help="A checkout whose drydock package is measured (default: this one).")
    ap.add_argument("--match", action="append", help="Only the match-ups whose name contains this (repeatable).")
    ap.add_argument("--command", type=int, default=0,
                    help="Also run each match-up N times as a whole drydock battle process (start-up included).")
    ap.add_argument("--out", help="Write every figure to this JSON file.")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.code:
        sys.path.insert(0, str(Path(args.code).resolve()))
    import drydock
    from drydock.engine import compiled
    print(f"code: {Path(drydock.__file__).parent.parent}; engine: {'compiled' if compiled() else 'Python'}; "
          f"RUNS {args.runs}, seed {args.seed}, one process")
    refs: dict = {}
    ref_path = Path(args.reference) if args.reference else None
    if ref_path and ref_path.exists():
        refs = json.loads(ref_path.read_text())
    results: dict = {"runs": args.runs, "seed": args.seed, "quick": {}, "choose": {}, "swap": {}, "mirrors": {}}
    with tempfile.TemporaryDirectory() as tmp:
        todo = matchups(None if args.only is None else args.only, Path(tmp)) if args.only != "none" else []
        if args.match:
            todo = [t for t in todo if any(m in t[0] for m in args.match)]
        print(f"{'match-up':44} {'battles':>6} {'CPU':>7}  value [interval]  call  verdict")
        chosen = [name for name, _, _, n in todo if n == 1][:args.choose]
        for name, a, b, n in todo:
            q = verdict_of(a, b, args.runs, args.seed, n)
            results["quick"][name] = q
            line = _row(name, q)
            if ref_path is not None:
                if name not in refs:
                    refs[name] = verdict_of(a, b, args.reference_runs, args.seed, n, exact=True)
                    ref_path.write_text(json.dumps(refs, indent=1))
                r = refs[name]
                line += f"\n{'':44} ref {r['value']:+.2f} [{r['low']:+.2f}, {r['high']:+.2f}] {r['call']}"
            if args.swap:
                s = verdict_of(a, b, args.runs, args.seed, n, swap=True)
                results["swap"][name] = s
                line += "\n" + _row("  swapped (B v A, read as A v B)", s)
            if args.command:
                code = Path(args.code).resolve() if args.code else ROOT
                command_cpu(a, b, 10, args.seed, n, code)  # untimed: writes the bytecode
                cpu = [command_cpu(a, b, args.runs, args.seed, n, code) for _ in range(args.command)]
                q["command_cpu"] = [round(c, 2) for c in cpu]
                line += (f"\n{'':44} as a whole command: {min(cpu):.2f} CPU s (lowest), "
                         f"{statistics.median(cpu):.2f} (median of {len(cpu)})")
            if name in chosen:
                c = verdict_of(a, b, args.runs, args.seed, n, choose=True)
                results["choose"][name] = c
                line += "\n" + _row("  --deployment choose", c)
            print(line, flush=True)
        if todo:
            qs = results["quick"]
            print(f"all {len(qs)}: {sum(r['battles'] for r in qs.values())} battles, "
                  f"{sum(r['cpu'] for r in qs.values()):.1f} CPU s")
        if refs and todo:
            decided = [k for k in results["quick"] if k in refs and refs[k]["call"] in ("A", "B")]
            undecided = [k for k in results["quick"] if k in refs and refs[k]["call"] not in ("A", "B")]
            qs = results["quick"]
            wrong = sum(qs[k]["call"] in ("A", "B") and qs[k]["call"] != refs[k]["call"] for k in decided)
            print(f"decided by the reference: {len(decided)}; left too close: "
                  f"{sum(qs[k]['call'] not in ('A', 'B') for k in decided)} "
                  f"({', '.join(k for k in decided if qs[k]['call'] not in ('A', 'B'))}); "
                  f"wrong side: {wrong}")
            print(f"undecided by the reference: {len(undecided)}; called for a side: "
                  f"{sum(qs[k]['call'] in ('A', 'B') for k in undecided)}")
            miss = [k for k in qs if k in refs and not qs[k]["low"] - 1e-9 <= refs[k]["value"] <= qs[k]["high"] + 1e-9]
            print(f"reference value outside the quick interval: {len(miss)} ({', '.join(miss)})")
            err = [abs(qs[k]["value"] - refs[k]["value"]) for k in qs if k in refs]
            print(f"|value - reference|: mean {sum(err) / len(err):.3f}, max {max(err):.3f}")
        if results["choose"]:
            same = sum(results["choose"][k]["call"] == results["quick"][k]["call"] for k in results["choose"])
            ratio = [results["choose"][k]["cpu"] / max(results["quick"][k]["cpu"], 1e-3) for k in results["choose"]]
            print(f"--deployment choose: same call as the standard set-up {same} of {len(ratio)}; CPU x "
                  f"{min(ratio):.2f} to {max(ratio):.2f} (mean {sum(ratio) / len(ratio):.2f})")
    ex = ROOT / "examples" / "designs"
    for name in MIRRORS if args.mirrors else ():
        p = ex / f"{name}.yaml"
        calls = [verdict_of(p, p, args.mirror_runs, seed) for seed in range(1, args.mirrors + 1)]
        close = sum(c["call"] not in ("A", "B") for c in calls)
        results["mirrors"][name] = {"close": close, "of": len(calls)}
        print(f"mirror {name}: too close to call {close} of {len(calls)} ({100 * close / len(calls):.0f}%), "
              f"{sum(c['battles'] for c in calls) / len(calls):.0f} battles and "
              f"{sum(c['cpu'] for c in calls) / len(calls):.2f} CPU s each at RUNS {args.mirror_runs}", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
