"""Every validation code: an illegal design still loads, and validate() names every problem at once."""

import pytest

from drydock import ArcValues, Bank, Battery, StatedValues, TechLevels, validate
from tests.helpers import battery, design, majestic, mode

GUN = mode("3-6-9", "1x5/1/1")


def guns(*traits, rng="3-6-9", stats="1x5/1/1", banks=("AB",)):
    return [battery("Gun", mode(rng, stats, traits) if isinstance(rng, str) else mode(rng, stats, traits), *banks)]


CASES = [
    ("HULL_OUT_OF_RANGE", design(hull=36)),
    ("HULL_OUT_OF_RANGE", design(hull=0)),
    ("ENGINES_NEGATIVE", design(engines=-1)),
    ("SHIELDS_ABOVE_5", design(shields=6)),
    ("SHIELDS_ABOVE_5", design(shields=ArcValues(fwd=6, port=2, stbd=2, aft=1))),
    ("SHIELDS_NEGATIVE", design(shields=-1)),
    ("SCREENS_OUT_OF_RANGE", design(screens=-1)),
    ("SCREENS_OUT_OF_RANGE", design(screens=ArcValues(fwd=-1))),
    ("SCREENS_MIXED", design(screens=4, extra_directional_screens=ArcValues(fwd=2, aft=1))),
    ("DRYDOCK_CAP_SCREENS", design(hull=20, screens=51)),
    ("DRYDOCK_CAP_SCREENS", design(hull=20, screens=ArcValues(fwd=20, port=15, stbd=15, aft=1))),
    ("DRYDOCK_CAP_ENGINES", design(hull=30, engines=13)),
    ("DRYDOCK_CAP_ROF", design(weapons=guns(stats="6x5/1/1"))),
    ("DRYDOCK_CAP_IMP", design(weapons=guns(stats="1x5/6/1"))),
    ("DRYDOCK_CAP_DMG", design(weapons=guns(stats="1x5/1/6"))),
    ("DRYDOCK_CAP_RANGE", design(weapons=guns(rng="7-14-21"))),
    ("OVER_SPACE", design(hull=2, engines=30)),
    ("TECH_LEVEL_OUT_OF_RANGE", design(tech=TechLevels(weapons=3))),
    ("ACC_OUT_OF_RANGE", design(weapons=guns(stats="1x7/1/1"))),
    ("ACC_OUT_OF_RANGE", design(weapons=guns(stats="1x1/1/1"))),
    ("ROF_INVALID", design(weapons=guns(stats="0x5/1/1"))),
    ("IMP_INVALID", design(weapons=guns(stats="1x5/0/1"))),
    ("DMG_INVALID", design(weapons=guns(stats="1x5/1/0"))),
    ("RANGE_INVALID", design(weapons=guns(rng="6-4-2"))),
    ("RANGE_BANDS_NONSTANDARD", design(weapons=guns(rng="4-8-13"))),
    ("SEEKER_MA_OUT_OF_RANGE", design(weapons=guns(rng=13))),
    ("SEEKER_MA_OUT_OF_RANGE", design(weapons=guns(rng=3))),
    ("UNKNOWN_TRAIT", design(weapons=guns("Zap"))),
    ("DUPLICATE_TRAIT", design(weapons=guns("Knt", "Knt"))),
    ("DUPLICATE_TRAIT", design(weapons=guns("Slw", "Slw", "Slw"))),
    ("TRAIT_REQUIRES_ROF_1", design(weapons=guns("Vlt", stats="2x5/1/1"))),
    ("TRAIT_REQUIRES_IMP_1", design(weapons=guns("Sct", stats="1x5/2/1"))),
    ("TRAIT_REQUIRES_IMP_1", design(weapons=guns("Tls", stats="1x5/2/1"))),
    ("TRAIT_PAIR_FORBIDDEN", design(weapons=guns("Bls", "Dfn"))),
    ("TRAIT_PAIR_FORBIDDEN", design(weapons=guns("Cts", "Inc"))),
    ("TRAIT_PAIR_FORBIDDEN", design(weapons=guns("Exp", "Slw"))),
    ("TRAIT_PAIR_FORBIDDEN", design(weapons=guns("NPr", "Pr1"))),
    ("TRAIT_PAIR_FORBIDDEN", design(weapons=guns("NPr", "Pr2"))),
    ("TRAIT_PAIR_FORBIDDEN", design(weapons=guns("Pr1", "Pr2"))),
    ("TOO_MANY_RANGE_TRAITS", design(weapons=guns("Bls", "Crn", "Fcs"))),
    ("RANGE_TRAIT_PAIR_INVALID", design(weapons=guns("Dfs", "Gid"))),
    ("RANGE_TRAIT_PAIR_INVALID", design(weapons=guns("Sct", "Tls"))),
    ("SEEKER_RANGE_TRAIT", design(weapons=guns("Gid", rng=8))),
    ("SEEKER_DEFENSIVE", design(weapons=guns("Dfn", rng=8))),
    ("DRYDOCK_CAP_TRAITS", design(weapons=guns("Acr", "Cts", "Dly", "Knt", "Rpt", "Pr1"))),
    ("BATTERY_NO_BANKS", design(weapons=guns(banks=()))),
    ("UNKNOWN_ARC", design(weapons=guns(banks=("XY",)))),
    ("UNKNOWN_ARC", design(weapons=guns(banks=("AAB",)))),
    ("BANK_MOUNTS_INVALID", design(weapons=[Battery(name="G", primary=GUN, banks=(Bank(arc="AB", mounts=0),))])),
    ("MOUNT_SIZE_INVALID", design(weapons=guns(banks=("AB5",)))),
    ("UNKNOWN_SYSTEM", design(systems=["Warp Core"])),
    ("SYSTEM_DUPLICATE", design(systems=["Hyperdrive", "Hyperdrive"])),
    ("SYSTEM_QTY_INVALID", design(systems=[("Hyperdrive", 2)])),
    ("SYSTEM_QTY_INVALID", design(systems=[("Marines", 0)])),
    ("SYSTEM_IS_STRUCTURAL", design(systems=[("Screens", 2)])),
    ("SYSTEM_REQUIRES", design(systems=[("Launch Tubes", 2)])),
    ("SYSTEM_QTY_DIFFERS", design(systems=[("Carrier", 1), ("Launch Tubes", 2)])),
    ("SHOCKWAVE_NO_SHIELDS", design(systems=["Shockwave"])),
    ("STATED_CR_MISMATCH", majestic().model_copy(update={"stated": StatedValues(combat_rating=185)})),
    ("STATED_TRACK_MISMATCH", majestic().model_copy(update={"stated": StatedValues(weapons=(17, 13, 9, 5))})),
    ("STATED_LOSS_LIMIT_MISMATCH", majestic().model_copy(update={"stated": StatedValues(equipment_loss_limit=2)})),
]


@pytest.mark.parametrize("code,d", CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)])
def test_code(code, d):
    problems = validate(d)
    assert code in {p.code for p in problems}
    p = next(p for p in problems if p.code == code)
    assert p.message
    if code.startswith(("STATED_", "DRYDOCK_CAP_")) or code in ("SHOCKWAVE_NO_SHIELDS", "SYSTEM_QTY_DIFFERS"):
        assert p.severity == "warning"
    else:
        assert p.severity == "error"


DRYDOCK_CAPS = [(code, d) for code, d in CASES if code.startswith("DRYDOCK_CAP_")]


@pytest.mark.parametrize("code,d", DRYDOCK_CAPS, ids=[c for c, _ in DRYDOCK_CAPS])
def test_drydock_caps_are_errors_with_the_option(code, d):
    from drydock.core.rules import Ruleset

    strict = Ruleset.from_data({"options": {"drydock_caps": {"value": "error"}}})
    p = next(p for p in validate(d, strict) if p.code == code)
    assert p.severity == "error" and "Drydock" in p.message


def test_launch_tubes_quantity_warning_names_both_numbers():
    p = next(p for p in validate(design(systems=[("Carrier", 6), ("Launch Tubes", 1)])))
    assert (p.code, p.severity) == ("SYSTEM_QTY_DIFFERS", "warning")
    assert "quantity 1" in p.message and "6 flights" in p.message
    assert validate(design(systems=[("Carrier", 6), ("Launch Tubes", 6)])) == []


def test_stated_mismatch_messages():
    d = majestic().model_copy(update={"stated": StatedValues(combat_rating=185, weapons=(17, 13, 9, 5))})
    msgs = [p.message for p in validate(d)]
    assert "stated 185, computed 188" in msgs
    assert "weapons track stated 17-13-9-5, computed 16-12-8-4" in msgs


def test_every_problem_at_once():
    d = design(hull=2, engines=30, shields=6, systems=["Warp Core", ("Hyperdrive", 2)],
               weapons=guns("Vlt", "Bls", "Dfn", stats="3x9/1/1", banks=("QQ",)))
    codes = [p.code for p in validate(d)]
    for code in ("SHIELDS_ABOVE_5", "ACC_OUT_OF_RANGE", "TRAIT_REQUIRES_ROF_1", "TRAIT_PAIR_FORBIDDEN",
                 "UNKNOWN_ARC", "UNKNOWN_SYSTEM", "SYSTEM_QTY_INVALID", "OVER_SPACE"):
        assert code in codes


def test_parts_name_the_offending_item():
    d = design(weapons=guns() + guns("Zap", banks=("AB", "XY")))
    by_code = {p.code: p.part for p in validate(d)}
    assert by_code["UNKNOWN_TRAIT"] == "weapons[1]"
    assert by_code["UNKNOWN_ARC"] == "weapons[1].banks[1]"


def test_secondary_mode_is_validated_too():
    b = battery("Ion", mode("6-12-18", "1x5/1/1"), "AB", secondary=mode("2-4-6", "2x4/1/1", ("Vlt",), "Close"))
    p = [p for p in validate(design(weapons=[b])) if p.code == "TRAIT_REQUIRES_ROF_1"]
    assert p and p[0].part == "weapons[0].secondary" and "Close" in p[0].message


def test_illegal_values_still_rate():
    from drydock import rate

    r = rate(design(hull=3, shields=7, engines=-2, screens=-3, tech=TechLevels(engines=9),
                    weapons=guns(rng=0, stats="0x0/0/0", banks=("AB0", "ZZ"))))
    assert not r.legal
    # A.2: CR = sqrt(ORAT x DRAT); ROF 0 weapons give ORAT 0, so CR 0 whatever the (illegal) defence rates
    assert (r.orat, r.combat_rating) == (0, 0) and r.drat > 0
