"""A league's state (T.2 rotating campaign or T.3 tournament): its entrants (a player's fleet in T.2, each fleet
of a player in T.3) with their ships, damage and RPs, the games and their scenarios and results, the T.2
initiative order or the T.3 schedule, and what happened (pure data, no I/O).

Ships are the T.1 campaign's :class:`~drydock.core.campaign.state.Ship` (design, CR, track sizes, damage by
track, lost or not); the league file (:mod:`drydock.formats.league`) is this state written down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drydock.core.campaign.state import Ship
from drydock.core.league.rules import LeagueRules
from drydock.errors import DrydockError

KINDS = ("T.2", "T.3")
#: A game's stage: a T.2 active player's game, a T.3 group game, semi-final or final.
STAGES = ("rotation", "group", "semi-final", "final")
#: How a game's result came in: at the table, by the engine, or (T.2(6)) every player declined.
FOUGHT = ("table", "engine", "declined")


@dataclass
class Entrant:
    """A fleet in the league: its name (T.2: the player's), player, fleet file, ships and saved RPs."""

    name: str
    player: str
    fleet: str
    """The fleet file, relative to the league file."""
    ships: list[Ship]
    rp: int = 0

    def active(self) -> list[Ship]:
        return [s for s in self.ships if s.active]

    def total_cr(self) -> int:
        """The fleet's total CR (ships still in the league)."""
        return sum(s.cr for s in self.active())

    def ship(self, name: str) -> Ship:
        """The ship called ``name`` (its id or name, any case); refused by name."""
        key = name.strip().casefold()
        found = [x for x in self.ships if key in (x.id.casefold(), x.name.casefold())]
        if not found:
            raise DrydockError(f"{self.name} has no ship {name!r} (its ships: "
                               f"{', '.join(x.id for x in self.active())})")
        if len(found) > 1:
            raise DrydockError(f"{name!r} names {len(found)} ships; use the id ({', '.join(x.id for x in found)})")
        return found[0]


@dataclass
class Game:
    """One game: its stage and round, the two entrants (the attacker, side A, first), the scenario rolled, the
    ships each fields, and once played its result."""

    stage: str
    round: int
    sides: list[str]
    """[attacker, defender]: T.2 the active player and who accepted (the active player alone when all declined)."""
    declined: list[str] = field(default_factory=list)
    dice: tuple[int, int] | None = None
    """Appendix S's roll (None: not rolled yet)."""
    scenario: str | None = None
    """S.1-S.12, or None: the standard scenario (or not rolled yet)."""
    ships: dict[str, list[str]] = field(default_factory=dict)
    """Entrant -> ids of the ships it fields (T.2(5): a portion of the fleet)."""
    fought: str | None = None
    winner: str | None = None
    vp: dict[str, int] = field(default_factory=dict)
    destroyed: list[str] = field(default_factory=list)
    seed: int | None = None
    log: str | None = None
    rp_dice: dict[str, tuple[int, int]] = field(default_factory=dict)
    """T.2(8): the RP dice each owed player has rolled."""

    @property
    def label(self) -> str:
        if len(self.sides) == 2:
            return " v ".join(self.sides)
        return f"{self.sides[0]} (unopposed)" if self.fought else f"{self.sides[0]}'s challenge"

    @property
    def rolled(self) -> bool:
        return self.dice is not None

    def owed(self) -> list[str]:
        """T.2(8): who rolls for RPs after this game: the loser, then those who declined."""
        if self.stage != "rotation" or self.fought is None:
            return []
        loser = [s for s in self.sides if s != self.winner] if len(self.sides) == 2 else []
        return loser + list(self.declined)

    def complete(self) -> bool:
        """Played, and (T.2) every RP roll owed made."""
        return self.fought is not None and all(p in self.rp_dice for p in self.owed())


@dataclass
class League:
    """A T.2 rotating campaign or a T.3 tournament."""

    name: str
    kind: str
    rules: LeagueRules
    entrants: dict[str, Entrant]
    seed: int
    """The seed of the league's draws: T.2(2) each round's initiative order, T.3(2) the lots."""
    round: int = 1
    order: list[str] = field(default_factory=list)
    """T.2: this round's initiative order."""
    schedule: list[list[list[str]]] = field(default_factory=list)
    """T.3: each group round's pairings ([fleet] alone: a bye)."""
    games: list[Game] = field(default_factory=list)
    winner: str | None = None
    history: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise DrydockError(f"league: kind {self.kind!r} (T.2 or T.3)")
        seen: dict[str, str] = {}
        for who, e in self.entrants.items():
            for ship in e.ships:
                if ship.id.casefold() in seen:
                    raise DrydockError(f"league: two ships have the id {ship.id!r} ({seen[ship.id.casefold()]} and "
                                       f"{who})")
                seen[ship.id.casefold()] = who
        for g in self.games:
            if g.stage not in STAGES or (g.fought is not None and g.fought not in FOUGHT):
                raise DrydockError(f"league: game {g.label}: stage {g.stage!r}, fought {g.fought!r}")
            for who in (*g.sides, *g.declined, *g.ships, *g.vp, *g.rp_dice):
                if who not in self.entrants:
                    raise DrydockError(f"league: game {g.label} names {who!r}, which is not in the league")
            if g.winner is not None and g.winner not in g.sides:
                raise DrydockError(f"league: game {g.label}: the winner {g.winner!r} did not play it")

    def entrant(self, name: str) -> Entrant:
        key = name.strip().casefold()
        for who, e in self.entrants.items():
            if who.casefold() == key:
                return e
        raise DrydockError(f"{name!r} is not in the league ({', '.join(self.entrants)})")

    def owner(self, ship_id: str) -> Entrant:
        for e in self.entrants.values():
            if any(x.id == ship_id for x in e.ships):
                return e
        raise DrydockError(f"no ship {ship_id!r} in the league")

    def victories(self) -> dict[str, int]:
        """T.2(6): each entrant's victories so far."""
        out = {w: 0 for w in self.entrants}
        for g in self.games:
            if g.stage == "rotation" and g.fought is not None and g.winner:
                out[g.winner] += 1
        return out

    def open_games(self) -> list[Game]:
        return [g for g in self.games if not g.complete()]
