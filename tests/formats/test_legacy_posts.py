"""Real Admiralty Edition posts as players wrote them (issue 34): the corpus figure, and one test per artefact.

The corpus is ``tests/fixtures/posts/ae/`` (each file names its source). The artefact tests use the lines the
issue quotes from real posts, inside a minimal design; each artefact is read, or skipped with its line named,
and the design comes out partial rather than failed whenever a hull track and a header survive.
"""

from __future__ import annotations

import pytest

from drydock.convert import batch
from drydock.core.admiralty_card import cr_of_record
from drydock.core.validation import rate
from drydock.formats.drake import from_drake, to_drake
from drydock.formats.legacy.admiralty import NO_DESIGN, AdmiraltySyntaxError, parse_admiralty, parse_admiralty_each
from drydock.formats.legacy.convert import convert_admiralty
from drydock.formats.legacy_sniff import legacy_kind
from tests.helpers import FIXTURES

POSTS = FIXTURES / "posts"
LEGACY = FIXTURES / "legacy"
CORPUS = sorted((POSTS / "ae").glob("*.txt"))

#: The corpus figure (bench/bench_posts.py prints it): 11 designs, 5 ok, 6 partial, 0 failed; with the converter of the
#: commit that added the corpus (before the reader changes of issue 34): 3 ok, 1 partial, 7 failed.
CORPUS_DESIGNS, CORPUS_FAILED_AT_MOST, CORPUS_OK_AT_LEAST = 11, 0, 5
#: Real posts in the Starmada X-era notation: Appendix X does not cover them (counted apart, refused with the line).
OUTSIDE = sorted((POSTS / "sx").glob("*.txt"))


def _post(*lines: str, header: str = "(120) Test-Class Frigate [Testers]") -> str:
    return "\n".join([header, *lines]) + "\n"


_TRACKS = ("Hull: 3 2 1", "Engines: 2 2 1", "Shields: 1 1 1")


def _one(text: str):
    (rec,) = parse_admiralty(text, file="post.txt")
    return rec


def _text(frags) -> str:
    return "\n".join(str(f) for f in frags)


# ------------------------------------------------------------------------------------------ the corpus


def test_every_corpus_post_names_its_source():
    assert len(CORPUS) >= 7
    for path in CORPUS:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# Source: http"), path.name


def test_corpus_figure_no_real_post_fails():
    results = [batch.convert_file(p, "admiralty") for p in CORPUS]
    statuses = [r.status for res in results for r in res.reports]
    assert len(statuses) == CORPUS_DESIGNS
    assert statuses.count("failed") <= CORPUS_FAILED_AT_MOST
    assert statuses.count("ok") >= CORPUS_OK_AT_LEAST
    for res in results:  # what was not read is named, with its line
        for rep in res.reports:
            assert all(u.startswith("line ") or "line " in u for u in rep.unreadable), rep.unreadable


def test_corpus_counts_posts_designs_and_posters():
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_posts", POSTS.parents[2] / "bench" / "bench_posts.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    posters = {bench.poster(p) for p in CORPUS}
    assert len(CORPUS) == 9 and posters == {"jimbeau", "MJ12 forum user 3844", "-"}  # "-": the stored copy names none
    assert bench.BEFORE == {"designs": CORPUS_DESIGNS, "ok": 3, "partial": 1, "failed": 7}


def test_the_posts_the_issue_quotes_convert_partial_with_each_part_named():
    # Source: mj12games.com viewtopic.php?pid=21548 and pid=22338 ("Traveller Starmada?"): before the reader changes
    # both failed with "no Admiralty design found".
    atlantic = batch.convert_file(POSTS / "ae" / "unnamed-imperial-atlantic-pid21548.txt", "admiralty").reports
    mercury = batch.convert_file(POSTS / "ae" / "unnamed-mercury-battle-star-pid22338.txt", "admiralty").reports
    ((a,), (m,)) = (atlantic, mercury)
    assert (a.status, a.stated_cr, m.status, m.stated_cr) == ("partial", 1092, "partial", 2525)
    assert a.title == "Imperial Atlantic-Class Heavy Cruiser" and m.title == "Refugee Fleet Mercury-Class Battle Star"
    unread = _text(a.unreadable)
    for named in ("line 16: Black Globe track", "line 23: AE alternative weapon mode", "line 25: AE ammunition line",
                  "line 33: battery has no arcs line",
                  "line 33: the post is cut off inside this trait (the start of 'Increased Hits'?): not converted: "
                  "'Increased H'"):
        assert named in unread, named
    unread = _text(m.unreadable)
    assert "line 39: battery line has no range or statistics: 'Battery Z: Kinetic Blasters (Kine'" in unread
    assert "line 13: damage chart names battery 'Z', which the design does not have" in unread
    (rec,) = parse_admiralty_each((POSTS / "ae" / "unnamed-mercury-battle-star-pid22338.txt").read_text(), file="p")
    assert (rec.race, rec.class_name, rec.type) == ("Refugee Fleet", "Mercury", "Battle Star")
    assert len(rec.hull) == 48 and rec.shields[0] == 4  # '[4/3/5]': the first figure, the reading stated


def test_a_starmada_x_post_is_refused_alike_by_convert_and_rate():
    from drydock.errors import DrydockError
    from drydock.formats import read_designs

    (path,) = OUTSIDE
    (rep,) = batch.convert_file(path, "admiralty").reports
    expected = f"{path}:6:1: Starmada X-era notation: Appendix X covers only Admiralty Edition designs; " \
        "convert this one by hand: 'Engines [TL0]: 9 8 7 6 5 4 3 2 1'"
    assert rep.status == "failed" and rep.error == expected
    with pytest.raises(DrydockError) as err:  # what rate reads it with
        read_designs(path)
    assert str(err.value) == expected


def test_rate_and_convert_agree_on_what_an_ae_post_is():
    texts = [p.read_text(encoding="utf-8") for p in CORPUS] + [
        _post("Hull (1, 3, 5); 3 2 1.", "Engines (1, 2): 2 2 1.", "Shields (3, 4): 1 1 1.",
              header="Imperial Atlantic Heavy Cruiser (1, 092 CR)"),
        "Terran Alliance Razorthorn Battleship\nHull (1,3,5): 3 2 1.\nEngines (1,2): 1 1 1.\nShields (3,4): 1 1 1.\n"
        "Special Equipment: Hyperdrive.\n",
    ]
    for text in texts:
        assert legacy_kind(text) == "admiralty"
        assert parse_admiralty_each(text, file="post.txt")  # convert reads what rate sends it


def test_no_design_message_shows_both_header_forms():
    with pytest.raises(AdmiraltySyntaxError) as err:
        parse_admiralty("Special Equipment: Hyperdrive\nBattery A: Gun, 3/6/9, 4+, 1/1/1\n", file="post.txt")
    assert "'(277) Dumbo-Class DreadNose [Elephantine]'" in str(err.value)
    assert "'Dumbo-Class DreadNose [Elephantine] (277 CR)'" in str(err.value) and NO_DESIGN in str(err.value)
    assert legacy_kind("Special Equipment: Hyperdrive\nBattery A: Gun, 3/6/9, 4+, 1/1/1\n") is None


# ------------------------------------------------------------------------------------------ forum damage


def test_a_space_inside_a_number_and_a_space_eaten_after_a_mark():
    rec = _one(_post(*_TRACKS, header="Imperial Atlantic Heavy Cruiser (1, 092 CR)"))
    assert rec.cr == 1092 and "a space inside the number: read as 1092" in _text(rec.readings)
    # Source: user3844-poseidon.txt ("34*33", "25*24", "16*15")
    (rec,) = parse_admiralty_each((POSTS / "ae" / "user3844-poseidon.txt").read_text(), file="p.txt")
    assert rec.hull[:12] == (42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31)
    assert "a space eaten after a '*' mark ('34*33') read as two boxes" in _text(rec.readings)


# ------------------------------------------------------------------------------------------ AE idioms


def test_three_dashes_are_none():
    rec = _one(_post("Hull (1, 3, 5): 5 4 3* 2 1.", "Engines (1, 2): ---.", "Shields (3, 4): ---."))
    assert rec.engines == rec.shields == (0,) * 5 and rec.unreadable == ()
    assert "line 3: '---' read as AE's none: engines rating 0" in _text(rec.readings)
    design, rep = convert_admiralty(rec)
    assert (design.engines, design.shields) == (0, 0) and rep.status == "ok"


def test_per_box_annotations():
    # Source: user3844-cargo-transport.txt (Loaded G-5 Tugboat)
    rec = _one(_post("Hull (1, 3, 5): 25(5) 24 23 22 21*  20(4) 19 18 17 16*  15(3) 14 13 12 11*  10(2) 9 8 7 6*  "
                     "5(1) 4 3 2 1.",
                     "Engines (1, 2): 1(16) 1 1 1 1  1(13) 1 1 1 1  1(10) 1 1 1 1  1(7) 1 1 1 1(4)  1 1 1 1 1(1).",
                     "Shields (3, 4): 10 (32) 10 10 9 9  8(26) 8 8 7 7  6(20) 6 6 5 5  4(13) 4 4 3 3  2(7) 2 2 1 1."))
    assert rec.hull == tuple(range(25, 0, -1)) and rec.engines == (1,) * 25 and rec.shields[:3] == (10, 10, 10)
    assert "per-box annotations in parentheses ('25(5)') ignored" in _text(rec.readings) and rec.unreadable == ()


def test_shield_triples_read_with_the_reading_stated():
    rec = _one(_post("Hull (1, 3, 5); 3 2 1.", "Engines (1, 2): 2 2 1.",
                     "Shields (3, 4): [2/2/3/II] [2/1/2/II] [1/1/1/I]."))
    assert rec.shields == (2, 2, 1)
    # issue 46: the reading quotes this design's own first triple (it quoted '[2/1/2/III]', another post's, whatever
    # the design held)
    assert "house-ruled shield triples ('[2/2/3/II]'): the first figure of each read as the shield value; the other " \
           "figures and the Black Globe level are not converted" in _text(rec.readings)
    assert "2/1/2/III" not in _text(rec.readings)
    rec = _one(_post("Hull: 3 2 1", "Engines: 2 2 1", "Shields (3, 4): [4/3/5] [4/3/5 ] [1/1/1]"))
    assert rec.shields == (4, 4, 1) and "('[4/3/5]'): the first figure of each read as the shield value; the other " \
        "figures are not converted" in _text(rec.readings)


@pytest.mark.parametrize("line,reason", [
    ("Ammunition: 10", "AE ammunition line"),
    ("Alternative Mode: Canister, 1-2/3-4/5-6, 3/4+/1/1, Repeating.", "AE alternative weapon mode"),
    ("Black Globe ( it takes damage on the Shield Track): 3 2* 1.", "Black Globe track"),
    ("Facets: F: 1, FP: 2, FS: 2, AP; 2, AS: 2, A: 1.", "AE faceted shields"),
])
def test_lines_unity_has_no_place_for_are_skipped_with_their_line(line, reason):
    text = _post(*_TRACKS, "[X] Gun, 3/6/9, 4+, 1/1/1", line, "[A]", "Specials: Hyperdrive")
    rec = _one(text)
    assert [(f.line, f.reason.split(" (")[0].split(":")[0]) for f in rec.unreadable] == [(6, reason)]
    assert rec.batteries[0].arcs == ("A",)  # the battery still gets the arcs line after the skipped one
    design, rep = convert_admiralty(rec)
    assert rep.status == "partial" and any(n.startswith("Unreadable in the source") for n in design.notes)


# ------------------------------------------------------------------------------------------ punctuation


def test_semicolon_after_the_hull_annotation():
    rec = _one(_post("Hull (1, 3, 5); 9 8 7* 6 5 4* 3 2 1.", "Engines (1, 2): 5 5 4 4 3 3 2 2 1.",
                     "Shields (3, 4): 1 1 1 1 1 1 1 1 1."))
    assert len(rec.hull) == 9 and rec.unreadable == ()


def test_prose_after_a_valid_track_is_ignored_and_named():
    rec = _one(_post("Hull: 3 2 1", "Engines (1, 2): 2 2 1. ( I am using consumable fuel for the Engines.)",
                     "Shields: 1 1 1"))
    assert rec.engines == (2, 2, 1) and rec.unreadable == ()
    assert "line 3: text after the engines track (column 24) is not part of it: ignored" in _text(rec.readings)


def test_damage_inside_a_track_is_not_prose():
    with pytest.raises(AdmiraltySyntaxError) as err:  # the hull does not survive: the design fails, located
        parse_admiralty(_post("Hull: 3 two 1", "Engines: 1 1 1", "Shields: 1 1 1"), file="post.txt")
    assert (err.value.line, err.value.column) == (2, 9)
    rec = _one(_post("Hull: 3 2 1", "Engines: 2 ? 1", "Shields: 1 1 1"))  # an engine track: partial
    assert "line 3: engines track must be whole numbers" in _text(rec.unreadable)


# ------------------------------------------------------------------------------------------ cut-off posts


def test_cut_off_mid_battery_converts_as_far_as_it_goes():
    # Source: user3844-vrapkenchkinj.txt (the stored copy ends in its first battery line)
    (rec,) = parse_admiralty_each((POSTS / "ae" / "user3844-vrapkenchkinj.txt").read_text(), file="v.txt")
    assert (len(rec.hull), rec.engines[0], rec.shields[0], rec.cr) == (9, 5, 2, 704)
    un = _text(rec.unreadable)
    assert "line 12: the battery line ends after its range (post cut off?)" in un
    assert "line 9: Black Globe track" in un
    design, rep = convert_admiralty(rec)
    assert rep.status == "partial" and design.hull == 9
    # issue 46: one line listing the letters, not one line per letter
    assert [u for u in rep.unreadable if "damage chart names" in u] == [
        "line 11: damage chart names batteries 'W', 'X', 'Y', 'Z', which the design does not have"]


def test_cut_off_after_the_hull_line_names_what_is_missing():
    (rec,) = parse_admiralty_each((POSTS / "ae" / "user3844-poseidon.txt").read_text(), file="p.txt")
    assert len(rec.hull) == 42 and rec.cr == 3263
    assert "hull track cut off after 29 boxes, at 14: hull size 42 read from its first value" in _text(rec.readings)
    un = _text(rec.unreadable)
    assert "the design has no Engines track (post cut off?)" in un and "no Shields track" in un
    assert convert_admiralty(rec)[1].status == "partial"


def test_cut_off_damage_chart_names_the_missing_dice():
    (_, _, loaded) = parse_admiralty_each((POSTS / "ae" / "user3844-cargo-transport.txt").read_text(), file="c")
    assert "line 48: weapon damage chart cut off at '3:': no entry for 3, 4, 5, 6" in _text(loaded.unreadable)


# ------------------------------------------------------------------------------------------ names


@pytest.mark.parametrize("header,names", [
    ("Imperial Atlantic Heavy Cruiser (1, 092 CR)", ("Imperial", "Atlantic", "Heavy Cruiser")),
    ("Refugee Fleet Mercury Class Battle Star (300 CR)", ("Refugee Fleet", "Mercury", "Battle Star")),
    ("Zhodani Consulate Vrapkenchkinj Light Battlecruiser (704 CR)",
     ("Zhodani Consulate", "Vrapkenchkinj", "Light Battlecruiser")),
    ("Aquan Prime Poseidon class battleship (3263 CR)", ("Aquan Prime", "Poseidon", "battleship")),
    ("(277) Dumbo-Class DreadNose [Elephantine]", ("Elephantine", "Dumbo", "DreadNose")),
])
def test_names_split_as_players_mean_them(header, names):
    rec = _one(_post(*_TRACKS, header=header))
    assert (rec.race, rec.class_name, rec.type) == names
    design, _ = convert_admiralty(rec)
    assert (design.faction, design.class_name, design.type) == names


# ------------------------------------------------------------------------------------------ bands


def test_a_missing_band_is_never_invented_silently():
    rec = _one(_post(*_TRACKS, "Battery W: Spinal Meson Gun (Kinetic): 1-8/9-16/---, 1/4+/1/1, Repeating.",
                     "[A]"))
    design, rep = convert_admiralty(rec)
    assert design.weapons[0].primary.range == (8, 16, 16)  # not 8-16-24
    said = "bands 8/16/--- read as 8-16-16: no rule gives a band printed '---'"
    assert said in "\n".join(rep.readings) and any(said in n for n in design.notes)  # report and sheet
    design, rep = convert_admiralty(rec, missing_band="thirds")
    assert design.weapons[0].primary.range == (5, 11, 16) and "X.1's thirds" in "\n".join(rep.readings)


def test_a_band_hidden_by_carronade_is_recovered_from_equal_thirds():
    rec = _one(_post(*_TRACKS, "Battery Z: Point Defense (Kinetic):1-2/3-4/---, 1/4+/1/1, Carronade.", "[A]"))
    design, rep = convert_admiralty(rec)
    assert design.weapons[0].primary.range == (2, 4, 6) and design.weapons[0].primary.traits == ("Crn",)
    assert "hidden by the battery's Carronade (Unity Crn" in "\n".join(rep.readings)


# ------------------------------------------------------------------------------------------ CR of record


def test_converted_card_drake_header_carries_the_ae_cr_of_record():
    (rec,) = parse_admiralty((LEGACY / "dumbo-v1.txt").read_text(encoding="utf-8"))
    design, rep = convert_admiralty(rec)
    assert (rep.stated_cr, rep.unity_cr) == (277, 317)
    text = to_drake(design)
    header, comment = text.splitlines()[:2]
    assert header.endswith("(277)")
    assert comment == ("# Unity re-rating 317 (Appendix A), for information: an Admiralty card is fielded at its "
                       "AE CR as stated (X.1)")
    (back,) = from_drake(text)
    assert back == design and to_drake(back) == text  # the comment is derived: read, dropped, written again
    assert cr_of_record(back, rate(back).combat_rating).value == 277


def test_nova_class_line_reads_a_cr_with_forum_damage():
    # Source: the Nova rulebook's example display (tests/fixtures/legacy/nova-majestic-typed.txt), its CR written
    # with the forum's space after the thousands comma
    from drydock.formats.legacy.nova import parse_nova

    text = (LEGACY / "nova-majestic-typed.txt").read_text(encoding="utf-8").replace("(344)", "(1, 344)")
    assert parse_nova(text)[0].cr == 1344


def test_convert_band_reading_option(tmp_path):
    from click.testing import CliRunner

    from drydock.cli.convert import BAND_READINGS
    from drydock.cli.main import cli
    from drydock.formats import read_designs
    from drydock.formats.legacy import tables

    assert BAND_READINGS == tuple(tables.AE_MISSING_BAND_READINGS) and BAND_READINGS[0] == \
        tables.AE_MISSING_BAND_DEFAULT
    post = tmp_path / "post.txt"
    post.write_text(_post(*_TRACKS, "Battery W: Spinal Meson Gun (Kinetic): 1-8/9-16/---, 1/4+/1/1.", "[A]"),
                    encoding="utf-8")
    for reading, bands in (("empty", (8, 16, 16)), ("thirds", (5, 11, 16))):
        out = tmp_path / reading
        res = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(post), "-o", str(out), "--to", "yaml",
                                       "--band-reading", reading])
        assert res.exit_code == 0, res.output
        (design,) = read_designs(out / "post.yaml")
        assert design.weapons[0].primary.range == bands
        assert f"read as {'-'.join(map(str, bands))}" in (out / "report.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------------------------------ Nova posts

NOVA_POSTS = sorted((POSTS / "nova").glob("*.txt"))


def test_nova_corpus_figure_the_forum_notation_is_read():
    # Source: mj12games.com search.php?action=show_user_posts&p=7&user_id=27 (Celandian designs, Starmada Nova):
    # before, the post failed as a whole ("no Nova display found"); now its three designs are partial, parts named.
    (path,) = NOVA_POSTS
    assert path.read_text(encoding="utf-8").startswith("# Source: http")
    reports = batch.convert_file(path, "nova").reports
    assert [(r.status, r.stated_cr) for r in reports] == [("partial", 310), ("partial", 325), ("partial", 223)]
    assert any("line 15: Heavy QF Battery: arc [RT7] is not one of the twenty" in u for u in reports[0].unreadable)
    assert reports[2].unreadable == ["line 43: battery row ends before its attack dice (post cut off?): battery not "
                                     "converted: '[W]: 12x Heavy QF Battery (Gid/Pnp) / [PH5][PH5][PH5][SH5][SH5][SH5] "
                                     "/ 2 - 4 - 6 / AD:'"]
    text = path.read_text(encoding="utf-8")
    assert legacy_kind(text) == "nova"  # rate names the Nova conversion, not the Admiralty one


def test_nova_forum_notation_fields():
    from drydock.formats.legacy.nova import parse_nova

    first, second, third = parse_nova((POSTS / "nova" / "user27-celandian.txt").read_text(encoding="utf-8"))
    assert (first.faction, first.class_name, first.type) == ("Celandian", "Generation 1", "1st-Class Battleship C-3")
    assert (second.class_name, second.type) == ("Generation 2 Dreadnought", "Battleship")
    assert first.hull == (6, 6, 6) and first.armor == (1, 1, 1) and third.hull == (5, 5, 5) and third.armor == (2, 2, 1)
    assert first.thrust == (3, 2, 2, 1, 1) and first.shields == (3, 4, 5, 6, 6) and first.ecm == (0,) * 5
    assert first.systems == ("Transport (200)",) and first.weapon_boxes == 5
    cannon = first.batteries[0]
    assert (cannon.name, cannon.traits, cannon.banks, cannon.range) == ("Cannon-5", ("Prc", "Dx2"),
                                                                         (("FX", 2), ("AX", 2)), (3, 6, 9))
    assert cannon.dice == (4, 3, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0) and len(first.batteries) == 5
    readings = _text(first.readings)
    assert "'1st-Class Battleship C-3' as the type" in readings and "tech level 0: nothing to convert" in readings
    assert "hull typed as numbered boxes in groups split by '*': read as 6/6/6 boxes" in readings


def test_nova_numbered_boxes_that_do_not_count_down_are_counted_and_said():
    from drydock.formats.legacy.nova import parse_nova

    text = "(100) Test Alpha Frigate\nNova TL: 1\nHull: 6 5 4 * 3 2 1 * 9 9\nThrust: 3 2 1 1 1\n"
    (d,) = parse_nova(text, file="p.txt")
    assert d.hull == (3, 3, 2) and "hull numbers are not a countdown to 1: the boxes are counted" in _text(d.readings)
    assert "line 2: a Nova tech level other than 0 (no X.2 rule): not converted" in _text(d.unreadable)


def test_an_ae_card_with_its_cr_first_is_not_taken_for_a_nova_display():
    from drydock.formats.legacy.nova import NovaSyntaxError, parse_nova

    with pytest.raises(NovaSyntaxError) as err:
        parse_nova((POSTS / "ae" / "jimbeau-dumbo-pid22826.txt").read_text(encoding="utf-8"), file="p.txt")
    assert "this looks like an Admiralty design: convert it with --from admiralty" in str(err.value)


def test_nova_forum_displays_round_trip_through_the_writer():
    from drydock.formats.legacy.nova import format_nova, parse_nova

    displays = parse_nova((POSTS / "nova" / "user27-celandian.txt").read_text(encoding="utf-8"))
    for d in displays:
        text = format_nova(d)
        assert text.startswith(f"({d.cr}) Celandian Generation ")  # a class of several words: the CR-first form
        assert parse_nova(text) == [d]


def test_a_trait_cut_off_by_the_end_of_the_post_is_named_not_kept_as_a_house_rule():
    cut = _post(*_TRACKS, "Battery Z: Lasers (Energy): 1-6/7-12/13-18, 1/3+/1/1, Carronade; Increased H")
    (rec,) = parse_admiralty(cut, file="p.txt")
    assert rec.batteries[0].traits == ("Carronade",)
    assert "line 5: the post is cut off inside this trait (the start of 'Increased Hits'?)" in _text(rec.unreadable)
    whole = _post(*_TRACKS, "Battery Z: Lasers (Energy): 1-6/7-12/13-18, 1/3+/1/1, Carronade; Increased H", "[A]")
    (rec,) = parse_admiralty(whole, file="p.txt")  # not the last line: a trait as written, left to the converter
    assert rec.batteries[0].traits == ("Carronade", "Increased H") and not rec.unreadable
