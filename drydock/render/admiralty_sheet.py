"""The display sheet of an Admiralty card: a converted AE design as the player fields it (X.1).

X.1: "There are no special adjustments which need to be made to Admiralty starship data cards." The sheet
is headed by the stated AE CR and "Admiralty card (X.1)"; it prints the AE engine and shield tracks (one
value per hull box) with the AE marking rule -- an engine or shield hit checks two boxes, a weapon hit rolls
twice on the card's weapon damage chart -- in place of the Unity tracks, no Unity loss limits, the Unity
re-rating as a note, and no "Not a legal design" box for the construction limits X.1 does not apply
(:mod:`drydock.core.admiralty_card`). The converter keeps the card in the design's notes, so a converted
file printed later with ``drydock ssd`` gets the same sheet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from drydock.core.admiralty_card import (
    ADMIRALTY_LABEL,
    AE_CHART_NOTE,
    AE_CR_NOTE,
    AE_TRACKS_NOTE,
    admiralty_card,
    cr_of_record,
)
from drydock.core.model import Design
from drydock.formats.legacy import tables
from drydock.render.sheet import Sheet, Track, track

#: The converter's note when the AE source gives no weapon damage chart.
AE_NO_CHART_NOTE = tables.AE_DAMAGE_RULE + " (the source gives no chart)"


def ae_rule(chart: str = "", key: str = "") -> str:
    """The AE marking rule printed under the tracks (X.1)."""
    text = "AE card (X.1): an engine or shield hit checks TWO boxes of its track; a weapon hit rolls twice on the "
    if chart:
        return text + f"weapon damage chart {chart} ({key})"
    return text + "AE weapon damage chart (not in the source)"


def as_printed(sheet: Sheet, design: Any) -> Sheet:
    """``sheet`` (of ``design``) as the player uses it: an Admiralty card for a converted AE design (X.1),
    any other sheet unchanged."""
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
