"""Read designs back from a workbook in the drydock layout (:mod:`drydock.formats.excel.layout`).

Only the yellow input cells are read (SHIP sheets and the Weapons library); the
orange computed cells and the Drake sheet are ignored, so a design edited by hand
in Excel or LibreOffice imports as edited and re-rates. Stated values are kept as
written in their cells. Errors name the sheet and cell (``SHIP1!B8``).
"""

from __future__ import annotations

import re
import warnings
import zipfile
from io import BytesIO
from typing import Any

from openpyxl import load_workbook

from drydock import limits
from drydock.core.arcs import parse_bank
from drydock.core.model import ArcValues, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.sanity import check_design
from drydock.errors import DrydockError, DrydockSyntaxError, InvalidValueError
from drydock.formats.excel import layout as L
from drydock.formats.excel.ods import OdsError, load_ods
from drydock.formats.excel.values import FormulaInInput, ValueBook, ValueSheet
from drydock.formats.excel.xmlscan import check_elements, formula_cells, sheet_parts
from drydock.formats.text import complete_range, parse_range, parse_traits


class WorkbookError(DrydockSyntaxError):
    """A file that is not a workbook, or a sheet or cell that does not follow the drydock layout."""

    def __init__(self, message: str, *, sheet: str | None = None, cell: str | None = None, text: str | None = None,
                 file: str | None = None) -> None:
        self.sheet, self.cell = sheet, cell
        where = f"{sheet}!{cell}: " if sheet and cell else (f"sheet {sheet}: " if sheet else "")
        super().__init__(where + message, text=text, file=file)


def from_xlsx(data: bytes, *, file: str | None = None, rules: Ruleset | None = None) -> list[Design]:
    """Every design (one per ``SHIPn`` sheet, in order) in the workbook bytes ``data``.

    The workbook is opened read-only: only the SHIP and Weapons sheets are parsed, within
    :data:`~drydock.limits.XLSX_CELLS` cells, so a huge sheet drydock ignores costs nothing.
    """
    rules = rules or Ruleset.unity()
    if isinstance(data, str):
        raise WorkbookError("not a valid xlsx workbook (text, not a zip file)", file=file)
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"expected the workbook as bytes, got {type(data).__name__}")
    if len(data) > limits.XLSX_FILE.value:
        raise limits.LimitError("the workbook", limits.XLSX_FILE, file=file, value=f"{len(data):,} bytes")
    _check_parts(data, file)
    with warnings.catch_warnings():  # openpyxl warns on stderr about odd parts: not a line the user needs
        warnings.simplefilter("ignore")
        book = _load_values(data, file)
    return [check_design(d, file=file) for d in _read_book(book, file, rules)]


#: Columns of the drydock layout that hold inputs (A..M: the Weapons library is the widest table).
_MAX_COL = 13
_WORKSHEET_PART = re.compile(r"xl/worksheets/[^/]+\.xml")


def _load_values(data: bytes, file: str | None) -> ValueBook:
    """The values of the SHIP and Weapons sheets, read row by row within the cells budget."""
    budget = limits.XLSX_CELLS.value
    try:
        wb = load_workbook(BytesIO(data), data_only=True, read_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a bad file; all mean "not a workbook"
        raise WorkbookError(f"not a valid xlsx workbook ({type(exc).__name__}: {exc})", file=file) from None
    try:
        sheets = []
        for ws in wb.worksheets:  # only the sheets the reader reads, as plain values (fast)
            if ws.title != L.WEAPONS_SHEET and re.fullmatch(rf"{L.SHIP_PREFIX}\d{{1,6}}", ws.title) is None:
                continue
            ws.reset_dimensions()
            max_row = L.SHIP_LAST_ROW if ws.title != L.WEAPONS_SHEET else budget // _MAX_COL + 1
            values: dict[tuple[int, int], Any] = {}
            for r, row in enumerate(ws.iter_rows(max_row=max_row, max_col=_MAX_COL, values_only=True), 1):
                budget -= len(row)
                if budget < 0:
                    raise limits.LimitError(f"sheet {ws.title}: the cells read", limits.XLSX_CELLS, file=file)
                values.update(((r, c), v) for c, v in enumerate(row, 1) if v is not None)
            sheets.append(ValueSheet(ws.title, values))
        limits.check_count("SHIP sheets", len(sheets), limits.DESIGNS, file=file)
        _add_formulas(data, sheets)
        return ValueBook(sheets, list(wb.sheetnames))
    except DrydockError:
        raise
    except Exception as exc:  # malformed sheet XML found while iterating a sheet
        raise WorkbookError(f"not a valid xlsx workbook ({type(exc).__name__}: {exc})", file=file) from None
    finally:
        wb.close()


def _add_formulas(data: bytes, sheets: list[ValueSheet]) -> None:
    """Note which cells of the read sheets hold formulas (an input cell that does is refused when read)."""
    with zipfile.ZipFile(BytesIO(data)) as archive:
        parts = sheet_parts(archive)
        for sheet in sheets:
            part = parts.get(sheet.title)
            if part is None:
                continue
            max_row = max((r for r, _ in sheet.values), default=0)
            with archive.open(part) as fh:
                sheet.formulas = formula_cells(fh, max_row, _MAX_COL)


def _check_parts(data: bytes, file: str | None, kind: str = "xlsx") -> None:
    """Refuse parts openpyxl would parse whole past :data:`~drydock.limits.XLSX_PART` (uncompressed).

    A worksheet part may be larger (drydock never parses the ones it ignores), provided its
    cell data starts early: opening a read-only workbook reads each sheet up to ``<sheetData``.
    """
    try:
        archive = zipfile.ZipFile(BytesIO(data))
        infos = archive.infolist()
    except Exception as exc:  # BadZipFile, and NotImplementedError for a zip "version" zipfile cannot read
        raise WorkbookError(f"not a valid {kind} workbook ({type(exc).__name__}: {exc})", file=file) from None
    for info in infos:
        if kind == "xlsx" and info.filename.endswith((".xml", ".rels")) and not _WORKSHEET_PART.fullmatch(
                info.filename):  # parsed whole by openpyxl (shared strings, styles ...): elements counted first

            try:
                with archive.open(info) as fh:
                    check_elements(fh, f"workbook part {info.filename}", limits.XLSX_ELEMENTS, file=file)
            except limits.LimitError:
                raise
            except Exception as exc:
                raise WorkbookError(f"not a valid {kind} workbook ({type(exc).__name__}: {exc})", file=file) from None
        if info.file_size <= limits.XLSX_PART.value:
            continue
        if _WORKSHEET_PART.fullmatch(info.filename):
            try:
                with archive.open(info) as fh:
                    head = fh.read(1024 * 1024)
            except Exception as exc:
                raise WorkbookError(f"not a valid {kind} workbook ({type(exc).__name__}: {exc})", file=file) from None
            if b"<sheetData" in head or b":sheetData" in head:
                continue
        raise limits.LimitError(f"workbook part {info.filename}", limits.XLSX_PART, file=file,
                                value=f"{info.file_size:,} bytes")


def from_ods(data: bytes, *, file: str | None = None, rules: Ruleset | None = None) -> list[Design]:
    """Every design in a drydock workbook saved by LibreOffice as ``.ods`` (same layout, same reader)."""
    rules = rules or Ruleset.unity()
    if isinstance(data, str):
        raise WorkbookError("not a valid ods workbook (text, not a zip file)", file=file)
    if len(data) > limits.XLSX_FILE.value:
        raise limits.LimitError("the workbook", limits.XLSX_FILE, file=file, value=f"{len(data):,} bytes")
    _check_parts(data, file, "ods")  # content.xml is parsed whole: bounded like any workbook part
    try:
        book = load_ods(data)
    except OdsError as exc:
        raise WorkbookError(f"not a valid ods workbook: {exc}", file=file) from None
    except limits.LimitError as exc:
        raise limits.with_file(exc, file) from None
    return [check_design(d, file=file) for d in _read_book(book, file, rules)]


def _read_book(wb: Any, file: str | None, rules: Ruleset) -> list[Design]:
    ships = sorted((int(m.group(1)), name) for name in wb.sheetnames  # SHIP sheets as the loaders read them
                   if (m := re.fullmatch(rf"{L.SHIP_PREFIX}(\d{{1,6}})", name)) is not None)
    if not ships:
        raise WorkbookError(f"the workbook has no {L.SHIP_PREFIX}1 sheet (sheets: {', '.join(wb.sheetnames)})",
                            file=file)
    if L.WEAPONS_SHEET not in wb.sheetnames:
        raise WorkbookError(f"the workbook has no {L.WEAPONS_SHEET} sheet", file=file)
    reader = _Reader(wb, file, rules)
    try:
        library = reader.library()
        return [reader.ship(name, library) for _, name in ships]
    except FormulaInInput as exc:
        raise WorkbookError(str(exc), file=file) from None


class _Reader:
    def __init__(self, wb: Any, file: str | None, rules: Ruleset) -> None:
        self.wb, self.file, self.rules = wb, file, rules

    def err(self, sheet: str, cell: str | None, message: str, value: Any = None, code: str | None = None
            ) -> WorkbookError:
        """A refusal; ``code`` is the one the workbook's own checks show for the same input (checks.py)."""
        if code is not None:
            message = f"{message} [{code}]"
        return WorkbookError(message, sheet=sheet, cell=cell, file=self.file,
                             text=None if value is None else str(value))

    # -------------------------------------------------------------- cell values
    def text(self, ws: Any, addr: str) -> str:
        v = ws[addr].value
        if v is None:
            return ""
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        return str(v)

    def integer(self, ws: Any, addr: str, what: str, default: int | None = None, *, plus: bool = False,
                code: str = "NOT_A_WHOLE_NUMBER") -> int | None:
        v = ws[addr].value
        if v is None or (isinstance(v, str) and not v.strip()):
            return default
        if isinstance(v, bool):
            raise self.err(ws.title, addr, f"{what} must be a whole number", v, code)
        if isinstance(v, (int, float)):
            if float(v).is_integer():
                return int(v)
            raise self.err(ws.title, addr, f"{what} must be a whole number", v, code)
        s = str(v).strip()
        if plus:
            s = s.rstrip("+").strip()
        if re.fullmatch(r"[+-]?\d{1,9}", s):
            return int(s)
        raise self.err(ws.title, addr, f"{what} must be a whole number", v, code)

    def track(self, ws: Any, addr: str, what: str) -> tuple[int, ...] | None:
        v = ws[addr].value
        if v is None or (isinstance(v, str) and not v.strip()):
            return None
        if isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer():
            return (int(v),)
        s = str(v).strip()
        if not re.fullmatch(r"\d{1,6}(\s*-\s*\d{1,6}|\s+\d{1,6})*", s):
            raise self.err(ws.title, addr, f"{what} must be numbers separated by '-', e.g. 4-3-2-1", v,
                           "NOT_A_WHOLE_NUMBER")
        return tuple(int(x) for x in re.split(r"[-\s]+", s) if x)

    def expect(self, ws: Any, addr: str, label: str) -> None:
        found = ws[addr].value
        if str(found or "").strip() != label:
            raise self.err(ws.title, addr, f"expected the label {label!r}, found {found!r}: this sheet does not "
                                           "follow the drydock workbook layout")

    # -------------------------------------------------------------- the Weapons library
    def library(self) -> dict[str, tuple[WeaponMode, WeaponMode | None]]:
        ws = self.wb[L.WEAPONS_SHEET]
        c = {k: v[0] for k, v in L.WEAPON_COLUMNS.items()}
        for _key, (col, header, is_input) in L.WEAPON_COLUMNS.items():
            if is_input:
                self.expect(ws, f"{col}{L.WEAPONS_HEADER_ROW}", header)
        out: dict[str, tuple[WeaponMode, WeaponMode | None]] = {}
        last_primary: str | None = None
        for row in range(L.WEAPONS_HEADER_ROW + 1, ws.max_row + 1):
            name_cell = f"{c['name']}{row}"
            name = self.text(ws, name_cell).strip()
            if not name:
                last_primary = None
                continue
            primary_key, sep, label = name.partition(L.MODE_SEPARATOR)
            if sep:  # names compare without case, as the workbook's lookups do
                if last_primary is None or primary_key.strip().casefold() != last_primary.casefold():
                    raise self.err(ws.title, name_cell, f"secondary mode {name!r} must follow its primary "
                                                        f"weapon {primary_key.strip()!r} on the row above", name,
                                   "SECONDARY_WITHOUT_PRIMARY")
                primary, _ = out[last_primary]
                mode = self.mode(ws, row, label.strip() or None)
                out[last_primary] = (primary, mode)
                last_primary = None
                continue
            if name.casefold() in {k.casefold() for k in out}:
                raise self.err(ws.title, name_cell, f"weapon {name!r} is listed twice", name, "WEAPON_LISTED_TWICE")
            out[name] = (self.mode(ws, row, None), None)
            last_primary = name
        return out

    def mode(self, ws: Any, row: int, label: str | None) -> WeaponMode:
        c = {k: v[0] for k, v in L.WEAPON_COLUMNS.items()}
        traits_raw: list[str] = []
        for key in L.TRAIT_KEYS:
            value = self.text(ws, f"{c[key]}{row}").strip()
            if value:
                traits_raw.extend(p.strip() for p in value.split(",") if p.strip())
        seeker = any(t.lower() == L.SEEKER_TRAIT.lower() for t in traits_raw)
        traits = tuple(t for t in parse_traits([t for t in traits_raw if t.lower() != L.SEEKER_TRAIT.lower()],
                                               self.rules))
        rng_cell = f"{c['rng']}{row}"
        raw = ws[rng_cell].value
        rng: tuple[int, int, int] | None = None
        ma: int | None = None
        if isinstance(raw, str) and "-" in raw.strip()[1:]:
            try:
                rng = complete_range(parse_range(raw))
            except DrydockSyntaxError as exc:
                raise self.err(ws.title, rng_cell, exc.message, raw, "RNG_INVALID") from None
        else:
            number = self.integer(ws, rng_cell, "RNG", code="RNG_INVALID")
            if number is None or number == 0:
                raise self.err(ws.title, rng_cell, "RNG is required: -L for a standard weapon (-12 = 4-8-12), "
                                                   "+MA with the Skr trait for a seeker", raw, "RNG_REQUIRED")
            long_range = not seeker and number > 0 and self.rules.option("workbook_positive_rng") == "long_range"
            if number < 0 or long_range:
                if number % 3:
                    raise self.err(ws.title, rng_cell, f"RNG {number} is not a multiple of 3: standard weapons have "
                                                       "equal bands (-9 = 3-6-9)", raw, "RNG_NOT_MULTIPLE_OF_3")
                rng = (abs(number) // 3, 2 * abs(number) // 3, abs(number))
            elif seeker:
                ma = number
            else:
                raise self.err(ws.title, rng_cell, f"RNG {number} without the Skr trait: as in the Drydock (Z.2) a "
                                                   f"positive RNG is a seeker's MA (add Skr) or a customised range "
                                                   f"band, which Unity gives no cost for; a standard weapon's RNG is "
                                                   f"negative (-12 = 4-8-12) or S-M-L text", raw,
                               "RNG_POSITIVE_NEEDS_SKR")
        stats = {k: self.integer(ws, f"{c[k]}{row}", k.upper(), plus=k == "acc", code="WEAPON_STAT_INVALID")
                 for k in ("rof", "acc", "imp", "dmg")}
        for k, v in stats.items():
            if v is None:
                raise self.err(ws.title, f"{c[k]}{row}", f"{k.upper()} is required", code="WEAPON_STAT_INVALID")
        return WeaponMode(label=label, range=rng, ma=ma, rof=stats["rof"], acc=stats["acc"], imp=stats["imp"],
                          dmg=stats["dmg"], traits=traits)

    # -------------------------------------------------------------- a SHIP sheet
    def ship(self, name: str, library: dict[str, tuple[WeaponMode, WeaponMode | None]]) -> Design:
        ws = self.wb[name]
        for f in L.SHIP_FIELDS:
            self.expect(ws, f"A{ws[f.cell].row}", f.label)
        for col, header, is_input in L.BANKS.columns.values():  # computed columns may change between versions
            if is_input:
                self.expect(ws, f"{col}{L.BANKS.header_row}", header)
        for col, header, is_input in L.SYSTEMS.columns.values():
            if is_input:
                self.expect(ws, f"{col}{L.SYSTEMS.header_row}", header)
        for arc, col in L.ARC_COLUMNS.items():
            self.expect(ws, f"{col}{L.ARC_HEADER_ROW}", L.ARC_HEADERS[arc])
        for cat, col in L.TECH_COLUMNS.items():
            self.expect(ws, f"{col}{L.TECH_HEADER_ROW}", L.TECH_HEADERS[cat])

        F = L.FIELD
        v: dict[str, Any] = {}
        for key in ("faction", "class_name", "type", "ship_id", "ship_name"):
            v[key] = self.text(ws, F[key].cell)
        hull = self.integer(ws, F["hull"].cell, "hull size")
        if hull is None:
            raise self.err(name, F["hull"].cell, "hull size is required", code="HULL_OUT_OF_RANGE")
        v["hull"] = hull
        v["engines"] = self.integer(ws, F["engines"].cell, "engines", 0)
        v["shields"] = self.arc_or_int(ws, "shields")
        v["screens"] = self.arc_or_int(ws, "screens")
        if isinstance(v["screens"], int) and v["screens"]:
            # both filled: keep the directional ones too, so validate() reports SCREENS_MIXED (A.5 [6], [7])
            extra = self.arcs(ws, "screens")
            if extra is not None:
                v["extra_directional_screens"] = extra
        v["tech"] = TechLevels(**{cat: self.integer(ws, f"{col}{L.TECH_ROW}", f"{cat} tech level", 0)
                                  for cat, col in L.TECH_COLUMNS.items()})
        stated = StatedValues(
            combat_rating=self.integer(ws, F["stated_cr"].cell, "stated combat rating"),
            hull=self.track(ws, F["stated_hull"].cell, "stated hull track"),
            engines=self.track(ws, F["stated_engines"].cell, "stated engines track"),
            weapons=self.track(ws, F["stated_weapons"].cell, "stated weapons track"),
            shields=self.track(ws, F["stated_shields"].cell, "stated shields track"),
            equipment_loss_limit=self.integer(ws, F["stated_equipment_ll"].cell, "stated equipment loss limit"),
        )
        v["stated"] = None if stated == StatedValues() else stated
        v["weapons"] = self.batteries(ws, library)
        v["systems"] = self.systems(ws)
        v["notes"] = self.notes(ws)
        try:
            return Design(**v)
        except InvalidValueError as exc:  # pragma: no cover - the cells are checked above
            raise self.err(name, None, f"not a valid design: {exc}") from None

    def arc_or_int(self, ws: Any, key: str) -> int | ArcValues:
        cell = L.FIELD[key].cell
        value = self.integer(ws, cell, key)
        if value is not None:  # standard wins over directional when both are filled (Z.2)
            return value
        return self.arcs(ws, key) or 0

    def arcs(self, ws: Any, key: str) -> ArcValues | None:
        """The directional row of ``key`` (shields or screens), ``None`` when all four cells are empty."""
        row, _ = L.DIRECTIONAL_ROWS[key]
        cells = {arc: f"{col}{row}" for arc, col in L.ARC_COLUMNS.items()}
        arcs = {arc: self.integer(ws, addr, f"{key} {arc}") for arc, addr in cells.items()}
        if all(a is None for a in arcs.values()):
            return None
        return ArcValues(**{arc: a or 0 for arc, a in arcs.items()})

    def battery_keys(self, ws: Any) -> dict[int, str]:
        """Each used bank row's battery, as the workbook's ``key`` column computes it (checks.battery_key): ``#n``
        for battery number n; a row without a number joins the first row with the same weapon (its number, or
        ``weapon: NAME`` when that row has none either). A row with neither is refused (BANK_NO_WEAPON)."""
        t = L.BANKS
        numbers: dict[int, int | None] = {}
        weapons: dict[int, str] = {}
        used = []
        for row in range(t.first_row, t.last_row + 1):
            cells = [f"{t.col(k)}{row}" for k in ("battery", "name", "weapon", "bank", "loss_limit")]
            weapons[row] = self.text(ws, f"{t.col('weapon')}{row}").strip()
            if all(ws[a].value in (None, "") or (isinstance(ws[a].value, str) and not ws[a].value.strip())
                   for a in cells):
                continue
            numbers[row] = self.integer(ws, cells[0], "battery number")
            used.append(row)
        first: dict[str, int] = {}
        for row in range(t.first_row, t.last_row + 1):
            first.setdefault(weapons[row].casefold(), row)
        keys = {}
        for row in used:
            if numbers[row] is not None:
                keys[row] = f"{L.BATTERY_KEY_NUMBER}{numbers[row]}"
            elif not weapons[row]:
                raise self.err(ws.title, f"{t.col('weapon')}{row}", "a bank row needs a weapon or its battery "
                                                                   "number (#)", code="BANK_NO_WEAPON")
            else:
                k = first[weapons[row].casefold()]
                n = numbers.get(k)
                keys[row] = (f"{L.BATTERY_KEY_NUMBER}{n}" if n is not None
                             else f"{L.BATTERY_KEY_WEAPON}{weapons[k].casefold()}")
        return keys

    def batteries(self, ws: Any, library: dict[str, tuple[WeaponMode, WeaponMode | None]]) -> tuple[Battery, ...]:
        t = L.BANKS
        groups: dict[str, dict[str, Any]] = {}
        names = {k.casefold(): k for k in library}  # the workbook's lookups ignore case
        for row, number in self.battery_keys(ws).items():
            cells = {k: f"{t.col(k)}{row}" for k in ("battery", "name", "weapon", "bank", "loss_limit")}
            group = groups.get(number)
            if group is None:
                typed = self.text(ws, cells["weapon"]).strip()
                key = names.get(typed.casefold())
                if key is None:
                    raise self.err(ws.title, cells["weapon"], f"weapon {typed!r} is not in the {L.WEAPONS_SHEET} "
                                                              "sheet", typed or None, "UNKNOWN_WEAPON")
                # a battery keeps its weapon's name when its Battery cell is left empty (Z.2: the Drydock has no
                # battery names, its rows are named by their weapon)
                group = groups[number] = {"name": self.text(ws, cells["name"]).strip(), "key": key, "banks": [],
                                          "loss_limit": None}
            if not group["name"]:
                group["name"] = self.text(ws, cells["name"]).strip()
            bank = self.text(ws, cells["bank"]).strip()
            if bank:
                try:
                    group["banks"].append(parse_bank(bank, self.rules))
                except DrydockSyntaxError as exc:  # the workbook finds no arc in it
                    raise self.err(ws.title, cells["bank"], exc.message, bank, "UNKNOWN_ARC") from None
            ll = self.integer(ws, cells["loss_limit"], "loss limit")
            if ll is not None:
                group["loss_limit"] = ll
        out = []
        for group in groups.values():
            primary, secondary = library[group["key"]]
            out.append(Battery(name=group["name"] or group["key"], primary=primary, secondary=secondary,
                               banks=tuple(group["banks"]), stated_loss_limit=group["loss_limit"]))
        return tuple(out)

    def systems(self, ws: Any) -> tuple[SystemEntry, ...]:
        t = L.SYSTEMS
        out = []
        for row in range(t.first_row, t.last_row + 1):
            name = self.text(ws, f"{t.col('name')}{row}").strip()
            qty = self.integer(ws, f"{t.col('qty')}{row}", "quantity", 1)
            if not name:
                if ws[f"{t.col('qty')}{row}"].value not in (None, ""):
                    raise self.err(ws.title, f"{t.col('name')}{row}", "a quantity without a system name",
                                   code="SYSTEM_QTY_WITHOUT_NAME")
                continue
            out.append(SystemEntry(name=self.rules.system_name(name) or name, qty=qty))
        return tuple(out)

    def notes(self, ws: Any) -> tuple[str, ...]:
        t = L.NOTES
        values = [self.text(ws, f"{t.col('note')}{row}") for row in range(t.first_row, t.last_row + 1)]
        while values and not values[-1]:
            values.pop()
        return tuple(values)
