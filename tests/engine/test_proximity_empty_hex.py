"""C.5: "A Proximity weapon may be fired at an empty hex." The doctrine does so when that hits more (issue 37)."""

from __future__ import annotations

import random

from drydock.engine.battle import Battle, Matchup
from drydock.engine.hexgrid import geometry, neighbor
from drydock.engine.proximity import EmptyHex, aim, burst_value
from drydock.engine.ships import ShipSpec
from drydock.formats.native import from_yaml
from tests.engine.test_systems import BARGE, PULSAR, place


def pulsar_and_barges(n: int) -> tuple[Battle, list]:  # type: ignore[type-arg]
    bt = Battle(Matchup([ShipSpec(from_yaml(PULSAR)[0])], [ShipSpec(from_yaml(BARGE)[0])] * n), random.Random(1),
                log=True)
    place(bt.ships[0], 10, 9, 0)
    return bt, bt.ships


def declared(bt: Battle, me, target) -> list:  # type: ignore[no-untyped-def,type-arg]
    mode = me.spec.banks[0].modes[0]
    return [(0, target, 0, mode.band(geometry(target.q - me.q, target.r - me.r, me.facing)[0]))]


def three_round_an_empty_hex() -> tuple[Battle, list, tuple[int, int]]:  # type: ignore[type-arg]
    """Three barges on alternate sides of an empty hex four hexes east of the Pulsar: no two adjacent."""
    bt, ships = pulsar_and_barges(3)
    me = ships[0]
    hole = neighbor(me.q, me.r, 0, 4)
    for barge, d in zip(ships[1:], (1, 3, 5), strict=True):
        barge.q, barge.r = neighbor(*hole, d)
        barge.heading = barge.facing = 3
    return bt, ships, hole


def test_an_empty_hex_with_three_enemies_round_it_is_worth_more() -> None:
    # C.5: "A separate attack roll is made against each element (friend or foe) in the target hex. In addition, an
    # attack roll is made against each element adjacent to the target hex, at a -1 penalty." Bomb 1x4+ at medium
    # range (+0): at a barge 3/6 hits, the others two hexes off; at the empty hex 3 x 2/6 = 1 (4+ becomes 5+)
    bt, (me, b1, _, _), hole = three_round_an_empty_hex()
    mode, band = me.spec.banks[0].modes[0], declared(bt, me, b1)[0][3]
    assert abs(burst_value(bt, me, mode, 1, band, b1.q, b1.r) - 0.5) < 1e-9
    assert abs(burst_value(bt, me, mode, 1, band, *hole) - 1.0) < 1e-9
    (_, target, _, _), = aim(bt, me, declared(bt, me, b1))
    assert isinstance(target, EmptyHex) and (target.q, target.r) == hole


def test_one_enemy_alone_is_fired_at_itself() -> None:
    bt, (me, b1) = pulsar_and_barges(1)
    place(b1, 14, 9, 3)
    assert aim(bt, me, declared(bt, me, b1)) == declared(bt, me, b1)


def test_friends_next_to_the_hex_count_against_it() -> None:
    # "(friend or foe)"; "If a Proximity weapon is fired at a target one hex away, the firing starship is also
    # attacked": at medium range a friendly Pulsar next to the empty hex costs 1/3 (5+); the firing ship next to it
    # as well another 1/3
    bt = Battle(Matchup([ShipSpec(from_yaml(PULSAR)[0])] * 2, [ShipSpec(from_yaml(BARGE)[0])] * 3), random.Random(1),
                log=True)
    me, friend, *barges = bt.ships
    place(me, 10, 9, 0)
    hole = neighbor(me.q, me.r, 0, 4)
    for barge, d in zip(barges, (1, 3, 5), strict=True):
        barge.q, barge.r = neighbor(*hole, d)
    friend.q, friend.r = neighbor(*hole, 4)
    mode = me.spec.banks[0].modes[0]
    assert abs(burst_value(bt, me, mode, 1, 1, *hole) - 2 / 3) < 1e-9
    me.q, me.r = neighbor(*hole, 2)
    assert abs(burst_value(bt, me, mode, 1, 1, *hole) - 1 / 3) < 1e-9


def test_the_combat_phase_fires_the_volley_at_the_empty_hex() -> None:
    bt, (me, *barges), hole = three_round_an_empty_hex()
    bt.combat()
    text = "\n".join(bt.log or [])
    assert "-> empty hex" in text and "at an empty hex (C.5)" in text
    assert sum(f"proximity -> {b.label}" in text for b in barges) == 3


def test_being_side_a_changes_nothing_with_proximity_at_empty_hexes() -> None:
    """Rule 8: a Pulsar (without its solar sails, whose wind blows from a fixed compass point) against three barges,
    relabelled, is the same battle with the winner exchanged (ties between hexes go by the firing ship's own
    bearing); two of these 20 battles fire a volley at an empty hex."""
    from drydock.engine.montecarlo import run_seed
    from tests.engine.test_setup import relabelled_runs_mirror

    pulsar = ShipSpec(from_yaml(PULSAR.replace("systems: [Shockwave, Solar Sails]\n", ""))[0])
    barge = ShipSpec(from_yaml(BARGE)[0])
    m1, m2 = Matchup([pulsar], [barge] * 3), Matchup([pulsar], [barge] * 3)
    relabelled_runs_mirror(m1, m2, 2, runs=20)
    fired = [any("at an empty hex (C.5)" in line for line in m1.fight(random.Random(run_seed(2, i)), log=True).log)
             for i in range(20)]
    assert sum(fired) == 2
