"""The design loop (issue 12): names you can list, mistakes that suggest the fix, help to fit, what-ifs,
house rules you can see. Through the real ``drydock`` command (click's CliRunner)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.core.rules import Ruleset
from drydock.core.rules.catalog import catalog
from tests.helpers import ROOT

DESIGNS = sorted((ROOT / "examples" / "designs").glob("*.yaml"))
MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"
BASTION = ROOT / "examples" / "designs" / "bastion-battleship.yaml"
HOUSE = ROOT / "examples" / "house-rules.yaml"
PLAYER_WORDS_ONLY = ("Input should", "pattern", "^", "\\d", "Field required", "validation error")


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def variant(tmp_path: Path, old: str, new: str, name: str = "ship.yaml") -> Path:
    text = MAJESTIC.read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new))
    return path


# ------------------------------------------------------------------ drydock rules


def test_rules_lists_traits_systems_and_arcs_with_sections():
    res = run("rules")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Rules: Unity v2.0"
    acr = next(line for line in lines if line.startswith("Acr "))
    assert acr.split()[:4] == ["Acr", "Accurate", "1.3", "A.1,"]
    vlt = next(line for line in lines if line.startswith("Vlt "))
    assert "ROF must be 1" in vlt
    cm = next(line for line in lines if line.startswith("Countermeasures "))
    assert "CM" in cm and "SF * 2 * n" in cm and "x 1.5 ** n" in cm and "B.6" in cm and "qty = levels" in cm
    assert "needs Carrier" in next(line for line in lines if line.startswith("Launch Tubes "))
    fh = next(line for line in lines if line.startswith("FH "))
    assert fh.split()[:4] == ["FH", "alternate", "3", "GHI"]
    assert next(line for line in lines if line.startswith("Fwd ")).split()[:3] == ["Fwd", "defensive", "1.5"]


def test_rules_views_json_and_house_values():
    res = run("rules", "traits", "--json", "--rules", HOUSE)
    data = json.loads(res.output)
    assert set(data) == {"rules", "traits"}
    assert data["rules"]["book"] is False and data["rules"]["fingerprint"] == Ruleset.from_data(
        yaml.safe_load(HOUSE.read_text())).fingerprint
    knt = next(t for t in data["traits"] if t["abbr"] == "Knt")
    assert knt["multiplier"] == "2.5"  # book: 3.0
    systems = json.loads(run("rules", "systems", "--json", "--rules", HOUSE).output)["systems"]
    assert next(s for s in systems if s["name"] == "Hyperdrive")["su"] == "EF * 0.5"
    book = catalog()
    assert len(book["traits"]) == 24 and len(book["arcs"]) == 12 + 20 + 4
    assert {s["name"] for s in book["systems"]} == set(Ruleset.unity().systems)
    assert "Mult" not in run("rules", "arcs").output


# ------------------------------------------------------------------ drydock schema


def _schema():
    res = run("schema")
    assert res.exit_code == 0
    schema = json.loads(res.output)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def test_schema_validates_every_example_and_describes_every_key():
    schema = _schema()
    validator = jsonschema.Draft202012Validator(schema)
    for path in DESIGNS:
        for doc in yaml.safe_load_all(path.read_text()):
            assert not list(validator.iter_errors(doc)), path.name
    models = [schema, *schema["$defs"].values()]
    for model in models:
        for key, prop in model.get("properties", {}).items():
            assert prop.get("description"), key
    assert schema["properties"]["hull"]["minimum"] == 1 and schema["properties"]["hull"]["maximum"] == 35
    traits = schema["$defs"]["ModeFile"]["properties"]["traits"]["items"]["anyOf"][0]["enum"]
    assert "Acr" in traits and "Accurate" in traits


@pytest.mark.parametrize("change", [
    lambda d: d["weapons"][0].update(traits=["Acurate"]),
    lambda d: d.update(systems=["Countermeasure"]),
    lambda d: d.update(shields={"fwd": 3, "starboard": 3}),
    lambda d: d["weapons"][0].update(banks=["ABM"]),
    lambda d: d["weapons"][0].update(range="3-6"),
    lambda d: d.update(hull=36),
    lambda d: d.update(shields=6),
    lambda d: d.update(hul=8),
    lambda d: d["weapons"][2].update(stats="1x4/3"),
], ids=["trait", "system", "shield-arc", "arc", "range", "hull", "shields", "key", "stats"])
def test_schema_flags_a_typo(change):
    validator = jsonschema.Draft202012Validator(_schema())
    design = yaml.safe_load(MAJESTIC.read_text())
    bad = copy.deepcopy(design)
    change(bad)
    assert not list(validator.iter_errors(design))
    assert list(validator.iter_errors(bad))


def test_schema_accepts_every_spelling_drydock_accepts():
    validator = jsonschema.Draft202012Validator(_schema())
    design = yaml.safe_load(MAJESTIC.read_text())
    design["weapons"][0].update(traits=["piercing 1", "ACCURATE"], banks=["2fh", "bce2", "3Fwd", "tt"])
    design["systems"] = ["cm", {"name": "marines", "qty": 2}, "Long Range Sensors"]
    assert not list(validator.iter_errors(design))


# ------------------------------------------------------------------ did you mean, in the player's terms


@pytest.mark.parametrize("old,new,expected", [
    ("traits: [Pr1]", "traits: [Acurate]", "unknown weapon trait 'Acurate' (did you mean Acr (Accurate)?)"),
    ("systems: [Countermeasures, Hyperdrive]", "systems: [Countermeasure, Hyperdrive]",
     "unknown system 'Countermeasure' (did you mean Countermeasures?)"),
    ("banks: [4AB]", "banks: [4ABM]", "unknown firing arc 'ABM': M is not an arc letter (component arcs are A-L); "
                                      "did you mean AB?"),
    ("banks: [4AB]", "banks: [4AAB]", "A appears twice"),
    ("banks: [4AB]", "banks: [4Fwr]", "W and R are not arc letters (component arcs are A-L); did you mean FR or Fwd?"),
])
def test_unknown_names_suggest_the_closest(tmp_path, old, new, expected):
    res = run("check", variant(tmp_path, old, new))
    assert res.exit_code == 1
    assert expected in res.output


@pytest.mark.parametrize("old,new,expected", [
    ("shields: 3", "shields: {fwd: 3, port: 2, starboard: 3, aft: 1}",
     "key shields.starboard: unknown key 'starboard' (did you mean stbd?)"),
    ("range: 3-6-9", "range: 3-6", "range must be three bands, short-medium-long, e.g. 4-8-12"),
    ("hull: 8", "hul: 8", "unknown key 'hul' (did you mean hull?)"),
    ("shields: 3", "shields: strong", "key shields: must be a shield rating 0-5, or {fwd: 3, port: 2"),
    ("range: 3-6-9", "range: 12", "must be text like 4-8-12"),
    ("systems: [Countermeasures,", "systems: [{name: CM, qtty: 2},", "unknown key 'qtty' (did you mean qty?)"),
])
def test_file_errors_in_the_players_terms(tmp_path, old, new, expected):
    res = run("rate", variant(tmp_path, old, new))
    assert res.exit_code == 1  # a failed item of the rate batch (issue 10)
    assert expected in res.stderr
    assert not any(word in res.stderr for word in PLAYER_WORDS_ONLY), res.stderr


def test_unknown_format_suggests(tmp_path):
    res = run("convert", MAJESTIC, "-o", tmp_path / "x.out", "--to", "drak")
    assert res.exit_code == 2 and "unknown format 'drak' (did you mean drake?)" in res.stderr
    assert run("convert", MAJESTIC, "-o", tmp_path / "x.out", "--to", "yml").exit_code == 0


def test_unknown_house_rule_entry_suggests(tmp_path):
    rules = tmp_path / "r.yaml"
    rules.write_text("trait: {Knt: {multiplier: '2.5'}}\n")
    res = run("rate", "--rules", rules, MAJESTIC)
    assert res.exit_code == 2 and "unknown rules entries: trait (did you mean traits or trait_rules?)" in res.stderr


# ------------------------------------------------------------------ help to fit, warnings


def test_over_space_says_by_how_much_and_what_would_fit(tmp_path):
    res = run("check", variant(tmp_path, "engines: 4", "engines: 6"))
    assert res.exit_code == 1
    # engines 6 cost 6 x EF 104 = 624 SU against 416 for 4: 208 over; shield 3 -> 1 saves 2 x SF 108.
    assert ("OVER_SPACE Majestic: uses 1728 SU of 1520 (208 over): engines 4 would fit (saves 208 SU); "
            "shields 1 would fit (saves 216 SU); the costliest bank is Fusion Torpedo 4AB (234 SU); "
            "the costliest system is Countermeasures (216 SU)") in res.output


def test_warnings_for_cr_zero_twin_batteries_and_empty_files(tmp_path):
    unarmed = tmp_path / "unarmed.yaml"
    unarmed.write_text("class: Barge\nhull: 3\nengines: 1\n")
    res = run("check", unarmed)
    assert res.exit_code == 0
    assert "CR_ZERO Barge: combat rating 0: it has no weapons (ORAT 0) (warning)" in res.output
    twins = variant(tmp_path, "name: Laser Cannon", "name: Lightning Turret", "twins.yaml")
    res = run("check", twins)
    assert "BATTERY_NAME_DUPLICATE Majestic: 2 batteries are named 'Lightning Turret'" in res.output
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing yet\n")
    res = run("rate", empty)
    assert res.exit_code == 0 and res.stdout == ""
    assert "drydock: warning:" in res.stderr and "no designs in the file" in res.stderr


# ------------------------------------------------------------------ what-ifs


def test_set_what_ifs():
    res = run("rate", "--json", "--set", "engines=5", MAJESTIC)
    (item,) = json.loads(res.output)
    assert item["space_units"]["used"] == 1520 + 104  # one more engine level: EF 104 (A.1)
    assert item["what_if"] == ["engines=5"]
    assert item["problems"][0]["code"] == "OVER_SPACE"
    res = run("rate", "--set", "weapons[Laser Cannon].range=4-8-12", "--set", "tech.weapons=1", MAJESTIC)
    assert "what-if: weapons[Laser Cannon].range=4-8-12, tech.weapons=1" in res.output
    assert "Laser Cannon: 4-8-12" in res.output
    assert MAJESTIC.read_text().count("range: 3-6-9") == 1  # the file is untouched
    res = run("rate", "--set", "engins=5", MAJESTIC)
    assert res.exit_code == 1 and "unknown key 'engins' (did you mean engines?)" in res.stderr
    res = run("rate", "--set", "weapons[Lazer Cannon].range=4-8-12", MAJESTIC)
    assert "no item named 'Lazer Cannon' (did you mean Laser Cannon?)" in res.stderr


def test_watch_rates_again_after_each_save(tmp_path):
    from drydock.cli.watch import watch

    ship = tmp_path / "ship.yaml"
    ship.write_text(MAJESTIC.read_text())
    seen: list[str] = []
    edits = iter([lambda: None, lambda: ship.write_text(ship.read_text().replace("engines: 4", "engines: 3")),
                  lambda: None])

    def run_once() -> None:
        seen.append(ship.read_text())

    assert watch([str(ship)], run_once, cycles=3, sleep=lambda _: next(edits)()) == 2
    assert "engines: 3" in seen[-1]


# ------------------------------------------------------------------ house rules made visible


def test_house_rules_are_marked_in_rate_text_and_json():
    house = Ruleset.from_data(yaml.safe_load(HOUSE.read_text()))
    res = run("rate", "--rules", HOUSE, BASTION)
    assert "CR 380*" in res.output
    assert f"* house rules: {house.label}; CR 408 by the book" in res.output
    (item,) = json.loads(run("rate", "--json", "--rules", HOUSE, BASTION).output)
    assert item["combat_rating"] == 380 and item["combat_rating_book"] == 408
    assert item["rules"] == {"name": house.name, "label": house.label, "fingerprint": house.fingerprint,
                             "book": False}
    (book,) = json.loads(run("rate", "--json", BASTION).output)
    assert book["rules"]["book"] is True and book["rules"]["label"] == "Unity v2.0"
    assert "combat_rating_book" not in book
    assert "*" not in run("rate", BASTION).output.split("CR ")[1].split()[0]


def test_converted_files_note_the_house_rules(tmp_path):
    out = tmp_path / "ship.yaml"
    assert run("convert", "--rules", HOUSE, MAJESTIC, "-o", out).exit_code == 0
    assert "Converted under house rules:" in out.read_text() and "(house rules, " in out.read_text()
    again = tmp_path / "again.yaml"
    run("convert", "--rules", HOUSE, out, "-o", again)
    assert again.read_text().count("Converted under house rules") == 1


@pytest.mark.parametrize("text,expected", [
    ("traits:\n  Knt: {multipler: 2}\n", "traits.Knt.multipler: unknown key 'multipler' (did you mean multiplier?)"),
    ("traits:\n  Knt: {multiplier: lots}\n", "traits.Knt.multiplier: must be a number: 'lots'"),
    ("systems:\n  Hyperdrive: {type: Q}\n", "systems.Hyperdrive.type: must be one of 'E', 'M' or 'T': 'Q'"),
    ("systems:\n  Hyperdrve: {su: 'EF * 0.5'}\n", "systems.Hyperdrve: not in the book (did you mean Hyperdrive?)"),
    ("options:\n  cr_drat: {value: sometimes}\n", "options.cr_drat: 'sometimes' is not one of ['rounded', 'exact']"),
])
def test_house_rule_mistakes_in_the_players_terms(tmp_path, text, expected):
    rules = tmp_path / "house.yaml"
    rules.write_text(text)
    res = run("rate", "--rules", rules, MAJESTIC)
    assert res.exit_code == 2 and expected in res.stderr
    assert not any(word in res.stderr for word in ("Input should", "Field required")), res.stderr
