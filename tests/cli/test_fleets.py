"""Fleets through the CLI: rate, check, ssd, battle and convert with a fleet file (issue 16)."""

import json
import os
import re
from io import BytesIO

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.core.fleet import Fleet, ShipEntry, fleet_limit, validate_fleet
from drydock.core.rules import Ruleset
from drydock.formats import read_designs
from tests.helpers import ROOT

EX = ROOT / "examples"
HOME_GUARD = str(EX / "fleets" / "home-guard.yaml")


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def write_fleet(tmp_path, text, name="fleet.yaml"):
    path = tmp_path / name
    path.write_text(text.replace("EX", str(EX)), encoding="utf-8")
    return path


def test_battle_sizes_follow_2_2():
    rules = Ruleset.unity()
    assert [fleet_limit(n, rules)[1] for n in ("very small", "Small", "MEDIUM", "large", "very-large")] == \
        [400, 700, 1000, 1500, 2000]
    assert fleet_limit(850, rules) == ("850 CR", 850)
    with pytest.raises(ValueError, match="unknown battle size 'huge'"):
        fleet_limit("huge", rules)


def test_rate_prints_each_design_once_with_count_and_total():
    res = run("rate", HOME_GUARD)
    assert res.exit_code == 0, res.output
    out = res.output
    assert out.count("Free Traders KESTREL-class Corvette   [") == 1
    assert "Ships: 4 in fleet Home Guard" in out
    assert re.search(r"4  Free Traders KESTREL-class Corvette\s+40\*\s+160\* Kestrel \(HG-04\), Kite \(HG-05\), "
                     r"Kiska \(HG-06\), Kodiak \(HG-07\)", out)
    assert re.search(r"1  Imperial MAJESTIC-class Battlecruiser\s+188\*\s+188\* Majestic \(BC-01\)", out)
    # 188 + 2 x 64 + 4 x 40 + 2 x 148 (Kzinti x1.7: 87 -> 148) = 772 (Defensive: seeking ACC column)
    assert "Fleet total: 9 ships, CR 772* of 1000 (medium battle, 2.2): within the limit" in out


def test_rate_json_has_the_fleet_object():
    res = run("rate", "--json", HOME_GUARD)
    assert res.exit_code == 0, res.output
    items = json.loads(res.output)
    assert [i["count"] for i in items[:4]] == [1, 2, 4, 2]
    fleet = items[4]
    assert (fleet["fleet"], fleet["total_cr"], fleet["limit"], fleet["battle_size"], fleet["within_limit"]) == \
        ("Home Guard", 772, 1000, "medium", True)
    assert [s["name"] for s in fleet["ships"]] == ["Majestic", "Valiant", "Vigil", "Kestrel", "Kite", "Kiska",
                                                   "Kodiak", "", ""]
    assert [s["id"] for s in fleet["ships"]][:2] == ["BC-01", "HG-02"]


def test_check_passes_a_fleet_within_its_limit():
    res = run("check", HOME_GUARD)
    assert res.exit_code == 0, res.output
    assert res.output == ""


def test_check_fails_a_fleet_over_its_limit(tmp_path):
    path = write_fleet(tmp_path, """fleet: Raiders
battle_size: very small
ships:
  - design: EX/designs/majestic.yaml
    names: [Majestic, Monarch, Magnificent]
""")
    res = run("check", path)
    assert res.exit_code == 1
    assert f"{path}: FLEET_OVER_LIMIT Raiders: fleet total CR 564 exceeds the very small battle limit of 400 by " \
           f"164" in res.output


def test_fleet_validation_codes():
    (d,) = read_designs(EX / "designs" / "kestrel-corvette.yaml")
    fleet = Fleet("Pair", (ShipEntry(d, "k.yaml", 2, ("Kite", "Kite"), ("X1", "X1")),), battle_size=70)
    codes = {p.code: p.severity for p in validate_fleet(fleet)}
    assert codes == {"FLEET_OVER_LIMIT": "error", "FLEET_DUPLICATE_ID": "warning", "FLEET_DUPLICATE_NAME": "warning"}


def test_missing_design_names_the_fleet_file_and_line(tmp_path):
    path = write_fleet(tmp_path, """fleet: Lost
ships:
  - design: EX/designs/majestic.yaml
  - design: nowhere/ghost.yaml
    count: 2
""")
    res = run("rate", path)
    assert res.exit_code == 1  # a failed item of the rate batch (issue 10)
    assert f"drydock: error: {path}:4:5: key ships[1].design: design file nowhere/ghost.yaml not found" in res.output
    assert "Traceback" not in res.output


def test_bad_fleet_entries_are_errors_with_lines(tmp_path):
    path = write_fleet(tmp_path, "fleet: X\nbattle_size: enormous\nships:\n  - design: EX/designs/majestic.yaml\n")
    res = run("check", path)
    assert res.exit_code == 1 and f"{path}:2:1: key battle_size: unknown battle size 'enormous'" in res.output
    path = write_fleet(tmp_path, "ships:\n  - design: EX/designs/majestic.yaml\n    names: [A]\n    count: 0\n")
    res = run("check", path)
    assert res.exit_code == 1 and "key ships[0].count" in res.output
    path = write_fleet(tmp_path, "ships:\n  - design: EX/designs/majestic.yaml\n    names: [A, B]\n    count: 1\n")
    assert "2 names for 1 ship(s)" in run("check", path).output


def test_ssd_prints_each_ship_with_name_and_id(tmp_path):
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "hg.pdf"
    res = run("ssd", HOME_GUARD, "-o", out)
    assert res.exit_code == 0, res.output
    assert "9 display sheet(s)" in res.output
    pages = [p.extract_text() for p in pypdf.PdfReader(BytesIO(out.read_bytes())).pages]
    assert "Fleet roster" in pages[0]
    assert "Kzinti COMET-class Frigate [Kzinti house rules]" in " ".join(pages[0].split())
    sheets = pages[1:]
    assert len(sheets) == 9
    expected = [("Majestic", "BC-01"), ("Valiant", "HG-02"), ("Vigil", "HG-03"), ("Kestrel", "HG-04"),
                ("Kite", "HG-05"), ("Kiska", "HG-06"), ("Kodiak", "HG-07"), ("", "HG-08"), ("", "HG-09")]
    for text, (name, sid) in zip(sheets, expected, strict=True):
        flat = " ".join(text.split())
        assert f"NAME {name} ID {sid}".replace("  ", " ") in flat
    assert "Rules: Home Guard campaign rules + Kzinti faction rules" in " ".join(sheets[7].split())


def test_battle_fights_fleets():
    res = run("battle", HOME_GUARD, EX / "designs" / "dauntless-dreadnought.yaml", "--runs", 4, "--seed", 1,
              "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output[res.output.index("{"):])
    assert data["runs"] == 4
    assert "its ships fight under the fleet's own house rules" in res.output
    assert data["report"]["sides"][0]["combat_rating"] == 772  # drydock rate: fleet total CR 772* (issue 37)
    res = run("battle", HOME_GUARD, HOME_GUARD, "--runs", 2, "--seed", 1)
    assert "A: A1 Majestic, A2 Valiant, A3 Vigil, A4 Kestrel" in res.output


def test_battle_names_the_rules_in_play_for_each_side():
    """Issue 45: a fleet with house rules and a faction entry plays at CR 772 and its battle says so: ``rules``,
    ``in_force`` and the header name the ruleset, the house-rule file and the faction entry, for each side."""
    house = Ruleset.from_data(None)  # the book, for side B
    res = run("battle", HOME_GUARD, EX / "designs" / "dauntless-dreadnought.yaml", "--runs", 2, "--seed", 1,
              "--plan", "close", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output[res.output.index("{"):])
    assert data["report"]["sides"][0]["combat_rating"] == 772
    rules_file = str(EX / "fleets" / "house-rules.yaml")
    common = "Home Guard campaign rules (house rules, 017b5a8e)"
    kzinti = "Home Guard campaign rules + Kzinti faction rules (house rules, 9aa0ab78)"
    assert data["rules"] == (f"Unity v2.0 (the battle's tables); A: {common} from {rules_file} for A1, A2, A3, A4, A5,"
                             f" A6, A7; {kzinti} from {rules_file}, its Kzinti faction entry for A8, A9; "
                             f"B: {house.label}")
    assert data["in_force"] == [f"house rules (A: A1, A2, A3, A4, A5, A6, A7): {common} from {rules_file}",
                                f"Kzinti faction entry (A: A8, A9): {kzinti} from {rules_file}"]
    assert [(g["side"], g["faction"], g["ships"]) for g in data["rules_in_play"]] == [
        ("A", None, ["A1", "A2", "A3", "A4", "A5", "A6", "A7"]), ("A", "Kzinti", ["A8", "A9"]), ("B", None, ["B1"])]
    text = run("battle", HOME_GUARD, EX / "designs" / "dauntless-dreadnought.yaml", "--runs", 2, "--seed", 1,
               "--plan", "close").output
    assert f"rules: {data['rules']}" in text and "in force: house rules (A: A1," in text
    # --rules: the file's common rules for every ship and the tables, its faction entry for the Kzinti
    res = run("battle", HOME_GUARD, EX / "designs" / "dauntless-dreadnought.yaml", "--runs", 2, "--seed", 1,
              "--plan", "close", "--json", "--rules", rules_file)
    data = json.loads(res.output[res.output.index("{"):])
    assert data["rules"].startswith(f"{common} (the battle's tables); A: {common} from {rules_file} for A1,")
    assert data["rules"].endswith(f"B: {common} from {rules_file}")
    # the book everywhere: as before
    res = run("battle", EX / "designs" / "majestic.yaml", EX / "designs" / "vigilant-cruiser.yaml", "--runs", 2,
              "--seed", 1, "--plan", "close", "--json")
    data = json.loads(res.output[res.output.index("{"):])
    assert (data["rules"], data["in_force"]) == ("Unity v2.0", [])


def test_tournament_names_the_rules_in_play_for_each_design(tmp_path):
    """Issue 45: a tournament names the rules in force as a battle does, design by design: the fleet's house-rule
    file for its designs, its Kzinti faction entry for the Comet (CR 148, the fleet's 772 in battle), the book for
    the design entered alone; in the text header, the JSON and the HTML report. With --rules, the file's common
    rules for every design and the tables, its faction entry for the Comet."""
    rules_file = str(EX / "fleets" / "house-rules.yaml")
    common = "Home Guard campaign rules (house rules, 017b5a8e)"
    kzinti = "Home Guard campaign rules + Kzinti faction rules (house rules, 9aa0ab78)"
    args = ["tournament", HOME_GUARD, EX / "designs" / "shade-raider.yaml", "--runs", 2, "--jobs", 1, "--turns", 3]
    report = tmp_path / "t.html"
    res = run(*args, "--json", "--report", report)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert {r["design"]: r["combat_rating"] for r in data["designs"]}["Comet"] == 148
    assert data["rules"] == (f"Unity v2.0 (the battle's tables); {common} from {rules_file} for Majestic, Vanguard, "
                             f"Kestrel; {kzinti} from {rules_file}, its Kzinti faction entry for Comet; "
                             "Unity v2.0 for Shade")
    assert data["in_force"] == [f"house rules (Majestic, Vanguard, Kestrel): {common} from {rules_file}",
                                f"Kzinti faction entry (Comet): {kzinti} from {rules_file}"]
    assert [(g["faction"], g["file"], g["designs"]) for g in data["rules_in_play"]] == [
        (None, rules_file, ["Majestic", "Vanguard", "Kestrel"]), ("Kzinti", rules_file, ["Comet"]),
        (None, None, ["Shade"])]
    assert not [o for o in data["options"] if o.startswith("rules")]  # named once, in ``rules``
    page = report.read_text(encoding="utf-8")
    assert "rules: Unity v2.0 (the battle&#39;s tables); Home Guard campaign rules" in page
    assert "in force: house rules (Majestic, Vanguard, Kestrel)" in page
    assert "its Kzinti faction entry for Comet" in page
    text = run(*args).output
    assert f"rules: {data['rules']}\nin force: {'; '.join(data['in_force'])}\n" in text
    # --rules: the file's common rules for every design and the tables, its faction entry for the Comet
    data = json.loads(run(*args, "--json", "--rules", rules_file).output)
    assert data["rules"] == (f"{common} (the battle's tables); {common} from {rules_file} for Majestic, Vanguard, "
                             f"Kestrel, Shade; {kzinti} from {rules_file}, its Kzinti faction entry for Comet")
    # the book everywhere: named as a battle names it, nothing in force
    data = json.loads(run("tournament", EX / "designs" / "majestic.yaml", EX / "designs" / "vigilant-cruiser.yaml",
                          "--runs", 2, "--jobs", 1, "--turns", 3, "--json").output)
    assert (data["rules"], data["in_force"]) == ("Unity v2.0", [])
    assert "rules:" not in run("tournament", EX / "designs" / "majestic.yaml", EX / "designs" / "vigilant-cruiser.yaml",
                               "--runs", 2, "--jobs", 1, "--turns", 3).output


def test_convert_fleet_to_workbook_and_back(tmp_path):
    xlsx, back = tmp_path / "hg.xlsx", tmp_path / "hg.yaml"
    res = run("convert", HOME_GUARD, "-o", xlsx)
    assert res.exit_code == 0, res.output
    from openpyxl import load_workbook

    wb = load_workbook(xlsx)
    assert wb.sheetnames[:5] == ["Fleet", "SHIP1", "SHIP2", "SHIP3", "SHIP4"]
    rows = [[c.value for c in r] for r in wb["Fleet"].iter_rows()]
    # the Design and CR cells are formulas over the ship sheet (tests/formats/test_fleet_workbook_live.py)
    assert ["SHIP3", "=SHIP3!$C$1", 4, "Kestrel, Kite, Kiska, Kodiak", None, "=SHIP3!$H$8", "=C12*F12"] in rows
    assert run("convert", xlsx, "-o", back).exit_code == 0
    rules = EX / "fleets" / "house-rules.yaml"
    for path in (xlsx, back):
        res = run("rate", "--json", "--rules", rules, path)
        assert res.exit_code == 0, res.output
        fleet = json.loads(res.output)[-1]
        assert (fleet["total_cr"], len(fleet["ships"])) == (772, 9)
        assert fleet["ships"][3] == {"name": "Kestrel", "id": "HG-04",
                                     "design": "Free Traders KESTREL-class Corvette", "combat_rating": 40}
    text = back.read_text()  # the fleet's rules: survives, relative to the written file
    rel = os.path.relpath(rules, tmp_path)
    assert text.startswith(f"fleet: Home Guard\nbattle_size: medium\nrules: {rel}\nships:\n- design:\n")


def test_folders_skip_libraries_and_rules_files():
    res = run("check", EX / "designs", EX / "fleets", EX / "weapons", EX / "legacy")
    assert res.exit_code == 0, res.output
    res = run("check", "--rules", "companion", EX / "companion")  # Captain's Companion traits: its own ruleset
    assert res.exit_code == 0, res.output
    res = run("rate", "--json", EX / "fleets")
    classes = [i.get("class") or i.get("fleet") for i in json.loads(res.output)]
    assert classes == ["Majestic", "Vanguard", "Kestrel", "Comet", "Home Guard", "Vanguard"]


def test_fleet_rules_file_must_exist_and_fleets_are_not_designs(tmp_path):
    path = write_fleet(tmp_path, "fleet: X\nrules: nope.yaml\nships:\n  - design: EX/designs/majestic.yaml\n")
    res = run("rate", path)
    assert res.exit_code == 1 and f"{path}:2:1: key rules: house-rule file nope.yaml not found" in res.output
    res = run("show", HOME_GUARD)
    assert res.exit_code == 2 and "this is a fleet file, not a design" in res.output
    res = run("convert", HOME_GUARD, "-o", f"{tmp_path}/out/", "--to", "drake")
    assert res.exit_code == 2 and "a fleet converts to one file" in res.output


def test_json_fleet_and_inline_designs(tmp_path):
    out = tmp_path / "hg.json"
    assert run("convert", HOME_GUARD, "-o", out).exit_code == 0
    data = json.loads(out.read_text())
    assert data["ships"][1]["names"] == ["Valiant", "Vigil"] and data["ships"][3]["count"] == 2
    assert data["ships"][0]["design"]["class"] == "Majestic"
    res = run("rate", "--json", out)
    assert data["rules"] == os.path.relpath(EX / "fleets" / "house-rules.yaml", tmp_path)  # kept (issue 26)
    assert json.loads(res.output)[-1]["total_cr"] == 772  # under the fleet's house rules: the Comets are 148
