"""The whole movement menu (issue 22): pivots of more than one hexside in the doctrine's orders (3.4).

Fighter sideslips (5.3) are tested in tests/test_engine_fighters.py, several ships a hex at set-up (2.3) in
tests/test_engine_setup.py."""

from __future__ import annotations

import random
import re
from pathlib import Path

from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import Orders, requirement, trace
from drydock.engine.orders_menu import candidate_moves, candidates
from drydock.formats import read_designs

EX = Path(__file__).resolve().parent.parent / "examples" / "designs"


def test_pivots_of_one_to_three_hexsides_where_the_engine_pays():
    """3.4: "a ship may alter its facing by plotting a pivot at the conclusion of its movement orders. This is
    done by writing a plus (+) or minus (-) followed by a number from 1 to 3. [...] Pivots of "+3" and "-3" are
    identical [...] the number of hexsides turned is added to the engine requirement."

    Previous speed 4, engine rating 3: going on straight at 4 costs |4 - 4| = 0, so pivots of 1, 2 and 3
    hexsides (requirement 1, 2, 3) are all in the menu; at speed 5 a pivot of 3 would need 1 + 3 = 4 > 3; -3
    is the same pivot as +3 and is not listed twice."""
    menu = candidates(4, (0, 0), 3)
    for p in (1, -1, 2, -2, 3):
        assert Orders((4,), p) in menu and requirement(Orders((4,), p), 4, (0, 0)) == abs(p)
    assert Orders((4,), -3) not in menu
    assert Orders((5,), 2) in menu and Orders((5,), 3) not in menu  # 1 + 2 = 3; 1 + 3 = 4 > 3
    assert all(abs(o.pivot) <= 1 for o in candidates(4, (0, 0), 1))  # rating 1: one hexside at most
    # the end pose: heading unchanged, facing turned by the pivot (clockwise +)
    pose = {(o.speed, o.pivot, q, r, h, f) for o, _, q, r, h, f, _ in candidate_moves(4, (0, 0), 3, 0)}
    q, r = trace(Orders((4,)), 0)[1][-1]
    assert (4, 2, q, r, 0, 2) in pose and (4, -2, q, r, 0, 4) in pose and (4, 3, q, r, 0, 3) in pose


def test_the_doctrine_pivots_two_hexsides_in_seeded_battles():
    """The doctrine chooses such pivots when they bring more fire to bear: seeded Majestic-Vigilant battles log
    orders such as "3(3) -2"."""
    m = build_matchup(read_designs(EX / "majestic.yaml")[:1], read_designs(EX / "vigilant-cruiser.yaml")[:1])
    pivot = re.compile(r" orders \d+\(\d+\) [+-][23] req ")
    logs = [line for i in range(5) for line in m.fight(random.Random(run_seed(1, i)), log=True).log]
    assert any(pivot.search(line) for line in logs)
