"""SSDs for the table (issue 13): the fast path draws the plain pages, carriers, directional shields, no zero
boxes, the arc key, page use, the roster, converted sheets. PDF text and page counts; pixels via pdftoppm."""

from __future__ import annotations

import itertools
import re
import subprocess
from io import BytesIO
from pathlib import Path

import pytest

pytest.importorskip("weasyprint")
pypdf = pytest.importorskip("pypdf")

from click.testing import CliRunner  # noqa: E402

from drydock.cli.main import cli  # noqa: E402
from drydock.convert import batch  # noqa: E402
from drydock.convert.nova_sheet import sheet_from_nova  # noqa: E402
from drydock.convert.printing import sheet_for  # noqa: E402
from drydock.core.rules import Ruleset  # noqa: E402
from drydock.formats import read_designs  # noqa: E402
from drydock.render import build_booklet  # noqa: E402
from drydock.render.html import BOX_RUN_PREFIX, render_css, render_html  # noqa: E402
from drydock.render.pdf import render_pdf  # noqa: E402
from drydock.render.vector import box_runs  # noqa: E402
from drydock.render.weasy import bundle_fetcher, document, marks, turn_grid  # noqa: E402
from drydock.resources import examples_dir  # noqa: E402
from tests.helpers import FIXTURES, battery, design, majestic, mode  # noqa: E402
from tests.programs import require  # noqa: E402

EXAMPLES = examples_dir() / "designs"
LEGACY = FIXTURES / "legacy"


def example(stem: str):
    return read_designs(EXAMPLES / f"{stem}.yaml")[0]


def texts(pdf: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(BytesIO(pdf)).pages]


def pngs(pdf: bytes, tmp: Path, name: str, dpi: int = 40) -> list[Path]:
    pdftoppm = require("pdftoppm", install="poppler-utils")  # fails under CI=true, skips elsewhere
    (tmp / f"{name}.pdf").write_bytes(pdf)
    subprocess.run([pdftoppm, "-r", str(dpi), "-gray", "-png", str(tmp / f"{name}.pdf"), str(tmp / name)],
                   check=True, capture_output=True)
    return sorted(tmp.glob(f"{name}-*.png"))


def differing(a: Path, b: Path) -> float:
    """Share of pixels whose grey level differs by more than a quarter of the range."""
    from PIL import Image, ImageChops

    ia, ib = Image.open(a).convert("L"), Image.open(b).convert("L")
    assert ia.size == ib.size
    hist = ImageChops.difference(ia, ib).histogram()
    return sum(hist[64:]) / (ia.size[0] * ia.size[1])


# ------------------------------------------------------------------ the fast path draws the plain pages
@pytest.fixture(scope="module")
def both():
    designs = [example("majestic"), example("wyvern-carrier"), example("majestic"), example("bastion-battleship"),
               example("majestic")]
    fast_b, plain_b = build_booklet(designs), build_booklet(designs)
    return fast_b, render_pdf(fast_b, jobs=2), plain_b, render_pdf(plain_b, fast=False)


def test_fast_and_plain_same_text_and_sizes(both):
    fast_b, fast, plain_b, plain = both
    assert fast_b.fits == plain_b.fits == ["page"] * 5
    assert texts(fast) == texts(plain)
    assert len(texts(fast)) == 6


def test_fast_path_draws_the_same_pixels(both, tmp_path):
    pytest.importorskip("PIL")
    _, fast, _, plain = both
    a, b = pngs(fast, tmp_path, "fast"), pngs(plain, tmp_path, "plain")
    assert len(a) == len(b) == 6
    for x, y in zip(a, b, strict=True):
        assert differing(x, y) < 0.002, x.name


def test_fast_path_draws_the_same_shared_pages(tmp_path):
    pytest.importorskip("PIL")
    designs = [example("bastion-battleship"), example("comet-frigate"), example("kestrel-corvette"),
               example("comet-frigate"), example("shade-raider")]
    fast_b, plain_b = build_booklet(designs, per_page=4, paper="a4"), build_booklet(designs, per_page=4, paper="a4")
    fast, plain = render_pdf(fast_b), render_pdf(plain_b, fast=False)
    assert fast_b.fits == plain_b.fits and fast_b.fits[0] == "half"
    assert texts(fast) == texts(plain)
    for x, y in zip(pngs(fast, tmp_path, "fast"), pngs(plain, tmp_path, "plain"), strict=True):
        # looked at: the only differing pixels are the dashed cut lines round the cells (dash antialiasing)
        assert differing(x, y) < 0.005, x.name


def test_fast_path_draws_the_same_compact_and_flowing_pages_with_the_stamped_arc_key(tmp_path):
    """The fast path stamps one painted arc key on each sheet page of every keyed size (page, compact, flow)."""
    pytest.importorskip("PIL")
    from tests.render.test_pdf import nova_record

    designs = [example("majestic"), example("wyvern-carrier"), example("majestic"), nova_record()]
    fast_b, plain_b = build_booklet(designs, compact=True), build_booklet(designs, compact=True)
    fast, plain = render_pdf(fast_b, jobs=2), render_pdf(plain_b, fast=False)
    assert fast_b.fits == plain_b.fits == ["compact", "compact", "compact", "flow"]
    assert texts(fast) == texts(plain)
    assert sum("Arc key" in t for t in texts(fast)) == 4  # each sheet's first page, not its continuation
    a, b = pngs(fast, tmp_path, "fast", dpi=60), pngs(plain, tmp_path, "plain", dpi=60)
    assert len(a) == len(b) >= 6
    for x, y in zip(a, b, strict=True):
        assert differing(x, y) < 0.002, x.name


def test_repeated_ships_reuse_one_laid_out_page_and_any_jobs_give_the_same_pdf():
    designs = [example("majestic")] * 6
    one, two = render_pdf(build_booklet(designs), jobs=1), render_pdf(build_booklet(designs), jobs=2)
    assert one == two  # deterministic whatever the number of processes
    reader = pypdf.PdfReader(BytesIO(one))
    drawn = [{ref.idnum for ref in page["/Resources"]["/XObject"].values()} for page in reader.pages]
    sheet_forms = set.union(*drawn[1:]) - set.union(*(d - {min(d)} for d in drawn[1:]))
    assert len(sheet_forms) == 1  # the six sheet pages draw one form (the other: the arc key)
    assert [t.endswith(f"page {n} of 7") for n, t in enumerate(texts(one), start=1)] == [True] * 7


# ------------------------------------------------------------------ what the sheets print
@pytest.fixture(scope="module")
def fleet_text():
    designs = [example("bastion-battleship"), example("wyvern-carrier"), design(hull=6, engines=0),
               design(hull=8, engines=2, weapons=[battery("Gun", mode("3-6-9", "1x5/1/1"), "2PH"),
                                                  battery("Stern", mode("3-6-9", "1x5/1/1"), "1Aft")])]
    return texts(render_pdf(build_booklet(designs)))


def test_directional_shields_are_four_labelled_countdowns(fleet_text):
    # B.7: Fwd/Port/Stbd/Aft ratings 4/3/3/2 as countdowns under the shield track (sum 12)
    page = fleet_text[1]
    assert "SHLD 12 11 10 9 8 6 5 4 3 2 ARCS Fwd 4 3 2 1 Port 3 2 1 Stbd 3 2 1 Aft 2 1" in page


def test_carrier_prints_flights_and_launch_tubes(fleet_text):
    page = fleet_text[2]
    assert "FLIGHTS per flight: launched, lost 1 2 3 4 5 6 7 8 9 10 11 12" in page
    assert "Launch up to 6 per turn (F.5); launch tubes for 12 flights double it (B.12)" in page  # hull 14: 3, x2
    assert "Carrier (12 flights)" not in page


def test_zero_tracks_print_a_dash(fleet_text):
    page = fleet_text[3]
    assert "HULL 6 5 4 3 2 1 ENG — WPN —" in page and " 0 0 " not in page


def test_arc_key_on_every_sheet_with_the_codes_used(fleet_text):
    assert all("Arc key (4.1, C.1)" in t for t in fleet_text[1:])
    assert "PH = ACE (Port Half)" in fleet_text[4]
    assert "Aft: the whole defensive arc as a firing arc (C.1)" in fleet_text[4]
    assert "Arc key" not in fleet_text[0]  # each sheet page has it: not repeated on the roster


def test_no_key_and_key_on_the_roster_for_shared_pages():
    designs = [example("comet-frigate"), example("kestrel-corvette")]
    assert not any("Arc key" in t for t in texts(render_pdf(build_booklet(designs, key=False))))
    shared = texts(render_pdf(build_booklet(designs, per_page=4)))
    assert "Arc key" in shared[0] and "FX = ABCD (Forward Extended)" in shared[0]
    assert "Arc key" not in shared[1]


def test_page_use_large_compact_and_the_turn_record_in_the_free_height():
    b = build_booklet([majestic()])
    render_pdf(b)
    assert b.fits == ["page"]
    c = build_booklet([majestic()], compact=True)
    render_pdf(c)
    assert c.fits == ["compact"]
    # at two per page the turn record takes the rest of the half page: far more than its 9 mm rows
    two = build_booklet([majestic(), example("comet-frigate")], per_page=2, roster=False)
    two.fits = ["half", "half"]
    found = marks(document(render_html(two, vector=True), bundle_fetcher()))
    for anchor in ("sheet-1", "sheet-2"):
        grid = turn_grid(two, anchor, "half", found)  # the PDF draws the boxes from under the caption to the foot
        assert grid is not None and (grid.y2 - grid.y1) * 25.4 / 96 > 30, (anchor, grid)  # one 9 mm row at least
        assert (grid.columns, grid.turns) == (10, 10)
    # the HTML page lays the same record out as a CSS grid taking the free height
    found = marks(document(render_html(two), bundle_fetcher()))
    for anchor in ("sheet-1", "sheet-2"):
        turns = (found[anchor + "-end"].y1 - found[anchor + "-turns"].y1) * 25.4 / 96
        assert turns > 40, (anchor, turns)


def test_a_sheet_too_big_for_a_quarter_takes_a_half_page():
    designs = [example("bastion-battleship"), example("comet-frigate"), example("comet-frigate"),
               example("comet-frigate")]
    b = build_booklet(designs, per_page=4)
    pages = texts(render_pdf(b))
    assert b.fits == ["half", "quarter", "quarter", "quarter"]
    assert len(pages) == 3  # roster; the half and two quarters; the last quarter
    assert "BASTION" in pages[1] and pages[1].count("COMET-class") == 2 and "COMET-class" in pages[2]


# ------------------------------------------------------------------ the roster
def test_roster_total_only_at_the_end_and_each_ships_page():
    designs = list(itertools.islice(itertools.cycle([example("majestic"), example("comet-frigate")]), 48))
    pages = texts(render_pdf(build_booklet(designs)))
    roster = [t for t in pages if "Fleet roster" in t or t.startswith("#") or "Battle sizes" in t]
    start = len(pages) - 48
    assert len(pages) == start + 48 and start >= 2
    total = 24 * 188 + 24 * 87
    assert sum("Fleet total" in t for t in pages) == 1
    last = max(i for i, t in enumerate(pages) if "Fleet total" in t)
    assert last == start - 1 and f"Fleet total (48 ships) {total}" in pages[last]
    assert "Fleet total" not in pages[0]
    text = " ".join(pages[:start])
    assert f"48 Kzinti COMET-class Frigate 87 {start + 48} " in text
    assert f"1 Imperial MAJESTIC-class Battlecruiser 188 {start + 1} " in text
    assert roster


def test_house_rules_mark_on_sheet_and_roster():
    house = Ruleset.from_data({"options": {"cr_drat": {"value": "exact"}}})
    pages = texts(render_pdf(build_booklet([majestic(), example("comet-frigate")], rules=house)))
    assert f"* combat rating under house rules: {house.label}" in pages[0]
    assert re.search(r"Imperial MAJESTIC-class Battlecruiser \(\d+\*\)", pages[1])
    assert f"* combat rating under house rules: {house.label}" in pages[1]
    book = texts(render_pdf(build_booklet([majestic(), example("comet-frigate")])))
    assert "house rules" not in " ".join(book) and "(188)" in book[1]


# ------------------------------------------------------------------ converted sheets agree with themselves
def test_ae_sheet_prints_the_ae_tracks_and_marking_rule(tmp_path):
    (res,) = [batch.convert_file(LEGACY / "razorthorn-houseruled.txt", "admiralty")]
    d = res.designs[0]
    sheet = sheet_for(d)
    engines = next(n for n in d.notes if n.startswith("AE tracks:"))
    ae_eng = engines.split("Engines ")[1].split(";")[0]
    assert [t.key for t in sheet.tracks][:2] == ["hull", "engines"] and "weapons" not in [t.key for t in sheet.tracks]
    page = texts(render_pdf(build_booklet([sheet])))[0]
    assert f"ENG {ae_eng} " in page
    assert "AE card (X.1): an engine or shield hit checks TWO boxes of its track; a weapon hit rolls twice on the " \
        "weapon damage chart 1:VZ 2:V 3:W 4:X 5:Y 6:Z (V Primary Weapons &Turrets (Energy), W Primary" in page
    # X.1 "There are no special adjustments which need to be made to Admiralty starship data cards": the AE CR
    # (1,318 as posted) heads the sheet and the Unity construction limits are no "Not a legal design" box (issue 25)
    assert "AE tracks:" not in page and "Not a legal design" not in page
    assert "(1318) Admiralty card (X.1)" in page and "Unity re-rating 546, for information" in page
    assert batch.shown_status(res.reports[0]) == "ok"
    r = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(LEGACY / "razorthorn-houseruled.txt"),
                                            "-o", str(tmp_path / "out"), "--to", "yaml"])
    assert r.exit_code == 0 and "not legal" not in r.output
    # the converted file printed later says the same
    out = tmp_path / "again.pdf"
    r = CliRunner().invoke(cli, ["ssd", str(tmp_path / "out" / "razorthorn-houseruled.yaml"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "AE card (X.1)" in texts(out.read_bytes())[0]


def test_nova_notes_in_the_players_words_and_marked_system_boxes():
    (rec,) = batch.convert_file(LEGACY / "nova-majestic-rulebook.txt", "nova").designs
    sheet = sheet_from_nova(rec)
    systems = next(t for t in sheet.tracks if t.key == "systems")
    assert systems.marked == tuple(b - 1 for b in rec.bullets) and systems.marked
    assert not any(re.search(r"\bOQ\d", n) for n in sheet.notes)
    html = render_html(build_booklet([sheet]))
    assert html.count('<span class="marked"') == len(rec.bullets)
    assert "marked.svg" in render_css(build_booklet([sheet]))  # the HTML page draws the bullet with the SVG tile
    # the PDF draws a bullet over each marked box, where the laid-out page put it
    found = marks(document(render_html(build_booklet([sheet]), vector=True), bundle_fetcher()))
    bullets = [run for run in box_runs(found, BOX_RUN_PREFIX) if run.kind == "k"]
    assert sum(run.boxes for run in bullets) == len(rec.bullets)
    page = texts(render_pdf(build_booklet([sheet]), bundle_fetcher()))[0]
    assert "OQ" not in page and "drawn with a dot carries a bullet" in page


def test_every_box_of_the_sheet_is_drawn_once_where_it_was_laid_out():
    """The PDF draws the damage boxes as vector outlines at the laid-out runs: as many as the sheet has (1.2-1.4)."""
    for name in ("bastion-battleship", "wyvern-carrier", "majestic"):
        b = build_booklet([example(name)])
        sheet = b.sheets[0]
        tracks = [t for t in sheet.tracks if t.values and any(t.values)]
        expected = (sum(g.boxes for g in sheet.screens) + sum(len(t.values) for t in tracks)
                    + sum(len(a.values) for t in sheet.tracks for a in t.arcs)
                    + sum(k.mounts for bat in sheet.batteries for k in bat.banks if not k.expendable)
                    + sum(g.boxes for g in sheet.equipment) + sum(len(m.values) for m in sheet.munitions)
                    + (2 * sheet.flights.flights if sheet.flights else 0))
        found = marks(document(render_html(b, vector=True), bundle_fetcher()))
        runs = box_runs(found, BOX_RUN_PREFIX)
        assert sum(r.boxes for r in runs if r.kind in "bm") == expected, name
        assert all(r.x2 - r.x1 > 0 for r in runs)
        # the runs print at the sheet's scale: at one per page, 1.3 x the 5.3 mm pitch
        pitch = {round((r.x2 - r.x1) / r.boxes * 25.4 / 96, 2) for r in runs}
        assert pitch == {round(5.3 * 1.3, 2)}, pitch


def _outline_and_links(pdf: bytes) -> tuple[list[tuple[str, int]], list[int]]:
    """(bookmark label, page) pairs, and the target page of each link on the first (roster) page."""
    reader = pypdf.PdfReader(BytesIO(pdf))
    def flat(items: list) -> list:
        return [x for d in items for x in (flat(d) if isinstance(d, list) else [d])]

    outline = [(" ".join(d.title.split()), reader.get_destination_page_number(d)) for d in flat(reader.outline)]
    named = reader.named_destinations
    targets = []
    for annot in reader.pages[0].get("/Annots", []):
        annot = annot.get_object()
        dest = annot["/Dest"] if "/Dest" in annot else annot["/A"]["/D"]
        if isinstance(dest, str):  # a named destination (WeasyPrint's own links)
            dest = named[dest]
        page = dest.page if hasattr(dest, "page") else dest[0]
        targets.append(reader.get_page_number(page.get_object()))
    return outline, sorted(set(targets))  # WeasyPrint writes each of its links twice


def test_fast_path_has_the_plain_bookmarks_and_roster_links():
    designs = [example("majestic"), example("comet-frigate"), example("majestic"), example("bastion-battleship")]
    for per_page in (1, 4):
        fast_b, plain_b = build_booklet(designs, per_page=per_page), build_booklet(designs, per_page=per_page)
        fast = _outline_and_links(render_pdf(fast_b, jobs=2))
        plain = _outline_and_links(render_pdf(plain_b, fast=False))
        assert fast == plain, per_page
        outline, links = fast
        assert outline[:2] == [("Fleet roster", 0), ("Battle sizes (2.2)", 0)] and len(outline) == 6
        assert links == ([1, 2, 3, 4] if per_page == 1 else [1, 2])
        assert outline[2][0].startswith("Imperial MAJESTIC-class")
