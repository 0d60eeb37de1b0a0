"""Appendix S's random scenario roll (p.58): "rolling one die twice in succession to achieve a number from 11-66,
reading the first roll as "tens" and the second as "ones". For example, a roll of 3 followed by 2 would become
"32"." The chart, its exact chances, each scenario's set-up as drydock plays it, seeded rolls."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drydock.core.rules.play_rules import PLAY
from drydock.core.rules.scenario_roll import S_ROLL, S_ROLL_TEXT, STANDARD_TEXT, chances, roll, scenario_of, setup
from drydock.errors import DrydockError
from drydock.insight.scenario_text import scenario_roll

# Source: Unity Rulebook v2.0, Appendix S p.58 (and Z.3 p.81): "Roll 11-12 13-14 15-16 21-22 23-24 25-26 31-32 33-34
# 35-36 41-42 43-44 45-46 51-66 Scenario S.1: Alone in the Dark S.2: Breakout S.3: The Chase S.4: Fleet Action S.5:
# Hide & Seek S.6: Hit & Run S.7: On Patrol S.8: The Shakedown Cruise S.9: Storms in Space S.10: Tin Can Dustup S.11:
# To the Rescue S.12: The Trap None. Play a standard scenario as described on p.11."
BOOK = {11: "S.1", 12: "S.1", 13: "S.2", 14: "S.2", 15: "S.3", 16: "S.3", 21: "S.4", 22: "S.4", 23: "S.5", 24: "S.5",
        25: "S.6", 26: "S.6", 31: "S.7", 32: "S.7", 33: "S.8", 34: "S.8", 35: "S.9", 36: "S.9", 41: "S.10",
        42: "S.10", 43: "S.11", 44: "S.11", 45: "S.12", 46: "S.12"}


def test_the_quotes_are_the_books() -> None:
    assert "a roll of 3 followed by 2 would become \u201c32\u201d" in S_ROLL_TEXT
    assert STANDARD_TEXT == "51-66 None. Play a standard scenario as described on p.11."
    assert len(S_ROLL) == 13


def test_every_number_of_the_chart() -> None:
    for tens in range(1, 7):
        for ones in range(1, 7):
            number = 10 * tens + ones
            assert scenario_of(number) == BOOK.get(number), number


def test_the_books_example_three_then_two_is_32_on_patrol() -> None:
    r = roll(dice=(3, 2))
    assert r.number == 32
    assert r.setup.label == "S.7: On Patrol"


def test_exact_chances_each_scenario_one_in_18_standard_one_in_3() -> None:
    c = chances()
    assert c[None] == Fraction(1, 3)  # 51-66: 12 of the 36 rolls
    assert all(c[f"S.{n}"] == Fraction(1, 18) for n in range(1, 13))
    assert sum(c.values()) == 1


@pytest.mark.parametrize("dice", [(0, 1), (7, 1), (1, 7), (True, 1)])
def test_dice_off_the_die_are_refused(dice: tuple[int, int]) -> None:
    with pytest.raises(DrydockError, match="each 1-6"):
        roll(dice=dice)


def test_set_up_from_the_play_table() -> None:
    # Source: Appendix S, S.4 Fleet Action: "Fleet Limit: 2000" both sides, 1200 VP; S.1 no VP target
    s4 = setup("S.4")
    assert s4.limits == (2000, 2000) and s4.vp_target == 1200
    assert setup("S.1").vp_target is None
    for section in (f"S.{n}" for n in range(1, 13)):
        assert list(setup(section).limits) == PLAY["scenarios"]["table"][section]["fleet_limits"]
    standard = setup(None)
    assert standard.limits == (2000, 2000) and standard.vp_target == 1200  # 2.2 Very Large
    assert setup(None, size="medium").limits == (1000, 1000)


def test_a_house_rule_play_table_changes_the_set_up() -> None:
    play = {"scenarios": {"table": {**PLAY["scenarios"]["table"], "S.4": {"fleet_limits": [1500, 1500],
                                                                            "vp_target": 900}}}}
    assert roll(dice=(2, 1), play=play).setup.limits == (1500, 1500)


def test_seeded_rolls_repeat_and_cover_the_chart() -> None:
    a = [roll(random.Random(s)).number for s in range(200)]
    assert a == [roll(random.Random(s)).number for s in range(200)]
    assert {scenario_of(n) for n in a} == {*BOOK.values(), None}


def test_the_command_prints_the_roll_and_set_up() -> None:
    lines = scenario_roll(dice="3,2")
    assert lines[0] == "Appendix S roll (at the table): 3 then 2 = 32: S.7: On Patrol"
    assert "  set-up: attacker (side A) fleet limit 1400, defender (side B) 1000; VP target 600" in lines
    assert lines[-1] == "  fight it: drydock battle A.yaml B.yaml --scenario S.7"
    with pytest.raises(DrydockError, match="one of them"):
        scenario_roll()
    with pytest.raises(DrydockError, match="two dice 1-6"):
        scenario_roll(dice="3,9")
