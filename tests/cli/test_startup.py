"""Start-up (issue 35): a command imports only what it uses. ``drydock COMMAND --help`` loads neither pydantic, the
design model, the file formats' readers nor the battle engine; a one-design ``rate`` loads no legacy reader, sheet
layout or engine. (The times are printed by bench/bench_startup.py; these imports are what the times depend on.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from drydock.cli.main import COMMANDS
from tests.helpers import ROOT

MAJESTIC = str(ROOT / "examples" / "designs" / "majestic.yaml")

#: what no --help may import (the prefixes of module names)
HEAVY_FOR_HELP = ("pydantic", "yaml", "openpyxl", "jinja2", "weasyprint", "drydock.core.model", "drydock.core.rules",
                  "drydock.formats.legacy", "drydock.formats.native", "drydock.engine.battle", "drydock.engine.ai",
                  "drydock.insight", "drydock.render")


def imported(*args: str) -> set[str]:
    """The modules loaded by ``drydock ARGS`` run in a fresh interpreter."""
    code = ("import sys\nfrom drydock.cli.main import cli\n"
            f"try:\n    cli({list(args)!r}, prog_name='drydock')\nexcept SystemExit:\n    pass\n"
            "print('\\n'.join(sorted(sys.modules)))")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(res.stdout.split())


def loaded(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_command_help_imports_nothing_heavy(command):
    assert loaded(imported(command, "--help"), HEAVY_FOR_HELP) == []


def test_one_design_rate_imports_only_what_rating_needs():
    modules = imported("rate", MAJESTIC)
    assert "drydock.core.calc" in modules  # it did rate
    assert loaded(modules, ("drydock.formats.legacy", "drydock.render.sheet", "drydock.render.booklet",
                            "drydock.engine.ai", "drydock.engine.battle", "drydock.insight.battle_run",
                            "drydock.insight.tournament_run", "drydock.insight.charts", "openpyxl", "jinja2")) == []


def test_the_doctrine_names_offered_are_the_engines():
    from drydock.engine.ai import DOCTRINES
    from drydock.engine.choices import DEFAULT_DOCTRINE, DOCTRINE_NAMES

    assert DOCTRINE_NAMES == tuple(DOCTRINES) and DEFAULT_DOCTRINE in DOCTRINES
