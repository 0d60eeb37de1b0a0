"""Optional rules as plug-ins (issue 43): each registered rule is one class in its own module, registered once with
its section and numbers; its module is the only engine module that tests its section; the battle holds the rules in
force as a tuple (empty in the core game) and asks no section question."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from drydock.core.rules import Ruleset
from drydock.core.rules.play_options import BY_SECTION as OPTIONS
from drydock.core.rules.play_options import SIMULATED
from drydock.engine.battle import Battle
from drydock.engine.montecarlo import build_matchup
from drydock.engine.options import registry
from drydock.engine.options.rule import OptionalRule
from drydock.engine.settings import BattleSettings
from drydock.formats import read_designs
from tests.helpers import ROOT, interpreted_only

ENGINE = ROOT / "drydock" / "engine"
MAJESTIC = read_designs(ROOT / "examples" / "designs" / "majestic.yaml")[:1]


def _source_file(cls: type) -> Path:
    """The checkout's source of ``cls``'s module (read from the file: a compiled module keeps no source)."""
    return ROOT / (cls.__module__.replace(".", "/") + ".py")


def _section_tests(section: str) -> set[str]:
    """The engine modules holding a membership test of ``section`` ("E.1" in ..., "E.1" not in ...)."""
    pattern = re.compile(r"""["']""" + re.escape(section) + r"""["']\s+(?:not\s+)?in\b""")
    return {p.relative_to(ENGINE).as_posix() for p in ENGINE.rglob("*.py") if pattern.search(p.read_text())}


@pytest.mark.parametrize("cls", registry.RULES, ids=lambda c: c.section)
def test_a_registered_rule_is_one_class_in_its_own_module(cls: type[OptionalRule]) -> None:
    source = _source_file(cls).read_text(encoding="utf-8")
    classes = [n.name for n in ast.parse(source).body if isinstance(n, ast.ClassDef)]  # E.7a's: E.7
    assert classes == [cls.__name__]
    assert cls.section in OPTIONS and cls.section in SIMULATED  # the entry: name, summary, left_out (data)
    play = Ruleset.unity().play
    assert all(play[key] for key in cls.numbers)  # its numbers are the ruleset's, house rules too
    assert isinstance(OPTIONS[cls.section].left_out, tuple)


@pytest.mark.parametrize("cls", registry.RULES, ids=lambda c: c.section)
def test_only_its_module_tests_its_section(cls: type[OptionalRule]) -> None:
    """No engine module but the rule's own asks whether its section is in force (the registry reads ``on``
    generically, through ``cls.section``)."""
    assert _section_tests(cls.section) <= {_source_file(cls).relative_to(ENGINE).as_posix()}


def test_a_section_test_elsewhere_is_found() -> None:
    """The check above sees a string switch (it is not vacuous): OptionState's still hold some."""
    assert _section_tests("D.2z") and _section_tests("G.2a")


def test_every_simulated_section_is_moved_or_on_the_bus() -> None:
    moved = set(registry.BY_SECTION)
    assert moved == {"B.14", "B.18", "B.22", "E.1", "E.2", "E.3", "E.4", "E.5", "E.5r", "E.6", "E.7", "E.7a", "F.7",
                     "S.1", "S.2", "S.3", "S.3a", "S.4", "S.5", "S.6", "S.7", "S.8", "S.9", "S.10", "S.11", "S.12"}
    assert moved | registry.ON_THE_BUS | registry.IN_THE_BATTLE == SIMULATED
    assert not moved & registry.ON_THE_BUS
    assert len(registry.RULES) == len(moved)  # registered once


def test_the_core_game_holds_no_rules_and_options_hold_theirs() -> None:
    core = build_matchup(MAJESTIC, MAJESTIC)
    assert Battle(core, random.Random(1), False).rules_in_force == ()
    m = build_matchup(MAJESTIC, MAJESTIC, BattleSettings(options=("E.1", "B.18", "E.3")))
    kinds = [type(r).__name__ for r in Battle(m, random.Random(1), False).rules_in_force]
    # the bus, then the registry's order, then the bus's later moments (F.6 after E.3)
    assert kinds == ["OptionBus", "Explosions", "BleedThrough", "DamageControl", "OptionBusAfter"]


@interpreted_only  # the example subclasses OptionalRule at run time: on the compiled engine a rule is compiled in
def test_the_docs_new_rule_example_runs() -> None:
    """docs/development.md's worked example: one new class and one registry line make a rule the battle calls."""
    import subprocess
    import sys

    text = (ROOT / "docs" / "development.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "class RollCall(OptionalRule)" in b)
    out = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "roll call: 2 ships" in out.stdout
