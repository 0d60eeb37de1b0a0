"""The fast booklet: each distinct sheet laid out once, in parallel, its pages reused (1.0-1.5).

A booklet of 48 ships built from a handful of designs has only a handful of different sheets (the
names and IDs are blank lines for the pencil; a sheet with a name of its own is a sheet of its own).
Each distinct sheet is laid out as a small document of its own -- a page of the cell's size for a
quarter or half, the paper size for a sheet on its own page -- trying the sizes of
:func:`~drydock.render.html.size_order` until it fits, on a pool of processes (forked, so WeasyPrint is
imported once). The roster is laid out knowing every sheet's page. The final PDF draws every laid-out
page as a form XObject: a repeated ship draws the same XObject again, a shared page draws its cells'
XObjects side by side, and each page gets its footer ("page n of m") from a document of footers. Results
are collected in booklet order, so the output does not depend on the number of processes.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from io import BytesIO
from typing import Any

from drydock.render.html import (
    CELL_SIZES,
    Item,
    Placed,
    geometry,
    layout_items,
    render_css,
    render_html,
    size_order,
)
from drydock.render.pdf import bundle_fetcher, document, fits, marks, next_size
from drydock.render.sheet import Booklet, Sheet

_PT_PER_MM = 72 / 25.4
UNIT_ANCHOR = "sheet-1"


def _unit_items(sheet: Sheet, size: str) -> tuple[list[Item], str]:
    if size in CELL_SIZES:
        return [Item("grid", cells=(Placed(sheet, UNIT_ANCHOR, size, 0.0, 0.0),))], "cell"
    return [Item("page", sheet=sheet, anchor=UNIT_ANCHOR, size=size)], ""


def lay_out_sheet(booklet: Booklet, sheet: Sheet, size: str, fetcher: Any = None) -> tuple[str, bytes]:
    """(size, PDF) of ``sheet`` alone at the first size from ``size`` on that it fits."""
    fetcher = fetcher or bundle_fetcher()
    one = replace(booklet, sheets=[sheet], roster=None, fits=[])
    while True:
        items, unit = _unit_items(sheet, size)
        doc = document(render_html(one, items=items, roster=False, footer=False, unit=unit, inline_css=False),
                       fetcher, render_css(one, items=items, footer=False, unit=unit))
        if fits(booklet, UNIT_ANCHOR, size, marks(doc)) or size == "flow":
            return size, bytes(doc.write_pdf())
        size = next_size(booklet, size)


def _task(args: tuple[Booklet, Sheet, str]) -> tuple[str, bytes]:
    return lay_out_sheet(*args)


def _map(tasks: list[tuple[Booklet, Sheet, str]], jobs: int, fetcher: Any) -> list[tuple[str, bytes]]:
    if fetcher is not None or jobs <= 1 or len(tasks) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [lay_out_sheet(*t, fetcher=fetcher) for t in tasks]
    import weasyprint  # noqa: F401  (imported before forking, once for every worker)

    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=multiprocessing.get_context("fork")) as ex:
        return list(ex.map(_task, tasks, chunksize=1))


class _Assembler:
    """Builds the output PDF from laid-out pages, each source page becoming one reusable form XObject."""

    def __init__(self, page_w: float, page_h: float) -> None:
        from pypdf import PdfWriter

        self.writer = PdfWriter()
        self.size = (round(page_w * _PT_PER_MM, 3), round(page_h * _PT_PER_MM, 3))
        self.forms: dict[tuple[int, int], Any] = {}
        self.readers: dict[int, Any] = {}

    def reader(self, key: int, pdf: bytes) -> Any:
        from pypdf import PdfReader

        if key not in self.readers:
            self.readers[key] = PdfReader(BytesIO(pdf))
        return self.readers[key]

    def form(self, key: int, pdf: bytes, index: int) -> Any:
        from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

        ref = self.forms.get((key, index))
        if ref is None:
            src = self.reader(key, pdf).pages[index]
            stream = DecodedStreamObject()
            stream.set_data(src.get_contents().get_data())
            stream[NameObject("/Type")] = NameObject("/XObject")
            stream[NameObject("/Subtype")] = NameObject("/Form")
            stream[NameObject("/BBox")] = ArrayObject(FloatObject(v) for v in src.mediabox)
            stream[NameObject("/Resources")] = src["/Resources"].clone(self.writer)
            if "/Group" in src:
                stream[NameObject("/Group")] = src["/Group"].clone(self.writer)
            ref = self.forms[(key, index)] = self.writer._add_object(stream.flate_encode())
        return ref

    def page(self, placed: list[tuple[Any, float, float]]) -> None:
        """A page drawing each form at (x, y) mm from the page's top-left corner (its own top-left there)."""
        from pypdf import PageObject
        from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

        w, h = self.size
        page = PageObject.create_blank_page(width=w, height=h)
        xobjects = DictionaryObject()
        ops = []
        for n, (ref, x, y) in enumerate(placed):
            name = f"/P{n}"
            xobjects[NameObject(name)] = ref
            bbox = ref.get_object()["/BBox"]
            dy = h - round(y * _PT_PER_MM, 3) - float(bbox[3])
            ops.append(f"q 1 0 0 1 {round(x * _PT_PER_MM, 3)} {round(dy, 3)} cm {name} Do Q")
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        content = DecodedStreamObject()
        content.set_data("\n".join(ops).encode("ascii"))
        page[NameObject("/Contents")] = self.writer._add_object(content)
        self.writer.add_page(page)

    def bytes(self) -> bytes:
        out = BytesIO()
        self.writer.write(out)
        return out.getvalue()


def render_fast(booklet: Booklet, fetcher: Any = None, *, jobs: int | None = None) -> bytes:
    """The booklet as PDF bytes, each distinct sheet laid out once (see the module docstring)."""
    from pypdf import PdfReader

    order = size_order(booklet)
    distinct: dict[Sheet, int] = {}
    for sheet in booklet.sheets:
        distinct.setdefault(sheet, len(distinct))
    start = [booklet.fits[i] if i < len(booklet.fits) and booklet.fits[i] else order[0]
             for i in range(len(booklet.sheets))]
    firsts: dict[int, str] = {}
    for sheet, first in zip(booklet.sheets, start, strict=True):
        firsts.setdefault(distinct[sheet], first)
    tasks = [(replace(booklet, sheets=[], roster=None, fits=[]), sheet, firsts[k]) for sheet, k in distinct.items()]
    laid = _map(tasks, jobs or os.cpu_count() or 1, fetcher)
    unit_pdf = [pdf for _, pdf in laid]
    unit_pages = [len(PdfReader(BytesIO(pdf)).pages) for pdf in unit_pdf]
    booklet.fits = [laid[distinct[s]][0] for s in booklet.sheets]
    items = layout_items(booklet)

    g = geometry(booklet.paper, booklet.per_page)
    fetcher = fetcher or bundle_fetcher()
    roster_pdf, roster_pages = b"", 0
    if booklet.roster is not None:
        assumed = 1
        while True:
            pages: dict[str, int] = {}
            n = assumed
            for item in items:
                if item.kind == "page":
                    assert item.sheet is not None
                    pages[item.anchor] = n + 1
                    n += unit_pages[distinct[item.sheet]]
                else:
                    pages.update((c.anchor, n + 1) for c in item.cells)
                    n += 1
            doc = document(render_html(booklet, items=[], footer=False, pages=pages), fetcher)
            if len(doc.pages) == assumed:
                break
            assumed = len(doc.pages)
        roster_pdf, roster_pages = bytes(doc.write_pdf()), assumed

    total = roster_pages + sum(unit_pages[distinct[i.sheet]] if i.kind == "page" and i.sheet is not None else 1
                               for i in items)
    footers = bytes(document(render_html(booklet, items=[], roster=False, blank_pages=total), fetcher).write_pdf())
    out = _Assembler(g.page_w, g.page_h)
    footer_key, roster_key = -1, -2
    number = 0

    def emit(placed: list[tuple[Any, float, float]]) -> None:
        nonlocal number
        out.page([*placed, (out.form(footer_key, footers, number), 0.0, 0.0)])
        number += 1

    for index in range(roster_pages):
        emit([(out.form(roster_key, roster_pdf, index), 0.0, 0.0)])
    for item in items:
        if item.kind == "page":
            assert item.sheet is not None
            key = distinct[item.sheet]
            for index in range(unit_pages[key]):
                emit([(out.form(key, unit_pdf[key], index), 0.0, 0.0)])
        else:
            emit([(out.form(distinct[c.sheet], unit_pdf[distinct[c.sheet]], 0), g.margin + c.x, g.margin + c.y)
                  for c in item.cells])
    return out.bytes()
