"""Names a house-rule file may give: checked when the rules load, before any table is built.

A house-rule file is traded like a design, so its text reaches terminals, reports and the
live workbook's formulas. Every string of the file (keys and values) is refused when it holds
a control character or a line break; every *name* (a trait code or name, a system name,
abbreviation or ``requires``, a forbidden pair's traits, a faction) must also be 1 to
:data:`NAME_MAX` characters without surrounding spaces and without ``*``, ``?`` or ``~``:
the workbook looks names up with ``MATCH``/``COUNTIF``, where those three are wildcards.
Other characters (``"``, ``&``, ``=`` ...) are allowed; the workbook escapes them
(:mod:`drydock.formats.excel.literals`). Core module: no I/O.
"""

from __future__ import annotations

import re
from typing import Any

from drydock.errors import RulesError, quote

#: The longest name a house rule may give (a spreadsheet criterion stops at 255 characters).
NAME_MAX = 100

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")
_WILDCARDS = re.compile(r"[*?~]")


def check_text(value: str, where: str) -> str:
    """``value`` unless it holds a control character or line break (RulesError naming ``where``)."""
    m = _CONTROL.search(value)
    if m is not None:
        raise RulesError(f"rules entry {where}: control character U+{ord(m.group(0)):04X} in {quote(value, 40)}")
    return value


def check_name(value: Any, where: str) -> str:
    """A name: text without control characters, wildcards or surrounding spaces, 1-:data:`NAME_MAX` long."""
    if not isinstance(value, str):
        raise RulesError(f"rules entry {where}: expected a name, got {type(value).__name__}")
    check_text(value, where)
    if not value.strip() or value != value.strip():
        raise RulesError(f"rules entry {where}: a name may not be empty or start or end with a space")
    if len(value) > NAME_MAX:
        raise RulesError(f"rules entry {where}: a name may be at most {NAME_MAX} characters ({len(value):,})")
    m = _WILDCARDS.search(value)
    if m is not None:
        raise RulesError(f"rules entry {where}: {quote(value, 40)} holds {m.group(0)!r}, a spreadsheet wildcard")
    return value


def check_all_text(data: Any, where: str = "", depth: int = 0) -> None:
    """Every string key and value in ``data`` (a parsed house-rule mapping) free of control characters."""
    if depth > 64:
        raise RulesError(f"rules entry {where}: nested too deeply")
    if isinstance(data, str):
        check_text(data, where or "(file)")
    elif isinstance(data, dict):
        for key, value in data.items():
            inner = f"{where}.{key}" if where else str(key)
            if isinstance(key, str):
                check_text(key, where or "(file)")
            check_all_text(value, inner, depth + 1)
    elif isinstance(data, (list, tuple)):
        for i, value in enumerate(data):
            check_all_text(value, f"{where}[{i}]", depth + 1)


def check_names(overrides: dict[str, Any]) -> None:
    """Refuse unsafe text anywhere in a house-rule mapping and unsafe names in its tables (before merging)."""
    check_all_text(overrides)
    traits = overrides.get("traits")
    if isinstance(traits, dict):
        for key, entry in traits.items():
            check_name(key, f"traits.{key}")
            if isinstance(entry, dict) and "name" in entry:
                check_name(entry["name"], f"traits.{key}.name")
    systems = overrides.get("systems")
    if isinstance(systems, dict):
        for key, entry in systems.items():
            check_name(key, f"systems.{key}")
            if not isinstance(entry, dict):
                continue
            for field in ("requires", "priced_per", "family"):
                if entry.get(field) is not None:
                    check_name(entry[field], f"systems.{key}.{field}")
            abbr = entry.get("abbr")
            if isinstance(abbr, list):
                for i, a in enumerate(abbr):
                    check_name(a, f"systems.{key}.abbr[{i}]")
    trait_rules = overrides.get("trait_rules")
    if isinstance(trait_rules, dict):
        for i, pair in enumerate(trait_rules.get("forbidden_pairs") or []):
            if isinstance(pair, dict) and isinstance(pair.get("traits"), (list, tuple)):
                for k, t in enumerate(pair["traits"]):
                    check_name(t, f"trait_rules.forbidden_pairs[{i}].traits[{k}]")
        for i, t in enumerate(trait_rules.get("seeker_forbids") or []):
            check_name(t, f"trait_rules.seeker_forbids[{i}]")
