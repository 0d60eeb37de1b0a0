"""Firing-arc designations and bank entries (4.1, C.1, A.1, Z.2).

A designation is one of: component letters A-L ("ACE"; any order on input,
canonical A..L order on output), an alternate code ("FH" = GHI, C.1) or a
defensive arc ("Fwd", "Port", "Stbd", "Aft"; 1.5 arcs each for cost, A.1).

Two alternate codes, FH and AH, are also spellings of component pairs (F+H,
A+H). The alternate code always wins; the component pairs are written
``HF`` and ``HA`` (their G-L letter first) so that every designation reads
back as itself.
"""

from __future__ import annotations

import re
from functools import lru_cache

from drydock.core.model import Bank
from drydock.core.rules import Ruleset
from drydock.core.rules.formula import Exact
from drydock.core.suggest import closest, or_list
from drydock.errors import BankSyntaxError
from drydock.limits import check_numbers_in

COMPONENTS = "ABCDEFGHIJKL"
#: Both bank patterns are matched against stripped text, so no two blank runs meet (issue 42: "^\s*(\d*)\s*" split
#: a line of blanks n^2 ways before failing).
_BANK_RE = re.compile(r"(\d*)\s*([A-Za-z]+)\s*(\d*)")


@lru_cache(maxsize=4096)
def _normalize_cached(text: str, alt_codes: frozenset[str], defensive: tuple[str, ...]) -> str | None:
    raw = text.strip()
    if not raw:
        return None
    up = raw.upper()
    if up in alt_codes:
        return up
    for d in defensive:
        if raw.lower() == d.lower():
            return d
    if all(ch in COMPONENTS for ch in up) and len(set(up)) == len(up):
        canon = "".join(ch for ch in COMPONENTS if ch in up)
        if canon in alt_codes:  # F+H or A+H: write the G-L letter first
            canon = canon[1:] + canon[0]
        return canon
    return None


def normalize_arc(text: str, rules: Ruleset | None = None) -> str | None:
    """The canonical designation for ``text``, or ``None`` if it names no arc."""
    rules = rules or Ruleset.unity()
    return _normalize_cached(text, frozenset(rules.alternate_arcs), tuple(rules.data.arcs.defensive))


def arc_components(arc: str, rules: Ruleset | None = None) -> frozenset[str]:
    """The component arcs (A-L) an arc covers; defensive arcs return an empty set."""
    rules = rules or Ruleset.unity()
    std = rules.alternate_arcs.get(arc)
    if std is not None:
        return frozenset(std)
    if arc in rules.data.arcs.defensive:
        return frozenset()
    return frozenset(ch for ch in arc if ch in COMPONENTS)


def arc_count(arc: str, rules: Ruleset | None = None) -> Exact | None:
    """"Arcs" in the bank SU formula (A.1): letters, the standard equivalent's letters, or 1.5.

    ``None`` for an unknown designation.
    """
    rules = rules or Ruleset.unity()
    memo = rules.arc_counts
    if arc in memo:
        return memo[arc]
    defensive = rules.data.arcs.defensive
    std = rules.alternate_arcs.get(arc)
    if arc in defensive:
        count: Exact | None = defensive[arc]
    elif std is not None:
        count = len(std)
    elif arc and all(ch in COMPONENTS for ch in arc) and len(set(arc)) == len(arc):
        count = len(arc)
    else:
        count = None
    if len(memo) < 10_000:
        memo[arc] = count
    return count


def parse_bank(text: str, rules: Ruleset | None = None) -> Bank:
    """Read a Drydock bank entry ``xARCy`` (Z.2): "2ACE", "BCE2", "3Fwd".

    Raises :class:`BankSyntaxError` for text that is not of that shape. An arc
    that is well-formed but unknown is kept as written (upper-cased) so that
    ``validate()`` can report it.
    """
    check_numbers_in(text, what="a bank")
    m = _BANK_RE.fullmatch(text.strip())
    if not m:
        raise BankSyntaxError("bank entry must look like xARCy, e.g. 2ACE or BCE2", text=text)
    mounts = int(m.group(1)) if m.group(1) else 1
    size = int(m.group(3)) if m.group(3) else 1
    arc = normalize_arc(m.group(2), rules) or m.group(2).upper()
    return Bank(arc=arc, mounts=mounts, mount_size=size)


def format_bank(bank: Bank) -> str:
    """The ``xARCy`` entry for a bank; x and y are omitted when 1 ("ACE", "2ACE", "BCE2")."""
    x = str(bank.mounts) if bank.mounts != 1 else ""
    y = str(bank.mount_size) if bank.mount_size != 1 else ""
    return f"{x}{bank.arc}{y}"


# ------------------------------------------------------------------ display-style banks (A.6, 1.4, C.3)

#: A weapon box on a display sheet or in Drake text: "[]", "[ ]", "▢", "☐" or "□" (A.6).
BOX_PATTERN = r"(?:\[\s*\]|▢|☐|□)"
#: The expended-weapon diamond written after a box of an Expendable weapon (C.5): "<>", "◊" or "◇".
DIAMOND_PATTERN = r"(?:<>|◊|◇)"
_BOXES_RE = re.compile(rf"^(?:{BOX_PATTERN}(?:\s*{DIAMOND_PATTERN})?\s*)+$")
_BOX_RE = re.compile(BOX_PATTERN)
_DISPLAY_BANK_RE = re.compile(r"([A-Za-z]+)(\d*)\s*(.*)")


def count_boxes(text: str) -> int | None:
    """The number of boxes in ``text`` ("[][]<>" -> 2); ``None`` if it is not only boxes (and diamonds)."""
    text = text.strip()
    if not text:
        return 0
    if not _BOXES_RE.match(text):
        return None
    return len(_BOX_RE.findall(text))


def parse_display_bank(text: str, rules: Ruleset | None = None) -> Bank:
    """Read a bank as a display sheet or Drake post prints it: ``ARC[y] boxes`` ("ACE [][]", "AB2 [][]").

    One box per mount; ``y`` is the weapons per mount (C.3). Without boxes the text
    is read as a Drydock entry ``xARCy`` (:func:`parse_bank`), so "2ACE" also works.
    """
    check_numbers_in(text, what="a bank")
    m = _DISPLAY_BANK_RE.fullmatch(text.strip())
    boxes = count_boxes(m.group(3)) if m else None
    if m is None or not boxes:
        if _BANK_RE.fullmatch(text.strip()):
            return parse_bank(text, rules)
        raise BankSyntaxError("bank must look like 'ARC [][]' or 'ARC2 [][]' (arc, weapons per mount, one box "
                              "per mount)", text=text)
    size = int(m.group(2)) if m.group(2) else 1
    arc = normalize_arc(m.group(1), rules) or m.group(1).upper()
    return Bank(arc=arc, mounts=boxes, mount_size=size)


def format_display_bank(bank: Bank, *, expendable: bool = False, box: str = "[]") -> str:
    """The display form of a bank: "ACE [][]", "AB2 [][]"; Expendable weapons get "[]<>" boxes."""
    y = str(bank.mount_size) if bank.mount_size != 1 else ""
    cell = box + ("<>" if expendable else "")
    return f"{bank.arc}{y} {cell * bank.mounts}".rstrip()


def arc_hint(text: str, rules: Ruleset | None = None) -> str:
    """Why ``text`` names no arc, in a player's words: the wrong letters, and the nearest valid codes (C.1).

    >>> arc_hint("ABM")
    'M is not an arc letter (component arcs are A-L); did you mean AB?'
    """
    rules = rules or Ruleset.unity()
    up = text.strip().upper()
    letters = rules.data.arcs.component
    codes = list(rules.alternate_arcs) + list(rules.data.arcs.defensive)
    wrong = sorted({ch for ch in up if ch not in letters}, key=up.index)
    repeated = sorted({ch for ch in up if up.count(ch) > 1 and ch in letters}, key=up.index)
    parts = []
    if wrong:
        parts.append(f"{' and '.join(wrong) if len(wrong) < 3 else ', '.join(wrong)} "
                     f"{'is not an arc letter' if len(wrong) == 1 else 'are not arc letters'} "
                     f"(component arcs are {letters[0]}-{letters[-1]})")
    if repeated:
        parts.append(f"{', '.join(repeated)} appears twice")
    guesses = closest(text, codes, n=2)
    kept = "".join(dict.fromkeys(ch for ch in up if ch in letters))
    if kept and kept != up and len(wrong) <= 1 and normalize_arc(kept, rules):
        guesses = [normalize_arc(kept, rules) or kept] + [g for g in guesses if g != kept]
    hint = "; ".join(parts) or "not a component, alternate or defensive arc"
    if guesses:
        hint += f"; did you mean {or_list(guesses[:3])}?"
    return hint
