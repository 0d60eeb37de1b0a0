"""Printable starship display sheets (SSDs): view model, HTML templates, PDF booklets (1.0-1.5, A.3).

Layers: :mod:`drydock.render.sheet` builds plain view models from a rating;
:mod:`drydock.render.html` fills the bundled jinja2 templates;
:mod:`drydock.render.pdf` lays them out with WeasyPrint. jinja2 and WeasyPrint
are imported only when HTML or PDF is actually produced.
"""

from __future__ import annotations

from drydock.render.booklet import build_booklet
from drydock.render.sheet import Booklet, Sheet, build_roster, sheet_from_rating

__all__ = ["Booklet", "Sheet", "build_booklet", "build_roster", "sheet_from_rating"]
