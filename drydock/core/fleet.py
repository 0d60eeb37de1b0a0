"""Fleets: named ships of several designs, checked against the 2.2 fleet limits.

A :class:`Fleet` is what a player fields: designs, each with a count of ships, their
names and IDs, a battle size, and the house rules of the run (scoped by faction, see
:mod:`drydock.core.rules.factions`). This module is core: it reads no files (the fleet
file is :mod:`drydock.formats.fleet`: its shape, reading and writing). Fleet problems have codes of their own:

* ``FLEET_OVER_LIMIT`` (error): the fleet's total CR exceeds its battle size's fleet limit (2.2);
* ``FLEET_DUPLICATE_ID`` and ``FLEET_DUPLICATE_NAME`` (warnings): two ships share an ID or a name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from drydock import limits
from drydock.core.admiralty_card import RecordCR, cr_of_record
from drydock.core.calc import Rating
from drydock.core.model import Design
from drydock.core.problems import Problem
from drydock.core.rules import Ruleset
from drydock.core.rules.factions import HouseRules
from drydock.core.validation import rate
from drydock.errors import DrydockError, inline

#: The mark beside a combat rating computed under house rules (as in ``rate``, the SSD and Drake text).
HOUSE_MARK = "*"


def battle_size_names(rules: Ruleset) -> tuple[str, ...]:
    """The 2.2 battle sizes, smallest first, as the ruleset names them (``battle_sizes.names``)."""
    return tuple(name for name, _, _ in rules.play.size_table)


def is_nova(design: Any) -> bool:
    """True for a Nova record (X.2), which a fleet fields at its X.2 CR (it has no Appendix A rating)."""
    return getattr(design, "kind", None) == "nova"


def fleet_limit(size: str | int, rules: Ruleset) -> tuple[str, int]:
    """(label, fleet limit in CR) of a battle size: a 2.2 name (any case, ``-``/``_`` for spaces) or a number."""
    if isinstance(size, bool):
        raise DrydockError(f"battle size {size!r}: give a name ({', '.join(battle_size_names(rules))}) or a CR limit")
    if isinstance(size, int):
        if size < 1:
            raise DrydockError(f"battle size {size}: a fleet limit must be at least 1 CR")

        limits.check("battle size", size, limits.STATED)
        return f"{size} CR", size
    key = " ".join(str(size).replace("-", " ").replace("_", " ").split()).casefold()
    if key.isascii() and key.isdigit():  # not str.isdigit alone: "²" is a digit that int() refuses

        return fleet_limit(limits.to_int(key, what="battle size"), rules)
    names = battle_size_names(rules)
    if key not in names:
        raise DrydockError(f"unknown battle size {size!r} (2.2: {', '.join(names)}, or a number of CR)")
    return key, rules.battle_sizes[names.index(key)]


@dataclass(frozen=True)
class ShipEntry:
    """One line of a fleet: a design and the ships built to it."""

    design: Design
    source: str
    """Where the design came from (the path as written in the fleet file, or ``inline``)."""
    count: int = 1
    names: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    line: int | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise DrydockError(f"{self.source}: a fleet entry needs at least one ship (count {self.count})")
        limits.check(f"{self.source}: ships", self.count, limits.FLEET_SHIPS)
        if len(self.names) > self.count or len(self.ids) > self.count:
            raise DrydockError(f"{self.source}: {len(self.names)} names and {len(self.ids)} IDs for "
                               f"{self.count} ship(s)")


@dataclass(frozen=True)
class Fleet:
    """A fleet: entries of ships, an optional battle size, and its rules."""

    name: str = ""
    entries: tuple[ShipEntry, ...] = ()
    battle_size: str | int | None = None
    house: HouseRules = field(default_factory=HouseRules.book)
    file: str | None = None
    rules_file: str | None = None
    """The house-rule file as the fleet names it (kept so that a written fleet names it again)."""
    warnings: tuple[str, ...] = ()
    """What reading the fleet should tell the player (a workbook written under other rules)."""

    def __post_init__(self) -> None:
        limits.check("ships in the fleet", sum(e.count for e in self.entries), limits.FLEET_SHIPS, file=self.file)

    @property
    def id_prefix(self) -> str:
        """Prefix of numbered IDs: the fleet name's initials (``Home Guard`` -> ``HG``), else ``S``."""
        letters = "".join(w[0] for w in self.name.split() if w[:1].isalnum()).upper()
        return letters or "S"

    def limit(self) -> tuple[str, int] | None:
        """(battle size label, fleet limit) or ``None`` when the fleet names no battle size."""
        if self.battle_size is None:
            return None
        return fleet_limit(self.battle_size, self.house.base)

    def ships(self) -> list[Design]:
        """One design per ship, its NAME and ID filled in (unnamed ships get numbered IDs, e.g. ``HG-07``)."""
        out: list[Design] = []
        number = 0
        for entry in self.entries:
            for k in range(entry.count):
                number += 1
                name = entry.names[k] if k < len(entry.names) else entry.design.ship_name
                sid = entry.ids[k] if k < len(entry.ids) else f"{self.id_prefix}-{number:02d}"
                out.append(entry.design.model_copy(update={"ship_name": name, "ship_id": sid}))
        return out

    def ship_count(self) -> int:
        return sum(e.count for e in self.entries)

    def rules_for(self, design: Design) -> Ruleset:
        return self.house.for_design(design)


@dataclass(frozen=True)
class FleetRating:
    """Each design of a fleet rated once (under its faction's rules), and the fleet total against its limit."""

    fleet: Fleet
    ratings: tuple[Rating | None, ...]
    """Each design's Appendix A rating (``None`` for a Nova record, which Appendix A does not rate)."""
    total: int
    limit: tuple[str, int] | None
    records: tuple[RecordCR, ...] = ()
    """Each design's CR of record (:func:`drydock.core.admiralty_card.cr_of_record`): an Admiralty card's stated AE CR
    (X.1), a Nova record's X.2 CR, otherwise the Appendix A rating. The total counts these."""

    @property
    def within_limit(self) -> bool:
        return self.limit is None or self.total <= self.limit[1]

    def to_dict(self) -> dict[str, Any]:
        f = self.fleet
        ships = f.ships()
        out: dict[str, Any] = {"fleet": f.name, "file": f.file, "ships": [], "designs": [],
                               "total_cr": self.total, "battle_size": None, "limit": None,
                               "within_limit": self.within_limit}
        if self.limit is not None:
            out["battle_size"], out["limit"] = self.limit
        i = 0
        for entry, record in zip(f.entries, self.records, strict=True):
            row = {"design": entry.design.title, "source": entry.source, "count": entry.count,
                   "combat_rating": record.value, "rules": f.rules_for(entry.design).label}
            if record.source != "unity":
                row.update(combat_rating_source=record.source, unity_combat_rating=record.unity)
            out["designs"].append(row)
            for ship in ships[i:i + entry.count]:
                out["ships"].append({"name": ship.ship_name, "id": ship.ship_id, "design": entry.design.title,
                                     "combat_rating": record.value})
            i += entry.count
        return out


def rate_fleet(fleet: Fleet) -> FleetRating:
    """Rate each design once under its own rules; the fleet total is the sum of every ship's CR of record (2.2;
    an Admiralty card counts its AE CR, X.1; a Nova record its X.2 CR)."""
    ratings = tuple(None if is_nova(e.design) else rate(e.design, fleet.rules_for(e.design)) for e in fleet.entries)
    records = tuple(cr_of_record(e.design, None if r is None else r.combat_rating)
                    for e, r in zip(fleet.entries, ratings, strict=True))
    total = sum(c.value * e.count for c, e in zip(records, fleet.entries, strict=True))
    return FleetRating(fleet, ratings, total, fleet.limit(), records)


def validate_fleet(fleet: Fleet, rating: FleetRating | None = None) -> list[Problem]:
    """The fleet's own problems (its designs' problems come from :func:`drydock.validate`)."""
    rating = rating or rate_fleet(fleet)
    problems: list[Problem] = []
    if not rating.within_limit and rating.limit is not None:
        label, limit = rating.limit
        problems.append(Problem("FLEET_OVER_LIMIT", f"fleet total CR {rating.total} exceeds the {label} battle "
                                f"limit of {limit} by {rating.total - limit}", part="battle_size", section="2.2"))
    ships = fleet.ships()
    for what, values in (("ID", [s.ship_id for s in ships]), ("NAME", [s.ship_name for s in ships if s.ship_name])):
        for value, n in Counter(values).items():
            if n > 1:
                problems.append(Problem(f"FLEET_DUPLICATE_{what}", f"{n} ships share the {what.lower()} {value!r}",
                                        part="ships", severity="warning"))
    return problems


def format_fleet(rating: FleetRating, source: str | None = None) -> str:
    """The fleet table: each design once with its count, its ships, and the total against the limit."""
    f = rating.fleet
    head = f"Fleet {f.name or '(unnamed)'}" + (f"   [{source}]" if source else "")
    titles = [inline(e.design.title or e.design.class_name or "(unnamed design)") for e in f.entries]
    width = max([len("Design"), *map(len, titles)]) + 1  # whole titles: "RANGER-class Heavy Cruiser", never cut
    out = [head, f"  {'Ships':>5}  {'Design':<{width}}{'CR':>5}{'Total':>7}  Names"]
    ships = f.ships()
    i = 0
    for entry, r, title in zip(f.entries, rating.records, titles, strict=True):
        group = ships[i:i + entry.count]
        i += entry.count
        names = ", ".join(f"{s.ship_name} ({s.ship_id})" if s.ship_name else s.ship_id for s in group)
        mark = "" if f.rules_for(entry.design).is_book else HOUSE_MARK
        out.append(f"  {entry.count:>5}  {title:<{width}}{r.value:>5}{mark:1}"
                   f"{r.value * entry.count:>6}{mark:1} {names}")
        if r.source != "unity":
            out.append(f"  {'':>5}  CR: {r.label}")
        if f.house.is_scoped(entry.design):
            out.append(f"  {'':>5}  rules: {f.rules_for(entry.design).label}")
    house = any(not f.rules_for(e.design).is_book for e in f.entries) or not f.house.base.is_book
    total = f"  Fleet total: {f.ship_count()} ships, CR {rating.total}{HOUSE_MARK if house else ''}"
    if rating.limit is not None:
        label, limit = rating.limit
        verdict = "within the limit" if rating.within_limit else f"OVER the limit by {rating.total - limit}"
        total += f" of {limit} ({label} battle, 2.2): {verdict}"
    out.append(total)
    out.append(f"  {HOUSE_MARK} house rules: {f.house.base.label}" if house else f"  Rules: {f.house.base.label}")
    return "\n".join(inline(x) for x in out)  # a name never breaks or forges a line
