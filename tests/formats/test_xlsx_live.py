"""The live workbook recalculated by LibreOffice: every computed cell equals drydock's figure.

Workbooks are written *without* cached values, recalculated headless by LibreOffice
(``soffice --convert-to xlsx``), and read back with openpyxl (``data_only=True``); every
formula cell is compared with the value drydock caches for it, and the headline figures
with ``drydock rate --json`` (:meth:`Rating.to_dict`). See tests/libreoffice.py.
"""

from __future__ import annotations

import random
import re
import zipfile
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

from drydock.core.model import ArcValues, Bank, Battery, Design, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.formats.excel import layout as L
from drydock.formats.excel.read import from_ods, from_xlsx
from drydock.formats.excel.write import to_xlsx
from tests.design_generator import random_design
from tests.design_strategies import designs
from tests.helpers import ROOT
from tests.libreoffice import convert

HOUSE = {
    "name": "Live-workbook test house rules",
    "formulas": {"total_su": {"expr": "H * (H + 30) * 5.5"},
                 "bsur": {"expr": "L * ROF * ACC * (IMP + 0.3) * (DMG + 0.5) * (1.1 if L > 12 else 1)"},
                 "combat_rating": {"expr": "sqrt(ORAT * DRAT) * 1.05"}},
    "traits": {"Knt": {"multiplier": "2.5"}, "Acr": {"multiplier": "1.25"}},
    "mounts": {"modifiers": {"2": "1.6"}},
    "tech_levels": {"modifiers": {"1": "0.75"}},
    "systems": {"Hyperdrive": {"su": "EF * 0.5"},
                "Tractor Beam": {"orat": "(ERO + 1) * 3 * n or 1"}},  # `or`: no faithful spreadsheet form
    "options": {"drat_rounding": {"value": "base_and_final"}, "cr_drat": {"value": "exact"},
                "orat_tech_unapply": {"value": "round_first"}, "expendable_rounding": {"value": "after"},
                "defensive_base_column": {"value": "seeking"}},
}


# ------------------------------------------------------------------ designs
def legal_designs(count: int, seed: int) -> list[Design]:
    rng = random.Random(seed)
    return [random_design(rng) for _ in range(count)]


def strategy_designs(count: int) -> list[Design]:
    """Designs drawn (reproducibly) from tests/design_strategies.py: legal and illegal, every option."""
    found: list[Design] = []

    @settings(max_examples=count, derandomize=True, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(designs())
    def collect(d: Design) -> None:
        found.append(d)

    collect()
    return found


def coverage(items: list[Design], rules: Ruleset) -> dict[str, bool]:
    modes = [m for d in items for b in d.weapons for m in b.modes]
    banks = [k for d in items for b in d.weapons for k in b.banks]
    listed = {s.name for d in items for s in d.systems}
    return {
        "every trait": set(rules.traits) <= {t for m in modes for t in m.traits},
        "tech levels": all(any(getattr(d.tech, c) == lv for d in items) for c in rules.tech_categories
                           for lv in (-2, -1, 1, 2)),
        "directional shields": any(isinstance(d.shields, ArcValues) for d in items),
        "directional screens": any(isinstance(d.screens, ArcValues) for d in items),
        "screens": any(isinstance(d.screens, int) and d.screens > 0 for d in items),
        "seekers": any(m.ma is not None for m in modes),
        "dual-mode": any(b.secondary is not None for d in items for b in d.weapons),
        "multi-mounts": any(k.mount_size > 1 for k in banks),
        "alternate and defensive arcs": any(k.arc in rules.alternate_arcs for k in banks)
        and any(k.arc in rules.data.arcs.defensive for k in banks),
        "Expendable": any("Exp" in m.traits for m in modes),
        "all systems": {n for n, s in rules.systems.items() if not s.structural} <= listed,
    }


# ------------------------------------------------------------------ comparing
def _same(a: Any, b: Any) -> bool:
    if a in ("", None) and b in ("", None):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) < 1e-9
    return bool(a == b)


_CACHED = re.compile(rb'(<c r="[A-Z]+[0-9]+"[^>]*>)(<f>.*?</f>)<v>.*?</v></c>', re.S)


def without_cached_values(xlsx: bytes) -> bytes:
    """The workbook with every formula's cached value removed: what LibreOffice shows is its own result."""
    src = zipfile.ZipFile(BytesIO(xlsx))
    out = BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = _CACHED.sub(lambda m: re.sub(rb' t="[^"]*"', b"", m.group(1)) + m.group(2) + b"<v/></c>", data)
            dst.writestr(item, data)
    return out.getvalue()


def _values(source: Any, data_only: bool) -> dict[str, list[tuple[Any, ...]]]:
    wb = load_workbook(source, data_only=data_only, read_only=True)
    out = {ws.title: list(ws.iter_rows(values_only=True)) for ws in wb.worksheets}
    wb.close()
    return out


class Sheet:
    """Cell values of one sheet by address, from a read-only load (fast on big workbooks)."""

    def __init__(self, title: str, rows: list[tuple[Any, ...]]) -> None:
        self.title, self.rows = title, rows

    def __getitem__(self, addr: str) -> Any:
        col, row = coordinate_from_string(addr)
        c, r = column_index_from_string(col) - 1, row - 1
        return self.rows[r][c] if r < len(self.rows) and c < len(self.rows[r]) else None


def formula_differences(written: bytes, recalculated: Path,
                        lo_sheets: dict[str, Sheet] | None = None) -> tuple[int, list[str]]:
    """(formula cells, differences) between drydock's cached values and LibreOffice's results.

    ``lo_sheets`` (if given) receives LibreOffice's values, sheet by sheet."""
    formulas = _values(BytesIO(written), False)
    cached = _values(BytesIO(written), True)
    lo = _values(recalculated, True)
    if lo_sheets is not None:
        lo_sheets.update({title: Sheet(title, rows) for title, rows in lo.items()})
    count, diffs = 0, []
    for title, rows in formulas.items():
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if isinstance(value, str) and value.startswith("="):
                    count += 1
                    want = cached[title][r][c]
                    got = lo[title][r][c] if r < len(lo[title]) and c < len(lo[title][r]) else None
                    if not _same(want, got):
                        diffs.append(f"{title}!{get_column_letter(c + 1)}{r + 1}: drydock {want!r}, "
                                     f"LibreOffice {got!r}")
    return count, diffs


def rating_differences(ws: Any, design: Design, rules: Ruleset) -> list[str]:
    """The sheet's figures against ``drydock rate --json`` for the design."""
    j = rate(design, rules).to_dict()
    V = L.SUMMARY_VALUE_COL
    rows = {key: n for n, key, _ in L.SUMMARY_ROWS}
    su = j["space_units"]
    want: dict[str, Any] = {
        f"{V}{rows['total_su']}": su["total"], f"{V}{rows['used_su']}": su["used"],
        f"{V}{rows['remaining_su']}": su["remaining"], f"{V}{rows['orat']}": j["orat"],
        f"{V}{rows['drat']}": j["drat"], f"{V}{rows['crat']}": j["combat_rating"],
        f"{V}{rows['hull_track']}": "-".join(map(str, j["tracks"]["hull"])),
        f"{V}{rows['engines_track']}": "-".join(map(str, j["tracks"]["engines"])),
        f"{V}{rows['weapons_track']}": "-".join(map(str, j["tracks"]["weapons"])),
        f"{V}{rows['shields_track']}": "-".join(map(str, j["tracks"]["shields"])),
        f"{V}{rows['equipment_ll']}": j["loss_limits"]["equipment"],
        f"{L.USED_COL}{L.PART_SU_ROWS['engines']}": su["engines"],
        f"{L.USED_COL}{L.PART_SU_ROWS['shields']}": su["shields"],
    }
    b = L.BANKS
    row = b.first_row
    for battery in j["batteries"]:
        for k, bank in enumerate(battery["banks"] or [None]):
            want[f"{b.col('bsur')}{row}"] = battery["bsur"]
            if k == 0:
                want[f"{b.col('loss')}{row}"] = battery["loss_limit"]
            if bank is not None:
                want[f"{b.col('used')}{row}"] = bank["su"]
                want[f"{b.col('orat')}{row}"] = bank["orat"]
            row += 1
    s = L.SYSTEMS
    for n, system in enumerate(j["systems"][:len(design.systems)]):
        r = s.first_row + n
        want.update({f"{s.col('used')}{r}": system["su"], f"{s.col('orat')}{r}": system["orat"],
                     f"{s.col('drat_mult')}{r}": system["drat_multiplier"],
                     f"{s.col('drat_add')}{r}": system["drat_addition"]})
    return [f"{ws.title}!{addr}: drydock {value!r}, sheet {ws[addr]!r}"
            for addr, value in want.items() if not _same(value, ws[addr])]


# ------------------------------------------------------------------ the tests
def test_libreoffice_recalculates_300_designs_and_a_house_rule_workbook_exactly_as_drydock(tmp_path):
    book = Ruleset.unity()
    house = Ruleset.from_data(HOUSE)
    generated = legal_designs(300, seed=11)
    drawn = strategy_designs(100)
    legal_drawn = [d for d in drawn if not any(p.is_error for p in rate(d).problems)]
    legal = generated + legal_drawn
    assert len(legal) >= 300
    assert all(coverage(legal, book).values()), coverage(legal, book)
    books = {  # name: (designs, rules)
        "legal-1": (legal[:160], book), "legal-2": (legal[160:], book),
        "drawn-any": ([d for d in drawn if d not in legal_drawn], book),  # illegal ones too: same figures
        "house": (legal_designs(30, seed=12) + legal_drawn[:10], house),
    }
    sources, written = [], {}
    for name, (items, rules) in books.items():
        path = tmp_path / f"{name}.xlsx"
        written[name] = to_xlsx(items, rules=rules)
        path.write_bytes(without_cached_values(written[name]))
        sources.append(path)
    out = convert(sources, tmp_path / "recalculated")
    total = 0
    for (name, (items, rules)), result in zip(books.items(), out, strict=True):
        lo: dict[str, Sheet] = {}
        count, diffs = formula_differences(written[name], result, lo)
        total += count
        assert diffs == [], f"{name}: {len(diffs)} of {count} formula cells differ:\n" + "\n".join(diffs[:30])
        for i, design in enumerate(items, 1):
            assert rating_differences(lo[f"SHIP{i}"], design, rules) == []
    # the recalculated house-rule workbook still reads back as the same designs
    assert from_xlsx(out[-1].read_bytes(), rules=house) == books["house"][0]
    assert total > 300_000
    house_sheet = load_workbook(out[-1], data_only=True)["SHIP1"]
    assert house_sheet["G1"].value == f"Rules: {house.label}" and "house rules" in house.label
    assert "could not be translated" in house_sheet["G2"].value  # the `or` formula keeps drydock's values


# The design drawn as SHIP8 of "drawn-any" (tests/design_strategies.py, after the round-5 merges): a
# dual-mode seeker battery (MA 11, ACC 5) heading a Weapons tab of 100 rows, after an unarmed ship.
# LibreOffice 7.4 calculates formula groups of 100 rows or more in threads, and the ACC multiplier of row 2
# then read the seeker cell before it was computed: the standard column (0.15) instead of the seeking one
# (0.2, A.1), BSUR 57.7 for 75.7, OR 1531 for 1593, CR 450 for 459.
SEEKER_FIRST = Design(
    faction="QRwynf y q", class_name="02wGU", hull=8, engines=5, shields=ArcValues(fwd=5, port=4, stbd=5, aft=2),
    screens=0, tech=TechLevels(engines=0, shields=-1, weapons=0, fighters=0),
    weapons=(Battery(name="32V", primary=WeaponMode(ma=11, rof=1, acc=5, imp=3, dmg=3, traits=("Rpt", "Dsr")),
                     secondary=WeaponMode(range=(3, 6, 9), rof=5, acc=3, imp=5, dmg=4, traits=("Gid", "NPr", "Slw")),
                     banks=(Bank(arc="FF", mounts=1, mount_size=1),)),),
    systems=(SystemEntry(name="Fire Control", qty=2), SystemEntry(name="Stealth", qty=2),
             SystemEntry(name="Hyperdrive", qty=1), SystemEntry(name="Shuttlecraft", qty=2)),
    ship_id="Jx(1", ship_name=":")


def test_a_seeker_heading_a_weapons_tab_of_100_rows_recalculates_in_libreoffice_as_drydock(tmp_path):
    r = rate(SEEKER_FIRST)
    assert (r.orat, r.combat_rating) == (1593, 459)
    unarmed = Design(faction="Test", class_name="Unarmed", hull=10, engines=4, shields=2)
    items, rng = [unarmed, SEEKER_FIRST], random.Random(11)  # the seeker's sheet is not the first (SHIP2)
    while sum(1 + (b.secondary is not None) for d in items for b in d.weapons) < 100 - L.WEAPON_SPARE_ROWS:
        items.append(random_design(rng))  # enough weapons that every Weapons column is a group of 100+ rows
    written = to_xlsx(items)
    path = tmp_path / "seeker-first.xlsx"
    path.write_bytes(without_cached_values(written))
    (result,) = convert([path], tmp_path / "recalculated")
    lo: dict[str, Sheet] = {}
    count, diffs = formula_differences(written, result, lo)
    assert diffs == [] and count > 1000
    weapons = lo["Weapons"]
    assert weapons["A2"] == "32V" and weapons[f"{L.WEAPON_WORKING['acc_x'][0]}2"] == 0.2
    assert lo["SHIP2"][f"{L.SUMMARY_VALUE_COL}{dict((k, n) for n, k, _ in L.SUMMARY_ROWS)['crat']}"] == 459
    for i, design in enumerate(items, 1):
        assert rating_differences(lo[f"SHIP{i}"], design, Ruleset.unity()) == []


def _edit(wb: Any) -> None:
    ship, weapons = wb["SHIP1"], wb["Weapons"]
    ship["B9"] = 5  # engines 4 -> 5
    ship["D29"] = "3ACE2"  # a whole bank entry: three twin mounts
    ship["A63"] = "Stealth"  # a system added from the drop-down list
    weapons["H3"] = "Acr"  # Laser Cannon becomes Accurate (trait 2)
    ship2 = wb["SHIP2"]
    ship2["B10"] = None  # standard shields cleared, directional shields typed in
    for col, value in zip("BCDE", (4, 3, 3, 2), strict=True):
        ship2[f"{col}14"] = value


def test_edited_inputs_recalculate_in_libreoffice_to_drydock_figures(tmp_path):
    from drydock.formats.drake import from_drake

    # Source: Unity Rulebook v2.0, A.6 (CR 188 as drydock rates it)
    text = (ROOT / "tests" / "fixtures" / "majestic.drake").read_text(encoding="utf-8").split("\n", 1)[1]
    wb = load_workbook(BytesIO(to_xlsx(from_drake(text) + legal_designs(2, seed=3))))
    _edit(wb)
    src = tmp_path / "edited.xlsx"
    wb.save(src)
    (result,) = convert([src], tmp_path / "recalculated")
    edited = from_xlsx(result.read_bytes())
    assert edited[0].engines == 5 and edited[0].weapons[0].banks[0].mounts == 3
    assert edited[0].weapons[0].banks[0].mount_size == 2 and "Acr" in edited[0].weapons[1].primary.traits
    assert [s.name for s in edited[0].systems][-1] == "Stealth"
    assert isinstance(edited[1].shields, ArcValues) and edited[1].shields.fwd == 4
    lo = {title: Sheet(title, rows) for title, rows in _values(result, True).items()}
    for i, design in enumerate(edited, 1):
        assert rating_differences(lo[f"SHIP{i}"], design, Ruleset.unity()) == []
    ship = lo["SHIP1"]
    r = rate(edited[0])
    assert ship["H8"] == r.combat_rating == 239 and ship["C9"] == 520  # CR 188 before the edits
    assert r.used_su > r.total_su and ship["H14"] == "OVER_SPACE"  # the Problems cell names the rule
    # every formula cell agrees with drydock's own workbook for the edited designs
    count, diffs = formula_differences(to_xlsx(edited), convert([_saved(tmp_path, edited)], tmp_path / "again")[0])
    assert diffs == [] and count > 1000


def _saved(tmp_path: Path, items: list[Design]) -> Path:
    path = tmp_path / "edited-by-drydock.xlsx"
    path.write_bytes(without_cached_values(to_xlsx(items)))
    return path


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_a_workbook_saved_by_libreoffice_reads_back_as_the_same_designs(tmp_path, fmt):
    items = strategy_designs(40)
    src = tmp_path / "fleet.xlsx"
    src.write_bytes(to_xlsx(items))
    (saved,) = convert([src], tmp_path / "saved", to=fmt)
    reader = from_xlsx if fmt == "xlsx" else from_ods
    assert reader(saved.read_bytes(), file=str(saved)) == items
