"""What the doctrine (:mod:`~drydock.engine.ai`) computes of its designs and board alone, whatever the doctrines and
plans (issue 45): the board's hexes and edge runs, the expected-damage tables of each pair of designs
(:mod:`~drydock.engine.expectations`), and the memos that hang on nothing else. The match-ups of one plan game
(one a pairing: the same ShipSpecs on the same board) share one :class:`DoctrineKit`.
"""

from __future__ import annotations

from functools import lru_cache

from drydock.engine.expectations import MatchTables
from drydock.engine.hexgrid import edge_runs, from_offset
from drydock.engine.ships import ShipSpec

#: A bank's row against one enemy: (arc mask, defensive-arc mask, working mounts, expected damage [range][shield])
Row = tuple[int, int, int, list[list[float]]]
#: a memo of the fire one way, by (arc mask, arc, effective range, shield)
FireMemo = dict[tuple[int, int, int, int], float]
#: an entry of :attr:`DoctrineKit.rows_memo`: my live banks' rows, the enemy's, the two fire memos, the longest reach
RowsEntry = tuple[list[Row], list[Row], FireMemo, FireMemo, int]


@lru_cache(maxsize=4)
def board_hexes(board: tuple[int, int]) -> tuple[frozenset[tuple[int, int]], dict[tuple[int, int, int], int]]:
    """The hexes of a board of ``board`` (columns, rows) and the hexes from each to the edge along each direction
    (:func:`~drydock.engine.hexgrid.edge_runs`), made once a board size (read-only for their users)."""
    w, hh = board
    cells = frozenset(from_offset(c, r) for c in range(w) for r in range(hh))
    return cells, edge_runs(cells)


class DoctrineKit:
    """The board's hexes and edge runs, the expected-damage tables of each pair of ``specs``, and the memos that
    hang on nothing else (menus of poses, live banks' rows, expected fire); building them for every pairing of a
    plan game took a tenth of a one-on-one verdict."""

    def __init__(self, specs: list[ShipSpec], board: tuple[int, int], floating: bool) -> None:
        #: the designs it was made for (held, so that a kit is only ever matched with these very objects)
        self.specs = specs
        self.board = board
        self.floating = floating
        self.cells, self.run = board_hexes(board)
        self.tables: dict[tuple[int, int], MatchTables] = {}
        for a in specs:
            for dfn in specs:
                key = (id(a), id(dfn))
                if key not in self.tables:
                    self.tables[key] = MatchTables(a, dfn)
        # expected fire of a fleet of live banks at (arc mask, arc, effective range, shield), kept across
        # decisions, battles and match-ups: keyed by the ship pair (the ShipSpecs themselves) and live mounts
        self.fire_cache: dict[tuple, FireMemo] = {}
        self.rows_memo: dict[tuple, RowsEntry] = {}  # Doctrine._rows
        self.picked: dict[tuple, list[tuple]] = {}  # Doctrine._menu, by the ship's pose, speed and engine

    def fits(self, specs: list[ShipSpec], board: tuple[int, int], floating: bool) -> bool:
        """Whether a doctrine of ``specs`` (the same objects) on ``board`` can use this kit."""
        return (board == self.board and floating == self.floating and len(specs) == len(self.specs)
                and all(a is b for a, b in zip(specs, self.specs, strict=True)))
