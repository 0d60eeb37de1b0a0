"""Reading a fleet file (YAML or JSON) into a :class:`~drydock.core.fleet.Fleet`; a workbook goes to
:mod:`drydock.formats.fleet.workbook`.

Each design the file names is read (once, however many entries name it) relative to the fleet
file, or taken inline. Errors name the fleet file and line (a missing design names the fleet
file, the line, and the path tried).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drydock import limits
from drydock.core.fleet import Fleet, ShipEntry, fleet_limit
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.rules.factions import HouseRules
from drydock.errors import DrydockError, DrydockSyntaxError
from drydock.formats import read_records, read_text_capped
from drydock.formats.files import is_outside, traded_path
from drydock.formats.fileshape import key_path
from drydock.formats.fleet.shape import FleetFile, FleetFileError, ShipFile
from drydock.formats.houserules import load_house_rules
from drydock.formats.library import validate_file, where
from drydock.formats.native import design_from_data


def read_fleet(path: str | Path, *, house: HouseRules | None = None, libraries: Sequence[str] = ()) -> Fleet:
    """The fleet in ``path`` (YAML, JSON or workbook). ``house`` (``--rules``) replaces the fleet's own rules;
    ``libraries`` (``--library``) override the weapon profiles of the designs it names."""
    name = str(path)
    if name.lower().endswith(".xlsx"):
        # lazy: openpyxl loads for workbooks only
        from drydock.formats.fleet.workbook import read_fleet_workbook

        return read_fleet_workbook(Path(path), house)
    text = read_text_capped(name)

    def entries_within_limit(data: Any) -> None:
        ships = data.get("ships") if isinstance(data, dict) else None
        if isinstance(ships, list):
            limits.check_count("entries in ships", len(ships), limits.FLEET_ENTRIES, file=name)

    f, lines = validate_file(FleetFile, text, name, FleetFileError, precheck=entries_within_limit)
    base = Path(name).parent
    rules_file = f.rules
    if house is None:
        house = HouseRules.book()
        if rules_file is not None:
            target = _traded(base, rules_file, name, "rules", lines, ("rules",))
            if not target.is_file():
                line, col = where(lines, ("rules",))
                raise FleetFileError(f"key rules: house-rule file {rules_file} not found ({target})", file=name,
                                     line=line, column=col)
            try:
                house = load_house_rules(target)
            except DrydockError as exc:
                if not is_outside(base, target):
                    raise
                line, col = where(lines, ("rules",))
                raise FleetFileError(f"key rules: {_unquoted(rules_file, exc)}", file=name, line=line,
                                     column=col) from None
    if f.battle_size is not None:
        try:
            fleet_limit(f.battle_size, house.base)
        except DrydockError as exc:
            line, col = where(lines, ("battle_size",))
            raise FleetFileError(f"key battle_size: {exc}", file=name, line=line, column=col) from None
    entries: list[ShipEntry] = []
    ships = 0
    read: dict[str, list[Design]] = {}  # each design file read once, however many entries name it
    for i, s in enumerate(f.ships):
        ships += s.count if s.count is not None else max(len(s.names), 1)
        if ships > limits.FLEET_SHIPS.value:  # counted before the entry's design is read
            line, _col = where(lines, ("ships", i))
            raise limits.LimitError(f"ships (line {line})", limits.FLEET_SHIPS, file=name, value=ships)
        entries.append(_entry(s, i, base, name, lines, house.base, read, libraries))
    return Fleet(name=f.fleet, entries=tuple(entries), battle_size=f.battle_size, house=house, file=name,
                 rules_file=rules_file)


def _unquoted(relative: str, exc: DrydockError) -> str:
    """The refusal of a file outside the fleet's folder: the file and the kind of problem, nothing of its content
    (its key names, values or lines could be anyone's file)."""
    kind = "a limit" if isinstance(exc, limits.LimitError) else "its syntax or keys" if isinstance(
        exc, DrydockSyntaxError) else "its content"
    return (f"cannot read {relative}: it is outside the fleet's folder, so nothing of it is quoted (a problem with "
            f"{kind}); open it on its own to see the problem")


def _traded(base: Path, relative: str, file: str, key: str, lines: dict, at: tuple) -> Path:
    """A path named inside the fleet file: never a system file (its content is never quoted back)."""
    try:
        return traded_path(base, relative, owner=file, key=key)
    except DrydockError as exc:
        line, col = where(lines, at)
        raise FleetFileError(str(exc).removeprefix(f"{file}: "), file=file, line=line, column=col) from None


def _entry(s: ShipFile, i: int, base: Path, file: str, lines: dict, rules: Ruleset,
           read: dict[str, list[Design]], libraries: Sequence[str]) -> ShipEntry:
    at_design = ("ships", i, "design")
    line, col = where(lines, at_design)

    def fail(message: str, at: tuple = at_design) -> FleetFileError:
        ln, cl = where(lines, at)
        return FleetFileError(f"key {key_path(at)}: {message}", file=file, line=ln, column=cl)

    if isinstance(s.design, dict):
        sub = {k[len(at_design):]: v for k, v in lines.items() if k[:len(at_design)] == at_design}
        designs = [design_from_data(s.design, file=file, lines={(): (line, col), **sub}, rules=rules,
                                    libraries=libraries)]
        source = "inline"
    else:
        target = _traded(base, s.design, file, f"ships[{i}].design", lines, at_design)
        if not target.is_file():
            raise fail(f"design file {s.design} not found ({target})")
        key = str(target.resolve())
        if key not in read:
            try:  # a Nova record (X.2) joins a fleet at its X.2 CR
                read[key] = read_records(target, rules=rules, libraries=libraries)
            except DrydockError as exc:
                if is_outside(base, target):  # a file outside the fleet's folder: named, its content never quoted
                    raise fail(_unquoted(s.design, exc)) from None
                raise fail(f"cannot read {s.design}: {exc}") from None
        designs = read[key]
        source = s.design
    if s.class_name is not None:
        designs = [d for d in designs if d.class_name.casefold() == s.class_name.casefold()]
        if not designs:
            raise fail(f"no design of class {s.class_name!r} in {source}", ("ships", i, "class"))
    if len(designs) != 1:
        raise fail(f"{source} holds {len(designs)} designs; pick one with `class:`")
    count = s.count if s.count is not None else max(len(s.names), 1)
    for key, values in (("names", s.names), ("ids", s.ids)):
        if len(values) > count:
            raise fail(f"{len(values)} {key} for {count} ship(s)", ("ships", i, key))
    return ShipEntry(designs[0], source, count, tuple(s.names), tuple(s.ids), line)
