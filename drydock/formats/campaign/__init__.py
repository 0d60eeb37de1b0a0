"""The campaign file (YAML, versioned): read into a :class:`~drydock.core.campaign.Campaign`, written back
atomically (a run killed mid-write leaves the last good file: :func:`drydock.formats.write_atomic` writes a
temporary file and renames it over the old one); map files and orders files. Shapes: :mod:`.shape`.

Every size is checked before anything is built from it (``drydock.limits``: campaign objectives, ships, turns,
history), and every failure is a :class:`~.shape.CampaignFileError` naming the file and line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import yaml

from drydock import limits
from drydock.core.campaign.map import SIDES, CampaignMap, auto_places
from drydock.core.campaign.rules import CampaignRules
from drydock.core.campaign.state import BattleRecord, Campaign, Ship, Side
from drydock.core.marked import Marked
from drydock.errors import DrydockError, inline
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
from drydock.formats.files import is_outside, leaves_folder, traded_path
from drydock.formats.library import validate_file
from drydock.formats.safeyaml import yaml_dumper

#: How a battle's result came in: entered from the table (campaign result) or fought by the engine (campaign fight).
FOUGHT = ("table", "engine")

__all__ = ["CampaignFileError", "campaign_folder", "campaign_text", "check_inside", "named_file", "parse_campaign",
           "parse_map", "read_campaign", "read_map", "read_orders", "write_campaign"]


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _version(data: Any, key: str, newest: int, name: str, *, required: bool = True) -> None:
    """The format's version: a whole number from 1 to ``newest``; a newer one says so."""
    what = key.removeprefix("drydock_")
    if not isinstance(data, dict) or (required and key not in data):
        raise CampaignFileError(f"not a drydock {what} file (no {key}: key)", file=name, line=1)
    if key not in data:
        return
    v = data[key]
    if not _whole(v) or v < 1:
        shown = repr(v) if isinstance(v, str) and len(v) <= 20 else str(v)[:20] if _whole(v) else type(v).__name__
        raise CampaignFileError(f"{key}: {shown} is not a {what} format version (a whole number: {newest} for this "
                                "drydock)", file=name, line=1)
    if v > newest:
        raise CampaignFileError(f"{key}: {v} was written by a newer drydock (this one reads up to {newest})",
                                file=name, line=1)


def _count(what: str, items: Any, lim: limits.Limit, name: str) -> None:
    if isinstance(items, (list, dict)):
        limits.check_count(what, len(items), lim, file=name)


def _number(what: str, v: Any, lim: limits.Limit, name: str) -> None:
    if _whole(v):
        limits.check(what, v, lim, file=name)


def _text(what: str, v: Any, lim: limits.Limit, name: str) -> None:
    if isinstance(v, str) and len(v) > lim.value:
        raise limits.LimitError(what, lim, file=name, value=f"{len(v):,} characters")


def _ship_sizes(ship: Any, where: str, name: str) -> None:
    if not isinstance(ship, dict):
        return
    for key in ("boxes", "damage"):
        tracks = ship.get(key)
        if isinstance(tracks, dict):
            for track, v in tracks.items():
                _number(f"{where}: {key}: {track}", v, limits.CAMPAIGN_BOXES, name)
    _number(f"{where}: entry", ship.get("entry"), limits.FLEET_ENTRIES, name)
    for key in ("name", "design"):
        _text(f"{where}: {key}", ship.get(key), limits.CAMPAIGN_NAME, name)


def _sizes(data: Any, name: str) -> None:
    """Sizes before any model is built: objectives and links, ships per side and their track boxes, RPs, battles,
    history lines, names, seeds (``drydock.limits``)."""
    _version(data, "drydock_campaign", CAMPAIGN_VERSION, name)
    _map_sizes(data.get("map"), name)
    _text("the campaign's name", data.get("name"), limits.CAMPAIGN_NAME, name)
    sides = data.get("sides")
    if isinstance(sides, dict):
        _count("sides", sides, limits.CAMPAIGN_OBJECTIVES, name)
        for side, s in sides.items():
            if not isinstance(s, dict):
                continue
            _count(f"side {side}: ships", s.get("ships"), limits.CAMPAIGN_SHIPS, name)
            _count(f"side {side}: orders", s.get("orders"), limits.CAMPAIGN_SHIPS, name)
            _count(f"side {side}: rolled", s.get("rolled"), limits.CAMPAIGN_OBJECTIVES, name)
            _number(f"side {side}: rp", s.get("rp"), limits.CAMPAIGN_RP, name)
            _text(f"side {side}: player", s.get("player"), limits.CAMPAIGN_NAME, name)
            for i, ship in enumerate(s["ships"] if isinstance(s.get("ships"), list) else []):
                sid = ship.get("id") if isinstance(ship, dict) and isinstance(ship.get("id"), str) else None
                where = f"side {side}: ship {sid[:40]}" if sid else f"side {side}: ship {i + 1}"
                _ship_sizes(ship, where, name)
    for key, lim in (("battles", limits.CAMPAIGN_TURNS), ("history", limits.CAMPAIGN_HISTORY)):
        _count(key, data.get(key), lim, name)
    for i, b in enumerate(data["battles"] if isinstance(data.get("battles"), list) else []):
        if not isinstance(b, dict):
            continue
        _number(f"battle {i + 1}: turn", b.get("turn"), limits.CAMPAIGN_TURNS, name)
        _number(f"battle {i + 1}: seed", b.get("seed"), limits.CAMPAIGN_SEED, name)
        for key in ("destroyed", "escaped"):
            _count(f"battle {i + 1}: {key}", b.get(key), limits.CAMPAIGN_SHIPS, name)
        if isinstance(b.get("ships"), dict):
            _count(f"battle {i + 1}: sides", b["ships"], limits.CAMPAIGN_OBJECTIVES, name)
            for side, ids in b["ships"].items():
                _count(f"battle {i + 1}: side {side}: ships", ids, limits.CAMPAIGN_SHIPS, name)
    _number("turn", data.get("turn"), limits.CAMPAIGN_TURNS, name)


def _map_sizes(data: Any, name: str) -> None:
    """A map's counts: objectives, links of each, starting objectives, drawing places, name lengths."""
    if not isinstance(data, dict):
        return
    objectives = data.get("objectives")
    if isinstance(objectives, dict):
        limits.check_count("map objectives", len(objectives), limits.CAMPAIGN_OBJECTIVES, file=name)
        for obj, linked in objectives.items():
            _text("map: an objective's name", obj, limits.CAMPAIGN_OBJECTIVE, name)
            shown = str(obj)[:limits.CAMPAIGN_OBJECTIVE.value]
            _count(f"links of {shown}", linked, limits.CAMPAIGN_OBJECTIVES, name)
            for other in linked if isinstance(linked, list) else []:
                _text(f"map: a link of {shown}", other, limits.CAMPAIGN_OBJECTIVE, name)
    for key in ("home", "start", "places"):
        _count(f"map: {key}", data.get(key), limits.CAMPAIGN_OBJECTIVES, name)
    if isinstance(data.get("start"), dict):
        for side, objs in data["start"].items():
            _count(f"map: start of side {str(side)[:10]}", objs, limits.CAMPAIGN_OBJECTIVES, name)
    if isinstance(data.get("places"), dict):
        for obj, place in data["places"].items():
            shown = str(obj)[:limits.CAMPAIGN_OBJECTIVE.value]
            if isinstance(place, list):
                if len(place) != 2:
                    raise CampaignFileError(f"map: places: {shown}: write [column, row] (two numbers, not "
                                            f"{len(place)})", file=name)
                for v in place:
                    if _whole(v) and v < 0:
                        raise CampaignFileError(f"map: places: {shown}: columns and rows start at 0 (not {v})",
                                                file=name)
                    _number(f"map: places: {shown}", v, limits.CAMPAIGN_PLACE, name)
    _text("the map's name", data.get("name"), limits.CAMPAIGN_NAME, name)


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
    return parse_map(read_text_capped(name), name)


def parse_map(text: str, name: str = "map.yaml") -> CampaignMap:
    """A map file's text (``name`` for messages): :func:`read_map` without the file."""
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
        _version(data, "drydock_orders", ORDERS_VERSION, name, required=False)
        _count("orders", data.get("orders"), limits.CAMPAIGN_SHIPS, name)
        _number("turn", data.get("turn"), limits.CAMPAIGN_TURNS, name)

    shape, _lines = validate_file(OrdersFile, text, name, CampaignFileError, precheck=pre)
    return shape.side, shape.turn, {str(k): str(v) for k, v in shape.orders.items()}


def read_campaign(path: str | Path) -> Campaign:
    """The campaign in ``path``; any contradiction (a ship at an objective the map lacks, two ships with one id,
    damage past a track) is refused with the file named."""
    name = str(path)
    return parse_campaign(read_text_capped(name), name)


def parse_campaign(text: str, name: str = "campaign.yaml") -> Campaign:
    """A campaign file's text (``name`` for messages): :func:`read_campaign` without the file; what
    :func:`campaign_text` writes, it reads back."""
    def pre(data: Any) -> None:
        _sizes(data, name)

    f, _lines = validate_file(CampaignFile, text, name, CampaignFileError, precheck=pre)
    try:
        return _campaign(f, name)
    except CampaignFileError:
        raise
    except DrydockError as exc:
        raise CampaignFileError(str(exc), file=name) from None


def _outcomes(f: CampaignFile, name: str) -> None:
    """Who won and how battles were fought: a side of the campaign (A or B), ``table`` or ``engine``."""
    def side(value: str | None, what: str) -> None:
        if value is not None and value not in SIDES:
            raise CampaignFileError(f"{what}: {inline(value[:20])!r} is not a side (A or B)", file=name)

    side(f.winner, "winner")
    if f.winner is not None and f.phase != "over":
        raise CampaignFileError(f"winner: {f.winner}, but the campaign is not over (phase: {f.phase})", file=name)
    for i, b in enumerate(f.battles, 1):
        side(b.winner, f"battle {i} (at {inline(b.at[:40])}): winner")
        unknown = sorted(set(b.ships) - set(SIDES))
        if unknown:
            raise CampaignFileError(f"battle {i} (at {inline(b.at[:40])}): ships of side {inline(unknown[0][:20])!r} "
                                    "(a T.1 campaign has sides A and B)", file=name)
        empty = [sd for sd in SIDES if not b.ships.get(sd)]
        if empty:
            raise CampaignFileError(f"battle {i} (at {inline(b.at[:40])}): no ships of side {empty[0]} (a battle is "
                                    "fought where both sides' ships meet, T.1(5))", file=name)
        if b.fought is not None and b.fought not in FOUGHT:
            raise CampaignFileError(f"battle {i} (at {inline(b.at[:40])}): fought: {inline(b.fought[:20])!r} "
                                    f"({' or '.join(FOUGHT)})", file=name)


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
    _outcomes(f, name)
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


def campaign_folder(path: str | Path) -> Path:
    """The folder of the campaign file ``path`` (links resolved): every file the campaign names lies in it."""
    return Path(os.path.realpath(path)).parent


def named_file(campaign: str | Path, relative: str, *, key: str) -> Path:
    """The file a campaign file names (``key``: ``side A fleet``, ``ship RG-01 source``), relative to its folder;
    refused unread when it leads out of the folder (``..``, an absolute path, a symbolic link leading out) or into
    a system folder. The refusal names the key and the path as written, never what the file holds."""
    base = campaign_folder(campaign)
    shown = inline(relative[:200])
    if Path(relative).is_absolute() or Path(relative).drive:
        raise CampaignFileError(f"{key} {shown} is an absolute path; a campaign names files in its own folder "
                                "(relative to it); not read", file=str(campaign))
    target = traded_path(base, relative, owner=str(campaign), key=key)
    why = leaves_folder(base, target)
    if why or is_outside(base, target):
        raise CampaignFileError(f"{key} {shown} leads out of the campaign's folder; not read (a campaign reads "
                                "only files in its own folder)", file=str(campaign))
    return target


def check_inside(campaign: str | Path, target: str | Path, *, key: str) -> str:
    """``target`` (a path given on the command line: a fleet, a design) as the campaign file will name it,
    relative to the campaign's folder; refused before anything is written when the campaign could not read it
    back (:func:`named_file`)."""
    base = campaign_folder(campaign)
    if is_outside(base, Path(target)):
        raise DrydockError(f"{key} {inline(str(target)[:200])} is not in the campaign's folder ({base}); a campaign "
                           "reads only files in its own folder: put the campaign file beside (or above) its fleets "
                           "and designs")
    rel = os.path.relpath(os.path.realpath(target), base).replace(os.sep, "/")
    named_file(campaign, rel, key=key)
    return rel


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
    ``new``: refuse to replace an existing file (``campaign new``).

    The text is read back first, by the reader every command uses, and a campaign it would refuse is not
    written (drydock never writes a campaign file it then refuses). A campaign file reached through a symbolic
    link is written through it: the file the link leads to is replaced, and the link stays a link."""
    name = str(path)
    text = campaign_text(c)
    try:
        parse_campaign(text, name)
    except DrydockError as exc:
        why = re.sub(rf"^{re.escape(name)}(:\d+)*: ", "", str(exc))
        raise DrydockError(f"{name}: not written: drydock would refuse to read it back ({why})") from None
    target = Path(os.path.realpath(path)) if not new and os.path.islink(path) else Path(path)
    write_atomic(target, text, force=not new)
