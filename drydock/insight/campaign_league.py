"""``drydock campaign rotation`` (T.2) and ``drydock campaign tournament`` (T.3): the initiative order and who
is asked, the group stage's rounds, the standings and the knockout seeding, as printed lines."""

from __future__ import annotations

import random
from collections.abc import Sequence

from drydock import limits
from drydock.core.campaign.rotating import League, challengers, initiative_order
from drydock.core.campaign.rules import quote
from drydock.core.campaign.tournament import Entry, check_games, group_rounds, knockout, standings
from drydock.core.campaign.turns import counted
from drydock.errors import DrydockError, inline


def _rotation_game(item: str, names: Sequence[str]) -> tuple[str, str | None, str | None, dict[str, tuple[int, int]]]:
    """``ACTIVE,ACCEPTED|-,WINNER|-,PLAYER=D1+D2,...`` as (active, accepted, winner, dice)."""
    parts = [p.strip() for p in item.split(",")]
    if len(parts) < 3 or len(parts) > 3 + limits.CAMPAIGN_PLAYERS.value:
        raise DrydockError(f"--game {item!r}: write ACTIVE,ACCEPTED,WINNER,PLAYER=D1+D2,... (ACCEPTED and WINNER "
                           "- when every player declined), e.g. Ann,Cy,Ann,Cy=3+4,Bob=2+2")
    known = {n.casefold(): n for n in names}

    def who(name: str) -> str:
        if name.casefold() not in known:
            raise DrydockError(f"--game {item!r}: {name!r} is not a player ({', '.join(names)})")
        return known[name.casefold()]

    active = who(parts[0])
    accepted = None if parts[1] == "-" else who(parts[1])
    winner = None if parts[2] == "-" else who(parts[2])
    dice: dict[str, tuple[int, int]] = {}
    for roll in parts[3:]:
        name, sep, pair = roll.partition("=")
        d1, plus, d2 = pair.partition("+")
        if not sep or not plus or not all(x.strip().isascii() and x.strip().isdigit() and len(x.strip()) == 1
                                          for x in (d1, d2)):
            raise DrydockError(f"--game {item!r}: {roll!r}: write PLAYER=D1+D2 (e.g. Cy=3+4)")
        dice[who(name)] = (int(d1), int(d2))
    return active, accepted, winner, dice


def rotation(players: Sequence[str], seed: int, games: Sequence[str] = ()) -> list[str]:
    """T.2(2): a random initiative order (``seed``); T.2(4)/(5): for each active player, who is asked in turn;
    with ``games``, each active player's game in order (T.2(6) victories, T.2(8) RPs) and the standings."""
    limits.check_count("players", len(players), limits.CAMPAIGN_PLAYERS)
    limits.check_count("games", len(games), limits.CAMPAIGN_TURNS)
    order = initiative_order(players, random.Random(seed))
    out = [f"T.2 initiative order (seed {seed}): {', '.join(order)}", f"  {quote('T.2(2)')}"]
    for i, active in enumerate(order, 1):
        out.append(f"  {i}. {active} is active; asked in turn: {', '.join(challengers(order, active))}")
    out.append(f"  {quote('T.2(5)')}")
    out.append(f"  {quote('T.2(9)')} (run again with another --seed)")
    if games:
        league = League(list(order))
        for item in games:
            active, accepted, winner, dice = _rotation_game(item, order)
            game = league.play(order, active, accepted, winner, dice)
            said = (f"{game.accepted} accepted" if game.accepted else "nobody accepted (T.2(6))")
            out.append(f"  game: {game.active} active; {said}"
                       + (f", after {', '.join(game.declined)} declined" if game.declined and game.accepted else "")
                       + f"; {game.winner} scores a victory")
        out.append("Standings (victories, RPs received: T.2(6), T.2(8)):")
        for player, wins, rp in league.standings():
            out.append(f"  {player}: {counted(wins, 'victory', 'victories')}, {counted(rp, 'RP')}")
    return [inline(x) for x in out]


def _entries(fleets: Sequence[str]) -> list[Entry]:
    limits.check_count("fleets", len(fleets), limits.CAMPAIGN_PLAYERS)
    out = []
    for item in fleets:
        fleet, sep, player = item.partition("=")
        if not sep or not fleet.strip() or not player.strip():
            raise DrydockError(f"--fleet {item!r}: write FLEET=PLAYER (e.g. Red=Ann)")
        out.append(Entry(fleet.strip(), player.strip()))
    return out


def _games(games: Sequence[str]) -> list[tuple[str, str, int, int]]:
    out = []
    for item in games:
        parts = [p.strip() for p in item.split(",")]
        if len(parts) != 4 or not all(p.isascii() and p.isdigit() and len(p) <= 7 for p in parts[2:]):
            raise DrydockError(f"--game {item!r}: write FLEET,FLEET,VP,VP (e.g. Red,Blue,420,180)")
        out.append((parts[0], parts[1], int(parts[2]), int(parts[3])))
    return out


def tournament(fleets: Sequence[str], games: Sequence[str], seed: int) -> list[str]:
    """T.3: the group stage's rounds drawn with ``seed``; with ``games`` (VPs of each group game), the standings
    by total VPs and the knockout seeding."""
    entries = _entries(fleets)
    rounds = group_rounds(entries, random.Random(seed))
    out = [f"T.3 group stage (seed {seed}): {counted(len(entries), 'fleet')}, {counted(len(rounds), 'round')}"]
    for i, games_of_round in enumerate(rounds, 1):
        out.append(f"  round {i}: " + "; ".join(f"{a} v {b}" if b else f"{a} bye" for a, b in games_of_round))
    if games:
        played = _games(games)
        total = check_games(entries, played)
        table = standings([e.fleet for e in entries], played)
        out.append(f"Standings after {len(played)} of the group stage's {total} games (total VPs, T.3(6))"
                   + ("" if len(played) == total else "; the stage is not over: the seeding below is as things stand")
                   + ":")
        owner = {e.fleet: e.player for e in entries}
        for rank, (fleet, vp) in enumerate(table, 1):
            out.append(f"  {rank}. {fleet} ({owner[fleet]}): {vp} VP")
        pairs = knockout(entries, table)
        label = "Final" if len(pairs) == 1 else "Semi-finals"
        out.append(f"{label}: " + "; ".join(f"{a} v {b}" for a, b in pairs))
        players = len({e.player for e in entries})
        rule = "T.3(6) two" if players == 2 else "T.3(6) three" if players == 3 else "T.3(6)"
        out.append(f"  {quote(rule)}")
    return [inline(x) for x in out]
