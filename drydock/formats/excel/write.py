"""Write designs to a workbook in the drydock layout (:mod:`drydock.formats.excel.layout`, mirroring Z.2).

Input cells are yellow and hold the design; orange cells hold the figures drydock
computed at export (values, not live formulas: re-import and re-export, or run
``drydock rate``, after editing). Strings a spreadsheet would run as formulas
(leading ``=``, ``+``, ``-``, ``@``) are stored as text with a quote prefix.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils.exceptions import IllegalCharacterError
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from drydock.arcs import format_bank
from drydock.calc import Rating, mode_bsur
from drydock.errors import DrydockError
from drydock.formats.excel import layout as L
from drydock.model import ArcValues, Battery, Design, StatedValues, WeaponMode
from drydock.rules import Ruleset
from drydock.validation import rate

FORMULA_PREFIXES = ("=", "+", "-", "@")
_INPUT = PatternFill("solid", fgColor=L.INPUT_FILL)
_COMPUTED = PatternFill("solid", fgColor=L.COMPUTED_FILL)
_HEADER = PatternFill("solid", fgColor=L.HEADER_FILL)
_BOLD = Font(bold=True)


def to_xlsx(designs: Design | list[Design], *, rules: Ruleset | None = None) -> bytes:
    """A workbook (``.xlsx`` bytes) with one SHIP sheet per design, the Weapons library and the Drake text."""
    rules = rules or Ruleset.unity()
    items = [designs] if isinstance(designs, Design) else list(designs)
    wb = Workbook()
    wb.remove(wb.active)
    library = WeaponLibrary()
    keys = [[library.add(b) for b in d.weapons] for d in items]
    arcs_used: set[str] = set()
    try:
        for i, (design, battery_keys) in enumerate(zip(items, keys, strict=True), 1):
            rating = rate(design, rules)
            ws = wb.create_sheet(f"{L.SHIP_PREFIX}{i}")
            _write_ship(ws, design, rating, battery_keys)
            arcs_used.update(b.arc for bt in design.weapons for b in bt.banks)
        _write_weapons(wb.create_sheet(L.WEAPONS_SHEET), library, rules)
        _write_drake(wb.create_sheet(L.DRAKE_SHEET), items, rules)
        _write_tables(wb.create_sheet(L.TABLES_SHEET), rules, arcs_used)
    except IllegalCharacterError as exc:
        raise DrydockError(f"a design holds a character a workbook cannot store: {exc}") from None
    _add_validations(wb, len(items), len(library.rows))
    wb.active = 0
    buf = BytesIO()
    wb.save(buf)
    return buf.getvalue()


# ------------------------------------------------------------------ the weapons library


class WeaponLibrary:
    """Each distinct weapon profile (name, primary, secondary) once, under a unique key without ">"."""

    def __init__(self) -> None:
        self.keys: dict[tuple[Any, ...], str] = {}
        self.rows: list[tuple[str, WeaponMode, str | None]] = []  # (library name, mode, primary key if secondary)

    def add(self, battery: Battery) -> str:
        profile = (battery.name, battery.primary, battery.secondary)
        if profile in self.keys:
            return self.keys[profile]
        base = " ".join(battery.name.replace(L.MODE_SEPARATOR, "-").split()) or "Weapon"
        key, n = base, 1
        taken = set(self.keys.values())
        while key in taken:
            n += 1
            key = f"{base} #{n}"
        self.keys[profile] = key
        self.rows.append((key, battery.primary, None))
        if battery.secondary is not None:
            self.rows.append((f"{key}{L.MODE_SEPARATOR}{battery.secondary.label or ''}", battery.secondary, key))
        return key


def rng_code(mode: WeaponMode) -> int | str:
    """The library RNG cell (Z.2): -L for standard equal bands, +MA for seekers; "S-M-L" for customised bands."""
    if mode.ma is not None:
        return mode.ma
    assert mode.range is not None
    s, m, long = mode.range
    if long > 0 and long % 3 == 0 and s * 3 == long and m * 3 == 2 * long:
        return -long
    return f"{s}-{m}-{long}"


def trait_cells(mode: WeaponMode) -> list[str]:
    """Five trait cells: "Skr" first for a seeker (Z.2); a sixth trait and beyond share the fifth cell."""
    traits = ([L.SEEKER_TRAIT] if mode.ma is not None else []) + list(mode.traits)
    cells = traits[:4] + ([", ".join(traits[4:])] if len(traits) > 4 else [])
    return cells + [""] * (5 - len(cells))


# ------------------------------------------------------------------ cells


def put(ws: Worksheet, addr: str, value: Any, fill: PatternFill | None = None, bold: bool = False) -> None:
    """Set a cell; strings are always text (a leading = + - @ gets a quote prefix, never a formula)."""
    cell = ws[addr]
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
        if value.startswith(FORMULA_PREFIXES):
            cell.quotePrefix = True
    if fill is not None:
        cell.fill = fill
    if bold:
        cell.font = _BOLD


def _header(ws: Worksheet, addr: str, text: str) -> None:
    put(ws, addr, text, _HEADER, bold=True)


def _track(values: list[int] | tuple[int, ...] | None) -> str | None:
    if values is None:
        return None
    return "-".join(str(v) for v in values)


def _write_ship(ws: Worksheet, d: Design, r: Rating, battery_keys: list[str]) -> None:
    put(ws, L.TITLE_CELL, L.TITLE_TEXT, bold=True)
    put(ws, L.DESIGN_TITLE_CELL, d.title, _COMPUTED, bold=True)
    _header(ws, L.USED_HEADER[0], L.USED_HEADER[1])
    _header(ws, L.REMAIN_HEADER[0], L.REMAIN_HEADER[1])
    st = d.stated or StatedValues()
    values: dict[str, Any] = {
        "faction": d.faction, "class_name": d.class_name, "type": d.type, "ship_id": d.ship_id,
        "ship_name": d.ship_name, "hull": d.hull, "engines": d.engines,
        "shields": d.shields if isinstance(d.shields, int) else None,
        "screens": d.screens if isinstance(d.screens, int) else None,
        "stated_cr": st.combat_rating, "stated_hull": _track(st.hull), "stated_engines": _track(st.engines),
        "stated_weapons": _track(st.weapons), "stated_shields": _track(st.shields),
        "stated_equipment_ll": st.equipment_loss_limit,
    }
    for f in L.SHIP_FIELDS:
        row = ws[f.cell].row
        put(ws, f"A{row}", f.label, bold=True)
        put(ws, f.cell, values[f.key] if values[f.key] != "" else None, _INPUT)
    put(ws, L.STATED_HEADER[0], L.STATED_HEADER[1], bold=True)

    # directional shields and screens, tech levels
    _header(ws, f"A{L.ARC_HEADER_ROW}", L.ARC_HEADER_LABEL)
    for arc, col in L.ARC_COLUMNS.items():
        _header(ws, f"{col}{L.ARC_HEADER_ROW}", L.ARC_HEADERS[arc])
    for key, (row, label) in L.DIRECTIONAL_ROWS.items():
        put(ws, f"A{row}", label, bold=True)
        value = getattr(d, key)
        if key == "screens" and d.extra_directional_screens is not None:
            value = d.extra_directional_screens  # beside standard screens: kept, reported (SCREENS_MIXED)
        for arc, col in L.ARC_COLUMNS.items():
            put(ws, f"{col}{row}", getattr(value, arc) if isinstance(value, ArcValues) else None, _INPUT)
    _header(ws, f"A{L.TECH_HEADER_ROW}", L.TECH_HEADER_LABEL)
    put(ws, f"A{L.TECH_ROW}", L.TECH_ROW_LABEL, bold=True)
    for cat, col in L.TECH_COLUMNS.items():
        _header(ws, f"{col}{L.TECH_HEADER_ROW}", L.TECH_HEADERS[cat])
        put(ws, f"{col}{L.TECH_ROW}", getattr(d.tech, cat), _INPUT)

    # Used / Remain SU, in the order the Drydock runs them: engines, shields, screens, banks, systems
    remain = r.total_su
    listed = len(d.systems)
    screens_su = sum(s.su for s in r.systems[listed:])
    for part, su in (("engines", r.engines_su), ("shields", r.shields_su), ("screens", screens_su)):
        remain -= su
        row = L.PART_SU_ROWS[part]
        put(ws, f"{L.USED_COL}{row}", su, _COMPUTED)
        put(ws, f"{L.REMAIN_COL}{row}", remain, _COMPUTED)

    # weapon banks
    t = L.BANKS
    for _name, (col, header, _) in t.columns.items():
        _header(ws, f"{col}{t.header_row}", header)
    rows: list[dict[str, Any]] = []
    for i, (battery, br) in enumerate(zip(d.weapons, r.batteries, strict=True), 1):
        banks = list(zip(battery.banks, br.banks, strict=True)) or [(None, None)]
        for k, (bank, bank_rating) in enumerate(banks):
            rows.append({"battery": i, "name": battery.name, "weapon": battery_keys[i - 1],
                         "bank": format_bank(bank) if bank is not None else None,
                         "loss_limit": battery.stated_loss_limit if k == 0 else None,
                         "su": bank_rating.su if bank_rating else 0, "orat": bank_rating.orat if bank_rating else 0})
    if len(rows) > t.capacity:
        raise DrydockError(f"{d.title or 'design'}: {len(rows)} weapon banks; the workbook layout holds {t.capacity}")
    for n in range(t.capacity):
        row = t.first_row + n
        item = rows[n] if n < len(rows) else None
        for key in ("battery", "name", "weapon", "bank", "loss_limit"):
            value = item[key] if item else None
            put(ws, f"{t.col(key)}{row}", value if value != "" else None, _INPUT)
        if item:
            remain -= item["su"]
            put(ws, f"{t.col('used')}{row}", item["su"], _COMPUTED)
            put(ws, f"{t.col('remain')}{row}", remain, _COMPUTED)
            put(ws, f"{t.col('orat')}{row}", item["orat"], _COMPUTED)

    # systems
    t = L.SYSTEMS
    if listed > t.capacity:
        raise DrydockError(f"{d.title or 'design'}: {listed} systems; the workbook layout holds {t.capacity}")
    for _name, (col, header, _) in t.columns.items():
        _header(ws, f"{col}{t.header_row}", header)
    for n in range(t.capacity):
        row = t.first_row + n
        entry = d.systems[n] if n < listed else None
        put(ws, f"{t.col('name')}{row}", entry.name if entry else None, _INPUT)
        put(ws, f"{t.col('qty')}{row}", entry.qty if entry else None, _INPUT)
        if entry is not None:
            s = r.systems[n]
            remain -= s.su
            for key, value in (("used", s.su), ("remain", remain), ("orat", float(s.orat)),
                               ("drat_mult", float(s.drat_mult)), ("drat_add", float(s.drat_add))):
                put(ws, f"{t.col(key)}{row}", value, _COMPUTED)

    # notes
    t = L.NOTES
    if len(d.notes) > t.capacity:
        raise DrydockError(f"{d.title or 'design'}: {len(d.notes)} notes; the workbook layout holds {t.capacity}")
    _header(ws, f"{t.col('note')}{t.header_row}", t.columns["note"][1])
    for n in range(t.capacity):
        note = d.notes[n] if n < len(d.notes) else None
        put(ws, f"{t.col('note')}{t.first_row + n}", note or None, _INPUT)

    # computed summary
    tr = r.tracks
    summary = {
        "total_su": r.total_su, "used_su": r.used_su, "remaining_su": r.remaining_su, "orat": r.orat,
        "drat": r.drat, "crat": r.combat_rating, "hull_track": _track(tr.hull), "engines_track": _track(tr.engines),
        "weapons_track": _track(tr.weapons), "shields_track": _track(tr.shields),
        "equipment_ll": r.equipment_loss_limit,
        "problems": "; ".join(f"{p.code}: {p.message}" for p in r.problems) or "none",
    }
    for row, key, label in L.SUMMARY_ROWS:
        put(ws, f"{L.SUMMARY_LABEL_COL}{row}", label, bold=True)
        put(ws, f"{L.SUMMARY_VALUE_COL}{row}", summary[key], _COMPUTED)
    problems_row = next(row for row, key, _ in L.SUMMARY_ROWS if key == "problems")
    ws[f"{L.SUMMARY_VALUE_COL}{problems_row}"].alignment = Alignment(wrap_text=True, vertical="top")

    for col, width in L.SHIP_COLUMN_WIDTHS.items():
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A3"
    _print_setup(ws, f"A1:{L.SHIP_LAST_COL}{L.SHIP_LAST_ROW}", "1:2")


def _print_setup(ws: Worksheet, area: str, title_rows: str) -> None:
    ws.print_area = area
    ws.print_title_rows = title_rows
    ws.page_setup.orientation = "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _write_weapons(ws: Worksheet, library: WeaponLibrary, rules: Ruleset) -> None:
    for _key, (col, header, _) in L.WEAPON_COLUMNS.items():
        _header(ws, f"{col}{L.WEAPONS_HEADER_ROW}", header)
    c = {k: v[0] for k, v in L.WEAPON_COLUMNS.items()}
    for n, (name, mode, _) in enumerate(library.rows):
        row = L.WEAPONS_HEADER_ROW + 1 + n
        put(ws, f"{c['name']}{row}", name, _INPUT)
        put(ws, f"{c['rng']}{row}", rng_code(mode), _INPUT)
        for key in ("rof", "acc", "imp", "dmg"):
            put(ws, f"{c[key]}{row}", getattr(mode, key), _INPUT)
        for key, trait in zip(L.TRAIT_KEYS, trait_cells(mode), strict=True):
            put(ws, f"{c[key]}{row}", trait or None, _INPUT)
        put(ws, f"{c['bsur']}{row}", float(mode_bsur(mode, rules)), _COMPUTED)
        put(ws, f"{c['max_range']}{row}", mode.long_range, _COMPUTED)
    for col, width in L.WEAPON_COLUMN_WIDTHS.items():
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "B2"
    last = L.WEAPONS_HEADER_ROW + max(1, len(library.rows))
    ws.page_setup.orientation = "landscape"
    _print_setup(ws, f"A1:M{last}", "1:1")
    ws.page_setup.orientation = "landscape"


def _write_drake(ws: Worksheet, designs: list[Design], rules: Ruleset) -> None:
    from drydock.formats.drake import ship_to_drake

    put(ws, "A1", L.DRAKE_HEADER, _HEADER, bold=True)
    row = 2
    for d in designs:
        try:
            text = ship_to_drake(d, rules)
        except DrydockError as exc:
            text = f"# cannot be written as Drake: {exc}"
        for line in text.split("\n"):
            put(ws, f"A{row}", line or None)
            row += 1
        row += 1
    ws.column_dimensions["A"].width = L.DRAKE_COLUMN_WIDTH
    ws.freeze_panes = "A2"
    _print_setup(ws, f"A1:A{max(row, 2)}", "1:1")


def _lists(rules: Ruleset, arcs_used: set[str]) -> dict[str, list[str]]:
    arcs = set(rules.data.arcs.component) | set(rules.alternate_arcs) | set(rules.data.arcs.defensive) | arcs_used
    return {
        "arcs": sorted(arcs, key=str.upper),  # kept A-Z like the Drydock's Tables tab (Z.2)
        "traits": sorted([*rules.traits, L.SEEKER_TRAIT], key=str.upper),
        "systems": sorted(rules.systems, key=str.upper),
    }


def _write_tables(ws: Worksheet, rules: Ruleset, arcs_used: set[str]) -> None:
    for key, values in _lists(rules, arcs_used).items():
        col, header = L.TABLE_COLUMNS[key]
        _header(ws, f"{col}1", header)
        for n, value in enumerate(values, 2):
            put(ws, f"{col}{n}", value)
        ws.column_dimensions[col].width = 24
    ws.sheet_state = "hidden"


def _table_range(wb: Workbook, key: str) -> str:
    col, _ = L.TABLE_COLUMNS[key]
    last = wb[L.TABLES_SHEET].max_row
    return f"{L.TABLES_SHEET}!${col}$2:${col}${max(last, 2)}"


def _list_validation(formula: str, prompt: str) -> DataValidation:
    dv = DataValidation(type="list", formula1=f"={formula}", allow_blank=True, showDropDown=False)
    dv.showErrorMessage = False  # lenient like the Drydock: unknown entries are reported by `drydock check`
    dv.showInputMessage = True
    dv.promptTitle = "drydock"
    dv.prompt = prompt
    return dv


def _add_validations(wb: Workbook, ships: int, library_rows: int) -> None:
    weapons_last = L.WEAPONS_HEADER_ROW + max(library_rows, 1) + 50
    name_col = L.WEAPON_COLUMNS["name"][0]
    for i in range(1, ships + 1):
        ws = wb[f"{L.SHIP_PREFIX}{i}"]
        b, s = L.BANKS, L.SYSTEMS
        for formula, col, table, prompt in (
            (f"{L.WEAPONS_SHEET}!${name_col}$2:${name_col}${weapons_last}", b.col("weapon"), b,
             "a weapon from the Weapons sheet"),
            (_table_range(wb, "arcs"), b.col("bank"), b, "xARCy: mounts, firing arc, weapons per mount (2ACE, BCE2)"),
            (_table_range(wb, "systems"), s.col("name"), s, "a system (A.5)"),
        ):
            dv = _list_validation(formula, prompt)
            dv.add(f"{col}{table.first_row}:{col}{table.last_row}")
            ws.add_data_validation(dv)
        tech = DataValidation(type="whole", operator="between", formula1="-2", formula2="2", allow_blank=True)
        tech.error, tech.errorTitle = "Technology levels are -2 to +2 (A.4)", "drydock"
        first, last = min(L.TECH_COLUMNS.values()), max(L.TECH_COLUMNS.values())
        tech.add(f"{first}{L.TECH_ROW}:{last}{L.TECH_ROW}")
        ws.add_data_validation(tech)
    ws = wb[L.WEAPONS_SHEET]
    dv = _list_validation(_table_range(wb, "traits"), "a trait abbreviation (Skr for seekers)")
    first, last = L.WEAPON_COLUMNS["trait1"][0], L.WEAPON_COLUMNS["trait5"][0]
    dv.add(f"{first}2:{last}{weapons_last}")
    ws.add_data_validation(dv)
