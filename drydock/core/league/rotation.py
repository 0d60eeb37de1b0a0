"""T.2 Rotating Campaign as steps on a :class:`League`: start (T.2(1) fleets within 2,000 CR, T.2(2) the initiative
order), each active player's challenge (T.2(3) the scenario roll, T.2(4)/(5) accept or decline, T.2(6) a victory
when nobody accepts), then the next active player, a new order each round (T.2(9)), and the end (T.2(9) a number
of victories or of rounds agreed). Results are :mod:`.games`, RPs :mod:`.supply`. The draws are seeded."""

from __future__ import annotations

import copy
import random

from drydock.core.campaign.rotating import challengers, initiative_order
from drydock.core.league.games import field_forces
from drydock.core.league.rules import LeagueRules, quote
from drydock.core.league.state import Entrant, Game, League
from drydock.errors import DrydockError


def check_fleets(entrants: dict[str, Entrant], rules: LeagueRules, rule: str) -> None:
    """T.2(1) / T.3(1): every fleet within the limit (2000 CR), with ships."""
    for who, e in entrants.items():
        if not e.ships:
            raise DrydockError(f"{who}: {e.fleet}: the fleet has no ships")
        total = e.total_cr()
        if total > rules.fleet_limit:
            raise DrydockError(f"{who}: {e.fleet}: fleet total CR {total} is over the league's limit of "
                               f"{rules.fleet_limit} by {total - rules.fleet_limit} ({quote(rule)})")


def order_for(lg: League, round_no: int) -> list[str]:
    """T.2(2)/(9): round ``round_no``'s initiative order, drawn with the league's seed (round 1: the seed itself,
    as ``drydock campaign rotation --seed`` draws it)."""
    return initiative_order(list(lg.entrants), random.Random(lg.seed + round_no - 1))


def start(name: str, rules: LeagueRules, entrants: dict[str, Entrant], seed: int) -> League:
    """A T.2 league at round 1, its initiative order drawn."""
    check_fleets(entrants, rules, "T.2(1)")
    lg = League(name=name, kind="T.2", rules=rules, entrants=entrants, seed=seed)
    lg.order = order_for(lg, 1)
    lg.history.append(f"round 1: league started; initiative order {', '.join(lg.order)} (T.2(2), seed {seed})")
    return lg


def round_games(lg: League) -> list[Game]:
    return [g for g in lg.games if g.stage == "rotation" and g.round == lg.round]


def active(lg: League) -> str:
    """T.2(2): the player whose turn it is to be active."""
    if lg.winner is not None:
        raise DrydockError(f"the league is over: {lg.winner} won")
    return lg.order[len(round_games(lg))]


def _pending(lg: League) -> None:
    pending = lg.open_games()
    if pending:
        g = pending[0]
        due = ", ".join(p for p in g.owed() if p not in g.rp_dice)
        raise DrydockError(f"game {g.label} is not finished: " + ("its challenge is due (league challenge)"
                           if len(g.sides) == 1 and g.fought is None else "enter its result" if g.fought is None
                           else f"RP rolls due from {due}"))


def open_game(lg: League) -> League:
    """T.2(3): the active player's game, its scenario about to be rolled (the challenge follows, T.2(4))."""
    _pending(lg)
    lg = copy.deepcopy(lg)
    lg.games.append(Game(stage="rotation", round=lg.round, sides=[active(lg)]))
    return lg


def challenge(lg: League, accepted: str | None, fielded: dict[str, list[str]] | None = None) -> League:
    """The active player's challenge under the scenario rolled: ``accepted`` the player who accepts (those before
    them in initiative order declined, T.2(4)/(5)), then the ships each fields; None when every player declines
    (T.2(6): the active player scores a victory at once)."""
    index = next((i for i, g in enumerate(lg.games) if g.stage == "rotation" and g.fought is None
                  and len(g.sides) == 1), None)
    if index is None or not lg.games[index].rolled:
        raise DrydockError(f"{active(lg) if lg.winner is None else 'nobody'}: roll the scenario first (league roll; "
                           f"{quote('T.2(3)')})")
    lg = copy.deepcopy(lg)
    g = lg.games[index]
    who = g.sides[0]
    asked = challengers(lg.order, who)
    if accepted is None:
        g.declined, g.fought, g.winner = asked, "declined", who
        lg.history.append(f"round {lg.round}: {', '.join(asked)} declined: {who} scores a victory "
                          f"({quote('T.2(6)')})")
        return lg
    acc = lg.entrant(accepted).name
    if acc not in asked:
        raise DrydockError(f"{acc} cannot accept: {who} is the active player ({quote('T.2(4)')})")
    g.declined = asked[:asked.index(acc)]
    g.sides.append(acc)
    lg.history.append(f"round {lg.round}: " + (f"{', '.join(g.declined)} declined; " if g.declined else "")
                      + f"{acc} accepts {who}'s challenge (T.2(4), T.2(5))")
    return field_forces(lg, index, fielded)


def advance(lg: League) -> League:
    """After a complete game: a new round (and order) once every player has been active (T.2(9)); the end when
    the agreed victories or rounds are reached (T.2(9) end)."""
    if lg.open_games() or lg.winner is not None:
        return lg
    lg = copy.deepcopy(lg)
    wins = lg.victories()
    goal = lg.rules.victories
    if goal is not None and max(wins.values()) >= goal:
        lg.winner = max(wins, key=lambda w: wins[w])
        lg.history.append(f"round {lg.round}: {lg.winner} scores victory {goal}: {lg.winner} wins the league "
                          f"({quote('T.2(9) end')})")
        return lg
    if len(round_games(lg)) < len(lg.order):
        return lg
    if lg.rules.rounds is not None and lg.round >= lg.rules.rounds:
        best = max(wins.values())
        top = [w for w in lg.order if wins[w] == best]
        lg.winner = " and ".join(top)
        lg.history.append(f"round {lg.round}: the last round is over; "
                          + (f"{top[0]} has the most victories ({best}) and wins" if len(top) == 1
                             else f"{lg.winner} share the most victories ({best})")
                          + f" ({quote('T.2(9) end')})")
        return lg
    lg.round += 1
    lg.order = order_for(lg, lg.round)
    lg.history.append(f"round {lg.round}: every player has been active; new initiative order {', '.join(lg.order)} "
                      "(T.2(9))")
    return lg


def standings(lg: League) -> list[tuple[str, int, int, int]]:
    """(player, victories, saved RPs, fleet CR), most victories first (T.2(9)); ties in initiative order."""
    wins = lg.victories()
    rows = [(w, wins[w], lg.entrants[w].rp, lg.entrants[w].total_cr()) for w in (lg.order or list(lg.entrants))]
    return sorted(rows, key=lambda r: -r[1])
