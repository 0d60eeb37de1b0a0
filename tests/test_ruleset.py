"""Rules as data: every table carries its section; house rules override any entry; formulas are safe."""

from decimal import Decimal
from pathlib import Path

import pytest

from drydock import rate
from drydock.errors import RulesError
from drydock.houserules import load_ruleset
from drydock.rules import Formula, Ruleset
from drydock.rules.unity import UNITY

from .helpers import battery, design, majestic, mode

ROOT = Path(__file__).resolve().parent.parent


def test_every_table_entry_names_its_section():
    for key, entry in UNITY["formulas"].items():
        assert entry["section"], key
    for key, entry in UNITY["traits"].items():
        assert entry["section"], key
    for key, entry in UNITY["systems"].items():
        assert entry["section"], key
    for key in ("hull", "acc_factors", "range_pairs", "arcs", "mounts", "expendable_orat", "tech_levels",
                "screens", "directional_shields", "trait_rules"):
        assert UNITY[key]["section"], key


def test_example_house_rule_file():
    rules = load_ruleset(ROOT / "examples" / "house-rules.yaml")
    r = rate(majestic(), rules)
    assert r.total_su == 1672  # 8 x 38 x 5.5
    hyper = next(s for s in r.systems if s.name == "Hyperdrive")
    assert hyper.su == 52
    knt = mode("3-6-9", "1x5/1/1", ("Knt",))
    from drydock.calc import mode_bsur

    assert mode_bsur(knt, rules) == Decimal("6.8")  # 2.7 x 2.5 = 6.75
    assert Ruleset.unity().traits["Knt"].multiplier == 3  # the book is untouched


def test_override_a_system_cost_and_a_trait_multiplier():
    rules = Ruleset.from_data({"systems": {"Countermeasures": {"su": "SF * 1 * n"}},
                               "traits": {"Pr1": {"multiplier": "2"}}})
    r = rate(majestic(), rules)
    assert next(s for s in r.systems if s.name == "Countermeasures").su == 108
    assert r.batteries[0].bsur == Decimal("14.4")


def test_house_rules_can_add_a_system():
    rules = Ruleset.from_data({"systems": {"Point Defence": {"type": "E", "su": "SF * 0.5", "drat_mult": "1.1",
                                                            "section": "house"}}})
    r = rate(design(hull=8, shields=2, systems=["Point Defence"]), rules)
    assert r.systems[0].su == 54
    assert [p.code for p in r.problems] == ["CR_ZERO"]  # unarmed: a warning only


@pytest.mark.parametrize("bad,match", [
    ({"formulas": {"total_su": {"expr": "__import__('os')"}}}, "may be called"),
    ({"formulas": {"total_su": {"expr": "H * ("}}}, "not an expression"),
    ({"formulas": {"total_su": {"expr": "X * 2"}}}, "unknown name 'X'"),
    ({"formulas": {"total_su": {"expr": "open('x')"}}}, "may be called"),
    ({"traits": {"Knt": {"multiplier": "lots"}}}, "traits.Knt.multiplier"),
    ({"systems": {"Hyperdrive": {"colour": "red"}}}, "systems.Hyperdrive.colour"),
    ({"options": {"drat_rounding": {"value": "sometimes"}}}, "options.drat_rounding"),
    ({"bogus": 1}, "unknown rules entries: bogus"),
])
def test_bad_house_rules_fail_clearly(bad, match):
    with pytest.raises(RulesError, match=match):
        Ruleset.from_data(bad)


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


def test_formula_is_exact_decimal():
    # multiply before dividing: Decimal is exact for tenths, not thirds
    assert Formula("x * 3 / 3", ["x"])(x=1) == 1
    assert Formula("x * 0.1 * 3", ["x"])(x=1) == Decimal("0.3")
    assert isinstance(Formula("x / y", ["x", "y"])(x=1, y=4), Decimal)
    assert Formula("2 ** -1", [])() == Decimal("0.5")


def test_solar_sails_alternative_cost_is_one_line():
    rules = Ruleset.from_data({"systems": {"Solar Sails": {"su": "ER * EF * 0.5", "tech": "engines"}}})
    r = rate(design(hull=8, engines=4, systems=["Solar Sails"]), rules)
    assert r.systems[0].su == 208


def test_battery_uses_ruleset_for_bank_cost():
    rules = Ruleset.from_data({"mounts": {"modifiers": {"2": "1.25"}}})
    r = rate(design(weapons=[battery("M", mode("5-10-15", "2x4/1/1"), "2AB2")]), rules)
    assert r.batteries[0].banks[0].su == 113  # 15 x 2 x 3 x 1.25 = 112.5


def test_house_rule_total_su_is_rounded_up():
    rules = Ruleset.from_data({"formulas": {"total_su": {"expr": "H * (H + 30) * 5.05"}}})
    assert rate(design(hull=3), rules).total_su == 500  # 499.95 rounded up
