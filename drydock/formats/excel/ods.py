"""Read a drydock workbook saved by LibreOffice as OpenDocument (``.ods``), in pure Python.

An ``.ods`` file is a zip holding ``content.xml``; this module reads its tables
(``table:table`` / ``table:table-row`` / ``table:table-cell`` with their repeat counts)
into a :class:`~drydock.formats.excel.values.ValueBook`, the cell access the xlsx reader uses, so the one
reader (:mod:`drydock.formats.excel.read`) reads both: same layout, same errors with
sheet and cell. Only values are read (inputs); formulas are LibreOffice's business.
No dependency beyond the standard library: odfpy or pandas would be heavy for this.

Like the xlsx reader, only the SHIP and Weapons tables are read, within the first
:data:`MAX_COL` columns and :data:`~drydock.limits.XLSX_CELLS` cells; every count taken
from the file (repeats, spaces) is checked before it is used, and nesting is walked
without recursion, so a hostile ``content.xml`` is one :class:`OdsError` line.
"""

from __future__ import annotations

import re
import zipfile
from io import BytesIO
from typing import Any
from xml.etree import ElementTree as ET

from drydock import limits
from drydock.errors import quote
from drydock.formats.excel import layout as L
from drydock.formats.excel.values import ValueBook, ValueSheet
from drydock.formats.excel.xmlscan import check_elements

#: Columns read (A..M), as the xlsx reader: the Weapons library is the widest input table.
MAX_COL = 13
#: Nested row groups (``table:table-row-group``) followed; LibreOffice nests a handful at most.
MAX_GROUP_DEPTH = 32

_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
}
_T = "{" + _NS["table"] + "}"
_O = "{" + _NS["office"] + "}"
_X = "{" + _NS["text"] + "}"
_COUNT = re.compile(r"\d{1,9}")


class OdsError(ValueError):
    """Not an OpenDocument spreadsheet (or one beyond the limits)."""


def load_ods(data: bytes) -> ValueBook:
    """The values of the SHIP and Weapons tables of an ``.ods`` file (bytes); every table is named."""
    try:
        zf = zipfile.ZipFile(BytesIO(data))
        info = zf.getinfo("content.xml")
    except Exception as exc:  # BadZipFile, KeyError, NotImplementedError (a zip "version" zipfile cannot read)
        raise OdsError(f"not an OpenDocument spreadsheet ({type(exc).__name__}: {exc})") from None
    if info.file_size > limits.XLSX_PART.value:
        raise limits.LimitError("workbook part content.xml", limits.XLSX_PART, value=f"{info.file_size:,} bytes")

    try:
        with zf.open("content.xml") as fh:  # counted by expat first: fast, and no tree at all
            check_elements(fh, "workbook part content.xml", limits.ODS_ELEMENTS)
        fh = zf.open("content.xml")
    except limits.LimitError:
        raise
    except Exception as exc:  # a corrupt or unsupported member (bad CRC, compression method, version)
        raise OdsError(f"content.xml cannot be read ({type(exc).__name__}: {exc})") from None
    try:
        with fh:
            sheets, names, spreadsheet = _stream_tables(fh)
    except (limits.LimitError, OdsError):
        raise
    except ET.ParseError as exc:
        raise OdsError(f"content.xml is not well-formed XML ({exc})") from None
    except Exception as exc:  # LookupError for an unknown encoding="...", a bad CRC found while reading ...
        raise OdsError(f"content.xml cannot be parsed ({type(exc).__name__}: {exc})") from None
    if not spreadsheet:
        raise OdsError("not an OpenDocument spreadsheet (no office:spreadsheet)")
    limits.check_count("SHIP sheets", len(sheets), limits.DESIGNS)
    return ValueBook(sheets, names)


def _stream_tables(fh: Any) -> tuple[list[ValueSheet], list[str], bool]:
    """(the SHIP and Weapons tables, every table's name, whether the body is a spreadsheet), streaming.

    Each element is dropped from the tree as soon as it ends unless it belongs to a table drydock
    reads, so memory holds one such table at a time (the elements were counted before,
    :data:`~drydock.limits.ODS_ELEMENTS`)."""
    sheets: list[ValueSheet] = []
    names: list[str] = []
    budget = [limits.XLSX_CELLS.value]
    stack: list[ET.Element] = []
    keep = 0  # depth inside a table being read (0: not in one)
    spreadsheet = False
    for event, el in ET.iterparse(fh, events=("start", "end")):
        if event == "start":
            if el.tag == f"{_O}spreadsheet" and len(stack) == 2 and stack[-1].tag == f"{_O}body":
                spreadsheet = True
            if keep:
                keep += 1
            elif el.tag == f"{_T}table" and spreadsheet:
                name = el.get(f"{_T}name", f"Sheet{len(names) + 1}")
                names.append(name)
                if name == L.WEAPONS_SHEET or re.fullmatch(rf"{L.SHIP_PREFIX}\d{{1,6}}", name):
                    keep = 1
            stack.append(el)
            continue
        stack.pop()
        if keep:
            keep -= 1
            if keep:
                continue  # inside a table being read: kept until the table ends
            name = el.get(f"{_T}name", f"Sheet{len(names)}")
            max_row = limits.XLSX_CELLS.value // MAX_COL + 1 if name == L.WEAPONS_SHEET else L.SHIP_LAST_ROW
            formulas: dict[tuple[int, int], str] = {}
            sheets.append(ValueSheet(name, _table(el, name, max_row, budget, formulas), formulas))
        if stack:
            del stack[-1][-1]  # the element just ended is its parent's last child: drop it
    return sheets, names, spreadsheet


def _table(table: ET.Element, name: str, max_row: int, budget: list[int],
           formulas: dict[tuple[int, int], str] | None = None) -> dict[tuple[int, int], Any]:
    """The values of one table within ``max_row`` rows and :data:`MAX_COL` columns (repeats expanded);
    ``formulas`` receives the formula text of each formula cell (an input holding one is refused when read)."""
    values: dict[tuple[int, int], Any] = {}
    row = 0
    for tr in _rows(table, name):
        reps = _count(tr, "number-rows-repeated", name, f"row {row + 1}")
        col = 0
        for tc in tr:
            if tc.tag not in (f"{_T}table-cell", f"{_T}covered-table-cell"):
                continue
            creps = _count(tc, "number-columns-repeated", name, f"row {row + 1}, column {col + 1}")
            if col < MAX_COL:
                formula = tc.get(f"{_T}formula")
                if formula is not None and formulas is not None and row < max_row:
                    formulas[(row + 1, col + 1)] = formula.removeprefix("of:").lstrip("=")[:200]
                value = _value(tc, name, row + 1, col + 1)
                if value is not None:
                    for r in range(row + 1, min(row + reps, max_row) + 1):
                        for c in range(col + 1, min(col + creps, MAX_COL) + 1):
                            budget[0] -= 1
                            if budget[0] < 0:
                                raise limits.LimitError(f"sheet {name}: the cells read", limits.XLSX_CELLS)
                            values[(r, c)] = value
            col += creps
        row += reps
        if row >= max_row:
            break
    return values


def _count(el: ET.Element, attr: str, sheet: str, where: str) -> int:
    """A repeat count (``table:number-...-repeated``): a whole number from 1, 1 when absent."""
    raw = el.get(f"{_T}{attr}")
    if raw is None:
        return 1
    if _COUNT.fullmatch(raw.strip()) is None or int(raw) < 1:
        raise OdsError(f"sheet {sheet}, {where}: table:{attr} must be a whole number from 1, got {quote(raw)}")
    return int(raw)


def _rows(table: ET.Element, name: str) -> list[ET.Element]:
    """Rows of a table, including those inside row groups and header rows (in document order)."""
    out: list[ET.Element] = []
    groups = (f"{_T}table-row-group", f"{_T}table-header-rows", f"{_T}table-rows")
    stack: list[tuple[ET.Element, int]] = [(table, 0)]
    while stack:
        el, depth = stack.pop()
        if el.tag == f"{_T}table-row":
            out.append(el)
            continue
        if depth > MAX_GROUP_DEPTH:
            raise OdsError(f"sheet {name}: row groups nested more than {MAX_GROUP_DEPTH} deep")
        stack.extend((child, depth + 1) for child in reversed(el) if child.tag in (f"{_T}table-row", *groups))
    return out


def _value(tc: ET.Element, sheet: str, row: int, col: int) -> Any:
    kind = tc.get(f"{_O}value-type")
    if kind is None:
        return None
    if kind in ("float", "percentage", "currency"):
        text = tc.get(f"{_O}value", "")
        try:
            number = float(text)
        except ValueError:
            return text
        return int(number) if number.is_integer() else number
    if kind == "boolean":
        return tc.get(f"{_O}boolean-value") == "true"
    if kind == "string" and tc.get(f"{_O}string-value") is not None:
        return tc.get(f"{_O}string-value")
    if kind != "string" and tc.get(f"{_O}{kind}-value"):
        return tc.get(f"{_O}{kind}-value")
    return "\n".join(_text(p, sheet, row, col) for p in tc.findall(f"{_X}p"))


def _text(p: ET.Element, sheet: str, row: int, col: int) -> str:
    """The text of a paragraph: spans flattened, ``text:s`` spaces, tabs and line breaks (no recursion)."""
    parts: list[str] = []
    size = 0
    stack: list[ET.Element | str] = [p]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            piece = item
        elif item.tag == f"{_X}s":
            raw = item.get(f"{_X}c", "1")
            if _COUNT.fullmatch(raw.strip()) is None or int(raw) > limits.TEXT.value:
                raise OdsError(f"sheet {sheet}, row {row}, column {col}: text:c must be a whole number of spaces "
                               f"up to {limits.TEXT.value:,}, got {quote(raw)}")
            piece = " " * int(raw)
        elif item.tag == f"{_X}tab":
            piece = "\t"
        elif item.tag == f"{_X}line-break":
            piece = "\n"
        else:
            stack.extend(x for child in reversed(item) for x in (child.tail or "", child))
            piece = item.text or ""
        size += len(piece)
        if size > limits.TEXT.value:
            raise limits.LimitError(f"sheet {sheet}, row {row}, column {col}: the text", limits.TEXT)
        parts.append(piece)
    return "".join(parts)
