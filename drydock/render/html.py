"""HTML for display-sheet booklets: a jinja2 environment over the bundled templates.

The environment autoescapes everything and uses ``StrictUndefined``, so a ship
named ``<img src=...>`` prints as text and a template typo fails loudly. The
page geometry (paper, cells, box sizes) is computed here in millimetres and
passed to the stylesheet as numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drydock.errors import DrydockError
from drydock.render.sheet import Booklet, Sheet
from drydock.render.tables import (
    BOX_GAP_MM,
    BOX_MM,
    BOXES_PER_RUN,
    CHECKBOX_MM,
    DIGIT_ADVANCE,
    FONT_UNITS_PER_EM,
    GUTTER_MM,
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
ASSET_BASE = ""
"""Fonts and box images are relative to the templates directory (the PDF renderer's base URL)."""


@dataclass(frozen=True)
class Geometry:
    """Page and cell sizes in millimetres for one paper size and layout."""

    page_w: float
    page_h: float
    margin: float
    content_w: float
    content_h: float
    cell_w: float
    cell_h: float
    positions: tuple[tuple[float, float], ...]
    box: float = BOX_MM
    gap: float = BOX_GAP_MM
    checkbox: float = CHECKBOX_MM
    turn_h: float = 11.0
    """Game-turn box height in a cell of a shared page; ``turn_h_page`` on a sheet's own page."""
    turn_h_page: float = TURN_BOX_MM[1]
    line: float = 0.3
    """Line width of drawn boxes (the SVG boxes box.svg, multi.svg, check.svg use the same sizes)."""

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


def geometry(paper: str, per_page: int) -> Geometry:
    if paper not in PAPER_MM:
        raise DrydockError(f"unknown paper size {paper!r} (known: {', '.join(PAPER_MM)})")
    if per_page not in LAYOUTS:
        raise DrydockError(f"--per-page must be one of {', '.join(map(str, LAYOUTS))}, not {per_page}")
    w, h = PAPER_MM[paper]
    cw, ch = w - 2 * PAGE_MARGIN_MM, h - 2 * PAGE_MARGIN_MM - 4  # 4 mm for the page footer line
    cols, rows = LAYOUTS[per_page]
    cell_w = (cw - (cols - 1) * GUTTER_MM) / cols
    cell_h = (ch - (rows - 1) * GUTTER_MM) / rows
    positions = tuple((round(c * (cell_w + GUTTER_MM), 2), round(r * (cell_h + GUTTER_MM), 2))
                      for r in range(rows) for c in range(cols))
    return Geometry(page_w=w, page_h=h, margin=PAGE_MARGIN_MM, content_w=round(cw, 2), content_h=round(ch, 2),
                    cell_w=round(cell_w, 2), cell_h=round(cell_h, 2), positions=positions,
                    turn_h=TURN_BOX_MM[per_page])


@dataclass(frozen=True)
class Placed:
    sheet: Sheet
    anchor: str


@dataclass(frozen=True)
class Item:
    """One unit of page layout: a full-page sheet ("page") or a page of cells ("grid")."""

    kind: str
    sheet: Sheet | None = None
    anchor: str = ""
    cells: tuple[Placed, ...] = ()


def layout_items(booklet: Booklet) -> list[Item]:
    """Sheets in order: full pages for ``per_page`` 1 and for sheets that do not fit a cell, else grid pages."""
    per = booklet.per_page
    items: list[Item] = []
    pending: list[Placed] = []

    def flush() -> None:
        if pending:
            items.append(Item("grid", cells=tuple(pending)))
            pending.clear()

    for i, sheet in enumerate(booklet.sheets):
        anchor = f"sheet-{i + 1}"
        fits = per > 1 and (booklet.fits[i] if i < len(booklet.fits) else True)
        if not fits:
            flush()
            items.append(Item("page", sheet=sheet, anchor=anchor))
            continue
        pending.append(Placed(sheet, anchor))
        if len(pending) == per:
            flush()
    flush()
    return items


def environment() -> Any:
    """The jinja2 environment: bundled templates only, autoescape on, undefined names are errors."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["number_runs"] = number_runs
    env.filters["box_runs"] = box_runs
    return env


def render_html(booklet: Booklet, *, items: list[Item] | None = None, asset_base: str = ASSET_BASE) -> str:
    """The booklet as one HTML document (fonts and styles resolved against the templates directory)."""
    g = geometry(booklet.paper, booklet.per_page)
    if items is None:
        items = layout_items(booklet)
    titles = [s.roster_title for s in booklet.sheets]
    doc_title = titles[0] if len(titles) == 1 else f"Fleet of {len(titles)} ships"
    cols_cell = 5 if booklet.per_page == 4 else 10
    return str(environment().get_template(TEMPLATE).render(
        doc_title=doc_title, g=g, asset_base=asset_base, cell_padding=CELL_PADDING_MM,
        roster=booklet.roster, items=items, blank=booklet.blank,
        turns_full=TURNS_FULL_PAGE, turns_cell=TURNS_IN_CELL, turn_cols_full=6, turn_cols_cell=cols_cell,
    ))


def standalone_asset_base() -> str:
    """Absolute ``file:`` URL of the bundled templates, for an HTML file saved anywhere else."""
    return templates_dir().resolve().as_uri() + "/"
