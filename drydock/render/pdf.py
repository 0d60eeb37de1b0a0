"""PDF booklets through WeasyPrint, loading nothing but the bundled templates, styles and fonts.

:class:`BundleFetcher` refuses every URL that is not a file inside the templates directory (no
network, no ``file:///etc/passwd``), and records what it refused.

Two renderers draw the same pages. :func:`render_pdf` with ``fast=False`` lays the whole booklet out
as one WeasyPrint document; the default fast path (:mod:`drydock.render.compose`) lays out each
distinct sheet once, in parallel, and assembles the pages. Both choose each sheet's size the same
way: the first of :func:`~drydock.render.html.size_order` that the sheet fits, measured on the laid-out
page from two markers (the sheet's top and the top of its turn record's boxes). Both draw the damage
boxes, the turn record's boxes and the page footers as vector content (:mod:`drydock.render.vector`)
where the laid-out page's markers say.
"""

from __future__ import annotations

import atexit
import logging
import mimetypes
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import unquote, urlsplit

from drydock.render.html import (
    BOX_RUN_PREFIX,
    CELL_SIZES,
    TURN_COLUMNS,
    Item,
    geometry,
    layout_items,
    render_html,
    size_order,
)
from drydock.render.sheet import Booklet
from drydock.render.tables import TURNS_FULL_PAGE, TURNS_IN_CELL
from drydock.render.vector import (
    TurnGrid,
    box_run_ops,
    box_runs,
    footer_ops,
    least_height_mm,
    stamp_pages,
    turn_grid_ops,
)
from drydock.resources import templates_dir

_MIME = {".ttf": "font/ttf", ".otf": "font/otf", ".css": "text/css", ".woff2": "font/woff2", ".png": "image/png",
         ".svg": "image/svg+xml"}
_PX_PER_MM = 96 / 25.4
_PT_PER_MM = 72 / 25.4


def require_weasyprint() -> None:
    """Printing needs WeasyPrint and the Pango library it loads; say so in one line (docs/installation.md).

    Everything else (rating, checking, Drake, YAML, workbooks, battles) works without them.
    """
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as exc:  # OSError: WeasyPrint is installed but cannot load Pango
        from drydock.errors import DrydockError, one_line

        raise DrydockError(f"printing needs WeasyPrint and its Pango library, which could not be loaded "
                           f"({one_line(str(exc), 160)}); see docs/installation.md. Rating, checking and "
                           f"converting designs work without them") from None


def _fetcher_class() -> type:
    require_weasyprint()
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class BundleFetcher(URLFetcher):
        """A WeasyPrint URL fetcher that serves only files under ``root``."""

        def __init__(self, root: Path) -> None:
            super().__init__(allowed_protocols=("file",))
            self.root = root.resolve()
            self.refused: list[str] = []
            self.served: list[str] = []
            self._cache: dict[Path, bytes] = {}

        def fetch(self, url: str, headers: Any = None) -> Any:
            path = self.resolve(url)
            if path is None:
                self.refused.append(url)
                raise ValueError(f"drydock renders only bundled files; refused {url!r}")
            self.served.append(path.name)
            mime = _MIME.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            data = self._cache.get(path)
            if data is None:
                data = self._cache[path] = path.read_bytes()
            return URLFetcherResponse(path.as_uri(), data, {"Content-Type": mime})

        def resolve(self, url: str) -> Path | None:
            parts = urlsplit(url)
            if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
                return None
            path = Path(unquote(parts.path)).resolve()
            if not path.is_relative_to(self.root) or not path.is_file():
                return None
            return path

    return BundleFetcher


def bundle_fetcher(root: Path | None = None) -> Any:
    """A fetcher limited to ``root`` (default: the bundled templates directory)."""
    return _fetcher_class()(root or templates_dir())


_SHARED: list[Any] = []


def shared_fetcher() -> Any:
    """One bundle fetcher per process, so that parsed stylesheets and loaded fonts are reused."""
    if not _SHARED:
        _SHARED.append(bundle_fetcher())
    return _SHARED[0]


_STYLES: dict[tuple[str, int], Any] = {}
_FONTS: list[Any] = []


def document(html: str, fetcher: Any, css: str | None = None) -> Any:
    """A laid-out WeasyPrint document of ``html`` (base URL: the templates directory).

    With ``css`` (a stylesheet left out of ``html``), the parsed stylesheet and its loaded fonts are kept and
    reused by every later document of this process with the same stylesheet and fetcher.
    """
    require_weasyprint()
    from weasyprint import HTML

    base = templates_dir().resolve().as_uri() + "/"
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    if css is None:
        return HTML(string=html, base_url=base, url_fetcher=fetcher).render()
    return HTML(string=html, base_url=base, url_fetcher=fetcher).render(stylesheets=[stylesheet(css, fetcher)],
                                                                        font_config=_FONTS[0])


def stylesheet(css: str, fetcher: Any) -> Any:
    """The parsed stylesheet ``css`` (and its fonts, loaded once), kept for every later document of this process."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    if not _FONTS:
        _FONTS.append(FontConfiguration())
        atexit.register(_FONTS.clear)  # before interpreter teardown: its __del__ then fails on Python 3.10
    key = (css, id(fetcher))
    sheet = _STYLES.get(key)
    if sheet is None:
        if len(_STYLES) > 32:
            _STYLES.clear()
        base = templates_dir().resolve().as_uri() + "/"
        sheet = _STYLES[key] = CSS(string=css, base_url=base, url_fetcher=fetcher, font_config=_FONTS[0])
    return sheet


class Mark(NamedTuple):
    """Where an anchored element was laid out: page index and its box in CSS px from the page's top left."""

    page: int
    x1: float
    y1: float
    x2: float
    y2: float


def marks(doc: Any) -> dict[str, Mark]:
    """Every anchor of a laid-out document (after any transform of the element, as WeasyPrint reports it)."""
    out: dict[str, Mark] = {}
    for index, page in enumerate(doc.pages):
        for name, box in page.anchors.items():  # (x1, y1, x2, y2): WeasyPrint 61 and later
            out.setdefault(name, Mark(index, *(float(v) for v in box)))
    return out


def _turn_record(size: str) -> tuple[int, int]:
    """(turns, columns) of a sheet's game-turn record at ``size`` (1.5)."""
    return (TURNS_IN_CELL if size in CELL_SIZES else TURNS_FULL_PAGE), TURN_COLUMNS[size]


def turn_grid(booklet: Booklet, anchor: str, size: str, found: dict[str, Mark]) -> TurnGrid | None:
    """The box of the turn record of the sheet marked ``anchor``: from under its caption to the sheet's foot.

    ``None`` for a flowing sheet (its turn record is laid out as HTML) or one not laid out whole on one page.
    """
    if size == "flow":
        return None
    top, grid = found.get(anchor), found.get(anchor + "-grid")
    if top is None or grid is None or top.page != grid.page:
        return None
    g = geometry(booklet.paper, booklet.per_page)
    scale = g.scale if size == "page" else 1.0  # WeasyPrint reports anchors after the sheet's transform
    bottom = top.y1 + g.sheet_height(size) * scale * _PX_PER_MM
    turns, columns = _turn_record(size)
    return TurnGrid(grid.page, grid.x1, grid.y1, grid.x2, bottom, turns, columns, scale)


def fits(booklet: Booklet, anchor: str, size: str, found: dict[str, Mark]) -> bool:
    """Does the sheet marked ``anchor`` fit its ``size``: on its first page, with its turn record's rows at their
    least height (:data:`~drydock.render.tables.TURN_BOX_MM`) under its caption?"""
    if size == "flow":
        return True
    grid = turn_grid(booklet, anchor, size, found)
    if grid is None:
        return False
    turns, columns = _turn_record(size)
    return grid.y1 + least_height_mm(size, turns, columns) * grid.scale * _PX_PER_MM <= grid.y2 + 0.5


def next_size(booklet: Booklet, size: str) -> str:
    order = size_order(booklet)
    return order[min(order.index(size) + 1, len(order) - 1)]


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
    fetcher = fetcher or bundle_fetcher()
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
    from drydock.render.compose import render_fast

    return render_fast(booklet, fetcher, jobs=jobs)


def html_pdf(html: str, fetcher: Any = None) -> bytes:
    """Any bundled-template HTML page (e.g. a battle report) as PDF bytes, through the same fetcher."""
    return bytes(document(html, fetcher or bundle_fetcher()).write_pdf())
