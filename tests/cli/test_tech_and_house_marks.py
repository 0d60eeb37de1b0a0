"""Issue 26: tech levels visible in ``rate`` (text and JSON) beside the figures they change, and a CR computed
under house rules marked the same way in every output that prints one (``show`` and the fleet table included)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from drydock.cli.main import cli
from tests.helpers import ROOT

EX = ROOT / "examples"
DAUNTLESS, WYVERN, MAJESTIC = (EX / "designs" / f"{n}.yaml" for n in
                               ("dauntless-dreadnought", "wyvern-carrier", "majestic"))
BASTION, HOUSE = EX / "designs" / "bastion-battleship.yaml", EX / "house-rules.yaml"


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def test_rate_names_the_tech_levels_and_marks_the_figures_they_change():
    out = run("rate", DAUNTLESS).stdout.splitlines()
    # A.4: TL +1 = 70%, -1 = 140%, +2 = 50% of the SU cost
    assert out[1] == "Tech levels (A.4): engines +1 (SU x0.7), shields -1 (SU x1.4), weapons +2 (SU x0.5)"
    text = "\n".join(out)
    assert "Engines 4 (EF 487.2, TL +1)" in text and "Shields 4 (SF 352.8, TL -1)" in text
    assert "BSUR 45.6, TL +2" in text
    assert "Hyperdrive" in text and "DRAT x1.2 (TL +1)" in text  # EF-based system (A.4)
    wyvern = run("rate", WYVERN).stdout
    assert "Tech levels (A.4): fighters +1 (SU x0.7)" in wyvern
    assert "ORAT +3000, DRAT +120 (TL +1)" in wyvern  # the hangar's cost is the Fighter TL's
    assert "Tech levels" not in run("rate", MAJESTIC).stdout and "TL " not in run("rate", MAJESTIC).stdout


def test_rate_json_has_tech():
    (d,) = json.loads(run("rate", "--json", DAUNTLESS).stdout)
    assert d["tech"] == {"engines": 1, "shields": -1, "weapons": 2, "fighters": 0}
    (m,) = json.loads(run("rate", "--json", MAJESTIC).stdout)
    assert m["tech"] == {"engines": 0, "shields": 0, "weapons": 0, "fighters": 0}


def test_show_marks_a_house_rule_cr_and_reads_it_back():
    text = run("show", "--rules", HOUSE, BASTION).stdout
    lines = text.splitlines()
    assert lines[0].startswith("# * combat rating under house rules: ")
    assert lines[1] == "Terran Alliance Bastion-class Battleship (380*)"  # 408 by the book
    assert "CR 380*" in run("rate", "--rules", HOUSE, BASTION).stdout  # as rate marks it
    again = run("rate", "--rules", HOUSE, "-", input=text)
    assert again.exit_code == 0 and "CR 380*" in again.stdout and "STATED" not in again.stdout
    assert "Note:" not in again.stdout  # the comment line is not a note of the design
    book = run("rate", "-", input=text).stdout
    assert "CR 408" in book and "STATED_CR_MISMATCH stated 380, computed 408" in book
    assert run("show", BASTION).stdout.splitlines()[0] == "Terran Alliance Bastion-class Battleship (408)"


def test_fleet_table_marks_house_rule_crs():
    out = run("rate", EX / "fleets" / "home-guard.yaml").stdout
    # the Design column is as wide as the longest title (issue 34)
    assert "Kzinti COMET-class Frigate              148*   296* HG-08, HG-09" in out
    assert "Fleet total: 9 ships, CR 772* of 1000" in out
    assert "  * house rules: Home Guard campaign rules" in out
