"""Counting a workbook part's XML elements as it streams, before anything builds a tree from it.

A zipped part of a few hundred KB can hold 64 MiB of empty elements or millions of one-letter
shared strings; parsed whole, that is gigabytes and minutes. :func:`check_elements` feeds the
part to expat in chunks, counts start tags and stops at the limit (:data:`~drydock.limits.XLSX_ELEMENTS`),
so a part is refused in about a second with the memory of one chunk.
"""

from __future__ import annotations

import xml.parsers.expat
import zipfile
from typing import IO, Any
from xml.etree import ElementTree as ET

from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

from drydock import limits

CHUNK = 1 << 20


class _Enough(Exception):
    pass


def check_elements(fh: IO[bytes], what: str, limit: limits.Limit, *, file: str | None = None) -> int:
    """The number of elements in the XML stream ``fh``; a LimitError past ``limit`` (read no further).

    Malformed XML is left to the reader that parses the part (it says what is wrong in its words)."""
    count = 0
    parser = xml.parsers.expat.ParserCreate()

    def start(_name: str, _attrs: object) -> None:
        nonlocal count
        count += 1
        if count > limit.value:
            raise _Enough

    parser.StartElementHandler = start
    try:
        while chunk := fh.read(CHUNK):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _Enough:
        raise limits.LimitError(f"{what}: more than {limit.value:,} XML elements", limit, file=file) from None
    except xml.parsers.expat.ExpatError:
        pass
    return count


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title -> its part in the zip (``xl/worksheets/sheet1.xml``), from the workbook and its relations."""
    try:
        book = ET.fromstring(archive.read("xl/workbook.xml"))
        rels = ET.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    except Exception:  # the reader reports a broken workbook in its own words
        return {}
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter(f"{_PKG}Relationship")}
    out: dict[str, str] = {}
    for sheet in book.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(f"{_REL}id"), "").lstrip("/")
        if target:
            out[sheet.get("name", "")] = target if target.startswith("xl/") else f"xl/{target}"
    return out


def formula_cells(fh: IO[bytes], max_row: int, max_col: int) -> dict[tuple[int, int], str]:
    """(row, column) -> formula text of every formula cell within ``max_row`` x ``max_col`` of a worksheet part."""
    found: dict[tuple[int, int], str] = {}
    state: dict[str, Any] = {"cell": None, "in_f": False, "text": []}
    parser = xml.parsers.expat.ParserCreate()

    def start(name: str, attrs: dict[str, str]) -> None:
        local = name.rsplit(":", 1)[-1]
        if local == "c":
            state["cell"] = attrs.get("r")
        elif local == "f" and state["cell"]:
            state["in_f"], state["text"] = True, []

    def end(name: str) -> None:
        local = name.rsplit(":", 1)[-1]
        if local == "f" and state["in_f"]:
            state["in_f"] = False
            try:
                col, row = coordinate_from_string(str(state["cell"]))
                c = column_index_from_string(col)
            except Exception:
                return
            if row <= max_row and c <= max_col:
                found[(row, c)] = "".join(state["text"])[:200] or "(shared formula)"
        elif local == "c":
            state["cell"] = None
        elif local == "sheetData" or (local == "row" and len(found) > 100_000):
            raise _Enough

    def text(data: str) -> None:
        if state["in_f"]:
            state["text"].append(data)

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, text
    try:
        while chunk := fh.read(CHUNK):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except (_Enough, xml.parsers.expat.ExpatError):
        pass
    return found
