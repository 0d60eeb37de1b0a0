"""Read a drydock workbook saved by LibreOffice as OpenDocument (``.ods``), in pure Python.

An ``.ods`` file is a zip holding ``content.xml``; this module reads its tables
(``table:table`` / ``table:table-row`` / ``table:table-cell`` with their repeat counts)
into a :class:`~drydock.formats.excel.values.ValueBook`, the cell access the xlsx reader uses, so the one
reader (:mod:`drydock.formats.excel.read`) reads both: same layout, same errors with
sheet and cell. Only values are read (inputs); formulas are LibreOffice's business.
No dependency beyond the standard library: odfpy or pandas would be heavy for this.
"""

from __future__ import annotations

import zipfile
from io import BytesIO
from typing import Any
from xml.etree import ElementTree as ET

from drydock.formats.excel.values import ValueBook, ValueSheet

#: Limits before work: the XML a drydock workbook needs is a few MB.
MAX_CONTENT_BYTES = 200 * 1024 * 1024
MAX_CELLS = 5_000_000
MAX_ROW = 100_000

_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
}
_T = "{" + _NS["table"] + "}"
_O = "{" + _NS["office"] + "}"
_X = "{" + _NS["text"] + "}"


class OdsError(ValueError):
    """Not an OpenDocument spreadsheet (or one beyond the limits)."""


def load_ods(data: bytes) -> ValueBook:
    """The tables of an ``.ods`` file (bytes)."""
    try:
        zf = zipfile.ZipFile(BytesIO(data))
        info = zf.getinfo("content.xml")
    except Exception as exc:  # BadZipFile, KeyError, NotImplementedError (a zip "version" zipfile cannot read)
        raise OdsError(f"not an OpenDocument spreadsheet ({type(exc).__name__}: {exc})") from None
    if info.file_size > MAX_CONTENT_BYTES:
        raise OdsError(f"content.xml is {info.file_size} bytes (limit {MAX_CONTENT_BYTES})")
    try:
        content = zf.read("content.xml")
    except Exception as exc:  # a corrupt or unsupported member (bad CRC, compression method, version)
        raise OdsError(f"content.xml cannot be read ({type(exc).__name__}: {exc})") from None
    try:
        root = ET.fromstring(content)
    except ET.ParseError as exc:
        raise OdsError(f"content.xml is not well-formed XML ({exc})") from None
    body = root.find(f"{_O}body/{_O}spreadsheet")
    if body is None:
        raise OdsError("not an OpenDocument spreadsheet (no office:spreadsheet)")
    sheets = []
    count = 0
    for table in body.iter(f"{_T}table"):
        values: dict[tuple[int, int], Any] = {}
        row = 0
        for tr in _rows(table):
            reps = int(tr.get(f"{_T}number-rows-repeated", "1"))
            col = 0
            for tc in tr:
                if tc.tag not in (f"{_T}table-cell", f"{_T}covered-table-cell"):
                    continue
                creps = int(tc.get(f"{_T}number-columns-repeated", "1"))
                value = _value(tc)
                if value is not None:
                    for r in range(reps):
                        for c in range(creps):
                            count += 1
                            if count > MAX_CELLS or row + r + 1 > MAX_ROW:
                                raise OdsError("the spreadsheet holds more cells than a drydock workbook can")
                            values[(row + r + 1, col + c + 1)] = value
                col += creps
            row += reps
        sheets.append(ValueSheet(table.get(f"{_T}name", f"Sheet{len(sheets) + 1}"), values))
    return ValueBook(sheets)


def _rows(table: ET.Element) -> list[ET.Element]:
    """Rows of a table, including those inside row groups and header rows."""
    out: list[ET.Element] = []
    for child in table:
        if child.tag == f"{_T}table-row":
            out.append(child)
        elif child.tag in (f"{_T}table-row-group", f"{_T}table-header-rows", f"{_T}table-rows"):
            out.extend(_rows(child))
    return out


def _value(tc: ET.Element) -> Any:
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
    if kind == "string":
        if tc.get(f"{_O}string-value") is not None:
            return tc.get(f"{_O}string-value")
        return "\n".join(_text(p) for p in tc.findall(f"{_X}p"))
    return tc.get(f"{_O}{kind}-value") or "\n".join(_text(p) for p in tc.findall(f"{_X}p"))


def _text(el: ET.Element) -> str:
    parts = [el.text or ""]
    for child in el:
        if child.tag == f"{_X}s":
            parts.append(" " * int(child.get(f"{_X}c", "1")))
        elif child.tag == f"{_X}tab":
            parts.append("\t")
        elif child.tag == f"{_X}line-break":
            parts.append("\n")
        else:
            parts.append(_text(child))
        parts.append(child.tail or "")
    return "".join(parts)
