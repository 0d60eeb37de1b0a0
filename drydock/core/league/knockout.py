"""T.3 Tournament System as steps on a :class:`League`: start (T.3(1) fleets within 2,000 CR, two each for two or
three players; T.3(2)/(4) the group stage's rounds drawn by lots), each pairing's game (T.3(3): a scenario rolled,
the VPs recorded; T.3(5) no damage carried), then the knockout stage: T.3(6) the seeding by total VPs (1 v 4,
2 v 3; two players: straight to the final; three players: the doubled player's rule), T.3(7) the semi-finals,
T.3(8) the final (the three-player case too). The pairing arithmetic is :mod:`drydock.core.campaign.tournament`."""

from __future__ import annotations

import copy
import random

from drydock.core.campaign.tournament import Entry, entries_ok, group_rounds, knockout, standings, three_player_final
from drydock.core.league.rotation import check_fleets
from drydock.core.league.rules import LeagueRules, quote
from drydock.core.league.state import Entrant, Game, League
from drydock.errors import DrydockError


def _entries(lg: League) -> list[Entry]:
    return [Entry(e.name, e.player) for e in lg.entrants.values()]


def start(name: str, rules: LeagueRules, entrants: dict[str, Entrant], seed: int) -> League:
    """A T.3 tournament: every fleet checked (T.3(1)), the group stage drawn (T.3(2)/(4)), round 1's games due."""
    check_fleets(entrants, rules, "T.3(1) limit")
    entries = [Entry(e.name, e.player) for e in entrants.values()]
    entries_ok(entries)
    rounds = group_rounds(entries, random.Random(seed))
    lg = League(name=name, kind="T.3", rules=rules, entrants=entrants, seed=seed,
                schedule=[[[a] if b is None else [a, b] for a, b in r] for r in rounds])
    lg.history.append(f"group stage drawn (seed {seed}): {len(entries)} fleets, {len(rounds)} rounds (T.3(2), T.3(4))")
    return _open_round(lg, 1)


def _open_round(lg: League, number: int) -> League:
    lg.round = number
    for pair in lg.schedule[number - 1]:
        if len(pair) == 2:
            lg.games.append(Game(stage="group", round=number, sides=list(pair)))
        else:
            lg.history.append(f"round {number}: {pair[0]} has the bye ({quote('T.3(2)')})")
    return lg


def group_table(lg: League) -> list[tuple[str, int]]:
    """T.3(6): each fleet's total VPs over the group games played, highest first."""
    played = [(g.sides[0], g.sides[1], g.vp[g.sides[0]], g.vp[g.sides[1]]) for g in lg.games
              if g.stage == "group" and g.fought is not None]
    return standings(list(lg.entrants), played)


def advance(lg: League) -> League:
    """After a result: the next group round once this one is played; after the last, T.3(6)'s seeding and the
    semi-finals (two players: the final); after the semi-finals, T.3(8)'s final; after the final, the winner."""
    if lg.open_games() or lg.winner is not None:
        return lg
    lg = copy.deepcopy(lg)
    stage = lg.games[-1].stage if lg.games else "group"
    if stage == "group" and lg.round < len(lg.schedule):
        return _open_round(lg, lg.round + 1)
    entries = _entries(lg)
    table = group_table(lg)
    if stage == "group":
        pairs = knockout(entries, table)
        players = len({e.player for e in entries})
        rule = "T.3(6) two" if players == 2 else "T.3(6) three" if players == 3 else "T.3(6)"
        seeding = ", ".join(f"{i}. {f} {vp}" for i, (f, vp) in enumerate(table, 1))
        lg.history.append(f"group stage over: {seeding} ({quote(rule)})")
        kind = "final" if len(pairs) == 1 else "semi-final"
        for a, b in pairs:
            lg.games.append(Game(stage=kind, round=lg.round + 1, sides=[a, b]))
        lg.round += 1
        lg.history.append(f"{kind}{'s' if len(pairs) > 1 else ''}: " + "; ".join(f"{a} v {b}" for a, b in pairs)
                          + f" ({quote('T.3(7)') if kind == 'semi-final' else quote('T.3(6) two')})")
        return lg
    if stage == "semi-final":
        semis = [g for g in lg.games if g.stage == "semi-final"]
        winners = (semis[0].winner or "", semis[1].winner or "")
        a, b = three_player_final(entries, table, winners)
        lg.games.append(Game(stage="final", round=lg.round + 1, sides=[a, b]))
        lg.round += 1
        lg.history.append(f"final: {a} v {b} ({quote('T.3(8)')})")
        return lg
    final = lg.games[-1]
    lg.winner = final.winner
    lg.history.append(f"the final is won by {final.winner} ({lg.entrants[final.winner or ''].player}): the "
                      "tournament's overall winner (T.3(8))")
    return lg


def find_game(lg: League, pair: str | None) -> int:
    """The index of the open game ``pair`` names (``Red,Blue``, either order), or the only open one."""
    open_ = [i for i, g in enumerate(lg.games) if g.fought is None]
    if lg.winner is not None:
        raise DrydockError(f"the tournament is over: {lg.winner} won")
    if pair is None:
        if len(open_) == 1:
            return open_[0]
        raise DrydockError("name the game (--game FLEET,FLEET): open now: "
                           + "; ".join(lg.games[i].label for i in open_))
    names = {lg.entrant(p).name for p in pair.split(",") if p.strip()}
    for i in open_:
        if set(lg.games[i].sides) == names:
            return i
    raise DrydockError(f"no open game {pair!r} (open now: " + "; ".join(lg.games[i].label for i in open_) + ")")
