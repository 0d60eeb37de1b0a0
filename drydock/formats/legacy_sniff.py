"""Recognise an Admiralty Edition or Nova post handed to a Unity reader, to say which conversion to run.

A legacy design (Appendix X) is not a Unity design: ``rate`` or ``check`` of one fails in the Unity
parser with a message about a track or YAML. When such a parse fails, :func:`legacy_kind` looks
at the text for the marks of the two legacy layouts (the same marks the legacy readers use), and
the reader's error names ``drydock convert --from admiralty|nova`` instead.
"""

from __future__ import annotations

import re
import shlex

from drydock.formats.legacy.admiralty import SX_REFUSED, has_design, starmada_x_line
from drydock.formats.legacy.admiralty_lines import NUMBER

#: Admiralty Edition (X.1): "(277) Dumbo-Class ...", "[X] Name, 4/8/12, 5+, 1/2/1", "Specials:", "Tech Levels E0 F0".
_ADMIRALTY = (
    re.compile(rf"^\s*\(\s*(?:{NUMBER})\s*(?:CR)?\s*\)\s*\S.*-class\b", re.IGNORECASE | re.MULTILINE),
    re.compile(r"^\s*\[[A-Z]\]\s*[^,\n]+,\s*\d+/\d+/\d+\s*,\s*\d\+\s*,\s*\d+/\d+/\d+", re.MULTILINE),
    re.compile(r"^\s*(?:Specials?|Special\s+Equipment)\s*:", re.IGNORECASE | re.MULTILINE),
    re.compile(r"^\s*Battery\s+[A-Z0-9]{1,2}\s*:", re.IGNORECASE | re.MULTILINE),
    re.compile(r"^\s*(?:Hull|Engines?|Shields?)\s*\([\d,\s]*\)\s*[:;]", re.IGNORECASE | re.MULTILINE),
    re.compile(r"^\s*Tech Levels?\s+E[+-]?\d", re.IGNORECASE | re.MULTILINE),
    re.compile(r"^\s*Weapons\s*:\s*(?:\d*\[?[A-Z]\]?\s*/?\s*){2,}$", re.MULTILINE),
    re.compile(rf"\(\s*(?:{NUMBER})\s*CR\s*\)", re.IGNORECASE),
)
#: Nova (X.2): THRUST / ECM / ARMOR tracks and the "WEAPONS ARCS RANGE ATTACK DICE" table; in the forum notation
#: players typed (tests/fixtures/posts/nova), "Thrust:", "Armour:", "Nova TL:" and "/ AD: 4 3 2 ..." battery rows.
_NOVA = (
    re.compile(r"^\s*(?:THRUST\b|Thrust\s*:)", re.MULTILINE),
    re.compile(r"^\s*ECM\b", re.MULTILINE),
    re.compile(r"^\s*(?:ARMOU?R\b|Armou?r\s*:)", re.MULTILINE),
    re.compile(r"ATTACK\s+DICE", re.IGNORECASE),
    re.compile(r"^\s*Nova\s+TL\s*:", re.IGNORECASE | re.MULTILINE),
    re.compile(r"/\s*AD\s*:\s*\d", re.IGNORECASE),
)


def legacy_kind(text: str) -> str | None:
    """``"admiralty"``, ``"nova"`` or None: which legacy layout ``text`` carries (two marks at least).

    ``"admiralty"`` only when the AE reader finds a design in it (a header or a Hull track), so that a file
    ``rate`` sends to ``convert --from admiralty`` is one ``convert`` reads."""
    sample = text[:200_000]
    nova = sum(1 for p in _NOVA if p.search(sample))
    admiralty = sum(1 for p in _ADMIRALTY if p.search(sample))
    if nova >= 2 and nova >= admiralty:
        return "nova"
    if admiralty >= 2 and has_design(sample):
        return "admiralty"
    return None


def legacy_hint(name: str, text: str) -> str | None:
    """The message for a legacy post given to a Unity reader, or None (a Starmada X-era post: the refusal
    ``convert --from admiralty`` gives, with its line)."""
    sx = starmada_x_line(text[:200_000].splitlines())
    if sx is not None:  # what convert --from admiralty says of it too
        no, raw = sx
        return f"{name}:{no}:{raw.find(raw.strip()) + 1}: {SX_REFUSED}: {raw.strip()[:80]!r}"
    kind = legacy_kind(text)
    if kind is None:
        return None
    edition = "an Admiralty Edition (X.1)" if kind == "admiralty" else "a Nova (X.2)"
    given = "-" if name == "<stdin>" else shlex.quote(name)  # a command a shell can run: '-' reads standard input
    return (f"{name}: this looks like {edition} design, not a Unity one; convert it first: "
            f"drydock convert --from {kind} {given} -o FOLDER/")
