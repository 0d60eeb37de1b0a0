"""T.3 Tournament System: the group stage's pairings over rounds, standings by VPs, the knockout seeding.

T.3(1) two or three players field two fleets each; T.3(2) lots draw the first round's matchups, an odd
number of fleets gives one a bye; T.3(4) no fleet meets the same fleet twice or has two byes, and a player's
two fleets never meet; T.3(5) until every fleet has met every opposing fleet; T.3(6) the knockout seeding by
total VPs (1 v 4, 2 v 3; two players: straight to the final; three players: the doubled player's rule);
T.3(8) the three-player final. The draw is injected (a ``random.Random``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from drydock.core.campaign.rules import quote
from drydock.errors import DrydockError

#: The most fleets a group stage pairs (a round robin of 64 fleets is 63 rounds, 2,016 games).
MAX_FLEETS = 64


@dataclass(frozen=True)
class Entry:
    """A fleet of the tournament and its player."""

    fleet: str
    player: str


def entries_ok(entries: Sequence[Entry]) -> None:
    players = {e.player for e in entries}
    if len(entries) > MAX_FLEETS:
        raise DrydockError(f"T.3: {len(entries)} fleets; drydock pairs at most {MAX_FLEETS}")
    if len({e.fleet.casefold() for e in entries}) != len(entries):
        raise DrydockError("T.3: each fleet needs a name of its own")
    if len(players) < 2:
        raise DrydockError("T.3: a tournament needs at least two players")
    per = {p: sum(e.player == p for e in entries) for p in players}
    if len(players) <= 3 and any(n != 2 for n in per.values()):
        raise DrydockError(f"T.3(1): with {len(players)} players each fields two fleets; "
                           f"{quote('T.3(1)')}")
    if len(players) > 3 and any(n != 1 for n in per.values()):
        raise DrydockError("T.3(1): with four or more players each fields one fleet")


def group_rounds(entries: Sequence[Entry], rng: random.Random) -> list[list[tuple[str, str | None]]]:
    """T.3(2)-(5): every round's matchups (``(fleet, None)`` is a bye) until every fleet has met every opposing
    fleet once; a player's two fleets never meet, no fleet has two byes. The first round is drawn by lots."""
    entries_ok(entries)
    fleets = [e.fleet for e in entries]
    rng.shuffle(fleets)  # T.3(2): draw lots
    owner = {e.fleet: e.player for e in entries}
    if len({e.player for e in entries}) > 3:
        return _circle(fleets)
    pairs = {frozenset((a, b)) for i, a in enumerate(fleets) for b in fleets[i + 1:] if owner[a] != owner[b]}
    rounds = _search(fleets, pairs, [])
    if rounds is None:  # pragma: no cover - 4 and 6 fleets always have a schedule
        raise DrydockError("T.3: no schedule keeps every rule of T.3(4)")
    return rounds


def _circle(fleets: list[str]) -> list[list[tuple[str, str | None]]]:
    """The circle method: n-1 rounds for n fleets (n rounds, one bye each, for an odd n)."""
    ring: list[str | None] = list(fleets) + ([None] if len(fleets) % 2 else [])
    n = len(ring)
    out = []
    for _ in range(n - 1):
        games: list[tuple[str, str | None]] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None:
                a, b = b, None
            games.append((a, b))  # type: ignore[arg-type]
        out.append(games)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


def _search(fleets: list[str], pairs: set[frozenset[str]],
            done: list[list[tuple[str, str | None]]]) -> list[list[tuple[str, str | None]]] | None:
    """Rounds for the pairs left, each round every fleet once (two or three players field 4 or 6 fleets: an even
    number, so no bye; a few hundred steps)."""
    if not pairs:
        return done
    for games in _perfect(fleets, pairs):
        found = _search(fleets, pairs - {frozenset(g) for g in games}, [*done, games])
        if found is not None:
            return found
    return None


def _perfect(rest: list[str], pairs: set[frozenset[str]]) -> Iterator[list[tuple[str, str | None]]]:
    """Every way to pair all of ``rest`` by pairs not yet played."""
    if not rest:
        yield []
        return
    a, others = rest[0], rest[1:]
    for b in others:
        if frozenset((a, b)) in pairs:
            for games in _perfect([x for x in others if x != b], pairs):
                yield [(a, b), *games]


def check_games(entries: Sequence[Entry], results: Sequence[tuple[str, str, int, int]]) -> int:
    """Refuse a group game T.3(4) rules out (a player's two fleets, a pairing played twice); returns the number of
    group games in all (every fleet against every opposing fleet once, T.3(5))."""
    owner = {e.fleet: e.player for e in entries}
    seen: set[frozenset[str]] = set()
    for a, b, _va, _vb in results:
        for f in (a, b):
            if f not in owner:
                raise DrydockError(f"T.3: {f!r} is not a fleet of the tournament")
        pair = frozenset((a, b))
        if a == b or owner[a] == owner[b]:
            raise DrydockError(f"T.3(4): {a} v {b}: a player's two fleets may not be matched with each other")
        if pair in seen:
            raise DrydockError(f"T.3(4): {a} v {b} twice: \u201cNo fleet may be matched with the same opposing fleet "
                               "more than once\u201d")
        seen.add(pair)
    return sum(1 for i, x in enumerate(entries) for y in entries[i + 1:] if x.player != y.player)


def standings(fleets: Sequence[str], results: Sequence[tuple[str, str, int, int]]) -> list[tuple[str, int]]:
    """T.3(3)/(6): each fleet's total VPs over the group stage, highest first (ties keep the order given)."""
    total = {f: 0 for f in fleets}
    for a, b, va, vb in results:
        for f in (a, b):
            if f not in total:
                raise DrydockError(f"T.3: {f!r} is not a fleet of the tournament")
        if va < 0 or vb < 0:
            raise DrydockError(f"T.3: {a} v {b}: VPs are 0 or more")
        total[a] += va
        total[b] += vb
    return sorted(total.items(), key=lambda fv: -fv[1])


def knockout(entries: Sequence[Entry], table: Sequence[tuple[str, int]]) -> list[tuple[str, str]]:
    """T.3(6): the semi-finals (or, with two players, the final) from the standings ``table``."""
    entries_ok(entries)
    owner = {e.fleet: e.player for e in entries}
    ranked = [f for f, _ in table]
    players = list(dict.fromkeys(owner[f] for f in ranked))
    if len(players) == 2:  # T.3(6): "skip the semi-final round"
        best = [next(f for f in ranked if owner[f] == p) for p in players]
        return [(best[0], best[1])]
    if len(players) == 3:
        tops = [next(f for f in ranked if owner[f] == p) for p in players]
        fourth = next(f for f in ranked if f not in tops)
        doubled = owner[fourth]
        top_d = next(f for f in tops if owner[f] == doubled)
        opp = [f for f in tops if owner[f] != doubled]  # already in ranking order: higher first
        return [(top_d, opp[1]), (fourth, opp[0])]  # T.3(6): top v the lower, low v the higher
    if len(ranked) < 4:  # pragma: no cover - entries_ok: four players, four fleets at least
        raise DrydockError("T.3(6): the knockout stage needs four fleets")
    return [(ranked[0], ranked[3]), (ranked[1], ranked[2])]


def three_player_final(entries: Sequence[Entry], table: Sequence[tuple[str, int]],
                       winners: tuple[str, str]) -> tuple[str, str]:
    """T.3(8): the final; in a three-player tournament whose doubled player won both semi-finals, the doubled
    player's top-scoring fleet meets the higher-scoring of the two opposing fleets."""
    owner = {e.fleet: e.player for e in entries}
    a, b = winners
    if owner[a] != owner[b]:
        return a, b
    semis = knockout(entries, table)
    ranked = [f for f, _ in table]
    doubled = owner[a]
    top_d = min((f for pair in semis for f in pair if owner[f] == doubled), key=ranked.index)
    opponents = [f for pair in semis for f in pair if owner[f] != doubled]
    return top_d, min(opponents, key=ranked.index)
