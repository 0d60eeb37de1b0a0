"""The printable display sheet of a Nova record (X.2), for the SSD renderer (:mod:`drydock.render`).

A Nova ship keeps its own card in a Unity game: armor boxes checked before any damage
roll, hull boxes with the middle group boxed off as system boxes (two of them bulleted),
thrust, weapon-hit, ECM and shield-icon tracks, and batteries that roll their attack-dice
string. The sheet is labelled as a "nova record" and carries every conversion note.
"""

from __future__ import annotations

import re
from typing import Any

from drydock.core.rules import Ruleset
from drydock.formats.legacy import tables
from drydock.formats.legacy.nova_record import NovaRecord
from drydock.render.sheet import BankView, BatteryView, Mode, Sheet, Track, sheet_arcs

#: Open-question numbers of drydock's rules notes ("OQ7", "X.2 OQ9"): not the player's words.
#: A blank run is taken only from its start ("(?<!\s)"), so a search is linear in a line of blanks (issue 42).
_INTERNAL = re.compile(r"(?:,\s*|(?<!\s)\s+)?\b(?:X\.\d+\s+)?OQ\d+\b")
_EMPTY_PARENS = re.compile(r"\s*\(\s*\)")


def player_words(note: str) -> str:
    """A conversion note without drydock's internal question numbers: "(the icon patterns are lost, OQ7)"
    reads "(the icon patterns are lost)"; rulebook sections (X.2.3) and pages stay."""
    return _EMPTY_PARENS.sub("", _INTERNAL.sub("", note)).strip()


def sheet_from_nova(record: NovaRecord) -> Any:
    """A :class:`drydock.render.sheet.Sheet` for ``record`` (kind ``"nova"``)."""
    tracks = []
    if record.armor:
        tracks.append(Track(key="armor", label="ARMR", values=tuple(range(record.armor, 0, -1))))
    tracks.append(Track(key="hull", label="HULL", values=tuple(range(record.hull, 0, -1))))
    if record.system_boxes:
        tracks.append(Track(key="systems", label="SYS", values=tuple(range(1, record.system_boxes + 1)),
                            marked=tuple(b - 1 for b in record.bullets if 1 <= b <= record.system_boxes)))
    tracks.append(Track(key="engines", label="THR", values=record.thrust))
    # the Nova display prints a blank box, then the penalty each further checked box gives
    tracks.append(Track(key="weapons", label="WPN", values=tuple(range(record.weapon_hit_boxes))))
    if record.ecm:
        tracks.append(Track(key="ecm", label="ECM", values=record.ecm))
    if record.shield_icons:
        tracks.append(Track(key="shields", label="SHLD",
                            values=tuple(tables.NOVA_SHIELD_BASE - icon for icon in record.shield_icons)))
    batteries = []
    for w in record.weapons:
        rng = "-".join(map(str, w.range)) if w.range else f"MA {w.ma}"
        stats = (f"{w.rof}×" if w.rof else "") + f"{w.acc}+/{w.imp}/{w.dmg}"
        extra = [f"attack dice {' '.join(map(str, w.attack_dice))}"] if w.attack_dice else []
        modes = [Mode(label="", range=rng, stats=stats, traits="; ".join([*w.traits, *extra]))]
        banks = tuple(BankView(label=f"{b.arc}{b.modifier or ''}" + (f": {b.dice} dice" if w.attack_dice else ""),
                               mounts=0 if w.attack_dice else 1, expendable="Exp" in w.traits, arc=b.arc)
                      for b in w.banks)
        name = w.name + (f" ({', '.join(w.nova_traits)})" if w.nova_traits else "")
        batteries.append(BatteryView(name=name, modes=tuple(modes), banks=banks, loss_limit=None))
    traits = tuple(f"{s.name} ({s.qty})" if s.qty != 1 else s.name for s in record.systems)
    notes = []
    if record.bullets:
        notes.append("A system box drawn with a dot carries a bullet: checking it triggers the Nova damage checks "
                     "(X.2.1)")
    if record.shields is None:
        notes.append("Shield rating unknown: the shield-dice icons were not legible in the source")
    notes.append(f"Fighters: flights of {record.fighters_per_flight} (X.2)")
    notes.extend(player_words(n) for n in record.notes)
    return Sheet(title=record.title, combat_rating=record.combat_rating, ship_name=record.ship_name,
                 ship_id=record.ship_id,
                 tracks=tuple(tracks), batteries=tuple(batteries), traits=traits, notes=tuple(notes),
                 kind="nova", arcs=sheet_arcs(tuple(batteries), Ruleset.unity()))
