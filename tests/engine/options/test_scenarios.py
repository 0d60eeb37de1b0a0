"""The last scenario and option details of issue 37: S.9's storms for fighter flights and pivoted facings, E.3
explosions of ships destroyed by fighters, and what the registry declares left out (the S.8 CR floor is in
tests/engine/options/test_optional_rules.py)."""

import random

from drydock.core.rules.play_options import BY_SECTION, not_simulated_lines
from drydock.engine.battle import Battle, Matchup
from drydock.engine.fighters import FighterFlight, board_ends
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.options.storms_in_space import StormsInSpace
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from tests.helpers import example as design


class Scripted:
    """Dice in a fixed order (d6 = int(random() * 6) + 1)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def random(self):
        return (self.faces.pop(0) - 1) / 6 + 0.01


def storm_battle():
    wyvern = ShipSpec(design("wyvern-carrier"))
    return Battle(Matchup([wyvern], [wyvern], BattleSettings(scenario="S.9")), random.Random(3), log=True)


def test_s9_no_turns_holds_fighter_flights_too():
    """S.9, roll 2: "No starships or fighter flights may turn during the upcoming Movement Phase"."""
    bt = storm_battle()
    doctrine = bt.m.doctrine
    every = board_ends(doctrine, 16, 9, 0)
    straight = board_ends(doctrine, 16, 9, 0, straight=True)
    assert straight and set(straight) < set(every)
    assert all(h == 0 for _, _, h in straight) and any(h != 0 for _, _, h in every)
    storms = next(rule for rule in bt.rules_in_force if isinstance(rule, StormsInSpace))
    storms.storm = "no turns"
    flights = [f for f in bt.flights if isinstance(f, FighterFlight)]
    assert flights
    headings = {f.uid: f.heading for f in flights}
    bt.fighter_phase()
    assert all(f.heading == headings[f.uid] for f in bt.flights if isinstance(f, FighterFlight) and f.alive)


def test_s9_random_heading_turns_a_pivoted_facing_with_it():
    """S.9, roll 1: "Each starship's heading is immediately changed to a random direction ... 1 indicates the
    direction of the ship's current heading; 2-6 indicate the remaining hexsides in clockwise order"."""
    bt = storm_battle()
    a, b = bt.ships
    a.heading, a.facing = 0, 1  # pivoted one hexside
    b.heading, b.facing = 3, 3
    bt.rng = Scripted([1, 3, 1])  # the storm: 1, random headings; A: 3 (two hexsides clockwise); B: 1 (unchanged)
    for rule in bt.rules_in_force:  # S.9 rolls next turn's storm after 5d
        rule.next_turn()
    assert (a.heading, a.facing) == (2, 3) and (b.heading, b.facing) == (3, 3)


def test_e3_a_ship_destroyed_by_fighters_explodes_immediately():
    """play.md 8.2 (E.3): destroyed "by a fighter attack -> immediately"; 5.4 applies a flight's damage at once."""
    m = build_matchup([design("wyvern-carrier")], [design("kestrel-corvette")] * 3, BattleSettings(options=("E.3",)))
    log = m.fight(random.Random(run_seed(1, 0)), log=True).log
    i = next(k for k, line in enumerate(log) if "destroyed by fighters" in line)
    assert "explodes (E.3)" in log[i + 1]


def test_left_out_is_declared_in_the_registry_and_in_every_report_with_the_section():
    for section in ("G.1", "G.2", "G.3", "G.5"):
        assert BY_SECTION[section].left_out, section
    lines = not_simulated_lines(("G.5",))
    assert lines[0].startswith("optional rules, terrain and scenarios: 44 of 44 sections simulated")
    assert lines[1:] == [f"G.5 Planets: {item}" for item in BY_SECTION["G.5"].left_out]
    assert not_simulated_lines(()) == []  # the core game's report and log are unchanged
    m = build_matchup([design("majestic")], [design("vigilant-cruiser")],
                      BattleSettings(terrain=("asteroid-field:3",)))
    assert any(n.startswith("G.1 Asteroids: ") and "fighter flights" in n for n in m.not_simulated)
