"""``drydock league show``: a league's state as printed lines: the rules in force, T.2's initiative order and the
standings by victories (T.2(9)), T.3's schedule, group table (T.3(6)) and knockout games, each game with its
scenario and result, each fleet's ships with the damage they carry."""

from __future__ import annotations

from drydock.core.campaign.rules import hull_repair_cost
from drydock.core.league import knockout, rotation
from drydock.core.league.games import game_setup
from drydock.core.league.rules import quote
from drydock.core.league.state import Game, League
from drydock.errors import inline
from drydock.formats import check_outputs, write_atomic
from drydock.formats.league import read_league
from drydock.insight.charts import render


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


def _result(g: Game) -> str:
    if g.fought == "declined":
        return f"nobody accepted: {g.winner} scores a victory (T.2(6))"
    if g.fought is None:
        return "to play" if g.rolled else "scenario to roll"
    out = (f"{g.winner} wins" if g.winner else "a draw") + (
        " (" + ", ".join(f"{w} {g.vp[w]} VP" for w in g.sides) + ")" if g.vp else "")
    out += f"; {g.fought}" + (f" (seed {g.seed})" if g.seed is not None else "")
    if g.destroyed:
        out += "; destroyed " + ", ".join(g.destroyed)
    return out + (f"; log {g.log}" if g.log else "")


def page(lg: League) -> str:
    """The league as an HTML page: standings (T.2(9)) or group table (T.3(6)), games, fleets, rules, history."""
    kind = "T.2 rotating campaign" if lg.kind == "T.2" else "T.3 tournament"
    subtitle = [f"{kind}, round {lg.round}" + (f"; over: {lg.winner} won." if lg.winner else ".")]
    if lg.rules.changed():
        subtitle.append("Players' choices: " + ", ".join(f"{k} {v}" for k, v in lg.rules.changed().items()))
    if lg.kind == "T.2":
        subtitle.append(f"Initiative order (round {lg.round}): {', '.join(lg.order)}.")
        rows = rotation.standings(lg)
        best = rows[0][1] if rows else 0
        table = [{"cells": [w, v, rp, f"{cr} of {lg.rules.fleet_limit}"], "lead": v == best and v > 0}
                 for w, v, rp, cr in rows]
        head, title = ["Player", "Victories", "RPs saved", "Fleet CR"], "Standings (victories, T.2(9))"
        rules = ["T.2(1)", "T.2(2)", "T.2(3)", "T.2(4)", "T.2(5) forces", "T.2(6)", "T.2(7)", "T.2(8)",
                 "T.2(8) costs", "T.2(8) limit", "T.2(9)", "T.2(9) end"]
    else:
        group = knockout.group_table(lg)
        table = [{"cells": [f"{i}. {f}", lg.entrants[f].player, vp], "lead": i == 1} for i, (f, vp) in
                 enumerate(group, 1)]
        head, title = ["Fleet", "Player", "VPs"], "Group table (total VPs, T.3(6))"
        rules = ["T.3(1) limit", "T.3(2)", "T.3(3)", "T.3(4)", "T.3(5)", "T.3(6)", "T.3(6) two", "T.3(6) three",
                 "T.3(7)", "T.3(8)"]
    games = []
    for n, g in enumerate(lg.games, 1):
        games.append({"n": n, "stage": g.stage, "round": g.round, "a": g.sides[0],
                      "b": g.sides[1] if len(g.sides) == 2 else "-", "declined": ", ".join(g.declined) or "-",
                      "scenario": (f"{game_setup(lg, g).label} ({g.dice[0]}{g.dice[1]})" if g.dice else "-"),
                      "result": _result(g), "a_won": g.winner == g.sides[0],
                      "b_won": len(g.sides) == 2 and g.winner == g.sides[1]})
    entrants = []
    for who, e in lg.entrants.items():
        roster = [{"id": x.id, "name": x.name, "design": x.design, "cr": x.cr,
                   "hull": [i < x.damage.hull for i in range(x.hull)], "damage": x.damage.text(),
                   "cost": hull_repair_cost(x.cr, x.hull) if x.hull else "-", "lost": x.lost is not None,
                   "status": x.lost or "in the league"} for x in e.ships]
        entrants.append({"name": who, "player": e.player, "ships": len(e.active()), "cr": e.total_cr(),
                         "limit": lg.rules.fleet_limit, "rp": e.rp if lg.kind == "T.2" else None, "roster": roster})
    data = {"title": f"League: {lg.name}", "subtitle": subtitle, "table_title": title, "table_head": head,
            "table": table, "games": games, "entrants": entrants, "rules": [quote(r) for r in rules],
            "history": lg.history[-200:]}
    return render("league.html.j2", lg=data)


def show(path: str, *, html_file: str | None = None, force: bool = False) -> list[str]:
    """``league show``: the lines; with ``html_file``, the page written too (atomically, never over the league)."""
    lg = read_league(path)
    lines = league_lines(lg)
    if html_file:
        check_outputs([html_file], [path])
        write_atomic(html_file, page(lg), force=force)
        lines.append(f"wrote {html_file}")
    return lines
