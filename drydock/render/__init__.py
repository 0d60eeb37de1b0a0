"""Printable starship display sheets (SSDs): view model, HTML templates, PDF booklets (1.0-1.5, A.3).

Layers: :mod:`drydock.render.sheet` builds plain view models from a rating;
:mod:`drydock.render.html` fills the bundled jinja2 templates;
:mod:`drydock.render.pdf` lays them out with WeasyPrint. jinja2 and WeasyPrint
are imported only when HTML or PDF is actually produced.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from drydock.render.booklet import build_booklet
    from drydock.render.sheet import Booklet, Sheet, build_roster, sheet_from_rating

#: imported when first used, so that ``drydock rate`` (which needs only :mod:`drydock.render.report`) does not
#: load the sheet layout
_EXPORTS = {"build_booklet": "drydock.render.booklet", "Booklet": "drydock.render.sheet",
            "Sheet": "drydock.render.sheet", "build_roster": "drydock.render.sheet",
            "sheet_from_rating": "drydock.render.sheet"}

__all__ = ["Booklet", "Sheet", "build_booklet", "build_roster", "sheet_from_rating"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'drydock.render' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
