"""Admiralty Edition reader/writer and the X.1 conversion, on the published forum designs."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drydock.core.validation import rate
from drydock.formats.legacy import tables
from drydock.formats.legacy.admiralty import (
    AdmiraltyRecord,
    AdmiraltySyntaxError,
    AEBattery,
    AESpecial,
    StarmadaXError,
    format_admiralty,
    parse_admiralty,
)
from drydock.formats.legacy.convert import ae_range_bands, convert_admiralty
from drydock.render.report import format_rating
from tests.helpers import FIXTURES

FIX = FIXTURES / "legacy"


def _read(name: str) -> list[AdmiraltyRecord]:
    path = FIX / name
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Source:")
    return parse_admiralty(text, file=str(path))


@pytest.mark.parametrize("name", ["dumbo-v1.txt", "dumbo-v2.txt"])
def test_dumbo_reads_and_converts_cleanly(name):
    # Source: MJ12 forum AE Drake notation posts (Jan/May 2008); conversion.md §1.4
    (rec,) = _read(name)
    assert (rec.cr, rec.class_name, rec.type, rec.race) == (277, "Dumbo", "DreadNose", "Elephantine")
    assert rec.hull == (8, 7, 6, 5, 4, 3, 2, 1)
    assert [b.letter for b in rec.batteries] == ["X", "Y", "Z"]
    assert dict(rec.damage_chart) == {1: ("X",), 2: ("X",), 3: ("Y",), 4: ("Y",), 5: ("Y",), 6: ("Z",)}
    assert rec.unreadable == ()
    design, rep = convert_admiralty(rec)
    assert rep.status == "ok" and rep.unreadable == []
    assert (design.hull, design.engines, design.shields) == (8, 3, 4)
    assert design.title == "Elephantine DUMBO-class DreadNose"
    sc, stomp, sonic = design.weapons
    assert (sc.primary.range, sc.primary.rof, sc.primary.acc, sc.primary.imp, sc.primary.dmg) == ((4, 8, 12), 1, 5,
                                                                                                   2, 1)
    assert sc.primary.traits == ("Knt",) and stomp.primary.traits == ("Knt",)   # Extra Hull Damage -> Kinetic
    assert sonic.primary.traits == ("Inc",)                                      # No Hull Damage -> Incapacitating
    assert [(b.arc, b.mounts) for b in sc.banks] == [("AB", 2)]
    assert [(b.arc, b.mounts) for b in stomp.banks] == [("A", 1), ("B", 1), ("E", 1), ("F", 1)]
    assert [(b.arc, b.mounts) for b in sonic.banks] == [("G", 1)]
    systems = {s.name: s.qty for s in design.systems}
    assert systems == {"Hyperdrive": 1, "Ionized Hull": 1, "Marines": 14}       # Armor Plating -> Ionized Hull
    assert "Super Charger: Extra Hull Damage -> Kinetic (Knt) (X.1, Z.3)" in rep.mapped
    assert "Sonic Cannon: No Hull Damage -> Incapacitating (Inc) (X.1, Z.3)" in rep.mapped
    assert any(m.startswith("Armor Plating -> Ionized Hull") for m in rep.mapped)
    # re-rated under Unity: the AE CR as stated beside the computed Unity CR, and the broken Unity rule
    assert rep.stated_cr == 277
    r = rate(design)
    assert rep.unity_cr == r.combat_rating == 317
    assert r.used_su == 1738 and r.total_su == 1520
    cap, problem = rep.problems
    assert cap == "DRYDOCK_CAP_RANGE Sonic Cannon: long range 30 is above the Drydock's 18 (warning)"
    assert problem.startswith("OVER_SPACE uses 1738 SU of 1520 (218 over): engines 0 would fit (saves 312 SU)")
    assert any("AE combat rating 277" in n for n in design.notes)
    assert any(n.startswith("AE weapon damage chart 1:X 2:X 3:Y 4:Y 5:Y 6:Z") for n in design.notes)


def test_dumbo_v1_and_v2_convert_to_the_same_design():
    (a,), (b,) = _read("dumbo-v1.txt"), _read("dumbo-v2.txt")
    assert convert_admiralty(a)[0] == convert_admiralty(b)[0]


def test_razorthorn_converts_what_maps_and_reports_the_rest():
    # Source: MJ12 forum "Result of a snowed in weekend." (house-ruled AE, stated CR 1,318)
    (rec,) = _read("razorthorn-houseruled.txt")
    assert rec.cr == 1318 and rec.class_name == "Razorthorn" and rec.type == "Battleship"
    assert rec.race == "Firestorm Armada Terran Alliance"
    assert len(rec.hull) == 22 and rec.engines[0] == 6 and rec.shields[0] == 4
    assert dict(rec.damage_chart)[1] == ("V", "Z")
    assert rec.unreadable == ()  # the prose before and after is not part of the design
    design, rep = convert_admiralty(rec)
    assert (design.hull, design.engines, design.shields) == (22, 6, 4)
    v, w, x, y, z = design.weapons
    assert v.name == "Primary Weapons &Turrets (Energy)"
    assert (v.primary.range, v.primary.rof, v.primary.acc) == ((4, 8, 12), 2, 4)
    assert v.primary.traits == ("Rpt",)
    assert x.primary.traits == ("FrL", "Rpt")
    # '1-2/3-4/---' on a Carronade battery: the long band is the one Carronade hides, recovered as equal thirds
    assert z.primary.traits == ("Crn", "Rpt") and z.primary.range == (2, 4, 6)
    assert [(b.arc, b.mounts) for b in v.banks] == [("HJ", 1), ("IK", 1), ("ABCDEF", 2)]
    assert [(b.arc, b.mounts) for b in z.banks] == [("ABCDEF", 7)]
    # what has no Unity equivalent is named, on the design and in the report
    legacy = "\n".join(rep.legacy)
    assert "AE trait Range-Based ROF: no equivalent; use Admiralty rules" in legacy
    assert legacy.count("AE trait Increased Hits: no equivalent") == 5
    for name in ("Critical Hit Save (3+)", "Damage Control (4 dice)", "Teleports (5)", "All systems TL +4."):
        assert name in legacy
    assert set(rep.legacy) <= set(design.notes)
    assert {s.name: s.qty for s in design.systems} == {"Hyperdrive": 1, "Marines": 10}
    # readings chosen where the post is ambiguous
    readings = "\n".join(rep.readings)
    assert "statistics read as ROF/ACC/IMP/DMG" in readings
    assert "'Battleship' read as the type (ship-type vocabulary), 'Razorthorn' as the class" in readings
    assert "Point Defense (Kinetic): bands 2/4/--- read as 2-4-6: the band printed '---' is hidden by the " \
        "battery's Carronade (Unity Crn" in readings
    assert any(n.startswith("Reading: ") and "2/4/--- read as 2-4-6" in n for n in design.notes)  # on the sheet
    assert rep.stated_cr == 1318 and rep.unity_cr == 546
    over, twins = rep.problems
    assert over.startswith("OVER_SPACE uses 6163 SU of 5720 (443 over): engines 5 would fit (saves 594 SU)")
    assert twins.startswith("BATTERY_NAME_DUPLICATE 2 batteries are named 'Torpedoes (Ballistic)'")
    text = format_rating(rate(design))
    assert "Note: Point Defense (Kinetic): AE trait Increased Hits" in text


def test_all_thirty_ae_traits_map_per_x1():
    assert len(tables.AE_TRAITS) == 30
    assert sum(1 for t in tables.AE_TRAITS if t.unity is None) == 9
    assert tables.ae_trait("extra hull damage").unity == "Knt"
    assert tables.ae_trait("Variable ROF").unity == "Vlt"
    assert tables.ae_trait("Range-Based ROF").unity is None
    from drydock.core.rules import Ruleset

    codes = set(Ruleset.unity().traits)
    assert {t.unity for t in tables.AE_TRAITS if t.unity and t.unity != "Pr*"} <= codes


def _one_battery(line: str, arcs: str = "[AB]") -> str:
    return f"(100) Test-Class Frigate [Test]\nHull: 3 2 1\nEngines: 2 2 1\nShields: 1 1 1\n{line}\n{arcs}\n"


def test_single_rng_becomes_thirds_rounded_to_nearest():
    assert ae_range_bands(12) == (4, 8, 12)
    assert ae_range_bands(10) == (3, 7, 10)   # 3.33 -> 3, 6.67 -> 7 (X.1 OQ3: nearest, flagged)
    assert ae_range_bands(8) == (3, 5, 8)     # 2.67 -> 3, 5.33 -> 5
    (rec,) = parse_admiralty(_one_battery("[X] Gun, 10, 5+, 1/1/1"))
    design, rep = convert_admiralty(rec)
    assert design.weapons[0].primary.range == (3, 7, 10)
    assert any("RNG 10 is not divisible by 3" in r for r in rep.readings)


def test_piercing_values_and_unity_names():
    (rec,) = parse_admiralty(_one_battery("[X] Gun, 3/6/9, 5+, 1/1/1, Piercing [2], Slow-Firing, Piercing [3]"))
    design, rep = convert_admiralty(rec)
    assert design.weapons[0].primary.traits == ("Pr2", "Slw")
    assert any("Piercing [3]" in n and "only Piercing 1 and 2" in n for n in design.notes)
    (rec,) = parse_admiralty(_one_battery("[X] Gun, 3/6/9, 5+, 1/1/1, Kinetic, Moonbeam"))
    design, rep = convert_admiralty(rec)
    assert design.weapons[0].primary.traits == ("Knt",)
    assert any("'Kinetic' is not an AE trait name" in r for r in rep.readings)
    assert any("'Moonbeam' is neither an AE trait" in n for n in rep.legacy)


def test_capacities_divide_by_fifty_rounded_to_nearest():
    text = _one_battery("[X] Gun, 3/6/9, 5+, 1/1/1") + \
        "Specials: Carrier (260); Science (150); Cargo (20); Screens; Point Defense; Stealth; Boarding Pods (3)\n"
    (rec,) = parse_admiralty(text)
    design, rep = convert_admiralty(rec)
    assert {s.name: s.qty for s in design.systems} == {"Carrier": 5, "Science": 3}
    legacy = "\n".join(design.notes)
    for part in ("Cargo (20)", "Screens", "Point Defense", "Stealth", "Boarding Pods (3)"):
        assert part in legacy


def test_fighters_block_gives_carrier_capacity():
    text = _one_battery("[X] Gun, 3/6/9, 5+, 1/1/1") + \
        "Fighters:\nInterceptor: (100), 1/8/3/4, Dogfighter\nBomber: (50), 1/6/4/3\n"
    (rec,) = parse_admiralty(text)
    assert [(f.name, f.capacity) for f in rec.fighters] == [("Interceptor", 100), ("Bomber", 50)]
    design, rep = convert_admiralty(rec)
    assert {s.name: s.qty for s in design.systems} == {"Carrier": 3}


def test_tech_levels_map_and_out_of_range_is_noted():
    text = _one_battery("[X] Gun, 3/6/9, 5+, 1/1/1").replace("Hull:", "Tech Levels E1 F0 G2 S-1 W4\nHull:")
    (rec,) = parse_admiralty(text)
    design, rep = convert_admiralty(rec)
    assert (design.tech.engines, design.tech.shields, design.tech.weapons) == (1, -1, 0)
    assert any("W+4" in n and "outside" in n for n in design.notes)
    assert any("G+2" in n for n in design.notes)


def test_unreadable_battery_is_reported_with_its_line():
    text = _one_battery("[X] Gun, far away, 5+, 1/1/1") + "[Y] Beam, 3/6/9, 4+, 1/1/1\n[G]\n"
    (rec,) = parse_admiralty(text, file="post.txt")
    assert [b.letter for b in rec.batteries] == ["Y"]
    assert rec.unreadable[0].line == 5 and "cannot read the range" in rec.unreadable[0].reason
    design, rep = convert_admiralty(rec)
    assert rep.status == "partial"
    assert any(n.startswith("Unreadable in the source") for n in design.notes)


@pytest.mark.parametrize("text,line,column,cls", [
    ("just prose\nno design here\n", 1, 1, AdmiraltySyntaxError),
    ("(100) A-Class B [C]\nHull: 3 two 1\nEngines: 1 1 1\nShields: 1 1 1\n", 2, 9, AdmiraltySyntaxError),
    ("(100) A-Class B [C]\nShields: 1 1 1\n", 1, 1, AdmiraltySyntaxError),
    ("Infiltrator class Imperial Destroyer (178)\nEngines [TL0]: 9 8 7\n", 2, 1, StarmadaXError),
])
def test_unreadable_designs_raise_with_file_line_column(text, line, column, cls):
    with pytest.raises(cls) as err:
        parse_admiralty(text, file="post.txt")
    assert (err.value.file, err.value.line, err.value.column) == ("post.txt", line, column)
    assert str(err.value).startswith(f"post.txt:{line}:{column}: ")


def test_several_designs_in_one_post_and_a_ship_name():
    text = "Look at these two:\n\nHMS Trunk\n" + (FIX / "dumbo-v1.txt").read_text().split("\n", 1)[1] + \
        "\n" + _one_battery("[X] Gun, 3/6/9, 5+, 1/1/1")
    a, b = parse_admiralty(text)
    assert a.ship_name == "HMS Trunk" and a.class_name == "Dumbo" and b.class_name == "Test"


_name = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=12).map(str.strip).filter(bool) \
    .map(str.title)
_arc = st.sampled_from(["A", "AB", "ABCDEF", "G", "HJ", "CE"])


@st.composite
def _batteries(draw, letter):
    bands = draw(st.one_of(st.none(), st.tuples(*(st.integers(1, 40),) * 3)))
    return AEBattery(letter=letter, name=draw(_name), bands=bands,
                     rng=None if bands else draw(st.integers(1, 40)), acc=draw(st.integers(2, 6)),
                     rof=draw(st.integers(1, 5)), imp=draw(st.integers(1, 5)), dmg=draw(st.integers(1, 5)),
                     traits=tuple(draw(st.lists(st.sampled_from([t.ae_name for t in tables.AE_TRAITS[:8]]),
                                                max_size=3))),
                     arcs=tuple(draw(st.lists(_arc, min_size=1, max_size=4))))


@st.composite
def _records(draw):
    hull = draw(st.integers(1, 30))
    letters = draw(st.lists(st.sampled_from("XYZVW"), unique=True, max_size=4))
    return AdmiraltyRecord(
        class_name=draw(_name).replace(" ", ""), type=draw(_name), race=draw(_name), cr=draw(st.integers(0, 5000)),
        tech=tuple((k, draw(st.integers(-2, 2))) for k in "EFGSW") if draw(st.booleans()) else (),
        hull=tuple(range(hull, 0, -1)), engines=tuple(draw(st.lists(st.integers(0, 9), min_size=hull,
                                                                      max_size=hull))),
        shields=tuple(draw(st.lists(st.integers(0, 5), min_size=hull, max_size=hull))),
        damage_chart=tuple((i, tuple(draw(st.lists(st.sampled_from(letters), max_size=2))) if letters else ())
                           for i in range(1, 7)),
        batteries=tuple(draw(_batteries(letter)) for letter in letters),
        specials=tuple(AESpecial(name=draw(_name), detail=draw(st.sampled_from(["", "3", "150"])))
                       for _ in range(draw(st.integers(0, 3)))),
    )


@settings(max_examples=60, deadline=None)
@given(_records())
def test_writer_round_trips(rec):
    assert parse_admiralty(format_admiralty(rec)) == [rec]


_LINES = (FIX / "razorthorn-houseruled.txt").read_text(encoding="utf-8").splitlines() + \
    (FIX / "dumbo-v2.txt").read_text(encoding="utf-8").splitlines()


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_LINES), st.text(max_size=30),
                          st.sampled_from(_LINES).map(lambda s: s.replace("4", "x").replace(",", ""))),
                max_size=30))
def test_any_text_reads_or_raises_a_syntax_error(lines):
    from drydock.errors import DrydockSyntaxError
    from drydock.limits import LimitError

    try:
        records = parse_admiralty("\n".join(lines), file="fuzz.txt")
    except (DrydockSyntaxError, LimitError) as exc:  # a number past the legacy limit is refused (issue 10)
        assert exc.file == "fuzz.txt" and exc.line is not None
        return
    for rec in records:
        convert_admiralty(rec)  # never raises: what it cannot use is reported


@pytest.mark.parametrize("stats,reading", [
    ("5+, 1/2/1", None),
    ("1/2/1, 5+", "ACC after the ROF/IMP/DMG field"),
    ("1/5+/2/1", "statistics read as ROF/ACC/IMP/DMG"),
    ("1/2/5+/1", "statistics read as ROF/IMP/ACC/DMG"),   # the second revision's template order
    ("1/2/5/1", "no '+' marks the ACC"),
])
def test_statistics_orders_and_the_reading_used(stats, reading):
    (rec,) = parse_admiralty(_one_battery(f"[X] Gun, 4-8-12, {stats}, Repeating"))
    b = rec.batteries[0]
    assert (b.rof, b.acc, b.imp, b.dmg, b.bands, b.traits) == (1, 5, 2, 1, (4, 8, 12), ("Repeating",))
    found = [f.reason for f in rec.readings]
    assert (reading is None and not found) or any(reading in f for f in found)


def test_converted_design_shows_its_notes_in_rate(tmp_path):
    from click.testing import CliRunner

    from drydock.cli.main import cli
    from drydock.formats.native import to_yaml

    (rec,) = _read("razorthorn-houseruled.txt")
    design, _ = convert_admiralty(rec)
    path = tmp_path / "razorthorn.yaml"
    path.write_text(to_yaml([design]), encoding="utf-8")
    out = CliRunner().invoke(cli, ["rate", str(path)]).output
    assert "Note: Primary Weapons (Kinetic): AE trait Range-Based ROF: no equivalent" in out
    assert "Note: AE combat rating 1318 as stated" in out


_ANY_TRAIT = st.one_of(st.sampled_from([t.ae_name for t in tables.AE_TRAITS]),
                       st.sampled_from(list(tables.AE_TRAIT_ALIASES)),
                       st.sampled_from(["Piercing [3]", "Piercing", "Kinetic", "Warp Wobble"]))
_ANY_SPECIAL = st.sampled_from([o.ae_name for o in tables.AE_OPTIONS] + ["Hyperdrive", "Countermeasures",
                                                                         "Cloaking Device", "Flux Capacitor"])


@settings(max_examples=80, deadline=None)
@given(st.lists(_ANY_TRAIT, max_size=5), st.lists(st.tuples(_ANY_SPECIAL, st.sampled_from(["", "2", "120"])),
                                                  max_size=4))
def test_nothing_is_dropped_silently(traits, specials):
    line = ", ".join(["[X] Gun", "3/6/9", "5+", "1/1/1", *traits])
    text = _one_battery(line)
    if specials:
        text += "Specials: " + "; ".join(f"{n} ({d})" if d else n for n, d in specials) + "\n"
    (rec,) = parse_admiralty(text)
    design, rep = convert_admiralty(rec)
    said = "\n".join(rep.mapped + rep.legacy + rep.readings)
    for t in traits:
        assert t in said
    for name, _ in specials:
        assert name in said
    assert set(rep.legacy) <= set(design.notes)
