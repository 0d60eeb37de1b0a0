"""Text forms shared by every notation: range bands, ``ROFxACC/IMP/DMG`` and trait lists (1.3, A.6).

These read and write the short strings a display sheet, a Drake post and the
YAML design file all use. Malformed text raises :class:`StatsSyntaxError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from drydock.core.rules import Ruleset
from drydock.errors import StatsSyntaxError
from drydock.limits import check_numbers_in

_STATS_RE = re.compile(r"^\s*(\d+|\*)\s*[x×X]\s*(\d+)\s*(\+?)\s*/\s*(\d+|\*)\s*/\s*(\d+)\s*$")
_RANGE_RE = re.compile(r"^\s*(\d+|\*)\s*-\s*(\d+)\s*-\s*(\d+|\*)\s*$")
_MA_RE = re.compile(r"^\s*(?:MA\s*)?(\d+)\s*$", re.IGNORECASE)


def parse_stats(text: str) -> tuple[int | None, int, int | None, int]:
    """``"2x5+/1/1"`` -> (ROF, ACC, IMP, DMG). ``*`` for ROF or IMP (Vlt, Sct, Tls) gives ``None``."""
    check_numbers_in(text, what="weapon stats")
    m = _STATS_RE.match(text)
    if not m:
        raise StatsSyntaxError("weapon stats must look like ROFxACC+/IMP/DMG, e.g. 2x5+/1/1", text=text)
    rof = None if m.group(1) == "*" else int(m.group(1))
    imp = None if m.group(4) == "*" else int(m.group(4))
    return rof, int(m.group(2)), imp, int(m.group(5))


def format_stats(rof: int, acc: int, imp: int, dmg: int, *, times: str = "x") -> str:
    return f"{rof}{times}{acc}+/{imp}/{dmg}"


def parse_range(text: str) -> tuple[int | None, int, int | None]:
    """``"4-8-12"`` -> (4, 8, 12); ``*`` (Bls short band, Crn long band) gives ``None``."""
    check_numbers_in(text, what="a range")
    m = _RANGE_RE.match(text)
    if not m:
        raise StatsSyntaxError("range must be three bands, short-medium-long, e.g. 4-8-12 "
                               "(a seeking weapon gives its MA instead)", text=text)
    s = None if m.group(1) == "*" else int(m.group(1))
    long = None if m.group(3) == "*" else int(m.group(3))
    return s, int(m.group(2)), long


def complete_range(bands: tuple[int | None, int, int | None]) -> tuple[int, int, int]:
    """Fill a ``*`` band from the standard equal thirds (drake.md §2): ``*-12-18`` -> 6-12-18."""
    s, m, long = bands
    if long is None:
        long = m * 3 // 2 if s is None else s * 3
    if s is None:
        s = long // 3
    return s, m, long


def format_range(bands: tuple[int, int, int]) -> str:
    return f"{bands[0]}-{bands[1]}-{bands[2]}"


def parse_ma(text: str) -> int:
    """A seeker's movement allowance: ``"8"``, ``"MA 8"``, ``"MA8"``."""
    check_numbers_in(text, what="a seeker MA")
    m = _MA_RE.match(text)
    if not m:
        raise StatsSyntaxError("seeker MA must look like 'MA 8'", text=text)
    return int(m.group(1))


_TRAIT_SPLIT = re.compile(r"[,;|/]+|\s+")


def parse_traits(items: str | Iterable[str], rules: Ruleset | None = None) -> tuple[str, ...]:
    """Trait abbreviations or full names in any case -> canonical abbreviations.

    Unknown names are kept as written so that ``validate()`` reports them
    (``UNKNOWN_TRAIT``). Multi-word full names ("Fire-Linked", "Piercing 1") are
    matched before splitting on spaces.
    """
    rules = rules or Ruleset.unity()
    if isinstance(items, str):
        items = _split_trait_text(items, rules)
    out: list[str] = []
    for item in items:
        item = str(item).strip()
        if not item:
            continue
        out.append(rules.trait_code(item) or item)
    return tuple(out)


def _split_trait_text(text: str, rules: Ruleset) -> list[str]:
    parts = [p for p in re.split(r"[,;|]+", text) if p.strip()]
    out: list[str] = []
    for part in parts:
        if rules.trait_code(part):
            out.append(part)
        else:
            out.extend(w for w in part.split() if w)
    return out
