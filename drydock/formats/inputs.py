"""The inputs of a command: files, folders, standard input and fleets, read past bad files into one
:class:`Item` per design (with the rules of its faction), and a battle side's designs and fleets."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from drydock.core.fielding import ShipRules, design_key
from drydock.core.fleet import Fleet, ShipEntry
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.rules.factions import HouseRules
from drydock.errors import DrydockError
from drydock.formats import FORMATS, read_records
from drydock.formats.filekinds import is_campaign_file, is_fleet_file, is_library_file, is_rules_file
from drydock.formats.files import folder_files
from drydock.formats.fleet.read import read_fleet


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


def expand_paths(files: tuple[str, ...] | list[str]) -> list[tuple[str, str | None]]:
    """(file, None) for each file as given; a folder gives its design and fleet files (recursively; weapon
    libraries, house rules and campaign files skipped), and (path, why) for a link out of it or a system path,
    named and never read."""
    known = {e for f in FORMATS.values() for e in f.extensions}
    out: list[tuple[str, str | None]] = []
    for name in files:
        p = Path(name)
        if name != "-" and p.is_dir():
            found, refused = folder_files(p)
            out.extend(sorted([(str(f), why) for f, why in refused]
                              + [(str(f), None) for f in found if f.suffix.lower() in known
                                 and not is_library_file(f) and not is_rules_file(f)
                                 and not is_campaign_file(f)]))
        else:
            out.append((name, None))
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
    for name, refused in expand_paths(files):
        if refused is not None:
            yield Item(name, None, house.base, error=refused)
            continue
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


def read_side(spec: str, house: HouseRules | None = None) -> tuple[list[Design], list[Fleet]]:
    """A battle side: design files and fleet files, comma-separated; fleets give one design per ship. ``house``
    (``--rules``) reads them as ``rate --rules`` does: it replaces fleets' own rules, and its ruleset reads the
    files (a workbook's bare positive RNG under ``workbook_positive_rng: long_range``, house trait names)."""
    designs: list[Design] = []
    fleets: list[Fleet] = []
    for name in (p.strip() for p in spec.split(",")):
        if not name:
            continue
        if is_fleet_file(name):
            fleet = read_fleet(name, house=house)
            fleets.append(fleet)
            designs.extend(fleet.ships())
        else:  # a Nova record file (X.2) fights as it is: drydock.engine.legacy_rules
            designs.extend(read_records(name, rules=house.base if house is not None else None))
    if not designs:
        raise DrydockError(f"{spec}: no designs")
    return designs, fleets


def side_rules(designs: Sequence[Design], fleets: Sequence[Fleet], house: HouseRules | None = None) -> ShipRules:
    """The ships whose rules are not the battle's, with their own (:mod:`drydock.core.fielding`), as ``rate``
    picks them: with ``--rules`` (``house``), its faction entries; without, each fleet's own ``rules:`` and
    faction entries. The other ships fight under the battle's rules."""
    out: dict[str, Ruleset] = {}
    if house is not None:
        for d in designs:
            if house.is_scoped(d):
                out.setdefault(design_key(d), house.for_design(d))
        return tuple(out.items())
    for fleet in fleets:
        for ship in fleet.ships():
            r = fleet.rules_for(ship)
            if not r.is_book:
                out.setdefault(design_key(ship), r)
    return tuple(out.items())
