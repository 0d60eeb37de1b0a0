"""A workbook as plain cell values, addressed like openpyxl (``ws["B8"].value``), for the reader.

The xlsx reader loads a workbook once in openpyxl's fast read-only mode and keeps only the
values of the sheets it reads; the ods reader (:mod:`drydock.formats.excel.ods`) fills the same
objects from OpenDocument XML. Either way :mod:`drydock.formats.excel.read` sees one interface.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

from drydock.errors import DrydockError, quote


class FormulaInInput(DrydockError):
    """An input cell the reader reads holds a formula: drydock reads typed values only (issue 27).

    A formula's cached value is what the last program that calculated it saved, which may not be
    what the sheet now shows (``=4+4`` cached as 3): rating it silently would rate the wrong design."""


@dataclass
class ValueCell:
    value: Any
    row: int


class ValueSheet:
    """A sheet's values by (row, column), 1-based."""

    def __init__(self, title: str, values: dict[tuple[int, int], Any],
                 formulas: dict[tuple[int, int], str] | None = None) -> None:
        self.title = title
        self.values = values
        self.formulas = formulas or {}
        """(row, column) -> formula text of the formula cells among those read."""
        self.max_row = max((r for r, _ in values), default=1)

    def __getitem__(self, addr: str) -> ValueCell:
        col, row = coordinate_from_string(addr)
        key = (row, column_index_from_string(col))
        formula = self.formulas.get(key)
        if formula is not None:
            cached = self.values.get(key)
            shown = "never calculated" if cached in (None, "") else \
                f"last calculated as {cached}" if isinstance(cached, (int, float)) else \
                f"last calculated as {quote(cached, 30)}"
            raise FormulaInInput(f"{self.title}!{addr}: this input holds a formula ({quote('=' + formula, 60)}, "
                                 f"{shown}); drydock reads typed values only: type the value")
        return ValueCell(self.values.get(key), row)


class ValueBook:
    def __init__(self, sheets: list[ValueSheet], names: list[str] | None = None) -> None:
        self.sheets = {s.title: s for s in sheets}
        self.sheetnames = names if names is not None else [s.title for s in sheets]

    def __getitem__(self, name: str) -> ValueSheet:
        return self.sheets[name]
