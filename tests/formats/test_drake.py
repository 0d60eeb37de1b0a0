"""Drake notation (A.6): the book's example, tolerated variants, syntax errors, round trips, fuzzing."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drydock.core.model import ArcValues, Bank, Design, SystemEntry, TechLevels
from drydock.core.validation import rate, validate
from drydock.errors import DrydockSyntaxError
from drydock.formats import read_designs
from drydock.formats.drake import DrakeSyntaxError, DrakeWriteError, from_drake, to_drake
from drydock.formats.native import from_yaml, to_yaml
from tests.design_strategies import designs
from tests.helpers import FIXTURES, ROOT

MAJESTIC_FILE = FIXTURES / "majestic.drake"
# Source: Unity Rulebook v2.0, A.6 (the fixture without its "# Source:" comment line)
MAJESTIC = MAJESTIC_FILE.read_text(encoding="utf-8").split("\n", 1)[1]


def one(text: str, **kw):  # type: ignore[no-untyped-def]
    (design,) = from_drake(text, **kw)
    return design


# ------------------------------------------------------------------ the book's example


def test_majestic_parses_with_book_values():
    d = one(MAJESTIC)
    assert (d.faction, d.class_name, d.type) == ("Imperial", "MAJESTIC", "Battlecruiser")
    assert (d.hull, d.engines, d.shields, d.screens) == (8, 4, 3, 0)
    assert [b.name for b in d.weapons] == ["Lightning Turret", "Laser Cannon", "Fusion Torpedo"]
    lt = d.weapons[0]
    assert lt.banks == (Bank(arc="ACE", mounts=2), Bank(arc="BDF", mounts=2))
    p = lt.primary
    assert (p.range, p.rof, p.acc, p.imp, p.dmg) == ((4, 8, 12), 2, 5, 1, 1)
    assert lt.primary.traits == ("Pr1",)
    assert [b.weapon_count for b in d.weapons] == [4, 6, 4]
    assert d.systems == (SystemEntry(name="Countermeasures"), SystemEntry(name="Hyperdrive"))
    # book values that disagree with the calculator are kept as stated; the agreeing ones are dropped
    assert d.stated is not None
    assert d.stated.combat_rating == 185
    assert d.stated.weapons == (17, 13, 9, 5)
    assert d.stated.hull is None and d.stated.engines is None and d.stated.shields is None
    assert all(b.stated_loss_limit is None for b in d.weapons)


def test_majestic_rates_and_reports_book_errors_as_warnings():
    r = rate(one(MAJESTIC))
    assert (r.used_su, r.total_su, r.orat) == (1520, 1520, 605)
    assert r.combat_rating == 188  # construction.md §9.2: 187 with the DRAT unrounded; the book prints 185
    codes = {(p.code, p.message) for p in r.problems}
    assert ("STATED_CR_MISMATCH", "stated 185, computed 188") in codes
    assert ("STATED_TRACK_MISMATCH", "weapons track stated 17-13-9-5, computed 16-12-8-4") in codes
    assert r.legal


def test_majestic_writes_back_byte_identical():
    assert to_drake(from_drake(MAJESTIC)) == MAJESTIC


def test_majestic_survives_drake_yaml_drake():
    yaml_text = to_yaml(from_drake(MAJESTIC))
    assert "combat_rating: 185" in yaml_text
    assert to_drake(from_yaml(yaml_text)) == MAJESTIC


def test_majestic_file_reads_by_extension(tmp_path):
    (d,) = read_designs(MAJESTIC_FILE)
    assert d == one(MAJESTIC)
    txt = tmp_path / "maj.txt"
    txt.write_bytes(MAJESTIC.replace("\n", "\r\n").encode())
    assert read_designs(txt) == [d]


def test_yaml_example_writes_computed_values():
    (d,) = read_designs(ROOT / "examples" / "designs" / "majestic.yaml")
    text = to_drake(d)
    assert text.splitlines()[0] == "Imperial Majestic-class Battlecruiser (188)"
    assert "Weapons: 16-12-8-4" in text
    assert one(text) == d


# ------------------------------------------------------------------ tolerated variants

VARIANT = """\
Imperial MAJESTIC-class Battlecruiser (185)\r
--ID: BB-01\r
--NAME: Indomitable\r
\r
Hull: 8 7 6 5 4 3 2 1\r
Engines: 4-3-2-1\r
Weapons:  17 - 13 - 9 - 5\r
Shields: 3-3-2-1   \r
\r
\r
Lightning Turret|ACE ▢▢ |BDF ☐☐//(2)\r
4-8-12|2×5+/1/1 (piercing-1)\r
Laser Cannon | AB □| AC [ ][ ]|\r
   BD [][]| EF [] // (3)\r
3-6-9 | 1X5/1/1\r
Fusion Torpedo | AB [][][][] // (2) | 5-10-15 | 1x4+/3/1\r
--\r
Equipment: CM []| hyperdrive [] // (1)\r
"""


def test_tolerated_variants_read_as_the_book_example():
    d = one(VARIANT)
    assert (d.ship_id, d.ship_name) == ("BB-01", "Indomitable")
    assert d.model_copy(update={"ship_id": "", "ship_name": ""}) == one(MAJESTIC)


def test_missing_optional_lines_and_no_cr():
    d = one("Tiny-class\nHull: 2-1\n")
    assert (d.class_name, d.hull, d.engines, d.shields, d.stated) == ("Tiny", 2, 0, 0, None)


def test_several_ships_separated_by_blank_lines():
    text = MAJESTIC + "\n" + MAJESTIC.replace("Imperial MAJESTIC", "Rebel DAUNTLESS")
    a, b = from_drake(text)
    assert (a.faction, b.faction, b.class_name) == ("Imperial", "Rebel", "DAUNTLESS")
    assert to_drake([a, b]) == text


def test_secondary_modes_seekers_mounts_expendables_traits_munitions():
    text = """\
Federation AKIRA-class Carrier (300)
--
ID:
NAME:
--
Screens:
-Fwd: 2
-Port: 1
-Stbd: 1
-Aft: 0
--
Hull: 10-9-8-7-6-5-4-3-2-1
Engines: 5-4-3-2-1
Weapons: 9-7-6-4-2
Shields: 4-4-3-2-1
-Fwd: 3
-Port: 2
-Stbd: 2
-Aft: 1
--
Phaser Array | TT2 [][]| FH [] // (2)
4-8-12 | 2x4+/1/1 (Acr)
Close Defense: 1-2-3 | 3x3+/1/1 (Dfn)
Torpedo Rack | FF []<>[]<>[]<> // (2)
MA 8 | 1x4+/2/2 (Exp)
--
Equipment: Countermeasures [][]| Hyperdrive [] // (2)
Traits: Carrier (4), Ionized Hull
Marines: 4
Mines: 2
# converted from Admiralty: Shield Regenerator has no Unity equivalent
"""
    d = one(text)
    assert d.screens == ArcValues(fwd=2, port=1, stbd=1, aft=0)
    assert d.shields == ArcValues(fwd=3, port=2, stbd=2, aft=1)
    phaser, torp = d.weapons
    assert phaser.banks == (Bank(arc="TT", mounts=2, mount_size=2), Bank(arc="FH", mounts=1))
    assert phaser.secondary is not None and phaser.secondary.label == "Close Defense"
    assert phaser.secondary.traits == ("Dfn",)
    assert torp.primary.ma == 8 and torp.primary.range is None and torp.primary.traits == ("Exp",)
    assert [(s.name, s.qty) for s in d.systems] == [
        ("Countermeasures", 2), ("Hyperdrive", 1), ("Carrier", 4), ("Ionized Hull", 1), ("Marines", 4), ("Mines", 2)]
    assert d.notes == ("converted from Admiralty: Shield Regenerator has no Unity equivalent",)
    assert to_drake(d) == text


def test_seeker_spellings_skr_and_named_secondary():
    base = "X Y-class Z (1)\nHull: 1\nGun>Flak | AB [] // (1)\n4-8-12 | 1x5+/1/1\n1-2-3 | 2x4+/1/1\n"
    d = one(base)
    assert d.weapons[0].name == "Gun" and d.weapons[0].secondary.label == "Flak"  # type: ignore[union-attr]
    for ma in ("MA 8", "MA8", "ma 8", "8"):
        d = one(f"X Y-class Z\nHull: 1\nMissile | AB [] // (1)\n{ma} | 1x4+/1/1 (Skr, Prx)\n")
        assert d.weapons[0].primary.ma == 8 and d.weapons[0].primary.traits == ("Prx",)


def test_trait_names_in_any_case_and_separator():
    d = one("X Y-class Z\nHull: 1\nGun | AB [] // (1)\n4-8-12 | 1x5+/1/1 (ACCURATE; fire-linked | Pr1 slw)\n")
    assert d.weapons[0].primary.traits == ("Acr", "FrL", "Pr1", "Slw")


def test_tech_and_ambiguous_header_extension_lines():
    d = one(MAJESTIC).model_copy(update={"class_name": "Star Fury", "faction": "", "type": "",
                                         "tech": TechLevels(engines=1, weapons=-2, fighters=2)})
    text = to_drake(d)
    assert "Tech: E+1 S0 W-2 F+2" in text and "Class: Star Fury" in text
    assert one(text) == d


def test_stated_values_equal_to_computed_are_dropped():
    text = MAJESTIC.replace("(185)", "(188)").replace("17-13-9-5", "16-12-8-4")
    assert one(text).stated is None
    assert validate(one(text)) == []


def test_stated_loss_limit_kept_when_it_differs():
    d = one(MAJESTIC.replace("// (3)", "// (4)"))
    assert d.weapons[1].stated_loss_limit == 4
    assert any(p.code == "STATED_LOSS_LIMIT_MISMATCH" for p in validate(d))


def test_writer_refuses_names_drake_cannot_carry():
    d = one(MAJESTIC)
    bad = d.model_copy(update={"weapons": (d.weapons[0].model_copy(update={"name": "A | B"}),)})
    with pytest.raises(DrakeWriteError):
        to_drake(bad)


# ------------------------------------------------------------------ syntax errors


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("Imperial X-class Y (1)\nHull: 8-7-six\n", 2, 7, "track"),
    ("Imperial X-class Y (1)\nHull: 1\nGun | AB [] // (1)\n4-8-12 | 2y5+/1/1\n", 4, 10, "stat line"),
    ("Imperial X-class Y (1)\nHull: 1\nGun | A? [] // (1)\n4-8-12 | 2x5+/1/1\n", 3, 7, "bank"),
    ("Imperial X-class Y (1)\nHull: 1\nGun | AB [] // 2\n", 3, 16, "loss limit"),
    ("Imperial X-class Y (1)\nHull: 1\nGun | AB [] // (1)\n", 3, 1, "no stat line"),
    ("Imperial X-class Y (1)\nEngines: 2-1\n", 1, 1, "Hull"),
    ("just some text\n", 1, 1, "header"),
    ("X Y-class Z\nHull: 1\n4-8-12 | 2x5+/1/1\n", 3, 1, "before any weapon"),
    ("X Y-class Z\nHull: 123456789\n", 2, 7, "too large"),
    ("X Y-class Z\nHull: 1\nTech: E+1 Q2\n", 3, 7, "tech"),
])
def test_syntax_errors_name_file_line_column_and_quote(text, line, column, words):
    with pytest.raises(DrakeSyntaxError) as info:
        from_drake(text, file="fleet.drake")
    err = info.value
    assert (err.file, err.line, err.column) == ("fleet.drake", line, column)
    assert words.lower() in err.message.lower()
    assert err.text == text.splitlines()[line - 1]
    assert str(err).startswith(f"fleet.drake:{line}:{column}: ")


def test_empty_text_is_a_syntax_error():
    with pytest.raises(DrakeSyntaxError):
        from_drake("\n\n")


# ------------------------------------------------------------------ properties


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(designs())
def test_drake_round_trip(design):
    text = to_drake(design)
    assert from_drake(text) == [design]
    assert to_drake(from_drake(text)) == text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(designs())
def test_yaml_round_trip(design):
    assert from_yaml(to_yaml(design)) == [design]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Hull:Engines-class()|/[]▢<>x×+*0123456789 ABCDEF\n-#MA,;")),
               max_size=200))
def test_fuzz_random_text_only_raises_drake_syntax_errors(text):
    try:
        from_drake(text)
    except DrydockSyntaxError as exc:
        assert isinstance(exc, DrakeSyntaxError)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8))
def test_fuzz_mutated_majestic_only_raises_drake_syntax_errors(rnd: random.Random, edits: int):
    chars = list(MAJESTIC)
    alphabet = "0123456789|/()[]-x+*:#ABCDEFGHIJ \n▢×" + "\u2028"
    for _ in range(edits):
        op = rnd.randrange(3)
        pos = rnd.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op == 1:
            chars.insert(pos, rnd.choice(alphabet) * rnd.choice([1, 1, 1, 9, 5000]))
        elif chars:
            chars[min(pos, len(chars) - 1)] = rnd.choice(alphabet)
    try:
        result = from_drake("".join(chars), file="m.drake")
    except DrakeSyntaxError as exc:
        assert exc.file == "m.drake"
        return
    for d in result:
        rate(d)
        assert from_drake(to_drake(d)) == [d]  # whatever was read writes back to the same design


@pytest.mark.parametrize("text", [
    "X " + " " * 3000 + "Y-class" + " " * 3000 + "(1" + "\nHull: 1\n",
    "X Y-class Z\nHull: 1\nGun | AB " + "[] " * 1300 + "x // (1)\n",
    "X Y-class Z\nHull: 1\nEquipment: CM " + "[]  <> " * 500 + "? // (1)\n",
    "X Y-class Z\nHull: 1\nMarines: " + "1 - " * 900 + "x\n",
    "X Y-class Z\nHull: 1\nGun | AB [] // (1)\n4-8-12 | 1x5+/1/1 " + "a " * 1900 + "(\n",
    "X Y-class Z\nHull: " + "9" * 5000 + "\n",
])
def test_pathological_lines_fail_fast_with_a_syntax_error(text):
    with pytest.raises(DrakeSyntaxError):
        from_drake(text)


def test_screens_number_above_directional_screens_and_arc_spellings():
    d = one("X Y-class Z\nScreens: 4\n-Fwd: 2\nPort: 1\n--Starboard: 1\nHull: 3-2-1\n")
    assert d.screens == ArcValues(fwd=2, port=1, stbd=1, aft=0)
    assert to_drake(d).split("--\n")[2] == "Screens:\n-Fwd: 2\n-Port: 1\n-Stbd: 1\n-Aft: 0\n"


def test_several_glued_separators_are_all_separators():
    """Found by the mutation fuzzer: '-------Name' read as '--' + '-----Name', which could not be written back."""
    text = "X Y-class Z\nHull: 1\n-------Gun | AB [] // (1)\n4-8-12 | 1x5+/1/1\n"
    d = one(text)
    assert d.weapons[0].name == "-Gun"
    assert from_drake(to_drake(d)) == [d]


@st.composite
def out_of_rule_designs(draw: st.DrawFn) -> Design:
    """A design with base values past the rules but within drydock's sanity limits (it loads; validate() objects)."""
    d = draw(designs(stated=False))
    wild, arc = st.integers(-5, 1000), st.integers(-5, 250)  # four arcs stay within the screens-total limit
    upd: dict = {}
    for key in ("hull", "engines", "shields", "screens"):
        if draw(st.booleans()):
            upd[key] = draw(st.one_of(wild, st.builds(ArcValues, fwd=arc, port=arc, stbd=arc, aft=arc))
                            if key in ("shields", "screens") else wild)
    if draw(st.booleans()):
        tl = st.integers(-100, 100)
        upd["tech"] = TechLevels(engines=draw(tl), shields=draw(tl), weapons=draw(tl), fighters=draw(tl))
    return d.model_copy(update=upd)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(out_of_rule_designs())
def test_out_of_rule_designs_round_trip_or_are_refused_by_name(design):
    """Matched pairs past the rules: Drake writes what it can express and reads it back unchanged, and refuses a
    negative base value (its tracks start at the rating) with a one-line error instead of writing another design."""
    try:
        text = to_drake(design)
    except DrakeWriteError as exc:
        assert "Drake notation cannot write a negative value" in str(exc)
        assert min(v for key in ("hull", "engines", "shields", "screens")
                   for v in (getattr(design, key).model_dump().values()
                             if isinstance(getattr(design, key), ArcValues) else [getattr(design, key)])) < 0
        return
    assert from_drake(text) == [design]
    assert from_yaml(to_yaml(design)) == [design]
