"""3.3 Stacking: opposing starships that end their movement in one hex.

3.3: "if ships from opposing sides end their movement in the same hex, the situation must be resolved. Roll a die
for each starship, and add its current engine rating (re-roll any ties between opposing ships). The ship with the
lowest total remains in place; then, in ascending order of their totals, each ship either remains in place (if on
the same side as the first ship) or is moved to one of the adjacent hexes, maintaining its current heading."

Moved out of :mod:`drydock.engine.battle` unchanged (the same dice in the same order): ``Battle.stacking`` calls
:func:`resolve_stacking`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.dice import d6
from drydock.engine.hexgrid import DIRS, on_board, to_offset
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the battle calls in as a TableView (docs/architecture.md)
    from drydock.engine.table_view import TableView


def resolve_stacking(battle: TableView) -> None:
    """3.3: opposing ships ending in one hex roll 1d6 + engine rating; lowest stays, others move."""
    hexes: dict[tuple[int, int], list[ShipState]] = {}
    for s in battle.alive():
        hexes.setdefault((s.q, s.r), []).append(s)
    for (q, r), group in hexes.items():
        if len({s.side for s in group}) < 2:
            continue
        totals = {s.uid: d6(battle.rng) + s.engine_rating for s in group}
        while True:  # re-roll ties between opposing ships
            clash = [s for s in group for t in group
                     if s.side != t.side and totals[s.uid] == totals[t.uid]]
            if not clash:
                break
            for s in {x.uid: x for x in clash}.values():
                totals[s.uid] = d6(battle.rng) + s.engine_rating
        order = sorted(group, key=lambda s: totals[s.uid])
        stay_side = order[0].side
        if battle.log is not None:
            battle.say(f"  stacking at {to_offset(q, r)}: " + ", ".join(f"{s.label} {totals[s.uid]}" for s in order))
        for s in order[1:]:
            if s.side == stay_side:
                continue
            relocate(battle, s, stay_side)


def relocate(battle: TableView, s: ShipState, other_side: int) -> None:
    """3.3: ``s`` moves to the first free hex (no ship of ``other_side``) one, then two hexes away, keeping its
    heading; the hexes are tried clockwise from its heading. Terrain (G): "nor may a ship be placed into a hex
    containing terrain with which it cannot coexist" (an asteroid, event horizon, nucleus or planet), and "If a
    starship is relocated to a hex within a minefield (B.15: Mines, p.34) or asteroid field (G.1: Asteroids, p.54),
    the ship is "attacked" as if it had moved into the hex" (the asteroid field's dice)."""
    w, h = battle.m.board
    occupied = {(x.q, x.r) for x in battle.alive(other_side)}
    elements = battle.opt.elements if battle.opt is not None else None
    for dist in (1, 2):
        for k in range(6):
            d = (s.heading + k) % 6
            q, r = s.q + DIRS[d][0] * dist, s.r + DIRS[d][1] * dist
            if (q, r) not in occupied and (battle.m.floating or on_board(q, r, w, h)) and (
                    elements is None or (q, r) not in elements.t.deadly):
                s.q, s.r = q, r
                if battle.log is not None:
                    battle.say(f"    {s.label} moves to {battle.pos(s)}")
                if elements is not None and elements.t.fields.get((q, r)):
                    elements.ship_field(s, (q, r), elements.t.fields[(q, r)])
                return


__all__ = ["relocate", "resolve_stacking"]
