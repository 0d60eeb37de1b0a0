"""End Phase damage (4.4, 4.5): tracks, loss limits and the loss policy."""

from drydock.engine.damage import apply_marked_damage, lose_items
from drydock.engine.ship_rules import UNITY
from drydock.engine.ships import ShipSpec, ShipState
from drydock.formats.native import from_yaml

THREE_BATTERIES = """
# Source: 4.4 loss-limit example shape: batteries with loss limits (2), (3), (4)
class: Limits
hull: 16
engines: 2
shields: 1
weapons:
  - {name: Cheap, range: 2-4-6, stats: 1x5+/1/1, banks: [4AB]}
  - {name: Middle, range: 3-6-9, stats: 1x4+/1/1, banks: [6AB]}
  - {name: Dear, range: 5-10-15, stats: 1x4+/2/2, banks: [8AB]}
"""


def ship(text=THREE_BATTERIES):
    spec = ShipSpec(from_yaml(text)[0])
    return ShipState(spec, 0, 0, "A1", UNITY)


def test_loss_limits_example_4_4():
    s = ship()
    assert s.spec.battery_limits == [2, 3, 4]
    # 4.4: the third battery cannot lose its 5th weapon until the first two have lost 2 and 3
    lose_items(s, 2 + 3 + 4)
    assert s.battery_lost == [2, 3, 4]
    lose_items(s, 1)  # all at their limits: free (cheapest first again)
    assert s.battery_lost == [3, 3, 4]


def test_cheapest_first_within_limits():
    s = ship()
    lose_items(s, 2)
    assert s.battery_lost == [2, 0, 0]
    lose_items(s, 1)
    assert s.battery_lost == [2, 1, 0]


def test_tracks_apply_in_end_phase():
    s = ship()
    spec = s.spec
    s.p_hull, s.p_eng, s.p_wpn, s.p_shd = 3, 1, 2, 1
    before = s.spec.weapons_track
    assert apply_marked_damage(s) is False
    assert s.hull_hits == 3 and s.engine_rating == spec.engine_track[1]
    assert sum(s.battery_lost) == before[0] - before[2]
    assert s.shield(0) == spec.shield_track[1]
    s.p_hull = spec.hull
    assert apply_marked_damage(s) is True and not s.alive


def test_extra_hits_on_full_tracks_are_ignored():
    s = ship()
    s.p_eng = 50
    apply_marked_damage(s)
    assert s.engine_rating == 0 and s.eng_hits == len(s.spec.engine_track)


def test_equipment_losses_switch_systems_off():
    s = ship("""
class: Gadget
hull: 6
engines: 2
shields: 1
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [6AB]}
systems: [{name: Countermeasures, qty: 2}]
""")
    assert s.cm == 2
    lose_items(s, 20)
    assert s.cm == 0 and s.equipment_lost == 2


def test_directional_shields_lose_weakest_arc_first():
    s = ship("""
class: Arcs
hull: 8
engines: 2
shields: {fwd: 3, port: 2, stbd: 2, aft: 1}
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [2AB]}
""")
    s.p_shd = 2
    apply_marked_damage(s)
    assert sum(s.shield_arcs) < 8 and s.shield_arcs[0] == 3
