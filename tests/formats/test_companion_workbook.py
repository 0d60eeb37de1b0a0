"""The bundled rulesets in the live workbook: LibreOffice recalculates the Companion's trait prices
and the "Fixing Seekers" seeker BSUR to drydock's figures (see tests/formats/test_xlsx_live.py).

Source: Captain's Companion (2025) D5 multipliers (drydock/core/rules/companion.py); "Fixing Seekers" example.
"""

from __future__ import annotations

from drydock.formats.excel.read import from_xlsx
from drydock.formats.excel.write import to_xlsx
from drydock.formats.houserules import load_ruleset
from drydock.formats.native import from_yaml
from tests.formats.test_xlsx_live import Sheet, formula_differences, rating_differences, without_cached_values
from tests.helpers import ROOT, battery, design, mode
from tests.libreoffice import convert


def test_companion_and_seeker_fix_workbooks_recalculate_as_drydock(tmp_path):
    companion, seekers = load_ruleset("companion"), load_ruleset("seeker-fix")
    sycamore = from_yaml((ROOT / "examples/companion/sycamore.yaml").read_text(), rules=companion)[0]
    traits = [("Prx3",), ("Env0", "Slg"), ("Prs", "Acr"), ("Dly",), ("Sst", "Bls")]
    variety = design(weapons=[battery(f"W{i}", mode("6-12-18", "1x4/1/1", t), "1A")
                              for i, t in enumerate(traits)], hull=10, engines=2)
    seeker = design(weapons=[battery("Missile", mode(6, "2x4/1/2"), "1A"),
                             battery("Torpedo", mode(8, "1x3/2/1", ("Slw",)), "2AB")], hull=6)
    books = {"companion": ([sycamore, variety], companion), "seekers": ([seeker], seekers)}
    sources, written = [], {}
    for name, (items, rules) in books.items():
        written[name] = to_xlsx(items, rules=rules)
        path = tmp_path / f"{name}.xlsx"
        path.write_bytes(without_cached_values(written[name]))
        sources.append(path)
    out = convert(sources, tmp_path / "recalculated")
    for (name, (items, rules)), result in zip(books.items(), out, strict=True):
        lo: dict[str, Sheet] = {}
        count, diffs = formula_differences(written[name], result, lo)
        assert count > 1000 and diffs == [], f"{name}: " + "\n".join(diffs[:20])
        for i, d in enumerate(items, 1):
            assert rating_differences(lo[f"SHIP{i}"], d, rules) == []
        assert from_xlsx(result.read_bytes(), rules=rules) == items
    ws = lo["SHIP1"]
    # the Fixing Seekers example: 14.6 in the recalculated sheet
    from drydock.formats.excel import layout as L
    assert ws[f"{L.BANKS.col('bsur')}{L.BANKS.first_row}"] == 14.6
