"""The ``drydock league new`` and ``challenge`` options as one library call each (parsing ``NAME/PLAYER=FLEET``)."""

from __future__ import annotations

from collections.abc import Sequence

from drydock import limits
from drydock.core.league.rules import LeagueRules
from drydock.errors import DrydockError
from drydock.insight.league_run import Entry, challenge, new_league


def new_from_options(path: str, kind: str, fleets: Sequence[str], *, seed: int, name: str, fleet_limit: int,
                     victories: int | None, rounds: int | None, battle_turns: int) -> list[str]:
    limits.check_count("fleets", len(fleets), limits.CAMPAIGN_PLAYERS)
    entries = []
    for item in fleets:
        who, sep, file = item.partition("=")
        fleet, _, player = who.partition("/")
        if not sep or not fleet.strip() or not file.strip():
            raise DrydockError(f"--fleet {item!r}: write NAME=FLEET.yaml or NAME/PLAYER=FLEET.yaml (e.g. "
                               "Red/Ann=red.yaml)")
        entries.append(Entry(fleet.strip(), player.strip() or fleet.strip(), file.strip()))
    rules = LeagueRules(fleet_limit=fleet_limit, victories=victories, rounds=rounds, battle_turns=battle_turns)
    return new_league(path, kind, entries, seed=seed, name=name, rules=rules)[0]


def challenge_from_options(path: str, accepted: str | None, all_decline: bool, ships: Sequence[str] = ()) -> list[str]:
    if (accepted is None) == (not all_decline):
        raise DrydockError("give --accept PLAYER or --all-decline, one of them")
    return challenge(path, accepted, ships)[0]
