"""G.5 orbits in the movement grammar, the orders menu and the doctrine (issue 37)."""

from __future__ import annotations

import random

import pytest

from drydock.engine.hexgrid import distance
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import (
    OrderSyntaxError,
    execute,
    format_orders,
    order_problem,
    parse_orders,
    path_hexes,
    requirement,
)
from drydock.engine.options.movement_rules import graded
from drydock.engine.orbits import orbit_menu, orbit_turns, resolve
from drydock.engine.settings import BattleSettings
from tests.helpers import example as design

PLANET = (0, 0, 1)  # a size-1 planet: its centre and the six hexes round it; the hexes adjacent to it are at 2


def test_the_book_example_parses_and_counts_toward_speed() -> None:
    # G.5: "'1[6]1(8)' would indicate that the ship is to move one hex forward (initiating orbit), orbit for six
    # hexes, and then move one hex forward (breaking orbit)"
    o = parse_orders("1[6]1(8)")
    assert o.steps == (1, "[6]", 1) and o.speed == 8 and o.orbit_hexes == 6
    assert format_orders(o) == "1[6]1(8)"
    # not yet resolved against a planet: not legal as written
    assert order_problem(o) == "an orbit must be around a planet the ship is next to and heading along (G.5)"
    with pytest.raises(OrderSyntaxError):
        parse_orders("1[61(8)")
    with pytest.raises(OrderSyntaxError):
        parse_orders("1[123]1")


def test_an_orbit_goes_round_the_planet_and_its_turns_are_free() -> None:
    # G.5: "the ship is moved around the planet, turning as necessary, but is considered to be moving in a
    # straight line; i.e. one-hexside turns are 'free' for an orbiting ship"
    o = resolve(parse_orders("1[6]1(8)"), 2, -2, 1, [PLANET])
    assert o is not None and order_problem(o) is None
    assert o.orbit == (0, 1, 0, 1, 0, 1)  # three starboard turns to keep adjacent to the planet
    assert o.turns == ()
    assert requirement(o, 8, (0, 0)) == 0  # no turns: the difference of speeds (3.2), as a straight 8
    hexes = [(2 + x, -2 + y) for x, y in path_hexes(o, 1)]
    assert len(hexes) == 8
    assert all(distance(q, r) == 2 for q, r in hexes[:7])  # every orbit hex is adjacent to the planet
    assert execute(o, 2, -2, 1) == (-2, 0, 4, 4, False)


def test_an_orbit_is_initiated_only_next_to_the_planet_heading_along_it() -> None:
    # G.5: "Whenever a starship is located in a hex adjacent to a planet, and is heading towards another hex
    # adjacent to the same planet, the ship may initiate an orbit"
    assert orbit_turns(2, -1, 1, 3, PLANET) == (0, 1, 0)
    assert orbit_turns(2, -1, 4, 3, PLANET) == (0, -1, 0)  # the other way round
    assert orbit_turns(2, -1, 0, 3, PLANET) is None  # heading away from the planet
    assert orbit_turns(3, -1, 1, 3, PLANET) is None  # not adjacent
    assert resolve(parse_orders("2[3](5)"), 2, -2, 1, [PLANET]) is None  # two hexes in, it is no longer adjacent
    assert resolve(parse_orders("4P2(6)"), 9, 9, 0, []) == parse_orders("4P2(6)")  # no orbit: unchanged


def test_d6_counts_orbit_hexes_as_straight_movement() -> None:
    o = resolve(parse_orders("1[6]1(8)"), 2, -2, 1, [PLANET])
    assert o is not None and graded(o)


def test_the_menu_offers_orbits_within_the_engine_rating_near_a_planet_only() -> None:
    menu = orbit_menu(2, -2, 1, 4, (0, 0), 2, (PLANET,))
    assert menu and all(2 <= o.speed <= 6 and requirement(o, 4, (0, 0)) <= 2 for o in menu)
    assert all(any(o.orbit) for o in menu)  # an orbit that never turns is a straight run (already in the menu)
    assert orbit_menu(12, 12, 1, 4, (0, 0), 2, (PLANET,)) == ()


def test_seeded_battles_show_the_doctrine_orbiting() -> None:
    m = build_matchup([design("majestic")], [design("vigilant-cruiser")], BattleSettings(terrain=("planet:3",)))
    orbits = []
    for i in range(20):
        log = m.fight(random.Random(run_seed(1, i)), log=True).log
        assert not any("illegal orders" in line for line in log)
        orbits += [line for line in log if " orders " in line and "[" in line]
    assert orbits  # e.g. "B1 Vigilant orders [2]3(5) req 2 ER 2: (21,10) heading 4 facing 4 ->"
    assert not any("destroyed entering terrain" in line for line in orbits)
