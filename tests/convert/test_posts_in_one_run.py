"""Issue 46: the stored real posts converted together, as a player converts a folder of them: every design's names,
one report per design built from its own data (no figure of one post in another's report), "not stated" kept, the
players' proposed readings of Increased Hits and Variable Damage, and a post pasted on standard input.

The posts are ``tests/fixtures/posts/ae/`` (each file names its forum source).
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from drydock.cli.convert import TRAIT_READINGS
from drydock.cli.main import cli
from drydock.convert.run import convert_legacy, summary_table
from drydock.formats.drake import from_drake
from drydock.formats.legacy import tables
from drydock.formats.legacy.admiralty import parse_admiralty_each
from drydock.formats.legacy.convert import convert_admiralty
from tests.helpers import FIXTURES

AE = FIXTURES / "posts" / "ae"

#: (file, line of the header) -> (faction, class, type) as the poster meant them
NAMES = {
    ("jimbeau-dumbo-pid10630.txt", 3): ("Elephantine", "Dumbo", "DreadNose"),
    ("jimbeau-dumbo-pid22826.txt", 3): ("Elephantine", "Dumbo", "DreadNose"),
    ("jimbeau-dumbo-t1299.txt", 4): ("Elephantine", "Dumbo", "DreadNose"),
    ("unnamed-imperial-atlantic-pid21548.txt", 6): ("Imperial", "Atlantic", "Heavy Cruiser"),
    ("unnamed-mercury-battle-star-pid22338.txt", 5): ("Refugee Fleet", "Mercury", "Battle Star"),
    # the Kay family: "Kay G-5 (Tugboat) class Model A Cargo Transport." heads the post (line 4)
    ("user3844-cargo-transport.txt", 6): ("Kay", "", "Cargo Can"),
    ("user3844-cargo-transport.txt", 22): ("Kay", "", "Model E Cargo Pod"),
    ("user3844-cargo-transport.txt", 38): ("Kay", "G-5 (Tugboat)", "Loaded Model A Cargo Transport"),
    ("user3844-poseidon.txt", 5): ("Aquan Prime", "Poseidon", "battleship"),
    ("user3844-razorthorn.txt", 5): ("Firestorm Armada Terran Alliance", "Razorthorn", "Battleship"),
    ("user3844-vrapkenchkinj.txt", 6): ("Zhodani Consulate", "Vrapkenchkinj", "Light Battlecruiser"),
}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """Every stored AE post, converted in one run."""
    out = tmp_path_factory.mktemp("ae")
    return convert_legacy([str(AE)], source="admiralty", outdir=str(out / "converted"))


def _reports(run):
    return {(r.source.rsplit("/", 1)[-1], r.line): r for res in run.results for r in res.reports}


def test_every_design_gets_the_names_its_poster_meant(run):
    designs = {}
    for res in run.results:
        for rep, design in zip(res.reports, res.designs, strict=True):
            designs[(rep.source.rsplit("/", 1)[-1], rep.line)] = (design.faction, design.class_name, design.type)
    assert designs == NAMES


def test_no_name_carries_a_character_the_poster_did_not_type(run):
    drake = (run.report_path.parent / "user3844-cargo-transport.drake").read_text(encoding="utf-8")
    assert "_" not in drake.split("\n#")[0] and "G-5_(Tugboat)" not in drake
    assert "Kay G-5 (Tugboat)-class Loaded Model A Cargo Transport (94)" in drake.splitlines()
    # read back: the same names (the Faction:/Class:/Type: lines carry the split)
    back = [(d.faction, d.class_name, d.type) for d in from_drake(drake)]
    assert back == [NAMES[("user3844-cargo-transport.txt", n)] for n in (6, 22, 38)]


def test_the_family_readings_are_named(run):
    reports = _reports(run)
    assert "line 38: 'Loaded' before the class name is not a faction: the family's faction is 'Kay' (line 4, 'Kay " \
           "G-5 (Tugboat) class Model A Cargo Transport'); read as part of the type: 'Loaded G-5 (Tugboat) class " \
           "Model A Cargo Transport'" in reports[("user3844-cargo-transport.txt", 38)].readings
    assert any(r.startswith("line 22: no 'class' and no ship type of the vocabulary in the header of a design posted "
                            "with the 'Kay' family (line 4, ") and r.endswith("'Model E Cargo Pod' read as the type "
                                                                          "(no class): 'Model E Cargo Pod'")
               for r in reports[("user3844-cargo-transport.txt", 22)].readings)


def test_the_summary_wraps_every_name_whole(run):
    text = run.summary
    assert "Kay G-5 (Tugboat)-Class Loaded Model A" in text and "\n" + " " * 42 + "Cargo Transport" in text
    assert "Zhodani Consulate Vrapkenchkinj-Class" in text and " " * 42 + "Light Battlecruiser" in text
    words = " ".join(text.split())
    for rep in _reports(run).values():  # each title whole, its words in order
        assert rep.title.split()[-1] in words
    assert max(len(line) for line in text.splitlines()) < 200
    assert text.splitlines()[-1] == "11 designs: 5 ok, 6 partial (unreadable parts), 0 failed"


def test_each_report_quotes_only_its_own_design(run):
    """One post's figures never show in another's report: the shield triples and per-box annotations quoted are
    the design's own (they were fixed examples, '[2/1/2/III]' in every report)."""
    reports = _reports(run)
    for (name, _), rep in reports.items():
        post = (AE / name).read_text(encoding="utf-8")
        for text in [*rep.readings, *rep.unreadable, *rep.legacy]:
            for quoted in re.findall(r"\('([^']*)'\)", text):
                assert quoted.strip("[]") in post, f"{name}: {quoted!r} is not in the post: {text}"
    atlantic = reports[("unnamed-imperial-atlantic-pid21548.txt", 6)]
    assert any("house-ruled shield triples ('[2/2/3/II]')" in r for r in atlantic.readings)
    mercury = reports[("unnamed-mercury-battle-star-pid22338.txt", 5)]
    assert any("house-ruled shield triples ('[4/3/5]'): the first figure of each read as the shield value; the other "
               "figures are not converted" in r for r in mercury.readings)
    assert not any("2/1/2/III" in r for rep in (atlantic, mercury) for r in rep.readings)
    vrap = reports[("user3844-vrapkenchkinj.txt", 6)]
    assert any("('[2/1/2/III]')" in r for r in vrap.readings)
    loaded = reports[("user3844-cargo-transport.txt", 38)]
    assert "per-box annotations in parentheses ('10 (32)') ignored" in " ".join(loaded.readings)
    assert "per-box annotations in parentheses ('25(5)') ignored" in " ".join(loaded.readings)
    assert "per-box annotations in parentheses ('1(16)') ignored" in " ".join(loaded.readings)


def test_one_line_lists_the_letters_a_damage_chart_names_in_vain(run):
    vrap = _reports(run)[("user3844-vrapkenchkinj.txt", 6)]
    assert [u for u in vrap.unreadable if "damage chart names" in u] == [
        "line 11: damage chart names batteries 'W', 'X', 'Y', 'Z', which the design does not have"]
    mercury = _reports(run)[("unnamed-mercury-battle-star-pid22338.txt", 5)]
    assert [u for u in mercury.unreadable if "damage chart names" in u] == [
        "line 13: damage chart names battery 'Z', which the design does not have"]


def test_a_cr_is_stated_or_not_stated_alike_everywhere(run, tmp_path):
    report = run.report_path.read_text(encoding="utf-8")
    # "Cargo Can (0 CR)": stated 0 in the table, the section and the Drake (the section said "not stated")
    can = report.split("## Kay Cargo Can", 1)[1].split("\n## ", 1)[0]
    assert "- AE CR (stated): 0; Unity CR (computed): 0" in can
    assert "/user3844-cargo-transport.txt | 6 | Kay Cargo Can | ok | 0 | 0 |" in report
    drake = (run.report_path.parent / "user3844-cargo-transport.drake").read_text(encoding="utf-8")
    assert "# AE combat rating 0 as stated (Admiralty rules; X.1 uses it unchanged)" in drake
    # a header without a CR: not stated in the summary, the report and the Drake alike
    post = tmp_path / "no-cr.txt"
    post.write_text("Test Frigate\nHull: 3 2 1\nEngines: 2 2 1\nShields: 1 1 1\n", encoding="utf-8")
    other = convert_legacy([str(post)], source="admiralty", outdir=str(tmp_path / "out"))
    assert re.search(r"no-cr\.txt\s+\S+ Frigate\s+ok\s+not stated\s+\d+", other.summary)
    text = other.report_path.read_text(encoding="utf-8")
    assert "| not stated |" in text and "- AE CR (stated): not stated;" in text
    assert "as stated" not in (tmp_path / "out" / "no-cr.drake").read_text(encoding="utf-8")


def test_plurals():
    one = summary_table([])
    assert one.splitlines()[-1] == "0 designs: 0 ok, 0 partial (unreadable parts), 0 failed"


# ------------------------------------------------------------------ players' proposed readings (forum, 2017)


def test_the_readings_the_command_offers_are_the_tables():
    offered = tuple(f"{group}={name}" for group, rows in tables.AE_TRAIT_READINGS.items() for name in rows
                    if name != tables.AE_TRAIT_READING_DEFAULT)
    assert TRAIT_READINGS == offered
    assert all(next(iter(rows)) == tables.AE_TRAIT_READING_DEFAULT for rows in tables.AE_TRAIT_READINGS.values())


def _razorthorn(**readings):
    (rec,) = parse_admiralty_each((AE / "user3844-razorthorn.txt").read_text(encoding="utf-8"), file="r.txt")
    return convert_admiralty(rec, readings=readings)


def test_increased_hits_by_default_stays_a_note_naming_the_proposal():
    design, rep = _razorthorn()
    assert {b.mount_size for w in design.weapons for b in w.banks} == {1}
    assert "Point Defense (Kinetic): AE trait Increased Hits: no equivalent; use Admiralty rules (AE Core pp.44-47, " \
           "Annex pp.14-15); a player's proposed reading: increased-hits=c3-mounts" in rep.legacy


def test_increased_hits_as_c3_mounts():
    design, rep = _razorthorn(**{"increased-hits": "c3-mounts"})
    # every Razorthorn battery has Increased Hits at ACC 4+: triple mounts (6+ 1, 5+ 2, 4+ 3, 3+ 4, 2+ 5)
    assert {b.mount_size for w in design.weapons for b in w.banks} == {3}
    assert [w.weapon_count for w in design.weapons] == [4, 1, 1, 2, 7]  # the weapons, as posted
    assert "line 31: Point Defense (Kinetic): Increased Hits read as proposed (increased-hits=c3-mounts): ACC 4+ -> " \
           "3 weapons per mount" in rep.readings
    quote = ('Reading increased-hits=c3-mounts, a player\'s proposal, not a rule: "Increased Hits - Use the C.3 '
             'Multi-Weapon Mount rule based on the original ACC value; 6+ = 1 mount, 5+ = 2 mounts, 4+ = 3 mounts, '
             '3+ =4 mounts, 2+ = 5 mounts" (MRCAcct, "Starmada Unity Conversion Notes", MJ12 Games forum, 16 April '
             '2017 (https://mj12games.com/forum/viewtopic.php?pid=39233))')
    assert design.notes.count(quote) == 1 and quote in rep.readings  # the sheet prints the notes
    assert not any("Increased Hits: no equivalent" in n for n in design.notes)
    assert tables.AE_MOUNT_BY_ACC == {6: 1, 5: 2, 4: 3, 3: 4, 2: 5}


def test_variable_damage_as_volatile_on_half_the_weapons():
    (rec,) = parse_admiralty_each((AE / "unnamed-mercury-battle-star-pid22338.txt").read_text(encoding="utf-8"),
                                  file="m.txt")
    design, rep = convert_admiralty(rec, readings={"variable-damage": "volatile-half"})
    rails = design.weapons[0]
    assert rails.name == "Spinal Rail Guns (Kinetic)" and rails.weapon_count == 2 and "Vlt" in rails.primary.traits
    assert "line 15: Spinal Rail Guns (Kinetic): Variable DMG/IMP read as proposed (variable-damage=volatile-half): " \
           "4 weapons -> 2 (half, rounded up), Volatile (Vlt)" in rep.readings
    assert any('"Variable ROF/IMP/DMG - Change Variable to Volatile and 1/2 number of mounts"' in n
               for n in design.notes)
    # applied as quoted, not tuned: Volatile with ROF 5 breaks C.5's ROF 1, and the report says so
    assert any(p.startswith("TRAIT_REQUIRES_ROF_1 Spinal Rail Guns (Kinetic)") for p in rep.problems)
    default, _ = convert_admiralty(rec)
    assert default.weapons[0].weapon_count == 4 and "Vlt" not in default.weapons[0].primary.traits


def test_unknown_readings_are_refused_before_anything_is_read(tmp_path):
    res = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(AE), "-o", str(tmp_path / "o"),
                                   "--reading", "increased-hits=c4"])
    assert res.exit_code == 2 and "unknown reading increased-hits=c4 (known: increased-hits=ae-rules, " \
                                  "increased-hits=c3-mounts)" in res.stderr
    assert not (tmp_path / "o").exists()


# ------------------------------------------------------------------ a pasted post


def test_a_post_pasted_on_standard_input_is_recognised_as_from_a_file(tmp_path):
    post = (AE / "user3844-razorthorn.txt").read_bytes()
    piped = CliRunner().invoke(cli, ["convert", "-", "-o", f"{tmp_path / 'pasted'}/"], input=post)
    filed = CliRunner().invoke(cli, ["convert", str(AE / "user3844-razorthorn.txt"), "-o", f"{tmp_path / 'filed'}/"])
    assert piped.exit_code == filed.exit_code == 0, piped.output
    note = "drydock: read as Admiralty Edition (X.1) designs: converting as with --from admiralty"
    assert note in piped.stderr and note in filed.stderr
    assert "1 design: 1 ok, 0 partial (unreadable parts), 0 failed" in piped.stdout
    assert (tmp_path / "pasted" / "stdin.drake").read_text(encoding="utf-8") == \
        (tmp_path / "filed" / "user3844-razorthorn.drake").read_text(encoding="utf-8")
    nova = CliRunner().invoke(cli, ["convert", "-", "-o", f"{tmp_path / 'nova'}/"],
                              input=(FIXTURES / "posts" / "nova" / "user27-celandian.txt").read_bytes())
    assert nova.exit_code == 0 and "converting as with --from nova" in nova.stderr
    assert "3 designs: 0 ok, 3 partial" in nova.stdout


def test_standard_input_that_holds_no_post_says_what_it_can_do(tmp_path):
    res = CliRunner().invoke(cli, ["convert", "-", "-o", f"{tmp_path}/"], input=b"hello\n")
    assert res.exit_code == 2
    assert res.stderr.strip() == ("drydock: error: standard input cannot be converted into a directory: it holds no "
                                  "Admiralty Edition or Nova design (a Unity design on standard input converts to a "
                                  "file: drydock convert - -o FILE)")
