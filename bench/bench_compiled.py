"""The compiled engine's claims (README, docs/development.md), measured: how long ``hatch_build.py`` takes to
build it, and how much faster it plays the same battles than the Python engine, in one run (issue 45).

    python bench/bench_compiled.py                 # build in a scratch copy, then 1 v 1 and 4 v 4 both ways
    python bench/bench_compiled.py --runs 400      # more battles a measurement

The build is ``python hatch_build.py --inplace`` in a scratch copy of this checkout (the wall seconds of the
whole process and the CPU seconds of it and its compilers); this checkout is not touched. Each engine then
plays Majestic v Vigilant (1 v 1: RUNS battles; 4 v 4: RUNS / 4), one process each, the doctrine's own range
(``--no-robustness``'s play), timed by the CPU seconds of the battles alone (imports and the first match-up's
set-up excluded). The two engines' wins, draws and losses must be equal (the same battles roll for roll); the
ratio is Python CPU / compiled CPU. Prints the date, the machine's cores and load: on a loaded machine both
engines slow down, the ratio less so.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import json, resource, sys
from drydock.engine import compiled
from drydock.engine.montecarlo import simulate
from drydock.engine.settings import BattleSettings
from drydock.formats import read_designs
runs = int(sys.argv[1])
ex = "examples/designs/"
maj, vig = read_designs(ex + "majestic.yaml")[:1], read_designs(ex + "vigilant-cruiser.yaml")[:1]
out = {"compiled": compiled()}
for n, k in ((1, runs), (4, max(runs // 4, 10))):
    simulate(maj * n, vig * n, BattleSettings(), runs=2, seed=99)  # warm: imports and tables
    t = resource.getrusage(resource.RUSAGE_SELF)
    s = simulate(maj * n, vig * n, BattleSettings(), runs=k, seed=1)
    u = resource.getrusage(resource.RUSAGE_SELF)
    out[f"{n}v{n}"] = {"runs": k, "cpu": u.ru_utime + u.ru_stime - t.ru_utime - t.ru_stime,
                       "result": [s.a_wins, s.draws, s.b_wins]}
print(json.dumps(out))
"""


def play(tree: Path, runs: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    got = subprocess.run([sys.executable, "-c", PLAY, str(runs)], cwd=tree, env=env, check=True,
                         capture_output=True, text=True)
    return json.loads(got.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=200, help="1 v 1 battles a measurement (4 v 4: a quarter)")
    args = ap.parse_args()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="drydock-compiled-") as tmp:
        copy = Path(tmp)
        shutil.copytree(ROOT / "drydock", copy / "drydock",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        shutil.copytree(ROOT / "examples", copy / "examples")
        shutil.copy(ROOT / "hatch_build.py", copy / "hatch_build.py")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        subprocess.run([sys.executable, "hatch_build.py", "--inplace"], cwd=copy, check=True, capture_output=True)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        print(f"build (python hatch_build.py --inplace): {wall:.0f} s wall, {cpu:.0f} CPU s")
        fast = play(copy, args.runs)
        slow = play(ROOT, args.runs)
    if not fast["compiled"] or slow["compiled"]:
        sys.exit("the scratch copy did not import the compiled engine (or this checkout did)")
    for key in ("1v1", "4v4"):
        same = "same battles" if fast[key]["result"] == slow[key]["result"] else "DIFFERENT battles"
        ratio = slow[key]["cpu"] / fast[key]["cpu"]
        print(f"Majestic v Vigilant {key.replace('v', ' v ')}, {slow[key]['runs']} battles: Python "
              f"{slow[key]['cpu']:.2f} CPU s, compiled {fast[key]['cpu']:.2f}: x{ratio:.2f} "
              f"({same}: {slow[key]['result']})")


if __name__ == "__main__":
    main()
