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
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from drydock import limits
from drydock.core.arcs import format_bank, parse_bank
from drydock.core.model import ArcValues, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.sanity import check_design
from drydock.errors import DesignFileError, DesignFileErrors, DrydockError, DrydockSyntaxError, raise_all
from drydock.formats.text import complete_range, format_range, format_stats, parse_range, parse_stats, parse_traits

# ------------------------------------------------------------------ the file shape


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ArcsFile(_File):
    """Per-arc values for directional shields or screens."""

    fwd: int = 0
    port: int = 0
    stbd: int = 0
    aft: int = 0


class TechFile(_File):
    """Technology levels -2..+2 (A.4)."""

    engines: int = 0
    shields: int = 0
    weapons: int = 0
    fighters: int = 0


class ModeFile(_File):
    """A secondary weapon mode (C.2)."""

    name: str | None = Field(default=None, description="mode label, e.g. 'Close Defense'")
    range: str | None = Field(default=None, description="S-M-L range bands, e.g. '4-8-12'")
    ma: int | None = Field(default=None, description="seeker movement allowance 4-12, instead of range")
    stats: str = Field(description="ROFxACC/IMP/DMG as on the display sheet, e.g. '2x5+/1/1'")
    traits: list[str] = Field(default=[], description="trait abbreviations or names, e.g. [Pr1]")


class WeaponFile(ModeFile):
    """A weapon battery: one weapon, its banks, and optionally a secondary mode."""

    name: str = Field(description="battery name as printed on the display")
    banks: list[str] = Field(default=[], description="Drydock bank entries xARCy, e.g. [2ACE, BCE2, 3Fwd]")
    secondary: ModeFile | None = None
    loss_limit: int | None = Field(default=None, description="loss limit as stated by a source (checked)")


class SystemFile(_File):
    name: str
    qty: int = Field(default=1, description="levels, munitions, flights or capacity")


class TracksFile(_File):
    hull: list[int] | None = None
    engines: list[int] | None = None
    weapons: list[int] | None = None
    shields: list[int] | None = None


class StatedFile(_File):
    """Figures stated by a source; kept as stated and compared with the computed ones."""

    combat_rating: int | None = None
    tracks: TracksFile | None = None
    equipment_loss_limit: int | None = None


class DesignFile(_File):
    """A drydock native design file (YAML or JSON)."""

    faction: str = ""
    class_name: str = Field(default="", alias="class")
    type: str = ""
    hull: int
    engines: int = 0
    shields: int | ArcsFile = 0
    screens: int | ArcsFile = 0
    directional_screens: ArcsFile | None = None
    """Directional screens written beside standard ``screens`` (forbidden, A.5 [6] [7]; kept and reported)."""
    tech: TechFile | None = None
    weapons: list[WeaponFile] = []
    systems: list[str | SystemFile] = []
    ship_id: str = ""
    ship_name: str = ""
    stated: StatedFile | None = None
    notes: list[str] = []


def json_schema(rules: Ruleset | None = None) -> dict[str, Any]:
    """JSON Schema of the design file, for editors: names enumerated, ranges and descriptions
    (:mod:`drydock.formats.schema`), weapon library entries (:mod:`drydock.formats.library`)."""
    from drydock.formats.schema import design_schema

    return design_schema(rules)


# ------------------------------------------------------------------ data <-> Design


def design_from_data(data: Any, *, file: str | None = None, lines: dict[tuple, tuple[int, int]] | None = None,
                     rules: Ruleset | None = None) -> Design:
    """A :class:`Design` from a mapping of the file shape; errors name the key (and line if known)."""
    rules = rules or Ruleset.unity()
    if _uses_library(data):
        from drydock.formats.library import resolve_design

        data = resolve_design(data, file=file, lines=lines)
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
        for i, raw in enumerate(data.get("weapons") if isinstance(data.get("weapons"), list) else []):
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


def _validation_mistakes(exc: ValidationError, file: str | None, lines: dict | None) -> list[DrydockSyntaxError]:
    """One :class:`DesignFileError` per key the file's shape check refused, in file order."""
    from drydock.core.messages import _tags, explain

    tags = _tags(DesignFile)
    groups: dict[tuple, list[Any]] = {}
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and (p in tags or "[" in p)))
        groups.setdefault(loc, []).append(err)
    out = []
    for errs in groups.values():
        loc, message, given = explain(errs, DesignFile)
        line, col = (lines or {}).get(_trim_loc(loc, lines), (None, None))
        out.append(DesignFileError(f"key {_path(loc)}: {message}", text=_short(given), file=file, line=line,
                                   column=col))
    return sorted(out, key=lambda e: (e.line is None, e.line or 0, e.column or 0))


def _battery(w: WeaponFile, i: int, rules: Ruleset, file: str | None,
             lines: dict | None) -> tuple[Battery | None, list[DrydockSyntaxError]]:
    """Weapon entry ``i`` as a battery, or its mistakes (each stat, range and bank is read)."""
    mistakes: list[DrydockSyntaxError] = []

    def mistake(where: tuple, message: str, text: str | None) -> None:
        line, col = (lines or {}).get(_trim_loc(where, lines), (None, None))
        mistakes.append(DesignFileError(f"key {_path(where)} ({w.name}): {message}", text=text, file=file,
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


def _path(loc: tuple) -> str:
    out = ""
    for p in loc:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top)"


def _trim_loc(loc: tuple, lines: dict | None) -> tuple:
    loc = tuple(loc)
    while loc and lines is not None and loc not in lines:
        loc = loc[:-1]
    return loc


def _line(lines: dict | None, loc: tuple) -> int | None:
    return (lines or {}).get(loc, (None, None))[0]


def _short(value: Any) -> str | None:
    if value is None:
        return None
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


# ------------------------------------------------------------------ YAML and JSON text


def from_yaml(text: str, *, file: str | None = None, rules: Ruleset | None = None) -> list[Design]:
    """Every design in a YAML text (a mapping, a list of mappings, or several documents)."""
    designs: list[Design] = []
    for node, data in _documents(text, file):
        if isinstance(data, list):
            limits.check_count("designs", data, limits.DESIGNS, file=file)
        lines: dict[tuple, tuple[int, int]] = {}
        if isinstance(data, list):
            for item, child in zip(data, node.value, strict=True):
                lines = {}
                _positions(child, (), lines)
                designs.append(design_from_data(item, file=file, lines=lines, rules=rules))
        else:
            _positions(node, (), lines)
            designs.append(design_from_data(data, file=file, lines=lines, rules=rules))
    return designs


def to_yaml(designs: Design | list[Design]) -> str:
    """YAML text for one design or a list of designs (several are written as YAML documents)."""
    import yaml

    items = [designs] if isinstance(designs, Design) else list(designs)
    docs = [design_to_data(d) for d in items]
    return yaml.dump_all(docs, Dumper=_dumper(), sort_keys=False, allow_unicode=True, width=100,
                         explicit_start=len(docs) > 1)


def from_json(text: str, *, file: str | None = None, rules: Ruleset | None = None) -> list[Design]:
    """Designs from JSON text in the file shape (one object or a list)."""
    data = load_json(text, file=file)
    items = data if isinstance(data, list) else [data]
    limits.check_count("designs", items, limits.DESIGNS, file=file)
    return [design_from_data(item, file=file, rules=rules) for item in items]


def load_yaml(text: str, *, file: str | None = None) -> list[Any]:
    """The data of every document in a YAML text, within drydock's limits (size, depth, aliases, digits)."""
    return [data for _node, data in _documents(text, file)]


def _documents(text: str, file: str | None) -> list[tuple[Any, Any]]:
    """(node, data) for every non-empty YAML document, after every limit check."""
    import yaml

    _check_input(text, file)
    limits.check_text(text, file=file, size_limit=limits.YAML_FILE)
    try:
        _check_depth(text, file)
        nodes = list(yaml.compose_all(text, Loader=_loader()))
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, file) from None
    out = []
    for node in nodes:
        if node is None:
            continue
        _check_expansion(node, file)
        try:
            out.append((node, _construct(node)))
        except yaml.YAMLError as exc:
            raise _yaml_error(exc, text, file) from None
        except DrydockSyntaxError as exc:
            raise (exc.with_file(file) if file else exc) from None
    return out


def load_json(text: str, *, file: str | None = None) -> Any:
    """The data of a JSON text, within drydock's limits (size, depth, digits)."""
    _check_input(text, file)
    limits.check_text(text, file=file, line_limit=None)
    try:
        data = json.loads(text, parse_int=lambda s: limits.to_int(s, file=file),
                          parse_float=lambda s: float(limits.check_digits(s, file=file)))
    except json.JSONDecodeError as exc:
        raise DesignFileError(f"not valid JSON: {exc.msg}", file=file, line=exc.lineno, column=exc.colno,
                              text=_source_line(text, exc.lineno - 1)) from None
    except RecursionError:
        raise limits.LimitError("the JSON nesting", limits.DEPTH, file=file) from None
    _check_json_depth(data, file)
    _check_json_surrogates(data, text, file)
    return data


_SURROGATE = re.compile("[\ud800-\udfff]")
_LONE_ESCAPE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                          r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _check_json_surrogates(data: Any, text: str, file: str | None) -> None:
    """Refuse a string holding half of a UTF-16 pair (``"\\ud800"`` alone): JSON escapes allow it, UTF-8 cannot
    write it, so it would fail every output instead of this input."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                m = _LONE_ESCAPE.search(text)
                line = text.count("\n", 0, m.start()) + 1 if m else None
                raise DesignFileError("not valid JSON: a \\u escape of half a UTF-16 surrogate pair, which is no "
                                      "character", file=file, line=line, text=m.group(0) if m else None)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def to_json(designs: Design | list[Design]) -> str:
    items = [designs] if isinstance(designs, Design) else list(designs)
    data: Any = [design_to_data(d) for d in items]
    if isinstance(designs, Design):
        data = data[0]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------ limits on YAML and JSON input


def _check_input(text: Any, file: str | None) -> None:
    if not isinstance(text, str):
        raise TypeError(f"expected the file's text as str, got {type(text).__name__}")


def _yaml_error(exc: Any, text: str, file: str | None) -> DesignFileError:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    from drydock.errors import yaml_hint

    return DesignFileError(f"not valid YAML: {yaml_hint(problem)}", file=file, line=mark.line + 1 if mark else None,
                           column=mark.column + 1 if mark else None,
                           text=_source_line(text, mark.line) if mark else None)


def _check_depth(text: str, file: str | None) -> None:
    """Refuse nesting deeper than :data:`~drydock.limits.DEPTH` from the event stream (no recursion)."""
    import yaml

    depth = 0
    for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > limits.DEPTH.value:
                raise limits.LimitError(f"line {event.start_mark.line + 1}: the nesting", limits.DEPTH, file=file)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _check_expansion(root: Any, file: str | None) -> None:
    """Refuse recursive aliases, and alias bombs: values after expansion past :data:`~drydock.limits.YAML_NODES`."""
    import yaml

    sizes: dict[int, int] = {}
    on_path: set[int] = set()

    def size(node: Any, depth: int) -> int:
        if depth > limits.DEPTH.value:
            raise limits.LimitError(f"line {node.start_mark.line + 1}: the nesting (aliases expanded)",
                                    limits.DEPTH, file=file)
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in on_path:
            raise DesignFileError("an alias refers to a value that contains it (recursive YAML)", file=file,
                                  line=node.start_mark.line + 1, column=node.start_mark.column + 1)
        on_path.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        elif isinstance(node, yaml.MappingNode):
            children = [x for pair in node.value for x in pair]
        else:
            children = []
        for child in children:
            total += size(child, depth + 1)
            if total > limits.YAML_NODES.value:
                raise limits.LimitError("the values in this YAML document (aliases expanded)", limits.YAML_NODES,
                                        file=file)
        on_path.discard(key)
        sizes[key] = total
        return total

    size(root, 0)


def _check_json_depth(data: Any, file: str | None) -> None:
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limits.DEPTH.value:
                raise limits.LimitError("the JSON nesting", limits.DEPTH, file=file)
            stack.extend((x, depth + 1) for x in (item.values() if isinstance(item, dict) else item))


def _loader() -> type:
    """A SafeLoader whose integers are refused past :data:`~drydock.limits.DIGITS` digits before ``int()``."""
    import yaml

    global _LOADER
    if _LOADER is None:
        class Loader(ScalarErrors, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]  # libyaml
            def construct_yaml_int(self, node: Any) -> int:
                return super().construct_yaml_int(_short_number(node))

            def construct_yaml_float(self, node: Any) -> float:
                return super().construct_yaml_float(_short_number(node))

            def unreadable(self, node: Any, message: str) -> Exception:
                return DesignFileError(message, line=node.start_mark.line + 1, column=node.start_mark.column + 1,
                                       text=str(node.value))

        Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
        Loader.add_constructor("tag:yaml.org,2002:float", Loader.construct_yaml_float)
        _LOADER = Loader
    return _LOADER


_LOADER: type | None = None


class ScalarErrors:
    """Mixin for a PyYAML loader: a value its constructors fail to build with a plain exception (ValueError
    for the date ``2001-13-45`` or ``!!float x``, KeyError for ``!!bool maybe``) raises ``self.unreadable(node,
    message)``, a :class:`~drydock.errors.DrydockError` naming the line, instead."""

    def unreadable(self, node: Any, message: str) -> Exception:  # pragma: no cover - each loader says
        raise NotImplementedError

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        import yaml

        try:
            return super().construct_object(node, deep=deep)  # type: ignore[misc]
        except (yaml.YAMLError, DrydockError):
            raise
        except Exception as exc:  # PyYAML's own ValueError/KeyError/AttributeError for a value it cannot build
            tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
            message = f"not valid YAML: a {tag} value that cannot be read ({type(exc).__name__}: {exc})"
            raise self.unreadable(node, message) from None


def _short_number(node: Any) -> Any:
    """``node`` unless its number has more than :data:`~drydock.limits.DIGITS` digits (refused before ``int()``)."""
    value = str(node.value)
    if sum(c.isdigit() for c in value) > limits.DIGITS.value:
        raise DesignFileError(f"a number with more than {limits.DIGITS.value} digits is past drydock's limit",
                              line=node.start_mark.line + 1, column=node.start_mark.column + 1, text=value)
    return node


def _construct(node: Any) -> Any:

    loader = _loader()("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _positions(node: Any, path: tuple, out: dict[tuple, tuple[int, int]]) -> None:
    import yaml

    out[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = key.value
            out[path + (name,)] = (key.start_mark.line + 1, key.start_mark.column + 1)
            _positions_children(value, path + (name,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, child in enumerate(node.value):
            _positions(child, path + (i,), out)


def _positions_children(node: Any, path: tuple, out: dict[tuple, tuple[int, int]]) -> None:
    import yaml

    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        keep = out.get(path)
        _positions(node, path, out)
        if keep is not None:
            out[path] = keep


def _source_line(text: str, index: int) -> str | None:
    lines = text.splitlines()
    return lines[index] if 0 <= index < len(lines) else None


def _dumper() -> type:
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def represent_list(dumper: yaml.SafeDumper, data: list) -> Any:
        flow = all(isinstance(x, (str, int)) for x in data) and len(data) <= 16
        return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)

    Dumper.add_representer(list, represent_list)
    return Dumper
