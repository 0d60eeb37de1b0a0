"""A house rule that changes how a file is read changes it for every command (issue 42): under
``workbook_positive_rng: long_range`` a workbook's bare RNG 12 is 4-8-12 for rate, battle and tournament alike."""

from __future__ import annotations

from pathlib import Path

from drydock.core.rules import Ruleset
from drydock.engine.settings import BattleSettings
from drydock.formats.houserules import load_house_rules
from drydock.formats.inputs import read_side
from drydock.insight.tournament_run import run_tournament
from tests.formats.test_workbook_agrees import filled
from tests.helpers import ROOT
from tests.hostile.child import run_cli

KESTREL = str(ROOT / "examples/designs/kestrel-corvette.yaml")
RULES = "name: long-range reading\noptions:\n  workbook_positive_rng: {value: long_range}\n"


def _files(tmp_path: Path) -> tuple[Path, Path]:
    house = Ruleset.from_data({"name": "long-range reading",
                               "options": {"workbook_positive_rng": {"value": "long_range"}}})
    book = tmp_path / "long-range.xlsx"
    book.write_bytes(filled([("Laser Cannon", 12, 2, 5, 1, 1)], [(None, None, "Laser Cannon", "2AB")], rules=house))
    rules = tmp_path / "long-range.yaml"
    rules.write_text(RULES, encoding="utf-8")
    return book, rules


def test_rate_and_battle_read_the_workbook_alike_under_the_same_rules(tmp_path: Path) -> None:
    book, rules = _files(tmp_path)
    rated = run_cli(["rate", book.name, "--rules", rules.name], cwd=tmp_path)
    assert rated.code == 0, rated.stderr
    fought = run_cli(["battle", book.name, KESTREL, "--rules", rules.name, "--runs", "2", "--no-robustness"],
                     cwd=tmp_path)
    assert fought.code == 0, fought.stderr  # was: RNG_POSITIVE_NEEDS_SKR, which rate did not say
    without = run_cli(["battle", book.name, KESTREL, "--runs", "2", "--no-robustness"], cwd=tmp_path)
    assert without.code == 2 and "RNG_POSITIVE_NEEDS_SKR" in without.stderr  # the book's reading, as rate's


def test_the_library_reads_a_side_and_a_tournament_under_the_rules(tmp_path: Path) -> None:
    book, rules = _files(tmp_path)
    house = load_house_rules(str(rules))
    (design,), _ = read_side(str(book), house)
    assert design.weapons[0].primary.range == (4, 8, 12)
    run = run_tournament([str(book), KESTREL], BattleSettings(rules=house.base, house=house), runs=2, seed=1, jobs=1)
    assert len(run.data["designs"]) == 2
