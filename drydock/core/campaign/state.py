"""A T.1 objectives campaign's state: its map and rules, each side's ships (where, damage by track, lost or
not), RPs and secret orders, the turn, the battles due and fought, and what happened (pure data, no I/O).

The campaign file (:mod:`drydock.formats.campaign`) is this state written down; the operations that change it
are :mod:`drydock.core.campaign.turns`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drydock.core.campaign.map import SIDES, CampaignMap
from drydock.core.campaign.rules import CampaignRules
from drydock.core.marked import Marked
from drydock.errors import DrydockError

#: The phases of a campaign turn: orders (T.1(3)/(4)), battles (T.1(5)), supply (T.1(6)/(7)), over (T.1(8)).
PHASES = ("orders", "battles", "supply", "over")


@dataclass
class Ship:
    """One starship of a side: its design (fleet entry or design file), CR, track sizes, place and damage."""

    id: str
    name: str
    design: str
    """The design's title (for people); the file is ``entry`` of the side's fleet or ``source``."""
    cr: int
    boxes: dict[str, int]
    """Boxes of each track (hull, engines, shields, weapons): what a result may check off."""
    entry: int | None = None
    """Index of the ship's entry in the side's fleet file (ships the campaign started with)."""
    source: str | None = None
    """The design file of a ship added with RPs (T.1(7)), relative to the campaign file."""
    at: str | None = None
    was_at: str | None = None
    """The objective it occupied before this turn's move (T.1(5): an escaping ship returns there)."""
    damage: Marked = field(default_factory=Marked)
    lost: str | None = None
    """How and when it was lost (``destroyed at C3, turn 2``), else None."""

    @property
    def active(self) -> bool:
        return self.lost is None

    @property
    def hull(self) -> int:
        return self.boxes.get("hull", 0)

    def label(self) -> str:
        return f"{self.name} ({self.id})" if self.name and self.name != self.id else self.id


@dataclass
class Side:
    """A player's side: name, fleet file, ships, saved RPs, this turn's secret orders and RP roll."""

    player: str
    fleet: str
    """The fleet file the side started with, relative to the campaign file."""
    ships: list[Ship]
    rp: int = 0
    orders: dict[str, str] | None = None
    """Ship id -> objective: the orders of this turn, secret until revealed (T.1(3), T.1(4))."""
    rolled: tuple[int, int] | None = None
    """This turn's T.1(7) dice, once rolled."""
    conceded: bool = False

    def active(self) -> list[Ship]:
        return [s for s in self.ships if s.active]

    def total_cr(self) -> int:
        """The fleet's total CR (T.1(7): ships still in the campaign)."""
        return sum(s.cr for s in self.active())


@dataclass
class BattleRecord:
    """A battle of T.1(5): where, which ships of each side, and once fought, how it ended."""

    at: str
    turn: int
    ships: dict[str, list[str]]
    """Side -> ids of its ships in the battle."""
    fought: str | None = None
    """``table`` or ``engine`` once a result is in, else None (due)."""
    destroyed: list[str] = field(default_factory=list)
    escaped: list[str] = field(default_factory=list)
    winner: str | None = None
    """The side whose ships remain on the board (None: neither's)."""
    seed: int | None = None
    log: str | None = None
    """The engine's turn-by-turn log of the battle, a file beside the campaign file."""


@dataclass
class Campaign:
    """A T.1 objectives campaign."""

    name: str
    map: CampaignMap
    rules: CampaignRules
    sides: dict[str, Side]
    turn: int = 0
    phase: str = "orders"
    battles: list[BattleRecord] = field(default_factory=list)
    winner: str | None = None
    history: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.phase not in PHASES:
            raise DrydockError(f"campaign: unknown phase {self.phase!r} ({', '.join(PHASES)})")
        if sorted(self.sides) != list(SIDES):
            raise DrydockError("campaign: a T.1 campaign has two sides, A and B")
        seen: dict[str, str] = {}
        for side, s in self.sides.items():
            for ship in s.ships:
                if ship.id.casefold() in seen:
                    raise DrydockError(f"campaign: two ships have the id {ship.id!r} (sides {seen[ship.id.casefold()]} "
                                       f"and {side})")
                seen[ship.id.casefold()] = side
                for obj in (ship.at, ship.was_at):
                    if obj is not None and obj not in self.map.links:
                        raise DrydockError(f"campaign: ship {ship.id} is at {obj}, which the map does not have")

    def side_of(self, ship_id: str) -> str:
        for side, s in self.sides.items():
            if any(x.id == ship_id for x in s.ships):
                return side
        raise DrydockError(f"no ship {ship_id!r} in the campaign")

    def ship(self, name: str, side: str | None = None) -> Ship:
        """The ship called ``name`` (its id or name, any case), of ``side`` when given; refused by name."""
        key = name.strip().casefold()
        sides = [side] if side else list(SIDES)
        found = [x for sd in sides for x in self.sides[sd].ships if key in (x.id.casefold(), x.name.casefold())]
        if not found:
            whose = f"side {side}" if side else "the campaign"
            raise DrydockError(f"no ship {name!r} in {whose}")
        if len(found) > 1:
            raise DrydockError(f"{name!r} names {len(found)} ships; use the id ({', '.join(x.id for x in found)})")
        return found[0]

    def occupied(self, side: str) -> set[str]:
        """Objectives occupied by the side's starships (T.1(7))."""
        return {s.at for s in self.sides[side].active() if s.at is not None}

    def due(self) -> list[BattleRecord]:
        return [b for b in self.battles if b.turn == self.turn and b.fought is None]

    def battle_at(self, objective: str) -> BattleRecord:
        obj = self.map.key(objective)
        for b in self.battles:
            if b.turn == self.turn and b.at == obj:
                return b
        raise DrydockError(f"no battle at {obj} in turn {self.turn}"
                           + (f" (battles due: {', '.join(b.at for b in self.due())})" if self.due() else ""))
