"""Weapon libraries: profiles used from designs, overrides, and the error paths (issue 16)."""

import json

import pytest
from click.testing import CliRunner

from drydock import rate
from drydock.cli.main import cli
from drydock.core.rules.factions import HouseRules
from drydock.formats import read_designs
from drydock.formats.drake import from_drake, to_drake
from drydock.formats.excel.read import from_xlsx
from drydock.formats.excel.write import to_xlsx
from drydock.formats.inputs import read_inputs
from drydock.formats.library import LibraryFileError, load_library
from tests.helpers import ROOT

EX = ROOT / "examples"
VANGUARD = EX / "fleets" / "ships" / "vanguard-destroyer.yaml"
REFIT = EX / "weapons" / "imperial-refit.yaml"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_profiles_resolve_with_local_overrides():
    (d,) = read_designs(VANGUARD)
    turret, pd, torpedo = d.weapons
    assert (turret.name, turret.primary.range, turret.primary.traits) == ("Lightning Turret", (4, 8, 12), ("Pr1",))
    assert [b.arc for b in turret.banks] == ["ACE", "BDF"]
    assert (pd.name, pd.primary.traits) == ("Point Defence", ("Dfn", "Acr"))  # from the included common.yaml
    assert (torpedo.name, torpedo.primary.range, torpedo.primary.imp) == ("Light Torpedo", (5, 10, 15), 2)
    assert rate(d).combat_rating == 64


def test_profile_chains_and_includes():
    lib = load_library(EX / "weapons" / "imperial.yaml")
    assert set(lib.profiles) == {"Point Defence", "Lightning Turret", "Laser Cannon", "Fusion Torpedo",
                                 "Heavy Lightning Turret"}
    from drydock.formats.library import resolve_profile

    assert resolve_profile("Heavy Lightning Turret", lib.profiles) == {
        "name": "Heavy Lightning Turret", "range": "4-8-12", "stats": "2x5+/2/1", "traits": ["Pr1"]}


def test_drake_and_xlsx_write_the_resolved_weapon_and_rate_the_same():
    (d,) = read_designs(VANGUARD)
    cr = rate(d).combat_rating
    text = to_drake([d])
    assert "Lightning Turret" in text and "use" not in text
    (back,) = from_drake(text)
    assert rate(back).combat_rating == cr
    (wb,) = from_xlsx(to_xlsx([d]))
    assert rate(wb).combat_rating == cr
    assert [w.name for w in wb.weapons] == ["Lightning Turret", "Point Defence", "Light Torpedo"]


def test_library_override_shows_which_designs_change():
    (d,) = read_designs(VANGUARD, libraries=[str(REFIT)])
    assert d.weapons[0].primary.range == (5, 10, 15) and rate(d).combat_rating == 67
    res = run("rate", "--library", REFIT, EX / "designs", EX / "fleets" / "ships")
    assert res.exit_code == 0, res.output
    tail = res.output[res.output.index("Designs changed by"):]
    assert tail.splitlines() == [f"Designs changed by {REFIT}: 1",
                                 f"  {VANGUARD}: Imperial VANGUARD-class Destroyer: CR 64 -> 67"]
    res = run("check", "--library", REFIT, EX / "designs")
    assert res.exit_code == 0 and f"Designs changed by {REFIT}: none" in res.output


def test_library_overrides_are_a_parameter_and_never_leak_between_reads():
    """Two reads in one process with different ``libraries`` each see only their own (issue 21: no process-wide
    state). The refit library makes the Lightning Turret 5-10-15 (imperial-refit.yaml); the design's own
    imperial.yaml has it 4-8-12. Interleaving two input generators is what a process-wide setting breaks: one
    suspended inside an override would hand it to the other's reads."""
    with_refit = read_inputs([VANGUARD, VANGUARD], HouseRules.book(), libraries=[str(REFIT)])
    plain = read_inputs([VANGUARD, VANGUARD], HouseRules.book())
    ranges = []
    for _ in range(2):
        ranges.append(next(with_refit).design.weapons[0].primary.range)
        ranges.append(next(plain).design.weapons[0].primary.range)
    assert ranges == [(5, 10, 15), (4, 8, 12), (5, 10, 15), (4, 8, 12)]
    (refit,) = read_designs(VANGUARD, libraries=[str(REFIT)])
    (own,) = read_designs(VANGUARD)
    assert (refit.weapons[0].primary.range, own.weapons[0].primary.range) == ((5, 10, 15), (4, 8, 12))
    fleet = EX / "fleets" / "home-guard.yaml"
    for libraries, expected in (([str(REFIT)], (5, 10, 15)), ([], (4, 8, 12))):
        vanguards = [i.design for i in read_inputs([fleet], HouseRules.book(), libraries=libraries)
                     if i.design is not None and i.design.class_name.upper() == "VANGUARD"]
        assert vanguards and all(d.weapons[0].primary.range == expected for d in vanguards)


def design(tmp_path, weapons, library="lib.yaml"):
    path = tmp_path / "ship.yaml"
    path.write_text(f"class: Test\nlibrary: [{library}]\nhull: 4\nengines: 2\nweapons:\n{weapons}", encoding="utf-8")
    return path


def test_unknown_profile_names_the_design_file_and_line(tmp_path):
    (tmp_path / "lib.yaml").write_text("profiles:\n  - {name: Gun, range: 2-4-6, stats: 1x5+/1/1}\n")
    path = design(tmp_path, "  - {use: Gun, banks: [AB]}\n  - {use: Laser, banks: [AB]}\n")
    res = run("check", path)
    assert res.exit_code == 1
    assert f"drydock: error: {path}:7:6: key weapons[1].use: unknown weapon profile 'Laser' (" in res.output
    assert "profiles: Gun)" in res.output


def test_missing_library_names_the_design_line(tmp_path):
    path = design(tmp_path, "  - {use: Gun, banks: [AB]}\n", library="nope.yaml")
    res = run("rate", path)
    assert res.exit_code == 1 and f"{path}:2:11: key library[0]: weapon library nope.yaml not found" in res.output


def test_circular_library_include(tmp_path):
    (tmp_path / "a.yaml").write_text("include: [b.yaml]\nprofiles: []\n")
    (tmp_path / "b.yaml").write_text("include: [a.yaml]\nprofiles: []\n")
    path = design(tmp_path, "  - {use: Gun, banks: [AB]}\n", library="a.yaml")
    res = run("check", path)
    assert res.exit_code == 1 and "circular library include: " in res.output
    assert "a.yaml -> " in res.output and "b.yaml -> " in res.output
    with pytest.raises(LibraryFileError, match="circular library include"):
        load_library(tmp_path / "a.yaml")


def test_circular_profile_chain(tmp_path):
    (tmp_path / "lib.yaml").write_text("profiles:\n  - {name: A, use: B}\n  - {name: B, use: A}\n")
    path = design(tmp_path, "  - {use: A, banks: [AB]}\n")
    res = run("check", path)
    assert res.exit_code == 1
    assert "lib.yaml:3: circular weapon profile: A -> B -> A" in res.output


def test_bad_profile_names_the_library_line(tmp_path):
    (tmp_path / "lib.yaml").write_text("profiles:\n  - name: Gun\n    range: 2-4-6\n    stats: 1x5/1\n")
    res = run("check", design(tmp_path, "  - {use: Gun, banks: [AB]}\n"))
    assert res.exit_code == 1 and "lib.yaml:4: profile Gun: weapon stats must look like" in res.output


def test_schemas_describe_fleets_libraries_and_use_entries():
    lib = json.loads(run("schema", "--library").output)
    assert lib["title"] == "drydock weapon library" and set(lib["properties"]) == {"name", "include", "profiles"}
    fleet = json.loads(run("schema", "--fleet").output)
    assert fleet["title"] == "drydock fleet" and fleet["required"] == ["ships"]
    design_schema = json.loads(run("schema").output)
    assert "library" in design_schema["properties"]
    assert {"$ref": "#/$defs/WeaponUseFile"} in design_schema["properties"]["weapons"]["items"]["anyOf"]
    # the examples fit their schemas' models
    import yaml

    from drydock.formats.fleet.shape import FleetFile
    from drydock.formats.library import LibraryFile

    FleetFile.model_validate(yaml.safe_load((EX / "fleets" / "home-guard.yaml").read_text()))
    LibraryFile.model_validate(yaml.safe_load((EX / "weapons" / "imperial.yaml").read_text()))
