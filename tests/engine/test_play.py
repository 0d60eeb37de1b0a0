"""Play details: stacking (3.3), Slow/Expendable banks, dual-mode choice (C.2), LRS (B.13), edges (3.3)."""

import random

from drydock.engine.ai import Doctrine, MatchTables
from drydock.engine.battle import Battle, Matchup
from drydock.engine.hexgrid import from_offset
from drydock.engine.ships import ShipSpec
from drydock.formats.native import from_yaml


def spec(text):
    return ShipSpec(from_yaml(text)[0])


GUNBOAT = """
# Source: drydock test fixture (issue 6)
class: Gunboat
hull: 6
engines: 4
shields: 1
weapons:
  - name: Cannon
    range: 3-6-9
    stats: 1x4+/2/1
    traits: [Slw]
    banks: [2TT]
  - name: Rocket
    range: 4-8-12
    stats: 1x4+/1/1
    traits: [Exp]
    banks: [2TT]
  - name: Ion
    range: 4-8-12
    stats: 1x5+/1/1
    secondary: {name: Close Defense, range: 2-4-6, stats: 1x3+/1/1}
    banks: [TT]
systems: [Long Range Sensors]
"""


def battle(a, b, seed=1):
    return Battle(Matchup([a], [b]), random.Random(seed), log=True)


def test_stacking_moves_one_ship_to_an_adjacent_hex():
    g = spec(GUNBOAT)
    bt = battle(g, g)
    s1, s2 = bt.ships
    s1.q, s1.r = s2.q, s2.r = from_offset(10, 9)
    bt.stacking()
    assert (s1.q, s1.r) != (s2.q, s2.r)
    from drydock.engine.hexgrid import distance
    assert distance(s1.q - s2.q, s1.r - s2.r) == 1
    assert any("stacking" in line for line in bt.log)


def test_slow_and_expendable_banks():
    g = spec(GUNBOAT)
    bt = battle(g, g)
    me, foe = bt.ships
    me.q, me.r = from_offset(10, 9)
    foe.q, foe.r = from_offset(13, 9)  # range 3
    d = bt.m.doctrine.declare(me, [foe], turn=2)
    banks = {me.spec.banks[i].battery_name for i, *_ in d}
    assert banks == {"Cannon", "Rocket", "Ion"}
    me.bank_fired[0] = 2  # the Slow cannon fired on turn 2: not on turn 3, again on turn 4
    assert 0 not in [i for i, *_ in bt.m.doctrine.declare(me, [foe], turn=3)]
    assert 0 in [i for i, *_ in bt.m.doctrine.declare(me, [foe], turn=4)]
    me.bank_spent[1] = me.bank_alive[1]  # rockets all fired: Expendable, once per game
    assert 1 not in [i for i, *_ in bt.m.doctrine.declare(me, [foe], turn=4)]


def test_dual_mode_picks_the_better_mode():
    g = spec(GUNBOAT)
    t = MatchTables(g, g)
    ion = 2
    assert g.banks[ion].modes[1].label == "Close Defense"
    assert t.mode[ion][2][1] == 1   # at 2 hexes the 3+ close-defense mode is better
    assert t.mode[ion][8][1] == 0   # at 8 only the primary reaches
    assert t.mode[ion][12][1] == 0 and t.ed[ion][12][1] > 0


def test_long_range_sensors_extend_reach():
    g = spec(GUNBOAT)
    bt = battle(g, g)
    me, foe = bt.ships
    me.q, me.r = from_offset(2, 9)
    foe.q, foe.r = from_offset(17, 9)  # range 15 -> effective 10 with LRS
    assert me.lrs
    names = {me.spec.banks[i].battery_name for i, *_ in bt.m.doctrine.declare(me, [foe], 1)}
    assert "Ion" in names and "Cannon" not in names  # 4-8-12 reaches 10; 3-6-9 does not
    me.lrs = False
    assert not bt.m.doctrine.declare(me, [foe], 1)


def test_ships_never_choose_to_leave_the_board():
    g = spec(GUNBOAT)
    doctrine = Doctrine([g], (24, 18))
    bt = battle(g, g)
    me, foe = bt.ships
    me.q, me.r = from_offset(22, 9)
    me.heading = me.facing = 0  # two hexes from the east edge, heading east at speed 4
    me.speed = 4
    orders, _ = doctrine.choose_orders(me, [foe])
    from drydock.engine.movement import execute
    assert execute(orders, me.q, me.r, me.heading, (24, 18))[4] is False


def test_leaving_the_board_scores_the_opponent():
    g = spec(GUNBOAT)
    bt = battle(g, g)
    me = bt.ships[0]
    bt.destroy(me, "left the board")
    assert bt.vp == [0, g.cr] and not me.alive


def test_illegal_orders_move_straight_at_previous_speed():
    """3.2: illegal orders are not executed; the ship moves straight ahead at its previous speed."""
    from drydock.engine.movement import parse_orders

    g = spec(GUNBOAT)
    bt = battle(g, g)
    me, foe = bt.ships
    start = (me.q, me.r, me.heading)
    me.speed = 3
    # requirement of 1P1P1P1 from speed 3: 3 + 4 = 7 > engine rating 4 (2c: the orders carried out as written)
    bt.move_ship(me, parse_orders("1P1P1P1(4)"), 0)
    assert (me.q, me.r, me.heading) == (start[0] + 3, start[1], start[2])
    assert me.speed == 3
    assert any("illegal orders" in line for line in bt.log)
