"""Verdicts and speed under optional rules and scenarios (issue 23).

    python bench/bench_options.py [--runs N] [--seed S] [--only NAME] [--setting TEXT]

For a few example match-ups, two ships a side (so that S.4's first and second kills matter), prints side A's
win, B's win and the draws (Wilson 95% intervals), the verdict
(the side favoured among decisive battles, or "even") and battles per CPU second under:

- the core game,
- a typical option set: E.1 damage control + E.3 explosions + E.5 sequential combat,
- scenario S.4 Fleet Action and scenario S.9 Storms in Space,
- each optional rule inside Appendix B (issue 37): B.14 Shipboard Combat, B.18 Bleed-Through (the Comet's and the
  Bastion's screens), B.22 Battery-Specific Lock-On (the Shade's stealth);
- terrain acting on every element (issue 37): an asteroid field of size 3 (G.1), a size-2 black hole (G.2, the
  doctrine weighing its pull) and its G.2a reading at size 5, a comet (G.3), a size-2 planet (G.5) and a size-3
  planet (G.5, orbits), where the Wyvern's fighter flights and the Harrier's seekers meet them (``--only wyvern``,
  ``--only harrier``; ``--setting G.`` runs only those lines), and a chosen deployment (2.3: side A on its port
  flank, side B on its starboard flank).

Prints figures; asserts nothing. "Per CPU second" is this process's CPU time, so it stays meaningful when other
programs share the cores. The core game's speed is the one to compare with ``bench/bench_battle.py``: an
option set costs only its own battles (the core game has no option state at all).
"""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine.montecarlo import simulate, verdict, wilson  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.formats import read_designs  # noqa: E402

EXAMPLES = ROOT / "examples" / "designs"
MATCHUPS = (("majestic", "vigilant-cruiser"), ("shade-raider", "comet-frigate"),
            ("harrier-missile-destroyer", "kestrel-corvette"), ("wyvern-carrier", "bastion-battleship"))
SETTINGS = (("core game", BattleSettings()),
            ("E.1+E.3+E.5", BattleSettings(options=("E.1", "E.3", "E.5"))),
            ("S.4 Fleet Action", BattleSettings(scenario="S.4")),
            ("S.9 Storms in Space", BattleSettings(scenario="S.9")),
            ("B.14 Shipboard Combat", BattleSettings(options=("B.14",))),
            ("B.18 Bleed-Through", BattleSettings(options=("B.18",))),
            ("B.22 Battery Lock-On", BattleSettings(options=("B.22",))),
            ("G.1 asteroid-field:3", BattleSettings(terrain=("asteroid-field:3",))),
            ("G.2 black-hole:2", BattleSettings(terrain=("black-hole:2",))),  # the doctrine weighs the pull (issue 37)
            ("G.2a printed:5", BattleSettings(terrain=("black-hole-printed:5",))),
            ("G.3 comet", BattleSettings(terrain=("comet",))),
            ("G.5 planet:2", BattleSettings(terrain=("planet:2",))),
            ("G.5 planet:3 orbits", BattleSettings(terrain=("planet:3",))),
            ("deploy port,starboard", BattleSettings(deployment=("port", "starboard"))))


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def pct(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:5.1f}% [{100 * lo:4.1f}, {100 * hi:5.1f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", help="only match-ups whose side A contains NAME")
    ap.add_argument("--setting", help="only the lines whose label starts with TEXT (and the core game)")
    args = ap.parse_args()
    print(f"{args.runs} battles per line, seed {args.seed}, one process")
    for a_name, b_name in MATCHUPS:
        if args.only and args.only not in a_name:
            continue
        a = read_designs(EXAMPLES / f"{a_name}.yaml")[:1] * 2
        b = read_designs(EXAMPLES / f"{b_name}.yaml")[:1] * 2
        print(f"\n2 {a_name} (A) vs 2 {b_name} (B)")
        for label, settings in SETTINGS:
            if args.setting and settings != BattleSettings() and not label.startswith(args.setting):
                continue
            t0 = _cpu()
            s = simulate(a, b, settings, runs=args.runs, seed=args.seed)
            cpu = _cpu() - t0


            v = verdict(s)
            print(f"  {label:20} A {pct(s.a_wins, s.runs)}  B {pct(s.b_wins, s.runs)}  draws {pct(s.draws, s.runs)}  "
                  f"verdict {'side ' + v if v != 'even' else 'even':7}  mean turns {s.turns / s.runs:5.2f}  "
                  f"{s.runs / max(cpu, 1e-9):6.0f} battles/CPU s")


if __name__ == "__main__":
    main()
