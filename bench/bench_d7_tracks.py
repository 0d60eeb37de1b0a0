"""D7 for one side under each reading of D7.1's tracks: who the random damage allocation favours.

    python bench/bench_d7_tracks.py [--runs 400] [--seed 7]

D7.1 note 3: "It is possible for one side to use the standard rules and the other to use this option--the player
using the standard system will have a minor, yet distinct, advantage." For each reading of
``play.companion.dac.tracks`` (hull, unity-boxes, unity-items: drydock/core/rules/companion.py) and two mirror
match-ups (the Companion example, hull 6; the book's D7.1 Sycamore in Unity terms, hull 8), fights ``--runs``
seeded battles with CC.D7a (side A allocates by its DACs) and CC.D7b (side B does), and prints the wins of the
DAC side, the standard side and the draws, with the DAC side's share of the decided battles and a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.engine.montecarlo import simulate  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.formats import read_designs  # noqa: E402
from drydock.formats.houserules import load_ruleset  # noqa: E402
from drydock.formats.native import from_yaml  # noqa: E402

READINGS = ("hull", "unity-boxes", "unity-items")
#: The Captain's Companion's D7.1 Sycamore-class heavy cruiser (hull 8) in Unity terms, with its source
BOOK_SYCAMORE = (ROOT / "tests" / "fixtures" / "companion" / "book-sycamore.yaml").read_text()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    print(f"{'reading':12} {'match-up':18} {'option':7} {'DAC side':>8} {'standard':>8} {'draws':>6}  "
          "DAC share of decided")
    with tempfile.TemporaryDirectory() as tmp:
        for reading in READINGS:
            house = Path(tmp) / f"{reading}.yaml"
            house.write_text(f"base: companion\nplay:\n  companion:\n    dac: {{tracks: {reading}}}\n",
                             encoding="utf-8")
            rules = load_ruleset(str(house))
            example = read_designs(ROOT / "examples" / "companion" / "sycamore.yaml", rules=rules)[:1]
            book = from_yaml(BOOK_SYCAMORE, rules=rules)[:1]
            for name, ship in (("example (hull 6)", example), ("book (hull 8)", book)):
                for option in ("CC.D7a", "CC.D7b"):
                    t = time.process_time()
                    s = simulate(ship, ship, BattleSettings(rules=rules, options=(option,)), runs=args.runs,
                                 seed=args.seed)
                    dac, std = (s.a_wins, s.b_wins) if option == "CC.D7a" else (s.b_wins, s.a_wins)
                    n = dac + std
                    p = dac / n if n else 0.5
                    half = 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.5
                    print(f"{reading:12} {name:18} {option:7} {dac:8} {std:8} {s.draws:6}  {p:.2f} "
                          f"[{max(0.0, p - half):.2f}, {min(1.0, p + half):.2f}] ({time.process_time() - t:.1f} CPU s)")


if __name__ == "__main__":
    main()
