"""Write designs to a live workbook in the drydock layout (:mod:`drydock.formats.excel.layout`, mirroring Z.2).

Input cells are yellow and hold the design. Every computed cell is a formula over
the inputs and the Rules sheet (written from the active ruleset), so the workbook
recalculates in Excel and LibreOffice as drydock does; each formula also carries
drydock's figure as its cached value, for readers that do not calculate.
Strings a spreadsheet would run as formulas (leading ``=``, ``+``, ``-``, ``@``) are
stored as text with a quote prefix.
"""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO
from typing import Any

from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, PatternFill
from openpyxl.utils.exceptions import IllegalCharacterError
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from drydock.core.arcs import format_bank
from drydock.core.calc import Rating
from drydock.core.model import ArcValues, Battery, Design, StatedValues, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.errors import DrydockError
from drydock.formats.excel import layout as L
from drydock.formats.excel.cells import COMPUTED, INPUT, WORKING, Cells, add_cached_values
from drydock.formats.excel.checks import mode_codes, weapon_checks
from drydock.formats.excel.drake_sheet import write_drake_sheet
from drydock.formats.excel.rules_sheet import RULES_SHEET, define_names, write_rules_sheet
from drydock.formats.excel.ship_formulas import ShipWriter, ship_names
from drydock.formats.excel.weapon_formulas import write_working

_RED = PatternFill("solid", fgColor=L.PROBLEM_FILL, bgColor=L.PROBLEM_FILL)


def to_xlsx(designs: Design | list[Design], *, rules: Ruleset | None = None,
            decorate: Callable[[Workbook, Cells], None] | None = None,
            rules_for: Callable[[Design], Ruleset] | None = None) -> bytes:
    """A live workbook (``.xlsx`` bytes): one SHIP sheet per design, the Weapons library, Rules, Drake text.

    ``decorate(wb, cells)`` may add sheets (a fleet roster) before the workbook is saved; loading and
    re-saving the bytes with openpyxl instead would drop the cached values. ``rules_for(design)``
    gives a design's own ruleset (faction house rules): its ship formulas (CR, DRAT, tracks ...)
    are translated from it, as ``rate`` rates it; the Rules sheet holds ``rules``.
    """
    rules = rules or Ruleset.unity()
    items = [designs] if isinstance(designs, Design) else list(designs)
    ship_rules = [rules_for(d) if rules_for is not None else rules for d in items]
    wb = Workbook()
    wb.remove(wb.active)
    cells = Cells()
    notes: list[str] = []
    library = WeaponLibrary()
    keys = [[library.add(b) for b in d.weapons] for d in items]
    arcs_used: set[str] = set()
    banks_used: list[str] = []
    try:
        ships = [wb.create_sheet(f"{L.SHIP_PREFIX}{i}") for i in range(1, len(items) + 1)]
        weapons_ws = wb.create_sheet(L.WEAPONS_SHEET)
        rules_ws = wb.create_sheet(RULES_SHEET)
        weapons_last = _write_weapons(weapons_ws, cells, library, rules, notes)
        for ws, design, battery_keys, own in zip(ships, items, keys, ship_rules, strict=True):
            rating = rate(design, own)
            _write_ship(ws, cells, design, rating, battery_keys, own, notes)
            ws.sheet_properties.tabColor = None if own is rules else L.FACTION_TAB_COLOUR
            for what in sheet_level_differences(rules, own):
                note = (f"{ws.title}: {own.label}: {what} differs from the Rules sheet, which this sheet's "
                        "formulas read (figures cached from drydock; edits recalculate by the Rules sheet)")
                if note not in notes:
                    notes.append(note)
            for name, ref in ship_names(ws.title, weapons_last).items():
                ws.defined_names[name] = DefinedName(name, attr_text=ref)
            arcs_used.update(b.arc for bt in design.weapons for b in bt.banks)
            banks_used.extend(format_bank(b) for bt in design.weapons for b in bt.banks)
        names = write_rules_sheet(rules_ws, cells, rules, notes)
        _print_setup(rules_ws, f"A1:O{rules_ws.max_row}", "1:1")
        rules_ws.page_setup.orientation = "landscape"
        names.update(_weapon_names(weapons_last))
        define_names(wb, names)
        for ws, own in zip(ships, ship_rules, strict=True):
            _header_note(ws, cells, own, notes)
        n_arcs = len(_lists(rules, arcs_used, banks_used)["arcs"])
        arcs = f"{L.TABLES_SHEET}!${L.TABLE_COLUMNS['arcs'][0]}$2:${L.TABLE_COLUMNS['arcs'][0]}${n_arcs + 1}"
        where = {name: n for n, (name, _, _) in enumerate(library.rows, 1)}
        write_drake_sheet(wb.create_sheet(L.DRAKE_SHEET), cells, items, ship_rules, weapons_last, arcs,
                          [[where[k] for k in ks] for ks in keys])
        _write_tables(wb.create_sheet(L.TABLES_SHEET), cells, rules, arcs_used, banks_used)
    except IllegalCharacterError as exc:
        raise DrydockError(f"a design holds a character a workbook cannot store: {exc}") from None
    _add_validations(wb, len(items), weapons_last)
    _add_conditional_formats(wb, len(items), weapons_last)
    wb.active = 0
    if decorate is not None:
        try:
            decorate(wb, cells)
        except IllegalCharacterError as exc:
            raise DrydockError(f"a name holds a character a workbook cannot store: {exc}") from None
    buf = BytesIO()
    wb.save(buf)
    return add_cached_values(buf.getvalue(), cells.cached)


#: Formulas translated into the shared Weapons sheet (one library for every ship), not per ship.
WEAPON_SHEET_FORMULAS = ("bsur", "seeking_addition", "defensive_addition")


def sheet_level_differences(base: Ruleset, own: Ruleset) -> list[str]:
    """What of ``own`` (a faction's rules) a SHIP sheet cannot carry: tables (read from the Rules sheet by
    name) and weapon formulas (in the shared Weapons sheet). Ship formulas may differ freely."""
    if own is base:
        return []
    a, b = base.data, own.data
    out = [f"rules table {key}" for key in type(a).model_fields if key not in ("name", "formulas")
           and getattr(a, key) != getattr(b, key)]
    out += [f"formulas.{key}" for key in WEAPON_SHEET_FORMULAS if a.formulas.get(key) != b.formulas.get(key)]
    return out


def _weapon_names(last: int) -> dict[str, str]:
    out = {"WeaponName": f"{L.WEAPONS_SHEET}!${L.WEAPON_COLUMNS['name'][0]}$2:${L.WEAPON_COLUMNS['name'][0]}${last}"}
    for name, key in (("WeaponRaw", "raw"), ("WeaponRaw2", "raw2"), ("WeaponBatteryL", "battery_L"),
                      ("WeaponExp", "exp"), ("WeaponChecks", "checks")):
        col = L.WEAPON_WORKING[key][0]
        out[name] = f"{L.WEAPONS_SHEET}!${col}$2:${col}${last}"
    return out


def _header_note(ws: Worksheet, cells: Cells, rules: Ruleset, notes: list[str]) -> None:
    cells.put(ws, "G1", f"Rules: {rules.label}", bold=True)
    text = ("Live: every orange cell is a formula over the yellow inputs and the Rules sheet."
            if not notes else f"{len(notes)} house-rule formula(s) could not be translated: their cells hold "
                              "drydock's figures and do not recalculate (see the Rules sheet).")
    cells.put(ws, "G2", text)


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
        taken = {k.casefold() for k in self.keys.values()}  # the workbook's lookups ignore case
        while key.casefold() in taken:
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
    Cells().put(ws, addr, value, fill, bold)


def _track(values: list[int] | tuple[int, ...] | None) -> str | None:
    if values is None:
        return None
    return "-".join(str(v) for v in values)


def _write_ship(ws: Worksheet, cells: Cells, d: Design, r: Rating, battery_keys: list[str], rules: Ruleset,
                notes: list[str]) -> None:
    put, header = cells.put, cells.header
    put(ws, L.TITLE_CELL, L.TITLE_TEXT, bold=True)
    title = f'TRIM(${L.FIELD["faction"].cell}&" "&IF(${L.FIELD["class_name"].cell}="","",' \
            f'UPPER(${L.FIELD["class_name"].cell})&"-class")&" "&${L.FIELD["type"].cell})'
    cells.fx(ws, L.DESIGN_TITLE_CELL, f'SUBSTITUTE({title},"  "," ")', d.title, COMPUTED, bold=True)
    header(ws, L.USED_HEADER[0], L.USED_HEADER[1])
    header(ws, L.REMAIN_HEADER[0], L.REMAIN_HEADER[1])
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
        put(ws, f.cell, values[f.key] if values[f.key] != "" else None, INPUT)
    put(ws, L.STATED_HEADER[0], L.STATED_HEADER[1], bold=True)

    # directional shields and screens, tech levels
    header(ws, f"A{L.ARC_HEADER_ROW}", L.ARC_HEADER_LABEL)
    for arc, col in L.ARC_COLUMNS.items():
        header(ws, f"{col}{L.ARC_HEADER_ROW}", L.ARC_HEADERS[arc])
    for key, (row, label) in L.DIRECTIONAL_ROWS.items():
        put(ws, f"A{row}", label, bold=True)
        value = getattr(d, key)
        if key == "screens" and d.extra_directional_screens is not None:
            value = d.extra_directional_screens  # beside standard screens: kept, reported (SCREENS_MIXED)
        for arc, col in L.ARC_COLUMNS.items():
            put(ws, f"{col}{row}", getattr(value, arc) if isinstance(value, ArcValues) else None, INPUT)
    header(ws, f"A{L.TECH_HEADER_ROW}", L.TECH_HEADER_LABEL)
    put(ws, f"A{L.TECH_ROW}", L.TECH_ROW_LABEL, bold=True)
    for cat, col in L.TECH_COLUMNS.items():
        header(ws, f"{col}{L.TECH_HEADER_ROW}", L.TECH_HEADERS[cat])
        put(ws, f"{col}{L.TECH_ROW}", getattr(d.tech, cat), INPUT)

    # weapon banks: inputs
    t = L.BANKS
    for _name, (col, text, _) in t.columns.items():
        header(ws, f"{col}{t.header_row}", text)
    rows: list[dict[str, Any]] = []
    for i, battery in enumerate(d.weapons, 1):
        for k, bank in enumerate(battery.banks or (None,)):
            rows.append({"battery": i, "name": battery.name, "weapon": battery_keys[i - 1],
                         "bank": format_bank(bank) if bank is not None else None,
                         "loss_limit": battery.stated_loss_limit if k == 0 else None})
    if len(rows) > t.capacity:
        raise DrydockError(f"{d.title or 'design'}: {len(rows)} weapon banks; the workbook layout holds {t.capacity}")
    for n in range(t.capacity):
        row = t.first_row + n
        item = rows[n] if n < len(rows) else None
        for key in ("battery", "name", "weapon", "bank", "loss_limit"):
            value = item[key] if item else None
            put(ws, f"{t.col(key)}{row}", value if value != "" else None, INPUT)

    # systems: inputs
    t = L.SYSTEMS
    listed = len(d.systems)
    if listed > t.capacity:
        raise DrydockError(f"{d.title or 'design'}: {listed} systems; the workbook layout holds {t.capacity}")
    for _name, (col, text, _) in t.columns.items():
        header(ws, f"{col}{t.header_row}", text)
    for n in range(t.capacity):
        row = t.first_row + n
        entry = d.systems[n] if n < listed else None
        put(ws, f"{t.col('name')}{row}", entry.name if entry else None, INPUT)
        put(ws, f"{t.col('qty')}{row}", entry.qty if entry else None, INPUT)

    # notes
    t = L.NOTES
    if len(d.notes) > t.capacity:
        raise DrydockError(f"{d.title or 'design'}: {len(d.notes)} notes; the workbook layout holds {t.capacity}")
    header(ws, f"{t.col('note')}{t.header_row}", t.columns["note"][1])
    for n in range(t.capacity):
        note = d.notes[n] if n < len(d.notes) else None
        put(ws, f"{t.col('note')}{t.first_row + n}", note or None, INPUT)

    # computed cells: formulas with drydock's figures cached
    for row, _key, label in L.SUMMARY_ROWS:
        put(ws, f"{L.SUMMARY_LABEL_COL}{row}", label, bold=True)
    ShipWriter(ws, cells, d, r, rules, notes).write()
    problems_row = next(row for row, key, _ in L.SUMMARY_ROWS if key == "problems")
    ws[f"{L.SUMMARY_VALUE_COL}{problems_row}"].alignment = Alignment(wrap_text=True, vertical="top")

    for col, width in L.SHIP_COLUMN_WIDTHS.items():
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A3"
    _print_setup(ws, f"A1:{L.SHIP_LAST_COL}{L.SHIP_LAST_ROW}", "1:2")
    ws.page_setup.orientation = "landscape"


def _print_setup(ws: Worksheet, area: str, title_rows: str) -> None:
    ws.print_area = area
    ws.print_title_rows = title_rows
    ws.page_setup.orientation = "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _write_weapons(ws: Worksheet, cells: Cells, library: WeaponLibrary, rules: Ruleset, notes: list[str]) -> int:
    """The library inputs (yellow), then the working formulas; returns the last row carrying formulas."""
    for _key, (col, text, _) in L.WEAPON_COLUMNS.items():
        cells.header(ws, f"{col}{L.WEAPONS_HEADER_ROW}", text)
    ws[f"{L.WEAPON_COLUMNS['rng'][0]}{L.WEAPONS_HEADER_ROW}"].comment = Comment(RNG_PROMPT, "drydock", 90, 300)
    c = {k: v[0] for k, v in L.WEAPON_COLUMNS.items()}
    for n, (name, mode, _) in enumerate(library.rows):
        row = L.WEAPONS_HEADER_ROW + 1 + n
        cells.put(ws, f"{c['name']}{row}", name, INPUT)
        cells.put(ws, f"{c['rng']}{row}", rng_code(mode), INPUT)
        for key in ("rof", "acc", "imp", "dmg"):
            cells.put(ws, f"{c[key]}{row}", getattr(mode, key), INPUT)
        for key, trait in zip(L.TRAIT_KEYS, trait_cells(mode), strict=True):
            cells.put(ws, f"{c[key]}{row}", trait or None, INPUT)
        for col in c.values():
            if ws[f"{col}{row}"].fill.fgColor.rgb in (None, "00000000"):
                ws[f"{col}{row}"].fill = COMPUTED
    last = write_working(ws, cells, rules, library.rows, notes)
    checks = L.WEAPON_WORKING["checks"][0]
    for n in range(last - L.WEAPONS_HEADER_ROW):
        row = L.WEAPONS_HEADER_ROW + 1 + n
        lib_mode = library.rows[n][1] if n < len(library.rows) else None
        cells.fx(ws, f"{checks}{row}", weapon_checks(row, rules), mode_codes(lib_mode, rules) if lib_mode else "",
                 WORKING)
    for col, width in L.WEAPON_COLUMN_WIDTHS.items():
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "B2"
    _print_setup(ws, f"A1:M{last}", "1:1")  # the spare rows too: a player fills them in
    ws.page_setup.orientation = "landscape"
    return last


#: How the RNG cell is read (Z.2), shown where it is typed: the header's comment and each cell's input prompt
#: (Excel keeps a prompt within 255 characters).
RNG_PROMPT = ("-12 = standard 4-8-12 (negative: equal bands, a multiple of 3). 8 with the Skr trait = seeker, MA 8. "
              "4-8-12 as text = bands as typed. A positive RNG without Skr is refused (Drydock: custom bands).")


def bank_entries(rules: Ruleset, arcs_used: set[str], banks_used: list[str]) -> list[str]:
    """Whole ``xARCy`` entries for the bank drop-down (Z.2): those in the workbook first, then every
    standard arc with 1-4 mounts of 1-4 weapons, so that picking one never loses the mount count."""
    arcs = sorted(set(rules.data.arcs.component) | set(rules.alternate_arcs) | set(rules.data.arcs.defensive)
                  | arcs_used, key=str.upper)
    sizes = sorted(rules.mount_modifiers)
    out = list(dict.fromkeys(banks_used))
    seen = set(out)
    for arc in arcs:
        for mounts in range(1, 5):
            for size in sizes:
                entry = f"{mounts if mounts > 1 else ''}{arc}{size if size > 1 else ''}"
                if entry not in seen:
                    seen.add(entry)
                    out.append(entry)
    return out


def _lists(rules: Ruleset, arcs_used: set[str], banks_used: list[str]) -> dict[str, list[str]]:
    arcs = set(rules.data.arcs.component) | set(rules.alternate_arcs) | set(rules.data.arcs.defensive) | arcs_used
    return {
        "arcs": sorted(arcs, key=str.upper),  # kept A-Z like the Drydock's Tables tab (Z.2)
        "traits": sorted([*rules.traits, L.SEEKER_TRAIT], key=str.upper),
        # only what may be listed as a system: shields and screens have their own input cells
        "systems": sorted((n for n, s in rules.systems.items() if not s.structural), key=str.upper),
        "banks": bank_entries(rules, arcs_used, banks_used),
    }


def _write_tables(ws: Worksheet, cells: Cells, rules: Ruleset, arcs_used: set[str], banks_used: list[str]) -> None:
    for key, values in _lists(rules, arcs_used, banks_used).items():
        col, text = L.TABLE_COLUMNS[key]
        cells.header(ws, f"{col}1", text)
        for n, value in enumerate(values, 2):
            cells.put(ws, f"{col}{n}", value)
        ws.column_dimensions[col].width = 24
    ws.sheet_state = "hidden"


def _table_range(wb: Workbook, key: str) -> str:
    col, _ = L.TABLE_COLUMNS[key]
    ws = wb[L.TABLES_SHEET]
    last = max((c.row for c in ws[col] if c.value not in (None, "")), default=2)
    return f"{L.TABLES_SHEET}!${col}$2:${col}${max(last, 2)}"


def _list_validation(formula: str, prompt: str) -> DataValidation:
    dv = DataValidation(type="list", formula1=f"={formula}", allow_blank=True, showDropDown=False)
    dv.showErrorMessage = False  # lenient like the Drydock: unknown entries are reported by the Problems cell
    dv.showInputMessage = True
    dv.promptTitle = "drydock"
    dv.prompt = prompt
    return dv


def _add_validations(wb: Workbook, ships: int, weapons_last: int) -> None:
    name_col = L.WEAPON_COLUMNS["name"][0]
    banks, systems = _table_range(wb, "banks"), _table_range(wb, "systems")
    for i in range(1, ships + 1):
        ws = wb[f"{L.SHIP_PREFIX}{i}"]
        b, s = L.BANKS, L.SYSTEMS
        for formula, col, table, prompt in (
            (f"{L.WEAPONS_SHEET}!${name_col}$2:${name_col}${weapons_last}", b.col("weapon"), b,
             "a weapon from the Weapons sheet"),
            (banks, b.col("bank"), b,
             "xARCy: mounts, firing arc, weapons per mount (2ACE, BCE2); type any other entry"),
            (systems, s.col("name"), s, "a system (A.5); shields and screens have their own cells"),
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
    rng = DataValidation(allow_blank=True)  # any value: the prompt says how the cell is read
    rng.showInputMessage, rng.promptTitle, rng.prompt = True, "RNG (Z.2)", RNG_PROMPT
    rng.add(f"{L.WEAPON_COLUMNS['rng'][0]}2:{L.WEAPON_COLUMNS['rng'][0]}{weapons_last}")
    ws.add_data_validation(rng)
    dv = _list_validation(_table_range(wb, "traits"), "a trait abbreviation (Skr for seekers)")
    first, last = L.WEAPON_COLUMNS["trait1"][0], L.WEAPON_COLUMNS["trait5"][0]
    dv.add(f"{first}2:{last}{weapons_last}")
    ws.add_data_validation(dv)


def _add_conditional_formats(wb: Workbook, ships: int, weapons_last: int) -> None:
    """Red where the design breaks a rule (the code is in the Problems cell / Checks column)."""
    def red(ws: Worksheet, area: str, formula: str) -> None:
        ws.conditional_formatting.add(area, FormulaRule(formula=[formula], fill=_RED, stopIfTrue=False))

    F, b, s = L.FIELD, L.BANKS, L.SYSTEMS
    for i in range(1, ships + 1):
        ws = wb[f"{L.SHIP_PREFIX}{i}"]
        V = L.SUMMARY_VALUE_COL
        rows = {key: n for n, key, _ in L.SUMMARY_ROWS}
        red(ws, f"{V}{rows['used_su']}:{V}{rows['remaining_su']}", "UsedSU>TotalSU")
        red(ws, f"{V}{rows['problems']}", f'${V}${rows["problems"]}<>"none"')
        red(ws, f"{L.REMAIN_COL}9:{L.REMAIN_COL}11", "D9<0")
        red(ws, f"{b.col('remain')}{b.first_row}:{b.col('remain')}{b.last_row}",
            f'AND(ISNUMBER({b.col("remain")}{b.first_row}),{b.col("remain")}{b.first_row}<0)')
        red(ws, f"{s.col('remain')}{s.first_row}:{s.col('remain')}{s.last_row}",
            f'AND(ISNUMBER({s.col("remain")}{s.first_row}),{s.col("remain")}{s.first_row}<0)')
        red(ws, F["hull"].cell, "OR(Hull<HullMin,Hull>HullMax)")
        red(ws, F["shields"].cell, "OR(N(ShieldInput)>ShieldMax,N(ShieldInput)<0)")
        red(ws, F["screens"].cell, "OR(N(ScreenInput)>ScreensMax,N(ScreenInput)<0)")
        srow, crow = L.DIRECTIONAL_ROWS["shields"][0], L.DIRECTIONAL_ROWS["screens"][0]
        red(ws, f"B{srow}:E{srow}", f"OR(N(B{srow})>ShieldMax,N(B{srow})<0)")
        red(ws, f"B{crow}:E{crow}", f"OR(N(B{crow})<0,SUM(ScreenArcs)>ScreensMax)")
        red(ws, f"B{L.TECH_ROW}:E{L.TECH_ROW}", f"ISERROR(MATCH(N(B{L.TECH_ROW}),TechLevel,0))")
        first = b.first_row
        red(ws, f"{b.col('weapon')}{first}:{b.col('bank')}{b.last_row}", f'${b.col("checks")}{first}<>""')
        red(ws, f"{b.col('checks')}{first}:{b.col('checks')}{b.last_row}", f'${b.col("checks")}{first}<>""')
        red(ws, f"{s.col('name')}{s.first_row}:{s.col('qty')}{s.last_row}",
            f'AND(TRIM(${s.col("name")}{s.first_row})<>"",${s.col("rule")}{s.first_row}="")')
    ws = wb[L.WEAPONS_SHEET]
    checks = L.WEAPON_WORKING["checks"][0]
    red(ws, f"A2:K{weapons_last}", f'${checks}2<>""')
    red(ws, f"{checks}2:{checks}{weapons_last}", f'${checks}2<>""')
