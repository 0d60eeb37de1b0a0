"""Print converted legacy designs as SSDs that agree with themselves (X.1, X.2).

A converted Admiralty design keeps its AE card in play (X.1): its sheet prints the AE engine and shield
tracks (one value per hull box) with the AE marking rule beside them -- an engine or shield hit checks two
boxes, a weapon hit rolls twice on the card's weapon damage chart -- instead of Unity tracks the player
would not use. The converter carries those tracks and the chart in the design's notes, so a converted
file printed later with ``drydock ssd`` gets the same sheet. Nova records print on their own sheet
(:mod:`drydock.convert.nova_sheet`). Needs the SSD renderer (:mod:`drydock.render`, WeasyPrint).
"""

from __future__ import annotations

from typing import Any

from drydock.convert.nova_sheet import sheet_from_nova
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.formats.legacy.nova_record import NovaRecord
from drydock.render import build_booklet
from drydock.render.admiralty_sheet import AE_NO_CHART_NOTE, ae_rule, as_printed
from drydock.render.pdf import render_pdf
from drydock.render.sheet import sheet_from_rating

__all__ = ["AE_NO_CHART_NOTE", "ae_rule", "as_printed", "print_ssd", "sheet_for"]


def sheet_for(record: Any, rules: Ruleset | None = None) -> Any:
    """The :class:`~drydock.render.sheet.Sheet` of a Unity design, a converted AE design, or a Nova record."""
    if isinstance(record, NovaRecord):
        return sheet_from_nova(record)
    if not isinstance(record, Design):
        return record
    rules = rules or Ruleset.unity()
    return as_printed(sheet_from_rating(rate(record, rules), rules), record)


def print_ssd(records: list[Any], *, rules: Ruleset | None = None, paper: str = "letter",
              per_page: int = 1) -> bytes:
    """One PDF booklet of every record (Unity :class:`~drydock.core.model.Design` or Nova record)."""
    return render_pdf(build_booklet([sheet_for(r, rules) for r in records], rules=rules, paper=paper,
                                    per_page=per_page))
