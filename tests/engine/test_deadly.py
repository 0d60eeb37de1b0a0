"""The Deadly trait in play, in one place: Unity's C.5 and the Captain's Companion's D5.3, each test quoting its rule.

C.5 Deadly: an even damage die is a crew casualty besides its normal effect; B.14's marine squads may be sacrificed
to cancel casualties; E.3: a ship with crew casualties does not explode. D5.3 (Captain's Companion, seed 002): no
damage roll, an '@' per damage point; a hull track all crosses and '@' disables the ship, which drifts and can be
captured. Deadly's price is tested with the other traits' (tests/core/test_traits.py and test_companion_rules.py).
"""

from __future__ import annotations

import random
import re

from drydock.engine.companion_hulk import board_hulk, drift, hulks
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.options.etheric_drag import EthericDrag
from drydock.engine.options.maximised_drag import MaximisedDrag
from drydock.engine.options.shipboard_combat import ShipboardCombat
from drydock.engine.seekers import SeekerFlight, attack
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.formats.native import from_yaml
from tests.engine.test_companion_play import CC, Faces, battle_of, design, designs, fire, ship
from tests.engine.test_systems import Scripted, battle, place
from tests.helpers import example

MAJESTIC = example("majestic")
VIGILANT = example("vigilant-cruiser")


# ------------------------------------------------------------------ C.5 Deadly + B.14 marines
REAVER = """
# Source: drydock test fixture (issue 22: B.14 squad sacrifice against Deadly casualties)
class: Reaver
hull: 4
engines: 2
shields: 0
weapons:
  - {name: Cutter, range: 3-6-9, stats: 1x2+/1/1, traits: [Dly], banks: [FF]}
"""

CREWED = """
# Source: drydock test fixture (issue 22: B.14 squad sacrifice against Deadly casualties)
class: Crewed
hull: 6
engines: 2
shields: 0
systems: [{name: Marines, qty: 2}]
"""


def test_marines_sacrificed_to_cancel_deadly_casualties_b14():
    """B.14: "A starship struck by weapons with the Deadly trait may sacrifice one marine squad to cancel
    one crew casualty." C.5 Deadly: an even damage die is a crew casualty besides its normal effect."""
    from drydock.engine.combat import fire_volley

    reaver = ShipSpec(from_yaml(REAVER)[0])
    crewed = ShipSpec(from_yaml(CREWED)[0])
    bt = battle(reaver, crewed)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 12, 9, 3)  # range 2: short band, shield 0 (no impact roll)
    mode = reaver_mode = reaver.banks[0].modes[0]
    assert reaver_mode.dly
    assert foe.marines_left == 2
    # three volleys of one die each: to-hit 2+ hits on 5; damage die 2 (hull hit + casualty), 4, 6
    log: list[str] = []
    marked = [fire_volley(Scripted([5, face]), me, foe, mode, 1, 1, 0, log=log) for face in (2, 4, 6)]
    # the first two casualties are cancelled by the two squads; the third is marked
    assert foe.marines_left == 0
    assert marked[0] == marked[1] == 1  # the die's own effect only
    assert marked[2] == 2               # its effect plus the casualty
    assert sum("sacrificed" in line for line in log) == 2


# ------------------------------------------------------------------ C.5 Deadly + E.3 explosions
def test_e3_a_ship_with_crew_casualties_does_not_explode() -> None:
    """C.5 Deadly: "If any of a ship's hull boxes were checked off due to crew casualties, it will not explode (E.3:
    Explosions, p.48)"; E.3: "those ... rendered inert by Deadly weapons ... will not explode". Two Vigilants
    destroyed side by side under E.3, one with a crew casualty on its hull track: only the other explodes."""
    from drydock.engine.battle import Battle
    from drydock.engine.combat import sacrifice_marines
    from drydock.engine.dice import DamageTally, apply_damage_die

    m = build_matchup([MAJESTIC], [VIGILANT, VIGILANT], BattleSettings(options=("E.3",)))
    b = Battle(m, random.Random(1), log=True)
    _, crew, plain = b.ships
    tally = DamageTally()
    assert apply_damage_die(2, tally, dly=True)  # "any even roll (2, 4, or 6) indicates a crew casualty"
    crew.marines_left = 0  # no squad to sacrifice (B.14)
    assert sacrifice_marines(crew, tally) == 0 and tally.casualties == 1
    crew.casualties += tally.casualties  # as the Combat Phase marks it (combat.fire_volley)
    from drydock.engine.options.explosions import Explosions

    e3 = next(rule for rule in b.rules_in_force if isinstance(rule, Explosions))
    e3.destroyed(crew, crew.spec.cr, "destroyed", True)
    e3.destroyed(plain, plain.spec.cr, "destroyed", True)
    assert e3.pending == [plain]


def test_e3_deadly_casualties_are_counted_in_battle() -> None:
    """In the Combat Phase a Deadly volley's even damage dice are crew casualties, counted on the target (so E.3
    knows it will not explode): a seeded battle of Deadly weapons marks some."""
    from drydock.engine.battle import Battle

    def deadly(mode):  # type: ignore[no-untyped-def]
        return mode.model_copy(update={"traits": tuple(sorted({*mode.traits, "Dly"}))})

    dly = MAJESTIC.model_copy(update={"weapons": tuple(w.model_copy(update={"primary": deadly(w.primary)})
                                                       for w in MAJESTIC.weapons)})
    m = build_matchup([dly], [VIGILANT], BattleSettings(options=("E.3",)))
    counted = 0
    for i in range(6):
        b = Battle(m, random.Random(run_seed(3, i)), log=False)
        b.run()
        counted += sum(s.casualties for s in b.ships if s.side == 1)
    assert counted > 0


# ------------------------------------------------------------------ D5.3 Deadly (Captain's Companion)
def test_deadly_draws_at_signs_and_no_damage_rolls() -> None:
    """D5.3: "No damage rolls are made for Deadly weapons. Instead, for each point of damage inflicted, draw an '@'
    in the first uncrossed box on the target's hull track." One hit, DMG 2, unshielded: 2 '@', no die rolled (the
    script has only the to-hit die)."""
    att, tgt = ship(design("Deadly", "1x4+/1/2")), ship(design(), 1)
    assert fire(att, tgt, Faces(5)) == 2
    assert tgt.cc.p_deadly == 2 and tgt.p_hull == 0


def test_deadly_disables_then_overlaps() -> None:
    """D5.3: "Once all boxes on the hull track have either a cross or '@', the starship is disabled" ... "Any
    further hull damage suffered by a disabled ship will 'overlap' Deadly damage. If all '@' boxes are crossed, the
    starship is destroyed". The sample ship: four boxes lost, two normal and two Deadly, of a 6-box hull track."""
    tgt = ship(design(hull=6), 1)
    tgt.p_hull, tgt.cc.p_deadly = 2, 2
    assert tgt.cc.apply(tgt, None) is False and (tgt.hull_hits, tgt.cc.deadly) == (4, 2)
    tgt.p_hull = 3  # 2 boxes left, one hit overlaps an '@': disabled, one '@' uncrossed
    assert tgt.cc.apply(tgt, None) is True and tgt.cc.deadly == 1
    other = ship(design(hull=6), 1)
    other.hull_hits, other.cc.deadly, other.p_hull = 4, 2, 4  # both '@' crossed: destroyed
    log: list[str] = []
    assert other.cc.apply(other, log) is True and other.cc.deadly == 0
    assert log[-1].endswith("is destroyed")


def test_deadly_active_until_every_box_is_crossed_or_at() -> None:
    """D5.3 on a 6-box hull track: 2 crossed + 2 '@' is still active; 6 crossed and no '@': destroyed, not
    disabled."""
    tgt = ship(design(hull=6), 1)
    tgt.p_hull, tgt.cc.p_deadly = 2, 2
    assert tgt.cc.apply(tgt, None) is False and tgt.alive
    plain = ship(design(hull=6), 1)
    plain.p_hull = 6
    log: list[str] = []
    assert plain.cc.apply(plain, log) is True and not plain.cc.hulk and log[-1].endswith("is destroyed")


def test_deadly_seekers_draw_at_signs() -> None:
    """D5.3 for a seeking weapon (C.4): two Deadly seekers of DMG 2 hit (dice 4, 4 at 4+) an unshielded Companion
    ship: "No damage rolls are made for Deadly weapons" -> 2 hits x IMP 1 x DMG 2 = 4 '@', no hull box crossed."""
    att = ship(design(extra="  - {name: Torpedo, ma: 6, stats: 1x4+/1/2, traits: [Deadly], banks: [F]}"))
    tgt = ship(design(hull=12), 1)
    mode = att.spec.banks[1].seeker
    assert mode is not None

    flight = SeekerFlight(1, 0, tgt, 0, 0, 0, 2, mode, "seekers")
    attack(battle_of([att, tgt], Faces(4, 4)), flight, (0, 0))
    assert tgt.cc.deadly == 4 and tgt.hull_hits == 4  # applied at once (5.4): four '@' boxes


# ------------------------------------------------------------------ D5.3: the disabled ship stays on the board
class _Board:
    """A battle's board for the hulk rules: the ships, the board size, the options and the dice."""

    def __init__(self, ships: list, options: frozenset[str] = frozenset(), *faces: int) -> None:
        self.ships = ships
        self.rng = Faces(*faces)
        self.log = None

        class M:
            board = (32, 18)
            floating = False
            in_force = type("In", (), {"on": options})() if options else None

        self.m = M()
        #: B.14 as a battle holds it: its set-up tells each Companion ship that shipboard combat is played
        self.rules_in_force: tuple = ()
        in_force = type("In", (), {"on": options, "play": CC.play})()
        if "B.14" in options:
            self.rules_in_force = (ShipboardCombat(self, in_force),)  # type: ignore[arg-type]
            self.rules_in_force[0].setup()
        drag = {"D.2": EthericDrag, "D.2z": MaximisedDrag}  # D.2: hulks drift at the dragged speed (the rule's hook)
        self.rules_in_force += tuple(drag[o](self, in_force) for o in sorted(options) if o in drag)  # type: ignore[arg-type]


def _hulk(speed: int, q: int, r: int) -> object:
    s = ship(design(hull=4), 1)
    s.q, s.r, s.heading, s.speed = q, r, 0, speed
    s.p_hull, s.cc.p_deadly = 2, 2  # D5.3's sample: two crosses and two "@" fill a 4-box hull track
    assert s.cc.apply(s, None) is True
    return s


def test_a_disabled_ship_stays_on_the_board_and_drifts() -> None:
    """D5.3: "A disabled ship is considered destroyed for victory purposes but remains on the game board. It will
    continue moving per the movement rules in effect (without applying thrust)"; Unity 3.2: with no thrust a ship
    "keeps its speed and heading"; D.2: "the ship's previous speed is cut in half (rounded down)". A hulk at speed 3
    heading 0 (+1 q a hex) from (5, 5) drifts to (8, 5); under D.2 its speed 3 -> 1, to (6, 5); from q 30 at speed
    3 it leaves the 32-column board and is gone."""
    a = _hulk(3, 5, 5)
    assert not a.alive and a.cc.hulk
    drift(_Board([a]))
    assert (a.q, a.r, a.speed) == (8, 5, 3)
    b = _hulk(3, 5, 5)
    drift(_Board([b], frozenset({"D.2"})))
    assert (b.q, b.speed) == (6, 1)
    z = _hulk(3, 5, 5)
    drift(_Board([z], frozenset({"D.2z"})))  # D.2z: the previous speed "eliminated completely"
    assert (z.q, z.speed) == (5, 0)
    c = _hulk(3, 30, 5)
    field = _Board([c])
    drift(field)
    assert not c.cc.hulk and hulks(field) == []


def test_a_disabled_ship_with_boarders_aboard_is_captured() -> None:
    """D5.3: "A disabled starship with any boarding parties on board is captured": boarders landed before the End
    Phase that disables it capture it at once; a ship whose hull is only crossed is destroyed, not a hulk."""
    s = ship(design(hull=4), 1)
    s.boarders, s.p_hull, s.cc.p_deadly = 1, 3, 1
    assert s.cc.apply(s, None) is True and s.captured and not s.cc.hulk
    plain = ship(design(hull=4), 1)
    plain.p_hull = 4
    assert plain.cc.apply(plain, None) is True and not plain.cc.hulk


def test_marines_board_and_capture_a_hulk() -> None:
    """B.14: "Roll 1 die per squad ... each die > range is re-rolled; each re-roll > target's shield rating lands one
    boarding party"; "Defending squads may be sacrificed 1:1 to kill boarding parties as they land"; D5.3: "with any
    boarding parties on board is captured". A hull-6 ship (3 squads per phase, 3 aboard) at range 1 from an
    unshielded hulk with one defending squad: squad 1 rolls 4 (> 1) and 3 (> 0): lands, killed by the defender;
    squad 2 rolls 1: fails (not lost); squad 3 rolls 5 and 2: lands -> captured; 2 squads used, 1 left."""
    hulk = _hulk(0, 3, 0)
    hulk.marines_left = 1
    att = ship(design(extra="systems: [{name: Marines, qty: 3}]"), 0)
    att.q, att.r = 2, 0
    board_hulk(_Board([att, hulk], frozenset(), 4, 3, 1, 5, 2), att)
    assert hulk.captured and not hulk.cc.hulk and hulk.marines_left == 0 and hulk.boarders == 1
    assert att.marines_left == 1


def test_under_shipboard_combat_a_hulk_is_captured_only_once_its_defenders_are_gone() -> None:
    """D5.3: "A disabled starship with any boarding parties on board is captured. ... If using the Shipboard Combat
    option (p.CR30) a ship is not captured until all defending Marine squads have been eliminated"; B.14: "defending
    marine squads are not sacrificed in order to destroy boarding parties on a 1:1 basis; instead, the opposing
    forces engage in shipboard combat" (Roll 1-2 3-5 6: None One Two). The hull-6 ship of the test above, with
    ``--option B.14``: squad 1 rolls 4 and 3 (lands), squad 2 rolls 1 (fails), squad 3 rolls 5 and 2 (lands): two
    parties aboard beside the hulk's one squad, and it is not captured. End Phase: the defender rolls 1 (no hit); the
    two parties roll 3 and 6 (three hits): the squad is eliminated and the hulk captured. The play table quotes it."""
    rule = CC.play["companion"]["disabled_capture"]
    assert rule["section"] == "D5.3" and "not captured until all defending Marine squads" in rule["quote"]
    hulk = _hulk(0, 3, 0)
    hulk.marines_left = 1
    att = ship(design(extra="systems: [{name: Marines, qty: 3}]"), 0)
    att.q, att.r = 2, 0
    board = _Board([att, hulk], frozenset({"B.14"}), 4, 3, 1, 5, 2)
    board_hulk(board, att)
    assert (hulk.boarders, hulk.marines_left, hulk.captured, hulk.cc.hulk) == (2, 1, False, True)
    assert att.marines_left == 1
    board.rng = Faces(1, 3, 6)
    board.alive = lambda side=None: [s for s in board.ships if s.alive]  # type: ignore[attr-defined]
    board.rules_in_force[0].end_damage()
    assert (hulk.boarders, hulk.marines_left, hulk.captured, hulk.cc.hulk) == (2, 0, True, False)
    # the Unity reading without the option is unchanged: the squad dies with the first party, the second captures
    again = _hulk(0, 3, 0)
    again.marines_left = 1
    att.marines_left = 3
    board_hulk(_Board([att, again], frozenset(), 4, 3, 1, 5, 2), att)
    assert again.captured and again.marines_left == 0


def test_disabled_ships_drift_and_are_captured_in_battle() -> None:
    """D5.3 in battle: the Sycamore (Deadly Laser Cannons, 3 Marine squads) against two Comets: a disabled Comet
    scores its CR once ("considered destroyed for victory purposes"), never attacks again ("may not take any
    action"), drifts, and is captured by marines in some battle, which scores nothing more."""
    m = build_matchup(designs("examples/companion/sycamore.yaml"), designs("examples/designs/comet-frigate.yaml") * 2,
                      BattleSettings(rules=CC))
    drifted = captured = 0
    for i in range(12):
        log = m.fight(random.Random(run_seed(1, i)), log=True).log
        for n, line in enumerate(log):
            if g := re.match(r"  (B\d Comet) is disabled \(D5\.3", line):
                name = g.group(1)
                later = log[n + 1:]
                assert later[0] == f"  {name} destroyed: side A scores 87 VP" or "is captured" in later[0]
                assert not any(x.startswith(f"  {name} attacks") for x in later)
                assert sum(f"{name} destroyed: side A scores" in x for x in later) <= 1
                drifted += any(x.startswith(f"  {name} (disabled, D5.3) drifts") for x in later)
            if g := re.match(r"  (B\d Comet) is captured", line):
                captured += 1
                assert sum(f"{g.group(1)} destroyed: side A scores" in x for x in log) == 1  # once, disabled
        vp = int(re.search(r"VP A (\d+)", log[-1]).group(1))  # type: ignore[union-attr]
        assert vp == 87 * sum(bool(re.match(r"  B\d Comet .*: side A scores 87 VP", x)) for x in log)
    assert drifted and captured
