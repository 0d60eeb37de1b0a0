"""An optional statistics hook: what one battle did, for battle reports (issue 15).

The engine calls a :class:`StatsRecorder` (only when the matchup was built with ``record=True``) when
damage is marked, when a ship is lost and when the battle ends. The recorder keeps a small picklable
:class:`BattleStats`, aggregated over many battles by :mod:`drydock.insight.battle_report`. It never draws
dice and never changes the battle, so a recorded battle and a silent one with the same seed are identical.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: How a ship leaves play, from the ``why`` the engine gives :meth:`Battle.destroy`.
LOSS_KINDS = ("destroyed", "left the board", "jumped out", "captured")
#: How a battle ends (2.5): a fleet gone (by the way its last ship went), the VP target, or the turn limit.
END_KINDS = ("destroyed", "left the board", "jumped out", "captured", "victory points", "turn limit")


def loss_kind(why: str) -> str:
    """``destroyed``, ``left the board``, ``jumped out`` (B.10) or ``captured`` (B.14) from the engine's wording."""
    w = why.lower()
    if "jump" in w or "hyperspace" in w:
        return "jumped out"
    if "captured" in w:
        return "captured"
    if "left" in w or "board" in w:
        return "left the board"
    return "destroyed"


@dataclass(slots=True)
class BattleStats:
    """One battle, recorded. Ships are indexed by (side, index within the side).

    ``damage`` maps (side, ship index, source, band) to the damage marked (boxes on the target's hull,
    engine, weapon and shield tracks plus crew casualties); ``source`` is a battery name, or
    ``fighters``; ``band`` is ``short``/``medium``/``long``, ``seekers`` or ``fighters``.
    """

    damage: dict[tuple[int, int, str, str], int] = field(default_factory=dict)
    lost: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)  # ship -> (kind, turn)
    first_kill: list[int | None] = field(default_factory=lambda: [None, None])  # turn side s first removed an enemy
    end: str = "turn limit"


class StatsRecorder:
    """Notes damage, losses and the end of one battle into a :class:`BattleStats`."""

    __slots__ = ("stats", "index", "sources")

    def __init__(self, ships: list[Any]) -> None:
        self.stats = BattleStats()
        counts = [0, 0]
        self.index: dict[int, int] = {}
        for s in ships:
            self.index[s.uid] = counts[s.side]
            counts[s.side] += 1
        self.sources: dict[int, tuple[Any, str]] = {}  # seeker flight uid -> (ship, battery)

    def damage(self, attacker: Any, source: str, band: str, marks: int) -> None:
        """``attacker`` (a ShipState) marked ``marks`` boxes with ``source`` at range ``band``."""
        if marks:
            key = (attacker.side, self.index[attacker.uid], source, band)
            self.stats.damage[key] = self.stats.damage.get(key, 0) + marks

    def launched(self, flight_uid: int, ship: Any, battery: str) -> None:
        self.sources[flight_uid] = (ship, battery)

    def seeker_damage(self, flight_uid: int, marks: int) -> None:
        src = self.sources.get(flight_uid)
        if src is not None:
            self.damage(src[0], src[1], "seekers", marks)

    def lost(self, turn: int, ship: Any, why: str) -> None:
        key = (ship.side, self.index[ship.uid])
        if key not in self.stats.lost:
            self.stats.lost[key] = (loss_kind(why), turn)
        enemy = 1 - ship.side
        if self.stats.first_kill[enemy] is None:
            self.stats.first_kill[enemy] = turn

    def finished(self, over: bool, alive: tuple[int, int]) -> None:
        """How the battle ended: the turn limit, the VP target, or a fleet gone (by its last loss)."""
        if not over:
            self.stats.end = "turn limit"
            return
        losers = [s for s in (0, 1) if not alive[s]]
        if not losers:
            self.stats.end = "victory points"
            return
        last = max((turn, kind) for (side, _), (kind, turn) in self.stats.lost.items() if side in losers)
        self.stats.end = last[1]


@dataclass
class BattleResult:
    winner: int | None  # 0 = A, 1 = B, None = draw
    turns: int
    vp: tuple[int, int]
    survived: tuple[tuple[bool, ...], tuple[bool, ...]]
    log: list[str] = field(default_factory=list)
    #: ships of side A and of side B that left the board (3.3)
    exits: tuple[int, int] = (0, 0)
    #: of those, ships for which a legal order of the doctrine's menu would have stayed on the board
    avoidable_exits: int = 0
    stats: BattleStats | None = None  # with Matchup(record=True) (issue 15)
