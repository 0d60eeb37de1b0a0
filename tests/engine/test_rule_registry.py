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
    """The check above sees a string switch as the engine used to write it (it is not vacuous), and none is left in
    the engine since G.6 and G.6a moved (maneuvers.py's were the last)."""
    assert _section_test("G.6a").search('"doubled" if "G.6a" in on else three_d["range"]')
    assert _section_test("G.6").search("if 'G.6' not in on:") and not _section_test("G.6").search('"G.6a" in on')
    assert all(_section_tests(section) <= {_source_file(registry.BY_SECTION[section]).relative_to(ENGINE).as_posix()}
               for section in SIMULATED - registry.IN_THE_BATTLE)


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


def test_every_simulated_section_is_a_registered_rule() -> None:
    """Every simulated section is one registered rule class but D.4 and F.5 (the battle's settings): none is left on
    the bus (``ON_THE_BUS`` is empty since G.6 and G.6a moved)."""
    moved = set(registry.BY_SECTION)
    assert moved == {"B.14", "B.18", "B.22", "D.1", "D.2", "D.2z", "D.3", "D.5", "D.6", "D.7", "D.8", "D.8r", "D.9",
                     "E.1", "E.2", "E.3", "E.4", "E.5", "E.5r", "E.6", "E.7", "E.7a", "F.1", "F.2", "F.3", "F.4",
                     "F.6", "F.7", "G.1", "G.2", "G.2a", "G.3", "G.4", "G.5", "G.6", "G.6a", "S.1", "S.2", "S.3",
                     "S.3a", "S.4", "S.5", "S.6", "S.7", "S.8", "S.9", "S.10", "S.11", "S.12"}
    assert moved | registry.IN_THE_BATTLE == SIMULATED
    assert registry.ON_THE_BUS == frozenset()
    assert len(registry.RULES) == len(moved)  # registered once


def test_the_core_game_holds_no_rules_and_options_hold_theirs() -> None:
    core = build_matchup(MAJESTIC, MAJESTIC)
    assert Battle(core, random.Random(1), False).rules_in_force == ()
    m = build_matchup(MAJESTIC, MAJESTIC, BattleSettings(options=("E.1", "B.18", "E.3")))
    kinds = [type(r).__name__ for r in Battle(m, random.Random(1), False).rules_in_force]
    # the bus, then the registry's order (E.3 first: F.6's VPs follow its explosions)
    assert kinds == ["OptionBus", "Explosions", "BleedThrough", "DamageControl"]


MOVEMENT = ("D.1", "D.2", "D.2z", "D.3", "D.5", "D.6", "D.7", "D.8", "D.8r", "D.9")


@pytest.mark.parametrize("section", MOVEMENT)
def test_a_movement_rule_is_asked_only_through_its_hooks(section: str) -> None:
    """Appendix D: no engine module outside the rule's own tests its section, and the match-up's options hold no flag
    for it (the requirement, the orders and the order ships move in are the rules' hooks: D.2 ``previous_speed``,
    D.5 ``turn_costs``, D.6 ``legal_shape``, D.8 ``move_ships`` ...)."""
    cls = registry.BY_SECTION[section]
    assert _section_tests(section) <= {_source_file(cls).relative_to(ENGINE).as_posix()}
    options = (section, "D.8") if section == "D.8r" else (section,)  # D.8r is a variant of D.8
    m = build_matchup(MAJESTIC, MAJESTIC, BattleSettings(options=options))
    assert m.in_force is not None
    assert not {"drag", "freeform", "graded", "evasive"} & set(vars(m.in_force))
    # the engine modules name none of the old switches either (the options' flags, the bus's D.1, D.3, D.8 state)
    old = re.compile(r"\b(?:r|rules|in_force)\.(?:drag|freeform|graded|evasive)\b"
                     r"|\bopt\.(?:sequential_movement|move_in_turn|thrusted|evading|emergency_thrust)\b")
    assert not [p.name for p in ENGINE.rglob("*.py") if old.search(p.read_text())]


def test_the_orders_adjustments_run_roll_thrust_evade() -> None:
    """The registry's order is the order the hooks run in: a roll (D.7) is chosen before emergency thrust (D.1) and
    evasive action (D.3), each only for orders no earlier rule prefixed; D.1's End Phase dice come before E.1's
    repairs."""
    order = [cls.section for cls in registry.RULES]
    assert order.index("D.7") < order.index("D.1") < order.index("D.3")
    assert order.index("D.1") < order.index("E.1")
    m = build_matchup(MAJESTIC, MAJESTIC, BattleSettings(options=("D.3", "D.1", "D.7", "D.2", "D.8")))
    kinds = [type(r).__name__ for r in Battle(m, random.Random(1), False).rules_in_force]
    assert kinds == ["OptionBus", "ShipRolls", "EmergencyThrust", "EthericDrag", "EvasiveAction",
                     "SequentialMovement"]


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


def _kinds(settings: BattleSettings) -> list[str]:
    battle = Battle(build_matchup(MAJESTIC, MAJESTIC, settings), random.Random(1), False)
    return [type(r).__name__ for r in battle.rules_in_force]


def test_a_terrain_kind_plays_by_the_rule_of_its_section() -> None:
    """G: ``--terrain`` pieces make the rule of each section placed (two pieces of one section: one rule), in the
    registry's order whatever the order of the pieces; a scenario's pieces count (S.5's asteroids are G.1's)."""
    assert _kinds(BattleSettings(terrain=("planet", "asteroid-field", "asteroids:3", "comet", "nebula"))) == [
        "OptionBus", "Asteroids", "Comet", "Nebula", "Planet"]
    assert _kinds(BattleSettings(terrain=("black-hole:3",))) == ["OptionBus", "BlackHole"]
    assert _kinds(BattleSettings(terrain=("black-hole-printed",))) == ["OptionBus", "PrintedBlackHole"]
    assert _kinds(BattleSettings(scenario="S.5")) == ["OptionBus", "HideAndSeek", "Asteroids"]
    assert _kinds(BattleSettings(terrain=("three-d",))) == ["OptionBus", "ThreeDimensionalPlay"]  # G.6: last
    assert _kinds(BattleSettings(terrain=("three-d-doubled", "planet"))) == ["OptionBus", "Planet",
                                                                            "DoubledAltitudeRange"]


def test_the_terrain_is_placed_once_in_the_order_given() -> None:
    """The terrain rules in force share one table, placed once in the ``--terrain`` order (the dice of a
    placement do not depend on which rules the pieces' sections have), and every log line of it said once."""
    pieces = ("planet:1", "asteroids:2", "comet")
    battle = Battle(build_matchup(MAJESTIC, MAJESTIC, BattleSettings(terrain=pieces)), random.Random(3), True)
    placed = [line for line in battle.log or [] if line.startswith("terrain: ")]
    assert [line.split()[1] for line in placed] == ["planet:1", "asteroids:2", "asteroids:2", "comet"]  # a line each
    tables = {id(rule.table) for rule in battle.rules_in_force if hasattr(rule, "table")}
    assert battle.opt is not None and tables == {id(battle.opt.elements)}
    assert battle.opt.terrain is not None and battle.opt.terrain.planets and len(battle.opt.terrain.deadly) >= 9


def test_the_fighter_options_share_one_doctrine_and_the_core_game_has_none() -> None:
    """F.1-F.4, F.6: each rule in force turns its part of the one fighter doctrine on; without them there is no
    doctrine (flights activate as in the core game)."""
    m = build_matchup(MAJESTIC, MAJESTIC, BattleSettings(options=("F.1", "F.3", "F.6")))
    battle = Battle(m, random.Random(1), False)
    assert [type(r).__name__ for r in battle.rules_in_force] == [
        "OptionBus", "CombatSpacePatrol", "FighterScreens", "LongRangeFighters"]
    doctrine = battle.opt.fighters if battle.opt is not None else None
    assert doctrine is not None and (doctrine.csp, doctrine.dogfights, doctrine.screens) == (True, False, True)
    assert doctrine.long_range is battle.rules_in_force[3] and doctrine.variants is None
    assert [f for f in battle.flights if getattr(f, "lrf", False)]  # F.6 placed its flights at 2.3
    plain = Battle(build_matchup(MAJESTIC, MAJESTIC, BattleSettings(options=("F.7",))), random.Random(1), False)
    assert plain.opt is not None and plain.opt.fighters is None
