"""Reading a fleet workbook: the Drydock workbook of the fleet's designs (one ``SHIPn`` sheet per design)
with a ``Fleet`` sheet listing each design's ships (:mod:`drydock.formats.excel.fleet_sheet` writes it)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from drydock import limits
from drydock.core.fleet import Fleet, ShipEntry, fleet_limit
from drydock.core.rules.factions import HouseRules
from drydock.errors import DrydockError, quote
from drydock.formats import read_bytes
from drydock.formats.excel.fleet_sheet import FLEET_SHEET, read_head, split_names, workbook_rules
from drydock.formats.excel.read import from_xlsx
from drydock.formats.fleet.shape import FleetFileError


def read_fleet_workbook(path: Path, house: HouseRules | None) -> Fleet:
    """The fleet in a fleet workbook; ``house`` (``--rules``) replaces the workbook's own rules."""
    data = read_bytes(str(path), limits.XLSX_FILE)
    designs = from_xlsx(data, file=str(path), rules=(house or HouseRules.book()).base)
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            if FLEET_SHEET not in wb.sheetnames:
                raise FleetFileError(f"the workbook has no {FLEET_SHEET} sheet", file=str(path))
            rows = list(wb[FLEET_SHEET].iter_rows(values_only=True, max_row=2 * limits.SHIPS.value + 50, max_col=26))
        finally:
            wb.close()
    except DrydockError:
        raise
    except Exception as exc:  # malformed Fleet sheet XML (the design sheets read fine)
        raise FleetFileError(f"sheet {FLEET_SHEET}: not a valid fleet sheet ({type(exc).__name__}: {exc})",
                             file=str(path)) from None
    head, start = read_head(rows)
    house, rules_file, warnings = workbook_rules(head, path, house, designs)
    if rules_file is not None:  # the workbook's own rules: its ship figures are read under them
        designs = from_xlsx(data, file=str(path), rules=house.base)
    entries = []
    for n, row in enumerate(rows[start + 1:], start=start + 2):
        if not row or row[0] in (None, ""):
            continue
        sheet, _title, count, names, ids = (list(row) + [None] * 5)[:5]
        m = re.fullmatch(r"SHIP(\d{1,6})", str(sheet))
        if m is None or not 1 <= int(m.group(1)) <= len(designs):
            raise FleetFileError(f"{FLEET_SHEET}!A{n}: no design sheet {sheet!r}", file=str(path))
        try:
            ship_names, ship_ids = split_names(names, f"D{n}"), split_names(ids, f"E{n}")
        except DrydockError as exc:
            raise FleetFileError(str(exc), file=str(path)) from None
        try:
            entries.append(ShipEntry(designs[int(m.group(1)) - 1], str(sheet), _whole(count or 1, "ships"),
                                     ship_names, ship_ids, n))
        except DrydockError as exc:
            raise FleetFileError(f"{FLEET_SHEET}!C{n}: {exc}", file=str(path)) from None
    size = head.get("Battle size")
    try:  # checked here, naming the file and cell: a bad size must not stop a batch later (issue 27)
        if isinstance(size, (int, float)) and not isinstance(size, bool):
            size = _whole(size, "battle size")
        if size not in (None, ""):
            fleet_limit(size, house.base)
        else:
            size = None
    except DrydockError as exc:
        row = next((n for n, r in enumerate(rows[:start], 1) if r and r[0] == "Battle size"), 2)
        raise FleetFileError(f"{FLEET_SHEET}!B{row}: {exc}", file=str(path)) from None
    try:
        return Fleet(name=str(head.get("Fleet") or ""), entries=tuple(entries), battle_size=size, house=house,
                     file=str(path), rules_file=rules_file, warnings=warnings)
    except DrydockError as exc:
        raise FleetFileError(f"sheet {FLEET_SHEET}: {exc}", file=str(path)) from None


def _whole(value: Any, what: str) -> int:
    """A whole number from a Fleet sheet cell (a number, or digits as text), within :data:`~limits.DIGITS`."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    if re.fullmatch(r"[0-9]+", text) is None:
        raise DrydockError(f"{what} must be a whole number, got {quote(value)}")
    return limits.to_int(text, what=what)
