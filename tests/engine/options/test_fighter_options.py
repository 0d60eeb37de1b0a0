"""Fighter options F.1-F.4 and F.6 (issue 23, Appendix F): each mechanic against the rule text, and seeded battles
showing each takes effect."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from drydock.core.rules import Ruleset
from drydock.core.rules.play_options import BY_SECTION
from drydock.engine.battle import Battle, Matchup
from drydock.engine.fighters import FighterFlight, attack
from drydock.engine.hexgrid import from_offset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.options.fighter_rules import FighterRules, screen_penalty
from drydock.engine.options.fighter_variants import doctrine_mix, variant_class
from drydock.engine.options.long_range_fighters import LongRangeFighters
from drydock.engine.options.variant_flights import FighterVariants
from drydock.engine.settings import BattleSettings
from drydock.engine.ship_rules import UNITY
from drydock.engine.ships import ShipSpec
from drydock.engine.small_craft import screened_hits, surviving
from drydock.errors import DrydockError
from drydock.formats.native import from_yaml
from tests.helpers import example as design

PLAY = Ruleset.unity().play
ROWS = PLAY["fighter_variants"]["variants"]


CARRIER = design("wyvern-carrier")
MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")
HARRIER = design("harrier-missile-destroyer")


class Dice:
    """A random source that yields the given d6 faces, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 1e-9


def fake_battle(rng=None):  # type: ignore[no-untyped-def]
    lines: list[str] = []
    return SimpleNamespace(flights=[], ships=[], turn=1, log=None, rng=rng, vp=[0, 0], say=lines.append,
                           lines=lines, opt=None, obs=None, rules_in_force=())


def in_force(section: str, play=PLAY):  # type: ignore[no-untyped-def]
    return SimpleNamespace(on=frozenset({section}), play=play)


def with_doctrine(b):  # type: ignore[no-untyped-def]
    """``b`` with the options' state the fighter rules share their doctrine through."""
    doctrine = FighterRules(b, PLAY)
    b.opt = SimpleNamespace(fighter_doctrine=lambda: doctrine, fighters=doctrine)
    return b


def flight(kind: type, side: int, q: int = 0, r: int = 0, count: int | None = None) -> FighterFlight:
    carrier = SimpleNamespace(spec=SimpleNamespace(legacy=None), label="C", rules=UNITY)
    f = kind(side * 10 + q, side, carrier, q, r, 0, f"{kind.__name__}@{q},{r}")
    if count is not None:
        f.count = count
    return f


# ------------------------------------------------------------------ F.3 fighter screens
def test_f3_screen_bands_book_example() -> None:
    """F.3: "Number of Fighters 1-3 4-9 10-15 16+ Penalty None -1 -2 -3"; "a flight with one remaining fighter and
    another with three remaining fighters may both perform screening in the same hex to achieve a -1 to-hit
    penalty (four total fighters)"."""
    bands = PLAY["fighter_screens"]["bands"]
    assert [screen_penalty(n, bands) for n in (0, 1, 3, 4, 9, 10, 15, 16, 30)] == [0, 0, 0, 1, 1, 2, 2, 3, 3]
    assert screen_penalty(1 + 3, bands) == 1


def test_f3_greatest_screen_on_the_line_of_sight_not_the_sum() -> None:
    """F.3: "if the line of sight crosses through one hex containing 10 screening fighters and another containing
    5 screening fighters, the to-hit penalty would be -2, not -3"; 4.1: the line of sight "never passes through
    the hex occupied by the attacker, but always passes through the target's hex"."""
    b = fake_battle()
    rules = FighterRules(b, PLAY)
    rules.screens = True
    ten, five = flight(FighterFlight, 0, 1, 0, 10), flight(FighterFlight, 0, 2, 0, 5)
    rules.screening = {ten.uid: ten, five.uid: five}
    ship, target = SimpleNamespace(q=0, r=0), SimpleNamespace(q=4, r=0)
    assert rules.screen_penalty(ship, target) == 2
    rules.screening = {five.uid: five}
    assert rules.screen_penalty(ship, target) == 1
    at_target = flight(FighterFlight, 0, 4, 0, 16)
    rules.screening = {at_target.uid: at_target}
    assert rules.screen_penalty(ship, target) == 3  # the target's hex counts
    assert rules.screen_penalty(target, ship) == 0  # the attacker's hex does not


# ------------------------------------------------------------------ F.4 fighter variants
def test_f4_variant_numbers_from_the_rule_text() -> None:
    """F.4: assault "roll two dice per individual fighter ... four individual fighters"; bombers "hits on rolls of
    4, 5, or 6; however, against opposing fighter flights, they only score hits on rolls of 6 ... five"; heavy
    "four"; interceptors "When attacking a fighter flight ... 4, 5, or 6; ... against opposing ships ... only ...
    6 ... five"; light "seven"."""
    got = {k: (c.size, c.dice_per, c.hit_ship, c.hit_flight)
           for k, c in ((k, variant_class(k, v)) for k, v in ROWS.items())}
    assert got == {"assault": (4, 2, 5, 5), "bomber": (5, 1, 4, 6), "heavy": (4, 1, 5, 5),
                   "interceptor": (5, 1, 6, 4), "light": (7, 1, 5, 5)}


def test_f4_heavy_fighters_save() -> None:
    """F.4: "Whenever a hit is scored on a heavy fighter flight, roll a die: on a result of 4-6, the hit is ignored.
    If a heavy fighter flight is struck by a weapon with IMP>1, the saving throw is modified by -1 per additional
    point of IMP ... Any unmodified saving throw of 6 is successful"."""
    heavy = flight(variant_class("heavy", ROWS["heavy"]), 0)
    assert surviving(Dice([4, 3, 6]), heavy, 3) == 1  # 4 and 6 save, 3 is lost
    assert surviving(Dice([5, 6, 4]), heavy, 3, imp=3) == 2  # IMP 3: -2; 5 -> 3 and 4 -> 2 fail, the 6 saves


def test_f4_light_fighters_lose_a_second() -> None:
    """F.4: "Each time a light fighter is destroyed, roll a die; on a 1-2, a second fighter is also eliminated from
    the flight. (This additional loss does not trigger another roll.)"."""
    light = flight(variant_class("light", ROWS["light"]), 0)
    assert surviving(Dice([2, 3]), light, 2) == 3
    assert surviving(Dice([1, 1]), light, 2) == 4


def test_f4_assault_bomber_interceptor_attacks_on_a_flight() -> None:
    """5.4: against a fighter flight "each 5 or 6 kills a target fighter, each 1 kills an attacker"; F.4 assault:
    two dice per fighter; bombers hit fighters on 6 only; interceptors on 4-6."""
    target = flight(FighterFlight, 1, 1, 0)
    assault = flight(variant_class("assault", ROWS["assault"]), 0)
    attack(fake_battle(Dice([5, 6, 1, 2, 3, 4, 5, 6])), assault, target)  # 4 fighters -> 8 dice
    assert (target.count, assault.count) == (6 - 4, 4 - 1)
    target = flight(FighterFlight, 1, 1, 0)
    bomber = flight(variant_class("bomber", ROWS["bomber"]), 0)
    attack(fake_battle(Dice([6, 5, 5, 4, 2])), bomber, target)
    assert target.count == 5
    target = flight(FighterFlight, 1, 1, 0)
    interceptor = flight(variant_class("interceptor", ROWS["interceptor"]), 0)
    attack(fake_battle(Dice([4, 4, 3, 2, 1])), interceptor, target)
    assert (target.count, interceptor.count) == (4, 4)


def test_f4_doctrine_mix() -> None:
    """The doctrine: one interceptor per enemy fighter flight, at most half its own flights (rounded up)."""
    assert [doctrine_mix(12, 12), doctrine_mix(12, 0), doctrine_mix(5, 2), doctrine_mix(5, 9)] == [6, 0, 2, 3]


def test_f4_unknown_variant_in_a_house_rule_is_refused() -> None:
    play = {**PLAY.raw, "fighter_variants": {**PLAY["fighter_variants"], "field": "dreadnought"}}
    with pytest.raises(DrydockError, match="fighter_variants.field"):
        FighterVariants(fake_battle(), in_force("F.4", play))


# ------------------------------------------------------------------ F.6 long range fighters
def test_f6_vp_on_destruction_and_hyperspace() -> None:
    """F.6: "LRFs have a combat rating and VP value of 60"; "rolls one die; if the result is a 5 or 6, the flight
    is removed ... an LRF flight that enters hyperspace awards the opposing side 50% of its normal VPs"."""
    b = fake_battle(Dice([5]))
    v = LongRangeFighters(with_doctrine(b), in_force("F.6"))
    assert b.opt.fighters.long_range is v  # F.6 turned its part of the doctrine on
    lrf = flight(variant_class("bomber", ROWS["bomber"], lrf=True), 0, count=2)
    v.lrfs = [lrf]
    assert v.jump(lrf) and not lrf.alive
    v.damage_taken()
    assert b.vp == [0, 30]  # 50% of 60, and not 60 more when it leaves
    lost = flight(variant_class("bomber", ROWS["bomber"], lrf=True), 1, count=0)
    lost.alive = False
    v.lrfs.append(lost)
    v.damage_taken()
    v.damage_taken()
    assert b.vp == [60, 30]


def test_f6_flights_per_side_out_of_range_is_refused() -> None:
    play = {**PLAY.raw, "long_range_fighters": {**PLAY["long_range_fighters"], "flights_per_side": 10**9}}
    with pytest.raises(DrydockError, match="flights_per_side"):
        LongRangeFighters(fake_battle(), in_force("F.6", play))


def test_f4_flights_launched_later_take_their_variant() -> None:
    """F.4 with F.5: flights launched in the End Phase are given their variant before they first act."""
    m = build_matchup([CARRIER], [CARRIER], BattleSettings(options=("F.4",), launch_recovery=True))
    log = m.fight(random.Random(run_seed(7, 0)), log=True).log
    first = next(i for i, line in enumerate(log) if "launches" in line)
    assert any("interceptor flight, 5 fighters (F.4)" in line for line in log[first:])
    assert not any("(F.4)" in line and "flight," in line for line in log[:first])


def test_f6_counts_in_the_vp_target() -> None:
    """F.6: "LRFs have a combat rating ... of 60": with battle size auto the VP target is 60% (2.2, rounded up) of
    the larger side's CR, each side's CR now with its 2 long range flights (2 x 60) added."""
    m = build_matchup([MAJESTIC], [VIGILANT], BattleSettings(options=("F.6",)))
    larger = max(m.sides[0][0].cr, m.sides[1][0].cr) + 2 * 60
    assert m.vp_target == -(-larger * 3 // 5)
    assert build_matchup([MAJESTIC], [VIGILANT]).vp_target == -(-(larger - 120) * 3 // 5)


# ------------------------------------------------------------------ registry and seeded battles
def test_registry_marks_the_fighter_options_simulated() -> None:
    for section in ("F.1", "F.2", "F.3", "F.4", "F.6"):
        assert BY_SECTION[section].simulated and not BY_SECTION[section].note.startswith("not simulated")


def test_f6_with_s1_is_refused_by_name() -> None:
    """S.1 Alone in the Dark pits one defending ship against the attackers; F.6 would give it company."""
    with pytest.raises(DrydockError, match="F.6 and S.1 cannot be combined"):
        build_matchup([MAJESTIC, MAJESTIC], [VIGILANT], BattleSettings(options=("F.6",), scenario="S.1"))


def fights(options=(), sides=None, n=6):  # type: ignore[no-untyped-def]
    a, b = sides or ([CARRIER, MAJESTIC], [CARRIER, VIGILANT])
    m = build_matchup(a, b, BattleSettings(options=options))
    return [m.fight(random.Random(run_seed(7, i)), log=True) for i in range(n)]


def moves(results):  # type: ignore[no-untyped-def]
    return [[line for line in r.log if not line.startswith(("in force", "not simulated"))] for r in results]


@pytest.mark.parametrize("options,sides,evidence,n", [
    (("F.1",), ([CARRIER], [HARRIER]), "on station", 6),  # a flight covers a ship the seekers fly at
    # flights usually have an attack in reach, and with fighter sideslips (5.3) more often: interceptions of
    # fighter flights are rare, so this one fights more battles
    (("F.1", "F.2"), None, "intercepts", 40),
    (("F.1",), ([CARRIER], [HARRIER]), "intercepts B-seekers", 6),  # "they can be intercepted" (F.1)
    (("F.2",), None, "dogfights", 6),
    (("F.3",), ([CARRIER], [MAJESTIC, VIGILANT]), "screens", 6),
    (("F.4",), None, "interceptor flight", 6),
    (("F.6",), ([CARRIER], [MAJESTIC, VIGILANT]), "to hyperspace on a", 6),
])
def test_fighter_option_takes_effect_in_seeded_battles(options, sides, evidence, n) -> None:  # type: ignore[no-untyped-def]
    core = fights(sides=sides, n=n)
    got = fights(options, sides, n=n)
    assert moves(got) != moves(core)
    assert any(evidence in line for r in got for line in r.log)


# ------------------------------------------------------------------ F.1 / F.2 in a real battle
def battle_with(options: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """A battle of two carriers with every flight removed, and a hex in mid-board (axial)."""
    m = build_matchup([CARRIER], [CARRIER], BattleSettings(options=options))
    b = Battle(m, random.Random(5), log=True)
    b.flights = []
    return b, from_offset(16, 9)


def two_flights(b, centre, gap: int):  # type: ignore[no-untyped-def]
    """A patrol of side A at ``centre`` (heading 0) and a flight of side B ``gap`` + 2 hexes ahead of it, heading
    back towards it (3), about to move 2 hexes straight: its first hex entered is ``gap`` + 1 hexes away."""
    (q, r), (dq, dr) = centre, (1, 0)
    carrier_a, carrier_b = b.ships[0], b.ships[1]
    patrol = FighterFlight(101, 0, carrier_a, q, r, 0, "patrol")
    mover = FighterFlight(102, 1, carrier_b, q + (gap + 2) * dq, r + (gap + 2) * dr, 3, "mover")
    b.flights = [patrol, mover]
    b.opt.fighters.on_station[patrol.uid] = patrol
    start = (mover.q, mover.r)
    mover.q, mover.r = q + gap * dq, r + gap * dr  # the move: 2 hexes straight on
    return patrol, mover, start


def test_f1_interception_within_half_the_movement_allowance() -> None:
    """F.1: "Whenever a fighter flight moves into a new hex, any one opposing flight currently on station may
    interrupt its movement to intercept. The intercepting flight is moved to any allowable hex adjacent to the
    target and makes an attack ... a flight cannot use more than one-half its available movement allowance (MA)
    in order to intercept; i.e. a standard fighter flight can use up to 4MA ... If it cannot reach its target, the
    interception does not take place, and the flight remains on station ... The intercepting flight is taken off
    station, and may not be activated again in the current Fighter Phase."

    The first hex the mover enters is 6 hexes ahead of the patrol: the nearest hex next to it is 5 away, more
    than 4 MA. Then 5 ahead: the hex next to it, 4 straight ahead, is within 4 MA."""
    b, centre = battle_with(("F.1",))
    rules = b.opt.fighters
    patrol, mover, start = two_flights(b, centre, gap=5)  # enters the hex 6 ahead first, then 5 ahead
    rules.on_station = {patrol.uid: patrol}
    assert rules._reach(patrol, (centre[0] + 6, centre[1]), mover) is None
    assert rules._reach(patrol, (centre[0] + 5, centre[1]), mover) == (centre[0] + 4, centre[1], 0)
    end = (mover.q, mover.r)
    survived = rules._intercepted(mover, start, 3)
    assert survived == (mover.alive and mover.count > 0)
    if survived:  # "If the intercepted flight survives this attack, it may continue its activation"
        assert (mover.q, mover.r) == end
    assert (patrol.q, patrol.r) == (centre[0] + 4, centre[1])  # intercepted at the hex 5 ahead, from 4 ahead
    assert patrol.uid in rules.spent and patrol.uid not in rules.on_station
    assert any("patrol intercepts mover" in line for line in b.log)
    b2, _ = battle_with(("F.1",))
    patrol2, mover2, start2 = two_flights(b2, centre, gap=6)  # never within reach: stays on station
    assert b2.opt.fighters._intercepted(mover2, start2, 3)
    assert patrol2.uid in b2.opt.fighters.on_station and (patrol2.q, patrol2.r) == centre


def test_f2_interception_dogfight_pins_both() -> None:
    """F.1: the intercepting flight "makes an attack (or initiates a F.2: Dogfight)"; F.2: "a fighter flight simply
    moves into the same hex as a single enemy flight, and attacks normally ... the flights involved become
    "pinned"; i.e. a flight may not move out of a dogfight until the opposing flight has been eliminated"."""
    b, centre = battle_with(("F.1", "F.2"))
    rules = b.opt.fighters
    patrol, mover, start = two_flights(b, centre, gap=3)  # enters the hex 4 ahead: reachable with 4 MA
    end = (mover.q, mover.r)
    assert not rules._intercepted(mover, start, 3)  # pinned (or destroyed): it stops where it was intercepted
    assert (mover.q, mover.r) == (centre[0] + 4, centre[1]) != end
    assert (patrol.q, patrol.r) == (mover.q, mover.r)
    if mover.alive and patrol.alive:
        assert rules.pinned[patrol.uid] is mover and rules.pinned[mover.uid] is patrol
        before = (mover.q, mover.r)
        rules.activate(mover)  # pinned: it attacks its opponent and does not move
        assert (mover.q, mover.r) == before


def test_f6_report_counts_the_long_range_fighters_in_each_side_cr() -> None:
    """F.6: "LRFs have a combat rating ... of 60": the report's CR of each side includes its 2 flights."""
    from drydock.insight.battle_report import fight  # test helper: the insight layer's recorded battles

    _, core = fight([MAJESTIC], [VIGILANT], runs=2, seed=1)
    _, lrf = fight([MAJESTIC], [VIGILANT], BattleSettings(options=("F.6",)), runs=2, seed=1)
    assert [s.cr - c.cr for s, c in zip(lrf.sides, core.sides, strict=True)] == [120, 120]


def test_house_rule_fixes_the_variant_and_the_long_range_flights(tmp_path: Path) -> None:
    """The options' numbers are the ruleset's: a house rule fields heavy fighters everywhere (F.4 option 3-style,
    one variant for every carrier) and one long range flight a side (F.6)."""
    from drydock.formats.houserules import load_ruleset  # test helper: the formats layer's house-rule reader

    path = tmp_path / "fighters.yaml"
    path.write_text("name: heavy wings\nplay:\n  fighter_variants: {field: heavy}\n"
                    "  long_range_fighters: {flights_per_side: 1}\n", encoding="utf-8")
    m = build_matchup([CARRIER], [MAJESTIC], BattleSettings(options=("F.4", "F.6"), rules=load_ruleset(path)))
    log = m.fight(random.Random(run_seed(7, 0)), log=True).log
    assert any("F.4: side A fields 13 heavy flights" in line for line in log)
    assert any("F.6: side B fields 1 long range fighter flights (60 CR)" in line for line in log)
    assert any("B-lrf#" in line and "heavy flight, 4 fighters (F.4)" in line for line in log)


def test_f2_who_may_be_dogfought_and_a_ship_breaks_it_off() -> None:
    """F.2: "a fighter flight simply moves into the same hex as a single enemy flight ... Only two flights may be
    involved in a single dogfight; one from either side ... If a starship ends its movement in the same hex as a
    dogfight, the opposing fighter flight must move out of the hex, breaking off the dogfight ... Seeker flights
    may not be pinned."."""
    b, (q, r) = battle_with(("F.2",))
    rules = b.opt.fighters
    carrier_a, carrier_b = b.ships[0], b.ships[1]
    fl = FighterFlight(201, 0, carrier_a, q, r, 0, "ours")
    alone = FighterFlight(202, 1, carrier_b, q + 2, r, 3, "alone")
    pair = [FighterFlight(203 + k, 1, carrier_b, q, r + 2, 3, f"pair{k}") for k in range(2)]
    by_ship = FighterFlight(205, 1, carrier_b, carrier_b.q, carrier_b.r, 3, "by its ship")
    b.flights = [fl, alone, *pair, by_ship]
    attack_from: dict = {}
    blocked = {(f.q, f.r) for f in b.flights[1:]} | {(carrier_b.q, carrier_b.r)}
    left = rules._dogfight_spots(fl, attack_from, blocked)
    assert blocked - left == {(q + 2, r)}
    assert attack_from[(q + 2, r)][1] is alone
    rules._pin(fl, alone)
    assert rules._dogfight_spots(FighterFlight(206, 0, carrier_a, q, r - 2, 0, "another"), {}, blocked) == blocked
    fl.q, fl.r = alone.q, alone.r
    carrier_b.q, carrier_b.r = fl.q, fl.r  # an enemy ship ends its move in the dogfight's hex
    rules.activate(fl)
    assert fl.uid not in rules.pinned and alone.uid not in rules.pinned
    assert not fl.alive or (fl.q, fl.r) != (carrier_b.q, carrier_b.r)


# ------------------------------------------------------------------ F.3 fighter screens
def screened_shot(screen: bool, seed: int = 5) -> Battle:
    """Side A's Majestic at mid-board, heading 0; side B's flight 3 hexes ahead; with ``screen``, two side B flights
    (12 fighters) screen the hex between. Side B's carrier is cloaked (out of the fight): the only target is the
    flight. One Combat Phase."""
    m = build_matchup([MAJESTIC], [CARRIER], BattleSettings(options=("F.3",)))
    b = Battle(m, random.Random(seed), log=True)
    q, r = from_offset(16, 9)
    ship, carrier = b.ships
    ship.q, ship.r, ship.heading, ship.facing = q, r, 0, 0
    carrier.cloaked = True
    target = FighterFlight(201, 1, carrier, q + 3, r, 3, "target")
    screens = [FighterFlight(202 + k, 1, carrier, q + 2, r, 3, f"screen{k}") for k in range(2)]
    b.flights = [target] + (screens if screen else [])
    b.opt.fighters.screening = {f.uid: f for f in screens} if screen else {}
    b.log.clear()
    b.combat()
    return b


def test_f3_screen_penalises_ship_fire_at_a_flight() -> None:
    """F.3: "Screening fighter flights force all attacks made through their hex (even friendly attacks) to suffer a
    to-hit penalty ... 1-3 None, 4-9 -1, 10-15 -2, 16+ -3"; "Multiple flights may combine their efforts by screening
    in the same hex; the total number of fighters in all flights is used". All attacks, so fire at a fighter flight
    (or a seeker flight) through the hex too: two flights of 6 in the hex between are 12 fighters, -2; a flight
    shot at in its own screened hex is behind the screen too (4.1: the line of sight "always passes through the
    target's hex"), and the attacker's own hex never counts."""
    b = screened_shot(True)
    ship = b.ships[0]
    target, screen = b.flights[0], b.flights[1]
    assert b.opt.flight_penalty(ship, target) == 2
    assert b.opt.flight_penalty(ship, screen) == 2  # the screen's own hex is the target's hex
    b.opt.fighters.screening = {screen.uid: screen}  # 6 fighters: -1
    assert b.opt.flight_penalty(ship, target) == 1
    b.opt.fighters.screening = {}
    assert b.opt.flight_penalty(ship, target) == 0


def test_f3_screen_takes_effect_on_fire_at_a_flight_in_a_seeded_battle() -> None:
    """The same seeded Combat Phase with and without the screen: with it, the Majestic's fire at the flight is
    logged at -2 (F.3), and the dice give another result; without it, no screen."""
    with_screen, without = screened_shot(True), screened_shot(False)
    shots = [line for line in with_screen.log if "vs tiny target" in line]
    assert shots and all("screen -2 (F.3)" in line for line in shots)
    assert not any("screen -" in line for line in without.log)
    assert [x for x in without.log if "vs tiny target" in x]
    assert with_screen.log != without.log


class Faces(random.Random):
    """A random source that yields the given d6 faces, in order (a ``random.Random``, as the engine's dice are)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 1e-9


def test_f3_screen_penalises_fighter_attacks_with_the_maximum_roll_rule() -> None:
    """F.3: "all attacks made through their hex" (a fighter's attack on the ship in a screened hex: the line of sight
    "always passes through the target's hex", 4.1); 4.2: "modifiers may create a situation in which a to-hit roll
    cannot succeed; e.g. a -2 modifier for a weapon with ACC 5+. In such cases, re-roll any die that comes up 6
    (before modifiers) and add 5". A standard flight hits on 5+: at -1 only the 6 hits; at -2 the 6 is re-rolled,
    3 + 5 - 2 = 6 hits, 1 + 5 - 2 = 4 misses."""
    assert screened_hits(Faces([]), [6, 5, 4, 1], 5, 1) == 1
    assert screened_hits(Faces([3]), [6, 5, 4, 1], 5, 2) == 1
    assert screened_hits(Faces([1]), [6, 5, 4, 1], 5, 2) == 0
    assert screened_hits(Faces([2, 1]), [6, 6, 5], 5, 3) == 0  # -3: 2 + 5 - 3 = 4, 1 + 5 - 3 = 3
    assert screened_hits(Faces([]), [6, 5, 4, 1], 4, 1) == 2  # a bomber (F.4, 4+) at -1: the 6 and the 5


def test_f3_screened_fighter_attacks_in_seeded_battles() -> None:
    """Carriers on both sides with F.3: flights that screen a ship of their side make the enemy fighters' attacks on
    it suffer the screen's penalty (logged), where the core game has none. (Which ship the doctrine screens follows
    play: with several sideslips a move, 3.4, it is the Majestic nearest the enemy in these seeds.)"""
    m = build_matchup([CARRIER, MAJESTIC], [CARRIER, VIGILANT], BattleSettings(options=("F.3",)))
    logs = [m.fight(random.Random(run_seed(7, i)), log=True).log for i in range(3)]
    lines = [x for log in logs for x in log if "screen -" in x]
    assert any(re.search(r"fighters#\d+ attacks [AB]\d \w+ \(.*screen -\d \(F\.3\)", x) for x in lines)
    core = build_matchup([CARRIER, MAJESTIC], [CARRIER, VIGILANT])
    assert not any("screen -" in x for i in range(3) for x in core.fight(random.Random(run_seed(7, i)), log=True).log)


def spec_of(name: str) -> ShipSpec:
    return ShipSpec(design(name))


def test_f3_defensive_fire_at_an_attacking_flight_in_a_screened_hex() -> None:
    """F.3, "all attacks made through their hex (even friendly attacks)": the Defensive (C.5) flak of the target
    fires at a seeker flight whose hex a friendly fighter flight of 6 screens (-1). Flak 3x2+ at medium range (no
    range modifier), tiny -1: the faces 2, 3, 4 hit on 3+ (two hits) outside a screen, on 4+ (one hit) behind it."""
    from drydock.engine.seekers import SeekerFlight, defensive_fire
    from tests.engine.test_seekers import TARGET as FLAK_SHIP

    for screened, left in ((False, 2), (True, 3)):
        harrier, flak = spec_of("harrier-missile-destroyer"), ShipSpec(from_yaml(FLAK_SHIP)[0])
        bt = Battle(Matchup([harrier], [flak], BattleSettings(options=("F.3",))), random.Random(5), log=True)
        launcher, target = bt.ships
        bt.turn = 1
        fl = SeekerFlight(1, 0, target, target.q + 1, target.r, 3, 4, launcher.spec.banks[0].seeker, "flight")
        screen = FighterFlight(9, 0, launcher, fl.q, fl.r, 3, "screen")
        bt.opt.fighters.screening = {screen.uid: screen} if screened else {}
        defensive_fire(bt, Faces([2, 3, 4]), target, fl, 0, 1, "seekers")  # type: ignore[arg-type]
        assert fl.count == left
