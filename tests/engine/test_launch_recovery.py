"""F.5 Launch & Recovery (option ``--launch-recovery``) and B.12 launch tubes, against the rule text."""

import random

from drydock.engine import fighters
from drydock.engine.battle import Battle, Matchup
from drydock.engine.fighters import FighterFlight, launch_max, recovery_max
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.formats import read_designs
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples" / "designs"

TARGET = """
# Source: drydock test fixture (issue 14, F.5)
class: Bulwark
hull: 8
engines: 2
shields: 0
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
"""


def wyvern_battle(launch_recovery: bool = True, seed: int = 3) -> Battle:
    wyvern = ShipSpec(read_designs(EXAMPLES / "wyvern-carrier.yaml")[0])
    m = Matchup([wyvern], [ShipSpec(from_yaml(TARGET)[0])], BattleSettings(launch_recovery=launch_recovery))
    return Battle(m, random.Random(seed), log=True)


def test_launch_maximum_by_hull_band_f5():
    # "Hull Size 1-3 4-8 9-15 16-24 25-35 / Launch Max One Two Three Four Five"
    assert [launch_max(h, False) for h in (1, 3, 4, 8, 9, 15, 16, 24, 25, 35)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_launch_tubes_double_the_launch_maximum_b12():
    # B.12: "a ship of hull size 8 possessing launch tubes would be able to launch four fighter flights"
    assert launch_max(8, True) == 4
    assert [launch_max(h, True) for h in (2, 14, 20, 30)] == [2, 6, 8, 10]


def test_recovery_maximum_by_hull_band_f5():
    # "Recovery Max One One Two Two Three"; "Launch tubes have no effect on recovery rates."
    assert [recovery_max(h) for h in (1, 3, 4, 8, 9, 15, 16, 24, 25, 35)] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]


def test_flights_start_aboard_and_launch_in_the_end_phase_into_the_carrier_hex():
    b = wyvern_battle()
    carrier = b.ships[0]
    assert b.flights == [] and b.aboard == {carrier.uid: 12}
    # hull 14 with launch tubes: 3 x 2 = 6 flights per turn, in the carrier's hex (F.5)
    new = fighters.launch(b, carrier)
    assert len(new) == 6 and b.aboard[carrier.uid] == 6
    assert all((f.q, f.r, f.heading) == (carrier.q, carrier.r, carrier.heading) for f in new)
    assert len(fighters.launch(b, carrier)) == 6 and b.aboard[carrier.uid] == 0
    # then its two shuttles (B.20), within the same launch maximum
    assert [(f.kind, f.count, f.ma) for f in fighters.launch(b, carrier)] == [("shuttle", 1, 4)] * 2
    assert fighters.launch(b, carrier) == []


def test_without_the_option_flights_deploy_at_set_up_and_tubes_are_not_simulated():
    b = wyvern_battle(launch_recovery=False)
    assert len(b.flights) == 12 and b.aboard == {}
    assert any("Launch Tubes" in n for n in b.m.not_simulated)
    assert not any(": Launch Tubes: " in n for n in wyvern_battle().m.not_simulated)


def test_the_end_phase_launches_step_g():
    b = wyvern_battle()
    b.turn = 1
    b.end_phase()
    assert len(b.flights) == 6 and b.aboard[b.ships[0].uid] == 6


def test_flights_aboard_are_lost_with_the_carrier():
    b = wyvern_battle()
    carrier = b.ships[0]
    b.destroy(carrier, "destroyed")
    assert carrier.uid not in b.aboard
    assert fighters.launch(b, carrier) == []
    assert any("12 fighter flights aboard" in line and "lost" in line for line in b.log)


def test_recovery_maximum_per_fighter_phase_and_only_damaged_flights():
    b = wyvern_battle()
    carrier = b.ships[0]
    b.aboard[carrier.uid] = 0
    flights = [FighterFlight(100 + k, 0, carrier, carrier.q, carrier.r, carrier.heading, f"f{k}") for k in range(3)]
    for f in flights:
        f.count = 3
    healthy = FighterFlight(200, 0, carrier, carrier.q, carrier.r, carrier.heading, "healthy")
    b.flights = flights + [healthy]
    assert not fighters.try_recover(b, healthy)  # 6 fighters: fights on
    # hull 14: recovery max 2 per Fighter Phase, tubes or not
    assert [fighters.try_recover(b, f) for f in flights] == [True, True, False]
    assert [f.alive for f in flights] == [False, False, True]
    b.recovered.clear()  # next Fighter Phase
    assert fighters.try_recover(b, flights[2])


def test_recovery_needs_the_flight_in_or_next_to_its_carrier():
    b = wyvern_battle()
    carrier = b.ships[0]
    far = FighterFlight(100, 0, carrier, carrier.q + 2, carrier.r, carrier.heading, "far")
    far.count = 2
    assert not fighters.try_recover(b, far)
    far.q = carrier.q + 1
    assert fighters.try_recover(b, far)


def test_launch_recovery_battles_are_reproducible():
    w = read_designs(EXAMPLES / "wyvern-carrier.yaml")[0]
    m = read_designs(EXAMPLES / "majestic.yaml")[0]
    from drydock.engine.montecarlo import simulate
    one = simulate([w], [m], BattleSettings(launch_recovery=True), runs=30, seed=5, jobs=1)
    two = simulate([w], [m], BattleSettings(launch_recovery=True), runs=30, seed=5, jobs=2)
    assert (one.a_wins, one.b_wins, one.draws) == (two.a_wins, two.b_wins, two.draws)


def test_launches_are_point_symmetric_in_a_mirror_match():
    from drydock.engine.hexgrid import point_image
    from drydock.engine.tables import BOARD

    wyvern = ShipSpec(read_designs(EXAMPLES / "wyvern-carrier.yaml")[0])
    b = Battle(Matchup([wyvern], [wyvern], BattleSettings(launch_recovery=True)), random.Random(1), log=False)
    assert b.flights == [] and b.aboard == {0: 12, 1: 12}
    fa, fb = fighters.launch(b, b.ships[0]), fighters.launch(b, b.ships[1])
    assert len(fa) == len(fb) == 6
    for f, g in zip(fa, fb, strict=True):
        assert (g.q, g.r) == point_image(f.q, f.r, *BOARD) and g.heading == (f.heading + 3) % 6


def test_launch_tubes_count_as_simulated_su_under_f5():
    from drydock.core.validation import rate
    from drydock.insight.battle_report import unsimulated_su

    w = read_designs(EXAMPLES / "wyvern-carrier.yaml")[0]
    tubes = {s.name: s.su for s in rate(w).systems}["Launch Tubes"]
    shuttles = {s.name: s.su for s in rate(w).systems}["Shuttlecraft"]
    assert (unsimulated_su(w), unsimulated_su(w, launch_recovery=True)) == ((98, 2038), (0, 2038))
    assert (tubes, shuttles) == (84, 14)  # under F.5 the shuttlecraft (B.20) are in play too
