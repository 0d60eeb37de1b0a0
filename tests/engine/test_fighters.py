"""Fighter flights (5.0-5.4, B.1): movement allowance, attacks and their book examples."""

import random

from drydock.engine import fighters
from drydock.engine.battle import Battle, Matchup
from drydock.engine.fighters import FighterFlight, fighter_moves
from drydock.engine.hexgrid import distance
from drydock.engine.ships import ShipSpec
from drydock.formats import read_designs
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples" / "designs"

AFB_SHIP = """
# Source: drydock test fixture (issue 6)
class: Bulwark
hull: 8
engines: 2
shields: 0
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
systems: [Anti-Fighter Batteries]
"""


class Scripted:
    def __init__(self, faces):
        self.faces = list(faces)

    def random(self):
        return (self.faces.pop(0) - 1) / 6 + 0.01


def carrier_battle(other=AFB_SHIP):
    wyvern = ShipSpec(read_designs(EXAMPLES / "wyvern-carrier.yaml")[0])
    return Battle(Matchup([wyvern], [ShipSpec(from_yaml(other)[0])]), random.Random(3), log=True)


def test_movement_allowance_5_3():
    ends = fighter_moves(0)
    # straight or one turn: 8 hexes; two turns: 2 MA per hex; three turns: 3 MA per hex
    assert max(distance(q, r) for q, r, h, _ in ends if h == 0) == 8
    assert max(distance(q, r) for q, r, h, _ in ends if h == 2) <= 4  # two starboard turns
    assert max(distance(q, r) for q, r, h, _ in ends if h == 3) <= 2  # three turns (U)


def test_deployment_with_the_carrier():
    bt = carrier_battle()
    carrier = bt.ships[0]
    flights = [f for f in bt.flights if isinstance(f, FighterFlight)]
    assert len(flights) == carrier.spec.flights == 12
    assert all(distance(f.q - carrier.q, f.r - carrier.r) <= 2 for f in flights)
    per_hex = {}
    for f in flights:
        per_hex[(f.q, f.r)] = per_hex.get((f.q, f.r), 0) + 1
    assert max(per_hex.values()) <= 3


def test_fighter_vs_fighter_example_5_4():
    """6 dice 1,1,1,3,3,6 vs a 2-fighter flight -> the attacker loses 2, the target loses 1."""
    bt = carrier_battle()
    a = FighterFlight(90, 0, bt.ships[0], 5, 5, 0, "att")
    b = FighterFlight(91, 1, bt.ships[1], 6, 5, 0, "tgt")
    b.count = 2
    bt.rng = Scripted([1, 1, 1, 3, 3, 6])
    fighters.attack(bt, a, b)
    assert (a.count, b.count) == (4, 1)


def test_anti_fighter_batteries_example_b1():
    """B.1: 5 dice 1,3,3,5,5 -> 2 hits, 1 fighter lost (target unshielded: each hit is 1 impact)."""
    bt = carrier_battle()
    ship = bt.ships[1]
    fl = FighterFlight(90, 0, bt.ships[0], ship.q - 1, ship.r, 0, "att")
    fl.count = 5
    bt.turn = 1
    bt.rng = Scripted([1, 3, 3, 5, 5, 2, 2])  # then two damage dice: hull, hull
    fighters.attack(bt, fl, ship)
    assert fl.count == 4
    assert ship.hull_hits == 2  # applied immediately (5.4)


def test_flights_never_end_with_an_opposing_element_and_attack_adjacent():
    bt = carrier_battle()
    ship = bt.ships[1]
    fl = FighterFlight(90, 0, bt.ships[0], ship.q - 6, ship.r, 0, "att")
    bt.flights.append(fl)
    bt.turn = 1
    fighters.activate(bt, fl)
    assert (fl.q, fl.r) != (ship.q, ship.r)
    assert distance(fl.q - ship.q, fl.r - ship.r) == 1
    assert any("att attacks B1" in line for line in bt.log)


def test_carrier_battles_are_reproducible_across_jobs():
    from drydock.engine.montecarlo import simulate

    w = read_designs(EXAMPLES / "wyvern-carrier.yaml")[0]
    m = read_designs(EXAMPLES / "majestic.yaml")[0]
    one = simulate([w], [m], runs=60, seed=4).to_dict()
    assert one == simulate([w], [m], runs=60, seed=4, jobs=2).to_dict()
    assert not any("Carrier" in n for n in one["not_simulated"])


def test_fighter_sideslips_5_3(monkeypatch):
    """5.3: "Flights may perform sideslips; each slip requires twice as much MA as one hex of forward movement.
    Flights may not pivot [...]. As with starships, flights may only turn (and sideslip) in one direction per
    activation. There is no requirement that a flight move forward between turns and/or sideslips."

    With MA 8 and no turn a flight slips four hexes to one side (4 x 2 MA), keeping its heading, not five. A
    slip to starboard (direction h + 1, heading 0: SE) never follows a port turn. A seeded carrier battle flies
    moves only a sideslip reaches."""
    ends = {(q, r, h): pts for q, r, h, pts in fighter_moves(0)}
    se, ne = (0, 1), (1, -1)  # DIRS[1] (SE, the starboard side of heading E), DIRS[5] (NE, port)
    assert (4 * se[0], 4 * se[1], 0) in ends and (4 * ne[0], 4 * ne[1], 0) in ends
    assert (5 * se[0], 5 * se[1], 0) not in ends
    assert ends[(2 * se[0], 2 * se[1], 0)] == ((0, 1), (0, 2))  # waypoints: each slip's hex
    # ending on heading 0 means no turn (turns go one way, at most three), so only slips move it sideways: a
    # shuttle's MA 4 (B.20) pays for two, not three
    shuttle = {(q, r, h) for q, r, h, _ in fighter_moves(0, 4)}
    assert (0, 2, 0) in shuttle and (0, 3, 0) not in shuttle
    # one port turn (heading 5, NE) then starboard slips (direction 0, E) would end 3 hexes east facing NE:
    # only a forward run of 3 then the turn does that (3 MA), never slips mixed with a port turn
    assert ends[(3, 0, 5)] == ((3, 0),)
    plain = {(q, r, h) for q, r, h, _ in fighter_moves(0, slips=False)}
    assert plain < set(ends) and (0, 4, 0) not in plain
    # the doctrine uses them: over seeded carrier battles some flights end where only a sideslip takes them
    slipped = []
    choose = fighters.plain_choice

    def watched(battle, fl, *args):  # type: ignore[no-untyped-def]
        best = choose(battle, fl, *args)
        if best is not None:
            move = (best[1] - fl.q, best[2] - fl.r, best[3])
            only = {(q, r, h) for q, r, h, _ in fighter_moves(fl.heading, fl.ma)} - {
                (q, r, h) for q, r, h, _ in fighter_moves(fl.heading, fl.ma, slips=False)}
            slipped.append(move in only)
        return best

    monkeypatch.setattr(fighters, "plain_choice", watched)
    # (against the Bastion: since ships may slip more than once a move (3.4) the AFB ship's battles no longer
    # need a flight's slip)
    bastion = (EXAMPLES / "bastion-battleship.yaml").read_text(encoding="utf-8")
    for seed in range(3):
        Battle(carrier_battle(bastion).m, random.Random(seed), log=False).run()
    assert slipped and any(slipped)
