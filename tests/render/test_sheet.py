"""The SSD view model, HTML templates and URL fetcher (no PDF rendering here: fast)."""

from __future__ import annotations

import re

import pytest

from drydock.core.model import ArcValues
from drydock.core.validation import rate
from drydock.formats import read_designs
from drydock.render import build_booklet, build_roster, sheet_from_rating
from drydock.render.html import box_runs, environment, layout_items, number_runs, render_html, size_order
from drydock.render.sheet import Booklet, Sheet, format_mode
from drydock.render.tables import DIGIT_ADVANCE, FONT_UNITS_PER_EM, SPACE_ADVANCE
from drydock.resources import templates_dir
from tests.helpers import FIXTURES, battery, design, majestic, mode

SHEET_FIXTURES = FIXTURES / "ssd"


def sheet_of(d):
    return sheet_from_rating(rate(d))


def test_majestic_sheet():
    # Source: Unity Rulebook v2.0, 1.1-1.4 and A.6; construction.md §9.2 (weapons track 16-12-8-4, not 17-13-9-5)
    s = sheet_of(majestic())
    assert s.title == "Imperial MAJESTIC-class Battlecruiser"
    tracks = {t.key: t.values for t in s.tracks}
    assert tracks == {"hull": (8, 7, 6, 5, 4, 3, 2, 1), "engines": (4, 3, 2, 1), "weapons": (16, 12, 8, 4),
                      "shields": (3, 3, 2, 1)}
    assert [b.name for b in s.batteries] == ["Lightning Turret", "Laser Cannon", "Fusion Torpedo"]
    assert [[(k.label, k.mounts) for k in b.banks] for b in s.batteries] == [
        [("ACE", 2), ("BDF", 2)], [("AB", 1), ("AC", 2), ("BD", 2), ("EF", 1)], [("AB", 4)]]
    assert [b.loss_limit for b in s.batteries] == [2, 3, 2]
    lt = s.batteries[0].modes[0]
    assert (lt.range, lt.stats, lt.traits) == ("4-8-12", "2×5+/1/1", "Pr1")
    assert [(g.label, g.boxes) for g in s.equipment] == [("Countermeasures", 1), ("Hyperdrive", 1)]
    assert s.equipment_loss_limit == 1
    assert s.traits == () and s.munitions == () and s.screens == ()
    assert s.problems == ()


@pytest.mark.parametrize(("traits", "rng", "stats"), [
    (("Bls",), "*-10-15", "1×5+/1/1"),      # weapons.md §8: "*" for the short band
    (("Crn",), "5-10-*", "1×5+/1/1"),       # ... the long band
    (("Sct",), "5-10-15", "1×5+/*/1"),      # ... IMP
    (("Tls",), "5-10-15", "1×5+/*/1"),
    (("Vlt",), "5-10-15", "*×5+/1/1"),      # ... ROF
])
def test_star_replaces_values(traits, rng, stats):
    m = format_mode(mode("5-10-15", "1x5/1/1", traits))
    assert (m.range, m.stats) == (rng, stats)


def test_seeker_dual_mode_expendable_multi_mount():
    d = design(hull=8, engines=4, weapons=[
        battery("Torpedo", mode(8, "1x4/2/1"), "2AB"),
        battery("Ion Cannon", mode("6-12-18", "1x5/2/1"), "2AC", secondary=mode("2-4-6", "1x4/2/1", label="Close")),
        battery("Rack", mode("2-4-6", "1x4/1/1", ("Exp",)), "3EF"),
        battery("Twin", mode("3-6-9", "1x5/1/1"), "2AB2"),
    ])
    s = sheet_of(d)
    torp, ion, rack, twin = s.batteries
    assert torp.modes[0].range == "MA 8"
    assert [m.label for m in ion.modes] == ["", "Close"] and ion.modes[1].range == "2-4-6"
    assert rack.banks[0].expendable and rack.banks[0].mounts == 3
    assert (twin.banks[0].label, twin.banks[0].mounts, twin.banks[0].mount_size) == ("AB2", 2, 2)


def test_directional_shields_and_screens():
    # Source: construction.md §9.3 D8 - directional shields 3/2/2/1 on hull 8 give the track 8-6-4-2
    d = design(hull=8, engines=2, shields=ArcValues(fwd=3, port=2, stbd=2, aft=1),
               screens=ArcValues(fwd=2, port=1, stbd=1, aft=0))
    s = sheet_of(d)
    shld = next(t for t in s.tracks if t.key == "shields")
    assert shld.values == (8, 6, 4, 2)
    # B.7: four labelled countdowns the player ticks as the shield track falls
    assert [(a.label, a.values) for a in shld.arcs] == [("Fwd", (3, 2, 1)), ("Port", (2, 1)), ("Stbd", (2, 1)),
                                                        ("Aft", (1,))]
    assert [(g.label, g.boxes) for g in s.screens] == [("Fwd", 2), ("Port", 1), ("Stbd", 1), ("Aft", 0)]


def test_no_shields_no_shield_track_and_plain_screens():
    s = sheet_of(design(hull=2, engines=6, screens=2))
    assert [t.key for t in s.tracks] == ["hull", "engines", "weapons"]  # 1.3: engines/weapons take the space
    assert [(g.label, g.boxes) for g in s.screens] == [("Screens", 2)]


def test_systems_lines_equipment_traits_munitions():
    # 1.4: equipment with boxes and loss limit, traits, one countdown line per munition class
    d = design(hull=10, engines=2, shields=1, systems=[("Countermeasures", 2), ("Fire Control", 1), "Ionized Hull",
                                                       ("Carrier", 4), ("Cargo", 2), ("Marines", 3), ("Mines", 5)])
    s = sheet_of(d)
    assert [(g.label, g.boxes) for g in s.equipment] == [("Countermeasures", 2), ("Fire Control", 1)]
    assert s.equipment_loss_limit == 2  # A.3: ceil(3/2)
    assert s.traits == ("Ionized Hull", "Cargo (capacity 2)")  # the carrier prints as its flights track
    assert (s.flights.flights, s.flights.launch_per_turn, s.flights.tubes) == (4, 3, 0)  # F.5: hull 10 launches 3
    assert [(m.name, m.values) for m in s.munitions] == [("Marines", (3, 2, 1)), ("Mines", (5, 4, 3, 2, 1))]


def test_notes_and_problems_print():
    d = design(hull=3, engines=30, notes=("Converted from Nova: ROF rounded up",))
    s = sheet_of(d)
    assert s.notes == ("Converted from Nova: ROF rounded up",)
    assert any(p.startswith("OVER_SPACE") for p in s.problems)


def test_roster_against_battle_sizes():
    # Source: Unity Rulebook v2.0, 2.2 - fleet limits 400/700/1000/1500/2000
    sheets = [Sheet(title="A", combat_rating=300), Sheet(title="B", combat_rating=250), Sheet(title="C")]
    r = build_roster(sheets)
    assert r.total == 550 and r.unrated == 1
    assert [(z.name, z.limit, z.fits, z.best) for z in r.sizes] == [
        ("Very Small", 400, False, False), ("Small", 700, True, True), ("Medium", 1000, True, False),
        ("Large", 1500, True, False), ("Very Large", 2000, True, False)]
    assert [z.vp_target for z in r.sizes] == [240, 420, 600, 900, 1200]


def test_number_runs_are_one_pitch_per_box():
    # every padded number has the same advance, so each centres in its box
    widths = {len(t): (len(t) - len(t.strip())) * SPACE_ADVANCE + len(t.strip()) * DIGIT_ADVANCE
              for t in ["   8   ", "  16  ", " 100 "]}
    assert max(widths.values()) - min(widths.values()) <= 4  # font units: under 0.01 mm
    runs = number_runs(list(range(35, 0, -1)))
    assert len(runs) == 4 and runs[0].split() == [str(v) for v in range(35, 25, -1)]
    assert box_runs(23) == [53.0, 53.0, 15.9]


def test_font_metrics_match_bundled_font():
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ttlib.TTFont(templates_dir() / "fonts" / "DejaVuSansCondensed.ttf")
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    assert font["head"].unitsPerEm == FONT_UNITS_PER_EM
    assert {hmtx[cmap[ord(c)]][0] for c in "0123456789"} == {DIGIT_ADVANCE}
    assert hmtx[cmap[ord(" ")]][0] == SPACE_ADVANCE


def test_bundled_assets_present():
    root = templates_dir()
    for name in ("ssd.html.j2", "ssd.css.j2", "box.svg", "multi.svg", "check.svg", "marked.svg", "arckey.svg",
                 "fonts/LICENSE.txt",
                 "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/DejaVuSansCondensed.ttf",
                 "fonts/DejaVuSansCondensed-Bold.ttf", "fonts/vector/DejaVuSansCondensed.ttf",
                 "fonts/vector/DejaVuSansCondensed-Bold.ttf", "fonts/vector/metrics.json"):
        assert (root / name).is_file(), name


def test_vector_fonts_are_the_bundled_fonts_subset_and_cover_their_alphabet():
    """The pre-subset fonts of drydock.render.vector are what `python -m drydock.render.vector` makes of the
    bundled fonts: same metrics, every character of the alphabet present."""
    from io import BytesIO

    ttlib = pytest.importorskip("fontTools.ttLib")
    from drydock.render.vector import ALPHABET, FONTS, _metrics, font, subset_font

    for name in FONTS:
        assert _metrics(font(name)) == _metrics(subset_font(name)), name
        cmap = ttlib.TTFont(BytesIO(font(name).data)).getBestCmap()
        assert all(ord(c) in cmap for c in ALPHABET), name
        assert font(name).width("0123456789", 1000) == 10 * font(name).width("0", 1000)  # tabular digits


def test_environment_is_strict_and_autoescaped():
    import jinja2

    env = environment()
    assert env.undefined is jinja2.StrictUndefined
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ missing }}").render()


def test_hostile_names_are_escaped_in_html():
    designs = read_designs(SHEET_FIXTURES / "hostile.yaml")
    html = render_html(build_booklet(designs))
    assert "<img" not in html and "<script" not in html and "<link rel" not in html
    assert "&lt;img src=&#39;file:///etc/passwd&#39;&gt;" in html
    assert "{{ 7*7 }}" in html  # not evaluated as a template
    assert "<style>@import" not in html


def test_layout_items_keep_order_and_give_oversize_sheets_full_pages():
    sheets = [Sheet(title=str(i)) for i in range(6)]
    b = Booklet(sheets=sheets, per_page=4, fits=["quarter", "quarter", "page", "quarter", "quarter", "quarter"])
    items = layout_items(b)
    assert [(i.kind, [c.sheet.title for c in i.cells] or [i.sheet.title]) for i in items] == [
        ("grid", ["0", "1"]), ("page", ["2"]), ("grid", ["3", "4", "5"])]
    assert [i.kind for i in layout_items(Booklet(sheets=sheets, per_page=1))] == ["page"] * 6


def test_a_sheet_too_big_for_a_quarter_takes_a_half_before_a_page():
    sheets = [Sheet(title=str(i)) for i in range(6)]
    b = Booklet(sheets=sheets, per_page=4, fits=["quarter", "half", "quarter", "quarter", "quarter", "half"])
    items = layout_items(b)
    # page 1: quarter 0 (its neighbour left empty: order is kept), half 1 below; page 2: quarters 2 3 / 4, then
    # the half 5 on page 3 (no room for a half beside quarter 4)
    assert [[(c.sheet.title, c.size, c.x > 0, c.y > 0) for c in i.cells] for i in items] == [
        [("0", "quarter", False, False), ("1", "half", False, True)],
        [("2", "quarter", False, False), ("3", "quarter", True, False), ("4", "quarter", False, True)],
        [("5", "half", False, False)]]
    assert size_order(b) == ("quarter", "half", "page", "compact", "flow")
    assert size_order(Booklet(sheets=sheets, per_page=1, compact=True)) == ("compact", "flow")
    assert size_order(Booklet(sheets=sheets, per_page=2)) == ("half", "page", "compact", "flow")


def test_zero_tracks_print_no_boxes():
    # 1.3: a track zero from the first box prints a single "—" (a base with engines 0, an unarmed freighter)
    s = sheet_of(design(hull=6, engines=0))
    tracks = {t.key: t.values for t in s.tracks}
    assert tracks["engines"] == () and tracks["weapons"] == ()
    html = render_html(build_booklet([design(hull=6, engines=0)]))
    body = html[html.index("<body"):]
    assert "ENG</span><span class=\"none\">&mdash;</span>" in body
    assert "   0   " not in body


def test_carrier_flights_and_launch_tubes():
    d = design(hull=8, engines=2, systems=[("Carrier", 3), ("Launch Tubes", 3)])
    s = sheet_of(d)
    assert (s.flights.flights, s.flights.launch_per_turn, s.flights.tubes) == (3, 2, 3)  # F.5 hull 4-8: 2
    assert not any("Carrier" in t or "Launch" in t for t in s.traits)
    body = render_html(build_booklet([d]))
    assert body.count('<span class="flight">') == 3
    assert "Launch up to 4 per turn (F.5); launch tubes for 3 flights double it (B.12)" in body


def test_house_rules_mark():
    from drydock.core.rules import Ruleset

    house = Ruleset.from_data({"options": {"cr_drat": {"value": "exact"}}})
    assert sheet_of(majestic()).house_rules == ""  # the book: no mark
    s = sheet_from_rating(rate(majestic(), house), house)
    assert s.house_rules == house.label and "house rules" in s.house_rules
    r = build_roster([s, sheet_of(majestic())])
    assert [row.house_rules for row in r.rows] == [True, False] and r.house_rules == (house.label,)


def test_alternate_arcs_spelled_out_for_the_key():
    from drydock.render.arckey import key_svg, spelled_codes

    d = design(hull=8, engines=2, weapons=[battery("Gun", mode("3-6-9", "1x5/1/1"), "2PH"),
                                           battery("Aft Gun", mode("3-6-9", "1x5/1/1"), "1Aft")])
    s = sheet_of(d)
    assert s.arcs == ("PH", "Aft")
    assert spelled_codes(s.arcs) == ("PH = ACE (Port Half)", "Aft: the whole defensive arc as a firing arc (C.1)")
    assert (templates_dir() / "arckey.svg").read_text(encoding="utf-8") == key_svg()  # the bundled picture is current


def test_blank_sheet_omits_weapons_and_systems():
    html = render_html(build_booklet([majestic()], blank=True))
    body = html[html.index("<body"):]
    assert "Lightning Turret" not in body and "Countermeasures" not in body
    assert "HULL" in body and "GAME TURN RECORD" in body


@pytest.fixture(scope="module")
def fetcher():
    pytest.importorskip("weasyprint")
    from drydock.render.weasy import bundle_fetcher

    return bundle_fetcher()


class TestFetcher:
    @pytest.mark.parametrize("url", [
        "file:///etc/passwd",
        "http://example.invalid/x.css",
        "https://example.invalid/font.ttf",
        "data:text/css,body{}",
        "ftp://example.invalid/x",
    ])
    def test_refuses_everything_outside_the_bundle(self, fetcher, url):
        with pytest.raises(ValueError):
            fetcher.fetch(url)
        assert url in fetcher.refused

    def test_refuses_escape_by_dotdot(self, fetcher):
        url = (templates_dir() / "fonts" / ".." / ".." / "pyproject.toml").as_uri()
        with pytest.raises(ValueError):
            fetcher.fetch(url)

    def test_serves_bundled_font(self, fetcher):
        response = fetcher.fetch((templates_dir() / "fonts" / "DejaVuSans.ttf").resolve().as_uri())
        try:
            assert response.read(4) in (b"\x00\x01\x00\x00", b"true")
        finally:
            response.close()


def test_example_and_fixture_sheets_build():
    for path in sorted(SHEET_FIXTURES.glob("*.yaml")):
        for d in read_designs(path):
            s = sheet_of(d)
            assert s.tracks[0].values[0] == d.hull
            assert re.search(r"\S", s.roster_title)


# ------------------------------------------------------------------ properties over random legal designs
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.design_generator import random_design  # noqa: E402


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_sheet_matches_rating_for_random_designs(seed):
    import random

    d = random_design(random.Random(seed))
    r = rate(d)
    s = sheet_from_rating(r)
    tracks = {t.key: list(t.values) for t in s.tracks}
    def shown(values: list[int]) -> list[int]:
        return values if any(values) else []  # zero from the first box: a single "—" (1.3)

    assert tracks["hull"] == r.tracks.hull and tracks["engines"] == shown(r.tracks.engines)
    assert tracks["weapons"] == shown(r.tracks.weapons)
    assert ("shields" in tracks) == (sum(r.tracks.shields) > 0 or bool(r.tracks.shield_arcs and
                                                                       r.tracks.shield_arcs.total()))
    assert [b.loss_limit for b in s.batteries] == r.battery_loss_limits
    assert sum(k.mounts for b in s.batteries for k in b.banks) == sum(b.weapons for b in r.batteries)
    assert sum(g.boxes for g in s.equipment) == r.equipment_items
    assert [list(m.values) for m in s.munitions] == list(r.tracks.munitions.values())
    # every box of every numbered track lands in exactly one run, in order
    for t in s.tracks:
        assert " ".join(number_runs(t.values)).split() == [str(v) for v in t.values]


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.text(min_size=1, max_size=40))
def test_any_name_renders_escaped(seed, name):
    import random

    from markupsafe import escape

    d = random_design(random.Random(seed)).model_copy(update={"ship_name": name})
    html = render_html(build_booklet([d]))
    assert str(escape(name)) in html
