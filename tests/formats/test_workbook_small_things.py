"""Issues 33 and 34, the small things a player trips on: fleet workbook names (a comma, a quote, a control
character), a system's type written as ``drydock rules systems`` shows it, the convert count of several files
into one workbook, the fleet table's design column, characters the sheet's fonts lack."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.core.fleet import format_fleet, rate_fleet
from drydock.core.rules import Ruleset
from drydock.core.rules.ruleset import SYSTEM_TYPES
from drydock.errors import DrydockError
from drydock.formats.excel.fleet_sheet import join_names, split_names
from drydock.formats.fleet.read import read_fleet
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

DESIGNS = ROOT / "examples" / "designs"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def fleet_file(tmp_path: Path, names: list[str], ids: list[str] | None = None) -> Path:
    shutil.copytree(DESIGNS, tmp_path / "designs")
    entry = {"design": "designs/majestic.yaml", "names": names, "count": len(names)}
    if ids is not None:
        entry["ids"] = ids
    path = tmp_path / "fleet.yaml"
    path.write_text(yaml.safe_dump({"fleet": "Test", "ships": [entry]}, allow_unicode=True), encoding="utf-8")
    return path


# ------------------------------------------------------------------ fleet workbook names (issue 33)
def test_any_ship_name_round_trips_through_a_fleet_workbook(tmp_path):
    names = ["Alpha, Beta", 'Gamma "G"', " padded ", '"', "Delta"]
    ids = ["a,b", "X-2", '""', "Y", "Z"]
    fleet = fleet_file(tmp_path, names, ids)
    book = tmp_path / "fleet.xlsx"
    r = run("convert", fleet, "-o", book)
    assert r.exit_code == 0, r.output
    back = read_fleet(book)
    assert back.entries[0].names == tuple(names) and back.entries[0].ids == tuple(ids)
    assert [s.ship_name for s in back.ships()] == names


@pytest.mark.parametrize("text", [["Alpha, Beta"], ['a "b"', ""], ["x,y,z", " y"], ['"q",r']])
def test_join_and_split_names_are_inverse(text):
    assert split_names(join_names(tuple(text), "name"), "D9") == tuple(text)


def test_names_written_before_quoting_read_as_before():
    assert split_names("Valiant, Vigil ,  Kite", "D9") == ("Valiant", "Vigil", "Kite")
    assert split_names('Gamma "G", Delta', "D9") == ('Gamma "G"', "Delta")
    with pytest.raises(DrydockError, match=r"Fleet!D9: a quoted name is not closed"):
        split_names('"open, Delta', "D9")


def test_a_control_character_in_a_ship_name_is_refused_in_one_line(tmp_path):
    fleet = fleet_file(tmp_path, ["Bad\x01name"])
    r = run("convert", fleet, "-o", tmp_path / "fleet.xlsx")
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "U+0001" in lines[0] and "Traceback" not in r.output
    assert not (tmp_path / "fleet.xlsx").exists()


# ------------------------------------------------------------------ a system's type by name (issue 34)
def test_a_system_type_as_drydock_rules_shows_it_is_taken_and_kept_as_the_letter(tmp_path):
    book = Ruleset.unity()
    by_name = {name: {"type": SYSTEM_TYPES[rule.type]} for name, rule in book.systems.items()}
    house = Ruleset.from_data({"name": "types by name", "systems": by_name})
    assert {n: s.type for n, s in house.systems.items()} == {n: s.type for n, s in book.systems.items()}
    gizmo = {"section": "house", "su": "5"}
    for written, letter in (("equipment", "E"), ("Munitions", "M"), ("ship trait", "T"), ("T ship trait", "T"),
                            ("e", "E")):
        rules = Ruleset.from_data({"name": "g", "systems": {"Gizmo": {**gizmo, "type": written}}})
        assert rules.systems["Gizmo"].type == letter
    rules_file = tmp_path / "house.yaml"
    rules_file.write_text("name: gadgets\nsystems:\n  Gizmo: {type: equipment, su: '5', section: house}\n")
    design = tmp_path / "ship.yaml"
    design.write_text("class: Test\nhull: 4\nengines: 2\nsystems: [Gizmo]\n")
    assert run("rate", "--rules", rules_file, design).exit_code == 0
    rules_file.write_text("name: gadgets\nsystems:\n  Gizmo: {type: gadget, su: '5', section: house}\n")
    r = run("rate", "--rules", rules_file, design)
    assert r.exit_code != 0 and "must be one of 'E', 'M' or 'T'" in r.stderr


# ------------------------------------------------------------------ convert's count (issue 34)
def test_two_files_into_one_workbook_count_as_two_files(tmp_path):
    out = tmp_path / "two.xlsx"
    r = run("convert", DESIGNS / "majestic.yaml", DESIGNS / "kestrel-corvette.yaml", "-o", out)
    assert r.exit_code == 0
    assert r.stderr.strip() == f"converted 2 files (2 designs) -> {out}"


# ------------------------------------------------------------------ the fleet table (issue 34)
def test_the_fleet_table_prints_whole_design_titles(tmp_path):
    fleet = fleet_file(tmp_path, ["Ranger", "Rover"])
    ship = tmp_path / "designs" / "majestic.yaml"
    ship.write_text(ship.read_text(encoding="utf-8").replace("faction: Imperial", "faction: Imperial Atlantic")
                    .replace("class: Majestic", "class: Ranger").replace("type: Battlecruiser", "type: Heavy Cruiser"),
                    encoding="utf-8")
    text = format_fleet(rate_fleet(read_fleet(fleet)))
    header, row = text.splitlines()[1:3]
    assert "Imperial Atlantic RANGER-class Heavy Cruiser " in row  # 45 characters: cut at 43 before
    assert row.index(" 188 ") + 4 == header.index("CR") + 2  # the CR column lines up with its header


# ------------------------------------------------------------------ glyphs the sheet's fonts lack (issue 34)
def test_a_character_the_sheet_fonts_lack_is_named_with_its_field():
    pytest.importorskip("fontTools")
    from drydock.render.glyphs import missing_glyphs

    (design,) = from_yaml((DESIGNS / "kestrel-corvette.yaml").read_text(encoding="utf-8"))
    assert missing_glyphs(design) == []
    noted = design.model_copy(update={"notes": ("Flagship of the \U0001F680 squadron", "plain – text")})
    (line,) = missing_glyphs(noted)
    assert line.startswith("note 1: ") and "U+1F680" in line and "empty box" in line
