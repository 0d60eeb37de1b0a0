"""Verdicts and speed of the play engine (issues 6 and 14).

    python bench/bench_battle.py [--runs N] [--cross-runs N] [--speed-runs N] [--jobs J] [--seed S] [--only NAME]

1. Mirror matches (``--runs``, alias ``--mirror-runs``, default 20,000 each): every example design against
   itself on the default board (32x18, 0.1). With the fair set-up (2.3, side B at the point image of side A)
   side A's share of the decisive battles should be 50%: printed with its z-score (|z| < 2 in 95% of honest
   runs), whether it lies within the issue's 50% +- 1% target, the draws, the ships that left the board per
   100 ships in play, how many of those a legal order would have kept on the board ("avoidable"), and
   battles per second; then the nine mirrors pooled.
2. Cross match-ups under both doctrines, with the robustness line.
2b. The plan game (issue 22, ``--plan-runs``): the plan matrix and verdict of each cross match-up, fought both
   ways round (the value with the sides swapped should be minus the value: mirror fairness of the verdict);
   then the ladders of ``tests/fixtures/ladder`` (brawler, sniper, turret, seeker boat, carrier; one step
   apart) against the Majestic: CR, the doctrine's own result (no plans) and the plan game's value, and the
   step between neighbouring rungs (continuity).
3. Speed: 1-vs-1 and 4-vs-4 battles per second (no log is built) against issue 22's goals, and --jobs scaling
   (``--runs 0 --cross-runs 0 --plan-runs 0`` runs only this part). ``bench/bench_log_hash.py`` proves that a
   speed-up did not change play.

Prints figures; asserts nothing (speed and fairness goals live here, not in the unit tests). "per CPU
second" counts the CPU time of this process and its workers, so it stays meaningful when other
programs share the cores.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.core.validation import rate as cr_of  # noqa: E402
from drydock.engine import compiled  # noqa: E402
from drydock.engine.ai import DOCTRINES  # noqa: E402
from drydock.engine.montecarlo import robustness_line, simulate  # noqa: E402
from drydock.engine.plan_game import plan_game  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.formats import read_designs  # noqa: E402
from drydock.insight.verdict_text import format_game, plans_line  # noqa: E402

EXAMPLES = ROOT / "examples" / "designs"
CROSS = (("majestic", "vigilant-cruiser"), ("bastion-battleship", "dauntless-dreadnought"),
         ("shade-raider", "comet-frigate"), ("harrier-missile-destroyer", "kestrel-corvette"),
         ("wyvern-carrier", "bastion-battleship"), ("majestic", "shade-raider"))


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def design(name: str):  # type: ignore[no-untyped-def]
    return read_designs(EXAMPLES / f"{name}.yaml")[:1]


class Tally:
    """Ships in play and ships that left the board, over every battle of the bench."""

    def __init__(self) -> None:
        self.ships = self.exits = self.avoidable = 0

    def add(self, s, ships_per_battle: int) -> None:  # type: ignore[no-untyped-def]
        self.ships += s.runs * ships_per_battle
        self.exits += s.exits_a + s.exits_b
        self.avoidable += s.avoidable_exits


def z_score(a: int, b: int) -> float:
    n = a + b
    return (a - n / 2) / math.sqrt(n / 4) if n else 0.0


def mirrors(runs: int, jobs: int, only: str | None, tally: Tally, seed: int) -> None:
    print(f"== mirror matches, {runs} runs each, seed {seed}, aggressive doctrine, default board")
    print(f"{'design':28} {'A share':>8} {'z':>6} {'50+-1%':>6} {'draws':>6} {'exits/100':>9} {'avoidable':>9} "
          f"{'battles/s':>9}")
    pooled = [0, 0]
    for path in sorted(EXAMPLES.glob("*.yaml")):
        if only and only not in path.stem:
            continue
        d = read_designs(path)[:1]
        t = time.perf_counter()
        s = simulate(d, d, runs=runs, seed=seed, jobs=jobs)
        dt = time.perf_counter() - t
        decisive = s.a_wins + s.b_wins
        share = 100 * s.a_wins / max(1, decisive)
        pooled = [pooled[0] + s.a_wins, pooled[1] + s.b_wins]
        tally.add(s, 2)
        print(f"{path.stem:28} {share:7.2f}% {z_score(s.a_wins, s.b_wins):+6.2f} "
              f"{'yes' if abs(share - 50) <= 1 else 'NO':>6} "
              f"{s.draws:6d} {100 * (s.exits_a + s.exits_b) / (2 * runs):9.2f} {s.avoidable_exits:9d} "
              f"{runs / dt:9.0f}", flush=True)
    if sum(pooled):
        print(f"{'all mirrors pooled':28} {100 * pooled[0] / sum(pooled):7.2f}% {z_score(*pooled):+6.2f} "
              f"({sum(pooled)} decisive battles)")


def cross(runs: int, jobs: int, only: str | None, tally: Tally) -> None:
    print(f"\n== cross match-ups, {runs} runs each, every doctrine")
    for a, b in CROSS:
        if only and only not in a and only not in b:
            continue
        by = {}
        for name in DOCTRINES:
            s = simulate(design(a), design(b), BattleSettings(doctrine=name), runs=runs, seed=2026, jobs=jobs)
            by[name] = s
            if name == "aggressive":
                tally.add(s, 2)
            print(f"{a} vs {b} ({name}): A {100 * s.a_wins / runs:.1f}% B {100 * s.b_wins / runs:.1f}% "
                  f"draws {100 * s.draws / runs:.1f}%; exits per 100 ships "
                  f"{100 * (s.exits_a + s.exits_b) / (2 * runs):.2f}", flush=True)
        print("  " + robustness_line(by))


LADDER = ROOT / "tests" / "fixtures" / "ladder"


def plans(runs: int, jobs: int, only: str | None) -> None:
    print(f"\n== the plan game (RUNS {runs}: the matrix raced within 2 x RUNS battles, then the chosen pairing), "
          "seed 2026")
    for a, b in CROSS:
        if only and only not in a and only not in b:
            continue
        t, c = time.perf_counter(), _cpu()
        g = plan_game(design(a), design(b), runs=runs, seed=2026, jobs=jobs)
        back = plan_game(design(b), design(a), runs=runs, seed=2026, jobs=jobs)
        print(f"\n{a} vs {b}: {g.battles + back.battles} battles in {time.perf_counter() - t:.1f} s "
              f"({_cpu() - c:.1f} CPU s)")
        print(format_game(g))
        print(plans_line(g) + f"; value {float(g.value):+.2f} [{g.low:+.2f}, {g.high:+.2f}]")
        print(f"mirror: value {float(g.solution.value):+.3f} as A, {float(-back.solution.value):+.3f} as B "
              f"(sides swapped; difference {float(g.solution.value + back.solution.value):+.3f})", flush=True)
    refs = {p.stem: read_designs(p)[:1] for p in sorted(EXAMPLES.glob("*.yaml"))}
    print("\n== ladders, each against the example design nearest its middle rung's CR (A = the rung): the "
          "doctrine's own result and the plan game's value, (A wins - B wins) per battle")
    print(f"{'design':14} {'CR':>4} {'opponent':>24} {'own range':>10} {'plan game':>10} {'step':>7}  plans (A, B)")
    for kind in ("brawler", "sniper", "turret", "seeker", "carrier"):
        prev = None
        rungs = sorted(LADDER.glob(f"{kind}-*.yaml"), key=lambda p: int(p.stem.split("-")[1]))
        if not rungs:
            continue
        mid = cr_of(read_designs(rungs[len(rungs) // 2])[0]).combat_rating
        name, ref = min(refs.items(), key=lambda kv: (abs(cr_of(kv[1][0]).combat_rating - mid), kv[0]))
        for path in rungs:
            d = read_designs(path)[:1]
            own = simulate(d, ref, runs=runs, seed=2026, jobs=jobs)
            g = plan_game(d, ref, runs=runs, seed=2026, jobs=jobs)
            v = float(g.solution.value)
            step = "" if prev is None else f"{v - prev:+.2f}"
            prev = v
            print(f"{path.stem:14} {cr_of(d[0]).combat_rating:4d} {name:>24} "
                  f"{(own.a_wins - own.b_wins) / runs:+10.2f} {v:+10.2f} {step:>7}  {', '.join(g.chosen_plans())}",
                  flush=True)


def rate(side_a, side_b, runs: int, jobs: int) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """(battles per wall-clock second, battles per CPU second of this process and its workers, mean turns)."""
    t = time.perf_counter()
    c = _cpu()
    s = simulate(side_a, side_b, runs=runs, seed=1, jobs=jobs)
    dt = time.perf_counter() - t
    dc = _cpu() - c
    return runs / dt, runs / dc, s.turns / runs


#: issue 22: battles per CPU second of one plan pairing (``--no-robustness``), by ships a side
SPEED_GOALS = {1: 2_000, 4: 300}


def speed(runs: int) -> None:
    a = b = design("majestic")
    cores = os.cpu_count() or 1
    print(f"\n== speed: Majestic vs Majestic; {'compiled' if compiled() else 'Python'} engine (hatch_build.py); "
          f"{cores} cores; load average {os.getloadavg()[0]:.2f}")
    r1, c1, t1 = rate(a, b, runs, 1)
    print(f"1 vs 1, --jobs 1: {r1:8.0f} battles/s wall, {c1:6.0f} per CPU second (mean {t1:.1f} turns; "
          f"issue 22 goal {SPEED_GOALS[1]:,})")
    r4, c4, t4 = rate(a * 4, b * 4, max(runs // 8, 50), 1)
    print(f"4 vs 4, --jobs 1: {r4:8.0f} battles/s wall, {c4:6.0f} per CPU second (mean {t4:.1f} turns; "
          f"issue 22 goal {SPEED_GOALS[4]:,})")
    for jobs in range(2, max(cores, 2) + 1):
        rj, cj, _ = rate(a, b, runs * jobs, jobs)
        print(f"1 vs 1, --jobs {jobs}: {rj:8.0f} battles/s wall (x{rj / r1:.2f} of --jobs 1), "
              f"{cj:6.0f} per CPU second; CPUs busy on average {cj and rj / cj:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", "--mirror-runs", dest="mirror_runs", type=int, default=20_000,
                    help="battles per mirror match")
    ap.add_argument("--seed", type=int, default=2026, help="master seed of the mirror matches")
    ap.add_argument("--cross-runs", type=int, default=2_000)
    ap.add_argument("--plan-runs", type=int, default=500, help="RUNS of each plan game (0: skip)")
    ap.add_argument("--speed-runs", type=int, default=1_000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", help="only designs whose file name contains this")
    args = ap.parse_args()
    tally = Tally()
    if args.mirror_runs:
        mirrors(args.mirror_runs, args.jobs, args.only, tally, args.seed)
    if args.cross_runs:
        cross(args.cross_runs, args.jobs, args.only, tally)
    if args.plan_runs:
        plans(args.plan_runs, args.jobs, args.only)
    if tally.ships:
        print(f"\nships that left the board (aggressive doctrine, default board): {tally.exits} of {tally.ships} "
              f"ships in play = {100 * tally.exits / tally.ships:.2f} per 100; avoidable (a legal order of the "
              f"doctrine's menu stayed on the board): {tally.avoidable}")
    if args.speed_runs:
        speed(args.speed_runs)


if __name__ == "__main__":
    main()
