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
from drydock.engine.companion_options import NO_OPTIONS, SWITCHES, CompanionOptions, companion_options
from drydock.engine.montecarlo import build_matchup
from drydock.engine.options import registry
from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.settings import BattleSettings
from drydock.formats import read_designs
from tests.helpers import ROOT, interpreted_only

ENGINE = ROOT / "drydock" / "engine"
MAJESTIC = read_designs(ROOT / "examples" / "designs" / "majestic.yaml")[:1]


def _source_file(cls: type) -> Path:
    """The checkout's source of ``cls``'s module (read from the file: a compiled module keeps no source)."""
    return ROOT / (cls.__module__.replace(".", "/") + ".py")


def _section_test(section: str) -> re.Pattern[str]:
    """A test of ``section``: membership ("E.1" in ..., "E.1" not in ...) or a comparison (scenario == "S.4")."""
    quoted = r"""["']""" + re.escape(section) + r"""["']"""
    return re.compile(quoted + r"""\s+(?:not\s+)?in\b|[=!]=\s*""" + quoted)


def _section_tests(section: str) -> set[str]:
    """The engine modules holding a test of ``section``."""
    pattern = _section_test(section)
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


def test_a_scenario_comparison_is_found() -> None:
    """The check sees a scenario switch as the engine used to write it (``r.scenario == "S.8"``)."""
    pattern = _section_test("S.8")
    assert pattern.search('if r.scenario == "S.8":') and pattern.search('"S.8" in on') and not pattern.search('"S.8"')


def test_every_scenario_is_one_registered_class() -> None:
    """A scenario (``--scenario``) registers as any optional rule: one class per Appendix S section, a Scenario, made
    when it is the battle's scenario, and no other scenario's class with it."""
    scenarios = {s for s in SIMULATED if s.startswith("S.")}
    assert scenarios <= set(registry.BY_SECTION)
    assert all(issubclass(registry.BY_SECTION[s], Scenario) for s in scenarios)
    pair = ([read_designs(ROOT / "examples" / "designs" / "dauntless-dreadnought.yaml")[0]], MAJESTIC)  # S.8: CR 300+
    for section in ("S.3a", "S.8", "S.11"):
        m = build_matchup(*pair, BattleSettings(scenario=section))
        held = [r for r in Battle(m, random.Random(1), False).rules_in_force if isinstance(r, Scenario)]
        assert [type(r) for r in held] == [registry.BY_SECTION[section]]


def test_a_variant_replaces_the_rule_it_plays() -> None:
    """E.5r plays E.5's sequential combat itself: with both chosen the battle holds one class, E.5r's."""
    m = build_matchup(MAJESTIC, MAJESTIC, BattleSettings(options=("E.5", "E.5r")))
    kinds = [type(r).__name__ for r in Battle(m, random.Random(1), False).rules_in_force]
    assert "RandomCombatInitiative" in kinds and "SequentialCombat" not in kinds


def test_the_companion_switches_are_read_once() -> None:
    """The Captain's Companion's D1, D3, D7 are read from the sections in force in one place (companion_options's
    SWITCHES): no engine module tests them, and each ship's rules read a typed field."""
    for section in SWITCHES:
        assert _section_tests(section) == set()
        assert section in OPTIONS
    source = (ENGINE / "companion_play.py").read_text()
    assert not re.search(r"""["']CC\.D[137][ab]?["']""", source)
    assert companion_options(("CC.D1", "CC.D7b", "E.3")) == CompanionOptions(engagement_limit=True,
                                                                             random_damage=(False, True))
    assert companion_options(()) == NO_OPTIONS


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
