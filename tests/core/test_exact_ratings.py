"""Exact ratings (issue 9): the four designs a 28-digit Decimal division rated one too high.

Each figure is worked by hand from the rulebook in exact fractions (construction.md §3-§6);
the comments show the arithmetic.
"""

from fractions import Fraction

from drydock import ArcValues, TechLevels, rate
from drydock.core.calc import r1
from drydock.core.rules.formula import number_text
from drydock.render.report import format_rating
from tests.helpers import battery, design, majestic, mode


def test_weapons_tech_level_bank_orat_is_exactly_20():
    # Laser 5-10-15 1x5+/1/1: 15 x 1 x 0.15 x 1.25 x 1.6 = 4.5; weapons TL +1: x 0.7 = 3.15 -> 3.2 (A.4)
    # bank [AB]: 3.2 x 1 x 3 = 9.6 -> 10 SU; ORAT: 10 / 0.7 x (6 + 15) / 15 = 20 exactly (A.2, A.4)
    d = design(hull=8, engines=6, shields=2, tech=TechLevels(weapons=1),
               weapons=[battery("Laser", mode("5-10-15", "1x5/1/1"), "AB")])
    r = rate(d)
    bank = r.batteries[0].banks[0]
    assert r.batteries[0].bsur == Fraction("3.2")
    assert (bank.su, bank.orat) == (10, 20)
    # DRAT 8 x 12 / (6 - 2) = 24; CR = ceil(sqrt(20 x 24)) = ceil(21.9) = 22
    assert (r.orat, r.drat, r.combat_rating) == (20, 24, 22)
    assert r.problems == []


def test_expendable_bank_orat_is_exactly_8():
    # Rack 3-6-9 1x4+/1/3 Exp: 9 x 0.25 x 1.25 x 3.6 = 10.125, x 0.2 = 2.025 -> 2.0; [ABC]: 2 x 4 = 8 SU
    # ORAT on hull 21 (Expendable factor 0.75), engines 3: 8 x (3 + 9) / 9 x 0.75 = 8 exactly (A.2)
    d = design(hull=21, engines=3, weapons=[battery("Rack", mode("3-6-9", "1x4/1/3", ("Exp",)), "ABC")])
    r = rate(d)
    bank = r.batteries[0].banks[0]
    assert (r.batteries[0].bsur, bank.su, bank.orat) == (2, 8, 8)
    assert r.orat == 8


def test_directional_majestic_drat_is_exactly_48():
    # ESR: 2/3 + 1.5/4 + 1.5/4 + 1/4 = 5/3; 6 - 6 / (5/3) = 2.4 (A.1, B.7)
    # base DRAT 96 / 3.6; x 1.5 (Countermeasures) x 1.2 (Hyperdrive) = 48 exactly (A.2)
    d = majestic().model_copy(update={"shields": ArcValues(fwd=3, port=2, stbd=2, aft=2)})
    r = rate(d)
    assert r.esr == Fraction("2.4")
    assert r.drat_exact == 48
    assert (r.orat, r.drat, r.combat_rating) == (605, 48, 171)  # ceil(sqrt(605 x 48)) = ceil(170.4)


def test_equivalent_shield_rating_rounds_the_half_up():
    # ESR: 2/6 + 1.5/3 + 1.5/1 + 1/3 = 8/3; 6 - 6 / (8/3) = 3.75 exactly -> 3.8 ("nearest tenth", A.1)
    # hull 8: SU ceil(3.8 x 108) = ceil(410.4) = 411; DRAT 96 / (6 - 3.8) = 43.6 -> 44
    r = rate(design(hull=8, shields=ArcValues(fwd=0, port=3, stbd=5, aft=3)))
    assert r.esr == Fraction("3.8")
    assert (r.shields_su, r.drat) == (411, 44)


def test_rounding_helpers():
    assert r1(Fraction("24.375")) == Fraction("24.4")
    assert r1(Fraction("3.75")) == Fraction("3.8")
    assert r1(Fraction("3.65")) == Fraction("3.7")
    assert r1(Fraction("3.6499")) == Fraction("3.6")
    assert r1(Fraction(1, 3)) == Fraction("0.3")


def test_numbers_print_as_players_read_them():
    assert number_text(Fraction("10.8")) == "10.8"
    assert number_text(Fraction(104)) == "104"
    assert number_text(Fraction("0.75")) == "0.75"
    assert number_text(Fraction("1.50")) == "1.5"
    assert number_text(Fraction(1, 3)) == "0.3333"
    assert number_text(Fraction(-5, 2)) == "-2.5"
    text = format_rating(rate(majestic()))
    assert "BSUR 10.8" in text and "EF 104" in text and "DRAT x1.5" in text
    assert "54/5" not in text


def test_rate_says_which_defensive_reading_applies():
    d = design(weapons=[battery("Point Defence", mode("3-6-9", "2x4/1/1", ("Dfn",)), "Fwd")])
    r = rate(d)
    assert r.batteries[0].bsur == Fraction("12.0")  # 9 x 2 x 0.30 x 1.25 x 1.6 = 10.8, + 2 x 0.30 x 2
    assert len(r.readings) == 1 and "Seeking/Defensive ACC column" in r.readings[0]
    assert "defensive_base_column" in r.readings[0]
    assert "Reading: Defensive weapons" in format_rating(r)
    assert r.to_dict()["readings"] == r.readings
    assert rate(majestic()).readings == []  # no Defensive weapon: nothing to say


def test_launch_tubes_are_priced_from_the_carriers_flights():
    # A.5: Launch Tubes +10 SU and +50 ORAT per flight; B.12: they double the launch maximum (whole ship)
    r = rate(design(hull=10, systems=[("Carrier", 6), ("Launch Tubes", 1)]))
    tubes = next(s for s in r.systems if s.name == "Launch Tubes")
    assert (tubes.su, tubes.orat) == (60, 300)
    (p,) = r.problems
    assert p.code == "SYSTEM_QTY_DIFFERS" and "quantity 1" in p.message and "6 flights" in p.message


MIXED = "X Y-class Z\nScreens: 6\n-Fwd: 2\n-Port: 1\n-Stbd: 1\n-Aft: 0\nHull: 8-7-6-5-4-3-2-1\n"


def test_standard_with_directional_screens_is_kept_and_reported_by_every_format():
    from drydock import validate
    from drydock.formats.drake import from_drake, to_drake
    from drydock.formats.excel.read import from_xlsx
    from drydock.formats.excel.write import to_xlsx
    from drydock.formats.native import from_yaml, to_yaml

    (d,) = from_drake(MIXED)
    assert (d.screens, d.extra_directional_screens) == (6, ArcValues(fwd=2, port=1, stbd=1))
    mixed = [p for p in validate(d) if p.code == "SCREENS_MIXED"]
    assert len(mixed) == 1 and mixed[0].severity == "error" and "2/1/1/0" in mixed[0].message
    assert from_drake(to_drake(d)) == [d]
    (y,) = from_yaml(to_yaml([d]))
    assert y == d and "directional_screens:" in to_yaml([d])
    (x,) = from_xlsx(to_xlsx([d]))
    assert (x.screens, x.extra_directional_screens) == (6, d.extra_directional_screens)
    assert "SCREENS_MIXED" in {p.code for p in validate(x)}
    # "Screens: N" with N the directional total is the total line, not standard screens
    (t,) = from_drake("X Y-class Z\nScreens: 4\n-Fwd: 2\n-Port: 1\n-Stbd: 1\nHull: 3-2-1\n")
    assert (t.screens, t.extra_directional_screens) == (ArcValues(fwd=2, port=1, stbd=1), None)
