"""The rulebook's worked examples and the reference's derived examples.

Source: Unity Rulebook v2.0, A.1-A.4, as collected in shared/rules/construction.md §9.1 and §9.3.
"""

from fractions import Fraction

import pytest

from drydock.core.calc import battery_bsur, calculate, mode_bsur, track
from drydock.core.model import ArcValues, TechLevels
from drydock.core.rules import Ruleset
from tests.helpers import battery, design, mode

R = Ruleset.unity()


def test_1_engine_factor_and_engine_su():
    # A.1: hull 5 -> EF 50; engine rating 4 -> 200 SU
    r = calculate(design(hull=5, engines=4))
    assert r.engine_factor == 50
    assert r.engines_su == 200


def test_2_bsur_standard_weapon():
    # A.1: RNG 5-10-15, ROF 2, ACC 4+, IMP 1, DMG 2 -> 24.375 -> 24.4
    assert mode_bsur(mode("5-10-15", "2x4/1/2"), R) == Fraction("24.4")


def test_3_seeker_bsur_formula_not_book_erratum():
    # A.1: MA 8, 2x 4+/1/2: 15.6 + 5.333 = 20.9 (the book prints 21.9, an addition error)
    assert mode_bsur(mode(8, "2x4/1/2"), R) == Fraction("20.9")


def test_4_bank_su_rounded_up():
    # A.1: BSUR 24.4, three weapons, [GHI] -> 292.8 -> 293
    r = calculate(design(weapons=[battery("W", mode("5-10-15", "2x4/1/2"), "3GHI")]))
    assert r.batteries[0].banks[0].su == 293


def test_5_defensive_arc_counts_one_and_a_half():
    # A.1: two weapons with [Fwd] -> BSUR x 2 x (1.5 + 1) = BSUR x 5 (BSUR 2.7 -> 13.5 -> 14)
    r = calculate(design(weapons=[battery("W", mode("3-6-9", "1x5/1/1"), "2Fwd")]))
    assert r.batteries[0].bsur == Fraction("2.7")
    assert r.batteries[0].banks[0].su == 14


def test_6_drat_rounded_up():
    # A.2: hull 7, shield 1 -> 16.8 -> 17
    assert calculate(design(hull=7, shields=1)).drat == 17


def test_7_combat_rating_formula():
    # A.2: ORAT 200, DRAT 10 -> 44.7 -> 45
    assert R.formulas["combat_rating"](ORAT=200, DRAT=10).__ceil__() == 45


def test_8_bank_orat():
    # A.2: bank SU 293, long range 15, engine rating 5 -> 390.67 -> 391
    r = calculate(design(engines=5, weapons=[battery("W", mode("5-10-15", "2x4/1/2"), "3GHI")]))
    assert r.batteries[0].banks[0].orat == 391


def test_9_dual_mode_orat_uses_higher_long_range():
    # A.2: primary 6-12-18, secondary 3-6-9 -> L = 18. By hand (construction.md 3.1, 3.2, 3.9, 4):
    # BSUR 18 x 1 x 0.15 x 1.25 x 1.6 = 5.4 and 9 x 1 x 0.25 x 1.25 x 1.6 = 4.5 -> 5.4 + 4.5 / 2 = 7.65 -> 7.7;
    # bank [A]: 7.7 x 1 x (1 + 1) = 15.4 -> 16 SU; ORAT 16 x (4 + 18) / 18 = 19.56 -> 20 (with L = 9 it would be 24)
    b = battery("D", mode("6-12-18", "1x5/1/1"), "A", secondary=mode("3-6-9", "1x4/1/1"))
    r = calculate(design(engines=4, weapons=[b]))
    assert r.batteries[0].long_range == 18
    assert (r.batteries[0].bsur, r.batteries[0].banks[0].su, r.batteries[0].banks[0].orat) == (Fraction("7.7"), 16, 20)


def test_10_drat_multiplications_before_additions():
    # A.2: base 20, +100, x1.5 -> 130, not 180. Hull 5 shield 3: base 5*12/3 = 20;
    # Countermeasures x1.5; 100 marines +100.
    d = design(hull=5, shields=3, systems=["Countermeasures", ("Marines", 100)])
    r = calculate(d)
    assert r.base_drat == 20
    assert r.drat == 130


def test_11_battery_loss_limit():
    # A.3: a battery of 5 weapons -> loss limit 3
    r = calculate(design(weapons=[battery("W", mode("3-6-9", "1x5/1/1"), "3AB", "2EF")]))
    assert r.batteries[0].loss_limit == 3


def test_12_equipment_loss_limit_and_weapons_track():
    # A.3: Countermeasures [] + Fire Control [][] -> 3 items, loss limit 2, +3 on the weapons track
    r = calculate(design(systems=["Countermeasures", ("Fire Control", 2)]))
    assert r.equipment_items == 3
    assert r.equipment_loss_limit == 2
    assert r.tracks.weapons[0] == 3


def test_13_equipment_levels_are_items():
    # A.3: "Countermeasures [][]" = 2 equipment items
    assert calculate(design(systems=[("Countermeasures", 2)])).equipment_items == 2


def test_14_tech_level_modifiers():
    # A.4: Engines TL +1 -> engines cost 70%; Weapons TL -2 -> weapons cost double
    base = calculate(design(hull=10, engines=4))
    plus = calculate(design(hull=10, engines=4, tech=TechLevels(engines=1)))
    assert plus.engines_su == base.engines_su * Fraction("0.7")
    w = [battery("W", mode("3-6-9", "1x5/1/1"), "AB")]
    assert mode_bsur(mode("3-6-9", "1x5/1/1"), R, R.tech_modifier(-2)) == Fraction("5.4")
    assert calculate(design(weapons=w, tech=TechLevels(weapons=-2))).batteries[0].bsur == Fraction("5.4")


def test_15_directional_shield_track_top_value():
    # B.7: directional shields 3, 2, 2, 1 -> the shield track starts at 8
    r = calculate(design(shields=ArcValues(fwd=3, port=2, stbd=2, aft=1)))
    assert r.tracks.shields[0] == 8


# --------------------------------------------------------------- derived examples (construction.md §9.3)

def test_d1_dual_mode_bsur():
    b = battery("D", mode("6-12-18", "1x5/2/1"), "A", secondary=mode("2-4-6", "1x4/2/1"))
    bsur, modes = battery_bsur(b, R)
    assert modes == [Fraction("9.7"), Fraction("5.4")]
    assert bsur == Fraction("12.4")


def test_d2_defensive_addition():
    # D2 was derived under the standard-column reading, now the option defensive_base_column: standard
    standard = Ruleset.from_data({"options": {"defensive_base_column": {"value": "standard"}}})
    assert mode_bsur(mode("3-6-9", "2x4/1/1", ("Dfn",)), standard) == Fraction("10.2")
    assert mode_bsur(mode("3-6-9", "2x4/1/1", ("Dfn",)), R) == Fraction("12.0")  # the default reading


def test_d3_two_range_traits_use_the_combined_multiplier():
    assert mode_bsur(mode("6-12-18", "1x4/1/1", ("Crn", "Dfs")), R) == Fraction("8.1")


def test_d4_accurate_applies_after_the_seeking_addition():
    assert mode_bsur(mode(8, "2x4/1/2", ("Acr",)), R) == Fraction("27.2")


def test_d5_expendable_orat_hull_factor():
    r = calculate(design(hull=8, engines=4, weapons=[battery("E", mode("5-10-15", "1x4/1/1", ("Exp",)), "2AB")]))
    b = r.batteries[0]
    assert (b.bsur, b.su, b.orat) == (Fraction("1.5"), 9, 18)


def test_d6_weapons_tech_level_unapplied_for_orat():
    r = calculate(design(engines=5, tech=TechLevels(weapons=1),
                         weapons=[battery("W", mode("5-10-15", "2x4/1/2"), "3GHI")]))
    b = r.batteries[0]
    assert (b.bsur, b.su, b.orat) == (Fraction("17.1"), 206, 393)


def test_d6_alternative_rounding_switch():
    rules = Ruleset.from_data({"options": {"orat_tech_unapply": {"value": "round_first"}}})
    r = calculate(design(engines=5, tech=TechLevels(weapons=1),
                         weapons=[battery("W", mode("5-10-15", "2x4/1/2"), "3GHI")]), rules)
    assert r.batteries[0].orat == 394


def test_d7_multi_weapon_mount():
    # BSUR 10 in "2AB2" (two double mounts) -> 10 x 2 x 3 x 1.5 = 90
    assert R.formulas["bank_su"](BSUR=10, MOUNTS=2, ARCS=2, MOUNT=R.mount_modifiers[2]) == 90
    # and through the calculator: 5-10-15 2x4+/1/1 has BSUR 15.0 -> 15 x 2 x 3 x 1.5 = 135
    r = calculate(design(weapons=[battery("M", mode("5-10-15", "2x4/1/1"), "2AB2")]))
    assert r.batteries[0].bsur == 15
    assert r.batteries[0].banks[0].su == 135


# C.3 (construction.md 3.9): BSUR 15.0 x 1 mount x (2 arcs + 1) = 45, times the mount modifier, rounded up
@pytest.mark.parametrize("size,su", [(1, 45), (2, 68), (3, 90), (4, 113)])  # x1.0, x1.5 (67.5), x2.0, x2.5 (112.5)
def test_mount_modifiers(size, su):
    r = calculate(design(weapons=[battery("M", mode("5-10-15", "2x4/1/1"), f"AB{size}")]))
    assert r.batteries[0].banks[0].su == su


def test_d8_directional_shields():
    r = calculate(design(hull=8, shields=ArcValues(fwd=3, port=2, stbd=2, aft=1)))
    assert r.esr == Fraction("2.3")
    assert r.shields_su == 249
    assert r.drat == 26
    assert r.tracks.shields == [8, 6, 4, 2]


def test_equal_directional_shields_give_the_same_rating():
    for s in range(6):
        assert calculate(design(shields=ArcValues(fwd=s, port=s, stbd=s, aft=s))).esr == s


def test_d9_engine_track():
    assert calculate(design(hull=8, engines=5)).tracks.engines == [5, 4, 3, 2]


def test_d10_small_hull_has_two_boxes():
    r = calculate(design(hull=4, weapons=[battery("W", mode("3-6-9", "1x4/1/1"), "5A")]))
    assert r.tracks.weapons == [5, 3]


def test_track_halves_round_up_not_bankers():
    # construction.md OQ6: hull 9 -> N = 5 (Python round() would give 4)
    r = calculate(design(hull=9, engines=3))
    assert len(r.tracks.engines) == 5
    assert track(17, 4) == [17, 13, 9, 5]


def test_exact_products_do_not_round_up_twice():
    # construction.md §0: 10.8 x 3 x 5 = 162 exactly (binary floats give 163)
    r = calculate(design(weapons=[battery("L", mode("4-8-12", "2x5/1/1", ("Pr1",)), "3GHIJ")]))
    assert r.batteries[0].banks[0].su == 162


@pytest.mark.parametrize("hull,total,ef,sf,n", [
    (1, 155, 6, 45, 2), (8, 1520, 104, 108, 4), (9, 1755, 126, 117, 5), (20, 5000, 500, 216, 10),
    (35, 11375, 1400, 351, 18),
])
def test_per_hull_constants(hull, total, ef, sf, n):
    # construction.md appendix: per-hull constants
    r = calculate(design(hull=hull, engines=1, shields=1))
    assert (r.total_su, r.engine_factor, r.shield_factor, len(r.tracks.engines)) == (total, ef, sf, n)
