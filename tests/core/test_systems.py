"""Each starship system's SU, ORAT and DRAT effect (A.5 table, notes [1]-[9]).

Source: Unity Rulebook v2.0, A.5 as reconstructed in shared/rules/systems.md §1 and §5.
Reference ship: hull 10, engine rating 4, shield 2 -> EF 150, SF 126, base DRAT 30.
"""

from fractions import Fraction

import pytest

from drydock import ArcValues, TechLevels, rate
from drydock.core.rules import Ruleset
from tests.helpers import battery, design, mode

R = Ruleset.unity()


def ship(*systems, **kw):
    kw.setdefault("hull", 10)
    kw.setdefault("engines", 4)
    kw.setdefault("shields", 2)
    return design(systems=systems, **kw)


def sys_rating(r, name):
    return next(s for s in r.systems if s.name == name)


# name, qty, SU, ORAT addition, ship DRAT
CASES = [
    ("Anti-Fighter Batteries", 1, 126, 0, 36),
    ("Cargo", 3, 150, 0, 30),
    ("Hospital", 1, 50, 0, 30),
    ("Repair", 2, 100, 0, 30),
    ("Science", 1, 50, 0, 30),
    ("Transport", 4, 200, 0, 30),
    ("Boosters", 2, 75, 0, 30),
    ("Carrier", 4, 200, 1000, 70),
    ("Cloaking Device", 1, 378, 0, 60),
    ("Countermeasures", 1, 252, 0, 45),
    ("Countermeasures", 2, 504, 0, 68),  # 30 x 1.5^2 = 67.5 (levels multiply, OQ7)
    ("Flares", 4, 20, 28, 30),  # (4 + 10) x 0.5 x 4
    ("Hyperdrive", 1, 150, 0, 36),
    ("Ionized Hull", 1, 252, 0, 45),  # hull 10 x 1.5 = 15 boxes -> 15 x 12 / 4
    ("Marines", 3, 30, 54, 33),  # (4 + 5) x 2 x 3; +1 DRAT per squad
    ("Mines", 4, 20, 100, 34),
    ("Overthrusters", 1, 150, 0, 39),
    ("Probes", 2, 10, 20, 30),  # (4 + 6) x 1 x 2
    ("Shockwave", 1, 200, 462, 30),  # SR 2 x 100; 2 x (4 + 3) x 33
    ("Shuttlecraft", 2, 20, 100, 34),
    ("Solar Sails", 1, 0, 0, 30),
    ("Stealth", 1, 126, 0, 36),
    ("Stealth", 2, 252, 0, 44),  # 30 x 1.44 = 43.2
    ("Stutterdrive", 1, 300, 0, 30),  # ER 4 x EF 150 x 0.5
    ("Tractor Beam", 2, 6, 30, 30),  # (4 + 1) x 3 x 2
]


@pytest.mark.parametrize("name,qty,su,orat,drat", CASES)
def test_system(name, qty, su, orat, drat):
    r = rate(ship((name, qty)))
    s = sys_rating(r, name)
    assert s.su == su
    assert s.orat == orat
    assert r.drat == drat
    assert r.orat == orat


def test_all_25_systems_are_in_the_table():
    names = set(R.systems)
    aux = {n for n, s in R.systems.items() if s.family == "Auxiliary Services"}
    assert aux == {"Cargo", "Hospital", "Repair", "Science", "Transport"}
    assert len(names - aux) + 1 == 25


def test_system_types():
    types = {n: s.type for n, s in R.systems.items()}
    assert {n for n, t in types.items() if t == "E"} == {
        "Cloaking Device", "Countermeasures", "Fire Control", "Hyperdrive", "Long Range Sensors",
        "Overthrusters", "Stealth", "Stutterdrive", "Tractor Beam"}
    assert {n for n, t in types.items() if t == "M"} == {
        "Boosters", "Flares", "Marines", "Mines", "Probes", "Shuttlecraft"}


def test_launch_tubes_with_carrier():
    r = rate(ship(("Carrier", 4), ("Launch Tubes", 4)))
    s = sys_rating(r, "Launch Tubes")
    assert (s.su, s.orat) == (40, 200)
    assert r.orat == 1200
    assert r.problems == []


def test_boosters_raise_the_orat_engine_rating():
    # A.5 note [1]: +0.25 per booster in all ORATs. 5-10-15 bank of SU 45: 45 x (4.5 + 15) / 15 = 58.5
    w = [battery("W", mode("5-10-15", "2x4/1/1"), "AB")]  # BSUR 15 x 1 x 3 = 45
    assert rate(ship(weapons=w)).batteries[0].orat == 57  # 45 x 19 / 15
    r = rate(ship(("Boosters", 2), weapons=w))
    assert r.orat_engine_rating == Fraction("4.5")
    assert r.batteries[0].orat == 59  # 58.5 rounded up
    assert r.tracks.munitions == {"Boosters": [2, 1]}


def test_solar_sails_raise_the_orat_engine_rating_by_half():
    # A.5 note [9]: ER x 1.5 in all ORATs: 45 x (6 + 15) / 15 = 63
    w = [battery("W", mode("5-10-15", "2x4/1/1"), "AB")]
    r = rate(ship("Solar Sails", weapons=w))
    assert r.orat_engine_rating == 6
    assert r.batteries[0].orat == 63


def test_fire_control_and_long_range_sensors():
    # A.5 notes [3], [5]: +30% per FC level / +50% of the weapons' SU and ORAT
    w = [battery("W", mode("5-10-15", "2x4/1/1"), "AB")]  # 45 SU, ORAT 57
    r = rate(ship(("Fire Control", 1), weapons=w))
    fc = sys_rating(r, "Fire Control")
    assert fc.su == 14  # 13.5 rounded up
    assert fc.orat == Fraction("17.1")
    assert r.orat == 75  # 57 + 17.1 rounded up once
    r = rate(ship("Long Range Sensors", weapons=w))
    lrs = sys_rating(r, "Long Range Sensors")
    assert (lrs.su, lrs.orat) == (23, Fraction("28.5"))
    assert r.orat == 86
    r2 = rate(ship(("Fire Control", 2), weapons=w))
    assert sys_rating(r2, "Fire Control").su == 27


def test_screens():
    # B.18, note [6]: 30 SU per screen; 0.75 hull boxes each in the DRAT: (10 + 3) x 12 / 4 = 39
    r = rate(ship(screens=4))
    assert sys_rating(r, "Screens").su == 120
    assert r.drat == 39
    assert r.tracks.screens == 4


def test_directional_screens():
    # B.18, note [7]: 15 SU per screen; Fwd 0.67, Port/Stbd 0.50, Aft 0.33 hull boxes
    r = rate(ship(screens=ArcValues(fwd=3, port=2, stbd=2, aft=1)))
    assert sys_rating(r, "Directional Screens").su == 120
    assert r.hull_equivalent == Fraction("14.34")
    assert r.drat == 44  # 43.02 rounded up


def test_ionized_hull_multiplies_hull_not_screens():
    # note [4]: (10 x 1.5 + 4 x 0.75) x 12 / 4 = 54
    assert rate(ship("Ionized Hull", screens=4)).drat == 54


def test_shockwave_uses_the_equivalent_shield_rating():
    # note [8]: directional shielding -> ESR (3/2/2/1 on hull 8 -> 2.3): SU 230
    r = rate(design(hull=8, engines=4, shields=ArcValues(fwd=3, port=2, stbd=2, aft=1), systems=["Shockwave"]))
    assert sys_rating(r, "Shockwave").su == 230
    assert sys_rating(r, "Shockwave").orat == Fraction("2.3") * 7 * 33


def test_system_tech_levels():
    # A.4: engines TL on EF-based costs; fighters TL on fighter capacity; shields TL on SF-based costs
    assert sys_rating(rate(ship("Hyperdrive", tech=TechLevels(engines=1))), "Hyperdrive").su == 105
    assert sys_rating(rate(ship(("Carrier", 4), tech=TechLevels(fighters=-1))), "Carrier").su == 280
    assert sys_rating(rate(ship("Countermeasures", tech=TechLevels(shields=2))), "Countermeasures").su == 126
    assert sys_rating(rate(ship(tech=TechLevels(shields=2), screens=4)), "Screens").su == 60
    # fixed per-item costs tagged Weapons take the TL (systems.md OQ7): 3 marines x 10 x 1.4
    assert sys_rating(rate(ship(("Marines", 3), tech=TechLevels(weapons=-1))), "Marines").su == 42
    # Fire Control is a share of the (already TL-adjusted) weapons SU: no second TL
    w = [battery("W", mode("5-10-15", "2x4/1/1"), "AB")]
    r = rate(ship(("Fire Control", 1), weapons=w, tech=TechLevels(weapons=2)))
    assert r.batteries[0].su == 23  # 7.5 x 3 = 22.5
    assert sys_rating(r, "Fire Control").su == 7  # 0.3 x 23 = 6.9


def test_tech_levels_do_not_change_ratings():
    # A.4: the combat rating is unaffected by tech levels (weapons TL un-applied for ORAT)
    # By hand (construction.md 3.1, 3.9, 4, 7): BSUR 18 x 2 x 0.25 x 1.25 x 1.6 = 18.0; bank 3ABC: x 3 x (3 + 1).
    # At TL 0: SU 216, ORAT 216 x (4 + 18) / 18 = 264. At modifier m: BSUR r1(18 m), SU ceil(12 BSUR), ORAT
    # ceil(SU / m x 22 / 18). Only the roundings of the TL-adjusted BSUR and bank SU move it:
    #   -2 (x2.0): 36.0, 432, 432 / 2 = 216 -> 264       -1 (x1.4): 25.2, 302.4 -> 303, 216.43 -> 264.52 -> 265
    #   +1 (x0.7): 12.6, 151.2 -> 152, 217.14 -> 265.40 -> 266          +2 (x0.5): 9.0, 108, 216 -> 264
    w = [battery("W", mode("6-12-18", "2x4/1/1"), "3ABC")]
    base = rate(ship(weapons=w))
    assert (base.batteries[0].su, base.orat) == (216, 264)
    for level, su, orat in ((-2, 432, 264), (-1, 303, 265), (1, 152, 266), (2, 108, 264)):
        r = rate(ship(weapons=w, tech=TechLevels(engines=level, shields=level, weapons=level)))
        assert (r.batteries[0].su, r.orat) == (su, orat), level
        assert r.drat == base.drat
    assert rate(ship(weapons=w, tech=TechLevels(weapons=-2))).weapons_su == 2 * base.weapons_su


def test_equipment_counts_on_the_weapons_track():
    r = rate(ship(("Countermeasures", 2), "Hyperdrive", ("Marines", 3), "Ionized Hull"))
    assert r.equipment_items == 3
    assert r.tracks.weapons == [3, 3, 2, 2, 1]
    assert r.tracks.munitions == {"Marines": [3, 2, 1]}
    assert r.equipment_loss_limit == 2
