"""Seeded battle logs under every optional rule, terrain, scenario, the Companion and Appendix X (issue 43).

    python bench/bench_option_logs.py [--runs N] [--seed S] [--out DIR] [--only TEXT]

The companion of ``bench/bench_log_hash.py`` for the rules beyond the core game: for each setting (each optional
rule alone, each terrain kind, each scenario, a few combinations, the Captain's Companion with its CC options,
Admiralty and Nova ships) a few match-ups fight ``--runs`` seeded battles with their full logs. Prints one SHA-256
per setting and one over all of them; ``--out DIR`` also writes each setting's logs to ``DIR/NAME.log`` so that
two runs (before and after an engine change that should not change play) can be compared byte for byte with
``diff -r``. A setting the rules refuse (a combination check) prints its error instead of a hash.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.convert import batch  # noqa: E402
from drydock.core.rules.play_options import BY_SECTION  # noqa: E402
from drydock.engine.montecarlo import build_matchup, run_seed  # noqa: E402
from drydock.engine.options.terrain import KINDS  # noqa: E402
from drydock.engine.settings import BattleSettings  # noqa: E402
from drydock.errors import DrydockError  # noqa: E402
from drydock.formats import read_designs  # noqa: E402
from drydock.formats.houserules import load_ruleset  # noqa: E402

EX = ROOT / "examples"
#: two ships a side where it matters (S.4's kills, E.5's order), carriers and seekers for F and C.4
MATCHUPS = (("majestic", "vigilant-cruiser"), ("shade-raider", "comet-frigate"),
            ("harrier-missile-destroyer", "kestrel-corvette"), ("wyvern-carrier", "bastion-battleship"))
COMBOS = (("E.1", "E.3", "E.5"), ("D.2", "D.3", "E.2", "E.4"), ("D.8", "E.7", "F.3"), ("D.1", "D.7", "E.5r"),
          ("F.1", "F.2", "F.4", "F.6"), ("D.9", "G.6"), ("D.8", "D.8r"))


def designs(name: str) -> list:
    return read_designs(EX / "designs" / f"{name}.yaml")[:1]


#: scenarios that need their own forces (S.1 one defender, S.8 a prototype of CR 300+, S.10 no CR above 150)
SCENARIO_PAIRS = {"S.1": ((designs("majestic") * 2, designs("vigilant-cruiser")),
                          (designs("comet-frigate") * 2, designs("bastion-battleship"))),
                  "S.8": ((designs("dauntless-dreadnought") + designs("comet-frigate"), designs("majestic") * 2),),
                  "S.10": ((designs("comet-frigate") * 2, designs("kestrel-corvette") * 2),
                           (designs("shade-raider") * 2, designs("comet-frigate") * 2))}


def settings() -> list[tuple[str, dict[str, Any], tuple[tuple[list, list], ...]]]:
    pairs = tuple((designs(a) * 2, designs(b) * 2) for a, b in MATCHUPS)
    out: list[tuple[str, dict[str, Any], tuple[tuple[list, list], ...]]] = [("core", dict(), pairs)]
    for sec in sorted(BY_SECTION):
        if sec.startswith(("G.", "CC.")) or sec in ("D.4", "F.5"):
            continue
        if sec.startswith("S."):
            out.append((sec, dict(scenario=sec), SCENARIO_PAIRS.get(sec, pairs)))
        else:
            out.append((sec, dict(options=(sec,)), pairs))
    out.append(("D.4", dict(floating=True), pairs))
    out.append(("F.5", dict(launch_recovery=True), pairs))
    for kind in KINDS:
        out.append((f"terrain-{kind}", dict(terrain=(kind,)), pairs))
    for combo in COMBOS:
        opts = tuple(c for c in combo if not c.startswith("G."))
        terr = ("planet:3",) if "G.6" in combo else ()
        out.append(("+".join(combo), dict(options=opts, terrain=terr), pairs))
    cc = load_ruleset("companion")
    syc = read_designs(EX / "companion" / "sycamore.yaml")[:1]
    cc_pairs = ((syc, designs("majestic")), (syc, designs("comet-frigate")), (designs("wyvern-carrier"), syc))
    out.append(("companion", dict(rules=cc), cc_pairs))
    for sec in sorted(s for s in BY_SECTION if s.startswith("CC.")):
        out.append((f"companion-{sec}", dict(rules=cc, options=(sec,)), cc_pairs))
    out.append(("companion-D.3+E.1+E.3", dict(rules=cc, options=("D.3", "E.1", "E.3")), cc_pairs))
    legacy = [batch.convert_file(p, "admiralty").designs[:1] for p in sorted((EX / "legacy").glob("admiralty/*"))]
    nova = (EX / "legacy" / "nova" / "nova-majestic-typed.nova").read_text()  # its shields and armor given (X.2)
    nova = nova.replace("SHIELDS: ?", "SHIELDS: 4 5 6 6 6").replace("ARMOR: ?", "ARMOR: ooo oo oo")
    legacy.append(batch.convert_text(nova.replace("HULL: 14", "HULL: ooooo oooo ooooo"), "nova",
                                     file="majestic.nova").designs[:1])
    leg_pairs = tuple((legacy[i], legacy[(i + 1) % len(legacy)]) for i in range(len(legacy))) + (
        (legacy[0], designs("majestic")),)
    out.append(("legacy", dict(), leg_pairs))
    out.append(("legacy-E.1+E.3", dict(options=("E.1", "E.3")), leg_pairs))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    total = hashlib.sha256()
    t = time.process_time()
    n = 0
    for name, kw, pairs in settings():
        if args.only not in name:
            continue
        text: list[str] = []
        try:
            st = BattleSettings(**kw)  # the settings check themselves (issue 42): a refused set prints its error
            for a, b in pairs:
                m = build_matchup(a, b, st)
                for i in range(args.runs):
                    text += m.fight(random.Random(run_seed(args.seed, i)), log=True).log + ["=" * 20]
                    n += 1
        except DrydockError as e:
            print(f"{name:28} refused: {e}")
            continue
        blob = "\n".join(text).encode()
        total.update(name.encode() + blob)
        print(f"{name:28} {hashlib.sha256(blob).hexdigest()[:16]} ({len(text)} lines)")
        if args.out:
            (args.out / f"{name}.log").write_bytes(blob)
    dt = time.process_time() - t
    print(f"{n} logged battles: sha256 {total.hexdigest()} ({n / dt:.0f} battles per CPU second)")


if __name__ == "__main__":
    main()
