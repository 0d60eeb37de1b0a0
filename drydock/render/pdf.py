"""PDF booklets through WeasyPrint (:mod:`drydock.render.weasy`: only the bundled templates, styles, fonts).

Two renderers draw the same pages. :func:`render_pdf` with ``fast=False`` lays the whole booklet out
as one WeasyPrint document; the default fast path (:mod:`drydock.render.compose`) lays out each
distinct sheet once, in parallel, and assembles the pages. Both choose each sheet's size the same
way: the first of :func:`~drydock.render.html.size_order` that the sheet fits, measured on the laid-out
page from two markers (the sheet's top and the top of its turn record's boxes). Both draw the damage
boxes, the turn record's boxes and the page footers as vector content (:mod:`drydock.render.vector`)
where the laid-out page's markers say.
"""

from __future__ import annotations

from typing import Any

from drydock.render.compose import render_fast
from drydock.render.html import BOX_RUN_PREFIX, Item, geometry, layout_items, render_html, size_order
from drydock.render.sheet import Booklet
from drydock.render.vector import box_run_ops, box_runs, footer_ops, stamp_pages, turn_grid_ops
from drydock.render.weasy import bundle_fetcher, document, fits, layout_collections, marks, next_size, turn_grid

_PT_PER_MM = 72 / 25.4


def _sized(items: list[Item]) -> list[tuple[str, str]]:
    out = []
    for item in items:
        out += [(item.anchor, item.size)] if item.kind == "page" else [(c.anchor, c.size) for c in item.cells]
    return out


def render_plain(booklet: Booklet, fetcher: Any = None) -> bytes:
    """The booklet as one WeasyPrint document: every sheet laid out where it prints, no reuse.

    Sheets start at the booklet's first size; a sheet that does not fit is moved to the next size and the
    booklet laid out again (at most once per size).
    """
    with layout_collections():
        return _render_plain(booklet, fetcher or bundle_fetcher())


def _render_plain(booklet: Booklet, fetcher: Any) -> bytes:
    order = size_order(booklet)
    booklet.fits = [f or order[0] for f in booklet.fits] + [order[0]] * (len(booklet.sheets) - len(booklet.fits))
    for _ in order:
        items = layout_items(booklet)
        doc = document(render_html(booklet, items=items, footer=False, vector=True), fetcher)
        found = marks(doc)
        bad = [(anchor, size) for anchor, size in _sized(items) if not fits(booklet, anchor, size, found)]
        if not bad:
            break
        for anchor, size in bad:
            booklet.fits[int(anchor.rsplit("-", 1)[1]) - 1] = next_size(booklet, size)
    g = geometry(booklet.paper, booklet.per_page)
    page_h = g.page_h * _PT_PER_MM
    ops: list[list[str]] = [[] for _ in doc.pages]
    for anchor, size in _sized(items):
        grid = turn_grid(booklet, anchor, size, found)
        if grid is not None:
            ops[grid.page].append(turn_grid_ops(grid, page_h))
    for run in box_runs(found, BOX_RUN_PREFIX):
        ops[run.page].append(box_run_ops(run, page_h))
    for n, page_ops in enumerate(ops, start=1):
        page_ops.append(footer_ops(n, len(ops), g.page_w, g.page_h, g.margin))
    return stamp_pages(bytes(doc.write_pdf()), ["\n".join(o) for o in ops])


def render_pdf(booklet: Booklet, fetcher: Any = None, *, fast: bool = True, jobs: int | None = None) -> bytes:
    """The booklet as PDF bytes; ``booklet.fits`` records the size each sheet was printed at.

    ``fast`` (the default) lays each distinct sheet out once and reuses its pages, on ``jobs`` processes
    (default: one per CPU); the pages it draws are those of ``fast=False``.
    """
    if not fast:
        return render_plain(booklet, fetcher)
    return render_fast(booklet, fetcher, jobs=jobs)


def html_pdf(html: str, fetcher: Any = None) -> bytes:
    """Any bundled-template HTML page (e.g. a battle report) as PDF bytes, through the same fetcher."""
    return bytes(document(html, fetcher or bundle_fetcher()).write_pdf())
