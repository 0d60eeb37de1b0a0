"""Writing cells: inputs as inert text, formulas with the value drydock computed as their cached value.

openpyxl writes a formula cell as ``<f>...</f><v/>``: no cached value, so a reader that
does not calculate (openpyxl itself, file previewers) would show nothing. :class:`Cells`
records the value drydock computed for every formula it writes, and :func:`add_cached_values`
puts those values into the saved file's sheet XML (``<v>`` with the right ``t`` type).
"""

from __future__ import annotations

import re
import zipfile
from copy import copy
from decimal import Decimal
from fractions import Fraction
from io import BytesIO
from typing import Any
from xml.sax.saxutils import escape

from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.worksheet import Worksheet

from drydock.formats.excel import layout as L

FORMULA_PREFIXES = ("=", "+", "-", "@")
INPUT = PatternFill("solid", fgColor=L.INPUT_FILL)
COMPUTED = PatternFill("solid", fgColor=L.COMPUTED_FILL)
HEADER = PatternFill("solid", fgColor=L.HEADER_FILL)
WORKING = PatternFill("solid", fgColor=L.WORKING_FILL)
BOLD = Font(bold=True)


def plain(value: Any) -> Any:
    """A figure as a spreadsheet number: exact integers stay int, other decimals become float."""
    if isinstance(value, (Decimal, Fraction)):
        return int(value) if value == int(value) else float(value)
    return value


class Cells:
    """Cell writer that remembers each formula's cached value, per sheet."""

    def __init__(self) -> None:
        self.cached: dict[str, dict[str, Any]] = {}
        self._styles: dict[tuple[int, bool], Any] = {}

    def style(self, cell: Any, fill: PatternFill | None, bold: bool) -> None:
        """Fill and font, copied from the first cell styled alike (openpyxl's style setters are slow)."""
        if fill is None and not bold:
            return
        key = (id(fill), bold)
        known = self._styles.get(key)
        if known is not None:
            cell._style = copy(known)
            return
        if fill is not None:
            cell.fill = fill
        if bold:
            cell.font = BOLD
        self._styles[key] = copy(cell._style)

    def put(self, ws: Worksheet, addr: str, value: Any, fill: PatternFill | None = None, bold: bool = False) -> None:
        """Set a cell; strings are always text (a leading = + - @ gets a quote prefix, never a formula)."""
        cell = ws[addr]
        cell.value = plain(value)
        if isinstance(value, str):
            cell.data_type = "s"
            if value.startswith(FORMULA_PREFIXES):
                self.style(cell, fill, bold)
                cell.quotePrefix = True
                return
        self.style(cell, fill, bold)

    def header(self, ws: Worksheet, addr: str, text: str) -> None:
        self.put(ws, addr, text, HEADER, bold=True)

    def fx(self, ws: Worksheet, addr: str, formula: str, value: Any, fill: PatternFill | None = None,
           bold: bool = False) -> None:
        """A formula cell (``formula`` without the leading ``=``) whose cached value is ``value``."""
        cell = ws[addr]
        cell.value = "=" + formula
        self.style(cell, fill, bold)
        self.cached.setdefault(ws.title, {})[addr] = plain(value)


_CELL = re.compile(rb'<c r="([A-Z]+[0-9]+)"([^>]*)><f>(.*?)</f>(?:<v\s*/>|<v>\s*</v>)</c>', re.S)
"""A formula cell without a cached value, as openpyxl writes it: ``<v/>`` with the standard library's XML writer,
``<v></v>`` when lxml is installed."""


def _v(value: Any) -> tuple[bytes, bytes] | None:
    """(type attribute, <v> text) for a cached value; None leaves the cell without one."""
    if value is None:
        return b' t="str"', b""
    if isinstance(value, bool):
        return b' t="b"', b"1" if value else b"0"
    if isinstance(value, int):
        return b"", str(value).encode()
    if isinstance(value, float):
        return b"", repr(value).encode()
    return b' t="str"', escape(str(value)).encode("utf-8")


def add_cached_values(xlsx: bytes, cached: dict[str, dict[str, Any]]) -> bytes:
    """``xlsx`` with each recorded formula cell given its cached value (sheet XML post-pass)."""
    src = zipfile.ZipFile(BytesIO(xlsx))
    workbook = src.read("xl/workbook.xml").decode("utf-8")
    rels = src.read("xl/_rels/workbook.xml.rels").decode("utf-8")
    targets = dict(re.findall(r'<Relationship[^>]*Id="([^"]+)"[^>]*Target="([^"]+)"', rels))
    targets.update({k: v for v, k in re.findall(r'<Relationship[^>]*Target="([^"]+)"[^>]*Id="([^"]+)"', rels)})
    paths: dict[str, str] = {}
    for name, rid in re.findall(r'<sheet\b[^>]*?\sname="([^"]+)"[^>]*?\sr:id="([^"]+)"', workbook):  # lxml adds xmlns
        target = targets[rid].lstrip("/")
        paths[_unescape(name)] = target if target.startswith("xl/") else f"xl/{target}"
    out = BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/workbook.xml":  # openpyxl writes an empty one; nothing is protected
                data = re.sub(rb"<workbookProtection\s*/>", b"", data)
            sheet = next((s for s, p in paths.items() if p == item.filename), None)
            values = cached.get(sheet) if sheet is not None else None
            if values:
                def repl(m: re.Match[bytes], values: dict[str, Any] = values) -> bytes:
                    addr = m.group(1).decode()
                    if addr not in values:
                        return m.group(0)
                    tv = _v(values[addr])
                    assert tv is not None
                    attrs = re.sub(rb'\s+t="[^"]*"', b"", m.group(2))
                    return b'<c r="%s"%s%s><f>%s</f><v>%s</v></c>' % (m.group(1), attrs, tv[0], m.group(3), tv[1])
                data = _CELL.sub(repl, data)
            dst.writestr(item, data)
    return out.getvalue()


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
