"""The doctrine weighs a black hole's End Phase pull like any other hazard (G.2; issue 37)."""

from __future__ import annotations

import random

import pytest

from drydock.core.rules import Ruleset
from drydock.engine.hazards import DEADLY, END, HOLE, at_horizon, pull_after, pull_ends, pulled_to
from drydock.engine.hexgrid import distance
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.settings import BattleSettings
from tests.helpers import example as design

PULL = Ruleset.unity().play["black_hole_pull"]


def test_pull_after_follows_the_table_and_the_horizon() -> None:
    # G.2: "each element within range of a black hole's gravitational pull is moved directly toward its center"
    # and "an element 'pulled' into the event horizon is destroyed"; size 2 reads X, 2, 1, 1, 1 at distances 1-5
    rows, dists = PULL["rows"], PULL["distances"]
    assert [pull_after(rows, dists, 2, d) for d in range(1, 8)] == [-1, -1, -1, 3, 4, 6, 7]
    assert pull_after(rows, dists, 1, 3) == 2  # size 1 at 3: pulled one hex, still outside its one-hex horizon


def test_pull_ends_marks_the_ring_the_pull_draws_in() -> None:
    ends = pull_ends([(5, 5, 2)], PULL["rows"], PULL["distances"])
    assert ends.pop((5, 5, HOLE)) == 2  # the hole's centre and size, for pulled_to
    by_distance: dict[int, set[int]] = {}
    for (q, r, end), dice in ends.items():
        assert end == END
        by_distance.setdefault(distance(q - 5, r - 5), set()).add(dice)
    # the horizon itself (distance <= 2) is a deadly hex to enter; ending at 3 is drawn in; at 4-5 pulled a hex
    assert by_distance == {3: {DEADLY}, 4: {1}, 5: {1}}
    assert len([k for k, v in ends.items() if v == DEADLY]) == 18  # the ring of radius 3


def drawn(m, runs: int) -> int:  # type: ignore[no-untyped-def]
    n = 0
    for i in range(runs):
        log = m.fight(random.Random(run_seed(1, i)), log=True).log
        n += any("drawn into a black hole (G.2)" in line for line in log)
    return n


def test_seeded_battles_lose_fewer_ships_to_the_pull() -> None:
    # issue 37: before, 22 of these 40 battles (seed 1) lost a ship "drawn into a black hole" in the End Phase;
    # the one or two left are ships whose engines were shot away (ER 0: they drift)
    m = build_matchup([design("majestic")], [design("vigilant-cruiser")], BattleSettings(terrain=("black-hole:2",)))
    assert drawn(m, 40) <= 3
    swapped = build_matchup([design("vigilant-cruiser")], [design("majestic")],
                            BattleSettings(terrain=("black-hole:2",)))
    assert drawn(swapped, 40) <= 4


def test_pulled_to_follows_the_pull_toward_the_centre() -> None:
    # size 3 reads X, X, X, 2, 1, 1, 1 at distances 1-7: from 5 the pull takes the ship one hex nearer, to 4, next to
    # the horizon (one more step enters it); from 8 it does not pull
    ends = pull_ends([(0, 0, 3)], PULL["rows"], PULL["distances"])
    assert pulled_to(ends, 5, 0) == (4, 0) and at_horizon(ends, 4, 0) and not at_horizon(ends, 5, 0)
    assert pulled_to(ends, 8, 0) == (8, 0) and ends[(4, 0, END)] == DEADLY


def drawn_with_engines(m, runs: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """(ships drawn in, of which had an engine rating when they gave their last orders)."""
    ships = engines = 0
    for i in range(runs):
        log = m.fight(random.Random(run_seed(1, i)), log=True).log
        for n, line in enumerate(log):
            if "drawn into a black hole (G.2)" in line:
                label = line.split()[0]
                orders = [x for x in log[:n] if x.startswith(f"  {label} ") and " orders " in x]
                ships += 1
                engines += bool(orders) and " ER 0:" not in orders[-1]
    return ships, engines


def test_a_ship_with_engines_never_steers_where_the_pull_dooms_it_under_any_plan() -> None:
    # issue 45: with a size-3 hole, close v close drew a ship in 10 of 40 battles (seed 1), one with engines 4 that
    # had steered where the next pull left it no way out (run 8), others pulled on into the horizon past an enemy
    # pulled into their way first (run 0). Now no ship with engines is drawn in under any plan pair
    # (bench/bench_black_hole.py --plans: 40 battles a pair, both ways round); runs 0-11 of three pairs here.
    majestic, vigilant = [design("majestic")], [design("vigilant-cruiser")]
    for plan in (("close", "close"), ("hold", "close"), ("standoff", "evade")):
        for a, b in ((majestic, vigilant), (vigilant, majestic)):
            m = build_matchup(a, b, BattleSettings(terrain=("black-hole:3",), plan=plan))
            assert drawn_with_engines(m, 12)[1] == 0, plan


@pytest.mark.parametrize("option", ["D.2", "D.5"])
def test_a_ship_with_engines_never_steers_where_the_pull_dooms_it_under_drag_or_freeform_turns(option: str) -> None:
    # issue 45, under D.2 / D.5, whose orders the doctrine chooses again among those the option makes legal
    # (doctrine_bridge.best_scored): that choice weighed the pull as dice only, and under D.5 (which chooses again
    # every time) a ship with engines steered where the next pull held it until it drew it in: runs 8 and 12 of
    # seed 1 with a size-3 hole, both ways round, and runs 4 and 29 of the Vigilant v Majestic with a size-2 one
    # (6 ships in 160 battles, 40 a setting). Now the least doomed order comes first there too: 0 in those 160,
    # and 0 under D.2 (3 ships drawn in, none with engines, before and after). Runs 0-12 here.
    majestic, vigilant = [design("majestic")], [design("vigilant-cruiser")]
    for a, b in ((majestic, vigilant), (vigilant, majestic)):
        m = build_matchup(a, b, BattleSettings(terrain=("black-hole:3",), options=(option,)))
        assert drawn_with_engines(m, 13)[1] == 0, option
