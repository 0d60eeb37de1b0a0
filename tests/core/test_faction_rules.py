"""House rules scoped by faction, and every weapon variable in every weapon formula (issue 16)."""

from decimal import Decimal

import pytest
from click.testing import CliRunner

from drydock import rate
from drydock.cli.main import cli
from drydock.core.calc import mode_bsur
from drydock.core.rules import Ruleset
from drydock.core.rules.factions import HouseRules
from drydock.errors import RulesError
from drydock.formats import read_designs
from drydock.formats.houserules import load_house_rules
from tests.helpers import ROOT

EX = ROOT / "examples"
RULES = EX / "fleets" / "house-rules.yaml"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_faction_overrides_apply_only_to_that_faction():
    house = load_house_rules(RULES)
    (comet,) = read_designs(EX / "designs" / "comet-frigate.yaml")
    (majestic,) = read_designs(EX / "designs" / "majestic.yaml")
    assert house.is_scoped(comet) and not house.is_scoped(majestic)
    assert rate(comet).combat_rating == 87
    assert rate(comet, house.for_design(comet)).combat_rating == 148  # sqrt(270 x 28) x 1.7 = 147.8
    assert rate(majestic, house.for_design(majestic)).combat_rating == 188
    assert house.for_faction("kzinti") is house.for_faction("Kzinti")
    assert house.for_design(comet).label.startswith("Home Guard campaign rules + Kzinti faction rules (house rules, ")


def test_faction_rules_show_on_ratings():
    res = run("rate", "--rules", RULES, EX / "designs" / "comet-frigate.yaml", EX / "designs" / "majestic.yaml")
    assert res.exit_code == 0, res.output
    assert "ORAT 270   DRAT 28   CR 148" in res.output
    assert res.output.count("Rules: Home Guard campaign rules + Kzinti faction rules") == 1


def test_bad_faction_rules_name_the_faction():
    with pytest.raises(RulesError, match="factions.Eldar: unknown rules entries: bogus"):
        HouseRules.from_data({"factions": {"Eldar": {"bogus": 1}}})
    with pytest.raises(RulesError, match="factions.Eldar: expected a mapping"):
        HouseRules.from_data({"factions": {"Eldar": 3}})


def test_every_weapon_formula_sees_every_weapon_variable():
    (majestic,) = read_designs(EX / "designs" / "majestic.yaml")
    turret, laser = majestic.weapons[0].primary, majestic.weapons[1].primary
    per_trait = Ruleset.from_data({"formulas": {"bsur": {
        "expr": "L * ROF * ACC * (IMP + 0.25) * (DMG + 0.60) * (1 + TRAITS)"}}})
    book = Ruleset.unity()
    assert mode_bsur(laser, per_trait) == mode_bsur(laser, book) == Decimal("2.7")
    assert (mode_bsur(turret, book), mode_bsur(turret, per_trait)) == (Decimal("10.8"), Decimal("21.6"))
    # a seeker surcharge by trait count: Heavy Torpedo (MA 6, ROF 1, Slw): MA x ROF / 3 = 2 -> 2.2
    (harrier,) = read_designs(EX / "designs" / "harrier-missile-destroyer.yaml")
    house = load_house_rules(RULES).base
    torpedo = harrier.weapons[1].primary
    assert (mode_bsur(torpedo, book), mode_bsur(torpedo, house)) == (Decimal("9.6"), Decimal("9.7"))
    for key in ("bsur", "seeking_addition", "defensive_addition"):
        Ruleset.from_data({"formulas": {key: {"expr": "L + MA + ROF + ACC + ACC_SEEK + IMP + DMG + TRAITS"}}})


def test_rules_variables_lists_the_names():
    res = run("rules", "--variables")
    assert res.exit_code == 0
    assert "formulas.seeking_addition: L, MA, ROF, ACC, ACC_SEEK, ACC_STD, IMP, DMG, TRAITS, B" in res.output
    assert "formulas.combat_rating: ORAT, DRAT" in res.output
    assert "TRAITS   number of traits of the weapon mode" in res.output
