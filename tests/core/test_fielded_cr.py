"""One combat rating everywhere (issue 37): a battle, its report, its VP target and a tournament's scoring use the
CR of the rules in force for each ship, the figure ``drydock rate`` prints (drydock.core.fielding)."""

import json

from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.core.fielding import fielded_cr, rules_in_force
from drydock.formats import read_designs
from drydock.formats.houserules import load_house_rules, load_ruleset
from drydock.formats.inputs import read_side, side_rules
from tests.helpers import ROOT

EX = ROOT / "examples"
SYCAMORE = EX / "companion" / "sycamore.yaml"
HOME_GUARD = EX / "fleets" / "home-guard.yaml"


def run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def battle_json(*args):
    out = run("battle", *args, "--runs", 4, "--no-robustness", "--json")
    return json.loads(out[out.index("{"):])


def test_companion_cr_is_the_one_rate_prints_in_battle_report_and_vp_target():
    # drydock rate examples/companion/sycamore.yaml --rules companion: "CR 135*" (the book: 100)
    assert "CR 135*" in run("rate", SYCAMORE, "--rules", "companion")
    sycamore = read_designs(str(SYCAMORE))[0]
    assert fielded_cr(sycamore, load_ruleset("companion")) == 135
    assert fielded_cr(sycamore) == 100
    d = battle_json(SYCAMORE, SYCAMORE, "--rules", "companion")
    assert [s["combat_rating"] for s in d["report"]["sides"]] == [135, 135]  # was 100
    assert d["vp_target"] == 81  # 2.2 auto: 60% of 135, rounded up


def test_fleet_faction_rules_give_the_fleet_total_rate_prints():
    # drydock rate examples/fleets/home-guard.yaml: Comet 148* (Kzinti x1.7), fleet total CR 772*
    out = run("rate", HOME_GUARD)
    assert "148*" in out and "CR 772*" in out
    designs, fleets = read_side(str(HOME_GUARD))
    ship_rules = side_rules(designs, fleets)
    comet = next(d for d in designs if d.class_name.upper().startswith("COMET"))
    assert fielded_cr(comet, rules_in_force(comet, None, ship_rules)) == 148
    assert fielded_cr(comet) == 87  # the book's figure, which the battle used before
    d = battle_json(HOME_GUARD, EX / "designs" / "majestic.yaml")
    assert d["report"]["sides"][0]["combat_rating"] == 772  # was 650
    assert d["vp_target"] == 464  # 60% of 772 = 463.2, rounded up (was 60% of 650)


def test_rules_file_faction_entry_applies_to_a_design_file():
    rules = EX / "fleets" / "house-rules.yaml"
    comet = EX / "designs" / "comet-frigate.yaml"
    assert "148*" in run("rate", comet, "--rules", rules)
    d = battle_json(comet, EX / "designs" / "majestic.yaml", "--rules", rules)
    assert d["report"]["sides"][0]["combat_rating"] == 148
    assert side_rules(read_side(str(comet))[0], [], load_house_rules(str(rules)))


def test_rules_given_replace_a_fleets_own_as_in_rate():
    result = CliRunner().invoke(cli, ["battle", str(HOME_GUARD), str(EX / "designs" / "majestic.yaml"), "--runs", "4",
                                      "--no-robustness", "--json", "--rules", "companion"])
    assert result.exit_code == 0
    assert "replaced by --rules" in result.stderr


def test_tournament_scores_at_the_rules_in_force():
    d = json.loads(run("tournament", HOME_GUARD, EX / "designs" / "shade-raider.yaml", "--runs", 2, "--jobs", 1,
                       "--turns", 3, "--json"))
    crs = {r["design"]: r["combat_rating"] for r in d["designs"]}
    assert crs["Comet"] == 148 and crs["Shade"] == 106


def test_an_ae_cards_stated_cr_is_the_one_fielded_in_battle_and_report():
    """X.1: an Admiralty card fights and scores at its stated AE CR (277), not the Unity re-rating (317)."""
    from drydock.convert import batch
    from drydock.engine.legacy_rules import ship_spec
    from drydock.insight.battle_report import fight

    (dumbo,) = batch.convert_file(EX / "legacy" / "admiralty" / "dumbo-v1.ae", "admiralty").designs
    majestic = read_designs(str(EX / "designs" / "majestic.yaml"))[0]
    assert fielded_cr(dumbo) == 277 and ship_spec(dumbo).cr == 277
    assert fielded_cr(dumbo, load_ruleset("companion")) == 277
    summary, report = fight([dumbo], [majestic], runs=2, seed=1)
    assert [s["combat_rating"] for s in report.to_dict()["sides"]] == [277, 188]
    assert summary.vp_target == 167  # 60% of 277, rounded up
