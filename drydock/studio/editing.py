"""The design page's edits: a field's new value set into the design file's data, and the YAML written back.

The page holds the design file's text; a field edit names a key path as ``drydock rate --set`` does
(``hull``, ``tech.weapons``, ``weapons[0].banks``) and a value typed by the player. The value is read as
the field's kind says (text, a whole number, a list, or YAML for shields), within drydock's limits, set
into the file's data, and the data written back as the YAML the command line writes. A file that is not
a single YAML mapping cannot be edited field by field: the page then offers its text only.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from drydock import DrydockError
from drydock.formats.safeyaml import load_yaml, yaml_dumper
from drydock.limits import check_text

#: A field's key path: names and [n] indexes, at most this many parts.
_KEY = re.compile(r"^[a-z_]+(\.[a-z_]+|\[\d{1,3}\])*(\.[a-z_]+)?$")
_PARTS = re.compile(r"([a-z_]+)|\[(\d+)\]")
#: Fields whose value is a list typed as "a, b, c".
LIST_FIELDS = ("traits", "banks", "systems")
#: Fields whose value is a whole number.
INT_FIELDS = ("hull", "engines", "tech.engines", "tech.shields", "tech.weapons", "tech.fighters")
#: Fields read as YAML (a number or an arc mapping).
YAML_FIELDS = ("shields", "screens")
#: The empty battery "Add a battery" appends (the starter's, A.1).
NEW_BATTERY = {"name": "Laser Cannon", "range": "3-6-9", "stats": "1x5+/1/1", "banks": ["AB"]}


class EditError(DrydockError):
    """A field edit that cannot be applied (a bad key, or a file that is not one mapping)."""


def load_data(text: str, name: str) -> dict[str, Any]:
    """The design file's data (one YAML mapping), or EditError saying why it can only be edited as text."""
    check_text(text, file=name)
    docs = load_yaml(text, file=name)
    if len(docs) != 1 or not isinstance(docs[0], dict):
        raise EditError(f"{name}: not a single design mapping; edit its text below")
    return docs[0]


def dump_data(data: dict[str, Any]) -> str:
    """The data as YAML, as ``drydock`` writes design files."""
    return str(yaml.dump(data, Dumper=yaml_dumper(), sort_keys=False, allow_unicode=True, width=100))


def parse_key(key: str) -> list[str | int]:
    if not isinstance(key, str) or len(key) > 80 or not _KEY.match(key):
        raise EditError(f"{key!r}: not a field of the design page")
    return [m.group(1) if m.group(1) is not None else int(m.group(2)) for m in _PARTS.finditer(key)]


def field_value(key: str, raw: str) -> Any:
    """What the player typed into field ``key``, as the file holds it."""
    last = key.rsplit(".", 1)[-1]
    text = raw.strip()
    if key in INT_FIELDS:
        return _yaml_value(text, key) if text else 0
    if last in LIST_FIELDS:
        if text.startswith("["):
            return _yaml_value(text, key)
        return [_item(part.strip(), key) for part in text.split(",") if part.strip()]
    if last in YAML_FIELDS:
        return _yaml_value(text, key) if text else 0
    return raw.strip()


def _item(part: str, key: str) -> Any:
    return _yaml_value(part, key) if part.startswith("{") else part


def _yaml_value(text: str, key: str) -> Any:
    docs = load_yaml(text, file=key)  # drydock's limits on numbers, nesting and aliases
    return docs[0] if docs else None


def set_field(data: dict[str, Any], key: str, raw: str) -> dict[str, Any]:
    """``data`` with field ``key`` set to what the player typed (an empty text field is removed)."""
    path = parse_key(key)
    value = field_value(key, raw)
    node: Any = data
    for part in path[:-1]:
        if isinstance(part, int):
            if not isinstance(node, list) or not 0 <= part < len(node):
                raise EditError(f"{key}: there is no such item")
            node = node[part]
        else:
            if not isinstance(node, dict):
                raise EditError(f"{key}: not a field of this design")
            node = node.setdefault(part, {})
    last = path[-1]
    if isinstance(last, int) or not isinstance(node, dict):
        raise EditError(f"{key}: not a field of the design page")
    if value in ("", []) and last not in ("class", "hull"):
        node.pop(last, None)
    else:
        node[last] = value
    return data


def add_battery(data: dict[str, Any]) -> dict[str, Any]:
    weapons = data.get("weapons")
    if not isinstance(weapons, list):
        weapons = []
    data["weapons"] = [*weapons, dict(NEW_BATTERY)]
    return data


def remove_battery(data: dict[str, Any], index: int) -> dict[str, Any]:
    weapons = data.get("weapons")
    if isinstance(weapons, list) and 0 <= index < len(weapons):
        data["weapons"] = weapons[:index] + weapons[index + 1:]
    return data


def shown(value: Any) -> str:
    """A data value as its field shows it."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(_flow(v) for v in value)
    if isinstance(value, dict):
        return _flow(value)
    return str(value)


def _flow(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return yaml.safe_dump(value, default_flow_style=True, width=10_000).strip()
    return str(value)
