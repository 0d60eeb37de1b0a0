"""PDF booklets: text, page counts, fonts, paper, fitting, continuation pages, hostile names, the CLI.

WeasyPrint renders are slow, so each module-scoped fixture renders one booklet that many tests read.
"""

from __future__ import annotations

import re
from io import BytesIO

import pytest

pytest.importorskip("weasyprint")
pypdf = pytest.importorskip("pypdf")

from click.testing import CliRunner  # noqa: E402

from drydock.cli.main import cli  # noqa: E402
from drydock.core.validation import rate  # noqa: E402
from drydock.formats import read_designs  # noqa: E402
from drydock.render import build_booklet  # noqa: E402
from drydock.render.pdf import render_pdf  # noqa: E402
from drydock.render.sheet import BankView, BatteryView, Mode, Sheet, Track  # noqa: E402
from drydock.render.weasy import bundle_fetcher  # noqa: E402
from drydock.resources import examples_dir  # noqa: E402
from tests.helpers import FIXTURES  # noqa: E402

SSD = FIXTURES / "ssd"
EXAMPLES = sorted((examples_dir() / "designs").glob("*.yaml"))
HOSTILE = "<img src='file:///etc/passwd'>"


def _norm(text: str) -> str:
    """Whitespace collapsed, and a word broken after its hyphen at a line end joined again."""
    return re.sub(r"(\w)- (?=[A-Z])", r"\1-", re.sub(r"\s+", " ", text)).strip()


def _pages(pdf: bytes) -> tuple[pypdf.PdfReader, list[str]]:
    reader = pypdf.PdfReader(BytesIO(pdf))
    return reader, [_norm(p.extract_text()) for p in reader.pages]


def nova_record() -> Sheet:
    """A record of another kind, built directly (as the legacy converter will): too long for one page."""
    batteries = tuple(
        BatteryView(name=f"Converted Battery {i}", modes=(Mode("", "3-6-9", "1×5+/1/1", ""),),
                    banks=(BankView("AB", 3), BankView("CD", 3)), loss_limit=3)
        for i in range(1, 41)
    )
    return Sheet(title="Nova Legacy SENTINEL-class Monitor", combat_rating=None, kind="nova",
                 tracks=(Track("hull", "HULL", tuple(range(12, 0, -1))),), batteries=batteries,
                 notes=("Conversion: attack dice split into batteries (X.2)",))


@pytest.fixture(scope="module")
def full():
    designs = [d for p in EXAMPLES for d in read_designs(p)]
    designs += [d for name in ("escort", "hostile", "dreadnought") for d in read_designs(SSD / f"{name}.yaml")]
    fetcher = bundle_fetcher()
    booklet = build_booklet([*designs, nova_record()])
    pdf = render_pdf(booklet, fetcher)
    reader, texts = _pages(pdf)
    return designs, booklet, reader, texts, fetcher


@pytest.fixture(scope="module")
def grid():
    order = [("dreadnought", 0), ("escort", 0), ("escort", 1), ("hostile", 0)]
    designs = [read_designs(SSD / f"{name}.yaml")[i] for name, i in order]
    designs.insert(3, read_designs(examples_dir() / "designs" / "majestic.yaml")[0])
    booklet = build_booklet(designs, paper="a4", per_page=4)
    pdf = render_pdf(booklet)
    reader, texts = _pages(pdf)
    return designs, booklet, reader, texts


def test_examples_exist():
    assert len(EXAMPLES) >= 8


def test_page_count_one_page_per_ship_plus_roster_and_continuation(full):
    designs, booklet, reader, texts, _ = full
    # roster + one page per design + the two-page legacy record
    assert len(reader.pages) == 1 + len(designs) + 2


def test_each_page_carries_its_ship(full):
    designs, booklet, reader, texts, _ = full
    for i, d in enumerate(designs, start=1):
        page = texts[i]
        r = rate(d)
        title = _norm(booklet.sheets[i - 1].title)
        assert title in page, title
        assert f"({r.combat_rating})" in page
        hull = " ".join(str(v) for v in r.tracks.hull)
        assert f"HULL {hull}" in page
        for key, label in (("engines", "ENG"), ("weapons", "WPN")):
            assert f"{label} " + " ".join(str(v) for v in getattr(r.tracks, key)) in page
        for battery in r.batteries:
            assert _norm(battery.name) in page
            assert f"({battery.loss_limit})" in page
            for bank in battery.banks:
                label = bank.bank.arc + (str(bank.bank.mount_size) if bank.bank.mount_size != 1 else "")
                assert re.search(rf"\b{re.escape(label)}\b", page), label
        assert "GAME TURN RECORD" in page and " 10 " in page


def test_majestic_page_text(full):
    # Source: Unity Rulebook v2.0, 1.1-1.4 (Majestic display); construction.md §9.2 for the corrected numbers
    _, _, _, texts, _ = full
    page = next(t for t in texts if "MAJESTIC-class" in t and "Lightning Turret" in t)
    assert "Imperial MAJESTIC-class Battlecruiser (188)" in page
    assert "HULL 8 7 6 5 4 3 2 1 ENG 4 3 2 1 WPN 16 12 8 4 SHLD 3 3 2 1" in page
    assert "Lightning Turret 4-8-12 | 2×5+/1/1 (Pr1) ACE BDF (2)" in page
    assert "Laser Cannon 3-6-9 | 1×5+/1/1 AB AC BD EF (3)" in page
    assert "EQUIP Countermeasures Hyperdrive (1)" in page


def test_roster_page(full):
    designs, booklet, _, texts, _ = full
    roster = texts[0]
    assert roster.startswith("Fleet roster")
    total = sum(rate(d).combat_rating for d in designs)
    assert f"Fleet total ({len(designs) + 1} ships) {total}" in roster
    for name, limit in (("Very Small", 400), ("Small", 700), ("Medium", 1000), ("Large", 1500),
                        ("Very Large", 2000)):
        assert f"{name} {limit}" in roster
    # page references (target-counter): the first ship is on page 2, the last design on the page before the
    # two-page legacy record
    first = booklet.sheets[0]
    assert f"1 {_norm(first.title)} {first.combat_rating} 2 " in roster
    last = booklet.sheets[len(designs) - 1]
    assert f"{len(designs)} {_norm(last.title)} {last.combat_rating} {len(designs) + 1} " in roster


def test_continuation_page_for_a_long_record(full):
    _, _, _, texts, _ = full
    first, second = texts[-2], texts[-1]
    assert "Nova Legacy SENTINEL-class Monitor nova record" in first and "Converted Battery 1 " in first
    assert "Nova Legacy SENTINEL-class Monitor (continued)" in second  # running header, continuation only
    assert "(continued)" not in first
    assert "Converted Battery 40" in second
    assert "Conversion: attack dice split into batteries (X.2)" in second


def test_largest_legal_ship_fits(full):
    designs, _, _, texts, _ = full
    big = next(d for d in designs if d.hull == 35)
    assert rate(big).legal and len(big.weapons) == 12
    page = next(t for t in texts if "UNCONQUERABLE SOVEREIGN" in t and "HULL" in t)
    assert "HULL " + " ".join(str(v) for v in range(35, 0, -1)) in page
    assert "Tractor Lance" in page and "Mines 10 9 8 7 6 5 4 3 2 1" in page
    assert "a long free note that must wrap" in page
    assert "Close Defense: 2-4-6 | 2×4+/1/1" in page


def test_hostile_names_print_literally(full):
    _, _, _, texts, fetcher = full
    page = next(t for t in texts if HOSTILE in t)
    assert "<script>alert('x')</script>" in page
    assert "<link rel=stylesheet href='http://example.invalid/x.css'>" in page
    assert "<style>@import url('file:///etc/passwd');</style>" in page
    assert "{{ 7*7 }} & Co" in page
    assert fetcher.refused == []
    assert set(fetcher.served) <= {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf",
                                   "DejaVuSansCondensed-Bold.ttf", "box.svg", "multi.svg", "check.svg",
                                   "marked.svg", "arckey.svg"}


def _resources(resources):
    """A page's resources and those of the forms it draws (the fast path draws each laid-out page as a form)."""
    yield resources
    for ref in resources.get("/XObject", {}).values():
        form = ref.get_object()
        if form.get("/Subtype") == "/Form" and "/Resources" in form:
            yield from _resources(form["/Resources"].get_object())


def _fonts(reader):
    out = {}
    for page in reader.pages:
        fonts = {k: v for res in _resources(page["/Resources"]) for k, v in res.get("/Font", {}).items()}
        for ref in fonts.values():
            font = ref.get_object()
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object() \
                if "/DescendantFonts" in font else font["/FontDescriptor"].get_object()
            out[str(font["/BaseFont"])] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return out


def test_only_bundled_fonts_all_embedded(full):
    fonts = _fonts(full[2])
    assert fonts and all(embedded for embedded in fonts.values())
    assert all(re.search(r"\+DD-(Sans|Cond)", name) for name in fonts), fonts


def test_letter_paper_true_size(full):
    box = full[2].pages[1].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_four_per_page_a4_with_oversize_sheet_on_its_own_page(grid):
    designs, booklet, reader, texts = grid
    # too big for a quarter, a half and a page of its own at either scale: it flows (one A4 page here)
    assert booklet.fits == ["flow", "quarter", "quarter", "quarter", "quarter"]
    assert len(reader.pages) == 1 + 1 + 1  # roster, the hull-35 ship alone, one page of four
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    assert "UNCONQUERABLE SOVEREIGN" in texts[1]
    four = texts[2]
    for key in ("LANTERN-class", "MOTE-class", "MAJESTIC-class", HOSTILE):
        assert key in four


def test_cli_writes_blank_booklet_and_html(tmp_path):
    out, html = tmp_path / "fleet.pdf", tmp_path / "fleet.html"
    runner = CliRunner()
    args = ["ssd", str(SSD / "escort.yaml"), "-o", str(out), "--blank", "--paper", "a4", "--per-page", "2",
            "--html", str(html)]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    reader, texts = _pages(out.read_bytes())
    assert len(reader.pages) == 2  # roster + both ships on one page
    assert "LANTERN-class" in texts[1] and "MOTE-class" in texts[1] and "Pulse Laser" not in texts[1]
    assert "Fwd 3" in texts[1]
    assert "box.svg" in html.read_text(encoding="utf-8")
    again = runner.invoke(cli, args)
    assert again.exit_code == 2 and "already exists" in again.output and "Traceback" not in again.output


def test_cli_keeps_going_past_bad_files(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("hull: [\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["ssd", str(bad), str(tmp_path / "missing.yaml"), "-o",
                                      str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "missing.yaml: no such file or directory" in result.output  # before any work
    result = CliRunner().invoke(cli, ["ssd", str(bad), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "no design could be read" in result.output
    assert "Traceback" not in result.output


def test_cli_refuses_to_overwrite_an_input(tmp_path):
    src = tmp_path / "ship.yaml"
    src.write_text((SSD / "hostile.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["ssd", str(src), "-o", str(src), "--force"])
    assert result.exit_code == 2 and "input" in result.output
    assert src.read_text(encoding="utf-8").startswith("# Source")


def test_a_sheet_past_the_box_limit_is_refused_and_the_batch_goes_on(tmp_path):
    """Found by the CLI fuzz: a design within every input limit could ask for 500,000 boxes (500 batteries of
    1,000 mounts) and print for many minutes. A sheet may print 10,000 boxes (about 6 s); past that, one line."""
    from drydock.formats.native import to_yaml
    from drydock.limits import LimitError
    from drydock.render.sheet import sheet_boxes
    from tests.helpers import battery, design, mode

    huge = design(hull=35, engines=2, weapons=[battery(f"B{i}", mode("3-6-9", "1x5/1/1"), *["100A"] * 10)
                                               for i in range(11)])
    with pytest.raises(LimitError, match=r"the boxes of its display sheet \(11\d\d\d\) is past drydock's limit of "
                                         r"10,000"):
        build_booklet([huge])
    ok = build_booklet(read_designs(examples_dir() / "designs" / "majestic.yaml"))
    assert sheet_boxes(ok.sheets[0]) == 36  # hull 8, engines 4, weapons 4, shields 4, 14 mounts, 2 equipment
    (tmp_path / "huge.yaml").write_text(to_yaml(huge), encoding="utf-8")
    out = tmp_path / "out.pdf"
    good = examples_dir() / "designs" / "majestic.yaml"
    r = CliRunner().invoke(cli, ["ssd", str(tmp_path / "huge.yaml"), str(good), "-o", str(out)])
    assert r.exit_code == 1 and "limit of 10,000 (boxes on a sheet" in r.output and "Traceback" not in r.output
    assert out.exists()


def test_weasyprint_opens_its_libraries_by_their_direct_names_and_falls_back_to_the_search(monkeypatch):
    """Issue 45 (profile): ``ctypes.util.find_library`` started 54 processes during WeasyPrint's import. While it is
    imported the search answers nothing (every library opens by its soname); the search is back afterwards, and an
    import that fails without it is tried again with it."""
    import ctypes.util
    import sys

    from drydock.render import weasy

    search = ctypes.util.find_library
    with weasy._direct_library_names():
        assert ctypes.util.find_library("pango-1.0") is None
    assert ctypes.util.find_library is search
    tries = []

    def import_once_failing(name, *args, **kwargs):
        if name == "weasyprint":
            tries.append(ctypes.util.find_library is search)
            if len(tries) == 1:
                raise OSError("cannot load library 'libpango-1.0-0'")
        return real_import(name, *args, **kwargs)

    real_import = __builtins__["__import__"] if isinstance(__builtins__, dict) else __builtins__.__import__
    loaded = {k: v for k, v in sys.modules.items() if k == "weasyprint" or k.startswith("weasyprint.")}
    monkeypatch.setattr("builtins.__import__", import_once_failing)
    try:
        weasy._import_weasyprint()
    finally:
        monkeypatch.undo()
        sys.modules.update(loaded)  # the modules every other test holds
    assert tries == [False, True]
