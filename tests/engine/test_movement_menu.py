"""The whole movement menu (issue 22): pivots of more than one hexside in the doctrine's orders (3.4).

Fighter sideslips (5.3) are tested in tests/engine/test_fighters.py, several ships a hex at set-up (2.3) in
tests/engine/test_setup.py."""

from __future__ import annotations

import random
import re

from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import Orders, requirement, trace
from drydock.engine.orders_menu import candidate_moves, candidates
from drydock.formats import read_designs
from tests.helpers import ROOT

EX = ROOT / "examples" / "designs"


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


def test_two_or_more_sideslips_one_way_where_the_engine_pays():
    """3.4: "A starship may perform two or more sideslips consecutively. Ships may only slip in one direction per
    Movement Phase [...] Each sideslip counts as one hex of forward movement for purposes of determining speed,
    and adds an additional +1 to the engine requirement". The book's example: "a starship with an engine rating
    of 3 and a previous speed of 6 [...] may turn while maintaining its speed by first plotting movement orders of
    "2R1RR(6)" (engine requirement 6 - 6 + 3 = 3) and then "3S3(6)" (engine requirement max{6,6} = 6 - 3 = 3)".

    Previous speed 6, rating 3: three slips right at speed 6 need |6 - 6| + 3 = 3 (in the menu, ending where
    2R1RR ends: slips commute); four would need 4 > 3. No order slips both ways. The next turn, after three
    slips right, the one-hexside turn 3S3 at speed 6 needs max(6, 6) - 3 = 3: in the menu; without those slips
    it needs 6 and is not."""
    menu = candidates(6, (0, 0), 3)
    three = Orders(("R", "R", "R", 3))
    assert three in menu and requirement(three, 6, (0, 0)) == 3 == requirement(Orders((2, "R", 1, "R", "R")), 6)
    assert three.speed == 6
    assert Orders(("L", "L", "L", 3)) in menu and Orders(("R", "R", 4)) in menu
    assert Orders(("R", "R", "R", "R", 2)) not in menu  # 4 slips: requirement 4 > 3
    assert all(not ({"L", "R"} <= set(o.slips)) for o in menu)  # one direction per Movement Phase
    _, pts, h = trace(three, 0)
    _, pts2, h2 = trace(Orders((2, "R", 1, "R", "R")), 0)
    assert pts[-1] == pts2[-1] and h == h2 == 0  # the same end pose, heading unchanged
    assert (pts[-1][0], pts[-1][1], 0, 0, 6) in {(q, r, hh, f, v) for _, _, q, r, hh, f, v in
                                               candidate_moves(6, (0, 0), 3, 0)}
    turn = Orders((3, "S", 3))
    assert turn in candidates(6, (0, 3), 3) and requirement(turn, 6, (0, 3)) == 3
    assert turn not in candidates(6, (0, 0), 3) and requirement(turn, 6, (0, 0)) == 6


def test_the_doctrine_slips_more_than_once_in_seeded_battles():
    """The doctrine chooses such orders: seeded Majestic-Vigilant battles log orders such as "RRR2(5)", and each
    is legal (one direction; the engine requirement logged within the engine rating)."""
    m = build_matchup(read_designs(EX / "majestic.yaml")[:1], read_designs(EX / "vigilant-cruiser.yaml")[:1])
    multi = re.compile(r" orders (L{2,}\d*|R{2,}\d*)\((\d+)\) req (\d+) ER (\d+)")
    hits = [multi.search(line) for i in range(5) for line in m.fight(random.Random(run_seed(1, i)), log=True).log]
    hits = [h for h in hits if h]
    assert hits
    for h in hits:
        o = Orders(tuple(h.group(1).rstrip("0123456789")) + ((int(d),) if (d := h.group(1).lstrip("LR")) else ()))
        assert o.speed == int(h.group(2)) and int(h.group(3)) <= int(h.group(4))


def test_no_output_says_fighters_do_not_sideslip():
    """5.3: "flights may conduct sideslips; each slip requires twice as much MA as one hex of forward
    movement": the doctrine's fighter menu has them (tests/engine/test_fighters.py), so a carrier's battle no
    longer lists "fighters do not sideslip (5.3)" among the rules not simulated."""
    from drydock.engine.montecarlo import simulate

    wyvern = read_designs(EX / "wyvern-carrier.yaml")[:1]
    s = simulate(wyvern, read_designs(EX / "comet-frigate.yaml")[:1], runs=1, seed=1)
    assert not any("sideslip" in n for n in s.to_dict()["not_simulated"])
