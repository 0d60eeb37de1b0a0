"""BattleSettings checks itself (issue 43's settings bullet): each field's range and names, one SettingsError in a
program's words; a VP target of its own (campaign battles: none); the command line keeps its option names."""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

import pytest

from drydock import limits
from drydock.cli.options import OPTION_OF, option_words
from drydock.engine.battle import NO_VP_TARGET
from drydock.engine.montecarlo import build_matchup
from drydock.engine.settings import BATTLE_SIZE_NAMES, BattleSettings, BattleSize, SettingsError
from drydock.errors import DrydockError
from tests.helpers import example


@pytest.mark.parametrize(("fields", "message"), [
    ({"turns": -3}, "BattleSettings.turns: -3 is not a turn limit: a whole number 1 to 1,000"),
    ({"turns": 0}, "BattleSettings.turns: 0 is not a turn limit"),
    ({"turns": 1_001}, "BattleSettings.turns: 1001 is not a turn limit"),
    ({"turns": "20"}, "BattleSettings.turns: '20' is not a turn limit"),
    ({"turns": True}, "BattleSettings.turns: True is not a turn limit"),
    ({"board": (7, 18)}, "BattleSettings.board: 7 is not a board's columns: a whole number 8 to 200"),
    ({"board": (32, 201)}, "BattleSettings.board: 201 is not a board's rows: a whole number 8 to 200"),
    ({"board": (5000, 5000)}, "BattleSettings.board: 5000 is not a board's columns"),
    ({"board": (32,)}, "BattleSettings.board: expected (columns, rows)"),
    ({"battle_size": "huge"}, "BattleSettings.battle_size: unknown battle size 'huge' (2.2: auto, very-small"),
    ({"doctrine": "nonsense"}, "BattleSettings.doctrine: unknown doctrine 'nonsense' (aggressive, cautious)"),
    ({"doctrine": ("aggressive", "bold")}, "BattleSettings.doctrine: unknown doctrine 'bold'"),
    ({"doctrine": ("aggressive",) * 3}, "BattleSettings.doctrine: expected one doctrine or a pair"),
    ({"plan": "sideways"}, "BattleSettings.plan: unknown plan 'sideways' (close, hold, standoff, evade)"),
    ({"options": ("E.99",)}, "BattleSettings.options: unknown optional rule 'E.99'"),
    ({"options": ("E.1", 3)}, "BattleSettings.options: expected a tuple of texts"),
    ({"terrain": ("volcano",)}, "BattleSettings.terrain: 'volcano': expected one of asteroids"),
    ({"terrain": ("asteroids:41",)}, "BattleSettings.terrain: 'asteroids:41': asteroids size/count must be 1-40"),
    ({"scenario": "S.99"}, "BattleSettings.options: unknown scenario 'S.99'"),
    ({"deployment": "sideways"}, "BattleSettings.deployment: unknown deployment plan 'sideways'"),
    ({"vp_target": -1}, "BattleSettings.vp_target: -1 is not a VP target (0: none): a whole number 0 to 1,000,000"),
    ({"vp_target": 1_000_001}, "BattleSettings.vp_target: 1000001 is not a VP target"),
    ({"floating": "yes"}, "BattleSettings.floating: expected True or False"),
    ({"rules": "companion"}, "BattleSettings.rules: expected a Ruleset or None, not str"),
])
def test_each_field_out_of_range_is_one_settings_error(fields: dict, message: str) -> None:
    with pytest.raises(SettingsError) as caught:
        BattleSettings(**fields)
    assert str(caught.value).startswith(message), str(caught.value)
    assert "--" not in str(caught.value)  # a program's words, not the command line's
    assert isinstance(caught.value, DrydockError)


def test_each_field_at_its_limits_is_accepted() -> None:
    for fields in ({"turns": 1}, {"turns": limits.TURNS.value}, {"board": (8, 8)},
                   {"board": (limits.BOARD.value, limits.BOARD.value)}, {"vp_target": 0},
                   {"vp_target": 1_000_000}, {"plan": ("close", None)}, {"plan": "close@port"},
                   {"doctrine": ["cautious", "aggressive"]}, {"terrain": ("asteroids:40",)},
                   {"deployment": ("port", "rear")}, {"deployments": ("standard", "spread")}):
        BattleSettings(**fields)  # type: ignore[arg-type]


def test_replace_checks_too() -> None:
    with pytest.raises(SettingsError, match="BattleSettings.turns"):
        replace(BattleSettings(), turns=-3)


def test_battle_size_is_a_literal_of_the_commands_choices() -> None:
    assert BATTLE_SIZE_NAMES == get_args(BattleSize) == ("auto", "very-small", "small", "medium", "large",
                                                         "very-large")


def test_the_vp_target_field_instead_of_editing_a_built_matchup() -> None:
    k = example("kestrel-corvette")
    assert build_matchup([k], [k], BattleSettings(vp_target=0)).vp_target == NO_VP_TARGET  # T.1(5): none
    assert build_matchup([k], [k], BattleSettings(vp_target=55)).vp_target == 55
    assert build_matchup([k], [k], BattleSettings()).vp_target == 24  # auto: 60% of 40 CR


def test_the_command_line_says_the_options_name() -> None:
    with pytest.raises(DrydockError) as caught, option_words():
        BattleSettings(doctrine="nonsense")
    assert str(caught.value) == "--doctrine: unknown doctrine 'nonsense' (aggressive, cautious)"
    assert not isinstance(caught.value, SettingsError)
    assert set(OPTION_OF) <= {f for f in BattleSettings.__dataclass_fields__}
