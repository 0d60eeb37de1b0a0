"""The battle's options as a player types them, parsed once in the library (issue 44: the studio and the command
line call :func:`settings_from_options`): a checked BattleSettings, or one error in a program's words that keeps
the command's wording."""

from __future__ import annotations

import pytest

from drydock.engine.settings import BattleSettings
from drydock.insight.battle_options import OptionsError, settings_from_options


def test_the_typed_options_become_the_settings_the_command_builds() -> None:
    s = settings_from_options(["E.1", "D.4"], "S.4", ["nebula", "asteroids:3"], deployment="port,standard",
                              doctrine=("cautious", "aggressive"), battle_size="small", turns=12)
    assert s == BattleSettings(turns=12, battle_size="small", doctrine=("cautious", "aggressive"), options=("E.1",),
                               scenario="S.4", terrain=("nebula", "asteroids:3"), floating=True,
                               deployment=("port", "standard"))
    assert settings_from_options() == BattleSettings()
    assert settings_from_options(deployment="choose").deployments == ("standard", "port", "starboard", "spread",
                                                                       "rear")


@pytest.mark.parametrize(("kwargs", "program", "command_line"), [
    ({"terrain": ["volcano"]}, "terrain 'volcano': expected one of asteroids", "--terrain 'volcano': expected"),
    ({"options": ["G.1"]}, "option 'G.1': terrain (G) is asked for with terrain (drydock rules options)",
     "--option 'G.1': terrain (G) is asked for with --terrain (drydock rules options)"),
    ({"options": ["E.99"]}, "unknown optional rule 'E.99'", "unknown optional rule 'E.99'"),
    ({"deployment": "port,sideways"}, "deployment 'port,sideways': expected one of standard",
     "--deployment 'port,sideways': expected one of standard"),
    ({"deployment": "choose", "plan_game": False}, "deployment choose needs the plan game (not with plan or "
     "no-robustness)", "--deployment choose needs the plan game (not with --plan or --no-robustness)"),
    ({"doctrine": "bold"}, "doctrine: unknown doctrine 'bold' (aggressive, cautious)",
     "--doctrine: unknown doctrine 'bold'"),
    ({"turns": 0}, "turns: 0 is not a turn limit", "--turns: 0 is not a turn limit"),
])
def test_one_error_in_a_programs_words_keeping_the_commands(kwargs: dict[str, object], program: str,
                                                            command_line: str) -> None:
    with pytest.raises(OptionsError) as caught:
        settings_from_options(**kwargs)  # type: ignore[arg-type]
    assert program in str(caught.value) and "--" not in str(caught.value)
    assert command_line in caught.value.command_line
