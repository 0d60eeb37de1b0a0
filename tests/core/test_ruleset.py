"""Rules as data: every table carries its section; house rules override any entry; formulas are safe."""

from fractions import Fraction

import pytest

from drydock import rate
from drydock.core.rules import Formula, Ruleset
from drydock.core.rules.unity import UNITY
from drydock.errors import RulesError
from drydock.formats.houserules import load_ruleset
from tests.helpers import ROOT, battery, design, majestic, mode


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
    from drydock.core.calc import mode_bsur

    assert mode_bsur(knt, rules) == Fraction("6.8")  # 2.7 x 2.5 = 6.75
    assert Ruleset.unity().traits["Knt"].multiplier == 3  # the book is untouched


def test_override_a_system_cost_and_a_trait_multiplier():
    rules = Ruleset.from_data({"systems": {"Countermeasures": {"su": "SF * 1 * n"}},
                               "traits": {"Pr1": {"multiplier": "2"}}})
    r = rate(majestic(), rules)
    assert next(s for s in r.systems if s.name == "Countermeasures").su == 108
    assert r.batteries[0].bsur == Fraction("14.4")


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


def test_formula_is_exact_rational():
    assert Formula("x * 3 / 3", ["x"])(x=1) == 1
    assert Formula("x * 0.1 * 3", ["x"])(x=1) == Fraction("0.3")
    assert Formula("x / y", ["x", "y"])(x=1, y=3) == Fraction(1, 3)
    assert isinstance(Formula("x / y", ["x", "y"])(x=1, y=4), Fraction)
    assert Formula("2 ** -1", [])() == Fraction(1, 2)
    # thirds are exact: 10 / 0.7 x 1.4 is 20, not 20.000...01 (issue 9)
    assert Formula("SU / 0.7 * (6 + 15) / 15", ["SU"])(SU=10) == 20
    assert Formula("ceil(8 * 12 / 9 * 0.75)", [])() == 8


def test_sqrt_is_exact_where_it_matters():
    f = Formula("sqrt(x)", ["x"])
    assert f(x=2304) == 48
    assert f(x=Fraction(9, 4)) == Fraction(3, 2)
    c = Formula("ceil(sqrt(x))", ["x"])
    assert c(x=2000) == 45  # A.2: sqrt(2000) = 44.72 -> 45
    assert c(x=480) == 22
    for n in (1, 2, 10, 99, 10**6, 10**12 + 3):  # n^2 +- 1 never rounds to the wrong side
        assert c(x=n * n) == n
        assert c(x=n * n + 1) == n + 1
        assert c(x=Fraction(n * n * 10 - 1, 10)) == n
        assert Formula("floor(sqrt(x))", ["x"])(x=n * n - 1) == n - 1


HOSTILE = [
    ("H / 0", "divides by zero"),
    ("H ** 99999999", "exponent 99999999 is too large"),
    ("H ** 0.5", "not a whole number"),
    ("min()", "min\\(\\) takes 1 to 16 arguments, not 0"),
    ("max()", "max\\(\\) takes 1 to 16 arguments"),
    ("sqrt(0 - H)", "square root of a negative number"),
    ("1e999", "too large"),
    ("H * 1e999", "too large"),
    ("99999999999999999999999 * H", "too large"),
    ("0 ** -1", "divides by zero"),
    ("H" + "+H" * 120, "too long"),
    ("ceil(" * 45 + "H" + ")" * 45, "nested"),
    ("-" * 300 + "H", "too long"),
    ("H" * 600, "longer than 500"),
    ("((H ** 64) ** 64) ** 64", "too large"),
    ("sqrt()", "sqrt\\(\\) takes 1 argument"),
]


@pytest.mark.parametrize("expr,match", HOSTILE, ids=[e[:20] for e, _ in HOSTILE])
def test_hostile_formulas_are_rules_errors_naming_the_key(expr, match):
    with pytest.raises(RulesError, match=match) as err:
        Ruleset.from_data({"formulas": {"total_su": {"expr": expr}}})
    assert "rules entry formulas.total_su" in str(err.value)
    assert len(str(err.value).splitlines()) == 1


def test_a_formula_failing_for_one_design_only_names_the_key():
    rules = Ruleset.from_data({"systems": {"Marines": {"su": "10 * n / (n - 3)"}}})
    with pytest.raises(RulesError, match="systems.Marines.su.*divides by zero.*n=3"):
        rate(design(systems=[("Marines", 3)]), rules)
    assert rate(design(systems=[("Marines", 4)]), rules).systems[0].su == 40


@pytest.mark.parametrize("content,match", [
    (b"formulas: {total_su: {expr: '\\xff'}}\n\xff\xfe", "not UTF-8"),
    (b"formulas: [unclosed\n", "not valid YAML"),
    (b"- just\n- a list\n", "must be a mapping"),
    (b"a: &a [1]\nb: *a\n", "aliases"),
    (b"[" * 5000 + b"]" * 5000, "nested|not valid YAML"),
    (b"acc_factors: {standard: {'2': 1e999}}", "acc_factors.standard.2"),
    (b"acc_factors: {standard: {'2': .nan}}", "acc_factors.standard.2"),
    (b"hull: {max: many}", "hull.max"),
    (b"traits: {Knt: {multiplier: 1e400}}", "traits.Knt.multiplier"),
])
def test_hostile_rules_files_are_refused_cleanly(tmp_path, content, match):
    path = tmp_path / "house.yaml"
    path.write_bytes(content)
    with pytest.raises(RulesError, match=match) as err:
        load_ruleset(path)
    assert len(str(err.value).splitlines()) == 1


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


def test_a_bug_inside_a_formula_is_not_a_rules_error():
    """Only domain errors (ZeroDivisionError, DomainError, bounds) are the rules' fault; a TypeError or
    AttributeError from our own code (here: a caller passing a string) propagates as the bug it is."""
    from drydock.core.rules.formula import Formula

    f = Formula("H * 2 + sqrt(H)", ["H"], where="formulas.x")
    assert f(H=9) == 21
    with pytest.raises(AttributeError):
        f(H="9")
    with pytest.raises(RulesError, match="formulas.x.*square root of a negative"):
        f(H=-1)
    with pytest.raises(RulesError, match="formulas.x.*too large"):
        Formula("H ** 200", ["H"], where="formulas.x")(H=10**40)
    with pytest.raises(RulesError, match="formulas.x.*divides by zero"):
        Formula("1 / H", ["H"], where="formulas.x")(H=0)


def test_a_bug_inside_a_formula_exits_3_not_2(tmp_path, monkeypatch):
    """On the command line such a bug is an internal error (exit 3), not a player's rules error (exit 2):
    Python 3.12 once made every rating fail with 'rules entry formulas.bsur cannot be computed: TypeError'."""
    from click.testing import CliRunner

    from drydock.cli.main import cli
    from drydock.core.rules import formula

    def broken_power(a, b):
        raise TypeError("an internal mistake")

    monkeypatch.setitem(formula._SCOPE, "_power", broken_power)
    rules = tmp_path / "house.yaml"
    rules.write_text("formulas:\n  bsur: {expr: 'L * ROF ** 1 * ACC * (IMP + 0.25) * (DMG + 0.60)'}\n")
    majestic = ROOT / "examples" / "designs" / "majestic.yaml"
    res = CliRunner().invoke(cli, ["rate", "--rules", str(rules), str(majestic)])
    assert res.exit_code == 3, res.output
    assert "internal error" in res.output and "TypeError" in res.output  # stderr; .output: also click < 8.2
    assert "rules entry" not in res.output
