"""A league game's steps shared by T.2 and T.3: the scenario roll (Appendix S; T.2(3), T.3(3), T.3(7)), the ships
each side fields (T.2(5): "only a portion of the fleet"), and the result (T.2(6) the winner, T.2(7) the survivors'
automatic repairs, T.3(3) the VPs). Each takes a league and returns a new one."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from drydock.core.campaign.state import Ship
from drydock.core.league.rules import quote
from drydock.core.league.state import Game, League
from drydock.core.marked import Marked
from drydock.core.rules.play_rules import PLAY
from drydock.core.rules.scenario_roll import Setup, scenario_of, setup
from drydock.errors import DrydockError


def game_setup(lg: League, game: Game, play: dict[str, Any] | None = None) -> Setup:
    """The set-up of the scenario ``game`` rolled (the standard one at the league's battle size)."""
    return setup(game.scenario, play, lg.rules.battle_size)


def choose_forces(ships: list[Ship], limit: int, scenario: str | None, role: int,
                  numbers: dict[str, Any] | None = None) -> list[str]:
    """drydock's reading of T.2(5)'s "only a portion of the fleet": the ships still in the league, largest CR first,
    each taken while the total stays within the scenario's limit for the side (``role`` 0 attacker, 1 defender);
    S.10 takes no ship above its CR cap, S.1's defender is one ship, S.8's attacker starts with its largest ship.
    A fleet smaller than the limit fields all it has ("does not receive additional forces")."""
    pool = sorted((s for s in ships if s.active), key=lambda s: (-s.cr, s.id))
    cap = int((numbers or {}).get("max_cr", 0)) if scenario == "S.10" else 0
    if cap:
        pool = [s for s in pool if s.cr <= cap]
    out: list[str] = []
    total = 0
    for s in pool:
        if total + s.cr <= limit:
            out.append(s.id)
            total += s.cr
            if scenario == "S.1" and role == 1:
                break
    return out


def _copy(lg: League) -> League:
    return copy.deepcopy(lg)


def roll_game(lg: League, index: int, dice: tuple[int, int], *, fielded: dict[str, list[str]] | None = None,
              play: dict[str, Any] | None = None) -> League:
    """Appendix S's roll for game ``index`` (``dice`` as rolled); once both sides are known, the ships each fields
    (:func:`field_forces`)."""
    lg = _copy(lg)
    g = lg.games[index]
    if g.rolled:
        raise DrydockError(f"game {g.label}: the scenario is already rolled ({g.scenario or 'standard'})")
    g.dice = dice
    g.scenario = scenario_of(10 * dice[0] + dice[1])
    s = game_setup(lg, g, play)
    lg.history.append(f"round {g.round}: {g.label}: rolled {dice[0]} then {dice[1]} = {10 * dice[0] + dice[1]}: "
                      f"{s.label}" + (f" ({g.sides[0]} attacks)" if g.stage == "rotation" else ""))
    return field_forces(lg, index, fielded, play) if len(g.sides) == 2 else lg


def field_forces(lg: League, index: int, fielded: dict[str, list[str]] | None = None,
                 play: dict[str, Any] | None = None) -> League:
    """The ships each side of game ``index`` fields: ``fielded`` (entrant -> ship ids or names) or drydock's choice
    (:func:`choose_forces`). Refused past the scenario's limit for a side (T.2(5), T.3(3))."""
    lg = _copy(lg)
    g = lg.games[index]
    s = game_setup(lg, g, play)
    from_play = (play or PLAY)["scenarios"]["table"][g.scenario] if g.scenario else {}
    extra = sorted(set(fielded or {}) - set(g.sides))
    if extra:
        raise DrydockError(f"--ships for {extra[0]}: it does not play {g.label}")
    for role, who in enumerate(g.sides):
        e = lg.entrants[who]
        what = "attacker" if role == 0 else "defender"
        wanted = (fielded or {}).get(who)
        if wanted is None:
            ids = choose_forces(e.ships, s.limits[role], g.scenario, role, from_play)
        else:
            ids = [e.ship(n).id for n in wanted]
            lost = [e.ship(i).label() for i in ids if not e.ship(i).active]
            if lost:
                raise DrydockError(f"{who}: {', '.join(lost)} is no longer in the league")
            if len(set(ids)) != len(ids):
                raise DrydockError(f"{who}: a ship is named twice")
            cr = sum(e.ship(i).cr for i in ids)
            if cr > s.limits[role]:
                raise DrydockError(f"{who} fields {cr} CR, over {s.label}'s limit of {s.limits[role]} for the "
                                   f"{what} ({quote('T.2(5) forces')})")
        if not ids:
            raise DrydockError(f"{who} has no ship that fits {s.label}'s limit of {s.limits[role]} CR for the "
                               f"{what}; name the ships it fields")
        g.ships[who] = ids
    lg.history.append(f"round {g.round}: {g.label}: " + "; ".join(
        f"{w} fields {', '.join(g.ships[w])} ({sum(lg.entrants[w].ship(i).cr for i in g.ships[w])} CR of "
        f"{s.limits[r]})" for r, w in enumerate(g.sides)))
    return lg


def _in_game(lg: League, g: Game, name: str, what: str) -> Ship:
    """The ship ``name`` (id or name) of one of the game's sides that played it; refused by name when it names
    none, or ships of both sides."""
    key = name.strip().casefold()
    found = [(w, x) for w in g.sides for x in lg.entrants[w].ships if key in (x.id.casefold(), x.name.casefold())]
    if not found:
        raise DrydockError(f"{what} {name!r}: not a ship of {' or '.join(g.sides)}")
    if len({w for w, _ in found}) > 1 or len(found) > 1:
        raise DrydockError(f"{what} {name!r}: names {len(found)} ships; use the id "
                           f"({', '.join(x.id for _, x in found)})")
    who, ship = found[0]
    if ship.id not in g.ships.get(who, []):
        raise DrydockError(f"{what} {ship.label()}: it did not play {g.label}")
    return ship


def enter_result(lg: League, index: int, *, winner: str | None, vp: dict[str, int] | None = None,
                 destroyed: Iterable[str] = (), damage: dict[str, Marked] | None = None, fought: str = "table",
                 seed: int | None = None, log: str | None = None) -> League:
    """Game ``index``'s result: T.2(6) the winner (a victory); T.3(3) the VPs each fleet scored; T.2 the ships
    destroyed and the boxes each survivor has checked in all, then T.2(7): the survivors' engine, shield and weapon
    damage repaired, hull damage kept. T.3(5): nothing is carried ("fully repaired and/or replaced")."""
    lg = _copy(lg)
    g = lg.games[index]
    if not g.rolled:
        rule = "T.2(3)" if g.stage == "rotation" else "T.3(3)"
        raise DrydockError(f"game {g.label}: roll its scenario first ({quote(rule)})")
    if g.fought is not None:
        raise DrydockError(f"game {g.label} already has its result ({g.fought})")
    if winner is not None and winner not in g.sides:
        raise DrydockError(f"game {g.label}: the winner is {' or '.join(g.sides)}, not {winner!r}")
    vp = dict(vp or {})
    if sorted(vp) not in ([], sorted(g.sides)) or any(v < 0 for v in vp.values()):
        raise DrydockError(f"game {g.label}: VPs are given for both sides, each 0 or more")
    if g.stage != "rotation" and not vp:
        raise DrydockError(f"game {g.label}: {quote('T.3(3)')} (give each fleet's VPs)")
    if winner is None and vp and vp[g.sides[0]] != vp[g.sides[1]]:
        winner = max(g.sides, key=lambda w: vp[w])
    if winner is None and g.stage != "group":
        raise DrydockError(f"game {g.label}: name the winner (the VPs do not tell: "
                           + (", ".join(f"{w} {vp[w]}" for w in g.sides) if vp else "none given") + ")")
    lost = [_in_game(lg, g, name, "destroyed").id for name in destroyed]
    marks: dict[str, Marked] = {}
    for name, mark in (damage or {}).items():
        ship = _in_game(lg, g, name, "damage for")
        mark.check(ship.boxes, ship.label())
        marks[ship.id] = mark
    if len(set(lost)) != len(lost):
        raise DrydockError("a ship is named twice in --destroyed")
    if set(lost) & set(marks):
        raise DrydockError(f"{', '.join(sorted(set(lost) & set(marks)))}: a ship is destroyed or damaged, not both")
    if g.stage != "rotation" and (lost or marks):
        raise DrydockError(f"{quote('T.3(5)')}: a T.3 game carries no damage; give the VPs")
    g.fought, g.winner, g.vp, g.seed, g.log = fought, winner, vp, seed, log
    g.destroyed = sorted(set(lost))
    for sid in g.destroyed:
        lg.owner(sid).ship(sid).lost = f"destroyed in round {g.round}, {g.label}"
    for sid, mark in marks.items():
        lg.owner(sid).ship(sid).damage = mark
    said = f"{winner} wins" if winner else "a draw"
    lg.history.append(f"round {g.round}: {g.label} ({fought}): {said}"
                      + (" (" + ", ".join(f"{w} {vp[w]} VP" for w in g.sides) + ")" if vp else "")
                      + (f"; destroyed {', '.join(g.destroyed)}" if g.destroyed else ""))
    if g.stage == "rotation":
        for w in g.sides:
            for ship in lg.entrants[w].active():
                ship.damage = ship.damage.repaired(lg.rules.automatic_repair)
        lg.history.append(f"round {g.round}: surviving ships repaired ({', '.join(lg.rules.automatic_repair)}; hull "
                          "damage stays) (T.2(7))")
    return lg
