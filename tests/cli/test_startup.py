"""Start-up (issue 35): a command imports only what it uses. ``drydock COMMAND --help`` loads neither pydantic, the
design model, the file formats' readers nor the battle engine; a one-design ``rate`` loads no legacy reader, sheet
layout or engine. (The times are printed by bench/bench_startup.py; these imports are what the times depend on.)"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from drydock.cli.main import COMMANDS
from tests.helpers import ROOT

MAJESTIC = str(ROOT / "examples" / "designs" / "majestic.yaml")

#: what no --help may import (the prefixes of module names)
HEAVY_FOR_HELP = ("pydantic", "yaml", "openpyxl", "jinja2", "weasyprint", "drydock.core.model", "drydock.core.rules",
                  "drydock.formats.legacy", "drydock.formats.native", "drydock.engine.battle", "drydock.engine.ai",
                  "drydock.insight", "drydock.render", "drydock.formats")


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


def test_only_a_help_skips_the_run():
    """The group starts a run (issue 27: the files a command reads) unless the words ask for help; after ``--``
    "--help" is a file name."""
    from drydock.cli.main import asks_for_help

    assert asks_for_help(["rate", "--help"]) and asks_for_help(["--debug", "battle", "a.yaml", "b.yaml", "-h"])
    assert not asks_for_help(["rate", "majestic.yaml"]) and not asks_for_help(["rate", "--", "--help"])


def test_the_command_skips_the_search_for_pydantic_plugins(monkeypatch):
    """``drydock`` sets pydantic's documented PYDANTIC_DISABLE_PLUGINS (unless the user set it): pydantic then does
    not read every installed package's entry points at the first model (about 20 ms of each start-up)."""
    from drydock.cli import main as main_module

    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "x")  # restored (absent) after the test
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS")
    monkeypatch.setattr(main_module, "cli", lambda **kw: None)
    with pytest.raises(SystemExit):
        main_module.main()
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__"


def test_the_book_rules_are_probed_here_not_at_each_start():
    """A house rule's formulas are evaluated once at load (a broken one fails there); the book's are evaluated
    here instead of at every command's start, and compiled when first used: a one-design rate compiles few."""
    from drydock.core.rules import Ruleset
    from drydock.core.rules.ruleset import UNITY

    Ruleset(UNITY)._probe()  # every book formula evaluates for ordinary values
    code = ("import drydock.core.rules.formula as F\nn = [0]\nc = F.Formula._compile\n"
            "def counted(self):\n    n[0] += 1\n    c(self)\nF.Formula._compile = counted\n"
            "from drydock.core.validation import rate\nfrom drydock.formats import read_designs\n"
            f"rate(read_designs({MAJESTIC!r})[0])\nprint(n[0])")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert int(res.stdout) == 15  # of the book's 64
