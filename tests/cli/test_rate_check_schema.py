"""`drydock rate`, `check`, `schema`: output, exit codes, and no tracebacks for user errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from tests.helpers import ROOT

MAJESTIC = str(ROOT / "examples" / "designs" / "majestic.yaml")


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_rate_text_breakdown():
    res = run("rate", MAJESTIC)
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Imperial MAJESTIC-class Battlecruiser" in out
    assert "ORAT 605   DRAT 58   CR 188" in out
    assert "bank 2ACE" in out and "Remain" in out
    assert "Weapons: 16-12-8-4" in out
    assert "Problems: none" in out


def test_rate_json_fields():
    res = run("rate", "--json", MAJESTIC)
    assert res.exit_code == 0
    (item,) = json.loads(res.output)
    assert item["class"] == "Majestic" and item["faction"] == "Imperial" and item["type"] == "Battlecruiser"
    assert item["space_units"] == {"total": 1520, "used": 1520, "remaining": 0, "engines": 416,
                                   "shields": 324, "weapons": 460, "systems": 320}
    assert (item["orat"], item["drat"], item["combat_rating"]) == (605, 58, 188)
    assert item["tracks"]["weapons"] == [16, 12, 8, 4]
    assert item["loss_limits"] == {"batteries": [2, 3, 2], "equipment": 1}
    assert item["problems"] == []


def test_rate_with_house_rules():
    res = run("rate", "--json", "--rules", str(ROOT / "examples" / "house-rules.yaml"), MAJESTIC)
    assert json.loads(res.output)[0]["space_units"]["total"] == 1672


def test_check_exit_codes(tmp_path):
    assert run("check", MAJESTIC).exit_code == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("class: Brick\nhull: 2\nengines: 40\nshields: 6\n")
    res = run("check", MAJESTIC, str(bad))
    assert res.exit_code == 1
    lines = res.output.splitlines()
    assert any(line.startswith(f"{bad}: OVER_SPACE ") for line in lines)
    assert any(line.startswith(f"{bad}: SHIELDS_ABOVE_5 ") for line in lines)


def test_batch_keeps_going_past_bad_files(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("class: X\nhull: [\n")
    res = subprocess.run([sys.executable, "-m", "drydock", "rate", str(broken), MAJESTIC], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 1  # a failed batch item (issue 10); 2 is kept for bad options
    assert "CR 188" in res.stdout
    assert "broken.yaml:" in res.stderr and "Traceback" not in res.stderr


@pytest.mark.parametrize("args", [
    ["rate", "missing.yaml"],
    ["rate", "--rules", "examples/house-rules.yaml", "design.unknown"],
    ["check", "README.md"],
])
def test_user_errors_are_one_line(args, tmp_path):
    res = subprocess.run([sys.executable, "-m", "drydock", *args], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode != 0
    assert "Traceback" not in res.stderr
    assert res.stderr.strip().count("\n") == 0
    assert res.stderr.startswith("drydock: error:")


def test_bad_house_rule_file_is_one_line(tmp_path):
    rules = tmp_path / "r.yaml"
    rules.write_text("traits: {Knt: {multiplier: lots}}\n")
    res = subprocess.run([sys.executable, "-m", "drydock", "rate", "--rules", str(rules), MAJESTIC],
                         cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 2
    assert "traits.Knt.multiplier" in res.stderr and "Traceback" not in res.stderr


def test_schema_is_json():
    res = run("schema")
    assert res.exit_code == 0
    assert "hull" in json.loads(res.output)["properties"]


def test_stdin():
    res = run("rate", "-", input=Path(MAJESTIC).read_text())
    assert "CR 188" in res.output


def test_help_is_fast_and_imports_nothing_heavy():
    code = ("import sys; from drydock.cli.main import cli\n"
            "try:\n    cli(['--help'])\nexcept SystemExit:\n    pass\n"
            "heavy = [m for m in ('yaml', 'openpyxl', 'jinja2', 'weasyprint', 'pydantic') if m in sys.modules]\n"
            "print('HEAVY', heavy)")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert "HEAVY []" in res.stdout


def test_examples_lists_and_copies(tmp_path):
    res = run("examples")
    assert res.exit_code == 0 and "majestic.yaml" in res.output
    res = run("examples", "--copy", str(tmp_path))
    assert (tmp_path / "designs" / "majestic.yaml").exists()
    res = run("examples", "--copy", str(tmp_path))  # never overwrites
    assert res.exit_code != 0 and "already exists" in res.output


def test_outputs_get_normal_permissions(tmp_path):
    import os
    import stat

    from drydock.formats import write_atomic

    target = tmp_path / "out.yaml"
    write_atomic(target, "x: 1\n")
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask
