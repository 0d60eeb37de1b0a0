"""Issue 26: the fleet workbook is live. Recalculated by headless LibreOffice (no cached values), each ship
row's CR and the fleet total equal ``drydock rate`` of the fleet file, with and without faction rules; an
edit of a ship sheet moves the Fleet sheet; reading a workbook under other rules warns naming both; the
fleet's ``rules:`` survives the round trip."""

from __future__ import annotations

import json
import re
import shutil
from io import BytesIO
from pathlib import Path

import yaml
from click.testing import CliRunner
from openpyxl import load_workbook

from drydock.cli.main import cli
from drydock.formats.excel import fleet_sheet as F
from tests.formats.test_xlsx_live import _values, formula_differences, without_cached_values
from tests.helpers import ROOT
from tests.libreoffice import convert

FLEETS = ROOT / "examples" / "fleets"


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def fleet_copy(tmp_path: Path, rules: bool) -> Path:
    """home-guard.yaml beside its ships and house rules; without ``rules:`` when ``rules`` is false."""
    dest = tmp_path / "fleets"
    shutil.copytree(FLEETS, dest)
    for folder in ("designs", "weapons"):
        shutil.copytree(ROOT / "examples" / folder, tmp_path / folder)
    path = dest / "home-guard.yaml"
    if not rules:
        text = path.read_text(encoding="utf-8")
        path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("rules:")) + "\n")
    return path


def rated(path: Path) -> tuple[list[int], int, int | None]:
    """(CR per design, fleet total, limit) from ``drydock rate --json``."""
    items = json.loads(run("rate", "--json", path).stdout)
    fleet = items[-1]
    return [d["combat_rating"] for d in fleet["designs"]], fleet["total_cr"], fleet["limit"]


def test_fleet_sheet_recalculates_in_libreoffice_to_rate(tmp_path):
    sources, expected, written = [], {}, {}
    for rules in (True, False):
        fleet = fleet_copy(tmp_path / f"r{int(rules)}", rules)
        book = tmp_path / f"home-guard-{'house' if rules else 'book'}.xlsx"
        assert run("convert", fleet, "-o", book).exit_code == 0
        written[book.stem] = book.read_bytes()
        book.write_bytes(without_cached_values(written[book.stem]))
        expected[book.stem] = rated(fleet)
        sources.append(book)
    house, book_rules = expected["home-guard-house"], expected["home-guard-book"]
    assert house == ([188, 64, 40, 148], 772, 1000)  # Kzinti x1.7 (87 -> 148), examples/fleets/house-rules.yaml
    assert book_rules == ([188, 64, 40, 87], 650, 1000)
    out = convert(sources, tmp_path / "recalculated")
    for src, result in zip(sources, out, strict=True):
        count, diffs = formula_differences(written[src.stem], result)
        assert diffs == [] and count > 1000, diffs[:20]
        ws = load_workbook(result, data_only=True)[F.FLEET_SHEET]
        crs, total, limit = expected[src.stem]
        rows = range(F.FIRST_ROW, F.FIRST_ROW + len(crs))
        assert [ws[f"F{r}"].value for r in rows] == crs
        assert [ws[f"G{r}"].value for r in rows] == [cr * n for cr, n in zip(crs, (1, 2, 4, 2), strict=True)]
        assert ws[F.TOTAL_CELL].value == total and ws[F.LIMIT_CELL].value == limit
        assert ws[F.VERDICT_CELL].value == "within the limit"
        assert ws["B13"].value == "Kzinti COMET-class Frigate"


def test_an_edit_moves_the_fleet_total_and_turns_it_red(tmp_path):
    fleet = fleet_copy(tmp_path, True)
    book = tmp_path / "hg.xlsx"
    assert run("convert", fleet, "-o", book).exit_code == 0
    wb = load_workbook(BytesIO(book.read_bytes()))
    ws = wb[F.FLEET_SHEET]
    ws["C13"] = 6  # six Kzinti frigates instead of two
    wb["SHIP1"]["B9"] = 5  # the Majestic's engines 4 -> 5
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    (result,) = convert([edited], tmp_path / "lo")
    lo = load_workbook(result, data_only=True)[F.FLEET_SHEET]
    (majestic,) = json.loads(run("rate", "--json", "--set", "engines=5", "--rules", FLEETS / "house-rules.yaml",
                                 ROOT / "examples" / "designs" / "majestic.yaml").stdout)
    cr = majestic["combat_rating"]
    assert cr != 188 and lo["F10"].value == cr and lo["F13"].value == 148
    total = cr + 128 + 160 + 6 * 148
    assert lo[F.TOTAL_CELL].value == total and total > 1000
    assert lo[F.VERDICT_CELL].value == f"OVER the limit by {total - 1000}"
    rule = next(iter(load_workbook(book)[F.FLEET_SHEET].conditional_formatting))
    assert str(rule.sqref) == f"{F.TOTAL_CELL}:{F.VERDICT_CELL}"
    assert rule.rules[0].formula == [f"AND(ISNUMBER(${F.LIMIT_CELL}),${F.TOTAL_CELL}>${F.LIMIT_CELL})"]
    # drydock reads the LibreOffice-saved workbook (beside the original: its rules file is found) alike
    saved = tmp_path / "saved-by-libreoffice.xlsx"
    shutil.copy(result, saved)
    res = run("rate", saved)
    assert f"Fleet total: 13 ships, CR {total}* of 1000 (medium battle, 2.2): OVER the limit by {total - 1000}" \
        in res.stdout


def test_workbook_reads_back_under_its_own_rules_and_warns_on_others(tmp_path):
    fleet = fleet_copy(tmp_path, True)
    book = tmp_path / "fleets" / "hg.xlsx"
    assert run("convert", fleet, "-o", book).exit_code == 0
    res = run("rate", book)  # the Fleet sheet names house-rules.yaml: loaded, as a fleet file's rules:
    assert res.exit_code == 0 and "CR 772* of 1000" in res.stdout and "warning" not in res.stderr
    other = ROOT / "examples" / "house-rules.yaml"
    res = run("rate", "--rules", other, book)
    assert "drydock: warning: " in res.stderr
    # the fingerprint in the label follows the rules data, so it is matched, not spelled out
    assert re.search(r"written under Home Guard campaign rules \(house rules, [0-9a-f]{8}\); read under Unity v2\.0 "
                     r"with the 'roomy hulls' house rules", res.stderr), res.stderr
    # the fleet's rules: survives workbook -> YAML, relative to where the YAML is written
    out = tmp_path / "copy" / "hg.yaml"
    assert run("convert", book, "-o", out).exit_code == 0
    data = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert data["rules"] == "../fleets/house-rules.yaml"
    assert rated(out)[1:] == (772, 1000)
    moved = tmp_path / "elsewhere" / "hg.xlsx"
    moved.parent.mkdir()
    shutil.copy(book, moved)
    res = run("rate", moved)
    assert "names the house-rule file house-rules.yaml, which is not at" in res.stderr and "CR 650 of" in res.stdout
    assert yaml.safe_load(run("convert", fleet, "-o", "-").stdout)["rules"].endswith("house-rules.yaml")


def test_cached_values_are_drydock_figures(tmp_path):
    fleet = fleet_copy(tmp_path, True)
    book = tmp_path / "hg.xlsx"
    assert run("convert", fleet, "-o", book).exit_code == 0
    cached = _values(BytesIO(book.read_bytes()), True)[F.FLEET_SHEET]
    assert cached[F.FIRST_ROW + 3 - 1][5] == 148 and cached[3][1] == 772


def test_drake_sheet_follows_edits_recalculated_in_libreoffice(tmp_path):
    """LibreOffice's Drake text of an edited workbook equals ``drydock show`` of the edited designs."""
    from drydock.formats.excel.drake_sheet import drake_lines
    from tests.formats.test_xlsx_live import _edit

    src = tmp_path / "src.yaml"
    src.write_text((ROOT / "examples" / "designs" / "majestic.yaml").read_text(encoding="utf-8"))
    book = tmp_path / "ships.xlsx"
    assert run("convert", src, ROOT / "examples" / "designs" / "vigilant-cruiser.yaml", "-o", book).exit_code == 0
    wb = load_workbook(BytesIO(book.read_bytes()))
    before = [c.value for c in wb["Drake"]["A"][1:]]
    assert before[0].startswith("=")  # a formula, not a snapshot
    _edit(wb)  # engines, a bank entry, a system, a trait, directional shields (tests/formats/test_xlsx_live.py)
    wb["SHIP2"]["B7"] = "Resolute"  # a ship name
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    (result,) = convert([edited], tmp_path / "lo")
    lo = load_workbook(result, data_only=True)["Drake"]
    text = drake_lines([c.value for c in lo["A"][1:]])
    shown = run("show", result)
    assert shown.exit_code == 0, shown.output
    assert text == shown.stdout
    assert "Engines: 5-4-3-2\n" in text and "(239)" in text and "Acr" in text and "-Fwd: 4" in text
    assert "NAME: Resolute" in text and "Stealth" in text and "(Pr1)" in text
    assert text != drake_lines([c.value for c in load_workbook(book, data_only=True)["Drake"]["A"][1:]])
