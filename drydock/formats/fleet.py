"""The fleet file (YAML or JSON) and fleet workbooks; reading the inputs of a command, fleets included.

A fleet file names designs by path, relative to the fleet file (or holds a design
inline), with the ships built to each::

    fleet: Home Guard
    battle_size: medium            # 2.2 name or a number of CR
    rules: house-rules.yaml        # optional, relative to this file
    ships:
      - design: ../designs/majestic.yaml
        names: [Majestic]          # one ship per name
        ids: [BC-01]               # optional; otherwise numbered
      - design: ../designs/comet-frigate.yaml
        count: 2

A fleet workbook is the Drydock workbook of the fleet's designs (one SHIP sheet per
design) with a ``Fleet`` sheet listing each design's ships. Errors name the fleet
file and line (a missing design names the fleet file, the line, and the path tried).
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from drydock import limits
from drydock.core.fleet import Fleet, ShipEntry, fleet_limit, rate_fleet
from drydock.core.model import Design
from drydock.core.rules import UNITY, Ruleset
from drydock.core.rules.factions import HouseRules
from drydock.core.validation import rate
from drydock.errors import DrydockError, DrydockSyntaxError, quote
from drydock.formats import FORMATS, format_for, format_named, read_bytes, read_records, read_text_capped, write_atomic
from drydock.formats.convert import _write_stdout
from drydock.formats.files import is_outside, open_regular, traded_path
from drydock.formats.fileshape import key_path
from drydock.formats.houserules import load_house_rules
from drydock.formats.library import validate_file, where
from drydock.formats.native import design_from_data, design_to_data
from drydock.formats.safeyaml import load_yaml, yaml_dumper

FLEET_SHEET = "Fleet"
_FLEET_KEY = re.compile(r"^(ships|fleet)\s*:", re.MULTILINE)
_LIBRARY_KEY = re.compile(r"^profiles\s*:", re.MULTILINE)


class FleetFileError(DrydockSyntaxError):
    """A fleet file is malformed, or names a design that cannot be read."""


class ShipFile(BaseModel):
    """One entry of a fleet: a design and the ships built to it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    design: str | dict[str, Any] = Field(description="design file, relative to the fleet file, or a design inline")
    class_name: str | None = Field(default=None, alias="class",
                                   description="which design, when the file holds several (by class name)")
    names: list[str] = Field(default=[], description="one ship per name")
    ids: list[str] = Field(default=[], description="ship IDs, in the order of names; otherwise numbered")
    count: int | None = Field(default=None, ge=1, description="number of ships (default: one per name, or 1)")


class FleetFile(BaseModel):
    """A drydock fleet file (YAML or JSON)."""

    model_config = ConfigDict(extra="forbid")
    fleet: str = Field(default="", description="fleet name")
    battle_size: str | int | None = Field(
        default=None, description="2.2 battle size (very small, small, medium, large, very large) or a CR limit")
    rules: str | None = Field(default=None, description="house-rule file, relative to the fleet file")
    ships: list[ShipFile] = Field(min_length=1)


def json_schema() -> dict[str, Any]:
    """JSON Schema of the fleet file."""
    schema = FleetFile.model_json_schema(by_alias=True)
    schema["title"] = "drydock fleet"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


# ------------------------------------------------------------------ recognising files


def is_fleet_file(path: str | Path) -> bool:
    """Is ``path`` a fleet file (a YAML/JSON mapping with ``ships``) or a workbook with a Fleet sheet?"""
    p = Path(path)
    suffix = p.suffix.lower()
    if str(path) == "-" or not p.is_file():
        return False
    if suffix == ".xlsx":
        try:
            with zipfile.ZipFile(p) as z:
                return f'name="{FLEET_SHEET}"' in z.read("xl/workbook.xml").decode("utf-8", "replace")
        except Exception:  # not a zip we can read (bad CRC, zip version, compression ...): the workbook
            return False  # reader then says what is wrong with it, in one line
    if suffix in (".yaml", ".yml"):
        return bool(_FLEET_KEY.search(_head(p)))
    if suffix == ".json":
        return '"ships"' in _head(p)
    return False


def is_library_file(path: str | Path) -> bool:
    """Is ``path`` a weapon library (top-level ``profiles``)? Folders skip them when looking for designs."""
    p = Path(path)
    return p.suffix.lower() in (".yaml", ".yml", ".json") and (
        bool(_LIBRARY_KEY.search(_head(p))) or '"profiles"' in _head(p))


def is_rules_file(path: str | Path) -> bool:
    """Is ``path`` a house-rule file (a mapping of rules-table entries, no design)? Folders skip them."""
    p = Path(path)
    if p.suffix.lower() not in (".yaml", ".yml"):
        return False

    try:
        docs = load_yaml(_head(p), file=str(p))  # with drydock's limits: the head may hold an alias bomb
    except DrydockError:
        return False
    data = docs[0] if len(docs) == 1 else None
    return (isinstance(data, dict) and bool(data) and set(data) <= {*UNITY, "factions"}
            and not isinstance(data.get("hull"), int))


def _head(p: Path) -> str:
    try:
        with open_regular(p) as fh:  # only the head: a huge file costs nothing here; a FIFO is never waited on
            return fh.read(20000).decode("utf-8-sig", errors="replace")
    except (OSError, DrydockError):
        return ""


# ------------------------------------------------------------------ reading


def read_fleet(path: str | Path, *, house: HouseRules | None = None, libraries: Sequence[str] = ()) -> Fleet:
    """The fleet in ``path`` (YAML, JSON or workbook). ``house`` (``--rules``) replaces the fleet's own rules;
    ``libraries`` (``--library``) override the weapon profiles of the designs it names."""
    name = str(path)
    if name.lower().endswith(".xlsx"):
        return _fleet_from_xlsx(Path(path), house)
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
            house = load_house_rules(target)
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
                if isinstance(exc, DrydockSyntaxError) and is_outside(base, target):
                    exc.text = None  # a file outside the fleet's folder: named, its content never quoted
                    exc.args = (str(exc),)
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


def _fleet_from_xlsx(path: Path, house: HouseRules | None) -> Fleet:
    # lazy: openpyxl loads for workbooks only
    from openpyxl import load_workbook

    from drydock.formats.excel.read import from_xlsx

    data = read_bytes(str(path), limits.XLSX_FILE)
    designs = from_xlsx(data, file=str(path), rules=(house or HouseRules.book()).base)
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            if FLEET_SHEET not in wb.sheetnames:
                raise FleetFileError(f"the workbook has no {FLEET_SHEET} sheet", file=str(path))
            rows = list(wb[FLEET_SHEET].iter_rows(values_only=True, max_row=2 * limits.SHIPS.value + 50, max_col=26))
        finally:
            wb.close()
    except DrydockError:
        raise
    except Exception as exc:  # malformed Fleet sheet XML (the design sheets read fine)
        raise FleetFileError(f"sheet {FLEET_SHEET}: not a valid fleet sheet ({type(exc).__name__}: {exc})",
                             file=str(path)) from None
    # lazy: openpyxl loads for workbooks only
    from drydock.formats.excel.fleet_sheet import read_head, workbook_rules

    head, start = read_head(rows)
    house, rules_file, warnings = workbook_rules(head, path, house, designs)
    if rules_file is not None:  # the workbook's own rules: its ship figures are read under them
        designs = from_xlsx(data, file=str(path), rules=house.base)
    entries = []
    for n, row in enumerate(rows[start + 1:], start=start + 2):
        if not row or row[0] in (None, ""):
            continue
        sheet, _title, count, names, ids = (list(row) + [None] * 5)[:5]
        m = re.fullmatch(r"SHIP(\d{1,6})", str(sheet))
        if m is None or not 1 <= int(m.group(1)) <= len(designs):
            raise FleetFileError(f"{FLEET_SHEET}!A{n}: no design sheet {sheet!r}", file=str(path))
        split = (lambda v: tuple(x.strip() for x in str(v).split(",") if x.strip()) if v else ())  # noqa: E731
        try:
            entries.append(ShipEntry(designs[int(m.group(1)) - 1], str(sheet), _whole(count or 1, "ships"),
                                     split(names), split(ids), n))
        except DrydockError as exc:
            raise FleetFileError(f"{FLEET_SHEET}!C{n}: {exc}", file=str(path)) from None
    size = head.get("Battle size")
    try:  # checked here, naming the file and cell: a bad size must not stop a batch later (issue 27)
        if isinstance(size, (int, float)) and not isinstance(size, bool):
            size = _whole(size, "battle size")
        if size not in (None, ""):
            fleet_limit(size, house.base)
        else:
            size = None
    except DrydockError as exc:
        row = next((n for n, r in enumerate(rows[:start], 1) if r and r[0] == "Battle size"), 2)
        raise FleetFileError(f"{FLEET_SHEET}!B{row}: {exc}", file=str(path)) from None
    try:
        return Fleet(name=str(head.get("Fleet") or ""), entries=tuple(entries), battle_size=size, house=house,
                     file=str(path), rules_file=rules_file, warnings=warnings)
    except DrydockError as exc:
        raise FleetFileError(f"sheet {FLEET_SHEET}: {exc}", file=str(path)) from None


def _whole(value: Any, what: str) -> int:
    """A whole number from a Fleet sheet cell (a number, or digits as text), within :data:`~limits.DIGITS`."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    if re.fullmatch(r"[0-9]+", text) is None:
        raise DrydockError(f"{what} must be a whole number, got {quote(value)}")
    return limits.to_int(text, what=what)


# ------------------------------------------------------------------ writing


def fleet_to_data(fleet: Fleet, rules_file: str | None = None) -> dict[str, Any]:
    """The fleet-file mapping with every design inline (a self-contained fleet); ``rules_file`` its ``rules:``."""
    out: dict[str, Any] = {}
    if fleet.name:
        out["fleet"] = fleet.name
    if fleet.battle_size is not None:
        out["battle_size"] = fleet.battle_size
    if rules_file is not None:
        out["rules"] = rules_file
    ships = []
    for e in fleet.entries:
        item: dict[str, Any] = {"design": design_to_data(e.design)}
        if e.names:
            item["names"] = list(e.names)
        if e.ids:
            item["ids"] = list(e.ids)
        if e.count != max(len(e.names), 1):
            item["count"] = e.count
        ships.append(item)
    out["ships"] = ships
    return out


def fleet_to_yaml(fleet: Fleet, rules_file: str | None = None) -> str:
    return yaml.dump(fleet_to_data(fleet, rules_file), Dumper=yaml_dumper(), sort_keys=False, allow_unicode=True,
                     width=100)


def fleet_to_json(fleet: Fleet, rules_file: str | None = None) -> str:
    return json.dumps(fleet_to_data(fleet, rules_file), indent=2, ensure_ascii=False) + "\n"


def fleet_to_xlsx(fleet: Fleet, rules_file: str | None = None) -> bytes:
    """The Drydock workbook of the fleet's designs (SHIPn per design, each under its faction's rules) plus a
    live Fleet sheet (:mod:`drydock.formats.excel.fleet_sheet`)."""
    # lazy: openpyxl loads for workbooks only
    from drydock.formats.excel.fleet_sheet import write_fleet_sheet
    from drydock.formats.excel.write import to_xlsx

    return to_xlsx([e.design for e in fleet.entries], rules=fleet.house.base, rules_for=fleet.rules_for,
                   decorate=lambda wb, cells: write_fleet_sheet(wb, cells, fleet, rate_fleet(fleet), rules_file))


FLEET_WRITERS: dict[str, Callable[[Fleet, str | None], str | bytes]] = {
    "yaml": fleet_to_yaml, "json": fleet_to_json, "xlsx": fleet_to_xlsx}


def write_fleet(fleet: Fleet, fmt: str, rules_file: str | None = None) -> str | bytes:
    """The fleet as ``fmt``: yaml/json fleet files (designs inline), a fleet workbook, or Drake (designs once).
    ``rules_file``: the fleet's house-rule file as the written file should name it."""
    if fmt in FLEET_WRITERS:
        return FLEET_WRITERS[fmt](fleet, rules_file)
    return FORMATS[fmt].write([e.design for e in fleet.entries], rules=fleet.house.base)


# ------------------------------------------------------------------ the inputs of a command


@dataclass
class Item:
    """One design read for a command, or (``design`` None, ``fleet`` set) the end of a fleet's designs."""

    name: str
    design: Design | None
    rules: Ruleset
    error: str | None = None
    fleet: Fleet | None = None
    entry: ShipEntry | None = None
    scoped: bool = False
    """The design's faction has house rules of its own (``rules`` are that faction's)."""
    warning: str | None = None
    """Something to tell the player about this input that is not an error (an empty file)."""


def expand_paths(files: tuple[str, ...] | list[str]) -> list[str]:
    """Files as given; a folder becomes its design and fleet files (recursively, weapon libraries skipped)."""
    known = {e for f in FORMATS.values() for e in f.extensions}
    out: list[str] = []
    for name in files:
        p = Path(name)
        if name != "-" and p.is_dir():
            out.extend(str(f) for f in sorted(p.rglob("*"))
                       if f.is_file() and not f.name.startswith(".") and f.suffix.lower() in known
                       and not is_library_file(f) and not is_rules_file(f))
        else:
            out.append(name)
    return out


def read_inputs(files: tuple[str, ...] | list[str], house: HouseRules, *, per_ship: bool = False,
                explicit_rules: bool = False, source: str | None = None,
                libraries: Sequence[str] = ()) -> Iterator[Item]:
    """Every design of every input, past bad files; a fleet gives each design once (or each ship, with
    ``per_ship``) then an end-of-fleet item. Each design comes with the rules of its faction.

    ``source`` names the input format (``--from``); otherwise the extension, or for standard input
    and unknown extensions the content, says. A Nova record file (X.2) gives its records as designs;
    an empty file gives an item with a ``warning``. ``libraries`` (``--library``) override the weapon
    profiles of every design read, fleets' included."""
    for name in expand_paths(files):
        try:
            if is_fleet_file(name):
                fleet = read_fleet(name, house=house if explicit_rules else None, libraries=libraries)
                for warning in fleet.warnings:
                    yield Item(name, None, fleet.house.base, warning=warning)
                if per_ship:
                    for ship in fleet.ships():
                        yield Item(name, ship, fleet.rules_for(ship), fleet=fleet,
                                   scoped=fleet.house.is_scoped(ship))
                else:
                    for e in fleet.entries:
                        yield Item(name, e.design, fleet.rules_for(e.design), fleet=fleet, entry=e,
                                   scoped=fleet.house.is_scoped(e.design))
                yield Item(name, None, fleet.house.base, fleet=fleet)
                continue
            designs = read_records(name, fmt=source, rules=house.base, libraries=libraries)
        except (DrydockError, OSError) as exc:
            msg = str(exc) if isinstance(exc, DrydockError) else f"{name}: {exc.strerror or exc}"
            yield Item(name, None, house.base, error=msg)
            continue
        if not designs:
            yield Item(name, None, house.base, warning=f"{name}: no designs in the file (it is empty)")
        for design in designs:
            yield Item(name, design, house.for_design(design), scoped=house.is_scoped(design))


def read_side(spec: str) -> tuple[list[Design], list[Fleet]]:
    """A battle side: design files and fleet files, comma-separated; fleets give one design per ship."""
    designs: list[Design] = []
    fleets: list[Fleet] = []
    for name in (p.strip() for p in spec.split(",")):
        if not name:
            continue
        if is_fleet_file(name):
            fleet = read_fleet(name)
            fleets.append(fleet)
            designs.extend(fleet.ships())
        else:  # a Nova record file (X.2) fights as it is: drydock.engine.legacy_rules
            designs.extend(read_records(name))
    if not designs:
        raise DrydockError(f"{spec}: no designs")
    return designs, fleets


def library_changes(files: tuple[str, ...] | list[str], house: HouseRules, libraries: tuple[str, ...] | list[str],
                    *, explicit_rules: bool = False) -> list[tuple[str, Design, int, int]]:
    """(file, design, CR before, CR after) of every design that ``libraries``' profiles change."""
    before = [i for i in read_inputs(files, house, explicit_rules=explicit_rules) if i.design is not None]
    after = [i for i in read_inputs(files, house, explicit_rules=explicit_rules, libraries=libraries)
             if i.design is not None]
    out = []
    for b, a in zip(before, after, strict=False):
        if a.design is not None and b.design is not None and a.design != b.design:
            out.append((a.name, a.design, rate(b.design, b.rules).combat_rating, rate(a.design, a.rules).combat_rating))
    return out


def rules_path_for(fleet: Fleet, output: str) -> str | None:
    """The fleet's house-rule file relative to where ``output`` is written (the working folder for '-')."""
    if fleet.rules_file is None or fleet.file is None:
        return None
    target = os.path.abspath(os.path.join(os.path.dirname(fleet.file) or ".", fleet.rules_file))
    where = os.path.dirname(os.path.abspath(output)) if output != "-" else os.getcwd()
    return Path(os.path.relpath(target, where)).as_posix()


def convert_fleet(source: str, output: str, *, to: str | None = None, force: bool = False,
                  house: HouseRules | None = None, warn: Any = None) -> int:
    """Write the fleet in ``source`` to ``output`` (``-`` is standard output); returns the number of designs."""
    if output != "-" and (Path(output).is_dir() or output.endswith(("/", "\\"))):
        raise DrydockError(f"{output}: a fleet converts to one file (a fleet file or workbook), not a folder")
    fleet = read_fleet(source, house=house)
    for warning in fleet.warnings if warn is not None else ():
        warn(warning)
    fmt = format_named(to) if to else format_for(output, default="yaml" if output == "-" else None)
    data = write_fleet(fleet, fmt.name, rules_path_for(fleet, output))
    if output == "-":
        _write_stdout(data)
    else:
        if Path(output).resolve() == Path(source).resolve():
            raise DrydockError(f"{output}: is also an input; refusing to overwrite it")
        write_atomic(output, data, force=force)
    return len(fleet.entries)
