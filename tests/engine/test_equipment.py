"""Issue 22: destroyed equipment stops working (glossary 0.2: "Equipment: Starship systems that only
provide benefit while operational. Equipment can be destroyed by damage.")."""

from __future__ import annotations

import random

from drydock.engine import systems
from drydock.engine.battle import Battle, Matchup
from drydock.engine.equipment import RULE, working
from drydock.engine.fighters import FighterFlight
from drydock.engine.hexgrid import from_offset
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.formats.native import from_yaml
from tests.engine.test_systems import THRUSTER, Scripted, place, spec


def _lose(ship, name: str) -> None:  # type: ignore[no-untyped-def]
    for i, (n, _) in enumerate(ship.spec.equipment):
        if n == name:
            ship.equipment_alive[i] = False
    assert working(ship, name) == 0


def _battle(a, b):  # type: ignore[no-untyped-def]
    return Battle(Matchup([a], [b]), random.Random(1), log=True)


def test_rule_text():
    assert "only provide benefit while operational" in RULE


def test_a_lost_hyperdrive_does_not_warm_up_b10():
    maj = spec("majestic")
    bt = _battle(maj, maj)
    me, foe = bt.ships
    me.hull_hits = maj.hull - 2  # crippled: it would warm up (see test_engine_systems)
    assert bt.m.doctrine.choose_orders(me, [foe])[0].prefixes == ("H",)
    bt.m.doctrine._memo.clear()
    _lose(me, "Hyperdrive")
    assert "H" not in bt.m.doctrine.choose_orders(me, [foe])[0].prefixes
    me.warming, me.hyper_total = True, 9  # warming when the drive was lost: no roll, no jump
    bt.rng = Scripted([6])
    systems.hyperdrive_rolls(bt)
    assert me.alive and not me.jumped and me.hyper_total == 0


def test_a_lost_cloaking_device_does_not_cloak_b5():
    shade, maj = spec("shade-raider"), spec("majestic")
    evade = BattleSettings(plan=("evade", None))  # evade: always cloaks
    bt = Battle(Matchup([shade], [maj], evade), random.Random(1), log=True)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 16, 9, 3)
    bt.orders_and_movement()
    assert me.cloaked
    _lose(me, "Cloaking Device")
    bt.orders_and_movement()
    assert not me.cloaked and not me.hidden  # uncloaks: the device is gone


def test_lost_tractor_beams_do_not_fire_b24():
    shade, wyvern = spec("shade-raider"), spec("wyvern-carrier")
    bt = _battle(shade, wyvern)
    me = bt.ships[0]
    bt.turn = 3
    near = FighterFlight(90, 1, bt.ships[1], me.q + 1, me.r, 3, "near")
    _lose(me, "Tractor Beam")
    bt.rng = Scripted([6])
    systems.tractor_attacks(bt, me, [near])
    systems.tractor_defence(bt, me, near)
    assert near.kills == 0 and near.count == 6


def test_lost_stutterdrive_and_overthrusters_do_nothing_b23_b16():
    shade = spec("shade-raider")
    bt = _battle(shade, shade)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 20, 9, 3)
    _lose(me, "Stutterdrive")
    start = (me.q, me.r)
    bt.rng = random.Random(2)
    bt.end_phase()
    assert (me.q, me.r) == start and not [ln for ln in bt.log if "A1 Shade stutterdrive" in ln]
    t = ShipSpec(from_yaml(THRUSTER)[0])
    bt = _battle(t, t)
    me, foe = bt.ships
    me.q, me.r = from_offset(10, 9)
    foe.q, foe.r = from_offset(14, 9)
    _lose(me, "Overthrusters")
    bt.rng = Scripted([6] * 40)
    bt.orders_and_movement()
    assert not [ln for ln in bt.log if "A1 Thruster overthrusters" in ln]
