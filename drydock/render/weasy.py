"""WeasyPrint documents for both booklet renderers, loading nothing but the bundled templates, styles, fonts.

:func:`require_weasyprint` says in one line when WeasyPrint (or its Pango library) is missing; every
WeasyPrint import sits behind it, inside the function that needs it, so that everything but printing
works without them. :class:`BundleFetcher` refuses every URL that is not a file inside the templates
directory (no network, no ``file:///etc/passwd``), and records what it refused. :func:`document` lays an
HTML page out; :func:`marks` reads the markers a sheet leaves on the laid-out page (its top and the top of
its turn record's boxes); :func:`fits` and :func:`next_size` choose the size a sheet prints at, and
:func:`turn_grid` where its turn record's boxes are drawn. The renderers are :mod:`drydock.render.pdf`
(the plain path) and :mod:`drydock.render.compose` (the fast path).
"""

from __future__ import annotations

import atexit
import gc
import logging
import mimetypes
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import unquote, urlsplit

from drydock.errors import DrydockError, one_line
from drydock.render.html import CELL_SIZES, TURN_COLUMNS, geometry, size_order
from drydock.render.sheet import Booklet
from drydock.render.tables import TURNS_FULL_PAGE, TURNS_IN_CELL
from drydock.render.vector import TurnGrid, least_height_mm
from drydock.resources import templates_dir

_MIME = {".ttf": "font/ttf", ".otf": "font/otf", ".css": "text/css", ".woff2": "font/woff2", ".png": "image/png",
         ".svg": "image/svg+xml"}
_PX_PER_MM = 96 / 25.4


@contextmanager
def _direct_library_names() -> Iterator[None]:
    """While WeasyPrint is imported, a library name that the dynamic loader does not open directly is not searched
    for by ``ctypes.util.find_library``.

    WeasyPrint opens each library by a list of names ('libpango-1.0-0', 'pango-1.0', ..., 'libpango-1.0.so.0',
    'libpango-1.0.dylib', ...). cffi tries each name as given, then asks ``find_library``, which on Linux starts
    ``ldconfig``, ``gcc`` and ``ld`` for every name it is asked: 54 processes, a third of the import's time
    (docs/printing.md, profile). Every list also holds the names the loader opens as they are (the soname, the
    dylib, the dll), so the search is not needed where the libraries are installed as usual; where it is, the
    import is tried again with it (:func:`require_weasyprint`).
    """
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    import ctypes.util

    search = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        yield
    finally:
        ctypes.util.find_library = search


def _import_weasyprint() -> None:
    """Import WeasyPrint, opening its libraries by their direct names first (:func:`_direct_library_names`),
    then, if that fails, as WeasyPrint itself does; with no garbage collections during the import (what a module
    import makes lives as long as the process; the collections cost about a tenth of the import)."""
    with _no_collections():
        _import_weasyprint_libraries()


@contextmanager
def _no_collections() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _import_weasyprint_libraries() -> None:
    try:
        with _direct_library_names():
            # lazy: printing only (WeasyPrint, pikepdf, fontTools)
            import weasyprint  # noqa: F401
        return
    except (ImportError, OSError):
        for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
            del sys.modules[name]  # a half-imported package: import it again, searching for the libraries
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    import weasyprint  # noqa: F401,F811


def require_weasyprint() -> None:
    """Printing needs WeasyPrint and the Pango library it loads; say so in one line (docs/installation.md).

    Everything else (rating, checking, Drake, YAML, workbooks, battles) works without them.
    """
    try:
        _import_weasyprint()
    except (ImportError, OSError) as exc:  # OSError: WeasyPrint is installed but cannot load Pango
        raise DrydockError(f"printing needs WeasyPrint and its Pango library, which could not be loaded "
                           f"({one_line(str(exc), 160)}); see docs/installation.md. Rating, checking and "
                           f"converting designs work without them") from None


def _fetcher_class() -> type:
    require_weasyprint()
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
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


LAYOUT_GC_THRESHOLD = 5000
"""The youngest generation's collection threshold while booklets are laid out (Python's default is 700)."""
_GC_LOCK = threading.Lock()
_GC_STATE: list[Any] = [0, None]  # nesting depth, thresholds to restore


@contextmanager
def layout_collections() -> Iterator[None]:
    """Fewer garbage collections while a booklet is laid out: what is alive when it starts (modules, designs,
    the booklet) is frozen out of the collector's reach (:func:`gc.freeze`) and the youngest generation is collected
    every :data:`LAYOUT_GC_THRESHOLD` allocations instead of 700. The profile of ``drydock ssd``
    (docs/printing.md): collections took 0.21-0.23 of its 1.75 CPU seconds, most of them full collections walking
    the objects of the imported modules; after, 0.05. Freezing before the layout workers fork is also what the
    :mod:`gc` documentation advises for forked children. Both are undone at the end (nesting and threads
    allowed)."""
    with _GC_LOCK:
        if _GC_STATE[0] == 0:
            _GC_STATE[1] = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(max(LAYOUT_GC_THRESHOLD, _GC_STATE[1][0]), *_GC_STATE[1][1:])
        _GC_STATE[0] += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _GC_STATE[0] -= 1
            if _GC_STATE[0] == 0:
                gc.set_threshold(*_GC_STATE[1])
                gc.unfreeze()


_STYLES: dict[tuple[str, int], Any] = {}
_FONTS: list[Any] = []


def document(html: str, fetcher: Any, css: str | None = None) -> Any:
    """A laid-out WeasyPrint document of ``html`` (base URL: the templates directory).

    With ``css`` (a stylesheet left out of ``html``), the parsed stylesheet and its loaded fonts are kept and
    reused by every later document of this process with the same stylesheet and fetcher.
    """
    require_weasyprint()
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from weasyprint import HTML

    base = templates_dir().resolve().as_uri() + "/"
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    if css is None:
        doc = HTML(string=html, base_url=base, url_fetcher=fetcher).render()
    else:
        doc = HTML(string=html, base_url=base, url_fetcher=fetcher).render(stylesheets=[stylesheet(css, fetcher)],
                                                                           font_config=_FONTS[0])
    _LAID_OUT[:] = [True]
    return doc


_LAID_OUT: list[bool] = []


def laid_out() -> bool:
    """Has this process laid a document out (its fonts loaded, its templates compiled)?"""
    return bool(_LAID_OUT)


def stylesheet(css: str, fetcher: Any) -> Any:
    """The parsed stylesheet ``css`` (and its fonts, loaded once), kept for every later document of this process."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
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
