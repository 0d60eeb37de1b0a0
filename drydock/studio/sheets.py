"""The design page's display sheet (SSD): the PDF ``drydock ssd`` prints, and a live preview in the page made
by the same renderer (the booklet's HTML that WeasyPrint lays out into the PDF, :mod:`drydock.render.html`).

A text not yet saved is printed from a temporary copy, so the sheet is always the one on screen; a preview
is kept under a random name among the last :data:`PREVIEWS_KEPT` (the page's frame loads it by that name).
"""

from __future__ import annotations

import secrets
import tempfile
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from drydock import DrydockError, Ruleset, print_files
from drydock.insight.ssd_files import read_sheets
from drydock.render.fleet import fleet_booklet
from drydock.render.html import render_html

PREVIEWS_KEPT = 16
#: What a preview's frame may load: its inline styles, the bundled fonts and images; no script at all.
PREVIEW_CSP = ("default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self' data:; "
               "script-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'")
#: The bundled files a preview may name (templates/: fonts and box images).
ASSETS = {"box.svg", "multi.svg", "marked.svg", "checked.svg", "check.svg", "arckey.svg",
          "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/DejaVuSansCondensed.ttf",
          "fonts/DejaVuSansCondensed-Bold.ttf"}
ASSET_BASE = "/ssd-assets/"


@contextmanager
def readable(path: Path, text: str) -> Iterator[str]:
    """A file holding ``text``: ``path`` itself when it holds it, else a temporary copy with its name."""
    try:
        if path.read_text(encoding="utf-8") == text:
            yield str(path)
            return
    except (OSError, UnicodeDecodeError):
        pass
    with tempfile.TemporaryDirectory(prefix="drydock-studio-") as tmp:
        copy = Path(tmp) / path.name
        copy.write_text(text, encoding="utf-8")
        yield str(copy)


def sheet_pdf(path: Path, text: str, rules: str | None) -> bytes:
    """The PDF ``drydock ssd`` prints for the design ``text`` (letter paper, one sheet a page)."""
    with readable(path, text) as name:
        run = print_files((name,), rules)
    if run.failed and not run.pdf:
        raise DrydockError(f"{path.name}: no sheet could be printed")
    return bytes(run.pdf)


class Previews:
    """The last few previews, by random name."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, str] = OrderedDict()

    def make(self, path: Path, text: str, rules: str | None) -> str:
        """A preview of the design ``text``'s sheet; returns its name."""
        with readable(path, text) as name:
            ships, booklet_rules, _, _ = read_sheets([name], rules)
        if not ships:
            raise DrydockError(f"{path.name}: no sheet to show (the design cannot be read yet)")
        booklet = fleet_booklet(ships, rules=booklet_rules or Ruleset.unity())
        return self.keep(render_html(booklet, asset_base=ASSET_BASE))

    def keep(self, html: str) -> str:
        """Keep the page ``html`` (a sheet, a battle's report) for its frame; returns its name."""
        key = secrets.token_urlsafe(12)
        self._kept[key] = html
        while len(self._kept) > PREVIEWS_KEPT:
            self._kept.popitem(last=False)
        return key

    def get(self, key: str) -> str | None:
        return self._kept.get(key)
