"""Issue 46: the blank workbook keeps every weapon's name whatever its battery columns hold, and ``check`` warns
about a nameless battery in any format (BATTERY_NAME_EMPTY, A.3: the display sheet, the weapons track and the
loss limits name each battery)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.core.validation import validate
from drydock.formats.drake import from_drake, to_drake
from drydock.formats.excel.read import from_xlsx
from drydock.formats.native import from_yaml, to_yaml
from tests.formats.test_workbook_agrees import LASER, filled

FLAK = ("Flak", -6, 3, 4, 1, 1)


@pytest.mark.parametrize("banks, names", [
    ([(None, None, "Laser Cannon", "2AB")], ["Laser Cannon"]),  # '#' and Battery empty: the weapon's name
    ([(1, None, "Laser Cannon", "2AB")], ["Laser Cannon"]),  # a number, no name
    ([(None, "Main guns", "Laser Cannon", "2AB")], ["Main guns"]),  # '#' empty, a name: the name
    ([(None, None, "Laser Cannon", "AB"), (None, "Main guns", "Laser Cannon", "EF")], ["Main guns"]),  # named later
    ([(None, None, "Laser Cannon", "AB"), (None, None, "Flak", "2ABCDEF")], ["Laser Cannon", "Flak"]),
    ([(1, None, "Laser Cannon", "AB"), (2, None, "Flak", "EF"), (3, "Aft guns", "Laser Cannon", "F")],
     ["Laser Cannon", "Flak", "Aft guns"]),
])
def test_the_workbook_keeps_every_weapon_s_name(banks, names):
    (design,) = from_xlsx(filled([LASER, FLAK], banks))
    assert [b.name for b in design.weapons] == names
    assert "BATTERY_NAME_EMPTY" not in {p.code for p in validate(design)}


def _nameless_yaml() -> str:
    return ("faction: Test\nclass: Nameless\ntype: Frigate\nhull: 6\nengines: 4\nshields: 1\nweapons:\n"
            "  - name: ''\n    range: 4-8-12\n    stats: 2x5+/1/1\n    banks: [2AB]\n"
            "  - name: Flak\n    range: 2-4-6\n    stats: 3x4+/1/1\n    banks: [ABCDEF]\n")


def test_check_warns_about_a_nameless_battery_in_every_format(tmp_path):
    (design,) = from_yaml(_nameless_yaml())
    (problem,) = [p for p in validate(design) if p.code == "BATTERY_NAME_EMPTY"]
    assert (problem.severity, problem.part, problem.section) == ("warning", "weapons[0]", "A.3")
    assert problem.message == ("battery 1 has no name; the display sheet, the weapons track and loss limits name each "
                               "battery (give it its weapon's name)")
    assert "BATTERY_NAME_DUPLICATE" not in {p.code for p in validate(design)}
    files = {"ship.yaml": to_yaml([design]), "ship.drake": to_drake([design])}
    assert [b.name for b in from_drake(files["ship.drake"])[0].weapons] == ["", "Flak"]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        res = CliRunner().invoke(cli, ["check", str(tmp_path / name)])
        assert res.exit_code == 0, res.output  # a warning: the design is legal
        assert f"{tmp_path / name}: BATTERY_NAME_EMPTY Nameless: battery 1 has no name" in res.output
