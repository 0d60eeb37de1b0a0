"""A start without the README (issue 20): ``drydock new`` writes a starter design or a blank workbook,
``-V`` prints the version, and shell completion produces a script."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from drydock.core.rules import Ruleset
from drydock.engine import compiled
from drydock.formats import read_designs
from drydock.formats.excel.read import from_xlsx
from drydock.formats.starter import STARTER_YAML, blank_design
from tests.formats.test_xlsx_live import formula_differences, rating_differences, without_cached_values
from tests.libreoffice import convert

DRYDOCK = [sys.executable, "-m", "drydock"]


def run(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*DRYDOCK, *map(str, args)], capture_output=True, text=True, timeout=300, env=env)


def test_version_short_and_long():
    from importlib.metadata import version

    from drydock.resources import DISTRIBUTION

    for flag in ("-V", "--version"):
        res = run(flag)
        build = "compiled" if compiled() else "Python"
        assert res.returncode == 0
        assert res.stdout.strip() == f"drydock, version {version(DISTRIBUTION)} (battle engine: {build})"


def test_the_starter_design_passes_check_and_holds_one_of_everything(tmp_path):
    path = tmp_path / "my-ship.yaml"
    res = run("new", path)
    assert res.returncode == 0, res.stderr
    assert path.read_text(encoding="utf-8") == STARTER_YAML
    check = run("check", path)
    assert check.returncode == 0, check.stdout + check.stderr
    (design,) = read_designs(path)
    assert design.hull > 0 and design.engines > 0 and design.shields
    assert len(design.weapons) == 1 and len(design.weapons[0].banks) == 1
    assert len(design.systems) == 1
    rate = run("rate", path)
    assert "Problems: none (legal design)" in rate.stdout


def test_every_line_of_the_starter_explains_itself():
    lines = [line for line in STARTER_YAML.splitlines() if line.strip()]
    assert all("#" in line for line in lines), [line for line in lines if "#" not in line]
    assert "drydock rules" in STARTER_YAML
    for key in ("hull:", "engines:", "shields:", "weapons:", "banks:", "systems:"):
        assert any(line.lstrip().startswith(key) and "#" in line for line in lines), key


def test_new_never_overwrites_without_force(tmp_path):
    path = tmp_path / "ship.yaml"
    path.write_text("hull: 3\n", encoding="utf-8")
    res = run("new", path)
    assert res.returncode == 2 and "already exists" in res.stderr and "--force" in res.stderr
    assert path.read_text(encoding="utf-8") == "hull: 3\n"
    assert run("new", path, "--force").returncode == 0
    assert path.read_text(encoding="utf-8") == STARTER_YAML
    odd = run("new", tmp_path / "ship.txt")
    assert odd.returncode == 2 and ".yaml" in odd.stderr and ".xlsx" in odd.stderr
    assert not (tmp_path / "ship.txt").exists()


def test_the_blank_workbook_reads_back_and_libreoffice_agrees(tmp_path):
    path = tmp_path / "new.xlsx"
    assert run("new", path).returncode == 0
    data = path.read_bytes()
    (design,) = from_xlsx(data)
    assert design == blank_design()
    assert run("check", path).returncode == 0
    source = tmp_path / "blank.xlsx"
    source.write_bytes(without_cached_values(data))
    (recalculated,) = convert([source], tmp_path / "lo")
    lo: dict = {}
    count, diffs = formula_differences(data, recalculated, lo)
    assert count > 100 and not diffs, diffs[:10]
    ship = next(title for title in lo if title.startswith("SHIP"))
    assert not rating_differences(lo[ship], design, Ruleset.unity())


def test_shell_completion_produces_a_script():
    """Completion is click's: ``eval "$(_DRYDOCK_COMPLETE=bash_source drydock)"`` (docs/installation.md)."""
    exe = Path(sys.executable).parent / "drydock"
    if not exe.exists():
        pytest.skip("the drydock command is not installed next to this Python")
    script = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, _DRYDOCK_COMPLETE="bash_source"))
    assert script.returncode == 0 and "_drydock_completion" in script.stdout and "complete " in script.stdout
    words = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, _DRYDOCK_COMPLETE="bash_complete", COMP_WORDS="drydock ne",
                                    COMP_CWORD="1"))
    assert words.stdout.split() == ["plain,new"]  # the command names that start "ne"
