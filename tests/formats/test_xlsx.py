"""Drydock-layout workbooks: round trips, hand edits, formula-like text, bad files, LibreOffice."""

from __future__ import annotations

from io import BytesIO

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from drydock.core.validation import rate
from drydock.formats import read_designs
from drydock.formats.drake import from_drake, to_drake
from drydock.formats.excel import layout as L
from drydock.formats.excel.read import WorkbookError, from_xlsx
from drydock.formats.excel.write import to_xlsx
from drydock.formats.native import from_yaml, to_yaml
from tests.design_strategies import designs
from tests.helpers import FIXTURES
from tests.libreoffice import convert

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
    assert formulas["SHIP1"]["H8"].value == "=CEILING(ROUND(SQRT(ORAT*IF(Option_cr_drat=\"rounded\",DRAT,"\
                                            "(BaseDRAT*DratMultiplier+DratAddition))),6),1)"
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
    (lambda wb: wb["Weapons"].__setitem__("B2", 7), "Weapons!B2: RNG 7 without the Skr trait"),
    (lambda wb: wb["Weapons"].__setitem__("B3", -10), "Weapons!B3: RNG -10 is not a multiple of 3"),
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


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_zip_of_an_unsupported_version_is_a_workbook_error(tmp_path, suffix):
    """Found by the reader fuzz: zipfile raises NotImplementedError ("zip file version 23.6") for a central
    directory entry needing a newer zip; that is a bad workbook, reported in one line, not an internal error."""
    import struct

    data = bytearray(to_xlsx(from_drake(MAJESTIC)))
    at = data.find(b"PK\x01\x02")
    struct.pack_into("<H", data, at + 6, 236)  # "version needed to extract": 23.6
    bad = tmp_path / f"fleet{suffix}"
    bad.write_bytes(bytes(data))
    with pytest.raises(WorkbookError, match="not a valid (xlsx|ods) workbook"):
        read_designs(bad)


def test_not_a_workbook(tmp_path):
    bad = tmp_path / "fleet.xlsx"
    bad.write_bytes(b"Imperial MAJESTIC-class Battlecruiser (185)\n")
    with pytest.raises(WorkbookError, match="not a valid xlsx workbook"):
        read_designs(bad)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(designs(), min_size=1, max_size=3))
def test_xlsx_round_trip(items):
    assert from_xlsx(to_xlsx(items)) == items


def test_libreoffice_opens_and_resaves_the_workbook(tmp_path):
    src = tmp_path / "fleet.xlsx"
    designs_in = from_drake(MAJESTIC) + list(read_designs(FIXTURES.parent.parent / "examples" / "designs"
                                                          / "majestic.yaml"))
    src.write_bytes(to_xlsx(designs_in))
    (resaved,) = convert([src], tmp_path / "out")
    # the workbook LibreOffice wrote reads back as the same designs
    assert from_xlsx(resaved.read_bytes()) == designs_in


# ------------------------------------------------------------------ the live workbook without LibreOffice
def _xml(data: bytes) -> dict[str, str]:
    import zipfile

    zf = zipfile.ZipFile(BytesIO(data))
    return {n: zf.read(n).decode("utf-8") for n in zf.namelist() if n.endswith(".xml")}


def test_cached_values_are_drydocks_figures_and_nothing_is_protected():
    items = from_drake(MAJESTIC) + [d for d in _examples()]
    data = to_xlsx(items)
    wb = load_workbook(BytesIO(data), data_only=True)
    for i, d in enumerate(items, 1):
        r, ws = rate(d), wb[f"SHIP{i}"]
        assert (ws["H3"].value, ws["H6"].value, ws["H7"].value, ws["H8"].value) == \
               (r.total_su, r.orat, r.drat, r.combat_rating)
        assert ws["H4"].value == r.used_su and ws["C10"].value == r.shields_su
    xml = _xml(data)
    assert not any("sheetProtection" in t or "workbookProtection" in t for t in xml.values())
    sheet1 = xml["xl/worksheets/sheet1.xml"]
    assert '<c r="H8" s=' in sheet1 and "<v>188</v>" in sheet1


def _examples():
    return [d for p in sorted((FIXTURES.parent.parent / "examples" / "designs").glob("*.yaml"))
            for d in read_designs(p)]


def test_house_rule_workbook_says_so_and_notes_untranslatable_formulas():
    from drydock.core.rules import Ruleset

    house = Ruleset.from_data({"name": "Roomy", "formulas": {"total_su": {"expr": "H * (H + 30) * 5.5"}},
                               "systems": {"Tractor Beam": {"orat": "(ERO + 1) * 3 * n or 1"}}})
    wb = load_workbook(BytesIO(to_xlsx(from_drake(MAJESTIC), rules=house)))
    ship = wb["SHIP1"]
    assert ship["G1"].value == f"Rules: Roomy (house rules, {house.fingerprint})"
    assert ship["H3"].value == "=CEILING(ROUND(Hull*(Hull+30)*5.5,6),1)"
    assert "could not be translated" in ship["G2"].value
    assert wb["Rules"]["A1"].value.startswith("Rules: Roomy")
    assert any("systems.Tractor Beam.orat" in str(c.value) for c in wb["Rules"]["A"])
    book = load_workbook(BytesIO(to_xlsx(from_drake(MAJESTIC))))["SHIP1"]
    assert book["G1"].value == "Rules: Unity v2.0" and book["G2"].value.startswith("Live:")


def test_drop_downs_offer_whole_bank_entries_and_only_listable_systems():
    wb = load_workbook(BytesIO(to_xlsx(from_drake(MAJESTIC))))
    tables = wb["Tables"]
    banks = [c.value for c in tables["D"][1:] if c.value]
    systems = [c.value for c in tables["C"][1:] if c.value]
    assert banks[:3] == ["2ACE", "2BDF", "AB"]  # the workbook's own entries first
    assert {"ACE", "2ACE", "3FH2", "4Fwd4"} <= set(banks)
    assert "Directional Shielding" not in systems and "Screens" not in systems and "Stealth" in systems
    ship = wb["SHIP1"]
    lists = {str(dv.sqref): dv.formula1 for dv in ship.data_validations.dataValidation}
    assert lists["D29:D58"].startswith("=Tables!$D$2:$D$")
    assert ship.conditional_formatting  # red cells where a rule is broken
    assert ship.defined_names["Engines"].attr_text == "SHIP1!$B$9"
    assert wb.defined_names["AccStandard"].attr_text.startswith("Rules!$B$")


@pytest.mark.parametrize(("expr", "excel"), [
    ("H * (H + 30) * 5", "Hull*(Hull+30)*5"),
    ("-H ** 2", "(-(Hull^2))"),
    ("2 ** 3 ** 2 - (1 - H) / (2 * H)", "2^(3^2)-(1-Hull)/(2*Hull)"),
    ("(-H) ** 2 + H - -2", "(-Hull)^2+Hull-(-2)"),
    ("(ER + 0.25 * BOOSTERS) * (1.5 if SAILS else 1)", "(ER+0.25*B)*IF((S<>0),1.5,1)"),
    ("max(2, ceil(H / 2))", "MAX(2,CEILING(ROUND(Hull/2,6),1))"),
    ("1.2 ** n if n >= 1 and H < 10 else floor(sqrt(H))",
     "IF(AND((n>=1),(Hull<10)),1.2^n,INT(ROUND(SQRT(Hull),6)))"),
    ("1 < H <= 3", "AND((1<Hull),(Hull<=3))"),
])
def test_rules_expressions_become_spreadsheet_formulas(expr, excel):
    from drydock.formats.excel.formulas import to_excel

    assert to_excel(expr, {"H": "Hull", "ER": "ER", "BOOSTERS": "B", "SAILS": "S", "n": "n"}) == excel


def test_untranslatable_expressions_are_refused():
    from drydock.formats.excel.formulas import Untranslatable, to_excel

    for expr in ("n or 1", "H % 2", "abs(H)"):
        with pytest.raises(Untranslatable):
            to_excel(expr, {"H": "Hull", "n": "n"})


def test_ods_reader_expands_repeats_and_reads_text():
    import zipfile

    from drydock.formats.excel.ods import load_ods

    content = (
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
        '<table:table table:name="SHIP1">'
        '<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="2"/>'
        '<table:table-cell office:value-type="float" office:value="8"/></table:table-row>'
        '<table:table-row><table:table-cell office:value-type="string"><text:p>Laser<text:s text:c="2"/>'
        'Cannon</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="2.5"/>'
        '</table:table-row><table:table-row table:number-rows-repeated="1048570"><table:table-cell/>'
        '</table:table-row></table:table></office:spreadsheet></office:body></office:document-content>')
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("content.xml", content)
    book = load_ods(buf.getvalue())
    ws = book["SHIP1"]
    assert book.sheetnames == ["SHIP1"] and ws.max_row == 3
    assert (ws["C1"].value, ws["C2"].value, ws["A3"].value, ws["B3"].value) == (8, 8, "Laser  Cannon", 2.5)
    assert ws["A1"].value is None


def test_ods_that_is_not_a_workbook():
    with pytest.raises(WorkbookError, match="not a valid ods workbook"):
        read_designs_bytes(b"PK not really", "fleet.ods")


def read_designs_bytes(data: bytes, name: str):
    from drydock.formats.excel.read import from_ods

    return from_ods(data, file=name)


def test_cached_values_whichever_xml_writer_openpyxl_used():
    """openpyxl writes ``<v/>`` and ``<sheet name=.. r:id=..>`` with the standard library, ``<v></v>`` and an
    ``xmlns:r`` first with lxml (installed with pikepdf): the cached-value pass reads both."""
    import zipfile

    from drydock.formats.excel.cells import add_cached_values

    rels = ('<Relationships><Relationship Type="ws" Target="/xl/worksheets/sheet1.xml" Id="rId1"/>'
            '</Relationships>')
    for sheet_tag, empty in (('<sheet name="SHIP1" sheetId="1" r:id="rId1"/>', "<v/>"),
                             ('<sheet xmlns:r="urn:r" name="SHIP1" sheetId="1" state="visible" r:id="rId1"/>',
                              "<v></v>")):
        src = BytesIO()
        with zipfile.ZipFile(src, "w") as z:
            z.writestr("xl/workbook.xml", f"<workbook><sheets>{sheet_tag}</sheets></workbook>")
            z.writestr("xl/_rels/workbook.xml.rels", rels)
            z.writestr("xl/worksheets/sheet1.xml", f'<sheetData><c r="H8" s="5"><f>1+2</f>{empty}</c></sheetData>')
        out = zipfile.ZipFile(BytesIO(add_cached_values(src.getvalue(), {"SHIP1": {"H8": 188}})))
        cell = b'<c r="H8" s="5"><f>1+2</f><v>188</v></c>'
        assert out.read("xl/worksheets/sheet1.xml") == b"<sheetData>" + cell + b"</sheetData>"
