"""Print converted legacy designs as SSDs that agree with themselves (X.1, X.2).

A converted Admiralty design keeps its AE card in play (X.1): its sheet prints the AE engine and shield
tracks (one value per hull box) with the AE marking rule beside them -- an engine or shield hit checks two
boxes, a weapon hit rolls twice on the card's weapon damage chart -- instead of Unity tracks the player
would not use. The converter carries those tracks and the chart in the design's notes, so a converted
file printed later with ``drydock ssd`` gets the same sheet. Nova records print on their own sheet
(:mod:`drydock.legacy.nova_sheet`). Needs the SSD renderer (:mod:`drydock.render`, WeasyPrint).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from drydock.admiralty_card import (
    ADMIRALTY_LABEL,
    AE_CHART_NOTE,
    AE_CR_NOTE,
    AE_TRACKS_NOTE,
    admiralty_card,
    cr_of_record,
)
from drydock.errors import DrydockError
from drydock.legacy import tables
from drydock.model import Design
from drydock.rules import Ruleset

#: The converter's notes (drydock.legacy.convert) that carry the AE card's tracks and damage chart.
AE_NO_CHART_NOTE = tables.AE_DAMAGE_RULE + " (the source gives no chart)"


def ae_rule(chart: str = "", key: str = "") -> str:
    """The AE marking rule printed under the tracks (X.1)."""
    text = "AE card (X.1): an engine or shield hit checks TWO boxes of its track; a weapon hit rolls twice on the "
    if chart:
        return text + f"weapon damage chart {chart} ({key})"
    return text + "AE weapon damage chart (not in the source)"


def as_printed(sheet: Any, design: Any) -> Any:
    """``sheet`` (of ``design``) as the player uses it: a converted AE design is an Admiralty card (X.1) -- its
    stated AE CR in the header, its AE engine and shield tracks, the AE marking rule and weapon damage chart in
    place of the Unity tracks, the Unity re-rating as a note, and no "Not a legal design" box for the Unity
    construction limits X.1 does not apply (:mod:`drydock.admiralty_card`)."""
    from drydock.render.sheet import Track, track

    if not isinstance(design, Design):
        return sheet
    card = admiralty_card(design)
    if card is None:
        return sheet
    hull = next((t for t in sheet.tracks if t.key == "hull"), Track("hull", "HULL", ()))
    tracks = [hull, track("engines", "ENG", card.engines)]
    if any(card.shields):
        tracks.append(track("shields", "SHLD", card.shields))
    record = cr_of_record(design, sheet.combat_rating)
    kept = tuple(n for n in sheet.notes if not (AE_TRACKS_NOTE.match(n) or AE_CHART_NOTE.match(n)
                                                or AE_CR_NOTE.match(n) or n == AE_NO_CHART_NOTE))
    if record.marked:
        cr_note = (f"AE combat rating not stated in the source: the Unity re-rating {record.unity} stands in for "
                   "it (marked ~)")
    else:
        cr_note = (f"CR {record.value}: the AE combat rating as stated (X.1: no adjustments to Admiralty cards); "
                   f"Unity re-rating {record.unity}, for information")
    label = ADMIRALTY_LABEL + (" ~ AE CR not stated" if record.marked else "")
    # an AE card loses weapons by its damage chart, not within Unity loss limits (A.3)
    batteries = tuple(replace(b, loss_limit=None) for b in sheet.batteries)
    return replace(sheet, tracks=tuple(tracks), notes=(cr_note, *kept), kind="admiralty", record_label=label,
                   combat_rating=record.value, batteries=batteries, equipment_loss_limit=None,
                   track_rule=ae_rule(card.chart_text, card.key_text) if card.chart_text else ae_rule())


def sheet_for(record: Any, rules: Ruleset | None = None) -> Any:
    """The :class:`~drydock.render.sheet.Sheet` of a Unity design, a converted AE design, or a Nova record."""
    from drydock.legacy.nova_record import NovaRecord
    from drydock.legacy.nova_sheet import sheet_from_nova
    from drydock.render.sheet import sheet_from_rating
    from drydock.validation import rate

    if isinstance(record, NovaRecord):
        return sheet_from_nova(record)
    if not isinstance(record, Design):
        return record
    rules = rules or Ruleset.unity()
    return as_printed(sheet_from_rating(rate(record, rules), rules), record)


def print_ssd(records: list[Any], *, rules: Ruleset | None = None, paper: str = "letter",
              per_page: int = 1) -> bytes:
    """One PDF booklet of every record (Unity :class:`~drydock.model.Design` or Nova record)."""
    try:
        from drydock.render import build_booklet
        from drydock.render.pdf import render_pdf
    except ImportError as exc:  # pragma: no cover - depends on the installed version
        raise DrydockError(f"printing SSDs is not available in this version ({exc})") from None
    return render_pdf(build_booklet([sheet_for(r, rules) for r in records], rules=rules, paper=paper,
                                    per_page=per_page))
