"""PDF booklets through WeasyPrint, loading nothing but the bundled templates, styles and fonts.

:class:`BundleFetcher` refuses every URL that is not a file inside the
templates directory (no network, no ``file:///etc/passwd``), and records what
it refused. With two or four sheets per page, a sheet found (on the laid-out
pages) to overflow its cell gets full pages of its own, with a continuation
page if it needs one.
"""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from drydock.render.html import CELL_PADDING_MM, Item, geometry, layout_items, render_html
from drydock.render.sheet import Booklet
from drydock.resources import templates_dir

_MIME = {".ttf": "font/ttf", ".otf": "font/otf", ".css": "text/css", ".woff2": "font/woff2", ".png": "image/png",
         ".svg": "image/svg+xml"}


def _fetcher_class() -> type:
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class BundleFetcher(URLFetcher):
        """A WeasyPrint URL fetcher that serves only files under ``root``."""

        def __init__(self, root: Path) -> None:
            super().__init__(allowed_protocols=("file",))
            self.root = root.resolve()
            self.refused: list[str] = []
            self.served: list[str] = []

        def fetch(self, url: str, headers: Any = None) -> Any:
            path = self.resolve(url)
            if path is None:
                self.refused.append(url)
                raise ValueError(f"drydock renders only bundled files; refused {url!r}")
            self.served.append(path.name)
            mime = _MIME.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": mime})

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


def _document(html: str, fetcher: Any) -> Any:
    from weasyprint import HTML

    base = templates_dir().resolve().as_uri() + "/"
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    return HTML(string=html, base_url=base, url_fetcher=fetcher).render()


_PX_PER_MM = 96 / 25.4


def overflowing(booklet: Booklet, items: list[Item], doc: Any) -> set[int]:
    """Sheets (0-based) whose content runs past the bottom of their cell in a rendered document.

    Each sheet ends with an empty marker element; WeasyPrint reports its position (``Page.anchors``,
    CSS px from the page's top-left), which is compared with the bottom of the sheet's cell.
    """
    g = geometry(booklet.paper, booklet.per_page)
    top_of: dict[str, float] = {}
    for page in doc.pages:
        for name, box in page.anchors.items():  # (x, y) or (x1, y1, x2, y2) depending on the version
            top_of.setdefault(name, float(box[1]))
    out: set[int] = set()
    for item in items:
        if item.kind != "grid":
            continue
        for position, cell in enumerate(item.cells):
            _, top = g.positions[position]
            bottom = (g.margin + top + g.cell_h - CELL_PADDING_MM) * _PX_PER_MM
            mark = top_of.get(cell.anchor + "-end")
            if mark is None or mark > bottom + 0.5:
                out.add(int(cell.anchor.rsplit("-", 1)[1]) - 1)
    return out


def render_pdf(booklet: Booklet, fetcher: Any = None) -> bytes:
    """The booklet as PDF bytes.

    With several sheets per page, the booklet is laid out assuming every sheet fits its cell; a sheet
    that overflows is measured (:func:`overflowing`) and the booklet laid out again with that sheet on
    full pages of its own (continuation pages as needed). ``booklet.fits`` records the outcome.
    """
    fetcher = fetcher or bundle_fetcher()
    booklet.fits = [True] * len(booklet.sheets)
    items = layout_items(booklet)
    doc = _document(render_html(booklet, items=items), fetcher)
    if booklet.per_page > 1:
        bad = overflowing(booklet, items, doc)
        if bad:
            booklet.fits = [i not in bad for i in range(len(booklet.sheets))]
            doc = _document(render_html(booklet, items=layout_items(booklet)), fetcher)
    return bytes(doc.write_pdf())


def html_pdf(html: str, fetcher: Any = None) -> bytes:
    """Any bundled-template HTML page (e.g. a battle report) as PDF bytes, through the same fetcher."""
    return bytes(_document(html, fetcher or bundle_fetcher()).write_pdf())
