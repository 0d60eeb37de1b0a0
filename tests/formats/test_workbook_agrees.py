"""Issue 34: the workbook and drydock never disagree about a file.

The blank workbook (``drydock new ship.xlsx``) is filled as a Drydock user fills it: weapon names picked from the
drop-down list (the Weapons sheet's names), the ``#`` column left empty, RNG typed as the Drydock takes it.
LibreOffice recalculates each file headless; then the workbook's own Problems cell and figures are compared with
``drydock rate --json`` of the same recalculated file: either drydock accepts the file and every figure and the
problem codes agree, or drydock refuses it naming a code (``[RNG_POSITIVE_NEEDS_SKR]``) that the Problems cell
shows too. Issue 33: a ``*`` or ``?`` in a weapon name is literal text in the workbook's lookups.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from drydock.cli.main import cli
from drydock.core.model import Battery, Design, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.formats.drake import from_drake
from drydock.formats.excel import layout as L
from drydock.formats.excel.checks import sheet_codes
from drydock.formats.excel.read import WorkbookError, from_xlsx
from drydock.formats.excel.write import to_xlsx
from drydock.formats.starter import blank_design, blank_workbook
from tests.formats.test_xlsx_live import Sheet, _values, formula_differences, rating_differences, without_cached_values
from tests.helpers import EXAMPLES, FIXTURES
from tests.libreoffice import convert

PROBLEMS = f"{L.SUMMARY_VALUE_COL}{next(n for n, key, _ in L.SUMMARY_ROWS if key == 'problems')}"
LASER = ("Laser Cannon", -12, 2, 5, 1, 1)


def filled(weapons: list[tuple[Any, ...]], banks: list[tuple[Any, ...]], *, rules: Ruleset | None = None,
           ship: dict[str, Any] | None = None) -> bytes:
    """The blank workbook filled in: Weapons rows (name, RNG, ROF, ACC, IMP, DMG, traits...) from row 2, bank
    rows (#, battery name, weapon, bank) from the first bank row, and SHIP cells (default hull 6, engines 4)."""
    data = blank_workbook() if rules is None else to_xlsx(blank_design(), rules=rules)
    wb = load_workbook(BytesIO(data))
    w, s = wb[L.WEAPONS_SHEET], wb["SHIP1"]
    for n, row in enumerate(weapons, start=2):
        for col, value in zip("ABCDEFGHIJK", row, strict=False):
            w[f"{col}{n}"] = value
    for n, row in enumerate(banks, start=L.BANKS.first_row):
        for key, value in zip(("battery", "name", "weapon", "bank"), row, strict=True):
            s[f"{L.BANKS.col(key)}{n}"] = value
    for addr, value in {"B8": 6, "B9": 4, **(ship or {})}.items():
        s[addr] = value
    buf = BytesIO()
    wb.save(buf)
    return buf.getvalue()


#: name: (weapons, banks, the code both show when drydock refuses the file, or None when drydock accepts it)
CASES: dict[str, tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], str | None]] = {
    # the issue's player: # left empty, RNG typed 12 as the Drydock takes it (Z.2: a seeker's MA or custom bands)
    "rng-12-no-number": ([("Laser Cannon", 12, 2, 5, 1, 1)], [(None, None, "Laser Cannon", "2AB"),
                                                             (None, None, "Laser Cannon", "BC")],
                         "RNG_POSITIVE_NEEDS_SKR"),
    "rng-minus-12-no-number": ([LASER], [(None, None, "Laser Cannon", "2AB"), (None, None, "Laser Cannon", "BC")],
                               None),
    "seeker-8-skr": ([("Torpedo", 8, 1, 4, 2, 2, "Skr")], [(None, "Torpedoes", "Torpedo", "A")], None),
    "two-weapons-no-number": ([LASER, ("Flak", -6, 3, 4, 1, 1)],
                              [(None, None, "Laser Cannon", "AB"), (None, None, "Flak", "2ABCDEF"),
                               (None, None, "Laser Cannon", "2EF")], None),
    "number-then-empty": ([LASER], [(1, "Main", "Laser Cannon", "AB"), (None, None, "Laser Cannon", "BC")], None),
    "lower-case-pick": ([LASER], [(None, None, "laser cannon", "AB")], None),
    # issue 46: '#' left empty, the battery named: the name kept (and a nameless one takes its weapon's name)
    "name-no-number": ([LASER, ("Flak", -6, 3, 4, 1, 1)],
                       [(None, "Main guns", "Laser Cannon", "2AB"), (None, None, "Flak", "ABCDEF")], None),
    "rng-minus-10": ([("Laser Cannon", -10, 2, 5, 1, 1)], [(None, None, "Laser Cannon", "AB")],
                     "RNG_NOT_MULTIPLE_OF_3"),
    "rng-empty": ([("Laser Cannon", None, 2, 5, 1, 1)], [(None, None, "Laser Cannon", "AB")], "RNG_REQUIRED"),
    "rng-words": ([("Laser Cannon", "far", 2, 5, 1, 1)], [(None, None, "Laser Cannon", "AB")], "RNG_INVALID"),
    "rof-empty": ([("Laser Cannon", -12, None, 5, 1, 1)], [(None, None, "Laser Cannon", "AB")],
                  "WEAPON_STAT_INVALID"),
    "unused-bad-row": ([LASER, ("Spare", 9, 1, 5, 1, 1)], [(None, None, "Laser Cannon", "AB")],
                       "RNG_POSITIVE_NEEDS_SKR"),
    "typed-weapon": ([LASER], [(None, None, "Phaser", "AB")], "UNKNOWN_WEAPON"),
    "bank-without-weapon": ([LASER], [(1, None, "Laser Cannon", "AB"), (None, None, None, "BC")],
                            "BANK_NO_WEAPON"),
    "listed-twice": ([LASER, ("laser cannon", -9, 1, 5, 1, 1)], [(None, None, "Laser Cannon", "AB")],
                     "WEAPON_LISTED_TWICE"),
    "orphan-mode": ([LASER, (None,), ("Flak>AF", -6, 3, 4, 1, 1)], [(None, None, "Laser Cannon", "AB")],
                    "SECONDARY_WITHOUT_PRIMARY"),
    # issue 33: a wildcard in a name is literal; "L*" must not take the cheap "Light Gun" row's figures
    "wildcard-name": ([("Light Gun", -3, 1, 6, 1, 1), ("L*", -18, 5, 2, 5, 5, "Acr")],
                      [(None, None, "L*", "4ABCDEF4")], None),
}


B = [(None, None, "Laser Cannon", "AB")]
#: A number typed where the sheet wants another kind of entry: name: (SHIP cells, banks, the code both show or None)
SHIP_CASES: dict[str, tuple[dict[str, Any], list[tuple[Any, ...]], str | None]] = {
    "hull-empty": ({"B8": None}, B, "HULL_OUT_OF_RANGE"),
    "hull-text": ({"B8": "eight"}, B, "NOT_A_WHOLE_NUMBER"),
    "shields-half": ({"B10": 2.5}, B, "NOT_A_WHOLE_NUMBER"),
    "shield-arc-text": ({"B10": None, "B14": "x"}, B, "NOT_A_WHOLE_NUMBER"),
    "screens-0-arc-text": ({"B15": "x"}, B, None),  # standard screens 0 win (Z.2): the arcs are not read
    "tech-3": ({"B18": 3}, B, None),  # read, priced x1 and reported TECH_LEVEL_OUT_OF_RANGE on both sides
    "tech-text": ({"B18": "x"}, B, "NOT_A_WHOLE_NUMBER"),
    "stated-cr-text": ({"B21": "x"}, B, "NOT_A_WHOLE_NUMBER"),
    "stated-track-ok": ({"B22": "6 - 5-4 3-2-1"}, B, None),
    "stated-track-bad": ({"B23": "4-3-"}, B, "NOT_A_WHOLE_NUMBER"),
    "qty-half": ({"A61": "Cargo", "B61": 1.5}, B, "NOT_A_WHOLE_NUMBER"),
    "qty-without-name": ({"B61": 2}, B, "SYSTEM_QTY_WITHOUT_NAME"),
    "unknown-system": ({"A61": "Warp Drive"}, B, None),
    "number-half": ({}, [(1.5, None, "Laser Cannon", "AB")], "NOT_A_WHOLE_NUMBER"),
    "loss-limit-text": ({"E29": "x"}, B, "NOT_A_WHOLE_NUMBER"),
    "bank-question-mark": ({}, [(None, None, "Laser Cannon", "2A?")], "UNKNOWN_ARC"),
    "bank-ten-mounts": ({}, [(None, None, "Laser Cannon", "10AB")], None),
    "bank-y5": ({}, [(None, None, "Laser Cannon", "AB5")], None),
    "bank-unknown-arc": ({}, [(None, None, "Laser Cannon", "ZZ")], None),
}


def rate_json(path: Path, *extra: str) -> tuple[int, Any]:
    """``drydock rate --json FILE``: (exit code, the design's JSON or the error line)."""
    result = CliRunner().invoke(cli, ["rate", "--json", *extra, str(path)])
    designs = json.loads(result.stdout or "[]")
    if designs:
        return result.exit_code, designs[0]
    return result.exit_code, result.stderr.strip()


def summary_differences(sheet: Sheet, design: Design, rules: Ruleset) -> list[str]:
    """The ship's figures (SU, ORAT, DRAT, CR, tracks, systems) against drydock's, bank rows left out."""
    b = L.BANKS
    return [d for d in rating_differences(sheet, design, rules)
            if not b.first_row <= int(re.sub(r"[^0-9]", "", d.split(":")[0].split("!")[1])) <= b.last_row]


def bank_differences(sheet: Sheet, rated: dict[str, Any]) -> list[str]:
    """Each bank row against ``rate --json``: rows joined to batteries by the sheet's own key column (a player's
    rows of one battery need not be next to each other)."""
    b = L.BANKS
    order: list[str] = []
    seen: dict[str, int] = {}
    out = []
    for row in range(b.first_row, b.last_row + 1):
        key = sheet[f"{b.col('key')}{row}"]
        if key in (None, ""):
            continue
        if key not in seen:
            seen[key] = 0
            order.append(key)
        battery = rated["batteries"][order.index(key)]
        bank = battery["banks"][seen[key]]
        seen[key] += 1
        for col, want in (("bsur", battery["bsur"]), ("used", bank["su"]), ("orat", bank["orat"])):
            got = sheet[f"{b.col(col)}{row}"]
            if abs(got - want) > 1e-9:
                out.append(f"{b.col(col)}{row}: drydock {want}, sheet {got}")
    return out


def agreement(path: Path, rules: Ruleset, extra: tuple[str, ...] = ()) -> tuple[str, Any]:
    """("accepted", problems) or ("refused", code) after checking that the workbook says the same as drydock."""
    lo = {title: Sheet(title, rows) for title, rows in _values(path, True).items()}
    sheet = lo["SHIP1"]
    shown = str(sheet[PROBLEMS])
    code, out = rate_json(path, *extra)
    if isinstance(out, str):  # drydock refuses the file: the code it names is on the sheet
        assert code != 0 and "Traceback" not in out and len(out.splitlines()) == 1, out
        named = re.search(r"\[([A-Z0-9_]+)\]", out)
        assert named is not None, out
        assert named.group(1) in shown.split(), (out, shown)
        return "refused", named.group(1)
    # drydock accepts it: same figures, same codes (those the sheet checks) on both sides
    (design,) = from_xlsx(path.read_bytes(), rules=rules)
    assert summary_differences(sheet, design, rules) == []
    assert bank_differences(sheet, out) == []
    found = {p["code"] for p in out["problems"]}
    codes = [c for c in sheet_codes(rules) if c in found]
    assert shown == (" ".join(codes) or "none"), (shown, codes)
    assert rate(design, rules).combat_rating == out["combat_rating"] == sheet[f"{L.SUMMARY_VALUE_COL}8"]
    return "accepted", shown


def test_a_player_filled_blank_workbook_says_what_drydock_says(tmp_path):
    sources = []
    for name, (weapons, banks, _) in CASES.items():
        path = tmp_path / f"{name}.xlsx"
        path.write_bytes(filled(weapons, banks))
        sources.append(path)
    for name, (ship, banks, _) in SHIP_CASES.items():
        path = tmp_path / f"ship-{name}.xlsx"
        path.write_bytes(filled([LASER], banks, ship=ship))
        sources.append(path)
    house = Ruleset.from_data({"name": "long-range reading",
                               "options": {"workbook_positive_rng": {"value": "long_range"}}})
    lr = tmp_path / "long-range.xlsx"
    lr.write_bytes(filled([("Laser Cannon", 12, 2, 5, 1, 1)], [(None, None, "Laser Cannon", "2AB")], rules=house))
    rules_file = tmp_path / "long-range.yaml"
    rules_file.write_text("name: long-range reading\noptions:\n  workbook_positive_rng: {value: long_range}\n",
                          encoding="utf-8")
    out = convert([*sources, lr], tmp_path / "recalculated")
    book = Ruleset.unity()
    seen = {}
    expected = {**{k: v[2] for k, v in CASES.items()}, **{f"ship-{k}": v[2] for k, v in SHIP_CASES.items()}}
    for (name, refused), result in zip(expected.items(), out, strict=False):
        verdict, detail = agreement(result, book)
        seen[name] = detail if verdict == "refused" else None
        assert seen[name] == refused, (name, verdict, detail)
    assert len(seen) == 36 and sum(v is None for v in seen.values()) == 14
    assert seen["rng-12-no-number"] == "RNG_POSITIVE_NEEDS_SKR"
    # the figures a player sees: two unnumbered rows of one weapon are one battery of three mounts
    (d,) = from_xlsx(out[1].read_bytes())
    assert len(d.weapons) == 1 and [b.mounts for b in d.weapons[0].banks] == [2, 1]
    assert d.weapons[0].name == "Laser Cannon"  # issue 46: the Battery column left empty keeps the weapon's name
    named = out[list(CASES).index("name-no-number")]
    (n,) = from_xlsx(named.read_bytes())
    assert [b.name for b in n.weapons] == ["Main guns", "Flak"]
    shown = CliRunner().invoke(cli, ["show", str(named)])
    assert "Main guns | AB [][]" in shown.output and "Flak | ABCDEF []" in shown.output
    checked = CliRunner().invoke(cli, ["check", str(named)])
    assert checked.exit_code == 0 and "BATTERY_NAME_EMPTY" not in checked.output
    assert d.weapons[0].primary.range == (4, 8, 12)
    r = rate(d)
    # A.1: BSUR 12 x 2 x 0.15 x 1.25 x 1.6 = 7.2; banks 7.2 x 2 x 3 = 43.2 -> 44 and 7.2 x 1 x 3 = 21.6 -> 22
    assert (d.weapons[0].primary.rof, r.batteries[0].bsur, r.weapons_su) == (2, Fraction(36, 5), 66)
    assert (r.orat, r.combat_rating) == (89, 33)  # and the sheet shows the same (agreement above)
    (mixed,) = from_xlsx(out[4].read_bytes())
    assert [b.name for b in mixed.weapons] == ["Main"] and len(mixed.weapons[0].banks) == 2
    (wild,) = from_xlsx(out[len(CASES) - 1].read_bytes())
    assert wild.weapons[0].primary.range == (6, 12, 18)
    assert any(p.code == "OVER_SPACE" for p in rate(wild).problems)  # and the sheet shows it (agreement above)
    # the other reading, as an option: a bare 12 is 4-8-12 in the workbook and in drydock alike
    verdict, shown = agreement(out[-1], house, ("--rules", str(rules_file)))
    assert verdict == "accepted" and shown == "none"
    (lr_design,) = from_xlsx(out[-1].read_bytes(), rules=house)
    assert lr_design.weapons[0].primary.range == (4, 8, 12)


def test_wildcards_in_weapon_names_are_literal_in_the_recalculated_workbook(tmp_path):
    """Issue 33: ``*`` ``?`` ``~`` in weapon names; drydock's cached figures equal LibreOffice's, cell by cell."""
    (majestic,) = from_drake(
        (FIXTURES / "majestic.drake").read_text(encoding="utf-8").split("\n", 1)[1])
    cheap = WeaponMode(range=(1, 2, 3), rof=1, acc=6, imp=1, dmg=1)
    dear = WeaponMode(range=(6, 12, 18), rof=5, acc=2, imp=5, dmg=5, traits=("Acr",))
    bank = majestic.weapons[0].banks[0]
    weapons = (Battery(name="Light Gun", primary=cheap, banks=(bank,)),
               Battery(name="L*", primary=dear, banks=(bank,) * 3),
               Battery(name="Gun?", primary=dear, banks=(bank,)),
               Battery(name="Gun~1", primary=cheap, banks=(bank,)))
    design = majestic.model_copy(update={"weapons": weapons})
    assert any(p.code == "OVER_SPACE" for p in rate(design).problems)
    written = to_xlsx(design)
    src = tmp_path / "wild.xlsx"
    src.write_bytes(without_cached_values(written))
    (result,) = convert([src], tmp_path / "recalculated")
    count, diffs = formula_differences(written, result)
    assert diffs == [] and count > 1000, diffs[:10]
    ws = load_workbook(result, data_only=True)["SHIP1"]
    assert "OVER_SPACE" in ws[PROBLEMS].value.split()
    assert from_xlsx(result.read_bytes()) == [design]


@pytest.mark.parametrize(("rng", "traits", "message"), [
    (12, (), "RNG 12 without the Skr trait"),
    (-10, (), "RNG -10 is not a multiple of 3"),
    (None, (), "RNG is required"),
])
def test_refusals_name_the_code_the_sheet_shows(rng, traits, message):
    data = filled([("Laser Cannon", rng, 2, 5, 1, 1, *traits)], [(None, None, "Laser Cannon", "AB")])
    with pytest.raises(WorkbookError, match=re.escape(message)) as info:
        from_xlsx(data)
    assert re.search(r"\[[A-Z0-9_]+\]$", str(info.value).rsplit(":", 1)[0]) or "[" in str(info.value)


@pytest.mark.parametrize("systems", [
    (("Carrier", 3), ("Launch Tubes", 4)),
    (("Carrier", 3), ("Launch Tubes", 4), ("Cloaking Device", 2), ("Screens", 1)),
    (("Carrier", 3), ("Launch Tubes", 2)),
    (("Launch Tubes", 4), ("Carrier", -1)),
    (("Launch Tubes", 2),),
    (("Carrier", 0), ("Launch Tubes", 2)),
])
def test_launch_tubes_are_priced_for_the_carriers_flights_on_the_sheet_too(tmp_path, systems):
    """Found by the live test's drawn designs: Launch Tubes whose quantity differs from the Carrier's flights are
    priced for the flights (A.5, B.12; SYSTEM_QTY_DIFFERS, a warning) by drydock; the sheet priced its own
    quantity (10 SU more per tube) and showed SYSTEM_REQUIRES."""
    from drydock.core.model import SystemEntry
    from drydock.formats.native import from_yaml

    (majestic,) = from_yaml((EXAMPLES / "majestic.yaml")
                            .read_text(encoding="utf-8"))
    design = majestic.model_copy(update={"systems": tuple(SystemEntry(name=n, qty=q) for n, q in systems)})
    written = to_xlsx(design)
    src = tmp_path / "carrier.xlsx"
    src.write_bytes(without_cached_values(written))
    (result,) = convert([src], tmp_path / "recalculated")
    count, diffs = formula_differences(written, result)
    assert diffs == [] and count > 1000, diffs[:10]
