"""Start-up time of the ``drydock`` command (issue 35): wall-clock seconds per command, median of N runs.

    python bench/bench_startup.py [--runs N] [--only rate-help,rate]

Each command runs as a fresh process (``python -m drydock ...``, the same interpreter as this script), so what
is measured is what a user waits for: the interpreter, the imports a command needs and its work. The goals of
issue 35, on a quiet machine: any ``drydock COMMAND --help`` under 0.2 s and a one-design ``rate`` under 0.3 s.
A loaded machine gives larger figures (compare ``python -c pass``, printed first, between machines).
Prints one line per command: median, min and max in seconds, the median as a multiple of ``python -c pass``'s
(a figure that travels better between a loaded and a quiet machine) and the modules the command imports
(``-X importtime``, one extra run).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAJESTIC = str(ROOT / "examples" / "designs" / "majestic.yaml")

COMMANDS: dict[str, list[str]] = {
    "python": ["-c", "pass"],
    "help": ["-m", "drydock", "--help"],
    "rate-help": ["-m", "drydock", "rate", "--help"],
    "check-help": ["-m", "drydock", "check", "--help"],
    "battle-help": ["-m", "drydock", "battle", "--help"],
    "tournament-help": ["-m", "drydock", "tournament", "--help"],
    "ssd-help": ["-m", "drydock", "ssd", "--help"],
    "convert-help": ["-m", "drydock", "convert", "--help"],
    "analyze-help": ["-m", "drydock", "analyze", "--help"],
    "rules-help": ["-m", "drydock", "rules", "--help"],
    "rate": ["-m", "drydock", "rate", MAJESTIC],
    "check": ["-m", "drydock", "check", MAJESTIC],
}


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - start


def modules(args: list[str]) -> int:
    """The modules ``python ARGS`` imports (the lines of ``-X importtime``)."""
    res = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, check=True)
    return sum(line.startswith("import time:") and "|" in line and "self [us]" not in line
               for line in res.stderr.splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per command (the median is reported)")
    parser.add_argument("--only", default="", help="comma-separated command names (default: all)")
    args = parser.parse_args()
    names = [n for n in args.only.split(",") if n] or list(COMMANDS)
    timed(COMMANDS["python"])
    bare = statistics.median(timed(COMMANDS["python"]) for _ in range(args.runs))
    for name in names:
        cmd = COMMANDS[name]
        timed(cmd)  # warm the file cache and the bytecode
        times = [timed(cmd) for _ in range(args.runs)]
        shown = " ".join(cmd[2:]).replace(str(ROOT) + "/", "") if cmd[0] == "-m" else "python " + " ".join(cmd)
        median = statistics.median(times)
        print(f"{name:16} median {median:.3f} s  min {min(times):.3f}  max {max(times):.3f}  "
              f"{median / bare:5.1f}x python  {modules(cmd):3d} modules  ({len(times)} runs: {shown or 'drydock'})")


if __name__ == "__main__":
    main()
