"""The hazards the doctrine's path scoring weighs, by hex: what entering a hex costs and what ending a move in it
costs (B.15 mines, G terrain, the G.2 pull).

The doctrine (:meth:`drydock.engine.ai.Doctrine.choose_orders`) takes one map, hex -> dice: a key ``(q, r)`` is a
hex whose entry is attacked with that many dice (a minefield B.15, an asteroid field G.1; a hex that destroys
what enters it counts :data:`DEADLY` dice), a key ``(q, r, END)`` a hex where *ending* the Movement Phase costs
that many dice.

G.2: "During the End Phase, each element within range of a black hole's gravitational pull is moved directly
toward its center ... an element 'pulled' into the event horizon is destroyed": :func:`pull_ends` turns the pull
table (play.black_hole_pull) into end-of-move hazards, so the doctrine weighs the pull like any other hazard: a
hex from which the End Phase pull draws the ship into the event horizon is as deadly as the horizon itself, and a
hex from which it is pulled ``n`` hexes nearer costs ``n`` dice (it starts the next turn that much nearer).
The map also holds each hole's centre (``(q, r, HOLE) -> size``), so that the doctrine can follow a ship to where
the pull leaves it (:func:`pulled_to`) and ask whether it can still get away the turn after (a hex from which it
cannot is as deadly as the horizon too: :meth:`drydock.engine.ai.Doctrine.doomed`).
"""

from __future__ import annotations

from collections.abc import Collection

from drydock.engine.hexgrid import DIRS, distance

#: the doctrine's weight of a hex that destroys what enters it (as many dice as a ship can bear; Terrain.avoid)
DEADLY = 1000

#: the third element of a key that weighs ending a move in the hex (not entering it)
END = 0
#: the third element of a key holding a black hole's centre (its value: the hole's size)
HOLE = -1
#: hexes beyond the table's last column a pull that never ends is weighed (a house rule's row ending non-zero)
MAX_REACH = 8


def pull_distance(rows: dict[str, list[int]], distances: list[int], size: int, dist: int) -> int:
    """G.2's pull table (play.black_hole_pull): the hexes an element ``dist`` from a size-``size`` black hole is
    pulled (-1: drawn inside)."""
    row = rows[str(size)]
    col = 0
    for i, lo in enumerate(distances):
        if dist >= lo:
            col = i
    return row[col] if col < len(row) else 0  # a shorter row: its missing trailing distances pull 0


def pull_after(rows: dict[str, list[int]], distances: list[int], size: int, dist: int) -> int:
    """The distance from a size-``size`` black hole's centre after one End Phase pull (G.2) of an element
    ``dist`` from it (:func:`pull_distance`); ``-1``: drawn into the event horizon (of radius ``size``, Terrain)."""
    n = pull_distance(rows, distances, size, dist)
    if n < 0 or dist - n <= size:
        return -1
    return dist - n


def pull_ends(holes: list[tuple[int, int, int]], rows: dict[str, list[int]], distances: list[int]
              ) -> dict[tuple[int, ...], int]:
    """End-of-move hazards ``(q, r, END) -> dice`` of the black holes ``(q, r, size)`` (G.2; module docstring):
    :data:`DEADLY` where the pull draws the ship in, the hexes pulled otherwise."""
    out: dict[tuple[int, ...], int] = {}
    for hq, hr, size in holes:
        out[(hq, hr, HOLE)] = size
        row = rows[str(size)]
        last = max((i for i, n in enumerate(row) if n), default=-1)  # the farthest column that pulls
        if last < 0:
            continue
        reach = distances[last + 1] - 1 if last + 1 < len(distances) else distances[-1] + MAX_REACH
        for dq in range(-reach, reach + 1):
            for dr in range(-reach, reach + 1):
                d = distance(dq, dr)
                if d > reach or d <= size:  # outside the pull, or inside the horizon (entering it is deadly)
                    continue
                after = pull_after(rows, distances, size, d)
                dice = DEADLY if after < 0 else d - after
                if dice:
                    key = (hq + dq, hr + dr, END)
                    out[key] = max(out.get(key, 0), dice)
    return out


def pull_step(q: int, r: int, hq: int, hr: int, occupied: Collection[tuple[int, int]] = frozenset()
              ) -> tuple[int, int]:
    """One hex closer to the black hole's centre (G.2); of two such hexes the first clockwise not in ``occupied``."""
    d0 = distance(q - hq, r - hr)
    steps = [(q + dq, r + dr) for dq, dr in DIRS if distance(q + dq - hq, r + dr - hr) < d0]
    free = [x for x in steps if x not in occupied]
    return (free or steps)[0]


def pulled_to(hazards: dict[tuple[int, ...], int], q: int, r: int) -> tuple[int, int]:
    """Where the End Phase pull leaves an element ending its move at (q, r) that it does not draw in: the
    ``(q, r, END)`` hexes of :func:`pull_ends` toward the nearest hole's centre (no other element in the way)."""
    n = hazards.get((q, r, END), 0)
    holes = [(k[0], k[1]) for k in hazards if len(k) == 3 and k[2] == HOLE]
    if not n or not holes or n >= DEADLY:
        return q, r
    hq, hr = min(holes, key=lambda h: (distance(h[0] - q, h[1] - r), h))
    for _ in range(n):
        q, r = pull_step(q, r, hq, hr)
    return q, r


def at_horizon(hazards: dict[tuple[int, ...], int], q: int, r: int) -> bool:
    """Is (q, r) next to a black hole's event horizon (one more step of the pull enters it)? An element pulled
    there whose hex an opposing element took first is pulled on, into the horizon (G.2: "An element cannot end
    this movement in a hex occupied by an opposing element ... the element must be moved another hex closer")."""
    return any(distance(k[0] - q, k[1] - r) <= size + 1 for k, size in hazards.items() if len(k) == 3 and k[2] == HOLE)


__all__ = ["DEADLY", "END", "HOLE", "at_horizon", "pull_after", "pull_distance", "pull_ends", "pull_step", "pulled_to"]
