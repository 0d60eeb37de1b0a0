"""The native design file: YAML (or the same shape as JSON), human-editable.

A file holds one design (a mapping), a list of designs, or several YAML
documents. The shape is :class:`DesignFile` (``drydock schema`` prints its JSON
Schema). Malformed files raise :class:`~drydock.errors.DesignFileError` naming the
file, line and key; legal-but-wrong designs load and are reported by ``validate()``.

>>> d = from_yaml("class: Tiny\\nhull: 1\\n")[0]
>>> d.hull
1
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import yaml
from pydantic import ValidationError

from drydock import limits
from drydock.core.arcs import format_bank, parse_bank
from drydock.core.messages import _tags, explain
from drydock.core.model import ArcValues, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.sanity import check_design
from drydock.errors import DesignFileError, DesignFileErrors, DrydockSyntaxError, raise_all
from drydock.formats.fileshape import ArcsFile, DesignFile, ModeFile, TracksFile, WeaponFile, key_path, trim_loc
from drydock.formats.library import Lines, resolve_design
from drydock.formats.safeyaml import key_positions, load_json, yaml_documents, yaml_dumper
from drydock.formats.schema import design_schema
from drydock.formats.text import complete_range, format_range, format_stats, parse_range, parse_stats, parse_traits


def json_schema(rules: Ruleset | None = None) -> dict[str, Any]:
    """JSON Schema of the design file, for editors: names enumerated, ranges and descriptions
    (:mod:`drydock.formats.schema`), weapon library entries (:mod:`drydock.formats.library`)."""
    return design_schema(rules)


# ------------------------------------------------------------------ data <-> Design


def design_from_data(data: Any, *, file: str | None = None,
                     lines: Lines | None = None,
                     rules: Ruleset | None = None, libraries: Sequence[str] = ()) -> Design:
    """A :class:`Design` from a mapping of the file shape; errors name the key (and line if known).
    ``libraries``: weapon library files whose profiles override the design's own (``--library``)."""
    rules = rules or Ruleset.unity()
    if _uses_library(data):
        data = resolve_design(data, file=file, lines=lines, libraries=libraries)
    if isinstance(data, dict) and "ships" in data and "hull" not in data:
        raise DesignFileError("this is a fleet file, not a design (rate, check, ssd, battle and convert read "
                              "fleets)", file=file, line=_line(lines, ()))
    if not isinstance(data, dict):
        raise DesignFileError("a design must be a mapping of keys (faction, class, hull ...)",
                              text=_short(data), file=file, line=_line(lines, ()))
    mistakes: list[DrydockSyntaxError] = []  # every structural mistake, reported together (issue 26)
    try:
        f = DesignFile.model_validate(data)
    except ValidationError as exc:
        mistakes += _validation_mistakes(exc, file, lines)
        raw_weapons = data.get("weapons")
        for i, raw in enumerate(raw_weapons if isinstance(raw_weapons, list) else []):
            try:  # the weapons that validate are still read, so that their mistakes come too
                w = WeaponFile.model_validate(raw)
            except ValidationError:
                continue
            mistakes += _battery(w, i, rules, file, lines)[1]
        raise_all(mistakes, DesignFileErrors)
        raise  # pragma: no cover - a ValidationError always gives a mistake
    weapons = []
    for i, w in enumerate(f.weapons):
        battery, found = _battery(w, i, rules, file, lines)
        mistakes += found
        if battery is not None:
            weapons.append(battery)
    raise_all(mistakes, DesignFileErrors)
    systems = []
    for s in f.systems:
        name, qty = (s, 1) if isinstance(s, str) else (s.name, s.qty)
        systems.append(SystemEntry(name=rules.system_name(name) or name, qty=qty))
    stated = None
    if f.stated is not None:
        t = f.stated.tracks or TracksFile()
        stated = StatedValues(
            combat_rating=f.stated.combat_rating,
            hull=_tup(t.hull), engines=_tup(t.engines), weapons=_tup(t.weapons), shields=_tup(t.shields),
            equipment_loss_limit=f.stated.equipment_loss_limit,
        )
    screens, extra = _arcs(f.screens), None
    if f.directional_screens is not None:
        if not isinstance(screens, int):
            raise DesignFileError("key directional_screens: screens are already directional; give them once",
                                  file=file, line=_line(lines, ("directional_screens",)))
        extra = _arcs(f.directional_screens)
        if screens == 0:
            screens, extra = extra, None
    return check_design(Design(
        faction=f.faction, class_name=f.class_name, type=f.type, hull=f.hull, engines=f.engines,
        shields=_arcs(f.shields), screens=screens, extra_directional_screens=extra,
        tech=TechLevels(**f.tech.model_dump()) if f.tech else TechLevels(),
        weapons=tuple(weapons), systems=tuple(systems), ship_id=f.ship_id, ship_name=f.ship_name,
        stated=stated, notes=tuple(f.notes),
    ), file=file)


def _validation_mistakes(exc: ValidationError, file: str | None, lines: Lines | None) -> list[DrydockSyntaxError]:
    """One :class:`DesignFileError` per key the file's shape check refused, in file order."""
    tags = _tags(DesignFile)
    groups: dict[tuple, list[Any]] = {}
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and (p in tags or "[" in p)))
        groups.setdefault(loc, []).append(err)
    out = []
    for errs in groups.values():
        loc, message, given = explain(errs, DesignFile)
        line, col = (lines or {}).get(trim_loc(loc, lines), (None, None))
        out.append(DesignFileError(f"key {key_path(loc)}: {message}", text=_short(given), file=file, line=line,
                                   column=col))
    return sorted(out, key=lambda e: (e.line is None, e.line or 0, e.column or 0))


def _battery(w: WeaponFile, i: int, rules: Ruleset, file: str | None,
             lines: Lines | None) -> tuple[Battery | None, list[DrydockSyntaxError]]:
    """Weapon entry ``i`` as a battery, or its mistakes (each stat, range and bank is read)."""
    mistakes: list[DrydockSyntaxError] = []

    def mistake(where: tuple, message: str, text: str | None) -> None:
        line, col = (lines or {}).get(trim_loc(where, lines), (None, None))
        mistakes.append(DesignFileError(f"key {key_path(where)} ({w.name}): {message}", text=text, file=file,
                                        line=line, column=col))

    where: tuple = ("weapons", i)
    modes = []
    for mode, label, at in ((w, None, where), (w.secondary, w.secondary.name if w.secondary else None,
                                                where + ("secondary",))):
        if mode is None:
            continue
        try:
            modes.append(_mode(mode, label, rules, at))
        except _FieldError as exc:
            mistake(exc.where, exc.message, exc.text)
        except DrydockSyntaxError as exc:
            mistake(at, exc.message, exc.text)
    banks = []
    for k, b in enumerate(w.banks):
        try:
            banks.append(parse_bank(b, rules))
        except DrydockSyntaxError as exc:
            mistake(("weapons", i, "banks", k), exc.message, exc.text)
    if mistakes:
        return None, mistakes
    return Battery(name=w.name, primary=modes[0], secondary=modes[1] if len(modes) > 1 else None,
                   banks=tuple(banks), stated_loss_limit=w.loss_limit), []


def design_to_data(design: Design) -> dict[str, Any]:
    """The file-shaped mapping for ``design`` (keys in the documented order, defaults left out)."""
    out: dict[str, Any] = {}
    if design.faction:
        out["faction"] = design.faction
    out["class"] = design.class_name
    if design.type:
        out["type"] = design.type
    if design.ship_id:
        out["ship_id"] = design.ship_id
    if design.ship_name:
        out["ship_name"] = design.ship_name
    out["hull"] = design.hull
    out["engines"] = design.engines
    out["shields"] = _arcs_out(design.shields)
    if design.screens != 0:
        out["screens"] = _arcs_out(design.screens)
    if design.extra_directional_screens is not None:
        out["directional_screens"] = _arcs_out(design.extra_directional_screens)
    if not design.tech.is_zero():
        out["tech"] = design.tech.model_dump()
    if design.weapons:
        out["weapons"] = [_battery_out(b) for b in design.weapons]
    if design.systems:
        out["systems"] = [s.name if s.qty == 1 else {"name": s.name, "qty": s.qty} for s in design.systems]
    if design.stated is not None:
        st = design.stated
        stated: dict[str, Any] = {}
        if st.combat_rating is not None:
            stated["combat_rating"] = st.combat_rating
        tracks = {k: list(v) for k in ("hull", "engines", "weapons", "shields")
                  if (v := getattr(st, k)) is not None}
        if tracks:
            stated["tracks"] = tracks
        if st.equipment_loss_limit is not None:
            stated["equipment_loss_limit"] = st.equipment_loss_limit
        out["stated"] = stated
    if design.notes:
        out["notes"] = list(design.notes)
    return out


def _uses_library(data: Any) -> bool:
    """Does design data list weapon libraries or use a profile (:mod:`drydock.formats.library`)?"""
    if not isinstance(data, dict):
        return False
    weapons = data.get("weapons")
    return "library" in data or (isinstance(weapons, list) and any(isinstance(w, dict) and "use" in w
                                                                    for w in weapons))


class _FieldError(Exception):
    def __init__(self, where: tuple, message: str, text: str | None = None) -> None:
        self.where, self.message, self.text = where, message, text


def _mode(m: ModeFile, label: str | None, rules: Ruleset, where: tuple) -> WeaponMode:
    try:
        rof, acc, imp, dmg = parse_stats(m.stats)
    except DrydockSyntaxError as exc:
        raise _FieldError(where + ("stats",), exc.message, exc.text) from None
    traits = parse_traits(m.traits, rules)
    if (m.range is None) == (m.ma is None):
        raise _FieldError(where, "give either range (S-M-L) or ma (seekers), not both or neither")
    try:
        rng = complete_range(parse_range(m.range)) if m.range is not None else None
    except DrydockSyntaxError as exc:
        raise _FieldError(where + ("range",), exc.message, exc.text) from None
    return WeaponMode(label=label, range=rng, ma=m.ma, rof=1 if rof is None else rof, acc=acc,
                      imp=1 if imp is None else imp, dmg=dmg, traits=traits)


def _mode_out(m: WeaponMode) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if m.range is not None:
        out["range"] = format_range(m.range)
    else:
        out["ma"] = m.ma
    out["stats"] = format_stats(m.rof, m.acc, m.imp, m.dmg)
    if m.traits:
        out["traits"] = list(m.traits)
    return out


def _battery_out(b: Battery) -> dict[str, Any]:
    out: dict[str, Any] = {"name": b.name}
    out.update(_mode_out(b.primary))
    out["banks"] = [format_bank(k) for k in b.banks]
    if b.secondary is not None:
        sec: dict[str, Any] = {}
        if b.secondary.label is not None:
            sec["name"] = b.secondary.label
        sec.update(_mode_out(b.secondary))
        out["secondary"] = sec
    if b.stated_loss_limit is not None:
        out["loss_limit"] = b.stated_loss_limit
    return out


def _arcs(v: int | ArcsFile) -> int | ArcValues:
    return v if isinstance(v, int) else ArcValues(**v.model_dump())


def _arcs_out(v: int | ArcValues) -> int | dict[str, int]:
    return v if isinstance(v, int) else v.model_dump()


def _tup(v: list[int] | None) -> tuple[int, ...] | None:
    return None if v is None else tuple(v)


def _line(lines: Lines | None, loc: tuple) -> int | None:
    return (lines or {}).get(loc, (None, None))[0]


def _short(value: Any) -> str | None:
    if value is None:
        return None
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


# ------------------------------------------------------------------ YAML and JSON text


def from_yaml(text: str, *, file: str | None = None, rules: Ruleset | None = None,
              libraries: Sequence[str] = ()) -> list[Design]:
    """Every design in a YAML text (a mapping, a list of mappings, or several documents); ``libraries`` as for
    :func:`design_from_data`."""
    designs: list[Design] = []
    for node, data in yaml_documents(text, file):
        if isinstance(data, list):
            limits.check_count("designs", data, limits.DESIGNS, file=file)
        lines: dict[tuple, tuple[int, int]] = {}
        if isinstance(data, list):
            for item, child in zip(data, node.value, strict=True):
                lines = {}
                key_positions(child, (), lines)
                designs.append(design_from_data(item, file=file, lines=lines, rules=rules, libraries=libraries))
        else:
            key_positions(node, (), lines)
            designs.append(design_from_data(data, file=file, lines=lines, rules=rules, libraries=libraries))
    return designs


def to_yaml(designs: Design | list[Design]) -> str:
    """YAML text for one design or a list of designs (several are written as YAML documents)."""
    items = [designs] if isinstance(designs, Design) else list(designs)
    docs = [design_to_data(d) for d in items]
    return yaml.dump_all(docs, Dumper=yaml_dumper(), sort_keys=False, allow_unicode=True, width=100,
                         explicit_start=len(docs) > 1)


def from_json(text: str, *, file: str | None = None, rules: Ruleset | None = None,
              libraries: Sequence[str] = ()) -> list[Design]:
    """Designs from JSON text in the file shape (one object or a list); ``libraries`` as for
    :func:`design_from_data`."""
    data = load_json(text, file=file)
    items = data if isinstance(data, list) else [data]
    limits.check_count("designs", items, limits.DESIGNS, file=file)
    return [design_from_data(item, file=file, rules=rules, libraries=libraries) for item in items]


def to_json(designs: Design | list[Design]) -> str:
    items = [designs] if isinstance(designs, Design) else list(designs)
    data: Any = [design_to_data(d) for d in items]
    if isinstance(designs, Design):
        data = data[0]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
