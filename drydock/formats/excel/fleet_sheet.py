"""The live ``Fleet`` sheet of a fleet workbook (2.2), and reading it back.

One row per design: its sheet, its title and CR as formulas over that ``SHIPn`` sheet, the
number of ships, names, IDs and the row's total; above the table the fleet total (a SUM), the
battle size's fleet limit, and a red cell (conditional formatting) when the total is over it.
Every figure recalculates in Excel and LibreOffice when a ship sheet is edited; each formula
carries drydock's figure as its cached value. The house rules are named (label, faction rules
and the rule file, relative to the workbook) so that reading the workbook can load them again
and warn when they differ from the rules given.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import PatternFill

from drydock.core.fleet import Fleet, FleetRating, RecordCR
from drydock.core.rules.factions import HouseRules
from drydock.errors import DrydockError
from drydock.formats.excel import layout as L
from drydock.formats.excel.cells import COMPUTED, INPUT, Cells
from drydock.formats.houserules import load_house_rules

FLEET_SHEET = "Fleet"
#: Labels of the head rows (column A), then the table's header row.
HEAD = ("Fleet", "Battle size", "Fleet limit", "Fleet total CR", "Rules", "Faction rules", "Rules file", "")
TABLE_HEADER = ("Sheet", "Design", "Ships", "Names", "IDs", "CR", "Total CR")
HEADER_ROW = len(HEAD) + 1
FIRST_ROW = HEADER_ROW + 1
LIMIT_CELL, TOTAL_CELL, VERDICT_CELL = "B3", "B4", "C4"
WIDTHS = {"A": 16, "B": 44, "C": 10, "D": 40, "E": 24, "F": 8, "G": 10}
_RED = PatternFill("solid", fgColor=L.PROBLEM_FILL, bgColor=L.PROBLEM_FILL)


def join_names(names: tuple[str, ...], what: str) -> str | None:
    """Ship names (or IDs) for one cell, separated by ", "; a name holding a comma or a quote, or starting or
    ending with a space, is quoted as in CSV (``"Alpha, Beta"``; a quote doubled) so that it reads back whole.
    A control character is refused in one line: a workbook cannot hold most of them."""
    for name in names:
        bad = next((ch for ch in name if unicodedata.category(ch) == "Cc"), None)
        if bad is not None:
            raise DrydockError(f"{what} {name!r} holds the control character U+{ord(bad):04X}, which a workbook "
                               "cannot store: remove it")
    out = []
    for name in names:
        if not name or any(ch in name for ch in ',"') or name != name.strip():
            name = '"' + name.replace('"', '""') + '"'
        out.append(name)
    return ", ".join(out) or None


def split_names(text: Any, cell: str) -> tuple[str, ...]:
    """The names of a Names/IDs cell (:func:`join_names`); an unquoted name is stripped, an empty one dropped.
    Cells written before quoting read as before (a name without a leading quote ends at the next comma)."""
    if text in (None, ""):
        return ()
    s, i, out = str(text), 0, []
    while i <= len(s):
        while i < len(s) and s[i] in " \t":
            i += 1
        if i < len(s) and s[i] == '"':
            j, name = i + 1, []
            while True:
                k = s.find('"', j)
                if k < 0:
                    raise DrydockError(f"{FLEET_SHEET}!{cell}: a quoted name is not closed: {s[i:]!r}")
                name.append(s[j:k])
                if s[k + 1:k + 2] == '"':
                    name.append('"')
                    j = k + 2
                    continue
                break
            out.append("".join(name))
            rest = s.find(",", k + 1)
            if s[k + 1:len(s) if rest < 0 else rest].strip():
                raise DrydockError(f"{FLEET_SHEET}!{cell}: text after a quoted name: {s[i:]!r}")
            i = len(s) + 1 if rest < 0 else rest + 1
        else:
            rest = s.find(",", i)
            part = s[i:len(s) if rest < 0 else rest].strip()
            if part:
                out.append(part)
            i = len(s) + 1 if rest < 0 else rest + 1
    return tuple(out)


def rules_label(fleet: Fleet) -> str:
    """The label the Fleet sheet gives the fleet's rules (compared on reading)."""
    return fleet.house.base.label


def faction_label(fleet: Fleet) -> str:
    return ", ".join(f"{name} ({fleet.house.factions[key].label})" for key, name in fleet.house.faction_names.items())


def write_fleet_sheet(wb: Any, cells: Cells, fleet: Fleet, rating: FleetRating, rules_file: str | None) -> None:
    """Add the Fleet sheet as the first sheet of ``wb`` (whose SHIPn sheets hold ``fleet``'s designs in order)."""
    ws = wb.create_sheet(FLEET_SHEET, 0)
    put = cells.put
    limit = fleet.limit()
    house = not fleet.house.base.is_book or bool(fleet.house.factions)
    note = ("Live: CR, totals and the limit check are formulas over the SHIP sheets."
            + (" House rules: reading this workbook loads the rules file above (or give --rules)." if house else ""))
    values = [fleet.name, fleet.battle_size if fleet.battle_size is not None else None,
              limit[1] if limit else None, None, rules_label(fleet), faction_label(fleet) or None,
              rules_file or None, note]
    for row, (label, value) in enumerate(zip(HEAD, values, strict=True), start=1):
        put(ws, f"A{row}", label or None, bold=True)
        put(ws, f"B{row}", value, INPUT if row in (1, 2) else None)
    crat_row = next(row for row, key, _ in L.SUMMARY_ROWS if key == "crat")
    crat = f"${L.SUMMARY_VALUE_COL}${crat_row}"
    for col, text in zip("ABCDEFG", TABLE_HEADER, strict=True):
        cells.header(ws, f"{col}{HEADER_ROW}", text)
    last = FIRST_ROW + max(len(fleet.entries), 1) - 1
    records: tuple[RecordCR | None, ...] = rating.records or tuple(None for _ in fleet.entries)
    for i, (entry, r, record) in enumerate(zip(fleet.entries, rating.ratings, records, strict=True), start=1):
        row, sheet = FIRST_ROW + i - 1, f"{L.SHIP_PREFIX}{i}"
        put(ws, f"A{row}", sheet, bold=True)
        cells.fx(ws, f"B{row}", f"{sheet}!${L.DESIGN_TITLE_CELL[0]}${L.DESIGN_TITLE_CELL[1:]}",
                 entry.design.title, COMPUTED)
        put(ws, f"C{row}", entry.count, INPUT)
        put(ws, f"D{row}", join_names(entry.names, f"{entry.source}: ship name"), INPUT)
        put(ws, f"E{row}", join_names(entry.ids, f"{entry.source}: ship ID"), INPUT)
        if record is not None:
            value = record.value
        elif r is not None:
            value = r.combat_rating
        else:  # FleetRating rates every design that has no CR of record
            raise DrydockError(f"{entry.design.title}: neither a rating nor a CR of record")
        if record is not None and record.source != "unity":  # a legacy CR of record (X.1, X.2): not Appendix A
            put(ws, f"F{row}", value, COMPUTED)
        else:
            cells.fx(ws, f"F{row}", f"{sheet}!{crat}", value, COMPUTED)
        cells.fx(ws, f"G{row}", f"C{row}*F{row}", value * entry.count, COMPUTED)
    cells.fx(ws, TOTAL_CELL, f"SUM(G{FIRST_ROW}:G{last})", rating.total, COMPUTED, bold=True)
    verdict = ("" if limit is None else "within the limit" if rating.total <= limit[1]
               else f"OVER the limit by {rating.total - limit[1]}")
    cells.fx(ws, VERDICT_CELL, f'IF(ISNUMBER({LIMIT_CELL}),IF({TOTAL_CELL}>{LIMIT_CELL},"OVER the limit by "'
                               f'&({TOTAL_CELL}-{LIMIT_CELL}),"within the limit"),"")', verdict, COMPUTED)
    ws.conditional_formatting.add(f"{TOTAL_CELL}:{VERDICT_CELL}", FormulaRule(
        formula=[f"AND(ISNUMBER(${LIMIT_CELL}),${TOTAL_CELL}>${LIMIT_CELL})"], fill=_RED, stopIfTrue=False))
    for col, width in WIDTHS.items():
        ws.column_dimensions[col].width = width
    ws.freeze_panes = f"A{FIRST_ROW}"
    ws.print_area = f"A1:G{last}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    wb.active = 0


def read_head(rows: list[tuple[Any, ...]]) -> tuple[dict[str, Any], int]:
    """The head rows as {label: value} and the index of the table's header row."""
    start = next((i for i, r in enumerate(rows) if r and r[0] == TABLE_HEADER[0]), len(rows))
    return {str(r[0]): (r[1] if len(r) > 1 else None) for r in rows[:start] if r and r[0]}, start


def workbook_rules(head: dict[str, Any], path: Any, house: Any, designs: list[Any]) -> tuple[Any, str | None,
                                                                                             tuple[str, ...]]:
    """(rules to read the workbook under, its rules file, warnings).

    Without ``--rules`` (``house`` None) the rules file the workbook names is loaded (relative to the
    workbook, as a fleet file's ``rules:``). When the rules used are not those the workbook was written
    under, a warning names both.
    """
    named = head.get("Rules file")
    rules_file = str(named).strip() if named not in (None, "") else None
    warnings: list[str] = []
    if house is None:
        house = HouseRules.book()
        if rules_file is not None:
            target = Path(path).parent / rules_file
            if target.is_file():
                house = load_house_rules(target)
            else:
                warnings.append(f"{path}: the workbook names the house-rule file {rules_file}, which is not at "
                                f"{target}; read under {house.base.label} (give --rules FILE)")
                rules_file = None
    else:
        rules_file = None  # --rules given: they replace the workbook's own
    written = head.get("Rules")
    if written not in (None, "") and str(written) != house.base.label and not warnings:
        warnings.append(f"{path}: the workbook was written under {written}; read under {house.base.label}"
                        + ("" if rules_file is None else f" (from {rules_file})")
                        + ": its CRs are those of the rules it is read under")
    return house, rules_file, tuple(warnings)
