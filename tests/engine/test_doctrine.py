"""The doctrines (issue 14): stopping distance, engine margin, range band, the two styles."""

import random

from drydock.engine.ai import DOCTRINES, Doctrine
from drydock.engine.battle import Battle, Matchup
from drydock.engine.hexgrid import DIRS, from_offset, to_offset
from drydock.engine.movement import execute
from drydock.engine.orders_menu import margin_rating, stopping_distance
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.formats import read_designs
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples" / "designs"


def spec(name):
    return ShipSpec(read_designs(EXAMPLES / f"{name}.yaml")[0])


def test_stopping_distance_worked_numbers():
    assert stopping_distance(8, 4) == 4          # 8 -> 4 -> 0: 4 more hexes
    assert stopping_distance(8, 1) == 28         # 7+6+...+1
    assert stopping_distance(7, 3) == 5          # 4 + 1
    assert stopping_distance(3, 4) == 0          # stops next turn
    assert stopping_distance(2, 0) == 16         # no engine: drifts (8 turns kept in hand)


def test_engine_margin():
    dauntless = (4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1)
    assert margin_rating(dauntless, 0, 1.0) == 1    # plans to stop on its last engine box
    assert margin_rating(dauntless, 0, 0.5) == 2
    assert margin_rating((6, 3), 0, 1.0) == 3        # one hit: a Kestrel keeps 3
    assert margin_rating((6, 3), 1, 1.0) == 0        # on its last box: the next hit leaves it drifting
    assert margin_rating((4, 3, 2), 0, 0.1) == 3     # at least one box


def _room(doctrine, q, r, h):
    return doctrine.run[(q, r, h)]


def test_keeps_its_stopping_distance_from_the_edge():
    """A Dauntless at speed 8 heading for the east edge, 12 hexes off: it must brake so that even on its
    last engine box (ER 1) it can still stop on the board."""
    d = spec("dauntless-dreadnought")
    for name in DOCTRINES:
        bt = Battle(Matchup([d], [d], BattleSettings(doctrine=name)), random.Random(1), log=False)
        me, foe = bt.ships
        me.q, me.r = from_offset(19, 9)
        me.heading = me.facing = 0
        me.speed = 8
        foe.q, foe.r = from_offset(14, 3)
        orders, _ = bt.m.doctrine.choose_orders(me, [foe])
        q, r, h, _, off = execute(orders, me.q, me.r, me.heading, bt.m.board)
        assert not off
        margin = margin_rating(d.engine_track, 0, DOCTRINES[name].margin)
        assert _room(bt.m.doctrine, q, r, h) >= stopping_distance(orders.speed, margin), (name, orders)


def test_does_not_overshoot_its_range_band():
    """Closing on a stationary enemy 14 hexes ahead, the Majestic ends near its preferred range
    instead of jousting through the enemy at full speed."""
    maj = spec("majestic")
    bt = Battle(Matchup([maj], [maj]), random.Random(1), log=False)
    me, foe = bt.ships
    me.q, me.r = from_offset(8, 9)
    me.heading = me.facing = 0
    me.speed = 4
    foe.q, foe.r = from_offset(22, 9)
    foe.heading = foe.facing = 3
    foe.speed = 0
    doctrine = bt.m.doctrine
    pref = doctrine.preferred_range(maj, maj)
    orders, _ = doctrine.choose_orders(me, [foe])
    q, r, h, _, _ = execute(orders, me.q, me.r, me.heading)
    from drydock.engine.hexgrid import distance
    end = distance(foe.q - q, foe.r - r)
    assert end >= pref - 1, (orders, end, pref)
    # and it can brake enough next turn not to fly past the enemy
    coast = max(0, orders.speed - me.engine_rating)
    q2, r2 = q + DIRS[h][0] * coast, r + DIRS[h][1] * coast
    assert to_offset(q2, r2)[0] <= 22


def test_two_deterministic_doctrines():
    assert set(DOCTRINES) >= {"aggressive", "cautious"}
    assert DOCTRINES["cautious"].threat > DOCTRINES["aggressive"].threat
    maj = spec("majestic")
    a = Doctrine([maj], (32, 18), style="aggressive")
    c = Doctrine([maj], (32, 18), style="cautious")
    assert c.preferred_range(maj, maj) >= a.preferred_range(maj, maj)
    from drydock.engine.montecarlo import simulate

    d = read_designs(EXAMPLES / "majestic.yaml")[:1]
    one = simulate(d, d, BattleSettings(doctrine="cautious"), runs=40, seed=3).to_dict()
    assert one == simulate(d, d, BattleSettings(doctrine="cautious"), runs=40, seed=3, jobs=2).to_dict()


def test_verdict_and_robustness_line():
    from drydock.engine.montecarlo import Summary, robustness_line, verdict

    def summ(a, b, name):
        return Summary(runs=a + b, a_wins=a, b_wins=b, doctrine=name)

    assert verdict(summ(60, 40, "x")) == "A"          # Wilson [0.502, 0.691]
    assert verdict(summ(55, 45, "x")) == "even"
    assert verdict(summ(30, 70, "x")) == "B"
    line = robustness_line({"aggressive": summ(60, 40, "aggressive"), "cautious": summ(70, 30, "cautious")})
    assert line == ("robustness: aggressive A 60.0% / cautious A 70.0% of decisive battles: side A favoured "
                    "under every doctrine (robust)")
    line = robustness_line({"aggressive": summ(60, 40, "aggressive"), "cautious": summ(45, 55, "cautious")})
    assert "the verdict changes with the doctrine (aggressive: side A, cautious: even)" in line


def test_one_doctrine_per_side_library():
    """Each side's ships decide by their own side's doctrine: in a mixed match-up side A moves exactly as under
    its doctrine for both sides, and side B as under its own."""
    from drydock.engine.ai import doctrine_label, doctrine_pair

    assert doctrine_pair("cautious") == (DOCTRINES["cautious"], DOCTRINES["cautious"])
    assert doctrine_pair(("cautious", "aggressive")) == (DOCTRINES["cautious"], DOCTRINES["aggressive"])
    assert doctrine_label(("aggressive", "aggressive")) == "aggressive"
    assert doctrine_label(["cautious", "aggressive"]) == "A cautious, B aggressive"
    maj, vig = spec("majestic"), spec("vigilant-cruiser")

    def first_orders(doctrine):
        bt = Battle(Matchup([maj], [vig], BattleSettings(doctrine=doctrine)), random.Random(1), log=False)
        a, b = bt.ships
        a.q, a.r = from_offset(12, 9)  # close in, so that the doctrines' threat weights matter
        b.q, b.r = from_offset(21, 9)  # where the doctrines differ now that pivots of 2-3 hexsides are on the menu
        return [bt.m.doctrine.choose_orders(s, [e]) for s, e in ((a, b), (b, a))]

    mixed = first_orders(("cautious", "aggressive"))
    cautious, aggressive = first_orders("cautious"), first_orders("aggressive")
    assert mixed == [cautious[0], aggressive[1]]
    assert cautious != aggressive  # the test would prove nothing if the doctrines agreed here
