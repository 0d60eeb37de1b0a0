"""Regression tests for what the robustness campaign (fuzzing every reader and the CLI) found.

Each case is a small crafted input that once escaped as a plain Python exception (an
"internal error", exit 3, through the CLI) and is now one :class:`~drydock.errors.DrydockError`
line naming the file (and the line, sheet or cell where known). In process, so fast.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from drydock.errors import DrydockError
from tests.helpers import ROOT

GOOD = (ROOT / "examples/designs/comet-frigate.yaml").read_text(encoding="utf-8")


def _cli(tmp_path: Path, *argv: str) -> tuple[int, str]:
    from drydock.cli.main import _DEBUG, cli

    _DEBUG["on"] = False
    import os

    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(cli, list(argv))
    finally:
        os.chdir(cwd)
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result.exit_code, result.output


# ------------------------------------------------------------------ YAML values PyYAML cannot build

BAD_SCALARS = ["2001-13-45", "2001-02-30", '!!timestamp "2001-01-01 99:00:00"', '!!float "x"', '!!int "0x"',
               '!!bool "maybe"']


@pytest.mark.parametrize("scalar", BAD_SCALARS)
def test_yaml_value_pyyaml_cannot_build_is_a_design_file_error(scalar: str) -> None:
    """PyYAML's SafeConstructor raises ValueError/KeyError (not YAMLError) for these: exit 3 before."""
    from drydock.formats.native import DesignFileError, from_yaml

    with pytest.raises(DesignFileError, match=r"^d\.yaml:3:\d+: not valid YAML: a !!\w+ value that cannot be read"):
        from_yaml(f"class: X\nhull: 4\nnotes: [{scalar}]\n", file="d.yaml")


@pytest.mark.parametrize("scalar", BAD_SCALARS[:1] + BAD_SCALARS[-1:])
def test_yaml_value_pyyaml_cannot_build_in_rules_fleet_and_library_files(tmp_path: Path, scalar: str) -> None:
    from drydock.errors import RulesError
    from drydock.formats.houserules import load_house_rules

    (tmp_path / "r.yaml").write_text(f"name: x\ntraits: {{Knt: {{multiplier: {scalar}}}}}\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"r\.yaml:2: not valid YAML: a !!\w+ value that cannot be read"):
        load_house_rules(tmp_path / "r.yaml")
    (tmp_path / "m.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "f.yaml").write_text(f"fleet: {scalar}\nships:\n  - design: m.yaml\n", encoding="utf-8")
    (tmp_path / "lib.yaml").write_text(f"name: {scalar}\nprofiles: []\n", encoding="utf-8")
    (tmp_path / "d.yaml").write_text("class: L\nhull: 4\nlibrary: [lib.yaml]\n", encoding="utf-8")
    # (command, the file and line the error must name, exit code: 1 a bad design/fleet file, 2 a bad --rules file)
    for argv, where, exit_code in ((["rate", "f.yaml"], "f.yaml:1:", 1), (["rate", "d.yaml"], "lib.yaml:1:", 1),
                                   (["rate", "m.yaml", "--rules", "r.yaml"], "r.yaml:2:", 2)):
        code, out = _cli(tmp_path, *argv)
        assert code == exit_code, (argv, code, out)
        assert re.search(rf"error: {re.escape(where)}(\d+:)? not valid YAML", out), (argv, out)


# ------------------------------------------------------------------ .ods content.xml

_ODS_HEAD = ('<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
             'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
             'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>')
_ODS_TAIL = "</office:spreadsheet></office:body></office:document-content>"


def _ods(tables: str, head: str = "") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("content.xml", head + _ODS_HEAD + tables + _ODS_TAIL)
    return buf.getvalue()


def _ship(rows: str, name: str = "SHIP1") -> str:
    return f'<table:table table:name="{name}">{rows}</table:table>'


_CELL = '<table:table-cell office:value-type="string"><text:p>{}</text:p></table:table-cell>'


@pytest.mark.parametrize(("content", "message"), [
    (_ship('<table:table-row table:number-rows-repeated="abc"><table:table-cell/></table:table-row>'),
     "sheet SHIP1, row 1: table:number-rows-repeated must be a whole number from 1, got 'abc'"),
    (_ship('<table:table-row><table:table-cell table:number-columns-repeated="' + "9" * 5000 + '"/></table:table-row>'),
     "sheet SHIP1, row 1, column 1: table:number-columns-repeated must be a whole number"),
    (_ship('<table:table-row table:number-rows-repeated="-3"><table:table-cell/></table:table-row>'),
     "table:number-rows-repeated must be a whole number from 1, got '-3'"),
    (_ship("<table:table-row>" + _CELL.format('<text:s text:c="900000000"/>') + "</table:table-row>"),
     "sheet SHIP1, row 1, column 1: text:c must be a whole number of spaces up to 10,000, got '900000000'"),
    (_ship("<table:table-row>" + _CELL.format('<text:s text:c="x"/>') + "</table:table-row>"),
     "text:c must be a whole number of spaces"),
    (_ship("<table:table-row-group>" * 5000 + "</table:table-row-group>" * 5000),
     "sheet SHIP1: row groups nested more than 32 deep"),
])
def test_hostile_ods_content_is_a_workbook_error_naming_sheet_and_cell(content: str, message: str) -> None:
    """Each of these raised ValueError, MemoryError (900 MB of spaces) or RecursionError before."""
    from drydock.formats.excel.read import WorkbookError, from_ods

    with pytest.raises(WorkbookError) as info:
        from_ods(_ods(content), file="w.ods")
    assert str(info.value).startswith("w.ods: not a valid ods workbook: ") and message in str(info.value)


def test_ods_with_an_unknown_xml_encoding_is_a_workbook_error() -> None:
    from drydock.formats.excel.read import WorkbookError, from_ods

    with pytest.raises(WorkbookError, match="LookupError: unknown encoding: x-foo"):
        from_ods(_ods(_ship(""), head='<?xml version="1.0" encoding="x-foo"?>'), file="w.ods")


def test_ods_deep_text_spans_and_ignored_tables_cost_nothing() -> None:
    """Spans nested 5,000 deep read without recursion; a table drydock ignores is never expanded, and
    repeats in a read table stop at the layout's rows and columns (13): 10^9 x 10^9 repeats are cheap."""
    from drydock.formats.excel.ods import load_ods

    deep = "<text:span>" * 5000 + "Laser" + "</text:span>" * 5000
    huge = ('<table:table-row table:number-rows-repeated="999999999"><table:table-cell '
            'table:number-columns-repeated="999999999" office:value-type="float" office:value="1"/></table:table-row>')
    book = load_ods(_ods(_ship("<table:table-row>" + _CELL.format(deep) + "</table:table-row>" + huge)
                         + _ship(huge, "Drake")))
    assert book.sheetnames == ["SHIP1", "Drake"] and "Drake" not in book.sheets
    ws = book["SHIP1"]
    assert ws["A1"].value == "Laser" and ws["M2"].value == 1 and ws["N2"].value is None
    assert len(ws.values) == 1 + 13 * (ws.max_row - 1)


# ------------------------------------------------------------------ workbooks and fleet workbooks

@pytest.fixture(scope="module")
def fleet_xlsx(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A fleet workbook of one design (SHIP1, Weapons, Fleet and the ignored sheets)."""
    from drydock.formats.fleet.read import read_fleet
    from drydock.formats.fleet.write import fleet_to_xlsx

    tmp = tmp_path_factory.mktemp("fleet")
    (tmp / "m.yaml").write_text(GOOD, encoding="utf-8")
    (tmp / "f.yaml").write_text("fleet: F\nships:\n  - design: m.yaml\n    count: 2\n", encoding="utf-8")
    return fleet_to_xlsx(read_fleet(tmp / "f.yaml"))


def _rename_sheet(data: bytes, old: str, new: str) -> bytes:
    zin = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for n in zin.namelist():
            body = zin.read(n)
            if n == "xl/workbook.xml":
                body = body.replace(f'name="{old}"'.encode(), f'name="{new}"'.encode())
            zout.writestr(n, body)
    return out.getvalue()


@pytest.mark.parametrize("name", ["SHIP" + "9" * 5000, "SHIP1234567"])
def test_a_sheet_named_like_a_ship_past_six_digits_is_ignored(fleet_xlsx: bytes, name: str) -> None:
    """int() of 5,000 digits (ValueError) and a SHIP sheet the loader skipped (KeyError) before."""
    from drydock.formats.excel.read import from_xlsx

    assert len(from_xlsx(_rename_sheet(fleet_xlsx, "Drake", name), file="w.xlsx")) == 1


def test_a_workbook_zip_of_an_unsupported_version_through_the_cli(tmp_path: Path, fleet_xlsx: bytes) -> None:
    """The fleet-workbook sniff (is_fleet_file) opened the zip before the reader: NotImplementedError, exit 3."""
    data = bytearray(fleet_xlsx)
    struct.pack_into("<H", data, data.find(b"PK\x01\x02") + 6, 236)  # "version needed to extract": 23.6
    (tmp_path / "w.xlsx").write_bytes(bytes(data))
    for argv in (["rate", "w.xlsx"], ["check", "w.xlsx"], ["convert", "w.xlsx", "-o", "o.yaml"]):
        code, out = _cli(tmp_path, *argv)
        assert code in (1, 2) and "not a valid xlsx workbook (NotImplementedError: zip file version 23.6)" in out


def _fleet_cell(data: bytes, addr: str, value: object) -> bytes:
    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(data))
    wb["Fleet"][addr] = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


@pytest.mark.parametrize(("addr", "value", "message"), [
    ("C10", "abc", "Fleet!C10: ships must be a whole number, got 'abc'"),  # the first ship row (fleet_sheet.py)
    ("C10", "9" * 5000, "Fleet!C10: ships with 5000 digits is past drydock's limit"),
    ("C10", 1e300, "Fleet!C10: SHIP1: ships (10000000...301 digits) is past drydock's limit of 1,000"),
    ("A10", "SHIP" + "9" * 5000, "Fleet!A10: no design sheet"),
    ("B2", 2.5, "Fleet!B2: battle size must be a whole number, got '2.5'"),
])
def test_fleet_sheet_values_are_checked(tmp_path: Path, fleet_xlsx: bytes, addr: str, value: object,
                                        message: str) -> None:
    """int() of the Fleet sheet's cells raised ValueError (text, 5,000 digits) before."""
    from drydock.formats.fleet.read import read_fleet
    from drydock.formats.fleet.shape import FleetFileError

    (tmp_path / "f.xlsx").write_bytes(_fleet_cell(fleet_xlsx, addr, value))
    with pytest.raises(FleetFileError) as info:
        read_fleet(tmp_path / "f.xlsx")
    assert message in str(info.value), str(info.value)


def test_a_malformed_fleet_sheet_is_a_fleet_file_error(tmp_path: Path, fleet_xlsx: bytes) -> None:
    zin = zipfile.ZipFile(io.BytesIO(fleet_xlsx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for n in zin.namelist():  # the Fleet sheet is the first one: cut its XML short
            zout.writestr(n, zin.read(n)[:500] if n == "xl/worksheets/sheet1.xml" else zin.read(n))
    (tmp_path / "f.xlsx").write_bytes(out.getvalue())
    from drydock.formats.fleet.read import read_fleet
    from drydock.formats.fleet.shape import FleetFileError

    with pytest.raises(FleetFileError, match=r"f\.xlsx: sheet Fleet: not a valid fleet sheet \(ParseError"):
        read_fleet(tmp_path / "f.xlsx")


@pytest.mark.parametrize("size", ['"²"', '"' + "9" * 5000 + '"'])
def test_battle_size_digits_int_refuses(tmp_path: Path, size: str) -> None:
    """str.isdigit() is true for "²", which int() refuses (ValueError, exit 3 before)."""
    (tmp_path / "m.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "f.yaml").write_text(f"fleet: F\nbattle_size: {size}\nships:\n  - design: m.yaml\n", encoding="utf-8")
    code, out = _cli(tmp_path, "rate", "f.yaml")
    assert code in (1, 2) and "battle_size" in out, out
    with pytest.raises(DrydockError):
        from drydock.core.fleet import fleet_limit
        from drydock.core.rules import Ruleset

        fleet_limit(size.strip('"'), Ruleset.unity())


@pytest.mark.parametrize(("text", "line"), [('{"hull": 4,\n "class": "\\ud800"}', 2), ('{"hull": 4, "\\udc00": 1}', 1)])
def test_json_lone_surrogate_escape_is_a_design_file_error(tmp_path: Path, text: str, line: int) -> None:
    """``"\\ud800"`` parses to a str UTF-8 cannot encode: every output (even the terminal) failed, exit 3."""
    from drydock.formats.native import DesignFileError, from_json

    with pytest.raises(DesignFileError, match=rf"^d\.json:{line}: not valid JSON: a \\u escape of half a UTF-16"):
        from_json(text, file="d.json")
    assert from_json('{"hull": 4, "class": "\\ud83d\\ude00"}')[0].class_name == "\U0001f600"  # a pair is fine
    (tmp_path / "d.json").write_text(text, encoding="utf-8")
    code, out = _cli(tmp_path, "rate", "d.json")
    assert code == 1 and "half a UTF-16 surrogate pair" in out
