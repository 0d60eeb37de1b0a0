"""The combat rating a ship is fielded at, and the Admiralty card a converted AE design carries (X.1, X.2).

A Unity design is fielded at its Appendix A rating. A converted Admiralty Edition design is an AE
data card: "There are no special adjustments which need to be made to Admiralty starship data
cards" (X.1), so its CR of record is the AE combat rating as stated, and the Unity construction
limits (Appendix A) are shown as information, not as errors. A Nova record (X.2) is fielded at its
X.2 combat rating. The converter (:mod:`drydock.formats.legacy.convert`) keeps the AE card -- stated CR,
engine and shield tracks, weapon damage chart -- in the design's notes, so it survives every
format (YAML/JSON notes, ``#`` lines in Drake, workbook notes); this module reads it back.
Core: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from drydock.core.problems import Problem

#: The converter's notes that carry the AE card (drydock.formats.legacy.convert writes them).
AE_TRACKS_NOTE = re.compile(r"^AE tracks: Engines (?P<engines>[\d ]+); Shields (?P<shields>[\d ]+)$")
AE_CHART_NOTE = re.compile(r"^AE weapon damage chart (?P<chart>\d+:\S+(?: \d+:\S+)*) \((?P<key>.*?)\); AE damage")
AE_CR_NOTE = re.compile(r"^AE combat rating (?P<cr>\d+) as stated\b")
_KEY_ITEM = re.compile(r"(?:^|, )(?P<letter>[A-Za-z0-9]{1,2}) (?P<name>.+?)(?=, [A-Za-z0-9]{1,2} |$)")

#: X.1: "There are no special adjustments which need to be made to Admiralty starship data cards."
#: The Appendix A construction limits below do not apply to an AE card: its design was built under the
#: AE rules. They are kept as warnings (information); every other problem (an unknown trait, arc or
#: system, a battery without banks ...) is a defect of the converted record and stays an error.
X1_NOT_APPLIED: dict[str, str] = {
    "OVER_SPACE": "A.1 space units",
    "SHIELDS_ABOVE_5": "A.1 shield rating",
    "HULL_OUT_OF_RANGE": "A.1 hull size",
    "ACC_OUT_OF_RANGE": "A.1 ACC",
    "ACC_SEEK": "A.1 seeker ACC",
    "TRAIT_PAIR_FORBIDDEN": "C.5 trait pairs",
    "RANGE_TRAIT_PAIR_INVALID": "C.5 range traits",
    "TOO_MANY_RANGE_TRAITS": "C.5 range traits",
    "SEEKER_RANGE_TRAIT": "C.4 seekers",
    "SEEKER_TRAIT_FORBIDDEN": "C.4 seekers",
    "SEEKER_MA_OUT_OF_RANGE": "C.4 seekers",
    "SEEKER_DEFENSIVE": "C.4 seekers",
    "RANGE_BANDS_NONSTANDARD": "A.1 range bands",
    "SYSTEM_QTY_INVALID": "A.5 system quantities",
    "SYSTEM_REQUIRES": "A.5 system requirements",
    "SHOCKWAVE_NO_SHIELDS": "B.19",
    "TECH_LEVEL_OUT_OF_RANGE": "A.4 tech levels",
    "CR_ZERO": "A.2 combat rating",
}
X1_QUOTE = "There are no special adjustments which need to be made to Admiralty starship data cards."
#: The comment a converted AE card's Drake text carries under its header (which carries the AE CR of record):
#: derived from the design, so readers drop it rather than keep it as a note.
RERATING_COMMENT = ("Unity re-rating {unity} (Appendix A), for information: an Admiralty card is fielded at its "
                    "AE CR as stated (X.1)")
RERATING_NOTE = re.compile(r"^Unity re-rating \d+\*? \(Appendix A\), for information: an Admiralty card is "
                           r"fielded at its AE CR as stated \(X\.1\)$")
ADMIRALTY_LABEL = "Admiralty card (X.1)"


@dataclass(frozen=True)
class AdmiraltyCard:
    """The AE data card of a converted design: stated CR, tracks (one value per hull box), damage chart."""

    cr: int | None
    engines: tuple[int, ...]
    shields: tuple[int, ...]
    chart: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """Die result -> battery letters ("-" = none)."""
    key: tuple[tuple[str, str], ...] = ()
    """Battery letter -> battery name."""
    chart_text: str = ""
    key_text: str = ""

    def battery(self, letter: str) -> str | None:
        return dict(self.key).get(letter)


def admiralty_card(design: Any) -> AdmiraltyCard | None:
    """The AE card in ``design``'s notes, or ``None`` when it is not a converted Admiralty design."""
    notes = getattr(design, "notes", ()) or ()
    if getattr(design, "kind", None) == "nova":
        return None
    tracks = next((m for m in map(AE_TRACKS_NOTE.match, notes) if m), None)
    if tracks is None:
        return None
    cr = next((int(m["cr"]) for m in map(AE_CR_NOTE.match, notes) if m), None)
    chart = next((m for m in map(AE_CHART_NOTE.match, notes) if m), None)
    rows: tuple[tuple[int, tuple[str, ...]], ...] = ()
    key: tuple[tuple[str, str], ...] = ()
    if chart is not None:
        rows = tuple((int(die), tuple(ch for ch in letters if ch != "-"))
                     for die, letters in (item.split(":", 1) for item in chart["chart"].split()))
        key = tuple((m["letter"], m["name"]) for m in _KEY_ITEM.finditer(chart["key"]))
    return AdmiraltyCard(cr=cr, engines=tuple(int(v) for v in tracks["engines"].split()),
                         shields=tuple(int(v) for v in tracks["shields"].split()), chart=rows, key=key,
                         chart_text=chart["chart"] if chart else "", key_text=chart["key"] if chart else "")


def admiralty_problems(design: Any, problems: list[Problem]) -> list[Problem]:
    """``problems`` of a converted AE design with the X.1-exempt construction limits turned into warnings
    ("not applied to an Admiralty card"); other designs' problems unchanged."""
    if not problems or admiralty_card(design) is None:
        return problems
    return [replace(p, severity="warning", message=f"{p.message} (Unity {X1_NOT_APPLIED[p.code]}: not applied to "
                                                   f"an {ADMIRALTY_LABEL})")
            if p.is_error and p.code in X1_NOT_APPLIED else p for p in problems]


@dataclass(frozen=True)
class RecordCR:
    """The CR a ship is fielded at, where it comes from, and the Unity (re-)rating beside it."""

    value: int
    source: str
    """``unity`` (Appendix A), ``admiralty`` (the AE CR as stated, X.1), ``admiralty-rerated`` (no AE CR
    stated: the Unity re-rating is used), ``nova`` (the X.2 CR) or ``nova-unknown`` (none stated: 0)."""
    unity: int | None = None

    @property
    def marked(self) -> bool:
        """True when the figure is a stand-in (an AE card without its CR, a Nova record without one)."""
        return self.source in ("admiralty-rerated", "nova-unknown")

    @property
    def label(self) -> str:
        return {"admiralty": f"AE CR as stated ({ADMIRALTY_LABEL}); Unity re-rating {self.unity}, for information",
                "admiralty-rerated": f"the AE CR is not stated: the Unity re-rating {self.unity} is used "
                                     f"({ADMIRALTY_LABEL})",
                "nova": "X.2 combat rating (Nova record)",
                "nova-unknown": "the Nova record states no combat rating: counted as 0 (X.2)",
                "unity": "Appendix A"}[self.source]


def cr_of_record(design: Any, unity_cr: int | None = None) -> RecordCR:
    """The CR ``design`` is fielded at (fleet totals, rosters, the SSD header, battle VPs).

    ``unity_cr`` is the design's Appendix A rating (:func:`drydock.core.validation.rate`); a Nova record needs
    none."""
    if getattr(design, "kind", None) == "nova":
        cr = getattr(design, "combat_rating", None)
        return RecordCR(cr, "nova") if cr is not None else RecordCR(0, "nova-unknown")
    if unity_cr is None:
        raise ValueError("cr_of_record: a design needs its Unity rating (unity_cr)")
    card = admiralty_card(design)
    if card is None:
        return RecordCR(unity_cr, "unity", unity_cr)
    if card.cr is None:
        return RecordCR(unity_cr, "admiralty-rerated", unity_cr)
    return RecordCR(card.cr, "admiralty", unity_cr)
