"""B.19 Shockwave (drydock.engine.shockwave): hits spread over the elements and minefields within three hexes."""

import random

from drydock.engine import shockwave, systems
from drydock.engine.battle import Battle, Matchup
from drydock.engine.hexgrid import neighbor
from tests.engine.test_systems import Scripted, place, pulsar_and_two_barges


def test_shockwave_spreads_4x_shield_hits_b19():
    """SR 3 -> 12 hits over the elements within 3 hexes, as evenly as possible, none more than 4."""
    p, bt, (me, b1, b2) = pulsar_and_two_barges()
    place(b1, 11, 9, 3)
    place(b2, 16, 9, 3)  # out of reach
    bt.rng = Scripted([1] * 4)  # unshielded barge: 4 hits (capped at ceil(12/3)), 4 damage rolls of 1: hull
    shockwave.fire(bt, me)
    assert b1.p_hull == 4 and b2.p_hull == 0
    place(b2, 12, 9, 3)  # two targets: 6 each, capped at 4
    b1.p_hull = 0
    bt.rng = Scripted([1] * 8)
    shockwave.fire(bt, me)
    assert (b1.p_hull, b2.p_hull) == (4, 4)
    bt = Battle(Matchup([p, p], [b1.spec]), random.Random(1), log=False)
    me, friend, foe = bt.ships
    place(me, 10, 9, 0)
    place(friend, 10, 8, 0)
    place(foe, 11, 9, 3)
    shockwave.fire(bt, me)
    assert foe.p_hull == friend.p_hull == 0  # one enemy, one friend within reach: not triggered


def test_shockwave_also_hits_minefields_b19():
    """B.19: "These hits are then assigned as evenly as possible to all elements (friendly or otherwise) and/or
    minefields (B.15: Mines, p.34) within three hexes ... Any leftover hit(s) may be assigned as desired by the
    attacking player, in ascending order of range." B.15 minesweeping: "Each hit scored on a minefield removes one
    mine marker; there is no need for impact or damage rolls." "No target may be assigned more than one-third of
    the available hits (rounded up)"."""
    p, bt, (me, b1, b2) = pulsar_and_two_barges()
    place(b1, 11, 9, 3)  # an enemy ship next to the Pulsar
    place(b2, 20, 9, 3)  # out of reach
    enemy_field, own_field, far_field = neighbor(me.q, me.r, 1, 2), neighbor(me.q, me.r, 4, 3), (me.q, me.r - 4)
    bt.minefields.update({enemy_field: 5, own_field: 2, far_field: 3})
    bt.mine_layers.update({enemy_field: 1, own_field: 0, far_field: 1})
    systems.refresh_mines(bt)
    bt.rng = Scripted([1] * 4)  # 12 hits over three targets: 4 each; the barge's 4 damage rolls of 1: hull
    shockwave.fire(bt, me)
    assert b1.p_hull == 4
    assert bt.minefields == {enemy_field: 1, far_field: 3}  # 5 - 4 markers; 2 markers, 4 hits: gone; 4 hexes off
    assert own_field not in bt.mine_layers and bt.mined[enemy_field] == 1
    assert any("shockwave: 4 hits on the minefield" in line for line in bt.log)
    # five targets at ranges 1, 1, 2, 3, 3: 12 hits -> 2 each, the two leftovers to the two nearest (range 1)
    bt.minefields.clear()
    bt.mine_layers.clear()
    fields = [neighbor(me.q, me.r, 3, 1), neighbor(me.q, me.r, 1, 2), neighbor(me.q, me.r, 2, 3),
              neighbor(me.q, me.r, 5, 3)]
    for f in fields:
        bt.minefields[f] = 9
        bt.mine_layers[f] = 1
    b1.p_hull = 0
    bt.rng = Scripted([1] * 3)
    shockwave.fire(bt, me)
    assert b1.p_hull == 3
    assert [bt.minefields[f] for f in fields] == [6, 7, 7, 7]
    # the doctrine does not sweep its own minefields at its friends' cost: one enemy, two own fields -> no trigger
    bt.minefields = {fields[0]: 9, fields[1]: 9}
    bt.mine_layers = {fields[0]: 0, fields[1]: 0}
    b1.p_hull = 0
    shockwave.fire(bt, me)
    assert b1.p_hull == 0 and bt.minefields == {fields[0]: 9, fields[1]: 9}
