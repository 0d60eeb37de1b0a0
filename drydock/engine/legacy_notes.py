"""What Appendix X leaves to the Admiralty or Nova rulebooks, which are not in our sources: listed as not
simulated in every battle report, each with its share of the ship's CR where one can be computed.

X.1 keeps nine AE traits and several AE options under "use Admiralty rules"; X.2 leaves Nova traits other
than Acr, Cts, Dx2, Dx3, Prc and Skr, and six Nova systems, to the Nova rulebook. The converters keep each
as a note on the design or record (:mod:`drydock.formats.legacy.convert`, :mod:`drydock.formats.legacy.nova_record`).
"""

from __future__ import annotations

import re
from typing import Any

from drydock.core.validation import rate

#: A converter note about a battery: "Name: AE trait Double Damage: no equivalent; use Admiralty rules (...)".
_BATTERY_NOTE = re.compile(r"^(?P<battery>.+?): (?:AE )?trait ")
_NO_SHARE_AE = "not part of the Unity design, so its share of the AE CR cannot be computed (AE's CR formula is " \
    "not in our sources)"
_NO_SHARE_NOVA = "its share of the X.2 CR cannot be computed (the Nova CR formula is not in our sources)"


def _pct(part: int, whole: int) -> str:
    return f"{100 * part // whole}%" if whole > 0 else "0%"


def battery_share(design: Any, rules: Any, battery: str) -> str:
    """1 - Unity CR without ``battery`` / Unity CR (A.2), as "30%": the battery's share of the re-rating."""
    cr = rate(design, rules).combat_rating
    without = rate(design.model_copy(update={"weapons": tuple(w for w in design.weapons if w.name != battery)}),
                   rules).combat_rating
    return _pct(cr - without, cr)


def ae_rules_batteries(design: Any) -> set[str]:
    """Names of the batteries of a converted AE design with a trait kept under Admiralty rules (X.1)."""
    names = {w.name for w in design.weapons}
    return {m["battery"] for note in design.notes if ("AE rules" in note or "Admiralty rules" in note
                                                      or "house rule" in note)
            for m in [_BATTERY_NOTE.match(note)] if m and m["battery"] in names}


def admiralty_unplayed(design: Any, rules: Any) -> list[str]:
    """The AE card's items under "use Admiralty rules" (X.1) and its house-rule leftovers, not simulated."""
    out = []
    names = {w.name for w in design.weapons}
    for note in design.notes:
        if "AE rules" not in note and "Admiralty rules" not in note and "house rule" not in note:
            continue
        if note.startswith(("AE option Stealth", "AE damage", "AE weapon damage chart", "AE combat rating")):
            continue  # played (X.1), or the card itself
        m = _BATTERY_NOTE.match(note)
        if m and m["battery"] in names:
            share = battery_share(design, rules, m["battery"])
            out.append(f"{note}: not simulated (the battery is {share} of the Unity re-rating)")
        else:
            out.append(f"{note}: not simulated ({_NO_SHARE_AE})")
    return out


def nova_unplayed(record: Any) -> list[str]:
    """The Nova record's traits and systems that X.2 leaves to the Nova rulebook, not simulated."""
    total = sum(b.dice for w in record.weapons for b in w.banks)
    out = []
    for w in record.weapons:
        dice = sum(b.dice for b in w.banks)
        share = f"the battery rolls {dice} of the ship's {total} attack dice ({_pct(dice, total)}); {_NO_SHARE_NOVA}"
        for code in w.rules:
            if code != "Prc":
                out.append(f"{w.name}: Nova trait {code}: Nova rules pp.23-25, not in our sources: not simulated "
                           f"({share})")
        if w.ma is not None and w.rof is None:
            out.append(f"{w.name}: Seeker (Skr): X.2 gives its MA but no ROF: not simulated ({share})")
    for note in record.notes:
        if note.startswith("Nova system "):
            out.append(f"{note}: not simulated ({_NO_SHARE_NOVA})")
        elif note.startswith("Unreadable in the source"):
            out.append(f"{note}: the ship fights without it")
    return out


