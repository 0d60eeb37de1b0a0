"""The league file (YAML, versioned): a T.2 rotating campaign or T.3 tournament read into a
:class:`~drydock.core.league.League` and written back atomically. Shapes: :mod:`.shape`.

Every size is checked before anything is built from it (``drydock.limits``: players, ships, games, history),
every failure is a :class:`~.shape.LeagueFileError` naming the file and line, and the writer checks what the
reader checks: the text it is about to write is read back first, so it never writes a file it would refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from drydock import limits
from drydock.core.campaign.state import Ship
from drydock.core.league.rules import LeagueRules
from drydock.core.league.state import Entrant, Game, League
from drydock.core.marked import Marked
from drydock.core.rules.scenario_roll import scenario_of
from drydock.errors import DrydockError
from drydock.formats import read_text_capped, write_atomic
from drydock.formats.league.shape import LEAGUE_VERSION, LeagueFile, LeagueFileError
from drydock.formats.library import validate_file
from drydock.formats.safeyaml import yaml_dumper

__all__ = ["LeagueFileError", "league_text", "parse_league", "read_league", "write_league"]


def _sizes(data: Any, name: str) -> None:
    """Sizes before any model is built: entrants, ships, games, history, schedule."""
    if not isinstance(data, dict) or "drydock_league" not in data:
        raise LeagueFileError("not a drydock league file (no drydock_league: key)", file=name, line=1)
    v = data["drydock_league"]
    if isinstance(v, int) and not isinstance(v, bool) and v > LEAGUE_VERSION:
        raise LeagueFileError(f"drydock_league: {v} was written by a newer drydock (this one reads up to "
                              f"{LEAGUE_VERSION})", file=name, line=1)
    entrants = data.get("entrants")
    if isinstance(entrants, dict):
        limits.check_count("entrants", len(entrants), limits.CAMPAIGN_PLAYERS, file=name)
        for who, e in entrants.items():
            if isinstance(e, dict) and isinstance(e.get("ships"), list):
                limits.check_count(f"{who}: ships", len(e["ships"]), limits.CAMPAIGN_SHIPS, file=name)
    for key, lim in (("games", limits.CAMPAIGN_TURNS), ("history", limits.CAMPAIGN_HISTORY),
                     ("schedule", limits.CAMPAIGN_PLAYERS), ("order", limits.CAMPAIGN_PLAYERS)):
        if isinstance(data.get(key), list):
            limits.check_count(key, len(data[key]), lim, file=name)
    if isinstance(data.get("round"), int):
        limits.check("round", data["round"], limits.CAMPAIGN_TURNS, file=name)


def _dice(value: list[int] | None, what: str, name: str) -> tuple[int, int] | None:
    if value is None:
        return None
    if len(value) != 2 or not all(1 <= d <= 6 for d in value):
        raise LeagueFileError(f"{what}: two dice, each 1-6", file=name)
    return value[0], value[1]


def parse_league(text: str, name: str) -> League:
    """The league in ``text`` (the file ``name``); any contradiction is refused with the file named."""
    f, _lines = validate_file(LeagueFile, text, name, LeagueFileError, precheck=lambda d: _sizes(d, name))
    try:
        return _league(f, name)
    except LeagueFileError:
        raise
    except DrydockError as exc:
        raise LeagueFileError(str(exc), file=name) from None


def read_league(path: str | Path) -> League:
    name = str(path)
    return parse_league(read_text_capped(name), name)


def _league(f: LeagueFile, name: str) -> League:
    rules = LeagueRules().with_values(f.rules.model_dump())
    entrants: dict[str, Entrant] = {}
    for who, shape in f.entrants.items():
        ships = []
        for sh in shape.ships:
            ship = Ship(id=sh.id, name=sh.name, design=sh.design, cr=sh.cr, boxes=sh.boxes.model_dump(),
                        entry=sh.entry, source=sh.source, damage=Marked(**sh.damage.model_dump()), lost=sh.lost)
            if ship.entry is None and not ship.source:
                raise LeagueFileError(f"{who}: ship {ship.id}: no fleet entry and no source design", file=name)
            if ship.active:
                ship.damage.check(ship.boxes, f"{who}: ship {ship.id}")
            ships.append(ship)
        entrants[who] = Entrant(name=who, player=shape.player or who, fleet=shape.fleet, ships=ships, rp=shape.rp)
    games = []
    for i, g in enumerate(f.games, 1):
        dice = _dice(g.dice, f"games: game {i}: dice", name)
        if dice is not None and scenario_of(10 * dice[0] + dice[1]) != g.scenario:
            raise LeagueFileError(f"games: game {i}: the dice {dice[0]}, {dice[1]} roll "
                                  f"{scenario_of(10 * dice[0] + dice[1]) or 'the standard scenario'}, not "
                                  f"{g.scenario}", file=name)
        rp = {k: _dice(v, f"games: game {i}: rp_dice {k}", name) for k, v in g.rp_dice.items()}
        games.append(Game(stage=g.stage, round=g.round, sides=list(g.sides), declined=list(g.declined), dice=dice,
                          scenario=g.scenario, ships={k: list(v) for k, v in g.ships.items()}, fought=g.fought,
                          winner=g.winner, vp=dict(g.vp), destroyed=list(g.destroyed), seed=g.seed, log=g.log,
                          rp_dice={k: v for k, v in rp.items() if v is not None}))
    lg = League(name=f.name, kind=f.kind, rules=rules, entrants=entrants, seed=f.seed, round=f.round,
                order=list(f.order), schedule=[[list(p) for p in r] for r in f.schedule], games=games,
                winner=f.winner, history=list(f.history))
    ids = {x.id for e in entrants.values() for x in e.ships}
    for i, game in enumerate(games, 1):
        for sid in (*[s for v in game.ships.values() for s in v], *game.destroyed):
            if sid not in ids:
                raise LeagueFileError(f"games: game {i} names ship {sid}, which no entrant has", file=name)
    for who in lg.order:
        if who not in entrants:
            raise LeagueFileError(f"order: {who!r} is not an entrant", file=name)
    for r in lg.schedule:
        for pair in r:
            if not 1 <= len(pair) <= 2 or any(p not in entrants for p in pair):
                raise LeagueFileError(f"schedule: {pair} is not a pairing of entrants", file=name)
    return lg


def _damage(m: Marked) -> dict[str, int]:
    return {k: v for k, v in m.as_dict().items() if v}


def league_data(lg: League) -> dict[str, Any]:
    """The league as the plain data of its file."""
    entrants: dict[str, Any] = {}
    for who, e in lg.entrants.items():
        ships = []
        for x in e.ships:
            row: dict[str, Any] = {"id": x.id, "name": x.name, "design": x.design}
            row.update({"entry": x.entry} if x.entry is not None else {"source": x.source})
            row.update(cr=x.cr, boxes=dict(x.boxes))
            if x.damage.any:
                row["damage"] = _damage(x.damage)
            if x.lost:
                row["lost"] = x.lost
            ships.append(row)
        entrants[who] = {"player": e.player, "fleet": e.fleet, "rp": e.rp, "ships": ships}
    games = []
    for g in lg.games:
        row = {"stage": g.stage, "round": g.round, "sides": list(g.sides)}
        if g.declined:
            row["declined"] = list(g.declined)
        if g.dice is not None:
            row.update(dice=list(g.dice), scenario=g.scenario, ships={k: list(v) for k, v in g.ships.items()})
        if g.fought is not None:
            row.update(fought=g.fought, winner=g.winner)
            if g.vp:
                row["vp"] = dict(g.vp)
            if g.destroyed:
                row["destroyed"] = list(g.destroyed)
            if g.seed is not None:
                row["seed"] = g.seed
            if g.log:
                row["log"] = g.log
        if g.rp_dice:
            row["rp_dice"] = {k: list(v) for k, v in g.rp_dice.items()}
        games.append(row)
    out: dict[str, Any] = {"drydock_league": LEAGUE_VERSION, "name": lg.name, "kind": lg.kind, "seed": lg.seed,
                           "rules": lg.rules.as_dict(), "round": lg.round}
    if lg.order:
        out["order"] = list(lg.order)
    if lg.schedule:
        out["schedule"] = [[list(p) for p in r] for r in lg.schedule]
    out.update(winner=lg.winner, entrants=entrants, games=games, history=list(lg.history))
    return out


def league_text(lg: League) -> str:
    """The league file's text (YAML)."""
    head = "# drydock league file (Appendix T: T.2 rotating campaign or T.3 tournament). Kept by `drydock league`.\n"
    return head + yaml.dump(league_data(lg), Dumper=yaml_dumper(), sort_keys=False, allow_unicode=True, width=110)


def write_league(path: str | Path, lg: League, *, new: bool = False) -> None:
    """Write the league atomically, after reading its text back (the writer refuses what the reader refuses).
    ``new``: refuse to replace an existing file (``league new``)."""
    text = league_text(lg)
    parse_league(text, str(path))
    write_atomic(path, text, force=not new)
