"""The league file's shape (YAML, versioned): the pydantic models the reader checks a file against.

A league file (``drydock league new`` writes it; docs/campaigns.md shows one)::

    drydock_league: 1              # the version of this format
    name: Thursday Club
    kind: T.2                      # T.2 rotating campaign or T.3 tournament
    seed: 7                        # the draws: T.2(2) initiative orders, T.3(2) lots
    rules: {fleet_limit: 2000, loser_rp: 50, declined_rp: 25, victories: 3}
    round: 1
    order: [Cy, Ann, Bob]          # T.2: this round's initiative order
    schedule: [[[Red, Blue], [Gold]]]   # T.3: each group round's pairings ([fleet] alone: a bye)
    entrants:
      Ann:
        player: Ann
        fleet: rim-guard.yaml      # relative to the league file
        rp: 150
        ships: [{id: RG-01, name: Bastion, design: ..., entry: 0, cr: 408, boxes: {...}, damage: {hull: 2}}]
    games:
    - {stage: rotation, round: 1, sides: [Cy, Ann], declined: [], dice: [3, 2], scenario: S.7,
       ships: {Cy: [...], Ann: [...]}, fought: engine, winner: Cy, vp: {Cy: 600, Ann: 200}, seed: 1,
       log: club.round1-game1.log, rp_dice: {Ann: [3, 4]}}
    history: ["round 1: league started ..."]
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from drydock.errors import DrydockSyntaxError
from drydock.formats.campaign.shape import ShipShape

#: The league file format this drydock writes (and the newest it reads).
LEAGUE_VERSION = 1


class LeagueFileError(DrydockSyntaxError):
    """A league file is malformed, or contradicts itself."""


class _Shape(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LeagueRulesShape(_Shape):
    fleet_limit: int = 2000
    loser_rp: int = 50
    declined_rp: int = 25
    automatic_repair: list[str] = ["engines", "shields", "weapons"]
    victories: int | None = None
    rounds: int | None = None
    battle_turns: int = 30
    battle_size: str = "very large"


class EntrantShape(_Shape):
    player: str = Field(default="", max_length=200)
    fleet: str = Field(max_length=1000)
    rp: int = Field(default=0, ge=0, le=10**9)
    ships: list[ShipShape]


class GameShape(_Shape):
    stage: str
    round: int = Field(ge=1)
    sides: list[str] = Field(min_length=1, max_length=2)
    declined: list[str] = []
    dice: list[int] | None = None
    scenario: str | None = Field(default=None, max_length=10)
    ships: dict[str, list[str]] = {}
    fought: str | None = None
    winner: str | None = None
    vp: dict[str, int] = {}
    destroyed: list[str] = []
    seed: int | None = None
    log: str | None = Field(default=None, max_length=1000)
    rp_dice: dict[str, list[int]] = {}


class LeagueFile(_Shape):
    drydock_league: int = Field(description="the league format's version (1)")
    name: str = Field(default="", max_length=200)
    kind: str = Field(description="T.2 or T.3")
    seed: int = Field(ge=0, le=2**63)
    rules: LeagueRulesShape = LeagueRulesShape()
    round: int = Field(default=1, ge=1)
    order: list[str] = []
    schedule: list[list[list[str]]] = []
    winner: str | None = Field(default=None, max_length=500)
    entrants: dict[str, EntrantShape]
    games: list[GameShape] = []
    history: list[str] = []
