"""``drydock league``'s work: each subcommand reads the league file under its lock
(:func:`drydock.formats.locking.locked`), applies one step of T.2 or T.3 (:mod:`drydock.core.league`) and
writes the file back atomically, or nothing when the step is refused. A game fought by the engine starts every
ship with the damage the league says it carries (T.2; T.3(5) carries none) under the rolled scenario (side A the
attacker), seeded; its log is kept beside the league file.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from drydock.core.campaign.rotating import challengers
from drydock.core.campaign.state import Ship
from drydock.core.league import knockout, rotation, supply
from drydock.core.league.games import enter_result, game_setup, roll_game
from drydock.core.league.rules import LeagueRules
from drydock.core.league.state import Entrant, League
from drydock.core.marked import Marked, parse_marked
from drydock.core.model import Design
from drydock.engine.battle import Battle
from drydock.engine.montecarlo import build_matchup
from drydock.engine.settings import BattleSettings, BattleSize
from drydock.errors import DrydockError, inline
from drydock.formats import read_designs, write_atomic
from drydock.formats.campaign import check_inside, named_file
from drydock.formats.fleet.read import read_fleet
from drydock.formats.league import read_league, write_league
from drydock.formats.locking import locked
from drydock.insight.campaign_run import design_boxes, fleet_roster  # T.1's ships of a fleet, CR and track sizes
from drydock.insight.scenario_text import parse_dice

#: Each step's lines and the league after it.
Step = tuple[list[str], League]


@dataclass(frozen=True)
class Entry:
    """An entrant given on the command line: name, player, fleet file."""

    name: str
    player: str
    fleet: str


@contextmanager
def _changing(path: str) -> Iterator[None]:
    with locked(path, what="league"):
        yield


def _rel(target: str | Path, league_file: str | Path, key: str) -> str:
    """``target`` as the league file names it: relative to its folder, which must hold it (the campaign's rule)."""
    return check_inside(league_file, target, key=key)


def _roster(entry: Entry, path: str, taken: set[str]) -> Entrant:
    ships = fleet_roster(entry.fleet, entry.name, taken, owner=entry.name)
    return Entrant(name=entry.name, player=entry.player, fleet=_rel(entry.fleet, path, f"{entry.name} fleet"),
                   ships=ships)


def new_league(path: str, kind: str, entries: Sequence[Entry], *, seed: int, name: str = "",
               rules: LeagueRules | None = None) -> Step:
    """Start a T.2 league or T.3 tournament from fleet files: every fleet checked against the limit (T.2(1),
    T.3(1)), the initiative order (T.2(2)) or the group stage (T.3(2)) drawn with ``seed``."""
    if Path(path).exists():
        raise DrydockError(f"{path}: already exists; a league is started once (pick another file name)")
    names = [e.name for e in entries]
    for e in entries:
        for what, text in (("name", e.name), ("player", e.player)):
            if not text or len(text) > 60 or "," in text or not text.isprintable():
                raise DrydockError(f"entrant {what} {text[:60]!r}: 1-60 printable characters, no comma (a game is "
                                   "named FLEET,FLEET)")
    if len({n.casefold() for n in names}) != len(names):
        raise DrydockError("each entrant needs a name of its own")
    taken: set[str] = set()
    built = {e.name: _roster(e, path, taken) for e in entries}
    rules = rules or LeagueRules()
    start = rotation.start if kind == "T.2" else knockout.start if kind == "T.3" else None
    if start is None:
        raise DrydockError(f"--kind {kind!r}: T.2 (rotating campaign) or T.3 (tournament)")
    lg = start(name or Path(path).stem, rules, built, seed)
    with _changing(path):
        write_league(path, lg, new=True)
    lines = [f"{path}: {kind} league {lg.name!r} started: {len(built)} fleets"]
    for f in built.values():
        lines.append(f"  {f.name}{' (' + f.player + ')' if f.player != f.name else ''}: {len(f.ships)} ships, "
                     f"{f.total_cr()} CR of {rules.fleet_limit} ({'T.2(1)' if kind == 'T.2' else 'T.3(1)'})")
    return [inline(x) for x in [*lines, *lg.history, *_next(lg)]], lg


def _next(lg: League) -> list[str]:
    if lg.winner is not None:
        return [f"The league is over: {lg.winner} won."]
    pending = lg.open_games()
    if lg.kind == "T.2":
        if not pending:
            return [f"Next: {rotation.active(lg)} is active and rolls the scenario: league roll --seed N or --dice "
                    "D1,D2 (T.2(3))."]
        g = pending[0]
        if len(g.sides) == 1 and g.fought is None:
            asked = ", ".join(challengers(lg.order, g.sides[0]))
            return [f"Next: {asked}, in that order, accept or decline: league challenge --accept PLAYER or "
                    "--all-decline (T.2(4), T.2(5))."]
        if g.fought is None:
            return [f"Next: the result of {g.label}: league result or league fight."]
        due = [p for p in g.owed() if p not in g.rp_dice]
        return [f"Next: RP rolls (T.2(8)): league supply --player {'/'.join(due)} --roll D1,D2."]
    unrolled = [g.label for g in pending if not g.rolled]
    unplayed = [g.label for g in pending if g.rolled]
    rule = {"group": "T.3(3)", "semi-final": "T.3(7)", "final": "T.3(8)"}[pending[0].stage] if pending else ""
    out = []
    if unrolled:
        out.append(f"Next: roll the scenario of {'; '.join(unrolled)}: league roll --game A,B ({rule}).")
    if unplayed:
        out.append(f"Next: the result of {'; '.join(unplayed)}: league result or league fight --game A,B.")
    return out


def _apply(path: str, step: Callable[[League], League]) -> Step:
    """Read, step, advance (a new round, the knockout stage, the end), write; return the history added."""
    with _changing(path):
        lg = read_league(path)
        before = len(lg.history)
        lg = step(lg)
        lg = rotation.advance(lg) if lg.kind == "T.2" else knockout.advance(lg)
        write_league(path, lg)
    return [inline(x) for x in [*lg.history[before:], *_next(lg)]], lg


def _game(lg: League, pair: str | None) -> int:
    if lg.kind == "T.3":
        return knockout.find_game(lg, pair)
    open_ = [i for i, g in enumerate(lg.games) if g.fought is None and len(g.sides) == 2]
    if not open_:
        raise DrydockError("no game is waiting for its result (league roll, then league challenge)")
    return open_[0]


def _fielded(ships: Sequence[str]) -> dict[str, list[str]]:
    fielded: dict[str, list[str]] = {}
    for item in ships:
        who, sep, names = item.partition("=")
        if not sep or not who.strip() or not names.strip():
            raise DrydockError(f"--ships {item!r}: write ENTRANT=SHIP,SHIP (e.g. Ann=Bastion,Comet)")
        fielded[who.strip()] = [n.strip() for n in names.split(",") if n.strip()]
    return fielded


def challenge(path: str, accepted: str | None, ships: Sequence[str] = ()) -> Step:
    """T.2(4)-(6): the active player's challenge, accepted by ``accepted`` (None: every player declined); ``ships``
    ``PLAYER=SHIP,SHIP`` the ships a player fields (default: drydock's choice within the scenario's limit)."""
    fielded = _fielded(ships)

    def step(lg: League) -> League:
        if lg.kind != "T.2":
            raise DrydockError("league challenge is T.2's (a T.3 tournament's games are drawn)")
        return rotation.challenge(lg, accepted, {lg.entrant(k).name: v for k, v in fielded.items()})
    return _apply(path, step)


def roll(path: str, *, pair: str | None = None, seed: int | None = None, dice: str | None = None,
         ships: Sequence[str] = ()) -> Step:
    """Appendix S's roll for a game (T.2(3), T.3(3), T.3(7)): ``dice`` as rolled or ``seed``; ``ships``
    ``ENTRANT=SHIP,SHIP`` the ships an entrant fields (default: drydock's choice within the scenario's limit)."""
    if (seed is None) == (dice is None):
        raise DrydockError("give --seed N (drydock rolls) or --dice D1,D2 (as rolled at the table), one of them")
    rolled = parse_dice(dice) if dice is not None else _two(random.Random(seed))
    fielded = _fielded(ships)

    def step(lg: League) -> League:
        if lg.kind == "T.2":
            if pair is not None:
                raise DrydockError("--game is T.3's (a T.2 game is the active player's)")
            lg = rotation.open_game(lg)
            return roll_game(lg, len(lg.games) - 1, rolled)
        i = _game(lg, pair)
        named = {lg.entrant(k).name: v for k, v in fielded.items()}
        return roll_game(lg, i, rolled, fielded=named)
    return _apply(path, step)


def _two(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def result(path: str, *, pair: str | None = None, winner: str | None = None, vp: str | None = None,
           destroyed: Sequence[str] = (), damage: Sequence[str] = ()) -> Step:
    """A game's result from the table: the winner and/or both sides' VPs (``300,120``, attacker first), the ships
    destroyed and ``SHIP=hull:2,...`` damage (T.2)."""
    marks: dict[str, Marked] = {}
    for item in damage:
        ship, sep, text = item.partition("=")
        if not sep or not ship.strip():
            raise DrydockError(f"--damage {item!r}: write SHIP=TRACK:BOXES,... (e.g. Majestic=hull:2)")
        marks[ship.strip()] = parse_marked(text, f"--damage {ship.strip()}")
    points: tuple[int, int] | None = None
    if vp is not None:
        parts = [p.strip() for p in vp.split(",")]
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 7 for p in parts):
            raise DrydockError(f"--vp {vp!r}: the two sides' VPs, attacker first (e.g. --vp 600,240)")
        points = (int(parts[0]), int(parts[1]))

    def step(lg: League) -> League:
        i = _game(lg, pair)
        g = lg.games[i]
        who = lg.entrant(winner).name if winner else None
        scored = dict(zip(g.sides, points, strict=True)) if points and len(g.sides) == 2 else None
        return enter_result(lg, i, winner=who, vp=scored, destroyed=destroyed, damage=marks)
    return _apply(path, step)


def _designs(lg: League, path: str, who: str, ids: list[str]) -> list[Design]:
    e = lg.entrants[who]
    fleet = None
    out: list[Design] = []
    for sid in ids:
        ship = e.ship(sid)
        if ship.entry is not None:
            fleet = fleet or read_fleet(str(named_file(path, e.fleet, key=f"{who} fleet")))
            if ship.entry >= len(fleet.entries):
                raise DrydockError(f"{ship.label()}: entry {ship.entry} of {e.fleet}, which has {len(fleet.entries)} "
                                   "entries (was the fleet file changed?)")
            design = fleet.entries[ship.entry].design
        else:
            found = read_designs(str(named_file(path, ship.source or "", key=f"ship {sid} source")))
            design = next((d for d in found if d.title == ship.design), found[0])
        out.append(design.model_copy(update={"ship_name": ship.name, "ship_id": ship.id}))
    return out


def fight(path: str, *, pair: str | None = None, seed: int = 1) -> Step:
    """The game fought once by the engine (seeded) under its scenario, each ship with the damage it carries (T.2);
    the result entered as from the table, the log kept beside the league file. A T.2 game or a knockout game still
    undecided after ``battle_turns`` records nothing."""
    with _changing(path):
        lg = read_league(path)
        i = _game(lg, pair)
        g = lg.games[i]
        if not g.rolled:
            raise DrydockError(f"game {g.label}: roll its scenario first (league roll)")
        if len(g.sides) != 2:
            raise DrydockError(f"game {g.label}: nobody accepted; there is nothing to fight")
        ids = [g.ships[w] for w in g.sides]
        designs = [_designs(lg, path, w, ids[k]) for k, w in enumerate(g.sides)]
        carried = g.stage == "rotation"
        marks = [tuple(lg.entrants[w].ship(s).damage if carried else Marked() for s in ids[k])
                 for k, w in enumerate(g.sides)]
        s = game_setup(lg, g)
        settings = BattleSettings(turns=lg.rules.battle_turns, scenario=g.scenario,
                                  battle_size=cast(BattleSize, "auto" if g.scenario  # checked by BattleSettings
                                                   else lg.rules.battle_size.replace(" ", "-")))
        m = build_matchup(designs[0], designs[1], settings, damage=(marks[0], marks[1]))
        battle = Battle(m, random.Random(seed), log=True)
        res = battle.run()
        if res.winner is None and g.stage != "group":
            raise DrydockError(f"game {g.label} (seed {seed}) was undecided after {lg.rules.battle_turns} turns; "
                               "nothing recorded. Fight it with another --seed, raise rules: battle_turns in the "
                               "league file, or enter the table's result")
        by_id = dict(zip([*ids[0], *ids[1]], battle.ships, strict=True))
        destroyed = [sid for sid, sh in by_id.items() if not sh.alive and not (sh.left_board or sh.jumped)]
        damage = {sid: Marked(hull=sh.hull_hits, engines=sh.eng_hits, shields=sh.shd_hits, weapons=sh.wpn_hits)
                  for sid, sh in by_id.items() if sid not in destroyed} if carried else {}
        number = i + 1
        log_file = str(Path(path).with_name(f"{Path(path).stem}.game{number}.log"))
        write_atomic(log_file, "\n".join(res.log) + "\n", force=True)
        before = len(lg.history)
        winner = None if res.winner is None else g.sides[res.winner]
        lg = enter_result(lg, i, winner=winner, vp=dict(zip(g.sides, res.vp, strict=True)),
                          destroyed=destroyed if carried else (), damage={k: v for k, v in damage.items() if v.any},
                          fought="engine", seed=seed, log=Path(log_file).name)
        lg = rotation.advance(lg) if lg.kind == "T.2" else knockout.advance(lg)
        write_league(path, lg)
    lines = [f"game {g.label} ({s.label}) fought by the engine (seed {seed}): {res.turns} turns, VPs "
             f"{res.vp[0]}-{res.vp[1]}; log {log_file}"]
    for who in g.sides:
        fleet = read_fleet(str(named_file(path, lg.entrants[who].fleet, key=f"{who} fleet")))
        if not fleet.house.base.is_book or fleet.house.factions:
            lines.append(f"warning: {who}'s fleet has house rules of its own; the engine fought under the book rules")
    for sid, sh in by_id.items():
        owner = lg.owner(sid)
        state = "destroyed" if sid in destroyed else "left the board" if not sh.alive else "remains"
        kept = f"; carries {owner.ship(sid).damage.text()}" if carried and sid not in destroyed else ""
        lines.append(f"  {owner.name} {owner.ship(sid).label()}: {state}{kept}")
    return [inline(x) for x in [*lines, *lg.history[before:], *_next(lg)]], lg


def supply_step(path: str, player: str, *, roll_text: str | None = None, seed: int | None = None,
                hull: Sequence[str] = (), add: Sequence[str] = ()) -> Step:
    """T.2(8) for one player: the RP roll (``roll_text`` "3,4" or ``seed``), hull repairs (``SHIP=POINTS``) and new
    ships (``DESIGN.yaml[=NAME]``), all or nothing."""
    if roll_text is not None and seed is not None:
        raise DrydockError("give --roll (the dice rolled at the table) or --seed (drydock rolls), not both")
    dice = parse_dice(roll_text, "--roll") if roll_text is not None else _two(random.Random(seed)) \
        if seed is not None else None
    new: list[tuple[str, str, Design]] = []
    for item in add:
        file, _, name = item.partition("=")
        found = read_designs(file)
        if len(found) != 1:
            raise DrydockError(f"--add {file}: holds {len(found)} designs; give a file with one")
        new.append((file, name.strip(), found[0]))
    if dice is None and not hull and not add:
        raise DrydockError("nothing to do: give --roll or --seed (the T.2(8) RP roll), --hull SHIP=POINTS or "
                           "--add DESIGN.yaml")

    def step(lg: League) -> League:
        if lg.kind != "T.2":
            raise DrydockError("league supply is T.2's (T.3(5): every ship is repaired or replaced between games)")
        who = lg.entrant(player).name
        if dice is not None:
            lg = supply.rp_roll(lg, who, dice)
        for h in hull:
            ship, sep, points = h.partition("=")
            if not sep or not (points.strip().isascii() and points.strip().isdigit()) or len(points.strip()) > 6:
                raise DrydockError(f"--hull {h!r}: write SHIP=POINTS (e.g. Majestic=2)")
            lg = supply.repair_hull(lg, who, ship.strip(), int(points))
        for src, name, design in new:
            cr, boxes = design_boxes(design)
            sid = f"{who}-R{len(lg.entrants[who].ships) + 1:02d}"
            lg = supply.add_ship(lg, who, Ship(id=sid, name=name or design.ship_name or sid, design=design.title or "",
                                               cr=cr, boxes=boxes, source=_rel(src, path, f"--add {src}")))
        return lg
    return _apply(path, step)
