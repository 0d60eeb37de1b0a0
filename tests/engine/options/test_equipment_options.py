"""The optional rules inside Appendix B (issue 37): B.14 Shipboard Combat, B.18 Bleed-Through, B.22 Battery-Specific
Lock-On, each against the rule text (Unity Rulebook v2.0, pp.34-37), and a seeded battle for each."""

import random
import re
from fractions import Fraction

from drydock.core.rules import Ruleset
from drydock.core.rules.play_options import BY_SECTION, check_combination, counts, format_options
from drydock.engine import systems
from drydock.engine.battle import Battle, Matchup
from drydock.engine.combat import absorb_screens
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.options.shipboard_combat import ShipboardCombat
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.formats import read_designs
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples" / "designs"


class Scripted:
    """Dice in a fixed order (d6 = int(random() * 6) + 1)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def random(self):
        return (self.faces.pop(0) - 1) / 6 + 0.01


def example(name):
    return read_designs(EXAMPLES / f"{name}.yaml")[:1]


# Source: drydock test fixtures (issue 37)
BOARDER = """
class: Boarder
hull: 12
engines: 6
shields: 3
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
systems: [{name: Marines, qty: 10}]
"""
PICKET = """
class: Picket
hull: 3
engines: 4
shields: 1
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
systems: [{name: Marines, qty: 1}]
"""
TWO_GUNS = """
class: Gunboat
hull: 6
engines: 3
shields: 0
weapons:
  - {name: Laser, range: 3-6-9, stats: 1x4+/1/1, banks: [TT]}
  - {name: Cannon, range: 3-6-9, stats: 1x4+/1/1, banks: [TT]}
"""
GHOST = """
class: Ghost
hull: 6
engines: 3
shields: 0
systems: [Stealth]
"""


def test_the_three_are_in_the_registry_with_their_sections_and_numbers():
    """The seeds: "B.14 Marines ... Shipboard Combat (Optional)", "B.18 ... Bleed-Through (Optional)",
    "B.22 Stealth ... Battery-Specific Lock-On (Optional)": each section's one optional rule takes its number."""
    for section, name, entry in (("B.14", "Shipboard Combat", "shipboard_combat"),
                                 ("B.18", "Bleed-Through", "bleed_through"),
                                 ("B.22", "Battery-Specific Lock-On", "battery_lock_on")):
        o = BY_SECTION[section]
        assert (o.name, o.kind, o.simulated) == (name, "equipment", True)
        assert Ruleset.unity().play[entry]["section"] == section
        assert check_combination([section.lower()]) == (section,)
    assert Ruleset.unity().play["shipboard_combat"]["hits"] == {"1": 0, "2": 0, "3": 1, "4": 1, "5": 1, "6": 2}
    assert Ruleset.unity().play["bleed_through"]["passes"] == 6
    assert counts()["equipment"] == (3, 3) and counts()["all"] == (44, 44)


def test_rules_options_count_line_agrees_with_the_docs():
    """`drydock rules options` ends with its count; docs/options.md shows that line, docs/battles.md the same count."""
    last = format_options().splitlines()[-1]
    assert last.startswith("44 of 44 sections simulated")
    options_md = (ROOT / "docs" / "options.md").read_text()
    assert last in options_md
    battles_md = (ROOT / "docs" / "battles.md").read_text()
    assert "all 44 of the optional rules" in battles_md
    assert not re.search(r"\b4 of the 41\b", battles_md)


def test_bleed_through_the_book_example_b18():
    """B.18: "four points of damage are inflicted. Four dice are rolled, coming up 3, 5, 5, and 6. As a result, three
    screens are checked off, while one roll is made on the damage chart"."""
    mode = ShipSpec(from_yaml(TWO_GUNS)[0]).banks[0].modes[0]
    assert absorb_screens(Scripted([3, 5, 5, 6]), 4, mode, 12, bleed=6) == (3, 1, 0)
    assert absorb_screens(Scripted([]), 4, mode, 12) == (4, 0, 0)  # the core game: no dice
    assert absorb_screens(Scripted([]), 4, mode, 0, bleed=6) == (0, 4, 0)  # no screens: nothing to bleed through


def test_shipboard_combat_the_book_example_b14():
    """B.14: "Five boarding parties have landed on an opposing starship with three marine squads onboard. The
    defender rolls three dice, coming up 1, 5, and 6. As a result, three hits are scored (0 + 1 + 2), eliminating
    three attacking boarding parties. ... The attacker next rolls two dice, coming up 1 and 4. Thus, the attacker
    scores one hit (0 + 1), removing one defending marine squad." Only then may the ship be captured."""
    boarder, picket = ShipSpec(from_yaml(BOARDER)[0]), ShipSpec(from_yaml(PICKET)[0])
    bt = Battle(Matchup([boarder], [picket], BattleSettings(options=("B.14",))), random.Random(1), log=True)
    foe = bt.ships[1]
    foe.boarders, foe.marines_left = 5, 3
    bt.rng = Scripted([1, 5, 6, 1, 4])
    (eq,) = [r for r in bt.rules_in_force if isinstance(r, ShipboardCombat)]
    eq.end_damage()
    assert (foe.boarders, foe.marines_left) == (2, 2)
    foe.hull_hits = 2  # one hull box left, two parties aboard, but defenders remain: not captured
    systems.captures(bt)
    assert foe.alive
    foe.marines_left = 0
    systems.captures(bt)
    assert foe.captured and not foe.alive


def test_shipboard_combat_defenders_are_not_sacrificed_and_the_doctrine_counts_the_fight_b14():
    """ "defending marine squads are not sacrificed in order to destroy boarding parties on a 1:1 basis"."""
    eq = ShipboardCombat(None, Matchup([], [], BattleSettings(options=("B.14",))).in_force)  # type: ignore[arg-type]
    # 3 hull boxes, 2 defenders: 2 parties die to the defenders' dice (5/6 each, rounded up), 3 must survive
    assert eq.parties_needed(3, 0, 2) == 5 and eq.parties_needed(3, 0, 1) == 4 and eq.parties_needed(3, 0, 0) == 3
    boarder, picket = ShipSpec(from_yaml(BOARDER)[0]), ShipSpec(from_yaml(PICKET)[0])
    bt = Battle(Matchup([boarder], [picket], BattleSettings(options=("B.14",))), random.Random(1), log=True)
    me, foe = bt.ships
    me.q, me.r, foe.q, foe.r = 0, 0, 2, 0
    assert systems.boarding_target(me, [foe], bt) is foe  # 4 squads, 4 needed (3 hull + 1 lost to the defender)
    bt.rng = Scripted([6, 6, 6, 6, 6, 6, 6, 6])  # every squad lands
    systems.board(bt, me, [foe])
    assert (foe.boarders, foe.marines_left) == (4, 1)  # the defending squad still aboard


def test_battery_specific_lock_on_b22():
    """B.22: "Instead of rolling once for each attacking starship, roll once per weapons battery. If the lock-on
    roll fails, none of the weapons from that battery may attack, although other weapons from that ship may
    proceed"."""
    gunboat, ghost = ShipSpec(from_yaml(TWO_GUNS)[0]), ShipSpec(from_yaml(GHOST)[0])
    bt = Battle(Matchup([gunboat], [ghost], BattleSettings(options=("B.22",))), random.Random(1), log=True)
    me, foe = bt.ships
    me.q, me.r, foe.q, foe.r = 0, 0, 2, 0
    bt.rng = Scripted([1, 1] + [6] * 2 + [4] * 40)  # initiative, Laser's lock-on 1 fails, Cannon's 6 holds
    bt.log.clear()
    bt.combat()
    locks = [line for line in bt.log if "stealth lock-on (B.22, per battery)" in line]
    assert len(locks) == 2 and "Laser" in locks[0] and "fail" in locks[0] and "ok" in locks[1]
    assert not any("Laser [" in line and "to-hit" in line for line in bt.log)
    assert any("Cannon [" in line and "to-hit" in line for line in bt.log)


def _seeded(a, b, option, seed, needle):
    on = build_matchup(a, b, BattleSettings(options=(option,))).fight(random.Random(run_seed(1, seed)), log=True)
    off = build_matchup(a, b).fight(random.Random(run_seed(1, seed)), log=True)
    return [line for line in on.log if needle in line], on.log != off.log


def test_seeded_battles_show_each_option_taking_effect():
    lines, differs = _seeded(example("comet-frigate"), example("majestic"), "B.18", 2, "bled through the screens")
    assert lines and differs  # the Comet's 3 screens let points through
    lines, differs = _seeded(example("majestic"), example("shade-raider"), "B.22", 1, "(B.22, per battery)")
    assert lines and differs  # each Majestic battery rolls at the stealthy Shade
    lines, differs = _seeded(from_yaml(BOARDER), from_yaml(PICKET), "B.14", 0, "shipboard combat (B.14)")
    assert lines and differs  # the Picket's squad fights the boarders in the End Phase


def test_the_doctrine_boards_where_shipboard_combat_makes_it_worthwhile_b14():
    """Issue 45: under B.14 the parties that land stay aboard and fight the defenders each End Phase ("the opposing
    forces engage in shipboard combat until one or the other has been eliminated"), so the doctrine boards a ship
    its marines (and those of friends within reach) could take once its defenders are cleared, when this phase's
    parties would more likely than not clear them: three Harriers (2 squads each) against two (2 defending squads
    each). Before, the doctrine asked for a capture within one End Phase: 0 boardings in these 10 battles."""
    eq = ShipboardCombat(None, Matchup([], [], BattleSettings(options=("B.14",))).in_force)  # type: ignore[arg-type]
    # exact chances by the chart (0, 0, 1, 1, 1, 2 hits): in one End Phase one party clears one squad when the
    # defender's die misses (1-2: 1/3) and the party's hits (3-6: 2/3)
    assert eq.clear_chance(1, 1, 1) == Fraction(2, 9) and eq.clear_chance(2, 0) == 1
    assert eq.boarding_chance(2, 2, 2, 0, 2) is None  # 2 parties v 2 squads: about 0.19, not worth it
    assert eq.boarding_chance(4, 4, 6, 0, 2) is None  # 4 marines cannot take 6 hull boxes
    assert eq.boarding_chance(4, 4, 4, 0, 2) == eq.clear_chance(4, 2) > Fraction(3, 4)  # two Harriers' parties
    harrier = example("harrier-missile-destroyer")
    m = build_matchup(harrier * 3, harrier * 2, BattleSettings(options=("B.14",)))
    logs = [m.fight(random.Random(run_seed(1, i)), log=True).log for i in range(10)]
    boarded = [sum("marine squads at" in line for line in log) for log in logs]
    assert (sum(n > 0 for n in boarded), sum(boarded)) == (6, 12)
    assert sum("shipboard combat (B.14)" in line for log in logs for line in log) == 5
    assert sum("captured by boarders (B.14)" in line for log in logs for line in log) == 1
