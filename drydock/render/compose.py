"""The fast booklet: each distinct sheet laid out once, in parallel, its pages reused (1.0-1.5).

A booklet of 48 ships built from a handful of designs has only a handful of different sheets (the
names and IDs are blank lines for the pencil; a sheet with a name of its own is a sheet of its own).
Each distinct sheet is laid out as a small document of its own -- a page of the cell's size for a
quarter or half, the paper size for a sheet on its own page -- trying the sizes of
:func:`~drydock.render.html.size_order` until it fits, on a pool of processes (forked, so WeasyPrint is
imported once). The roster is laid out knowing every sheet's page. The final PDF draws every laid-out
page as a form XObject: a repeated ship draws the same XObject again, a shared page draws its cells'
XObjects side by side. The turn records' boxes and the page footers ("page n of m") are drawn over them as
vector content (:mod:`drydock.render.vector`), as the plain renderer does. Results are collected in booklet
order, so the output does not depend on the number of processes.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from io import BytesIO
from typing import Any, NamedTuple

from drydock.render.html import (
    BOX_RUN_PREFIX,
    CELL_SIZES,
    Item,
    Placed,
    geometry,
    layout_items,
    render_css,
    render_html,
    size_order,
)
from drydock.render.sheet import Booklet, Sheet
from drydock.render.vector import (
    BoxRun,
    TurnGrid,
    box_run_ops,
    box_runs,
    font_resources,
    footer_ops,
    save,
    turn_grid_ops,
)
from drydock.render.weasy import (
    document,
    fits,
    laid_out,
    layout_collections,
    marks,
    next_size,
    shared_fetcher,
    stylesheet,
    turn_grid,
)

_PT_PER_MM = 72 / 25.4
_PX_PER_MM = 96 / 25.4
UNIT_ANCHOR = "sheet-1"


def _unit_items(sheet: Sheet, size: str) -> tuple[list[Item], str]:
    if size in CELL_SIZES:
        return [Item("grid", cells=(Placed(sheet, UNIT_ANCHOR, size, 0.0, 0.0),))], "cell"
    return [Item("page", sheet=sheet, anchor=UNIT_ANCHOR, size=size)], ""


KEYED_SIZES = ("page", "compact", "flow")
"""Sizes whose sheets carry the arc key at their top right (the template's ``keyed``)."""
_NO_KEY = "\n.head.keyed .keyfig { background: none; }"
_ONLY_KEY = "\n.ssd * { visibility: hidden; } .head.keyed .keyfig { visibility: visible; } .turnbox { display: none; }"


def keyed(booklet: Booklet, size: str) -> bool:
    """Does a sheet printed at ``size`` carry the arc key (drawn once per booklet and stamped, see below)?"""
    return booklet.key and not booklet.blank and size in KEYED_SIZES


def sheet_css(booklet: Booklet, items: list[Item], unit: str, size: str) -> str:
    """The stylesheet of a sheet laid out alone; a keyed sheet leaves its arc key out (:func:`key_stamp` draws it)."""
    return render_css(booklet, items=items, footer=False, unit=unit) + (_NO_KEY if keyed(booklet, size) else "")


class Laid(NamedTuple):
    """A sheet laid out alone: its size, its PDF, and what is drawn over its pages (turn record, box runs)."""

    size: str
    pdf: bytes
    grid: TurnGrid | None
    runs: list[BoxRun]
    bookmarks: list[Bookmark]


def lay_out_sheet(booklet: Booklet, sheet: Sheet, size: str, fetcher: Any = None) -> Laid:
    """``sheet`` laid out alone at the first size from ``size`` on that it fits."""
    fetcher = fetcher or shared_fetcher()
    one = replace(booklet, sheets=[sheet], roster=None, fits=[])
    while True:
        items, unit = _unit_items(sheet, size)
        html = render_html(one, items=items, roster=False, footer=False, unit=unit, vector=True, inline_css=False)
        doc = document(html, fetcher, sheet_css(one, items, unit, size))
        found = marks(doc)
        if fits(booklet, UNIT_ANCHOR, size, found) or size == "flow":
            return Laid(size, bytes(doc.write_pdf()), turn_grid(booklet, UNIT_ANCHOR, size, found),
                        box_runs(found, BOX_RUN_PREFIX), bookmarks(doc))
        size = next_size(booklet, size)


def key_stamp(booklet: Booklet, size: str, fetcher: Any = None) -> bytes:
    """The arc key alone, where a sheet page of ``size`` draws it: the key diagram (an SVG of some hundred strokes)
    is painted once per booklet and stamped onto every sheet page instead of being painted on each."""
    cache = (booklet.paper, booklet.per_page, booklet.blank, booklet.compact, booklet.key, size)
    if fetcher is None and cache in _STAMPS:
        return _STAMPS[cache]
    one = replace(booklet, sheets=[], roster=None, fits=[])
    items, unit = _unit_items(Sheet(title=""), size)
    html = render_html(one, items=items, roster=False, footer=False, unit=unit, vector=True, inline_css=False)
    css = render_css(one, items=items, footer=False, unit=unit) + _ONLY_KEY
    stamp = bytes(document(html, fetcher or shared_fetcher(), css).write_pdf())
    if fetcher is None:
        _STAMPS[cache] = stamp
    return stamp


_STAMPS: dict[tuple[Any, ...], bytes] = {}
"""Arc keys laid out in this process, by the booklet's settings and the size (with the shared fetcher)."""


def has_stamp(booklet: Booklet, size: str) -> bool:
    """Is the arc key of ``size`` for booklets like ``booklet`` laid out already (:mod:`drydock.render.warm`)?"""
    return (booklet.paper, booklet.per_page, booklet.blank, booklet.compact, booklet.key, size) in _STAMPS


def roster_guess(booklet: Booklet) -> int:
    """A first guess of the roster's length in pages (about 40 ships a page; a wrong guess costs one more layout)."""
    if booklet.roster is None:
        return 0
    return 1 + (len(booklet.sheets) + 12) // 40


def _page_numbers(items: list[Item], unit_pages: dict[Sheet, int], first: int) -> tuple[dict[str, int], int]:
    """Each sheet anchor's page number when the sheets start after ``first`` pages; and the booklet's length."""
    pages: dict[str, int] = {}
    n = first
    for item in items:
        if item.kind == "page":
            assert item.sheet is not None
            pages[item.anchor] = n + 1
            n += unit_pages[item.sheet]
        else:
            pages.update((c.anchor, n + 1) for c in item.cells)
            n += 1
    return pages, n


Bookmark = tuple[int, str, int, float]
"""A bookmark of a laid-out document: its level, label, page index and height (CSS px from the top)."""
Link = tuple[int, float, float, float, float, str]
"""A link on a laid-out page: page index, its box (CSS px from the top left) and the sheet anchor it goes to."""
ROSTER_LINK = "rp-"
"""Anchors of the roster's page-number cells (``rp-<sheet anchor>``): the fast path makes them links."""


def bookmarks(doc: Any) -> list[Bookmark]:
    """The bookmarks of a laid-out document (WeasyPrint's, from ``bookmark-level``), in order."""
    return [(level, label, index, float(point[1])) for index, page in enumerate(doc.pages)
            for level, label, point, *_ in page.bookmarks]


class Roster(NamedTuple):
    """The roster laid out: its PDF and pages, its links to the sheets' pages and its bookmark."""

    pdf: bytes
    pages: int
    links: list[Link]
    bookmarks: list[Bookmark]


def lay_out_roster(booklet: Booklet, items: list[Item], unit_pages: dict[Sheet, int], assumed: int,
                   fetcher: Any = None) -> Roster:
    """The roster for ``items`` whose page sheets take ``unit_pages`` pages each.

    The roster prints each ship's page number, so it is laid out on a guess of its own length (``assumed``)
    and again if the guess was wrong.
    """
    fetcher = fetcher or shared_fetcher()
    if booklet.roster is None:
        return Roster(b"", 0, [], [])
    roster_css = render_css(booklet, items=[], footer=False)
    while True:
        pages, _ = _page_numbers(items, unit_pages, assumed)
        doc = document(render_html(booklet, items=[], footer=False, pages=pages, inline_css=False), fetcher,
                       roster_css)
        if len(doc.pages) == assumed:
            links = [(m.page, m.x1, m.y1, m.x2, m.y2, name[len(ROSTER_LINK):]) for name, m in marks(doc).items()
                     if name.startswith(ROSTER_LINK)]
            return Roster(bytes(doc.write_pdf()), assumed, links, bookmarks(doc))
        assumed = len(doc.pages)


def front_matter(booklet: Booklet, items: list[Item], unit_pages: dict[Sheet, int], fetcher: Any = None,
                 assumed: int | None = None) -> Roster:
    """The roster for ``items`` whose page sheets take ``unit_pages`` pages each."""
    assumed = roster_guess(booklet) if assumed is None else assumed
    return lay_out_roster(booklet, items, unit_pages, assumed, fetcher)


def _task(args: tuple[Any, ...]) -> Any:
    if args[0] == "roster":
        return lay_out_roster(*args[1:])
    if args[0] == "key":
        return key_stamp(*args[1:])
    return lay_out_sheet(*args[1:])


def warm_up(booklet: Booklet) -> None:
    """Parse every stylesheet that booklets like ``booklet`` (its paper and settings) are laid out with, and load
    their fonts, once in this process (a quarter of a second): processes forked afterwards start warm."""
    for size in size_order(booklet):
        items, unit = _unit_items(Sheet(title=""), size)
        stylesheet(sheet_css(booklet, items, unit, size), shared_fetcher())
    stylesheet(render_css(booklet, items=[], footer=False), shared_fetcher())  # the roster's too
    for size in KEYED_SIZES:  # and the arc key's
        if keyed(booklet, size):
            items, unit = _unit_items(Sheet(title=""), size)
            stylesheet(render_css(booklet, items=items, footer=False, unit=unit) + _ONLY_KEY, shared_fetcher())


def _map(tasks: list[tuple[Any, ...]], jobs: int, fetcher: Any) -> list[Any]:
    """Run the tasks, in parallel on forked processes when that is possible and asked for; results in order.

    The stylesheets are parsed here first and, unless this process has laid a page out already, the last task runs
    here first (loading the fonts, compiling the templates), before the workers are forked, so that they start warm.
    """
    if fetcher is not None or jobs <= 1 or len(tasks) <= 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [_task((*t, fetcher)) for t in tasks]
    warm_up(tasks[-1][1])
    if laid_out():  # this process has laid a page out already (drydock.render.warm): it is warm, fork now
        last, rest = [], tasks
    else:
        last, rest = [_task((*tasks[-1], None))], tasks[:-1]
    gc.freeze()  # what the workers inherit stays out of their collections (drydock.render.weasy.layout_collections)
    with ProcessPoolExecutor(max_workers=min(jobs, len(rest)), mp_context=multiprocessing.get_context("fork")) as ex:
        return [*ex.map(_task, rest, chunksize=1), *last]


class _Assembler:
    """Builds the output PDF (pikepdf) from laid-out pages, each source page becoming one reusable form XObject."""

    def __init__(self, page_w: float, page_h: float) -> None:
        # lazy: printing only (WeasyPrint, pikepdf, fontTools)
        import pikepdf

        self.pdf = pikepdf.new()
        self.size = (round(page_w * _PT_PER_MM, 3), round(page_h * _PT_PER_MM, 3))
        self.forms: dict[tuple[int, int], Any] = {}
        self.sources: dict[int, Any] = {}
        self.fonts: Any = None

    def source(self, key: int, pdf: bytes) -> Any:
        # lazy: printing only (WeasyPrint, pikepdf, fontTools)
        import pikepdf

        if key not in self.sources:  # kept open until the booklet is saved
            self.sources[key] = pikepdf.open(BytesIO(pdf))
        return self.sources[key]

    def form(self, key: int, pdf: bytes, index: int) -> Any:
        ref = self.forms.get((key, index))
        if ref is None:
            form = self.source(key, pdf).pages[index].as_form_xobject()
            ref = self.forms[(key, index)] = self.pdf.copy_foreign(form)
        return ref

    def page(self, placed: list[tuple[Any, float, float]], ops_after: str = "") -> None:
        """A page drawing each form at (x, y) mm from the page's top-left corner (its own top-left there), then
        the vector content ``ops_after`` (PDF user space)."""
        # lazy: printing only (WeasyPrint, pikepdf, fontTools)
        import pikepdf

        w, h = self.size
        xobjects = pikepdf.Dictionary()
        ops = []
        for n, (ref, x, y) in enumerate(placed):
            name = f"/P{n}"
            xobjects[name] = ref
            dy = h - round(y * _PT_PER_MM, 3) - float(ref.BBox[3])
            ops.append(f"q 1 0 0 1 {round(x * _PT_PER_MM, 3)} {round(dy, 3)} cm {name} Do Q")
        if self.fonts is None:
            self.fonts = font_resources(self.pdf)
        content = "\n".join([*ops, ops_after] if ops_after else ops).encode("ascii")
        page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=pikepdf.Array([0, 0, w, h]),
                                  Resources=pikepdf.Dictionary(XObject=xobjects, Font=self.fonts),
                                  Contents=pikepdf.Stream(self.pdf, content))
        self.pdf.pages.append(pikepdf.Page(page))

    def links(self, links: list[tuple[int, float, float, float, float, int]]) -> None:
        """Link annotations: (page index, box in CSS px from the top left, target page index)."""
        # lazy: printing only (WeasyPrint, pikepdf, fontTools)
        import pikepdf

        h = self.size[1]
        for page, x1, y1, x2, y2, target in links:
            rect = [round(x1 * 0.75, 3), round(h - y2 * 0.75, 3), round(x2 * 0.75, 3), round(h - y1 * 0.75, 3)]
            annot = self.pdf.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=rect, Border=[0, 0, 0],
                Dest=[self.pdf.pages[target].obj, pikepdf.Name.XYZ, 0, h, 0]))
            where = self.pdf.pages[page].obj
            if "/Annots" not in where:
                where.Annots = pikepdf.Array()
            where.Annots.append(annot)

    def outline(self, marks: list[tuple[int, str, int, float]]) -> None:
        """Bookmarks: (level, label, page index, height in CSS px from the page's top), a deeper level nested
        under the last shallower one."""
        # lazy: printing only (WeasyPrint, pikepdf, fontTools)
        from pikepdf import OutlineItem, PageLocation

        with self.pdf.open_outline() as outline:
            parents: list[tuple[int, Any]] = []
            for level, label, page, y in marks:
                item = OutlineItem(label, page, PageLocation.XYZ, left=0, top=round(self.size[1] - y * 0.75, 3))
                while parents and parents[-1][0] >= level:
                    parents.pop()
                (parents[-1][1].children if parents else outline.root).append(item)
                parents.append((level, item))

    def bytes(self) -> bytes:
        return save(self.pdf)


def render_fast(booklet: Booklet, fetcher: Any = None, *, jobs: int | None = None) -> bytes:
    """The booklet as PDF bytes, each distinct sheet laid out once (see the module docstring).

    The roster (and the arc key of the first size) is laid out alongside the sheets on the guess that every
    sheet fits its first size on one page; when a sheet did not, the roster is laid out again once the sheets
    are done.
    """
    with layout_collections():
        return _render_fast(booklet, fetcher, jobs)


def _render_fast(booklet: Booklet, fetcher: Any, jobs: int | None) -> bytes:
    order = size_order(booklet)
    distinct: dict[Sheet, str] = {}
    for i, sheet in enumerate(booklet.sheets):
        distinct.setdefault(sheet, booklet.fits[i] if i < len(booklet.fits) and booklet.fits[i] else order[0])
    booklet.fits = [distinct[s] for s in booklet.sheets]
    guess = layout_items(booklet)
    bare = replace(booklet, sheets=[], roster=None, fits=[])
    ones = dict.fromkeys(distinct, 1)
    assumed = roster_guess(booklet)
    tasks: list[tuple[Any, ...]] = [("roster", booklet, guess, ones, assumed)]
    stamps: dict[str, bytes] = {}
    if keyed(booklet, order[0]) and booklet.sheets:
        if fetcher is None and has_stamp(bare, order[0]):  # laid out ahead (drydock.render.warm)
            stamps[order[0]] = key_stamp(bare, order[0])
        else:
            tasks.append(("key", bare, order[0]))
    tasks += [("sheet", bare, sheet, size) for sheet, size in distinct.items()]
    roster, *laid = _map(tasks, jobs or os.cpu_count() or 1, fetcher)
    if len(tasks) - 1 > len(distinct):
        stamps[order[0]] = laid.pop(0)
    done = dict(zip(distinct, laid, strict=True))
    unit_pdf = {sheet: one.pdf for sheet, one in done.items()}
    g = geometry(booklet.paper, booklet.per_page)
    out = _Assembler(g.page_w, g.page_h)
    keys = {sheet: n for n, sheet in enumerate(distinct)}
    unit_pages = {sheet: len(out.source(keys[sheet], pdf).pages) for sheet, pdf in unit_pdf.items()}
    booklet.fits = [done[s].size for s in booklet.sheets]
    items = layout_items(booklet)
    if items != guess or any(n != 1 for n in unit_pages.values()) or roster.pages != assumed:
        roster = front_matter(booklet, items, unit_pages, fetcher, roster.pages)
    roster_pdf, roster_pages = roster.pdf, roster.pages

    roster_key = -2
    first_page, total = _page_numbers(items, unit_pages, roster_pages)
    marked: list[Bookmark] = list(roster.bookmarks)
    number = 0

    def drawn(sheet: Sheet, page: int, dx: float = 0.0, dy: float = 0.0) -> list[str]:
        """What is drawn over page ``page`` of ``sheet``'s layout, placed (dx, dy) mm further on."""
        one, h = done[sheet], out.size[1]
        dx, dy = dx * _PX_PER_MM, dy * _PX_PER_MM
        ops = [turn_grid_ops(one.grid.moved(0, dx, dy), h)] if one.grid is not None and one.grid.page == page else []
        return ops + [box_run_ops(run.moved(0, dx, dy), h) for run in one.runs if run.page == page]

    def emit(placed: list[tuple[Any, float, float]], ops: list[str] = ()) -> None:  # type: ignore[assignment]
        nonlocal number
        number += 1
        out.page(placed, "\n".join([*ops, footer_ops(number, total, g.page_w, g.page_h, g.margin)]))

    for index in range(roster_pages):
        emit([(out.form(roster_key, roster_pdf, index), 0.0, 0.0)])
    for item in items:
        if item.kind == "page":
            assert item.sheet is not None
            for index in range(unit_pages[item.sheet]):
                placed = [(out.form(keys[item.sheet], unit_pdf[item.sheet], index), 0.0, 0.0)]
                if index == 0 and keyed(booklet, item.size):
                    if item.size not in stamps:
                        stamps[item.size] = key_stamp(booklet, item.size, fetcher)
                    placed.append((out.form(-3 - KEYED_SIZES.index(item.size), stamps[item.size], 0), 0.0, 0.0))
                emit(placed, drawn(item.sheet, index))
            marked += [(level, label, first_page[item.anchor] - 1 + page, y)
                       for level, label, page, y in done[item.sheet].bookmarks]
        else:
            for c in item.cells:
                dy = (g.margin + c.y) * _PX_PER_MM
                marked += [(level, label, first_page[c.anchor] - 1, y + dy)
                           for level, label, _, y in done[c.sheet].bookmarks]
            emit([(out.form(keys[c.sheet], unit_pdf[c.sheet], 0), g.margin + c.x, g.margin + c.y) for c in item.cells],
                 [op for c in item.cells for op in drawn(c.sheet, 0, g.margin + c.x, g.margin + c.y)])
    out.links([(page, x1, y1, x2, y2, first_page[anchor] - 1) for page, x1, y1, x2, y2, anchor in roster.links
               if anchor in first_page])
    out.outline(marked)
    return out.bytes()
