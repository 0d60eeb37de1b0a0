"""``drydock campaign show``: the campaign as text (standard output) and as an HTML page (the map with each
side's ships, the rosters with the hull boxes each ship has checked, the battles, the history), rendered by
``templates/insight/campaign.html.j2`` (autoescaped, ``StrictUndefined``).

Secret orders (T.1(3), T.1(4): "Players secretly record starship movement") are shown only to their own side
(``side``); otherwise a side's orders are "given" or "due", never where its ships go.
"""

from __future__ import annotations

from typing import Any

from drydock.core.campaign.map import SIDES
from drydock.core.campaign.rules import hull_repair_cost
from drydock.core.campaign.state import Campaign, Ship
from drydock.core.campaign.turns import cite, counted
from drydock.errors import DrydockError, inline
from drydock.formats import check_outputs, write_atomic
from drydock.formats.campaign import read_campaign
from drydock.insight.charts import render

#: Pixels between two map columns (half-objectives) and two rows.
STEP_X, STEP_Y, MARGIN = 46, 78, 36
#: Hull boxes the page draws for one ship (the hull table ends at 35); a larger hull is given as a number only, so
#: the page stays small whatever a campaign file states (its tracks are held to ``limits.CAMPAIGN_BOXES``).
BOXES_DRAWN = 100


def _orders(c: Campaign, side: str, viewer: str | None) -> str:
    s = c.sides[side]
    if s.orders is None:
        return "due" if c.phase == "orders" else "-"
    if viewer == side:
        return ", ".join(f"{k}\u2192{v}" for k, v in s.orders.items())
    return "given (secret)"


def _roll(rolled: tuple[int, int] | None) -> str:
    return "due (T.1(7))" if rolled is None else f"{rolled[0]} and {rolled[1]}"


def _viewer(side: str | None) -> str | None:
    if side is None:
        return None
    key = side.strip().upper()
    if key not in SIDES:
        raise DrydockError(f"--side {side!r}: A or B")
    return key


def summary(c: Campaign, side: str | None = None) -> list[str]:
    """The campaign as text: turn and phase, each side's ships by objective with damage, battles, next step."""
    viewer = _viewer(side)
    state = f"over: side {c.winner} won" if c.phase == "over" and c.winner else c.phase
    out = [f"Campaign {c.name!r}: turn {c.turn}, {state}; map {c.map.name} ({counted(len(c.map.links), 'objective')})"]
    if c.rules.changed():
        out.append("  players' choices: " + ", ".join(f"{k} {v}" for k, v in c.rules.changed().items()))
    for key in SIDES:
        s = c.sides[key]
        held = sorted(c.occupied(key))
        out.append(f"Side {key}{' (' + s.player + ')' if s.player else ''}: {counted(len(s.active()), 'ship')}, CR "
                   f"{s.total_cr()} of {c.rules.fleet_limit}; {counted(s.rp, 'RP')} saved; holds "
                   f"{counted(len(held), 'objective')}"
                   f"{': ' + ', '.join(held) if held else ''}; orders {_orders(c, key, viewer)}"
                   + (f"; RP roll {_roll(s.rolled)}" if c.phase == "supply" else ""))
        for x in s.ships:
            where = x.at or "(not placed)"
            out.append(f"  {x.id:<8} {x.name:<22} CR {x.cr:>4}  at {where:<6} {ship_state(x)}")
    for b in c.battles:
        if b.turn == c.turn or b.fought is None:
            result = _result(b) if b.fought else "due"
            out.append(f"Battle at {b.at}, turn {b.turn}: A {', '.join(b.ships['A'])} v B {', '.join(b.ships['B'])}"
                       f": {result}")
    return [inline(line) for line in out]


def ship_state(x: Ship) -> str:
    """A ship's state in a few words: ``hull 6/8 left; 24 RPs a hull point``, ``undamaged``, or how it was lost."""
    if x.lost:
        return f"LOST: {x.lost}"
    other = ", ".join(f"{k} {v}" for k, v in x.damage.as_dict().items() if v and k != "hull")
    state = f"hull {x.hull - x.damage.hull}/{x.hull} left" if x.damage.hull else f"hull {x.hull}/{x.hull}"
    state += f"; {other} checked" if other else "" if x.damage.any else ", undamaged"
    if x.hull:
        state += f"; {counted(hull_repair_cost(x.cr, x.hull), 'RP')} a hull point"
    return state


def _result(b: Any) -> str:
    won = f"side {b.winner}'s ships remain" if b.winner else "no ships remain"
    parts = [f"{b.fought}" + (f" (seed {b.seed})" if b.seed is not None else ""), won]
    if b.destroyed:
        parts.append("destroyed " + ", ".join(b.destroyed))
    if b.escaped:
        parts.append("escaped " + ", ".join(b.escaped))
    if b.log:
        parts.append(f"log {b.log}")
    return "; ".join(parts)


def page(c: Campaign, side: str | None = None) -> str:
    """The campaign as an HTML page (map, sides, battles, rosters, rules, history)."""
    viewer = _viewer(side)
    places = c.map.places
    width = (max((p[0] for p in places.values()), default=0)) * STEP_X + 2 * MARGIN
    height = (max((p[1] for p in places.values()), default=0)) * STEP_Y + 2 * MARGIN

    def xy(obj: str) -> tuple[int, int]:
        col, row = places.get(obj, (0, 0))
        return MARGIN + col * STEP_X, MARGIN + row * STEP_Y

    links = []
    for a, linked in c.map.links.items():
        for b in linked:
            if a < b:
                (x1, y1), (x2, y2) = xy(a), xy(b)
                links.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2})
    due = {b.at for b in c.due()}
    objectives = []
    for obj in c.map.links:
        x, y = xy(obj)
        n = {sd: sum(1 for s in c.sides[sd].active() if s.at == obj) for sd in SIDES}
        home = next((sd for sd in SIDES if c.map.home[sd] == obj), None)
        fill = "#fff3e0" if n["A"] and n["B"] else "#e6f0fa" if n["A"] else "#fbe9e0" if n["B"] else "#ffffff"
        objectives.append({"name": obj, "x": x, "y": y, "a": n["A"], "b": n["B"], "fill": fill,
                           "stroke": "#c00" if obj in due else ("#0072B2" if home == "A" else "#D55E00" if home == "B"
                                                               else "#555"),
                           "width": 3 if obj in due or home else 1})
    sides = []
    for key in SIDES:
        s = c.sides[key]
        roster = []
        for ship in s.ships:
            drawn = ship.hull if ship.hull <= BOXES_DRAWN and not ship.lost else 0
            roster.append({"id": ship.id, "name": ship.name, "design": ship.design, "cr": ship.cr,
                           "at": ship.at or "-", "hull": [i < ship.damage.hull for i in range(drawn)],
                           "hull_left": "-" if ship.lost else f"{ship.hull - ship.damage.hull}/{ship.hull}",
                           "damage": "-" if ship.lost else ship.damage.text(),
                           "cost": hull_repair_cost(ship.cr, ship.hull) if ship.hull and not ship.lost else "-",
                           "lost": ship.lost is not None, "status": ship.lost or "in the campaign"})
        sides.append({"key": key, "player": s.player, "ships": len(s.active()), "cr": s.total_cr(),
                      "limit": c.rules.fleet_limit, "rp": s.rp, "held": ", ".join(sorted(c.occupied(key))) or "-",
                      "orders": _orders(c, key, viewer), "roster": roster})
    battles = [{"turn": b.turn, "at": b.at, "a": ", ".join(b.ships["A"]), "b": ", ".join(b.ships["B"]),
                "result": _result(b) if b.fought else "due"} for b in c.battles]
    state = f"over: side {c.winner} won" if c.phase == "over" and c.winner else f"phase: {c.phase}"
    subtitle = [f"Turn {c.turn}, {state}. Map: {c.map.name}, {counted(len(c.map.links), 'objective')}; homes A "
                f"{c.map.home['A']}, B {c.map.home['B']}."]
    if c.rules.changed():
        subtitle.append("Players' choices: " + ", ".join(f"{k} {v}" for k, v in c.rules.changed().items()))
    if viewer:
        subtitle.append(f"Side {viewer}'s view: its own orders are shown.")
    rules = [cite(r, c.map, c.rules) for r in ("T.1(2)", "T.1(4)", "T.1(5)", "T.1(5) escape", "T.1(6)", "T.1(7)",
                                                "T.1(7) costs", "T.1(8)")]
    data = {"title": f"Campaign: {c.name}", "subtitle": subtitle, "sides": sides, "battles": battles,
            "map": {"width": width, "height": height, "links": links, "objectives": objectives},
            "rules": rules, "history": c.history[-200:]}
    return render("campaign.html.j2", c=data)


def show(path: str, *, side: str | None = None, html_file: str | None = None, force: bool = False) -> list[str]:
    """``campaign show``: the summary lines; with ``html_file``, the page written too (atomically)."""
    c = read_campaign(path)
    lines = summary(c, side)
    if html_file:
        check_outputs([html_file], [path])
        write_atomic(html_file, page(c, side), force=force)
        lines.append(f"wrote {html_file}")
    return lines
