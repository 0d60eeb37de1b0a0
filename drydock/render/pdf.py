"""PDF booklets through WeasyPrint, loading nothing but the bundled templates, styles and fonts.

:class:`BundleFetcher` refuses every URL that is not a file inside the
templates directory (no network, no ``file:///etc/passwd``), and records what
it refused. With two or four sheets per page, a first layout pass measures
which sheets fit one cell; a sheet that does not gets full pages of its own,
with a continuation page if it needs one.
"""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from drydock.render.html import Item, layout_items, render_html
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


def measure_fits(booklet: Booklet, fetcher: Any = None) -> list[bool]:
    """Per sheet: does it fit one cell? Lays each sheet out on a page the size of a cell and
    checks that its end marker lands on the same page as its start (public WeasyPrint anchors)."""
    fetcher = fetcher or bundle_fetcher()
    items = [Item("fit", sheet=s, anchor=f"sheet-{i + 1}") for i, s in enumerate(booklet.sheets)]
    probe = Booklet(sheets=booklet.sheets, roster=None, paper=booklet.paper, per_page=booklet.per_page,
                    blank=booklet.blank)
    doc = _document(render_html(probe, items=items), fetcher)
    page_of: dict[str, int] = {}
    for number, page in enumerate(doc.pages):
        for name in page.anchors:
            page_of.setdefault(name, number)
    return [page_of.get(f"sheet-{i + 1}") == page_of.get(f"sheet-{i + 1}-end")
            for i in range(len(booklet.sheets))]


def render_pdf(booklet: Booklet, fetcher: Any = None) -> bytes:
    """The booklet as PDF bytes. Fills ``booklet.fits`` when sheets share pages."""
    fetcher = fetcher or bundle_fetcher()
    if booklet.per_page > 1 and booklet.sheets:
        booklet.fits = measure_fits(booklet, fetcher)
    items = layout_items(booklet)
    doc = _document(render_html(booklet, items=items), fetcher)
    return bytes(doc.write_pdf())

