"""The campaign map of T.1(1): objectives and the links between them, each side's home and starting objectives.

T.1(1): "A campaign \u201cmap\u201d is generated. The simplest possible map is a series of branching
\u201cobjectives\u201d, as shown below". The book's figure is a picture the text does not carry; what the text
says of it: objectives A1-A3 and B1-B3 are the starting objectives (T.1(3)), A1 and B1 the homes (T.1(7),
T.1(8)), "any ships located at objective B6 may move into objective B3, B5, C3, or C4" (T.1(4)), and a player
may control "eight objectives" (T.1(7)). :func:`t1_map` is drydock's reading of that figure: rows of 1, 2, 3
and 4 objectives (A1 / A2 A3 / A4 A5 A6 / C1 C2 C3 C4 / B4 B5 B6 / B2 B3 / B1), each linked to its neighbours
in its row and to the two nearest in the next row, the one lattice in which B6's links are exactly B3, B5,
C3 and C4. Players who draw the map otherwise write it in the campaign file (docs/campaigns.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from drydock import limits
from drydock.errors import DrydockError

SIDES = ("A", "B")

#: Characters an objective's name may not hold: it names files (a battle's log) and is typed in commands.
NOT_IN_NAMES = '/\\:*?"<>|'


def check_objective(name: str) -> str:
    """``name`` if it is a plain objective name (A1, C4, Vega Prime): 1-40 printable characters, no path
    separator or other character a file name cannot hold, no leading dot or space; else a DrydockError."""
    shown = name[:limits.CAMPAIGN_OBJECTIVE.value].encode("unicode_escape").decode("ascii")
    if len(name) > limits.CAMPAIGN_OBJECTIVE.value:
        raise DrydockError(f"map: the objective {shown}... has {len(name):,} characters; an objective's name has at "
                           f"most {limits.CAMPAIGN_OBJECTIVE.value}")
    if (not name.strip() or name != name.strip() or name.startswith(".") or not name.isprintable()
            or any(c in NOT_IN_NAMES for c in name)):
        raise DrydockError(f"map: the objective '{shown}' is not a plain name (letters, digits, spaces, - and _; "
                           f"no {' '.join(NOT_IN_NAMES)}, no leading dot)")
    return name


@dataclass(frozen=True)
class CampaignMap:
    """Objectives (name -> linked objectives), homes and starting objectives of each side, drawing positions."""

    links: dict[str, tuple[str, ...]]
    home: dict[str, str]
    start: dict[str, tuple[str, ...]]
    #: objective -> (column, row) for drawing the map (row 0 at the top); computed when a map gives none
    places: dict[str, tuple[int, int]]
    name: str = "T.1"

    def __post_init__(self) -> None:
        for obj in self.links:
            check_objective(obj)
        for key in (*self.home, *self.start):
            if key not in SIDES:
                raise DrydockError(f"map: side {key!r}: a T.1 campaign has sides A and B")
        for obj, linked in self.links.items():
            for other in linked:
                if other not in self.links:
                    raise DrydockError(f"map: objective {obj} links to {other}, which the map does not have")
                if other == obj:
                    raise DrydockError(f"map: objective {obj} links to itself")
                if obj not in self.links[other]:
                    raise DrydockError(f"map: {obj} links to {other} but {other} not to {obj} (T.1(4): a ship "
                                       "moves along a link either way)")
        for side in SIDES:
            if side not in self.home or side not in self.start:
                raise DrydockError(f"map: side {side} needs a home objective and starting objectives (T.1(3))")
            if self.home[side] not in self.links:
                raise DrydockError(f"map: side {side}'s home {self.home[side]} is not an objective of the map")
            if not self.start[side]:
                raise DrydockError(f"map: side {side} has no starting objective (T.1(3))")
            for obj in self.start[side]:
                if obj not in self.links:
                    raise DrydockError(f"map: side {side}'s starting objective {obj} is not an objective of the map")
        if self.home["A"] == self.home["B"]:
            raise DrydockError("map: both sides have the same home objective")
        if set(self.start["A"]) & set(self.start["B"]):
            raise DrydockError("map: the sides share a starting objective (T.1(3): each side starts among objectives "
                               "of its own)")
        if self.home["B"] not in self.reachable(self.home["A"]):
            raise DrydockError(f"map: no path from {self.home['A']} to {self.home['B']}: the campaign could never "
                               "end (T.1(8))")

    def key(self, name: str) -> str:
        """The objective called ``name`` (any case), or a DrydockError naming the map's objectives."""
        for obj in self.links:
            if obj.casefold() == name.strip().casefold():
                return obj
        shown = ", ".join(list(self.links)[:20]) + (" ..." if len(self.links) > 20 else "")
        raise DrydockError(f"no objective {name!r} on the map ({shown})")

    def reachable(self, start: str) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            for nxt in self.links[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen


#: The rows of the T.1 map as drydock reads the figure (see the module docstring), top (side A) to bottom.
T1_ROWS = (("A1",), ("A2", "A3"), ("A4", "A5", "A6"), ("C1", "C2", "C3", "C4"), ("B4", "B5", "B6"), ("B2", "B3"),
           ("B1",))


def lattice(rows: tuple[tuple[str, ...], ...]) -> dict[str, tuple[str, ...]]:
    """Links of a triangular lattice of rows: each objective to its row neighbours, and to the nearest one or
    two of the next row (a row one longer: k -> k, k+1; one shorter: k -> k-1, k)."""
    links: dict[str, list[str]] = {o: [] for row in rows for o in row}

    def link(a: str, b: str) -> None:
        links[a].append(b)
        links[b].append(a)

    for r, row in enumerate(rows):
        for k in range(len(row) - 1):
            link(row[k], row[k + 1])
        if r + 1 < len(rows):
            nxt = rows[r + 1]
            for k, obj in enumerate(row):
                near = (k, k + 1) if len(nxt) > len(row) else (k - 1, k) if len(nxt) < len(row) else (k,)
                for j in near:
                    if 0 <= j < len(nxt):
                        link(obj, nxt[j])
    return {o: tuple(sorted(v)) for o, v in links.items()}


def row_places(rows: tuple[tuple[str, ...], ...]) -> dict[str, tuple[int, int]]:
    """Drawing positions of a lattice: each row centred, in half-columns."""
    width = max(len(r) for r in rows)
    return {obj: (width - len(row) + 2 * k, r) for r, row in enumerate(rows) for k, obj in enumerate(row)}


def t1_map() -> CampaignMap:
    """The T.1 objectives map (drydock's reading of the book's figure; the module docstring says how)."""
    return CampaignMap(links=lattice(T1_ROWS), home={"A": "A1", "B": "B1"},
                       start={"A": ("A1", "A2", "A3"), "B": ("B1", "B2", "B3")}, places=row_places(T1_ROWS))


def is_book_map(m: CampaignMap) -> bool:
    """Is ``m`` the T.1 map (whatever its name), so that the book's words for it (A1-A3, B6, A1 or B1) hold?"""
    book = t1_map()
    return (m.links, m.home, m.start) == (book.links, book.home, book.start)


def auto_places(links: dict[str, tuple[str, ...]], home_a: str) -> dict[str, tuple[int, int]]:
    """Drawing positions for a map that gives none: rows by the number of links from side A's home."""
    depth = {home_a: 0}
    todo = [home_a]
    while todo:
        cur = todo.pop(0)
        for nxt in links[cur]:
            if nxt not in depth:
                depth[nxt] = depth[cur] + 1
                todo.append(nxt)
    far = max(depth.values(), default=0) + 1
    rows: dict[int, list[str]] = {}
    for obj in links:
        rows.setdefault(depth.get(obj, far), []).append(obj)
    out: dict[str, tuple[int, int]] = {}
    width = max(len(v) for v in rows.values())
    for r, objs in sorted(rows.items()):
        for k, obj in enumerate(objs):
            out[obj] = (width - len(objs) + 2 * k, r)
    return out
