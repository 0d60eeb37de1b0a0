"""The Nova display layout and the X.2 Nova record, on the rulebook's Majestic display."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drydock.formats.legacy.nova import NovaBattery, NovaDisplay, NovaSyntaxError, format_nova, parse_nova
from drydock.formats.legacy.nova_record import (
    NovaRecordFileError,
    adjusted_cr,
    convert_nova,
    format_nova_record,
    from_json,
    from_yaml,
    split_hull,
    system_box_bullets,
    to_json,
    to_yaml,
)
from tests.helpers import FIXTURES

FIX = FIXTURES / "legacy"


@pytest.mark.parametrize("name", ["nova-majestic-rulebook.txt", "nova-majestic-typed.txt"])
def test_rulebook_majestic_converts_with_dx2_dx3_and_arcs(name):
    # Source: Nova Rulebook v1.1, "Ship Displays" (seed 001_56b4578349fdaea4.txt)
    path = FIX / name
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Source:")
    (disp,) = parse_nova(text, file=str(path))
    assert (disp.faction, disp.class_name, disp.type, disp.cr) == ("Imperial", "MAJESTIC", "BC", 344)
    assert disp.systems == ("Fire Control", "Hyperdrive")
    assert disp.thrust == (4, 3, 2, 1, 1) and disp.ecm == (1, 1, 1, 0, 0) and disp.hull == (14,)
    assert disp.shields is None  # the icons are lost in our copy: reported, not guessed
    rec, rep = convert_nova(disp)
    fusion, lightning, cdc = rec.weapons
    assert (fusion.name, fusion.imp, fusion.acc, fusion.dmg, fusion.range) == ("Fusion Beams", 3, 5, 1, (5, 10, 15))
    assert (lightning.imp, cdc.imp) == (2, 1)
    assert [(b.arc, b.modifier, b.dice) for b in fusion.banks] == [("FF", 0, 7)]
    assert [(b.arc, b.modifier, b.dice) for b in lightning.banks] == [("FX", 2, 3), ("AX", 2, 3)]
    assert [(b.arc, b.modifier, b.dice) for b in cdc.banks] == [("FF", 2, 5), ("PH", 4, 2), ("SH", 4, 2)]
    assert rec.engines == 4 and rec.ecm_rating == 1
    # 14 hull boxes, grouping lost: split 5/5/4 (reported as a reading)
    assert rec.hull_groups == (5, 5, 4) and rec.hull == 9 and rec.system_boxes == 5 and rec.bullets == (3, 5)
    assert any("hull grouping not given" in r for r in rep.readings)
    assert rec.shields is None and any("shield-dice icons not legible" in u for u in rep.unreadable)
    assert {s.name for s in rec.systems} == {"Fire Control", "Hyperdrive"}
    assert rec.combat_rating == 344 and rep.stated_cr == 344
    assert rep.status == "partial"
    sheet = format_nova_record(rec)
    assert "SYSTEM [ ][ ][*][ ][*]" in sheet and "[FX2] 3 [AX2] 3" in sheet
    assert "Note: Unreadable in the source" in sheet


def test_x2_worked_examples():
    # X.2.1: 13 hull boxes in groups 5, 4, 4 -> 4 system boxes, hull size 9, bullets in system boxes 2 and 4
    assert split_hull(13) == (5, 4, 4)
    assert system_box_bullets(4) == (2, 4)
    assert system_box_bullets(5) == (3, 5) and system_box_bullets(1) == (1,)
    # X.2.2: CR 344 at +5% -> 361
    assert adjusted_cr(344, 5) == 361
    disp = NovaDisplay(class_name="TEST", cr=344, hull=(5, 4, 4), thrust=(4, 3, 2, 1, 1), shields=(4, 5, 6, 6, 6),
                       cr_modifier=5)
    rec, rep = convert_nova(disp)
    assert (rec.hull, rec.system_boxes, rec.bullets) == (9, 4, (2, 4))
    assert rec.shields == 3  # 7 - icon 4 (X.2.3)
    assert rec.combat_rating == 361 and rep.unity_cr == 361


def test_nova_traits_and_systems():
    text = """Kzinti RAKE-class DD (120)
SYSTEMS: Stealth (1); Drones (2); Scout; Carrier (2); Science (100)
ARMOR: oo o oo
HULL: ooo ooo ooo
THRUST: 6 5 4 3 2
ECM: 2 1 [] [] []
SHIELDS: ⚃ ⚄ ⚅ ⚅ ⚅
Needle Beam (Acr, Prc) [FF] 6-12-18 4 3 2 1
Missile Rack (Skr, Cts) [TT] 4-8-12 3 2 1
Gravity Lance (Xyz) [FF3] 3-6-9 5 3 2 1
"""
    (disp,) = parse_nova(text)
    assert disp.armor == (2, 1, 2) and disp.ecm == (2, 1, 0, 0, 0) and disp.shields == (4, 5, 6, 6, 6)
    rec, rep = convert_nova(disp)
    needle, missile, lance, drones = rec.weapons
    assert needle.acc == 4 and needle.rules == ("Prc",)
    assert missile.range is None and missile.ma == 4 and missile.traits == ("Knt",)
    assert lance.banks[0].dice == 1 and lance.rules == ("Xyz",)
    assert (drones.ma, drones.rof, drones.acc, drones.traits, len(drones.banks)) == (8, 3, 5, ("Exp",), 2)
    assert {s.name: s.qty for s in rec.systems} == {"Stealth": 2, "Carrier": 2, "Science": 2}
    assert rec.armor == 5 and rec.shields == 3 and rec.ecm_rating == 2
    assert any("Scout" in n and "not yet adapted" in n for n in rec.notes)
    assert any("Xyz" in n for n in rec.notes)


def test_missing_fields_raise_with_line():
    with pytest.raises(NovaSyntaxError) as err:
        parse_nova("# comment\nnothing to see\n", file="n.txt")
    assert (err.value.file, err.value.line) == ("n.txt", 2)
    with pytest.raises(NovaSyntaxError) as err:
        parse_nova("A B-class C (10)\nHULL: oo oo oo\n", file="n.txt")
    assert "no THRUST" in str(err.value) and err.value.line == 1
    with pytest.raises(NovaSyntaxError) as err:
        parse_nova("A B-class C (10)\nTHRUST: 1 1 1 1 1\nHULL: lots\n", file="n.txt")
    assert err.value.line == 3


def test_record_files_round_trip_and_errors():
    (disp,) = parse_nova((FIX / "nova-majestic-typed.txt").read_text(encoding="utf-8"))
    rec, _ = convert_nova(disp)
    assert from_yaml(to_yaml([rec])) == [rec]
    assert from_json(to_json([rec, rec])) == [rec, rec]
    assert "kind: nova" in to_yaml([rec])
    with pytest.raises(NovaRecordFileError):
        from_yaml("- kind: nova\n  hull: many\n", file="r.yaml")
    with pytest.raises(NovaRecordFileError) as err:
        from_json("{", file="r.json")
    assert err.value.line == 1


_word = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)


@st.composite
def _displays(draw):
    batteries = tuple(
        NovaBattery(name=draw(_word).title() + " Gun", traits=tuple(draw(st.lists(st.sampled_from(["Dx2", "Acr",
                                                                                                  "Skr"]),
                                                                                   max_size=2, unique=True))),
                    banks=tuple(draw(st.lists(st.tuples(st.sampled_from(["FF", "PH", "AX", "TT"]),
                                                        st.integers(0, 6)), min_size=1, max_size=3))),
                    range=draw(st.tuples(*(st.integers(1, 30),) * 3)),
                    dice=tuple(draw(st.lists(st.integers(0, 12), min_size=1, max_size=12))))
        for _ in range(draw(st.integers(0, 3))))
    return NovaDisplay(
        class_name=draw(_word), faction=draw(_word).title(), type=draw(_word), cr=draw(st.integers(0, 999)),
        ship_name=draw(st.sampled_from(["", "Invincible"])),
        systems=tuple(draw(st.lists(st.sampled_from(["Fire Control", "Hyperdrive", "Stealth (1)"]), unique=True))),
        armor=tuple(draw(st.lists(st.integers(1, 6), max_size=3))),
        hull=tuple(draw(st.lists(st.integers(1, 8), min_size=3, max_size=3))),
        thrust=tuple(draw(st.lists(st.integers(0, 8), min_size=5, max_size=5))),
        ecm=tuple(draw(st.lists(st.integers(0, 3), min_size=5, max_size=5))),
        shields=draw(st.one_of(st.none(), st.lists(st.integers(1, 6), min_size=5, max_size=5).map(tuple))),
        cr_modifier=draw(st.sampled_from([None, 10, 5, 0, -5])), batteries=batteries,
    )


@settings(max_examples=60, deadline=None)
@given(_displays())
def test_display_writer_round_trips(disp):
    assert parse_nova(format_nova(disp)) == [disp]


_LINES = (FIX / "nova-majestic-rulebook.txt").read_text(encoding="utf-8").splitlines() + \
    (FIX / "nova-majestic-typed.txt").read_text(encoding="utf-8").splitlines()


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_LINES), st.text(max_size=30),
                          st.sampled_from(_LINES).map(lambda s: s.replace("1", "?").replace("[", ""))),
                max_size=25))
def test_any_text_reads_or_raises_a_syntax_error(lines):
    from drydock.errors import DrydockSyntaxError
    from drydock.limits import LimitError

    try:
        displays = parse_nova("\n".join(lines), file="fuzz.txt")
    except (DrydockSyntaxError, LimitError) as exc:  # a number past the legacy limit is refused (issue 10)
        assert exc.file == "fuzz.txt" and exc.line is not None
        return
    for disp in displays:
        convert_nova(disp)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["Acr", "Cts", "Dx2", "Dx3", "Prc", "Skr", "Ftr", "Xyz"]), unique=True, max_size=4),
       st.lists(st.sampled_from(["Fire Control", "Hyperdrive", "Stealth (1)", "Drones", "Escort", "Scout",
                                 "Regenerating", "Reinforced Systems", "Fragile Systems", "Directional Defenses",
                                 "Cargo (100)", "Carrier (2)", "Flux Sail"]), unique=True, max_size=5))
def test_nothing_is_dropped_silently(traits, systems):
    disp = NovaDisplay(class_name="T", cr=100, hull=(3, 3, 3), thrust=(2, 2, 1, 1, 1), systems=tuple(systems),
                       batteries=(NovaBattery(name="Gun", traits=tuple(traits), banks=(("FF", 1),), range=(2, 4, 6),
                                              dice=(4, 3, 2)),))
    rec, rep = convert_nova(disp)
    said = "\n".join(rep.mapped + rep.legacy + rep.readings)
    for t in traits:
        assert t in said
    for s in systems:
        assert s in said
    assert set(rep.legacy) <= set(rec.notes)
