""""Did you mean ...?": the closest valid names to a misspelt one (traits, systems, arcs, keys, formats).

Core module (no I/O). Names are compared case-blind and without punctuation, the way
drydock matches them, with :mod:`difflib`'s similarity ratio.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def _norm(text: str) -> str:
    return "".join(ch for ch in str(text).lower() if ch.isalnum())


def closest(word: str, choices: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """Up to ``n`` of ``choices`` nearest to ``word``, best first (case and punctuation ignored)."""
    by_norm: dict[str, str] = {}
    for choice in choices:
        by_norm.setdefault(_norm(choice), choice)
    key = _norm(word)
    found = difflib.get_close_matches(key, list(by_norm), n=n, cutoff=cutoff)
    if not found and key:  # a prefix is a strong hint too ("counter" -> Countermeasures)
        found = [k for k in by_norm if k.startswith(key) and len(key) >= 3][:n]
    return [by_norm[k] for k in found]


def or_list(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def did_you_mean(word: str, choices: Iterable[str], n: int = 3) -> str:
    """`` (did you mean X or Y?)`` for the closest choices, or ``""`` when none is close."""
    found = closest(word, choices, n=n)
    return f" (did you mean {or_list(found)}?)" if found else ""
