"""Seeking weapons (C.4): flights, movement example, attack, defensive fire, seekers as targets."""

import random

from drydock.engine.battle import Battle, Matchup
from drydock.engine.seekers import SeekerFlight, activate, hex_cost, split_flights
from drydock.engine.ships import ShipSpec
from drydock.formats import read_designs
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples" / "designs"

TARGET = """
# Source: drydock test fixture (issue 6)
class: Target
hull: 8
engines: 2
shields: 1
weapons:
  - {name: Flak, range: 2-4-6, stats: 3x2+/1/1, traits: [Dfn], banks: [TT]}
"""


def make_battle():
    harrier = ShipSpec(read_designs(EXAMPLES / "harrier-missile-destroyer.yaml")[0])
    target = ShipSpec(from_yaml(TARGET)[0])
    return Battle(Matchup([harrier], [target]), random.Random(5), log=True)


def test_split_flights():
    assert split_flights(9) == [5, 4]
    assert split_flights(6) == [6]
    assert split_flights(13) == [5, 4, 4]


def test_movement_example_c4():
    """C.4: MA 8, target in [E] (3 MA/hex): turn, turn, 2 hexes (6 MA), turn, 2 MA left -> stops."""
    bt = make_battle()
    launcher, target = bt.ships
    target.q, target.r = 20 - 4, 9 - 2  # 4 D3 + 2 D4 from the seeker: arc E only
    target.alive = True
    swarm = launcher.spec.banks[0].seeker
    fl = SeekerFlight(1, 0, target, 20, 9, 0, 4, swarm, "flight")
    assert hex_cost(fl) == 3
    activate(bt, fl)
    assert (fl.q - 20, fl.r - 9, fl.heading) == (0, -2, 3)
    assert fl.alive and fl.count == 4


def test_seekers_hit_on_entering_the_target_hex_and_damage_is_immediate():
    bt = make_battle()
    launcher, target = bt.ships
    target.q, target.r = 10, 9
    assert target.spec.banks[0].dfn
    target.bank_dfn[0] = bt.turn = 1  # its Dfn flak already fired this turn
    torpedo = launcher.spec.banks[1].seeker
    assert torpedo is not None and torpedo.long == 6
    fl = SeekerFlight(1, 0, target, 14, 9, 3, 6, torpedo, "flight")
    activate(bt, fl)
    assert (fl.q, fl.r) == (10, 9) and not fl.alive
    text = "\n".join(bt.log)
    assert "attacks A" not in text and "flight attacks B1 Target" in text
    # seed 5: "damage hull 8+0, engines 2, weapons 3, shields 5", marked at once (5.4), nothing left pending; the
    # hull track's 8 boxes all crossed destroy the target, and its shields track has fewer boxes than 5
    assert "damage hull 8+0, engines 2, weapons 3, shields 5" in text
    assert (target.hull_hits, target.eng_hits, target.wpn_hits) == (8, 2, 3) and target.hull_hits == target.spec.hull
    assert target.shd_hits == min(5, len(target.spec.shield_track)) and target.shd_hits > 0
    assert (target.p_hull, target.p_eng, target.p_wpn, target.p_shd) == (0, 0, 0, 0) and not target.alive


def test_defensive_fire_kills_seekers_first():
    bt = make_battle()
    launcher, target = bt.ships
    target.q, target.r = 10, 9
    bt.turn = 1
    swarm = launcher.spec.banks[0].seeker
    fl = SeekerFlight(1, 0, target, 12, 9, 3, 2, swarm, "flight")
    activate(bt, fl)
    assert target.bank_dfn[0] == 1
    assert any("defensive fire" in line for line in bt.log)
    # the Dfn bank is spent for this turn's Combat Phase
    assert 0 not in [i for i, *_ in bt.m.doctrine.declare(target, [launcher], 1)]


def test_launch_and_shooting_at_flights():
    bt = make_battle()
    launcher, target = bt.ships
    bt.launch(launcher, 0, target, 2)  # Swarm Missile 2 mounts x ROF 2 -> one flight of 4
    assert [f.count for f in bt.flights] == [4]
    fl = bt.flights[0]
    fl.q, fl.r = target.q - 3, target.r
    decl = bt.m.doctrine.declare(target, [launcher], 1, bt.flights)
    assert [(d[0], d[1]) for d in decl] == [(0, fl)]  # the launcher is out of reach; the flak shoots the flight
    bt.combat()
    killed = fl.kills
    bt.end_phase()
    # the flak's kills leave the flight in the End Phase (a flight of none left is removed; the seed kills 3 of 4)
    assert 0 < killed < 4 and fl.count == 4 - killed and fl.kills == 0 and fl in bt.flights


def test_harrier_battles_run_and_are_reproducible():
    harrier = read_designs(EXAMPLES / "harrier-missile-destroyer.yaml")[0]
    maj = read_designs(EXAMPLES / "majestic.yaml")[0]
    from drydock.engine.montecarlo import simulate

    one = simulate([harrier], [maj], runs=60, seed=2).to_dict()
    two = simulate([harrier], [maj], runs=60, seed=2, jobs=2).to_dict()
    assert one == two and one["mean_vp_a"] > 0


DUAL_LAUNCHER = """
# Source: drydock test fixture (issue 14): one dual seeker mount, ROF 2
class: Launcher
hull: 8
engines: 4
shields: 1
weapons:
  - {name: Missile, ma: 8, stats: 2x4+/1/1, banks: [FF2]}
"""


def test_seeker_count_is_mounts_times_rof_not_mount_size_c4():
    """C.4: "seekers in the attack = mounts fired x ROF": one dual mount of ROF 2 launches 2, not 4."""
    launcher = ShipSpec(from_yaml(DUAL_LAUNCHER)[0])
    assert launcher.banks[0].size == 2 and launcher.banks[0].seeker is not None
    bt = Battle(Matchup([launcher], [ShipSpec(from_yaml(TARGET)[0])]), random.Random(5), log=True)
    bt.launch(bt.ships[0], 0, bt.ships[1], 1)
    assert [f.count for f in bt.flights] == [2]
