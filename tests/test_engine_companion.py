"""The Captain's Companion play rules as functions (drydock/engine/companion.py), each against its text.

Source: Starmada Captain's Companion (2025), D1, D3, D5.1-D5.3, D7.2-D7.3 (../shared/seeds/002_*.txt).
"""

import pytest

from drydock.core.dac import shift
from drydock.engine.companion import (
    alternate_damage,
    deadly_state,
    enveloping_hits,
    may_engage,
    persistent_phase,
    persistent_tallies,
    proximity_radius,
    repair,
    scattershot_damage,
)


def test_d3_example():
    """"Four dice are rolled, coming up 2, 3, 5, and 6. As a result, two hull damage boxes (3,5), two engine
    boxes (2,6), two weapon boxes (2,3), and two system boxes (5,6) are crossed off"."""
    assert alternate_damage([2, 3, 5, 6]) == {"hull": 2, "engines": 2, "weapons": 2, "systems": 2}


def test_d1_engagement_limit():
    """"a starship with a combat rating of 90 may only be attacked by enemy starships with a combined combat
    rating of 270 or less"."""
    assert may_engage(90, [100, 100], 70)
    assert not may_engage(90, [100, 100], 71)
    assert not may_engage(90, [270], 1)


def test_proximity_levels():
    assert [proximity_radius(n) for n in range(4)] == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        proximity_radius(4)


def test_enveloping_levels():
    # 0: half rounded up to the normal facing, the rest as evenly as possible over the other three
    assert enveloping_hits(0, 5, "fwd") == {"fwd": 3, "port": 1, "stbd": 1, "aft": 0}
    assert enveloping_hits(0, 8, "aft") == {"fwd": 2, "port": 1, "stbd": 1, "aft": 4}
    # 1: "if the volley scores three hits, a total of six hits are applied"
    hits = enveloping_hits(1, 3, "fwd", ["aft"])
    assert hits == {"fwd": 3, "port": 0, "stbd": 0, "aft": 3} and sum(hits.values()) == 6
    assert enveloping_hits(2, 3, "fwd", ["port", "aft"]) == {"fwd": 3, "port": 3, "stbd": 0, "aft": 3}
    assert enveloping_hits(3, 2, "stbd") == dict.fromkeys(("fwd", "port", "stbd", "aft"), 2)
    with pytest.raises(ValueError):
        enveloping_hits(2, 3, "fwd", ["port"])


def test_scattershot():
    """DMG 3, two hits: six dice against a 4+: each success is one point."""
    assert scattershot_damage([1, 4, 6, 3, 5, 2], 4) == 3


def test_persistent_example():
    """"Four damage dice are rolled, coming up 2, 3, 3, and 6. Two tally marks are made" ... "two damage dice
    are rolled, coming up 1 and 4. One tally mark is erased. (If the target were Armored, both tally marks
    would be erased.)"."""
    assert persistent_tallies([2, 3, 3, 6]) == 2
    assert persistent_phase(2, [1, 4]) == 1
    assert persistent_phase(2, [1, 4], armored=True) == 0
    assert persistent_tallies([1, 3], armored=True) == 1


def test_deadly_disables_then_destroys():
    """6 hull boxes: 2 crossed + 2 "@" is active; 4 crossed + 2 "@" disabled; both "@" overlapped: destroyed."""
    assert deadly_state(6, 2, 2) == "active"
    assert deadly_state(6, 4, 2) == "disabled"
    assert deadly_state(6, 4, 2, deadly_crossed=2) == "destroyed"
    assert deadly_state(6, 6, 0) == "destroyed"


def test_d7_shift_and_repair():
    crossed = {2}
    loc = shift(2, crossed)
    assert loc == 3
    crossed |= {loc}
    assert repair(crossed, 2) == {3}
    with pytest.raises(ValueError):
        repair(crossed, 5)
