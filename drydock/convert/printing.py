"""Print converted legacy designs as SSDs that agree with themselves (X.1, X.2).

A converted Admiralty design keeps its AE card in play (X.1): its sheet prints the AE engine and shield
tracks (one value per hull box) with the AE marking rule beside them -- an engine or shield hit checks two
boxes, a weapon hit rolls twice on the card's weapon damage chart -- instead of Unity tracks the player
would not use. The converter carries those tracks and the chart in the design's notes, so a converted
file printed later with ``drydock ssd`` gets the same sheet. Nova records print on their own sheet
(:mod:`drydock.convert.nova_sheet`). Needs the SSD renderer (:mod:`drydock.render`, WeasyPrint).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.errors import DrydockError
from drydock.formats.legacy import tables

#: The converter's notes (drydock.formats.legacy.convert) that carry the AE card's tracks and damage chart.
AE_TRACKS_NOTE = re.compile(r"^AE tracks: Engines (?P<engines>[\d ]+); Shields (?P<shields>[\d ]+)$")
AE_CHART_NOTE = re.compile(r"^AE weapon damage chart (?P<chart>\d+:\S+(?: \d+:\S+)*) \((?P<key>.*)\); "
                           + re.escape(tables.AE_DAMAGE_RULE) + "$")
AE_NO_CHART_NOTE = tables.AE_DAMAGE_RULE + " (the source gives no chart)"


def ae_rule(chart: str = "", key: str = "") -> str:
    """The AE marking rule printed under the tracks (X.1)."""
    text = "AE card (X.1): an engine or shield hit checks TWO boxes of its track; a weapon hit rolls twice on the "
    if chart:
        return text + f"weapon damage chart {chart} ({key})"
    return text + "AE weapon damage chart (not in the source)"


def as_printed(sheet: Any, design: Any) -> Any:
    """``sheet`` (of ``design``) as the player uses it: a converted AE design gets its AE card's engine and
    shield tracks, the AE marking rule and weapon damage chart, in place of the Unity tracks (X.1)."""
    from drydock.render.sheet import Track, track

    if not isinstance(design, Design):
        return sheet
    found = [m for m in map(AE_TRACKS_NOTE.match, design.notes) if m]
    if not found:
        return sheet
    engines = tuple(int(v) for v in found[0]["engines"].split())
    shields = tuple(int(v) for v in found[0]["shields"].split())
    chart = next((m for m in map(AE_CHART_NOTE.match, design.notes) if m), None)
    hull = next((t for t in sheet.tracks if t.key == "hull"), Track("hull", "HULL", ()))
    tracks = [hull, track("engines", "ENG", engines)]
    if any(shields):
        tracks.append(track("shields", "SHLD", shields))
    kept = tuple(n for n in sheet.notes if not (AE_TRACKS_NOTE.match(n) or AE_CHART_NOTE.match(n)
                                                or n == AE_NO_CHART_NOTE))
    return replace(sheet, tracks=tuple(tracks), notes=kept, kind="admiralty",
                   track_rule=ae_rule(chart["chart"], chart["key"]) if chart else ae_rule())


def sheet_for(record: Any, rules: Ruleset | None = None) -> Any:
    """The :class:`~drydock.render.sheet.Sheet` of a Unity design, a converted AE design, or a Nova record."""
    from drydock.convert.nova_sheet import sheet_from_nova
    from drydock.core.validation import rate
    from drydock.formats.legacy.nova_record import NovaRecord
    from drydock.render.sheet import sheet_from_rating

    if isinstance(record, NovaRecord):
        return sheet_from_nova(record)
    if not isinstance(record, Design):
        return record
    rules = rules or Ruleset.unity()
    return as_printed(sheet_from_rating(rate(record, rules), rules), record)


def print_ssd(records: list[Any], *, rules: Ruleset | None = None, paper: str = "letter",
              per_page: int = 1) -> bytes:
    """One PDF booklet of every record (Unity :class:`~drydock.core.model.Design` or Nova record)."""
    try:
        from drydock.render import build_booklet
        from drydock.render.pdf import render_pdf
    except ImportError as exc:  # pragma: no cover - depends on the installed version
        raise DrydockError(f"printing SSDs is not available in this version ({exc})") from None
    return render_pdf(build_booklet([sheet_for(r, rules) for r in records], rules=rules, paper=paper,
                                    per_page=per_page))
