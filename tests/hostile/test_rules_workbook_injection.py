"""Issue 27: house-rule names in the live workbook's formulas are text, never formula (injection).

A traded house-rule file names new systems, traits and forbidden pairs; those names reach
``COUNTIF``/``COUNTIFS``/``SUMIF`` criteria and string literals in the SHIP and Weapons
sheets. Names holding ``"``, ``&``, ``=`` and ``_xlfn.WEBSERVICE(...)`` are written through
the CLI, LibreOffice recalculates the workbook, and every formula cell must equal drydock's
figure (before the fix: 35 cells differed and the Problems cell was ``#VALUE!``); no
function call may appear outside a string literal. Names that cannot be made safe
(control characters, line breaks, wildcards) are refused when the rules load.
"""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.hostile.child import run_cli

WEB_T = '_xlfn.WEBSERVICE("http://127.0.0.1:9/t")'
WEB_S = '_xlfn.WEBSERVICE("http://127.0.0.1:9/s")'
TRAIT = f'Q"&{WEB_T}&"'
RULES = f"""name: Hostile names
traits:
  '{TRAIT}': {{name: 'Web "trait"', multiplier: "1.5", requires: {{rof: 1}}}}
  '=Z&1': {{name: '=Eq & trait', multiplier: "1.25"}}
trait_rules:
  forbidden_pairs:
    - {{traits: ['{TRAIT}', '=Z&1']}}
systems:
  '=1+1 "Sys"': {{type: E, su: "n", multiples: true, requires: '{WEB_S}'}}
  '{WEB_S}': {{type: E, su: "1", multiples: true}}
  '>1': {{type: E, su: "2"}}
"""


def _design(name: str, rof: int, traits: str, qty: tuple[int, int, int]) -> str:
    return f"""faction: Test
class: {name}
hull: 8
engines: 4
shields: 1
weapons:
  - name: Gun
    range: 4-8-12
    stats: {rof}x4+/1/1
    traits: [{traits}]
    banks: [FX]
systems:
  - {{name: '=1+1 "Sys"', qty: {qty[0]}}}
  - {{name: '{WEB_S}', qty: {qty[1]}}}
  - {{name: '>1', qty: {qty[2]}}}
"""


_LITERAL = re.compile(r'"(?:[^"]|"")*"')


def test_hostile_rule_names_stay_text_and_libreoffice_recalculates_to_drydock(tmp_path: Path) -> None:
    from tests.formats.test_xlsx_live import formula_differences, without_cached_values
    from tests.libreoffice import convert

    (tmp_path / "rules.yaml").write_text(RULES)
    # bad: every check fires (TRAIT_REQUIRES_ROF_1, TRAIT_PAIR_FORBIDDEN, SYSTEM_QTY_INVALID, SYSTEM_REQUIRES)
    (tmp_path / "bad.yaml").write_text(_design("Bad", 2, f"'{TRAIT}', '=Z&1'", (3, 1, 2)))
    (tmp_path / "good.yaml").write_text(_design("Good", 1, f"'{TRAIT}'", (1, 2, 1)))
    run = run_cli(["convert", "bad.yaml", "good.yaml", "-o", "out.xlsx", "--rules", "rules.yaml"], cwd=tmp_path)
    assert run.code == 0, run.stderr
    written = (tmp_path / "out.xlsx").read_bytes()

    wb = load_workbook(BytesIO(written))
    formulas = [c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row
                if isinstance(c.value, str) and c.value.startswith("=")]
    outside = [f for f in formulas if "WEBSERVICE" in _LITERAL.sub('""', f)]
    assert formulas and outside == []
    problems = load_workbook(BytesIO(written), data_only=True)["SHIP1"]
    assert any(c.value == "TRAIT_REQUIRES_ROF_1 TRAIT_PAIR_FORBIDDEN SYSTEM_QTY_INVALID SYSTEM_REQUIRES"
               for row in problems.iter_rows() for c in row)

    src = tmp_path / "stripped.xlsx"
    src.write_bytes(without_cached_values(written))
    (out,) = convert([src], tmp_path / "recalculated")
    count, diffs = formula_differences(written, out)
    assert count > 1000 and diffs == []


@pytest.mark.parametrize("entry", [
    'systems: {"Evil\\x1b]0;pwn\\x07": {type: E, su: "1"}}',
    'systems: {"Two\\nLines": {type: E, su: "1"}}',
    "systems: {'Star*': {type: E, su: '1'}}",
    "systems: {Carrier: {requires: 'Any?'}}",
    "traits: {'Tr~': {name: New, multiplier: '2'}}",
    "trait_rules: {forbidden_pairs: [{traits: ['Knt', ' Bls']}]}",
    f"systems: {{'{'x' * 101}': {{type: E, su: '1'}}}}",
    "name: \"Rules\\u202e\"",
])
def test_unsafe_rule_names_are_refused_when_the_rules_load(tmp_path: Path, entry: str) -> None:
    (tmp_path / "rules.yaml").write_text(entry + "\n")
    run = run_cli(["rules", "--rules", "rules.yaml"], cwd=tmp_path)
    assert run.code in (1, 2) and run.clean() and len(run.err_lines) == 1, run.stderr
    assert "rules.yaml" in run.stderr and "rules entry" in run.stderr
