"""HTML for display-sheet booklets: page geometry, sheet sizes, page packing, the jinja2 environment.

The environment autoescapes everything and uses ``StrictUndefined``, so a ship
named ``<img src=...>`` prints as text and a template typo fails loudly. The
page geometry (paper, cells, box sizes) is computed here in millimetres and
passed to the stylesheet as numbers.

Every sheet is laid out at one of :data:`SIZES`: a quarter or half of a shared page,
the whole page at a larger scale, the whole page at the compact scale, or flowing over
as many pages as it needs. The renderer (:mod:`drydock.render.pdf`) tries them in
:func:`size_order` and keeps the first that the sheet fits; :func:`layout_items` then packs
the sheets, in order, onto pages.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import jinja2
from markupsafe import Markup

from drydock.errors import DrydockError
from drydock.render.arckey import KEY_MM, spelled_codes
from drydock.render.sheet import Booklet, Sheet
from drydock.render.tables import (
    BOX_GAP_MM,
    BOX_MM,
    BOXES_PER_RUN,
    CHECKBOX_MM,
    DIGIT_ADVANCE,
    FONT_UNITS_PER_EM,
    GUTTER_MM,
    LARGE_SCALE,
    LAYOUTS,
    NUMBER_PAD,
    PAGE_MARGIN_MM,
    PAPER_MM,
    SPACE_ADVANCE,
    TURN_BOX_MM,
    TURNS_FULL_PAGE,
    TURNS_IN_CELL,
)
from drydock.resources import templates_dir

TEMPLATE = "ssd.html.j2"
CELL_PADDING_MM = 3.0
"""Padding inside a cell of a shared page (top and bottom)."""
FOOTER_MM = 4.0
"""Room under the content for the page footer line."""
BOX_RUN_PREFIX = "vb-"
"""Anchors of box runs that the PDF renderers draw (``vb-<n>-<kind><boxes>``, see :mod:`drydock.render.vector`)."""
ASSET_BASE = ""
"""Fonts and box images are relative to the templates directory (the PDF renderer's base URL)."""

#: Sheet sizes, smallest first: a quarter page, a half page, the page at :data:`LARGE_SCALE`, the page at
#: the compact scale (one page, turn record stretched), the compact sheet flowing onto continuation pages.
SIZES = ("quarter", "half", "page", "compact", "flow")
CELL_SIZES = ("quarter", "half")
#: Turn-record columns by sheet size (1.5): rows follow from the number of turns.
TURN_COLUMNS = {"quarter": 5, "half": 10, "page": 6, "compact": 6, "flow": 12}


@dataclass(frozen=True)
class Geometry:
    """Page and cell sizes in millimetres for one paper size."""

    page_w: float
    page_h: float
    margin: float
    content_w: float
    content_h: float
    half_h: float
    quarter_w: float
    box: float = BOX_MM
    gap: float = BOX_GAP_MM
    checkbox: float = CHECKBOX_MM
    line: float = 0.3
    """Line width of drawn boxes (the SVG boxes box.svg, multi.svg, check.svg use the same sizes)."""
    scale: float = LARGE_SCALE

    @property
    def pitch(self) -> float:
        return self.box + self.gap

    @property
    def diamond(self) -> float:
        """Side of the Expendable diamond: its diagonal equals a box side."""
        return round(self.box / 2 ** 0.5, 2)

    @property
    def number_font(self) -> float:
        """Font size (mm) at which a padded number (:data:`NUMBER_PAD`) is exactly one box pitch wide."""
        return round(self.pitch * FONT_UNITS_PER_EM / CELL_UNITS, 4)

    def cell(self, size: str) -> tuple[float, float]:
        """Outer width and height (mm) of a cell of ``size`` ("quarter" or "half")."""
        return (self.quarter_w if size == "quarter" else self.content_w), self.half_h

    def sheet_height(self, size: str) -> float:
        """The height (mm, before scaling) a sheet of ``size`` fills; 0 for a flowing sheet."""
        if size in CELL_SIZES:
            return round(self.half_h - 2 * CELL_PADDING_MM, 2)
        if size == "page":
            return round(self.content_h / self.scale, 2)
        return self.content_h if size == "compact" else 0.0


#: Width of every padded number in font units (see tables.NUMBER_PAD).
CELL_UNITS = 2 * DIGIT_ADVANCE + 4 * SPACE_ADVANCE


def number_runs(values: list[int] | tuple[int, ...]) -> list[str]:
    """Numbered boxes as runs of text, each number padded with spaces to exactly one box pitch."""
    cells = []
    for v in values:
        text = str(v)
        pad = " " * NUMBER_PAD.get(len(text), 0)
        cells.append(pad + text + pad)
    return ["".join(cells[i:i + BOXES_PER_RUN]) for i in range(0, len(cells), BOXES_PER_RUN)]


def box_runs(count: int, pitch: float = BOX_MM + BOX_GAP_MM) -> list[float]:
    """Unnumbered boxes as run widths in mm (at most :data:`BOXES_PER_RUN` boxes per run)."""
    runs = [BOXES_PER_RUN] * (count // BOXES_PER_RUN) + ([count % BOXES_PER_RUN] if count % BOXES_PER_RUN else [])
    return [round(n * pitch, 3) for n in runs]


def marked_runs(values: tuple[int, ...], marked: tuple[int, ...]) -> list[list[tuple[str, bool, int]]]:
    """Numbered boxes as runs of (padded text, marked, boxes) pieces: a marked box is drawn with its bullet."""
    out: list[list[tuple[str, bool, int]]] = []
    for start in range(0, len(values), BOXES_PER_RUN):
        run: list[tuple[str, bool, int]] = []
        for i in range(start, min(start + BOXES_PER_RUN, len(values))):
            text = str(values[i])
            pad = " " * NUMBER_PAD.get(len(text), 0)
            piece, is_marked = pad + text + pad, i in marked
            if run and run[-1][1] == is_marked:
                run[-1] = (run[-1][0] + piece, is_marked, run[-1][2] + 1)
            else:
                run.append((piece, is_marked, 1))
        out.append(run)
    return out


def checked_runs(values: tuple[int, ...], marked: tuple[int, ...], checked: int,
                 ) -> list[list[tuple[str, str, int]]]:
    """Numbered boxes as runs of (padded text, state, boxes) pieces: state "checked" for the first ``checked``
    boxes (drawn crossed), "marked" for a bulleted box, "" otherwise."""
    out: list[list[tuple[str, str, int]]] = []
    for start in range(0, len(values), BOXES_PER_RUN):
        run: list[tuple[str, str, int]] = []
        for i in range(start, min(start + BOXES_PER_RUN, len(values))):
            text = str(values[i])
            pad = " " * NUMBER_PAD.get(len(text), 0)
            state = "checked" if i < checked else "marked" if i in marked else ""
            if run and run[-1][1] == state:
                run[-1] = (run[-1][0] + pad + text + pad, state, run[-1][2] + 1)
            else:
                run.append((pad + text + pad, state, 1))
        out.append(run)
    return out


def geometry(paper: str, per_page: int = 1) -> Geometry:
    if paper not in PAPER_MM:
        raise DrydockError(f"unknown paper size {paper!r} (known: {', '.join(PAPER_MM)})")
    if per_page not in LAYOUTS:
        raise DrydockError(f"--per-page must be one of {', '.join(map(str, LAYOUTS))}, not {per_page}")
    w, h = PAPER_MM[paper]
    cw, ch = w - 2 * PAGE_MARGIN_MM, h - 2 * PAGE_MARGIN_MM - FOOTER_MM
    return Geometry(page_w=w, page_h=h, margin=PAGE_MARGIN_MM, content_w=round(cw, 2), content_h=round(ch, 2),
                    half_h=round((ch - GUTTER_MM) / 2, 2), quarter_w=round((cw - GUTTER_MM) / 2, 2))


def size_order(booklet: Booklet) -> tuple[str, ...]:
    """The sizes a sheet of ``booklet`` is tried at, first choice first (next larger cell before a page)."""
    first = {4: "quarter", 2: "half", 1: "compact" if booklet.compact else "page"}[booklet.per_page]
    order = SIZES[SIZES.index(first):]
    return tuple(s for s in order if not (booklet.compact and s == "page"))


@dataclass(frozen=True)
class Placed:
    """A sheet in a cell of a shared page: its size and the cell's top-left corner (mm, in the content box)."""

    sheet: Sheet
    anchor: str
    size: str
    x: float
    y: float


@dataclass(frozen=True)
class Item:
    """One unit of page layout: a sheet on page(s) of its own ("page") or a page of cells ("grid")."""

    kind: str
    sheet: Sheet | None = None
    anchor: str = ""
    size: str = "page"
    cells: tuple[Placed, ...] = ()


def layout_items(booklet: Booklet) -> list[Item]:
    """Sheets in order: pages of their own for the page sizes, else packed into halves and quarters.

    A page holds two halves, top and bottom; a half holds one half-size sheet or two quarter-size sheets
    side by side. Order is kept: a half-size sheet after an odd quarter leaves the quarter beside it empty.
    """
    g = geometry(booklet.paper, booklet.per_page)
    first = size_order(booklet)[0]
    items: list[Item] = []
    cells: list[Placed] = []
    slot = 0  # quarters used on the current grid page (0..4)

    def flush() -> None:
        nonlocal slot
        if cells:
            items.append(Item("grid", cells=tuple(cells)))
            cells.clear()
        slot = 0

    for i, sheet in enumerate(booklet.sheets):
        anchor = f"sheet-{i + 1}"
        size = booklet.fits[i] if i < len(booklet.fits) and booklet.fits[i] else first
        if size not in CELL_SIZES:
            flush()
            items.append(Item("page", sheet=sheet, anchor=anchor, size=size))
            continue
        need = 2 if size == "half" else 1
        if size == "half" and slot % 2:
            slot += 1  # a half starts on a new row
        if slot + need > 4:
            flush()
        row, col = divmod(slot, 2)
        x = 0.0 if col == 0 else round(g.quarter_w + GUTTER_MM, 2)
        y = 0.0 if row == 0 else round(g.half_h + GUTTER_MM, 2)
        cells.append(Placed(sheet, anchor, size, x, y))
        slot += need
        if slot >= 4:
            flush()
    flush()
    return items


def environment() -> Any:
    """The jinja2 environment: bundled templates only, autoescape on, undefined names are errors."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["number_runs"] = number_runs
    env.filters["box_runs"] = box_runs
    env.filters["marked_runs"] = marked_runs
    env.filters["checked_runs"] = checked_runs
    return env


_ENV: Any = None


def _template(name: str = TEMPLATE) -> Any:
    """A bundled template from one environment per process (compiled once)."""
    global _ENV
    if _ENV is None:
        _ENV = environment()
    return _ENV.get_template(name)


def render_html(booklet: Booklet, *, items: list[Item] | None = None, asset_base: str = ASSET_BASE,
                roster: bool = True, footer: bool = True, unit: str = "", pages: dict[str, int] | None = None,
                vector: bool = False, inline_css: bool = True) -> str:
    """The booklet as one HTML document (fonts and styles resolved against the templates directory).

    The fast renderer also asks for parts: ``items`` alone, no ``roster``, no page ``footer`` (it stamps
    footers itself), ``unit="cell"`` for one cell on a page of the cell's own size, and ``pages`` (anchor ->
    page number) for a roster printed before its pages are laid out. ``vector=True`` (the PDF renderers) leaves
    the boxes of a filling turn record out, for :mod:`drydock.render.vector` to draw in the free height.
    ``inline_css=False`` leaves the stylesheet out (:func:`render_css` gives it, for WeasyPrint to parse once
    and reuse).
    """
    ctx = _context(booklet, items, asset_base=asset_base, footer=footer, unit=unit)
    ids = itertools.count(1)

    def vid(kind: str, boxes: int) -> Markup:
        return Markup(f' id="{BOX_RUN_PREFIX}{next(ids)}-{kind}{boxes}"') if vector else Markup("")

    titles = [s.roster_title for s in booklet.sheets]
    doc_title = titles[0] if len(titles) == 1 else f"Fleet of {len(titles)} ships"
    show_roster = booklet.roster if roster else None
    return str(_template().render(
        doc_title=doc_title, roster=show_roster, blank=booklet.blank, pages=pages or {}, key=booklet.key,
        spell_arcs=spelled_codes, turns_full=TURNS_FULL_PAGE, turns_cell=TURNS_IN_CELL,
        turn_columns=TURN_COLUMNS, turn_h=TURN_BOX_MM, vector=vector, vid=vid, inline_css=inline_css,
        items_per_page=booklet.per_page, **ctx,
    ))


def _context(booklet: Booklet, items: list[Item] | None, *, asset_base: str, footer: bool, unit: str) -> dict[str, Any]:
    """What both the page and the stylesheet templates need."""
    return {"g": geometry(booklet.paper, booklet.per_page), "items": layout_items(booklet) if items is None else items,
            "asset_base": asset_base, "footer": footer, "unit": unit, "cell_padding": CELL_PADDING_MM, "key_mm": KEY_MM}


def render_css(booklet: Booklet, *, items: list[Item] | None = None, asset_base: str = ASSET_BASE,
               footer: bool = True, unit: str = "") -> str:
    """The stylesheet of :func:`render_html` with the same arguments (it depends on the paper and the unit)."""
    return str(_template("ssd.css.j2").render(
        **_context(booklet, items, asset_base=asset_base, footer=footer, unit=unit)))


def standalone_asset_base() -> str:
    """Absolute ``file:`` URL of the bundled templates, for an HTML file saved anywhere else."""
    return templates_dir().resolve().as_uri() + "/"
