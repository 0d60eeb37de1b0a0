"""Every weapon trait's BSUR multiplier and the range-based pair table.

Source: Unity Rulebook v2.0, A.1 p.25 and Z.3 (construction.md §3.4-3.5).
Reference weapon: 5-10-15, 2x4+/1/2 -> 24.375 before traits (A.1 example).
"""

import math
from fractions import Fraction

import pytest

from drydock import validate
from drydock.core.calc import mode_bsur
from drydock.core.rules import Ruleset
from tests.helpers import battery, design, mode

R = Ruleset.unity()
RAW = Fraction("24.375")

MULTIPLIERS = {
    "Acr": "1.3", "Bls": "0.8", "Crn": "0.8", "Cts": "2.0", "Dly": "2.0", "Dfs": "0.9", "Dsr": "2.0",
    "Exp": "0.2", "FrL": "1.0", "Fcs": "1.3", "Gid": "1.1", "Inc": "0.7", "Knt": "3.0", "Mdl": "2.5",
    "NPr": "0.7", "Pr1": "1.5", "Pr2": "2.0", "Prx": "2.0", "Rpt": "1.4", "Sct": "1.7", "Slw": "0.6",
    "Tls": "1.9", "Vlt": "3.5",
}

PAIRS = {
    ("Bls", "Crn"): "0.5", ("Bls", "Dfs"): "0.6", ("Crn", "Dfs"): "0.9", ("Bls", "Fcs"): "1.1",
    ("Crn", "Fcs"): "0.7", ("Dfs", "Fcs"): "1.4", ("Bls", "Gid"): "0.9", ("Crn", "Gid"): "0.8",
    ("Dfs", "Gid"): None, ("Fcs", "Gid"): None, ("Bls", "Sct"): "1.1", ("Crn", "Sct"): "1.8",
    ("Dfs", "Sct"): "1.7", ("Fcs", "Sct"): "1.8", ("Gid", "Sct"): "1.7", ("Bls", "Tls"): "1.7",
    ("Crn", "Tls"): "1.2", ("Dfs", "Tls"): "1.5", ("Fcs", "Tls"): "2.8", ("Gid", "Tls"): "2.3",
    ("Sct", "Tls"): None,
}


def r1(x: Fraction) -> Fraction:
    """Nearest tenth, halves up (A.1)."""
    return Fraction(math.floor(x * 10 + Fraction(1, 2)), 10)


def test_every_trait_is_in_the_table():
    assert set(MULTIPLIERS) | {"Dfn"} == set(R.traits)


@pytest.mark.parametrize("trait,mult", sorted(MULTIPLIERS.items()))
def test_trait_multiplier(trait, mult):
    assert mode_bsur(mode("5-10-15", "2x4/1/2", (trait,)), R) == r1(RAW * Fraction(mult))


@pytest.mark.parametrize("pair,mult", sorted(PAIRS.items(), key=str))
def test_range_pair_combined_multiplier(pair, mult):
    m = mode("5-10-15", "2x4/1/1", pair) if "Sct" in pair or "Tls" in pair else mode("5-10-15", "2x4/1/2", pair)
    d = design(weapons=[battery("W", m, "AB")])
    codes = {p.code for p in validate(d)}
    if mult is None:
        assert "RANGE_TRAIT_PAIR_INVALID" in codes
    else:
        base = Fraction("15") * 2 * Fraction("0.25") * (m.imp + Fraction("0.25")) * (m.dmg + Fraction("0.6"))
        # the pair's single multiplier replaces the two individual ones
        assert mode_bsur(m, R) == r1(base * Fraction(mult))
        assert "RANGE_TRAIT_PAIR_INVALID" not in codes


def test_pair_table_is_complete_and_symmetric():
    rb = sorted(R.range_based)
    assert rb == ["Bls", "Crn", "Dfs", "Fcs", "Gid", "Sct", "Tls"]
    assert len(R.range_pairs) == 21


def test_slow_twice_multiplies_twice():
    # C.5 allows Slow twice; its cost (0.6 x 0.6) is the reference's reading (construction.md OQ9)
    assert mode_bsur(mode("5-10-15", "2x4/1/2", ("Slw", "Slw")), R) == r1(RAW * Fraction("0.36"))
    assert not validate(design(weapons=[battery("W", mode("5-10-15", "2x4/1/2", ("Slw", "Slw")), "A")]))


def test_expendable_and_slow_apply_after_defensive_addition():
    # A.1: Accurate, Expendable, Slow after the additions; Defensive base from the seeking column (default)
    m = mode("3-6-9", "2x4/1/1", ("Dfn", "Acr"))
    assert mode_bsur(m, R) == r1((Fraction("10.8") + Fraction("1.2")) * Fraction("1.3"))


def test_defensive_base_column_default_and_option():
    # default (settled reading): 9 x 2 x 0.30 x 1.25 x 1.6 = 10.8, + 2 x 0.30 x 2 = 1.2 -> 12.0
    assert R.option("defensive_base_column") == "seeking"
    assert mode_bsur(mode("3-6-9", "2x4/1/1", ("Dfn",)), R) == Fraction("12.0")
    # the other reading: 9 x 2 x 0.25 x 1.25 x 1.6 = 9.0, + 1.2 -> 10.2 (construction.md D2)
    rules = Ruleset.from_data({"options": {"defensive_base_column": {"value": "standard"}}})
    assert mode_bsur(mode("3-6-9", "2x4/1/1", ("Dfn",)), rules) == Fraction("10.2")


def test_seeking_acc_column():
    # C.4: seekers use the Seeking/Defensive column: 8 x 1 x 0.20 x 1.25 x 1.6 = 3.2, + 8/3
    assert mode_bsur(mode(8, "1x5/1/1"), R) == r1(Fraction("3.2") + Fraction(8) / 3)


def test_trait_names_and_abbreviations_any_case():
    assert R.trait_code("piercing-1") == "Pr1"
    assert R.trait_code("FIRE-LINKED") == "FrL"
    assert R.trait_code("npr") == "NPr"
    assert R.trait_code("Non-Piercing") == "NPr"
    assert R.trait_code("Bogus") is None
