"""``drydock league show``: a league's state as printed lines: the rules in force, T.2's initiative order and the
standings by victories (T.2(9)), T.3's schedule, group table (T.3(6)) and knockout games, each game with its
scenario and result, each fleet's ships with the damage they carry."""

from __future__ import annotations

from drydock.core.campaign.rules import hull_repair_cost
from drydock.core.league import knockout, rotation
from drydock.core.league.games import game_setup
from drydock.core.league.rules import quote
from drydock.core.league.state import League
from drydock.errors import inline
from drydock.formats.league import read_league


def league_lines(lg: League) -> list[str]:
    kind = "T.2 rotating campaign" if lg.kind == "T.2" else "T.3 tournament"
    out = [f"League {lg.name!r}: {kind}, round {lg.round}" + (f"; over: {lg.winner} won" if lg.winner else "")]
    changed = lg.rules.changed()
    if changed:
        out.append("  players' choices: " + ", ".join(f"{k} {v}" for k, v in changed.items()))
    if lg.kind == "T.2":
        out.append(f"Initiative order (round {lg.round}): {', '.join(lg.order)}")
        goal = (f"first to {lg.rules.victories} victories" if lg.rules.victories else
                f"most victories after {lg.rules.rounds} rounds" if lg.rules.rounds else "no end agreed")
        out.append(f"Standings (victories, T.2(9); {goal}):")
        for who, wins, rp, cr in rotation.standings(lg):
            out.append(f"  {who}: {wins} {'victory' if wins == 1 else 'victories'}; {rp} RPs saved; fleet {cr} CR "
                       f"of {lg.rules.fleet_limit}")
    else:
        for i, r in enumerate(lg.schedule, 1):
            out.append(f"Group round {i}: " + "; ".join(" v ".join(p) if len(p) == 2 else f"{p[0]} bye" for p in r))
        out.append("Group table (total VPs, T.3(6)):")
        for rank, (fleet, vp) in enumerate(knockout.group_table(lg), 1):
            out.append(f"  {rank}. {fleet} ({lg.entrants[fleet].player}): {vp} VP")
    for n, g in enumerate(lg.games, 1):
        scen = game_setup(lg, g).label if g.rolled else "scenario not rolled"
        if g.fought == "declined":
            res = f"nobody accepted: {g.winner} scores a victory"
        elif g.fought is None:
            res = "to play"
        else:
            res = (f"{g.winner} wins" if g.winner else "a draw") + (
                " (" + ", ".join(f"{w} {g.vp[w]} VP" for w in g.sides) + ")" if g.vp else "") + f"; {g.fought}" + (
                f" (seed {g.seed})" if g.seed is not None else "")
        out.append(f"Game {n} ({g.stage}, round {g.round}): {g.label}: {scen}: {res}")
    for who, e in lg.entrants.items():
        out.append(f"{who}{' (' + e.player + ')' if e.player != who else ''}: {e.fleet}, {len(e.active())} ships, "
                   f"{e.total_cr()} CR")
        for x in e.ships:
            lost = f"  LOST: {x.lost}" if x.lost else ""
            cost = f" ({hull_repair_cost(x.cr, x.hull)} RPs a hull point)" if x.hull and lg.kind == "T.2" else ""
            out.append(f"  {x.id:<8} {x.name:<22} CR {x.cr:>4}  {x.damage.text()}{cost}{lost}")
    if lg.kind == "T.2":
        out.append(f"  {quote('T.2(9) end')}")
    return [inline(x) for x in out]


def show(path: str) -> list[str]:
    return league_lines(read_league(path))
