"""Drydock-layout workbooks: round trips, hand edits, formula-like text, bad files, LibreOffice."""

from __future__ import annotations

import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from drydock.formats import read_designs
from drydock.formats.drake import from_drake, to_drake
from drydock.formats.excel import layout as L
from drydock.formats.excel.read import WorkbookError, from_xlsx
from drydock.formats.excel.write import to_xlsx
from drydock.formats.native import from_yaml, to_yaml
from drydock.validation import rate
from tests.design_strategies import designs

FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Source: Unity Rulebook v2.0, A.6 (the fixture without its "# Source:" comment line)
MAJESTIC = (FIXTURES / "majestic.drake").read_text(encoding="utf-8").split("\n", 1)[1]


def test_majestic_drake_yaml_drake_xlsx_drake_identical():
    text = to_drake(from_yaml(to_yaml(from_drake(MAJESTIC))))
    assert text == MAJESTIC
    assert to_drake(from_xlsx(to_xlsx(from_drake(text)))) == MAJESTIC


def test_workbook_sheets_colours_and_layout():
    data = to_xlsx(from_drake(MAJESTIC + "\n" + MAJESTIC))
    wb = load_workbook(BytesIO(data), data_only=True)  # the cached values drydock wrote
    formulas = load_workbook(BytesIO(data))
    assert wb.sheetnames == ["SHIP1", "SHIP2", "Weapons", "Rules", "Drake", "Tables"]
    assert wb["Tables"].sheet_state == "hidden"
    ship = wb["SHIP1"]
    assert ship["B8"].value == 8 and ship["B8"].fill.fgColor.rgb.endswith(L.INPUT_FILL)
    assert ship["H8"].value == 188 and ship["H8"].fill.fgColor.rgb.endswith(L.COMPUTED_FILL)  # CRAT
    assert formulas["SHIP1"]["H8"].value == "=CEILING(ROUND(SQRT((ORAT*IF(Option_cr_drat=\"rounded\",DRAT,"\
                                            "(BaseDRAT*DratMultiplier+DratAddition)))),6),1)"
    assert formulas["SHIP1"]["C9"].value == "=CEILING(ROUND(MAX(Engines,0)*EngineFactor*TLModEngines,6),1)"
    assert ship["H14"].value == "none" and ship["G1"].value == "Rules: Unity v2.0"
    assert (ship["H3"].value, ship["H4"].value, ship["H5"].value) == (1520, 1520, 0)
    assert ship["B21"].value == 185 and ship["B24"].value == "17-13-9-5"
    assert ship.freeze_panes == "A3"
    assert len(ship.data_validations.dataValidation) >= 4
    weapons = wb["Weapons"]
    # each distinct weapon profile once, although two ships carry it; RNG negative for standard weapons
    rows = [[c.value for c in r] for r in weapons.iter_rows(min_row=2, max_row=4, max_col=7)]
    assert rows == [["Lightning Turret", -12, 2, 5, 1, 1, "Pr1"], ["Laser Cannon", -9, 1, 5, 1, 1, None],
                    ["Fusion Torpedo", -15, 1, 4, 3, 1, None]]
    assert weapons["L2"].value == 10.8  # BSUR (construction.md §9.2)
    drake = [c.value or "" for c in wb["Drake"]["A"]][1:20]
    assert "\n".join(drake).strip() == MAJESTIC.strip()


def test_seeker_secondary_mode_and_custom_bands_in_the_library():
    text = MAJESTIC.replace("5-10-15 | 1x4+/3/1", "MA 8 | 1x4+/3/1 (Exp)").replace(
        "3-6-9 | 1x5+/1/1", "3-6-9 | 1x5+/1/1\nAnti-Fighter: 2-5-7 | 3x4+/1/1 (Dfn)")
    (d,) = from_drake(text)
    wb = load_workbook(BytesIO(to_xlsx(d)))
    rows = [[c.value for c in r] for r in wb["Weapons"].iter_rows(min_row=2, max_row=5, max_col=8)]
    assert rows[1][:2] == ["Laser Cannon", -9]
    assert rows[2][:2] == ["Laser Cannon>Anti-Fighter", "2-5-7"]
    assert rows[3][:8] == ["Fusion Torpedo", 8, 1, 4, 3, 1, "Skr", "Exp"]
    assert from_xlsx(to_xlsx(d)) == [d]


def test_hand_edited_workbook_imports_as_edited_and_rerates():
    (before,) = from_drake(MAJESTIC)
    wb = load_workbook(BytesIO(to_xlsx(before)))
    wb["SHIP1"]["B9"].value = 5  # engines raised by one
    wb["SHIP1"]["A63"].value = "Stealth"  # a system typed in
    buf = BytesIO()
    wb.save(buf)
    (after,) = from_xlsx(buf.getvalue())
    assert after.engines == 5
    assert [s.name for s in after.systems] == ["Countermeasures", "Hyperdrive", "Stealth"]
    r = rate(after)
    assert r.engines_su == 520 and r.used_su > r.total_su
    assert any(p.code == "OVER_SPACE" for p in r.problems)


def test_formula_like_strings_are_stored_as_text():
    (d,) = from_drake(MAJESTIC)
    d = d.model_copy(update={"faction": "=HYPERLINK(\"http://x\")", "ship_name": "+1", "ship_id": "-2",
                             "notes": ("@SUM(A1)", "=1+1")})
    data = to_xlsx(d)
    ws = load_workbook(BytesIO(data))["SHIP1"]
    for addr in ("B3", "B6", "B7", "A83", "A84"):
        assert ws[addr].data_type == "s" and ws[addr].quotePrefix, addr
    assert from_xlsx(data) == [d]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda wb: wb["SHIP1"].__setitem__("B8", "eight"), "SHIP1!B8: hull size must be a whole number"),
    (lambda wb: wb["SHIP1"].__setitem__("A8", "Hull"), "SHIP1!A8: expected the label 'Hull size'"),
    (lambda wb: wb["SHIP1"].__setitem__("C29", "Phaser"), "SHIP1!C29: weapon 'Phaser' is not in the Weapons sheet"),
    (lambda wb: wb["SHIP1"].__setitem__("D29", "2A?"), "SHIP1!D29: bank entry must look like xARCy"),
    (lambda wb: wb["Weapons"].__setitem__("B2", 7), "Weapons!B2: a positive RNG is a seeker's MA"),
    (lambda wb: wb["Weapons"].__setitem__("B3", -10), "Weapons!B3: a negative RNG must be a multiple of 3"),
    (lambda wb: wb.remove(wb["Weapons"]), "the workbook has no Weapons sheet"),
])
def test_layout_and_cell_errors_name_sheet_and_cell(edit, message):
    wb = load_workbook(BytesIO(to_xlsx(from_drake(MAJESTIC))))
    edit(wb)
    buf = BytesIO()
    wb.save(buf)
    with pytest.raises(WorkbookError) as info:
        from_xlsx(buf.getvalue(), file="fleet.xlsx")
    assert message in str(info.value) and str(info.value).startswith("fleet.xlsx: ")


def test_not_a_workbook(tmp_path):
    bad = tmp_path / "fleet.xlsx"
    bad.write_bytes(b"Imperial MAJESTIC-class Battlecruiser (185)\n")
    with pytest.raises(WorkbookError, match="not a valid xlsx workbook"):
        read_designs(bad)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(designs(), min_size=1, max_size=3))
def test_xlsx_round_trip(items):
    assert from_xlsx(to_xlsx(items)) == items


@pytest.mark.skipif(shutil.which("soffice") is None and shutil.which("libreoffice") is None,
                    reason="LibreOffice is not installed")
def test_libreoffice_opens_and_resaves_the_workbook(tmp_path):
    exe = shutil.which("soffice") or shutil.which("libreoffice")
    assert exe is not None
    src = tmp_path / "fleet.xlsx"
    designs_in = from_drake(MAJESTIC) + list(read_designs(FIXTURES.parent.parent / "examples" / "designs"
                                                          / "majestic.yaml"))
    src.write_bytes(to_xlsx(designs_in))
    out = tmp_path / "out"
    proc = subprocess.run(
        [exe, f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless", "--convert-to",
         "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out), str(src)],
        capture_output=True, text=True, timeout=180)
    resaved = out / "fleet.xlsx"
    assert proc.returncode == 0 and resaved.exists(), proc.stderr
    # the workbook LibreOffice wrote reads back as the same designs
    assert from_xlsx(resaved.read_bytes()) == designs_in
