"""Weapon libraries: named weapon profiles shared by many designs (the Drydock's Weapons tab, without its limits).

A library file (YAML or JSON) holds profiles with the fields of a design's weapon
entry, less its banks::

    name: Imperial weapons
    include: [common.yaml]            # other libraries, relative to this file
    profiles:
      - name: Lightning Turret
        range: 4-8-12
        stats: 2x5+/1/1
        traits: [Pr1]
      - name: Heavy Lightning Turret
        use: Lightning Turret          # a profile may build on another; its fields override
        stats: 2x5+/2/1

A design lists libraries (``library: [../weapons/imperial.yaml]``, relative to the
design file) and uses a profile as a weapon entry: ``{use: Lightning Turret, banks:
[2ACE, 2BDF]}``. Any field given beside ``use`` overrides the profile's (``range``
replaces ``ma`` and the other way round). Later libraries override earlier ones, a
library's own profiles override those it includes, and the ``libraries`` a reader is given
(``read_designs(path, libraries=[...])``, ``drydock rate --library FILE``) override everything.
They are a parameter of every reader on the way (:func:`resolve_design`, the native reader,
:func:`drydock.formats.read_designs`, the fleet reader): nothing process-wide is set, so two reads
with different libraries in one process never see each other's.

Designs hold the resolved weapons: Drake and workbooks write them in full (Drake has
no references), and reading those back gives the same ratings. Errors name the file
and line: an unknown profile, a missing library, a circular ``include`` or ``use``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from drydock import limits
from drydock.core.messages import explain
from drydock.errors import DesignFileError, DrydockError, DrydockSyntaxError
from drydock.formats import read_text_capped
from drydock.formats.files import in_run, on_new_run, traded_path
from drydock.formats.fileshape import ModeFile, key_path, trim_loc
from drydock.formats.safeyaml import key_positions, load_json, yaml_documents
from drydock.formats.text import parse_range, parse_stats

_RANGE_PATTERN = r"^\s*(\d+|\*)\s*-\s*\d+\s*-\s*(\d+|\*)\s*$"


class LibraryFileError(DesignFileError):
    """A weapon library is malformed, missing, circular, or a design uses a profile it does not hold."""


class ProfileFile(BaseModel):
    """A named weapon profile: a design's weapon entry without banks."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="profile name, used by `use:` in a design's weapon entry")
    use: str | None = Field(default=None, description="another profile this one builds on (its fields override)")
    range: str | None = Field(default=None, description="S-M-L range bands, e.g. '4-8-12'", pattern=_RANGE_PATTERN)
    ma: int | None = Field(default=None, description="seeker movement allowance 4-12, instead of range")
    stats: str | None = Field(default=None, description="ROFxACC/IMP/DMG, e.g. '2x5+/1/1'")
    traits: list[str] | None = Field(default=None, description="trait abbreviations or names")
    secondary: ModeFile | None = None


class LibraryFile(BaseModel):
    """A drydock weapon library (YAML or JSON)."""

    model_config = ConfigDict(extra="forbid")
    name: str = ""
    include: list[str] = Field(default=[], description="other library files, relative to this one")
    profiles: list[ProfileFile] = []


class WeaponUseFile(BaseModel):
    """A design's weapon entry that uses a library profile; fields given here override the profile's."""

    model_config = ConfigDict(extra="forbid")
    use: str = Field(description="name of a weapon profile in one of the design's libraries")
    banks: list[str] = Field(default=[], description="Drydock bank entries xARCy, e.g. [2ACE, BCE2, 3Fwd]")
    name: str | None = None
    range: str | None = Field(default=None, pattern=_RANGE_PATTERN)
    ma: int | None = None
    stats: str | None = None
    traits: list[str] | None = None
    secondary: ModeFile | None = None
    loss_limit: int | None = None


@dataclass
class Library:
    """The profiles of one library file, its includes merged in (name -> (fields, file, line))."""

    file: str
    name: str = ""
    profiles: dict[str, tuple[dict[str, Any], str, int | None]] = field(default_factory=dict)
    deps: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    """(resolved path, file signature) of this file and every library it includes: a cached copy is good
    while they all still hold the same signature."""


#: Libraries read in this run, by resolved path: each is read and parsed once however many designs use it.
_RUN: dict[str, Library] = {}
on_new_run(_RUN.clear)


#: where each key of a parsed file stands: key path -> (line, column), None where unknown
Lines = Mapping[tuple, tuple[int | None, int | None]]


def _signature(path: str) -> tuple[int, ...]:
    try:
        st = os.stat(path)
    except OSError:
        return ()
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _cached(real: str) -> Library | None:
    lib = _RUN.get(real)
    if lib is not None and all(_signature(p) == sig for p, sig in lib.deps):
        return lib
    return None


def json_schema() -> dict[str, Any]:
    """JSON Schema of a weapon library file."""
    schema = LibraryFile.model_json_schema()
    schema["title"] = "drydock weapon library"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def extend_design_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """Add ``library`` and ``{use: ...}`` weapon entries to the design file's JSON Schema."""
    defs = schema.setdefault("$defs", {})
    use = WeaponUseFile.model_json_schema(ref_template="#/$defs/{model}")
    defs.update(use.pop("$defs", {}))
    defs["WeaponUseFile"] = use
    props = schema.setdefault("properties", {})
    props["library"] = {"type": "array", "items": {"type": "string"},
                        "description": "weapon library files (relative to this file) whose profiles `use:` names"}
    weapons = props.get("weapons")
    if weapons is not None and "items" in weapons:
        weapons["items"] = {"anyOf": [weapons["items"], {"$ref": "#/$defs/WeaponUseFile"}]}
    return schema


# ------------------------------------------------------------------ reading libraries


def load_library(path: str | Path, *, _stack: tuple[Path, ...] = (), _cache: dict | None = None) -> Library:
    """The library at ``path`` with its includes (circular includes are an error naming the chain)."""
    p = Path(path)
    key = p.resolve()
    if key in _stack:
        chain = " -> ".join(str(s) for s in (*_stack, key)[_stack.index(key):])
        raise LibraryFileError(f"circular library include: {chain}", file=str(path))
    if _cache is not None and key in _cache:
        return _cache[key]
    real = str(key)
    known = _cached(real)
    if known is not None:
        return known
    if len(_stack) >= limits.LIBRARY_DEPTH.value:
        raise limits.LimitError(f"library include chain ({len(_stack) + 1} deep)", limits.LIBRARY_DEPTH,
                                file=str(_stack[0]))
    name = str(path)
    try:
        text = read_text_capped(name)
    except OSError as exc:
        raise LibraryFileError(f"cannot read weapon library: {exc.strerror or exc}", file=name) from None
    def profiles_within_limit(data: Any) -> None:
        for key, limit in (("profiles", limits.LIBRARY_PROFILES), ("include", limits.LIBRARY_FILES)):
            items = data.get(key) if isinstance(data, dict) else None
            if isinstance(items, list):
                limits.check_count(f"entries in {key}", len(items), limit, file=name)

    f, lines = validate_file(LibraryFile, text, name, LibraryFileError, precheck=profiles_within_limit)
    lib = Library(file=name, name=f.name, deps=[(real, _signature(real))])
    for i, inc in enumerate(f.include):
        line, col = where(lines, ("include", i))
        target = _traded(p.parent, inc, name, f"include[{i}]", line, col)
        if not target.exists():
            raise LibraryFileError(f"included library {inc} not found ({target})", file=name, line=line, column=col)
        child = load_library(target, _stack=(*_stack, key), _cache=_cache)
        lib.profiles.update(child.profiles)
        lib.deps.extend(child.deps)
    for i, prof in enumerate(f.profiles):
        line, col = where(lines, ("profiles", i))
        for key_, check in (("stats", parse_stats), ("range", parse_range)):
            value = getattr(prof, key_)
            if value is not None:
                try:
                    check(value)
                except DrydockSyntaxError as exc:
                    raise LibraryFileError(f"profile {prof.name}: {exc.message}", text=exc.text, file=name,
                                           line=where(lines, ("profiles", i, key_))[0] or line) from None
        lib.profiles[prof.name] = (prof.model_dump(exclude_none=True, exclude_defaults=True), name, line)
    if _cache is not None:
        _cache[key] = lib
    if real not in _RUN and len(_RUN) >= limits.LIBRARY_FILES.value:
        if in_run():
            raise limits.LimitError("weapon libraries read", limits.LIBRARY_FILES, file=name)
        _RUN.clear()  # a long-lived library user: a cache, not a limit
    _RUN[real] = lib
    return lib


def _traded(base: Path, relative: str, owner: str, key: str, line: int | None, col: int | None) -> Path:
    """A library path named inside a traded file: never a system file (its content is never quoted back)."""
    try:
        return traded_path(base, relative, owner=owner, key=key)
    except DrydockError as exc:
        raise LibraryFileError(str(exc).removeprefix(f"{owner}: "), file=owner, line=line, column=col) from None


def resolve_profile(name: str, profiles: dict[str, tuple[dict[str, Any], str, int | None]],
                    _stack: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields of profile ``name``, its ``use`` chain applied (a circular chain is an error; the chain is
    followed without recursion and at most :data:`~drydock.limits.PROFILE_CHAIN` long)."""
    chain = [*_stack, name]
    seen = set(chain)
    fields, file, line = profiles[name]
    layers = [fields]
    current = name
    while (base_name := fields.get("use")) is not None:
        if base_name in seen:
            shown = " -> ".join(chain[chain.index(base_name):] + [base_name]) if base_name in chain else base_name
            raise LibraryFileError(f"circular weapon profile: {shown}", file=file, line=line)
        if base_name not in profiles:
            raise LibraryFileError(f"profile {current} uses unknown profile {base_name!r}", file=file, line=line)
        if len(chain) >= limits.PROFILE_CHAIN.value:
            raise limits.LimitError(f"profile {name}: use chain", limits.PROFILE_CHAIN, file=file,
                                    value=f"more than {len(chain)} profiles")
        chain.append(base_name)
        seen.add(base_name)
        current = base_name
        fields, file, line = profiles[base_name]
        layers.append(fields)
    out = dict(layers[-1])
    out.pop("use", None)
    for local in reversed(layers[:-1]):
        out = overlay(out, {k: v for k, v in local.items() if k != "use"})
    return out


def overlay(base: dict[str, Any], local: dict[str, Any]) -> dict[str, Any]:
    """``local`` fields over ``base`` fields; a local ``range`` drops the base's ``ma`` and the other way round."""
    out = dict(base)
    if "range" in local:
        out.pop("ma", None)
    if "ma" in local:
        out.pop("range", None)
    out.update(local)
    out.pop("use", None)
    return out


def resolve_design(data: dict[str, Any], *, file: str | None, lines: Lines | None,
                   libraries: Sequence[str] = ()) -> dict[str, Any]:
    """Design data with ``library`` dropped and every ``use`` entry replaced by the profile it names; the
    profiles of ``libraries`` (paths, ``--library``) override those of the design's own libraries."""
    out = dict(data)
    libs = out.pop("library", None) or []
    if isinstance(libs, str):
        libs = [libs]
    if not isinstance(libs, list) or not all(isinstance(x, str) for x in libs):
        line, col = where(lines, ("library",))
        raise LibraryFileError("key library: expected a list of library files", file=file, line=line, column=col)
    base_dir = Path(file).parent if file and not file.startswith("<") else Path(".")
    cache: dict = {}
    profiles: dict[str, tuple[dict[str, Any], str, int | None]] = {}
    sources: list[str] = []
    for i, lib in enumerate(libs):
        line, col = where(lines, ("library", i))
        target = _traded(base_dir, lib, file or "<input>", f"library[{i}]", line, col)
        if not target.exists():
            line, col = where(lines, ("library", i))
            raise LibraryFileError(f"key library[{i}]: weapon library {lib} not found ({target})", file=file,
                                   line=line, column=col)
        profiles.update(load_library(target, _cache=cache).profiles)
        sources.append(str(target))
    for extra in libraries:
        profiles.update(load_library(extra, _cache=cache).profiles)
        sources.append(extra)
    weapons = out.get("weapons")
    if not isinstance(weapons, list):
        return out
    resolved = []
    for i, w in enumerate(weapons):
        if not (isinstance(w, dict) and "use" in w):
            resolved.append(w)
            continue
        try:
            WeaponUseFile.model_validate(w)
        except ValidationError as exc:
            inner, message, _ = explain(exc.errors(), WeaponUseFile)
            loc = ("weapons", i, *inner)
            line, col = where(lines, loc)
            raise LibraryFileError(f"key {key_path(loc)}: {message}", file=file, line=line, column=col) from None
        name = w["use"]
        if name not in profiles:
            line, col = where(lines, ("weapons", i, "use"))
            known = ", ".join(sorted(profiles)) or "none"
            searched = ", ".join(sources) or "no library listed"
            raise LibraryFileError(f"key weapons[{i}].use: unknown weapon profile {name!r} ({searched}; profiles: "
                                   f"{known})", file=file, line=line, column=col)
        local = {k: v for k, v in w.items() if k != "use"}
        resolved.append(overlay(resolve_profile(name, profiles), local))
    out["weapons"] = resolved
    return out


# ------------------------------------------------------------------ helpers


def parse_positions(text: str, name: str, error: type[DrydockSyntaxError] = DesignFileError,
                    ) -> tuple[Any, dict[tuple, tuple[int, int]]]:
    """Data and key positions (line, column by key path) of a YAML text, or of a JSON one (no positions)."""

    lines: dict[tuple, tuple[int, int]] = {}
    try:  # drydock's limits (size, depth, aliases, digits) apply to fleets and libraries too (issue 10)
        if name.lower().endswith(".json"):
            return load_json(text, file=name), lines
        docs = yaml_documents(text, name)
    except DesignFileError as exc:
        raise error(exc.message, text=exc.text, file=exc.file, line=exc.line, column=exc.column) from None
    if len(docs) > 1:
        raise error("expected one YAML document, found several", file=name)
    if not docs:
        return None, lines
    node, data = docs[0]
    key_positions(node, (), lines)
    return data, lines


def where(lines: Lines | None, loc: tuple) -> tuple[int | None, int | None]:
    return (lines or {}).get(trim_loc(tuple(loc), lines), (None, None))


def validate_file(model: type[BaseModel], text: str, name: str, error: type[DrydockSyntaxError],
                  precheck: Callable[[Any], None] | None = None) -> tuple[Any, dict[tuple, tuple[int, int]]]:
    """``text`` parsed and validated as ``model``, with its key positions; a bad key raises ``error`` at its line.

    ``precheck(data)`` runs on the parsed data before validation builds anything from it (sizes)."""
    data, lines = parse_positions(text, name, error)
    if precheck is not None:
        precheck(data)
    try:
        return model.model_validate(data), lines
    except ValidationError as exc:
        loc, message, _ = explain(exc.errors(), model)
        line, col = where(lines, loc)
        raise error(f"key {key_path(loc)}: {message}", file=name, line=line, column=col) from None


__all__ = ["Library", "LibraryFileError", "json_schema", "load_library", "resolve_design"]
