"""The campaign file (YAML, versioned): read into a :class:`~drydock.core.campaign.Campaign`, written back
atomically (a run killed mid-write leaves the last good file: :func:`drydock.formats.write_atomic` writes a
temporary file and renames it over the old one); map files and orders files. Shapes: :mod:`.shape`.

Every size is checked before anything is built from it (``drydock.limits``: campaign objectives, ships, turns,
history), and every failure is a :class:`~.shape.CampaignFileError` naming the file and line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from drydock import limits
from drydock.core.campaign.map import SIDES, CampaignMap, auto_places
from drydock.core.campaign.rules import CampaignRules
from drydock.core.campaign.state import BattleRecord, Campaign, Ship, Side
from drydock.core.marked import Marked
from drydock.errors import DrydockError
from drydock.formats import read_text_capped, write_atomic
from drydock.formats.campaign.shape import (
    CAMPAIGN_VERSION,
    MAP_VERSION,
    ORDERS_VERSION,
    CampaignFile,
    CampaignFileError,
    MapFile,
    MapShape,
    OrdersFile,
)
from drydock.formats.library import validate_file
from drydock.formats.safeyaml import yaml_dumper

__all__ = ["CampaignFileError", "campaign_text", "read_campaign", "read_map", "read_orders", "write_campaign"]


def _version(data: Any, key: str, newest: int, name: str) -> None:
    if not isinstance(data, dict) or key not in data:
        raise CampaignFileError(f"not a drydock {key.removeprefix('drydock_')} file (no {key}: key)", file=name,
                                line=1)
    v = data[key]
    if isinstance(v, int) and not isinstance(v, bool) and v > newest:
        raise CampaignFileError(f"{key}: {v} was written by a newer drydock (this one reads up to {newest})",
                                file=name, line=1)


def _sizes(data: Any, name: str) -> None:
    """Sizes before any model is built: objectives and links, ships per side, battles, history lines."""
    if not isinstance(data, dict):
        return
    _version(data, "drydock_campaign", CAMPAIGN_VERSION, name)
    _map_sizes(data.get("map"), name)
    sides = data.get("sides")
    if isinstance(sides, dict):
        for side, s in sides.items():
            if isinstance(s, dict) and isinstance(s.get("ships"), list):
                limits.check_count(f"side {side}: ships", len(s["ships"]), limits.CAMPAIGN_SHIPS, file=name)
            if isinstance(s, dict) and isinstance(s.get("orders"), dict):
                limits.check_count(f"side {side}: orders", len(s["orders"]), limits.CAMPAIGN_SHIPS, file=name)
    for key, lim in (("battles", limits.CAMPAIGN_TURNS), ("history", limits.CAMPAIGN_HISTORY)):
        if isinstance(data.get(key), list):
            limits.check_count(key, len(data[key]), lim, file=name)
    if isinstance(data.get("turn"), int):
        limits.check("turn", data["turn"], limits.CAMPAIGN_TURNS, file=name)


def _map_sizes(data: Any, name: str) -> None:
    if not isinstance(data, dict):
        return
    objectives = data.get("objectives")
    if isinstance(objectives, dict):
        limits.check_count("map objectives", len(objectives), limits.CAMPAIGN_OBJECTIVES, file=name)
        for obj, linked in objectives.items():
            if isinstance(linked, list):
                limits.check_count(f"links of {obj}", len(linked), limits.CAMPAIGN_OBJECTIVES, file=name)


def _map(shape: MapShape, name: str, label: str) -> CampaignMap:
    links = {str(k): tuple(str(x) for x in v) for k, v in shape.objectives.items()}
    places = {k: (v[0], v[1]) for k, v in shape.places.items() if len(v) == 2}
    unknown = [k for k in places if k not in links]
    if unknown:
        raise CampaignFileError(f"map: places: {unknown[0]} is not an objective of the map", file=name)
    if not places and links:
        home = shape.home.get("A")
        places = auto_places(links, home) if home in links else {}
    try:
        return CampaignMap(links=links, home=dict(shape.home), start={k: tuple(v) for k, v in shape.start.items()},
                           places=places, name=label)
    except DrydockError as exc:
        raise CampaignFileError(str(exc), file=name) from None


def read_map(path: str | Path) -> CampaignMap:
    """A map file (``drydock_map: 1``): objectives and links, homes and starting objectives (T.1(1), T.1(3))."""
    name = str(path)
    text = read_text_capped(name)

    def pre(data: Any) -> None:
        _version(data, "drydock_map", MAP_VERSION, name)
        _map_sizes(data, name)

    shape, _lines = validate_file(MapFile, text, name, CampaignFileError, precheck=pre)
    return _map(shape, name, shape.name or Path(name).stem)


def read_orders(path: str | Path) -> tuple[str | None, int | None, dict[str, str]]:
    """An orders file: (side, turn, ship -> objective); side and turn are checks (None: not given)."""
    name = str(path)
    text = read_text_capped(name)

    def pre(data: Any) -> None:
        if isinstance(data, dict):
            v = data.get("drydock_orders", ORDERS_VERSION)
            if isinstance(v, int) and not isinstance(v, bool) and v > ORDERS_VERSION:
                raise CampaignFileError(f"drydock_orders: {v} was written by a newer drydock", file=name, line=1)
            if isinstance(data.get("orders"), dict):
                limits.check_count("orders", len(data["orders"]), limits.CAMPAIGN_SHIPS, file=name)

    shape, _lines = validate_file(OrdersFile, text, name, CampaignFileError, precheck=pre)
    return shape.side, shape.turn, {str(k): str(v) for k, v in shape.orders.items()}


def read_campaign(path: str | Path) -> Campaign:
    """The campaign in ``path``; any contradiction (a ship at an objective the map lacks, two ships with one id,
    damage past a track) is refused with the file named."""
    name = str(path)
    text = read_text_capped(name)
    def pre(data: Any) -> None:
        _sizes(data, name)

    f, _lines = validate_file(CampaignFile, text, name, CampaignFileError, precheck=pre)
    try:
        return _campaign(f, name)
    except CampaignFileError:
        raise
    except DrydockError as exc:
        raise CampaignFileError(str(exc), file=name) from None


def _campaign(f: CampaignFile, name: str) -> Campaign:
    cmap = _map(f.map, name, f.map_name)
    rules = CampaignRules().with_values(f.rules.model_dump())
    sides: dict[str, Side] = {}
    if sorted(f.sides) != list(SIDES):
        raise CampaignFileError(f"sides: a T.1 campaign has sides A and B (not {', '.join(sorted(f.sides))})",
                                file=name)
    for key, shape in f.sides.items():
        ships = []
        for sh in shape.ships:
            ship = Ship(id=sh.id, name=sh.name, design=sh.design, cr=sh.cr, boxes=sh.boxes.model_dump(),
                        entry=sh.entry, source=sh.source, at=sh.at, was_at=sh.was_at,
                        damage=Marked(**sh.damage.model_dump()), lost=sh.lost)
            if ship.active:
                ship.damage.check(ship.boxes, f"side {key}: ship {ship.id}")
            ships.append(ship)
        rolled = None
        if shape.rolled is not None:
            if len(shape.rolled) != 2 or not all(1 <= d <= 6 for d in shape.rolled):
                raise CampaignFileError(f"side {key}: rolled: two dice, each 1-6", file=name)
            rolled = (shape.rolled[0], shape.rolled[1])
        sides[key] = Side(player=shape.player, fleet=shape.fleet, ships=ships, rp=shape.rp, orders=shape.orders,
                          rolled=rolled, conceded=shape.conceded)
    battles = [BattleRecord(at=b.at, turn=b.turn, ships=b.ships, fought=b.fought, destroyed=b.destroyed,
                            escaped=b.escaped, winner=b.winner, seed=b.seed, log=b.log) for b in f.battles]
    c = Campaign(name=f.name, map=cmap, rules=rules, sides=sides, turn=f.turn, phase=f.phase, battles=battles,
                 winner=f.winner, history=list(f.history))
    ids = {x.id for s in sides.values() for x in s.ships}
    for b in battles:
        if b.at not in cmap.links:
            raise CampaignFileError(f"battles: a battle at {b.at}, which the map does not have", file=name)
        for x in (*[i for v in b.ships.values() for i in v], *b.destroyed, *b.escaped):
            if x not in ids:
                raise CampaignFileError(f"battles: the battle at {b.at} names ship {x}, which no side has", file=name)
    for key, s in sides.items():
        for ship_id, obj in (s.orders or {}).items():
            if ship_id not in {x.id for x in s.ships}:
                raise CampaignFileError(f"side {key}: orders for {ship_id}, which side {key} does not have", file=name)
            if obj not in cmap.links:
                raise CampaignFileError(f"side {key}: orders to {obj}, which the map does not have", file=name)
    return c


def _damage(m: Marked) -> dict[str, int]:
    return {k: v for k, v in m.as_dict().items() if v}


def campaign_data(c: Campaign) -> dict[str, Any]:
    """The campaign as the plain data of its file (keys in the order a person reads them)."""
    m = c.map
    sides: dict[str, Any] = {}
    for key, s in c.sides.items():
        ships = []
        for x in s.ships:
            row: dict[str, Any] = {"id": x.id, "name": x.name, "design": x.design}
            row.update({"entry": x.entry} if x.entry is not None else {"source": x.source})
            row.update(cr=x.cr, boxes=dict(x.boxes), at=x.at, was_at=x.was_at)
            if x.damage.any:
                row["damage"] = _damage(x.damage)
            if x.lost:
                row["lost"] = x.lost
            ships.append(row)
        side: dict[str, Any] = {"player": s.player, "fleet": s.fleet, "rp": s.rp}
        if s.orders is not None:
            side["orders"] = dict(s.orders)
        if s.rolled is not None:
            side["rolled"] = list(s.rolled)
        if s.conceded:
            side["conceded"] = True
        side["ships"] = ships
        sides[key] = side
    battles = []
    for b in c.battles:
        row = {"at": b.at, "turn": b.turn, "ships": {k: list(v) for k, v in b.ships.items()}}
        if b.fought:
            row.update(fought=b.fought, destroyed=b.destroyed, escaped=b.escaped, winner=b.winner)
            if b.seed is not None:
                row["seed"] = b.seed
            if b.log:
                row["log"] = b.log
        battles.append(row)
    return {"drydock_campaign": CAMPAIGN_VERSION, "name": c.name, "rules": c.rules.as_dict(),
            "map_name": m.name,
            "map": {"objectives": {k: list(v) for k, v in m.links.items()}, "home": dict(m.home),
                    "start": {k: list(v) for k, v in m.start.items()},
                    "places": {k: list(v) for k, v in m.places.items()}},
            "turn": c.turn, "phase": c.phase, "winner": c.winner, "sides": sides, "battles": battles,
            "history": list(c.history)}


def campaign_text(c: Campaign) -> str:
    """The campaign file's text (YAML)."""
    head = ("# drydock campaign file (Appendix T). Kept by `drydock campaign`; the orders under each side are\n"
            "# that side's secret orders until `drydock campaign reveal`.\n")
    return head + yaml.dump(campaign_data(c), Dumper=yaml_dumper(), sort_keys=False, allow_unicode=True, width=110)


def write_campaign(path: str | Path, c: Campaign, *, new: bool = False) -> None:
    """Write the campaign atomically: the old file stays whole until the new one replaces it at once.
    ``new``: refuse to replace an existing file (``campaign new``)."""
    limits.check_count("history", len(c.history), limits.CAMPAIGN_HISTORY, file=str(path))
    write_atomic(path, campaign_text(c), force=not new)
