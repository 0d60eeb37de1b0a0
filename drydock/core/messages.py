"""File errors in a player's words: pydantic's validation errors translated, with "did you mean".

Used for design, fleet, weapon library and house-rule files. Core module (no I/O).

Never shows a regular expression or a pydantic phrase ("Input should be a valid
integer"): each error type becomes a sentence about the key, and an unknown key
lists the nearest keys that the same place accepts (``starboard`` -> ``stbd``).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from drydock.core.suggest import did_you_mean

#: Examples shown when a key has the wrong kind of value.
_SHAPES: dict[str, str] = {
    "shields": "a shield rating 0-5, or {fwd: 3, port: 2, stbd: 2, aft: 1}",
    "screens": "a number of screens, or {fwd: 1, port: 1, stbd: 1, aft: 1}",
    "range": "text like 4-8-12 (short-medium-long)",
    "stats": "text like 2x5+/1/1 (ROFxACC+/IMP/DMG)",
    "traits": "a list like [Pr1, Accurate]",
    "banks": "a list like [2ACE, BCE2, FH]",
    "systems": "a list like [Countermeasures, {name: Marines, qty: 4}]",
    "weapons": "a list of batteries, each with name, range (or ma), stats and banks",
    "tech": "{engines: 0, shields: 0, weapons: 0, fighters: 0}",
    "notes": "a list of text lines",
    "secondary": "{name: .., range: .., stats: ..}",
}

_TYPE_WORDS = {
    "int": "a whole number", "string": "text", "list": "a list", "dict": "a mapping of keys",
    "model": "a mapping of keys", "bool": "true or false", "float": "a number", "decimal": "a number",
    "literal": "one of the allowed words",
}


def _models(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models an annotation can hold (through Optional, unions and lists)."""
    # (on Python 3.10 a generic alias such as dict[str, X] passes isinstance(..., type) but not issubclass)
    if typing.get_origin(annotation) is None and isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    out: list[type[BaseModel]] = []
    for arg in typing.get_args(annotation):
        out.extend(_models(arg))
    return out


def _field(model: type[BaseModel], key: str) -> Any:
    for name, info in model.model_fields.items():
        if key in (name, info.alias):
            return info
    return None


def _keys(model: type[BaseModel]) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()]


def model_at(root: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model that holds the last key of ``loc`` (union tags such as ``ArcsFile`` choose the branch)."""
    model: type[BaseModel] | None = root
    candidates: list[type[BaseModel]] = []
    skip = False
    for part in loc[:-1]:
        if isinstance(part, int) or skip:  # a list index, or the key of a mapping of entries
            skip = False
            continue
        named = [m for m in candidates if m.__name__ == part]
        if named:
            model, candidates = named[0], []
            continue
        if model is None:
            return None
        info = _field(model, part)
        if info is None:
            return None
        candidates = _models(info.annotation)
        model = candidates[0] if len(candidates) == 1 else None
        skip = typing.get_origin(info.annotation) is dict
    return model


def _tags(root: type[BaseModel]) -> set[str]:
    """Names pydantic puts in an error location to say which branch of a union failed."""
    seen: set[str] = {"int", "str", "float", "bool", "list", "dict"}
    todo = [root]
    while todo:
        model = todo.pop()
        if model.__name__ in seen:
            continue
        seen.add(model.__name__)
        for info in model.model_fields.values():
            todo.extend(_models(info.annotation))
    return seen


def _rank(err: Mapping[str, Any]) -> tuple[int, int]:
    """Prefer the error that says most: an unknown or missing key over a type mismatch of another union branch."""
    kind = err["type"]
    if kind == "extra_forbidden":
        return (0, -len(err["loc"]))
    if kind == "missing":
        return (1, -len(err["loc"]))
    if kind.endswith("_type") or kind.endswith("_parsing"):
        return (3, -len(err["loc"]))
    return (2, -len(err["loc"]))


def explain(errors: Sequence[Mapping[str, Any]], root: type[BaseModel]) -> tuple[tuple, str, Any]:
    """(location without union tags, message in a player's words, offending input) for the best error."""
    err = sorted(errors, key=_rank)[0]
    raw = tuple(err["loc"])
    tags = _tags(root)
    loc = tuple(p for p in raw if not (isinstance(p, str) and (p in tags or "[" in p)))
    kind = err["type"]
    key = next((p for p in reversed(loc) if isinstance(p, str)), "")
    if kind == "extra_forbidden":
        holder = model_at(root, raw)
        known = _keys(holder) if holder else []
        hint = did_you_mean(str(raw[-1]), known) or (f" (known keys: {', '.join(known)})" if known else "")
        return loc, f"unknown key {raw[-1]!r}{hint}", None
    if kind == "missing":
        shape = _SHAPES.get(key)
        return loc, "required, but missing" + (f": give {shape}" if shape else ""), None
    if kind == "value_error":  # raised by drydock's own checks: already in a player's words
        return loc, str(err.get("msg", "")).removeprefix("Value error, "), err.get("input")
    if kind == "literal_error" and "expected" in err.get("ctx", {}):
        return loc, f"must be one of {err['ctx']['expected']}", err.get("input")
    word = next((w for prefix, w in _TYPE_WORDS.items() if kind.startswith(prefix)), None)
    shape = _SHAPES.get(key)
    if shape:
        return loc, f"must be {shape}", err.get("input")
    if word:
        return loc, f"must be {word}", err.get("input")
    return loc, "has a value drydock cannot read here", err.get("input")
