"""The campaign file's shape (YAML, versioned): the pydantic models the reader checks a file against.

A campaign file (``drydock campaign new`` writes it; docs/campaigns.md shows one)::

    drydock_campaign: 1            # the version of this format
    name: The Rim War
    rules: {fleet_limit: 2000, rp_multiplier: 20}   # T's numbers; the players' choices
    map: {objectives: {A1: [A2, A3], ...}, home: {A: A1, B: B1}, start: {A: [A1, A2, A3], B: [...]}}
    turn: 2
    phase: battles                 # orders, battles, supply or over
    sides:
      A:
        player: Alice
        fleet: fleets/alice.yaml   # relative to the campaign file
        rp: 120
        orders: {HG-01: C3}        # this turn's secret orders, until revealed
        ships:
          - {id: HG-01, name: Majestic, design: ..., entry: 0, cr: 412,
             boxes: {hull: 8, engines: 6, shields: 4, weapons: 8}, at: C3, was_at: A5, damage: {hull: 2}}
    battles: [{at: C3, turn: 2, ships: {A: [HG-01], B: [RF-02]}}]
    history: ["turn 0: campaign started ..."]

A map file (``--map``) is the ``map:`` block alone, with ``drydock_map: 1`` and a ``name``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from drydock import limits
from drydock.errors import DrydockSyntaxError

#: The campaign file format this drydock writes (and the newest it reads).
CAMPAIGN_VERSION = 1
MAP_VERSION = 1
ORDERS_VERSION = 1


class CampaignFileError(DrydockSyntaxError):
    """A campaign, map or orders file is malformed, or contradicts itself."""


class _Shape(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MapShape(_Shape):
    objectives: dict[str, list[str]] = Field(min_length=2, description="objective -> the objectives linked to it")
    home: dict[str, str] = Field(description="side (A, B) -> its home objective (T.1(7))")
    start: dict[str, list[str]] = Field(description="side -> its starting objectives (T.1(3))")
    places: dict[str, list[Annotated[int, Field(ge=0)]]] = Field(
        default={}, description="objective -> [column, row] for the drawing")


class MapFile(MapShape):
    drydock_map: int = Field(description="the map format's version (1)")
    name: str = Field(default="", max_length=limits.CAMPAIGN_NAME.value)


class DamageShape(_Shape):
    hull: int = Field(default=0, ge=0)
    engines: int = Field(default=0, ge=0)
    shields: int = Field(default=0, ge=0)
    weapons: int = Field(default=0, ge=0)


class ShipShape(_Shape):
    id: str = Field(min_length=1, max_length=100)
    name: str = Field(default="", max_length=limits.CAMPAIGN_NAME.value)
    design: str = Field(default="", max_length=limits.CAMPAIGN_NAME.value)
    entry: int | None = Field(default=None, ge=0)
    source: str | None = Field(default=None, max_length=1000)
    cr: int = Field(ge=0, le=1_000_000)
    boxes: DamageShape
    at: str | None = None
    was_at: str | None = None
    damage: DamageShape = DamageShape()
    lost: str | None = Field(default=None, max_length=300)


class SideShape(_Shape):
    player: str = Field(default="", max_length=limits.CAMPAIGN_NAME.value)
    fleet: str = Field(max_length=1000)
    rp: int = Field(default=0, ge=0, le=limits.CAMPAIGN_RP.value)
    orders: dict[str, str] | None = None
    rolled: list[int] | None = None
    conceded: bool = False
    ships: list[ShipShape]


class BattleShape(_Shape):
    at: str
    turn: int = Field(ge=0)
    ships: dict[str, list[str]]
    fought: str | None = None
    destroyed: list[str] = []
    escaped: list[str] = []
    winner: str | None = None
    seed: int | None = None
    log: str | None = Field(default=None, max_length=1000)


class RulesShape(_Shape):
    fleet_limit: int = 2000
    rp_multiplier: int = 20
    automatic_repair: list[str] = ["engines", "shields", "weapons"]
    battle_turns: int = 30


class CampaignFile(_Shape):
    drydock_campaign: int = Field(description="the campaign format's version (1)")
    name: str = Field(default="", max_length=limits.CAMPAIGN_NAME.value)
    rules: RulesShape = RulesShape()
    map: MapShape
    map_name: str = Field(default="T.1", max_length=limits.CAMPAIGN_NAME.value)
    turn: int = Field(default=0, ge=0)
    phase: str = "orders"
    winner: str | None = None
    sides: dict[str, SideShape]
    battles: list[BattleShape] = []
    history: list[str] = []


class OrdersFile(_Shape):
    drydock_orders: int = Field(default=ORDERS_VERSION, description="the orders format's version (1)")
    side: str | None = Field(default=None, description="A or B (checked against --side)")
    turn: int | None = Field(default=None, ge=0, description="the turn (checked against the campaign's)")
    orders: dict[str, str] = Field(default={}, description="ship (id or name) -> objective")
