"""The rulebook's Majestic (A.6 Drake example; 1.1-1.4), broken down in construction.md §9.2.

Source: Unity Rulebook v2.0, A.6. The book prints CR 185 and a weapons track 17-13-9-5; the
formulas give CR 188 (ORAT 605, DRAT 57.6 rounded up to 58) and 16-12-8-4 (14 weapons + 2
equipment). These tests keep the formulas' numbers (docs/house-rules.md: known book errors).
"""

from fractions import Fraction

from drydock import Ruleset, rate
from tests.helpers import majestic


def test_space_adds_up_exactly_to_the_hull():
    r = rate(majestic())
    assert r.total_su == 1520
    assert (r.engines_su, r.shields_su, r.weapons_su, r.systems_su) == (416, 324, 460, 320)
    assert r.used_su == 1520 and r.remaining_su == 0


def test_batteries_and_banks():
    r = rate(majestic())
    lt, lc, ft = r.batteries
    assert (lt.bsur, lc.bsur, ft.bsur) == (Fraction("10.8"), Fraction("2.7"), Fraction("19.5"))
    assert [b.su for b in lt.banks] == [87, 87]
    assert [b.su for b in lc.banks] == [9, 17, 17, 9]
    assert [b.su for b in ft.banks] == [234]
    assert [b.orat for b in lt.banks] == [116, 116]
    assert [b.orat for b in lc.banks] == [13, 25, 25, 13]
    assert [b.orat for b in ft.banks] == [297]


def test_ratings():
    r = rate(majestic())
    assert r.orat == 605
    assert r.base_drat == 32
    assert r.drat_exact == Fraction("57.6")
    assert r.drat == 58
    assert r.combat_rating == 188  # book: 185 (known mismatch, construction.md OQ1)


def test_cr_from_the_exact_drat_switch():
    # the reference's alternative reading: the CR from the unrounded DRAT gives 187, still not 185
    rules = Ruleset.from_data({"options": {"cr_drat": {"value": "exact"}}})
    assert rate(majestic(), rules).combat_rating == 187


def test_tracks_and_loss_limits():
    r = rate(majestic())
    assert r.tracks.hull == [8, 7, 6, 5, 4, 3, 2, 1]
    assert r.tracks.engines == [4, 3, 2, 1]
    assert r.tracks.shields == [3, 3, 2, 1]
    assert r.tracks.weapons == [16, 12, 8, 4]  # book prints 17-13-9-5
    assert r.battery_loss_limits == [2, 3, 2]
    assert r.equipment_loss_limit == 1


def test_legal():
    assert rate(majestic()).problems == []
