"""Mutation fuzzing of the traded files added since issue 10 (issue 27), through the CLI.

Each surface is a small set of files a player might receive (a fleet naming designs, a weapon
library with includes, house rules with factions, a workbook, a tournament state file, since
issue 33 a house rule's play table fought in a battle and a Nova record fought as it is, and since issue 42
a real campaign file, map and orders file); one
of them is mutated (:func:`tests.fuzz.mutate`, or byte edits of a workbook part) and the
command that reads it is run in process (``CliRunner``). A case passes when the command
exits 0, 1 or 2, prints no traceback and, when it fails, only ``drydock:`` lines (one per
problem found in the file). :func:`run` prints one JSON line; the suite runs it in a child process under memory
and CPU limits (:mod:`tests.hostile.child`).
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.fuzz import mutate

ROOT = Path(__file__).resolve().parent.parent
DESIGNS = ROOT / "examples/designs"

FLEET = """fleet: Home Guard
battle_size: medium
rules: rules.yaml
ships:
  - design: k.yaml
    names: [Kestrel, Kite]
    ids: [K-1, K-2]
  - design: c.yaml
    count: 2
  - design: {class: Inline, hull: 4, engines: 3, weapons: [{name: Gun, range: 4-8-12, stats: 1x5+/1/1, banks: [FX]}]}
"""
LIBRARY = """name: Imperial weapons
include: [common.yaml]
profiles:
  - name: Lightning Turret
    range: 4-8-12
    stats: 2x5+/1/1
    traits: [Pr1]
  - name: Heavy Lightning Turret
    use: Lightning Turret
    stats: 2x5+/2/1
"""
COMMON = "profiles:\n  - {name: Point Defence, range: 1-2-3, stats: 2x4+/1/1, traits: [Def]}\n"
USER = """class: User
faction: Eldar
hull: 8
engines: 4
library: [lib.yaml]
weapons:
  - {use: Heavy Lightning Turret, banks: [2FX]}
  - {use: Point Defence, banks: [FX]}
systems: [{name: Marines, qty: 2}]
"""
RULES = """name: Campaign rules
traits:
  Knt: {multiplier: "2.5"}
systems:
  Hyperdrive: {su: "EF * 0.5"}
  Grav Net: {type: E, su: "n * 2", multiples: true, requires: Marines}
factions:
  Eldar:
    formulas: {combat_rating: {expr: "sqrt(ORAT * DRAT) * 1.05"}}
  Free Traders:
    traits: {Acr: {multiplier: "1.25"}}
"""


def _setup(tmp: Path) -> None:
    shutil.copy(DESIGNS / "kestrel-corvette.yaml", tmp / "k.yaml")
    shutil.copy(DESIGNS / "comet-frigate.yaml", tmp / "c.yaml")
    for name, text in (("fleet.yaml", FLEET), ("lib.yaml", LIBRARY), ("common.yaml", COMMON), ("user.yaml", USER),
                       ("rules.yaml", RULES)):
        (tmp / name).write_text(text, encoding="utf-8")


def _text_case(name: str, base: str, args: list[str]) -> Callable[[Path, random.Random], list[str]]:
    def case(tmp: Path, rng: random.Random) -> list[str]:
        (tmp / name).write_text(mutate(base, rng), encoding="utf-8", errors="surrogatepass")
        return args
    return case


def _workbook(tmp: Path, rng: random.Random) -> list[str]:
    src = tmp / "k.xlsx"
    if not src.exists():
        _cli(["convert", "k.yaml", "-o", "k.xlsx"])
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(tmp / "m.xlsx", "w", zipfile.ZIP_DEFLATED) as out:
        items = zin.infolist()
        target = rng.choice([i.filename for i in items if i.filename.endswith((".xml", ".rels"))])
        for item in items:
            data = zin.read(item.filename)
            if item.filename == target:
                op = rng.randrange(3)
                if op == 0:
                    data = mutate(data.decode("utf-8", "replace"), rng).encode("utf-8", "surrogatepass")
                elif op == 1 and data:
                    k = rng.randrange(len(data))
                    data = data[:k] + bytes([rng.randrange(256)]) + data[k + 1:]
                else:
                    data = data.replace(b"<c ", b"<c ", 1) + b"<x/>" * rng.choice([10, 300_000])
            out.writestr(item, data)
    return ["rate", "m.xlsx"]


def _state(tmp: Path, rng: random.Random) -> list[str]:
    base = tmp / "state-base.json"
    args = ["tournament", "k.yaml", "c.yaml", "--runs", "2", "--jobs", "1", "--json"]
    if not base.exists():
        _cli([*args, "--state", "state-base.json"])
    (tmp / "s.json").write_text(mutate(base.read_text(encoding="utf-8"), rng), encoding="utf-8",
                                errors="surrogatepass")
    return [*args, "--state", "s.json"]


#: Issue 33: the options whose numbers a house rule's play table changes, fought for one battle.
PLAY_BATTLE = ["battle", "k.yaml", "c.yaml", "--runs", "1", "--no-robustness", "--plan", "close", "--turns", "8",
               "--option", "D.1", "--option", "E.1", "--option", "E.3", "--option", "E.4", "--option", "E.7",
               "--terrain", "comet", "--terrain", "nebula", "--terrain", "asteroid-field"]


def _play(tmp: Path, rng: random.Random) -> list[str]:
    from tests.fuzz import samples

    (tmp / "play.yaml").write_text(mutate(samples("play")[0], rng), encoding="utf-8", errors="surrogatepass")
    return [*PLAY_BATTLE, "--rules", "play.yaml"]


def _nova(tmp: Path, rng: random.Random) -> list[str]:
    from tests.fuzz import samples

    (tmp / "nova.yaml").write_text(mutate(samples("nova-record")[0], rng), encoding="utf-8", errors="surrogatepass")
    return ["battle", "nova.yaml", "c.yaml", "--runs", "1", "--no-robustness", "--plan", "close", "--turns", "8"]


def _campaign(tmp: Path, rng: random.Random) -> list[str]:
    base = tmp / "campaign-base.yaml"
    if not base.exists():
        (tmp / "fa.yaml").write_text("fleet: A\nships:\n  - {design: k.yaml, names: [Kestrel, Kite]}\n",
                                     encoding="utf-8")
        (tmp / "fb.yaml").write_text("fleet: B\nships:\n  - {design: c.yaml, count: 2}\n", encoding="utf-8")
        _cli(["campaign", "new", "campaign-base.yaml", "--side", "A", "fa.yaml", "--side", "B", "fb.yaml"])
        _cli(["campaign", "orders", "campaign-base.yaml", "--side", "A", "--move", "Kestrel=A1", "--move", "Kite=A2"])
        _cli(["campaign", "orders", "campaign-base.yaml", "--side", "B", "--move", "B-01=B1", "--move", "B-02=B2"])
        _cli(["campaign", "reveal", "campaign-base.yaml"])
    (tmp / "m.yaml").write_text(mutate(base.read_text(encoding="utf-8"), rng), encoding="utf-8",
                                errors="surrogatepass")
    return ["campaign", rng.choice(["show", "reveal"]), "m.yaml"]


#: Issue 42: the worked campaign of docs/campaigns.md (tests/fixtures/campaign), its map and orders files.
WORKED = ROOT / "tests/fixtures/campaign"


def _worked_setup(tmp: Path) -> None:
    if not (tmp / "examples").exists():
        shutil.copytree(ROOT / "examples/campaign", tmp / "examples/campaign")
        shutil.copytree(ROOT / "examples/designs", tmp / "examples/designs")
        # the first commands import the engine and the page's templates: run them once, untimed
        shutil.copy(WORKED / "rim-war-battle-due.yaml", tmp / "warm.yaml")
        _cli(["campaign", "show", "warm.yaml", "--html", "warm.html"])
        _cli(["campaign", "fight", "warm.yaml", "--at", "C4", "--seed", "1"])


def _worked_campaign(tmp: Path, rng: random.Random) -> list[str]:
    """A real campaign file mutated, then shown as a page, fought, ordered, repaired or conceded."""
    _worked_setup(tmp)
    due = rng.random() < 0.5
    base = WORKED / ("rim-war-battle-due.yaml" if due else "rim-war-turn3.yaml")
    (tmp / "w.yaml").write_text(mutate(base.read_text(encoding="utf-8"), rng), encoding="utf-8",
                                errors="surrogatepass")
    for log in tmp.glob("w.turn*.log"):
        log.unlink()
    commands = [["show", "w.yaml", "--html", "w.html", "--force"], ["show", "w.yaml", "--side", "A"],
                ["concede", "w.yaml", "--side", "B"]]
    if due:
        commands += [["fight", "w.yaml", "--at", "C4", "--seed", "1"], ["result", "w.yaml", "--at", "C4",
                                                                        "--destroyed", "Umbra"]]
    else:
        commands += [["orders", "w.yaml", "--side", "A", "--move", "Bastion=A1"],
                     ["repair", "w.yaml", "--side", "A", "--hull", "Majestic=1"]]
    return ["campaign", *rng.choice(commands)]


def _worked_map(tmp: Path, rng: random.Random) -> list[str]:
    """A real map file mutated, then a campaign started on it."""
    _worked_setup(tmp)
    (tmp / "map.yaml").write_text(mutate((ROOT / "examples/campaign/border-map.yaml").read_text(encoding="utf-8"),
                                         rng), encoding="utf-8", errors="surrogatepass")
    (tmp / "b.yaml").unlink(missing_ok=True)
    return ["campaign", "new", "b.yaml", "--map", "map.yaml", "--side", "A", "examples/campaign/rim-guard.yaml",
            "--side", "B", "examples/campaign/shade-clans.yaml"]


def _worked_orders(tmp: Path, rng: random.Random) -> list[str]:
    """A real orders file mutated, then given for turn 1 of the worked campaign."""
    _worked_setup(tmp)
    shutil.copy(WORKED / "rim-war-turn3.yaml", tmp / "o.yaml")
    text = (ROOT / "examples/campaign/orders-a-turn3.yaml").read_text(encoding="utf-8").replace("turn: 3", "turn: 4")
    (tmp / "orders.yaml").write_text(mutate(text, rng), encoding="utf-8", errors="surrogatepass")
    return ["campaign", "orders", "o.yaml", "--side", "A", "--file", "orders.yaml"]


def _league(tmp: Path, rng: random.Random) -> list[str]:
    base = tmp / "league-base.yaml"
    if not base.exists():
        for name, design in (("fa", "k.yaml"), ("fb", "c.yaml"), ("fc", "k.yaml")):
            (tmp / f"{name}.yaml").write_text(f"fleet: {name}\nships:\n  - {{design: {design}, count: 2}}\n",
                                              encoding="utf-8")
        _cli(["league", "new", "league-base.yaml", "--kind", "T.2", "--fleet", "Ann=fa.yaml", "--fleet", "Bob=fb.yaml",
              "--fleet", "Cy=fc.yaml", "--seed", "3"])
        _cli(["league", "roll", "league-base.yaml", "--dice", "6,1"])
        _cli(["league", "challenge", "league-base.yaml", "--accept", "Cy"])
        _cli(["league", "result", "league-base.yaml", "--vp", "10,40", "--destroyed", "Cy-F-01"])
    (tmp / "m.yaml").write_text(mutate(base.read_text(encoding="utf-8"), rng), encoding="utf-8",
                                errors="surrogatepass")
    return ["league", *rng.choice([["show", "m.yaml"], ["supply", "m.yaml", "--player", "Bob", "--roll", "1,2"],
                                   ["roll", "m.yaml", "--dice", "2,2"]])]


SURFACES: dict[str, Callable[[Path, random.Random], list[str]]] = {
    "fleet": _text_case("fleet.yaml", FLEET, ["rate", "fleet.yaml"]),
    "library": _text_case("lib.yaml", LIBRARY, ["rate", "user.yaml"]),
    "rules": _text_case("rules.yaml", RULES, ["rate", "user.yaml", "k.yaml", "--rules", "rules.yaml"]),
    "workbook": _workbook,
    "state": _state,
    "play": _play,
    "nova": _nova,
    "campaign": _campaign,
    "campaign-file": _worked_campaign,
    "campaign-map": _worked_map,
    "campaign-orders": _worked_orders,
    "league": _league,
}


def _cli(args: list[str]) -> tuple[int, str]:
    from click.testing import CliRunner

    from drydock.cli.main import cli

    result = CliRunner().invoke(cli, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return 99, f"{type(result.exception).__name__}: {result.exception}"
    return result.exit_code, result.stderr


def run(surface: str, n: int, seed: int = 27) -> dict[str, Any]:
    """``n`` mutated cases of one surface; the stats, with every case that broke the promise."""
    import os

    rng = random.Random(seed)
    stats: dict[str, Any] = {"surface": surface, "cases": 0, "codes": {}, "slowest": 0.0, "bad": []}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        _setup(tmp)
        old = os.getcwd()
        os.chdir(tmp)
        try:
            for _ in range(n):
                args = SURFACES[surface](tmp, rng)
                start = time.perf_counter()
                code, err = _cli(args)
                took = time.perf_counter() - start
                stats["cases"] += 1
                stats["codes"][str(code)] = stats["codes"].get(str(code), 0) + 1
                stats["slowest"] = max(stats["slowest"], round(took, 2))
                errors = [line for line in err.splitlines() if line.startswith("drydock: error:")]
                lines = [line for line in err.splitlines() if line.strip()]
                ok = code in (0, 1, 2) and "Traceback" not in err and (code == 0 or len(errors) >= 1) \
                    and all(line.startswith("drydock: ") for line in lines) and "\x1b" not in err
                if not ok:
                    stats["bad"].append({"code": code, "stderr": err[-600:], "args": args})
        finally:
            os.chdir(old)
    return stats


if __name__ == "__main__":  # python -m tests.fuzz_surfaces fleet 500
    print(json.dumps(run(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 50)))
