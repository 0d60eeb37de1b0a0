"""Hex geometry: axial/cube coordinates, distance, the 12 component arcs and 4 defensive arcs.

Pointy-top hexes; directions 0-5 run clockwise from east on screen (y down): E, SE, SW, W, NW, NE.
One 60 degree clockwise step is (q, r, s) -> (-r, -s, -q) (weapons.md §1.1). The board uses
"odd-r" offset columns/rows; ship headings/facings are direction indices.

Arcs follow weapons.md §1.1 (component arcs A-L, exact integer algorithm) and §3 (defensive
arcs by the staircase rule, traced hexes in the beam arcs; ``STAIRCASE`` = False switches to the
45 degree test on hex centres, weapons.md open question 1).
"""

from __future__ import annotations

import math
from functools import cache

#: unit steps clockwise from east (axial q, r)
DIRS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

ARC_LETTERS = "ABCDEFGHIJKL"
ARC_BIT = {ch: 1 << i for i, ch in enumerate(ARC_LETTERS)}
#: weapons.md §1.1: sector k -> A-F arc; row k -> G-L arc
AF = "BDFECA"
GL = "GIKLJH"
#: defensive arcs (B intro); indices used in hot loops
FWD, PORT, STBD, AFT = 0, 1, 2, 3
DEFENSIVE = ("fwd", "port", "stbd", "aft")
DEFENSIVE_NAMES = {"Fwd": FWD, "Port": PORT, "Stbd": STBD, "Aft": AFT}

STAIRCASE = True


def distance(dq: int, dr: int) -> int:
    """Hex distance of a relative axial vector."""
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def decompose(dq: int, dr: int, facing: int) -> tuple[int, int, int]:
    """(k, a, b) with T = a*D_k + b*D_{k+1}, a >= 1, b >= 0, directions relative to ``facing``."""
    for k in range(6):
        x1, y1 = DIRS[(facing + k) % 6]
        x2, y2 = DIRS[(facing + k + 1) % 6]
        det = x1 * y2 - x2 * y1
        a = (dq * y2 - x2 * dr) // det
        b = (x1 * dr - dq * y1) // det
        if a >= 1 and b >= 0 and a * x1 + b * x2 == dq and a * y1 + b * y2 == dr:
            return k, a, b
    raise ValueError("the zero vector has no bearing")


def component_arcs(k: int, a: int, b: int) -> str:
    """Component arcs (A-L) of a target at a*D_k + b*D_{k+1} (weapons.md §1.1)."""
    out = AF[k]
    if b == 0:
        out += AF[(k - 1) % 6]
    if b < a:
        out += GL[k]
    elif b > a:
        out += GL[(k + 1) % 6]
    else:
        out += GL[k] + GL[(k + 1) % 6]
    return "".join(sorted(out))


def defensive_arc(k: int, a: int, b: int) -> int:
    """The defensive arc (FWD/PORT/STBD/AFT) holding a target at a*D_k + b*D_{k+1} (weapons.md §3)."""
    if not STAIRCASE:
        return _defensive_45(k, a, b)
    if k == 0:
        return FWD if b < 3 * a else STBD
    if k == 1:
        return STBD
    if k == 2:
        return AFT if a < 3 * b else STBD
    if k == 3:
        return AFT if b < 3 * a else PORT
    if k == 4:
        return PORT
    return FWD if a < 3 * b else PORT


def _defensive_45(k: int, a: int, b: int) -> int:
    # bearing of a*D_k + b*D_{k+1} measured clockwise from facing; compare squared tangents exactly

    x = a * 1.0 + b * 0.5
    y = b * math.sqrt(3) / 2
    bearing = (60 * k + math.degrees(math.atan2(y, x))) % 360
    if bearing < 45 or bearing > 315:
        return FWD
    if bearing < 135:
        return STBD
    if bearing < 225:
        return AFT
    return PORT


@cache
def geometry(dq: int, dr: int, facing: int) -> tuple[int, int, int]:
    """(range, component-arc bit mask, defensive arc) of a target at relative (dq, dr).

    Cached: the hot loops of the battle engine call this for every pair of ships. A target in
    the same hex (range 0, not covered by the rules) is taken to be in every arc and forward.
    """
    if dq == 0 and dr == 0:
        return 0, (1 << 12) - 1, FWD
    k, a, b = decompose(dq, dr, facing)
    mask = 0
    for ch in component_arcs(k, a, b):
        mask |= ARC_BIT[ch]
    return a + b, mask, defensive_arc(k, a, b)


class _GeometryTable(dict):
    """``GEOMETRY[(dq, dr, facing)]`` = :func:`geometry` (filled on first use; plain dict speed)."""

    def __missing__(self, key: tuple[int, int, int]) -> tuple[int, int, int]:
        value = self[key] = geometry(*key)
        return value


GEOMETRY: dict[tuple[int, int, int], tuple[int, int, int]] = _GeometryTable()


def arc_mask(letters: str) -> int:
    m = 0
    for ch in letters:
        m |= ARC_BIT[ch]
    return m


def hex_line(q1: int, r1: int, q2: int, r2: int) -> list[tuple[int, int]]:
    """The hexes a line between two hex centres passes through any part of, both ends included (4.1 line of
    sight; flares B.9): cube interpolation nudged to either side, so a line running along a hexside takes
    the hexes on both sides of it (the same hexes whichever end the line is traced from)."""
    n = distance(q2 - q1, r2 - r1)
    if n == 0:
        return [(q1, r1)]
    out: list[tuple[int, int]] = []
    for e in (1e-6, -1e-6):
        for i in range(n + 1):
            t = i / n
            x = q1 + e + (q2 - q1) * t
            z = r1 + 2 * e + (r2 - r1) * t
            y = -x - z
            rx, rz, ry = round(x), round(z), round(y)
            dx, dz, dy = abs(rx - x), abs(rz - z), abs(ry - y)
            if dx > dz and dx > dy:
                rx = -rz - ry
            elif dz > dy:
                rz = -rx - ry
            if (rx, rz) not in out:
                out.append((rx, rz))
    return out


def neighbor(q: int, r: int, direction: int, n: int = 1) -> tuple[int, int]:
    dq, dr = DIRS[direction % 6]
    return q + dq * n, r + dr * n


def to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial -> odd-r offset (column, row)."""
    return q + (r - (r & 1)) // 2, r


def from_offset(col: int, row: int) -> tuple[int, int]:
    """Odd-r offset (column, row) -> axial."""
    return col - (row - (row & 1)) // 2, row


def point_image(q: int, r: int, width: int, height: int) -> tuple[int, int]:
    """The 180 degree image of hex (q, r) about the centre of a ``width`` x ``height`` board (fair set-up, 2.3).

    With an even number of rows this is exactly offset (col, row) -> (width-1-col, height-1-row), so the
    board maps onto itself; with an odd number the odd rows come out one column short of that.
    Headings turn by 3 (``(h + 3) % 6``).
    """
    centre = (width - 1) - ((height - 1) - ((height - 1) & 1)) // 2
    return centre - q, height - 1 - r


def on_board(q: int, r: int, width: int, height: int) -> bool:
    col = q + (r - (r & 1)) // 2
    return 0 <= r < height and 0 <= col < width


def edge_runs(cells: frozenset[tuple[int, int]]) -> dict[tuple[int, int, int], int]:
    """(q, r, direction) -> hexes from each board hex to the board's edge along that direction, staying on the board.

    Each hex is visited once per direction (a chain walked forward to a known hex, then filled backwards), so a
    board of n x n hexes costs n x n x 6 steps (the walk from every hex cost n times more: 6 s for 200 x 200).
    """
    run: dict[tuple[int, int, int], int] = {}
    for d, (dq, dr) in enumerate(DIRS):
        for q, r in cells:
            if (q, r, d) in run:
                continue
            chain = [(q, r)]
            nq, nr = q + dq, r + dr
            while (nq, nr) in cells and (nq, nr, d) not in run:
                chain.append((nq, nr))
                nq, nr = nq + dq, nr + dr
            k = run[(nq, nr, d)] + 1 if (nq, nr) in cells else 0
            for cq, cr in reversed(chain):
                run[(cq, cr, d)] = k
                k += 1
    return run
