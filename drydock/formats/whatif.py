"""Quick what-ifs: ``drydock rate --set engines=5 --set tech.weapons=1 ship.yaml``.

A setting is ``KEY=VALUE`` over the design file's shape (:mod:`drydock.formats.native`):
``KEY`` is a key path (``engines``, ``shields.fwd``, ``tech.weapons``, ``weapons[0].range``
or ``weapons[Laser Cannon].banks``) and ``VALUE`` is read as YAML (``5``, ``4-8-12``,
``[2ACE, BCE2]``, ``{fwd: 3, port: 2, stbd: 2, aft: 1}``). The changed design is read
again exactly as a file would be, so a bad key or value gets the same message.
"""

from __future__ import annotations

import re
from typing import Any

from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.suggest import did_you_mean
from drydock.errors import DesignFileError
from drydock.formats.native import design_from_data, design_to_data
from drydock.formats.safeyaml import load_yaml
from drydock.limits import to_int

_PART = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")


def parse_setting(text: str) -> tuple[list[str | int], Any]:
    """``"tech.weapons=1"`` -> (["tech", "weapons"], 1)."""

    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise DesignFileError("a setting must look like KEY=VALUE, e.g. engines=5 or shields.fwd=3",
                              file="--set", text=text)
    path: list[str | int] = []
    for m in _PART.finditer(key.strip()):
        name, index = m.group(1), m.group(2)
        if name is not None:
            path.append(name.strip())
        else:
            digits = index.strip().lstrip("-")
            path.append(to_int(index.strip(), what="an item number", file="--set")
                        if digits.isascii() and digits.isdigit() else index.strip())
    if not path:
        raise DesignFileError("a setting's KEY must name a field, e.g. engines=5 or weapons[0].range=4-8-12",
                              file="--set", text=text)

    try:  # with drydock's limits on numbers, nesting and aliases (issue 10)
        docs = load_yaml(raw) if raw.strip() else [""]
        value = docs[0] if docs else None
    except DesignFileError:  # not YAML: the text as written
        value = raw
    return path, value


def _step(node: Any, part: str | int, text: str) -> Any:
    if isinstance(node, list):
        if isinstance(part, int):
            if -len(node) <= part < len(node):
                return part
            raise DesignFileError(f"there is no item {part} (the list has {len(node)})", file="--set", text=text)
        for i, item in enumerate(node):
            if isinstance(item, dict) and str(item.get("name", "")).lower() == str(part).lower():
                return i
        names = [str(item.get("name")) for item in node if isinstance(item, dict)]

        raise DesignFileError(f"no item named {part!r}{did_you_mean(str(part), names)}", file="--set", text=text)
    if isinstance(node, dict):
        return part
    raise DesignFileError(f"{part!r} is inside a value that is not a mapping or a list", file="--set", text=text)


def apply_settings(design: Design, settings: list[str], rules: Ruleset | None = None) -> Design:
    """``design`` with each ``KEY=VALUE`` of ``settings`` applied, in order."""
    if not settings:
        return design
    data = design_to_data(design)
    for text in settings:
        path, value = parse_setting(text)
        node: Any = data
        for part in path[:-1]:
            key = _step(node, part, text)
            if isinstance(node, dict) and key not in node:
                node[key] = {}
            node = node[key]
        key = _step(node, path[-1], text)
        node[key] = value
    return design_from_data(data, file="--set", rules=rules)
