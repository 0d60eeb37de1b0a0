"""Optional rules, terrain and scenarios as data (issue 23): the registry, the command line, and play rules in the
ruleset that a house-rule file overrides."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from drydock.core.fleet import battle_size_names, fleet_limit
from drydock.core.rules import Ruleset
from drydock.core.rules.play_options import BY_SECTION, OPTIONS, check_combination, counts, lookup
from drydock.errors import DrydockError, RulesError
from tests.helpers import ROOT

MAJESTIC = str(ROOT / "examples/designs/majestic.yaml")
VIGILANT = str(ROOT / "examples/designs/vigilant-cruiser.yaml")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "drydock", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_registry_has_every_section_of_d_e_f_g_s() -> None:
    # the issue: "9 movement options (Appendix D), 7 combat options (E), 7 fighter options (F), 6 kinds of
    # terrain (G) and 12 scenarios (S)"
    sections = {o.section for o in OPTIONS if not o.variant}
    assert sections == ({f"D.{i}" for i in range(1, 10)} | {f"E.{i}" for i in range(1, 8)}
                        | {f"F.{i}" for i in range(1, 8)} | {f"G.{i}" for i in range(1, 7)}
                        | {f"S.{i}" for i in range(1, 13)} | {"B.14", "B.18", "B.22"})  # issue 37: Appendix B's
    assert counts()["all"][1] == 44
    assert BY_SECTION["E.1"].name == "Damage Control"
    assert BY_SECTION["S.4"].name == "Fleet Action"
    assert BY_SECTION["E.3"].requires == ("B.9",)


def test_unknown_and_contradictory_options_are_refused_by_name() -> None:
    with pytest.raises(DrydockError, match="unknown optional rule 'E.9'"):
        check_combination(["E.9"])
    with pytest.raises(DrydockError, match="unknown scenario 'S.13'"):
        check_combination([], "S.13")
    with pytest.raises(DrydockError, match="D.2 and D.2z|D.2z and D.2"):
        check_combination(["D.2", "D.2z"])
    with pytest.raises(DrydockError, match="G.1 and G.2|G.2 and G.1"):
        check_combination([], None, ["G.1", "G.2"])
    left = [o.section for o in OPTIONS if not o.simulated and o.kind != "scenario"]
    if left:
        with pytest.raises(DrydockError, match="not simulated"):
            check_combination(left[:1])
    with pytest.raises(DrydockError, match="G.6a and G.6|G.6 and G.6a"):
        check_combination([], None, ["G.6", "G.6a"])
    assert lookup("e.1").section == "E.1"
    assert check_combination(["E.3", "E.1", "E.1"]) == ("E.1", "E.3")


def test_rules_options_cli_json_and_text() -> None:
    r = run("rules", "options", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert isinstance(data, list) and {"section", "name", "simulated"} <= set(data[0])
    by = {d["section"]: d for d in data}
    assert by["E.1"]["simulated"] is True and by["G.6"]["simulated"] is True
    assert all(by[o.section]["simulated"] == o.simulated for o in OPTIONS)
    text = run("rules", "options").stdout
    s, t = counts()["all"]
    assert f"{s} of {t} sections simulated" in text
    assert "E.1   yes  Damage Control" in text


def test_battle_refuses_unknown_option_exit_2() -> None:
    r = run("battle", MAJESTIC, VIGILANT, "--runs", "5", "--option", "E.9")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == ["drydock: error: unknown optional rule 'E.9' (drydock rules options "
                                             "lists them)"]
    r = run("battle", MAJESTIC, VIGILANT, "--runs", "5", "--floating", "--scenario", "S.2")
    assert r.returncode == 2 and "cannot be combined" in r.stderr
    r = run("tournament", MAJESTIC, VIGILANT, "--runs", "5", "--terrain", "volcano", "--json")
    assert r.returncode == 2 and "--terrain 'volcano'" in r.stderr


def test_floating_is_an_alias_of_option_d4_and_output_names_what_is_in_force() -> None:
    a = run("battle", MAJESTIC, VIGILANT, "--runs", "30", "--seed", "2", "--floating", "--json", "--no-robustness")
    b = run("battle", MAJESTIC, VIGILANT, "--runs", "30", "--seed", "2", "--option", "D.4", "--json",
            "--no-robustness")
    da, db = json.loads(a.stdout), json.loads(b.stdout)
    assert (da["a_wins"], da["b_wins"], da["draws"]) == (db["a_wins"], db["b_wins"], db["draws"])
    assert da["in_force"] == db["in_force"] == ["D.4 Floating Game Board"]
    t = run("battle", MAJESTIC, VIGILANT, "--runs", "20", "--option", "E.1", "--option", "E.3", "--scenario", "S.4",
            "--terrain", "nebula", "--no-robustness")
    assert t.returncode == 0, t.stderr
    assert ("in force: E.1 Damage Control; E.3 Explosions; G.4 Nebulae (nebula); S.4 Fleet Action"
            in t.stdout)


def test_play_rules_live_in_the_ruleset() -> None:
    play = Ruleset.unity().play
    # 2.2: "Fleet Limit 400 700 1000 1500 2000 VP Target 240 420 600 900 1200"
    assert play.size_table == (("very small", 400, 240), ("small", 700, 420), ("medium", 1000, 600),
                               ("large", 1500, 900), ("very large", 2000, 1200))
    assert play.battle_sizes["very-large"] == (2000, 1200)
    # 4.4: "1-3 Hull Hit ... 4 Engine Hit ... 5 Weapon Hit ... 6 Shield Hit"
    assert play.damage_table == {1: "hull", 2: "hull", 3: "hull", 4: "engine", 5: "weapon", 6: "shield"}
    assert play.range_modifiers[frozenset({"Dfs"})] == (2, 0, -2)
    assert play.impact_modifiers == {"Pr1": 1, "Pr2": 2, "NPr": -1}
    assert battle_size_names(Ruleset.unity())[0] == "very small"
    house = Ruleset.from_data({"battle_sizes": {"names": ["skirmish", "war"], "limits": [300, 3000],
                                                "vp_targets": [150, 1800]}})
    assert fleet_limit("war", house) == ("war", 3000)
    with pytest.raises(RulesError, match="battle_sizes"):
        Ruleset.from_data({"battle_sizes": {"limits": [300]}})
    with pytest.raises(RulesError, match="damage_table"):
        Ruleset.from_data({"play": {"damage_table": {"table": {"6": "crew"}}}})


def test_engine_reads_impact_and_range_modifiers_from_the_ruleset() -> None:
    from drydock.engine.ships import ShipSpec
    from drydock.formats import read_designs

    d = read_designs(MAJESTIC)[0]
    book = ShipSpec(d)
    house = ShipSpec(d, Ruleset.from_data({"play": {"impact_modifiers": {"table": {"Pr1": 2}},
                                                    "range_modifiers": {"table": {"": [2, 0, -2]}}}}))
    turret = book.banks[0].modes[0]
    assert "Pr1" in turret.traits and turret.imp_mod == 1 and turret.range_mods == (1, 0, -1)
    assert house.banks[0].modes[0].imp_mod == 2 and house.banks[0].modes[0].range_mods == (2, 0, -2)
    assert house.rules_label != book.rules_label == "Unity v2.0"


def test_house_ruled_battle_differs_and_says_so(tmp_path: Path) -> None:
    rules = tmp_path / "hull-heavy.yaml"
    rules.write_text('name: "all hull"\nplay:\n  damage_table:\n    table: {"4": hull, "5": hull, "6": hull}\n')
    book = json.loads(run("battle", MAJESTIC, VIGILANT, "--runs", "40", "--json", "--no-robustness").stdout)
    r = run("battle", MAJESTIC, VIGILANT, "--runs", "40", "--json", "--no-robustness", "--rules", str(rules))
    assert r.returncode == 0, r.stderr
    house = json.loads(r.stdout)
    assert house["rules"].startswith("all hull (house rules,")
    assert book["rules"] == "Unity v2.0"
    assert house["mean_turns"] < book["mean_turns"]  # every damage die is a hull hit: ships die sooner
    text = run("battle", MAJESTIC, VIGILANT, "--runs", "10", "--no-robustness", "--rules", str(rules)).stdout
    assert "rules: all hull (house rules," in text


def test_house_battle_size_reaches_the_engine(tmp_path: Path) -> None:
    rules = tmp_path / "sizes.yaml"
    rules.write_text("battle_sizes:\n  vp_targets: [100, 420, 600, 900, 1200]\n")
    r = run("battle", MAJESTIC, VIGILANT, "--runs", "5", "--json", "--no-robustness", "--battle-size", "very-small",
            "--rules", str(rules))
    assert json.loads(r.stdout)["vp_target"] == 100


def test_tournament_names_options_and_keeps_core_state_valid(tmp_path: Path) -> None:
    r = run("tournament", MAJESTIC, VIGILANT, "--runs", "10", "--jobs", "1", "--option", "E.1", "--scenario", "S.12")
    assert r.returncode == 0, r.stderr
    assert "E.1 Damage Control" in r.stdout and "S.12 The Trap" in r.stdout


def test_report_names_rules_and_options(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    r = run("battle", MAJESTIC, VIGILANT, "--runs", "20", "--no-robustness", "--option", "E.4", "--scenario", "S.12",
            "--rules", str(ROOT / "examples/play-house-rules.yaml"), "--report", str(out))
    assert r.returncode == 0, r.stderr
    html = out.read_text(encoding="utf-8")
    assert "in force: E.4 Partial Victory Points; S.12 The Trap" in html
    assert "rules: Unity v2.0 with harder hits and bigger repair crews (house rules," in html
