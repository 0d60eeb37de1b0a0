"""A workbook as plain cell values, addressed like openpyxl (``ws["B8"].value``), for the reader.

The xlsx reader loads a workbook once in openpyxl's fast read-only mode and keeps only the
values of the sheets it reads; the ods reader (:mod:`drydock.formats.excel.ods`) fills the same
objects from OpenDocument XML. Either way :mod:`drydock.formats.excel.read` sees one interface.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openpyxl.utils.cell import column_index_from_string, coordinate_from_string


@dataclass
class ValueCell:
    value: Any
    row: int


class ValueSheet:
    """A sheet's values by (row, column), 1-based."""

    def __init__(self, title: str, values: dict[tuple[int, int], Any]) -> None:
        self.title = title
        self.values = values
        self.max_row = max((r for r, _ in values), default=1)

    def __getitem__(self, addr: str) -> ValueCell:
        col, row = coordinate_from_string(addr)
        return ValueCell(self.values.get((row, column_index_from_string(col))), row)


class ValueBook:
    def __init__(self, sheets: list[ValueSheet], names: list[str] | None = None) -> None:
        self.sheets = {s.title: s for s in sheets}
        self.sheetnames = names if names is not None else [s.title for s in sheets]

    def __getitem__(self, name: str) -> ValueSheet:
        return self.sheets[name]
