"""G.6 Three-Dimensional Play (issue 23) for ships, fighter flights and seekers: each mechanic against the rule text,
and seeded battles showing it takes effect."""

from __future__ import annotations

import random
from dataclasses import replace

from drydock.core.rules import Ruleset
from drydock.engine import fighters, shockwave, systems
from drydock.engine.battle import Battle, Matchup
from drydock.engine.combat import effective_range
from drydock.engine.fighters import FighterFlight
from drydock.engine.hexgrid import from_offset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import Orders
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.engine.systems import span
from drydock.formats.native import from_yaml
from tests.engine.test_systems import BARGE, PULSAR, TARGET, Scripted, place, spec
from tests.helpers import example as design

CARRIER = design("wyvern-carrier")
VIGILANT = design("vigilant-cruiser")
BASTION = design("bastion-battleship")
HARRIER = design("harrier-missile-destroyer")
#: G.6: three-dimensional combat (altitudes)
THREE_D = BattleSettings(terrain=("three-d",))


def three_d(terrain: str = "three-d") -> Battle:
    """Side A's carrier far off at column 2; side B's cruiser on row 9; no flights yet."""
    b = Battle(build_matchup([CARRIER], [VIGILANT], BattleSettings(terrain=(terrain,))), random.Random(1), log=True)
    carrier, foe = b.ships
    place(carrier, 2, 2, 0)
    place(foe, 13, 9, 3)
    b.flights = []
    return b


def flight_at(b: Battle, col: int, row: int = 9) -> FighterFlight:
    q, r = from_offset(col, row)
    fl = FighterFlight(301, 0, b.ships[0], q, r, 0, "flight")
    b.flights = [fl]
    return fl


def test_g6_a_flight_is_launched_at_its_carriers_altitude_and_ships_shoot_at_it_over_the_3d_range() -> None:
    """G.6: "each element must keep track of its "altitude""; "When a starship makes an attack against a target at a
    different altitude level than its own, the range is determined by the sum of the distance in hexes and the
    difference in altitude or twice the difference in altitude, whichever is greater". A flight of a carrier at
    level 5 is at 5; the cruiser at 3, four hexes from it: max(4 + 2, 2 x 2) = 6 for its fire (effective range,
    tiny targets) and its shockwaves and tractor beams (span); one hex off: max(1 + 2, 4) = 4, not adjacent (a
    tractor beam reaches "adjacent" flights: range 1). The G.6a reading: 4 + 2 x 2 = 8."""
    for terrain, far in (("three-d", 6), ("three-d-doubled", 8)):
        b = three_d(terrain)
        alt = b.opt.altitudes
        alt.alt[b.ships[0].uid] = 5
        fl = flight_at(b, 9)
        alt.register(b.flights)
        assert alt.level(fl) == 5
        foe = b.ships[1]
        assert effective_range(foe, 4, fl) == far
        assert span(b, foe, fl, 4) == far
        assert span(b, foe, fl, 1) == (4 if terrain == "three-d" else 5)
        alt.el[fl] = 3
        assert effective_range(foe, 4, fl) == 4  # same altitude: the distance in hexes


def test_g6_a_fighter_pays_a_hex_of_movement_per_level_to_reach_its_target() -> None:
    """G.6: "Fighter flights may change altitude by one level for each hex moved; each level changed counts as having
    moved an additional hex. For example, a flight that moves five hexes while descending three levels of altitude is
    considered to have moved a total of eight hexes (5 + 3)"; 5.3: MA 8, one MA a hex straight ahead; 5.4: a flight
    attacks an element "in an adjacent hex", and G.6: "Two elements are considered "adjacent" only if they are in
    adjacent hexes on the game board and are at the same altitude". The cruiser two levels up (5) and 7 hexes ahead:
    the nearest hex next to it is 6 hexes off, 6 + 2 = 8 <= 8, so the flight climbs 2 and attacks. 8 hexes ahead:
    the nearest is 7 off, 7 + 2 = 9 > 8 (in two dimensions 7 <= 8 attacks): no attack; it closes and climbs
    min(2, 8 // 2) = 2 of the way."""
    b = three_d()
    alt = b.opt.altitudes
    foe = b.ships[1]
    alt.alt[foe.uid] = 5
    place(foe, 12, 9, 3)
    fl = flight_at(b, 5)
    ships, blocked, spots = fighters.attack_spots(b, fl)
    best = fighters.choose(b, fl, spots, blocked, ships)
    assert best is not None and best[0] is not None and best[4] is foe
    assert alt.level(fl) == 3  # changed as it moves
    assert fighters.move(b, fl, best, blocked) is foe
    assert alt.level(fl) == 5
    assert any("flight climbs 2 (G.6, 2 MA): altitude 3 -> 5" in x for x in b.log)

    b = three_d()
    alt = b.opt.altitudes
    foe = b.ships[1]
    alt.alt[foe.uid] = 5
    fl = flight_at(b, 5)
    ships, blocked, spots = fighters.attack_spots(b, fl)
    best = fighters.choose(b, fl, spots, blocked, ships)
    assert best is not None and best[0] is None  # no attack in reach
    fighters.move(b, fl, best, blocked)
    assert alt.level(fl) == 5
    flat = Battle(build_matchup([CARRIER], [VIGILANT]), random.Random(1), log=False)
    place(flat.ships[1], 13, 9, 3)
    fl2 = flight_at(flat, 5)
    ships, blocked, spots = fighters.attack_spots(flat, fl2)
    assert fighters.choose(flat, fl2, spots, blocked, ships)[4] is flat.ships[1]  # two dimensions: it attacks


def test_g6_a_fighter_at_another_altitude_does_not_attack_from_the_next_hex() -> None:
    """5.4 / G.6: "adjacent" only "at the same altitude"; "Fighter flights may change altitude by one level for each
    hex moved". A flight next to the cruiser (column 12 against 13) but two levels below (1 against 3) must move at
    least two hexes to climb two: it passes through the cruiser's hex (5.3: "A flight may pass through any hex") to
    a hex next to it two hexes from its start (2 hexes + 2 levels = 4 <= MA 8), climbs to 3 and attacks. The engine
    takes the distance from start to end as the hexes moved (a lower bound): four levels below, no hex next to the
    cruiser is four hexes from a start next to it, so it does not attack this activation."""
    b = three_d()
    alt = b.opt.altitudes
    foe = b.ships[1]
    fl = flight_at(b, 12)
    alt.el[fl] = 1
    ships, blocked, spots = fighters.attack_spots(b, fl)
    best = fighters.choose(b, fl, spots, blocked, ships)
    assert best is not None and best[4] is foe
    dq, dr = best[1] - fl.q, best[2] - fl.r
    assert (abs(dq) + abs(dr) + abs(dq + dr)) // 2 >= 2
    fighters.move(b, fl, best, blocked)
    assert alt.level(fl) == 3

    b = three_d()
    alt = b.opt.altitudes
    alt.alt[b.ships[1].uid] = 4
    fl = flight_at(b, 12)
    alt.el[fl] = 0
    ships, blocked, spots = fighters.attack_spots(b, fl)
    best = fighters.choose(b, fl, spots, blocked, ships)
    assert best is None or best[0] is None


class Seeker:
    """A seeker flight's fields that G.6 reads."""

    def __init__(self, owner: int, target: object, label: str) -> None:
        self.owner, self.target, self.label = owner, target, label


def test_g6_a_seeker_spends_the_ma_of_a_hex_per_level() -> None:
    """G.6 ("each level changed counts as having moved an additional hex") for seekers (C.4: a seeker pays its MA per
    forward hex, 1-3 by the target's arc). Launched at its launcher's altitude 3 at a target at 0: with MA 6 at 1 a
    hex it dives 3 and has 3 MA left; with MA 4 at 2 a hex it dives 2 (level 1) and has 0 left; at the target's
    altitude it pays nothing. It attacks only at its target's altitude."""
    b = three_d()
    alt = b.opt.altitudes
    launcher, foe = b.ships
    alt.alt[foe.uid] = 0
    seeker = Seeker(launcher.uid, foe, "seeker")
    assert alt.level(seeker) == 3
    assert alt.seeker_climb(b, seeker, 6, 1) == 3 and alt.level(seeker) == 0 and alt.same(seeker, foe)
    other = Seeker(launcher.uid, foe, "seeker2")
    assert alt.seeker_climb(b, other, 4, 2) == 0 and alt.level(other) == 1 and not alt.same(other, foe)
    assert alt.seeker_climb(b, seeker, 6, 1) == 6


def test_g6_fighters_and_seekers_change_altitude_in_seeded_battles() -> None:
    """Seeded battles in three dimensions: fighter flights dive to the battleship that went down to stand off, and
    seekers dive to theirs (logged, G.6); the same seeds in two dimensions log no altitude at all and differ."""
    m = build_matchup([CARRIER, design("majestic")], [BASTION], BattleSettings(terrain=("three-d",)))
    log = m.fight(random.Random(run_seed(7, 0)), log=True).log
    assert any("fighters#" in x and "dives" in x and "(G.6" in x for x in log)
    flat = build_matchup([CARRIER, design("majestic")], [BASTION]).fight(random.Random(run_seed(7, 0)), log=True).log
    assert not any("G.6" in x for x in flat) and flat != log
    m = build_matchup([HARRIER], [BASTION], BattleSettings(terrain=("three-d",)))
    logs = [m.fight(random.Random(run_seed(7, i)), log=True).log for i in range(3)]
    assert any("seekers#" in x and "dives" in x and "(G.6)" in x for lg in logs for x in lg)


def test_g6_a_tractor_beam_reaches_only_an_adjacent_flight_at_its_altitude() -> None:
    """B.24: a tractor beam attacks "one tiny target in an adjacent hex" (5-6 kills); G.6: "Two elements are
    considered "adjacent" only if they are in adjacent hexes on the game board and are at the same altitude". A
    flight in the next hex one level up is at range max(1 + 1, 2) = 2: the beam does not fire at it; at the
    ship's altitude it is at range 1 and the 5 kills one."""
    bt = Battle(build_matchup([spec("shade-raider").design], [CARRIER], THREE_D), random.Random(1),
                log=True)
    me = bt.ships[0]
    alt = bt.opt.altitudes
    bt.turn = 3
    near = FighterFlight(90, 1, bt.ships[1], me.q + 1, me.r, 3, "near")
    alt.el[near] = 4
    bt.rng = Scripted([5])
    systems.tractor_attacks(bt, me, [near])
    assert near.kills == 0
    alt.el[near] = 3
    systems.tractor_attacks(bt, me, [near])
    assert near.kills == 1


def test_g6_an_f1_patrol_intercepts_only_a_flight_at_its_altitude() -> None:
    """F.1: "Whenever a fighter flight moves into a new hex, any one opposing flight currently on station may
    interrupt its movement to intercept. The intercepting flight is moved to any allowable hex adjacent to the
    target and makes an attack"; G.6: "adjacent" only "at the same altitude". A patrol 5 hexes from the hex the mover
    enters (4 MA to the hex next to it, within half its MA 8) intercepts it at its own altitude; with the mover a
    level below, it does not (the engine does not let a patrol change altitude to intercept)."""
    for below, intercepted in ((0, True), (1, False)):
        b = Battle(build_matchup([CARRIER], [CARRIER], replace(THREE_D, options=("F.1",))), random.Random(5),
                   log=True)
        q, r = from_offset(16, 9)
        patrol = FighterFlight(101, 0, b.ships[0], q, r, 0, "patrol")
        mover = FighterFlight(102, 1, b.ships[1], q + 7, r, 3, "mover")
        b.flights = [patrol, mover]
        alt = b.opt.altitudes
        alt.el[patrol], alt.el[mover] = 3, 3 - below
        b.opt.fighters.on_station = {patrol.uid: patrol}
        assert (b.opt.fighters._intercept_at(mover, (q + 5, r)) is patrol) == intercepted
        assert (patrol.q, patrol.r) == ((q + 4, r) if intercepted else (q, r))


def fire_at_flight(level: int) -> list[str]:
    """A seeded Combat Phase in three dimensions: side A's Majestic (altitude 3, heading 0) and side B's flight 3
    hexes ahead at ``level``; side B's carrier is cloaked, so the flight is the only target. The tiny-target lines."""
    b = Battle(build_matchup([design("majestic")], [CARRIER], THREE_D), random.Random(5), log=True)
    q, r = from_offset(16, 9)
    ship, carrier = b.ships
    ship.q, ship.r, ship.heading, ship.facing = q, r, 0, 0
    carrier.cloaked = True
    fl = FighterFlight(201, 1, carrier, q + 3, r, 3, "target")
    b.flights = [fl]
    b.opt.altitudes.el[fl] = level
    b.log.clear()
    b.combat()
    return [x for x in b.log if "vs tiny target" in x]


def test_g6_ship_fire_at_a_flight_three_levels_up_is_at_the_3d_range_in_a_seeded_combat_phase() -> None:
    """G.6: "When a starship makes an attack against a target at a different altitude level than its own, the range
    is determined by the sum of the distance in hexes and the difference in altitude or twice the difference in
    altitude, whichever is greater". The Majestic's weapons are at short range at 3 hexes and medium at 6 (their
    bands, read from the design); a flight 3 hexes away at the Majestic's altitude is shot at short range, three
    levels up at max(3 + 3, 2 x 3) = 6: medium range, and the dice give another result."""
    spec = ShipSpec(design("majestic"))
    assert {m.band(3) for bank in spec.banks for m in bank.modes} == {0}
    assert {m.band(6) for bank in spec.banks for m in bank.modes} == {1}
    level, up = fire_at_flight(3), fire_at_flight(6)
    assert level and all("at short range" in x for x in level)
    assert up and all("at medium range" in x for x in up)
    assert level != up


def _proximity_in_3d():  # type: ignore[no-untyped-def]
    """The Pulsar (a Proximity battery) at column 10, its target barge at 13, another barge placed by the test."""
    from drydock.formats.native import from_yaml
    from tests.engine.test_systems import BARGE, PULSAR

    pulsar, barge = from_yaml(PULSAR)[0], from_yaml(BARGE)[0]
    bt = Battle(build_matchup([pulsar], [barge, barge], THREE_D), random.Random(1), log=True)
    me, b1, b2 = bt.ships
    place(me, 10, 9, 0)
    place(b1, 13, 9, 3)
    return bt, me, b1, b2, bt.opt.altitudes, me.spec.banks[0].modes[0]


def test_g6_proximity_reaches_next_to_the_target_hex_only_at_the_targets_altitude() -> None:
    """C.5: "an attack roll is made against each element adjacent to the target hex, at a -1 penalty"; G.6: "Two
    elements are considered "adjacent" only if they are in adjacent hexes on the game board and are at the same
    altitude". A barge next to the target hex one level up is not attacked (the dice that would hit it are not
    rolled); at the target's level it is (5 - 1 = 4 hits ACC 4+; unshielded, a damage roll of 1: hull)."""
    from drydock.engine.proximity import proximity

    bt, me, b1, b2, alt, mode = _proximity_in_3d()
    place(b2, 14, 9, 3)
    alt.alt[b2.uid] = 4
    bt.rng = Scripted([5, 1])
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert b2.p_hull == 0 and not any("proximity -> " in line for line in bt.log)
    alt.alt[b2.uid] = 3
    bt.rng = Scripted([5, 1])
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert b2.p_hull == 1


def test_g6_proximity_in_the_target_hex_reaches_every_altitude_unless_a_house_rule_says_otherwise() -> None:
    """C.5: "A separate attack roll is made against each element (friend or foe) in the target hex"; 3.3 puts ships
    in one hex "even if the ships are at different altitude levels" (play.three_d.proximity "hex", the default):
    a barge in the target hex two levels up is attacked (4 hits ACC 4+, no penalty). The other reading
    ("altitude", a house rule) attacks only the target's level; any other value is refused by name."""
    import pytest

    from drydock.engine.options.altitude import Altitudes
    from drydock.engine.proximity import proximity
    from drydock.errors import RulesError

    bt, me, b1, b2, alt, mode = _proximity_in_3d()
    place(b2, 13, 9, 3)
    alt.alt[b2.uid] = 5
    assert alt.proximity == "hex"
    bt.rng = Scripted([4, 1])
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert b2.p_hull == 1
    alt.proximity = "altitude"
    bt.rng = Scripted([4, 1])
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert b2.p_hull == 1
    with pytest.raises(RulesError, match="play.three_d.proximity: 'above'"):
        Altitudes([], {"levels": [0, 6], "start": 3, "proximity": "above"}, "greater")


MAJESTIC = design("majestic")


def fights(sides, n=8, **kw):  # type: ignore[no-untyped-def]
    m = build_matchup(*sides, BattleSettings(**kw))
    return [m.fight(random.Random(run_seed(7, i)), log=True) for i in range(n)]


# ------------------------------------------------------------------ G.6 Three-Dimensional Play
def test_g6_range_between_altitudes_book_examples() -> None:
    """G.6: "the range is determined by the sum of the distance in hexes and the difference in altitude or twice the
    difference in altitude, whichever is greater ... Ship (A) is four hexes away from Ship (B); the altitude
    difference is two levels: 4 + 2 = 6. Ship (A) is two hexes away from Ship (C); the altitude difference is three
    levels: 3 x 2 = 6." The other reading (G.6a), hexes + twice the difference: 4 + 4 = 8 and 2 + 6 = 8."""
    from drydock.engine.options.altitude import three_d_range

    assert three_d_range(4, 2) == 6 and three_d_range(2, 3) == 6
    assert three_d_range(5, 0) == 5 and three_d_range(0, 2) == 4
    assert three_d_range(4, 2, "doubled") == 8 and three_d_range(2, 3, "doubled") == 8


def _three_d_battle(terrain: str = "three-d"):  # type: ignore[no-untyped-def]
    from drydock.engine.battle import Battle

    m = build_matchup([MAJESTIC], [VIGILANT], BattleSettings(terrain=(terrain,)))
    return Battle(m, random.Random(1), log=True)


def test_g6_altitude_change_requirement_book_example() -> None:
    """G.6: "Each altitude change moves the ship forward one hex, adds +2 to the ship's speed, and adds an additional
    +1 to the engine requirement. A starship with a previous speed of 5 plots movement orders of "1(down)S1(4)" ...
    move forward two hexes, turn one hexside to starboard, and move forward one more hex, while decreasing its
    altitude by one level. The engine requirement is 6 (max{5,4} = 5 + 1)." As drydock writes it: the orders 2S1
    (three hexes) with one change: speed 3 + 1 = 4, requirement max(5, 4) + 1 = 6."""
    from drydock.engine.movement import parse_orders

    b = _three_d_battle()
    me = b.ships[0]  # Majestic, engine rating 4
    me.speed = 5
    assert b.opt.requirement(me, parse_orders("2S1"), 0, 1) == (6, False)  # 6 > engine rating 4
    assert b.opt.requirement(me, parse_orders("2S1"), 2, 1) == (6, True)   # with two boosters (B.3)
    assert b.opt.requirement(me, parse_orders("2S1"), 0, 0)[0] == 5        # no change: max(5, 3)
    # after the move the ship is one level down and its speed is 4 (the next turn's previous speed)
    b.opt.altitudes.plan[me.uid] = -1
    me.speed = 3
    b.opt.altitudes.moved(b, me)
    assert b.opt.altitudes.alt[me.uid] == 2 and me.speed == 4
    assert any("dives 1 (G.6): altitude 3 -> 2, speed 4" in line for line in b.log)


def test_g6_ranges_in_combat_use_the_altitudes() -> None:
    """G.6: every element begins at altitude 3 ("Unless otherwise indicated by the scenario, all elements begin the
    game at altitude level 3"); two hexes apart and three levels apart the range is 3 x 2 = 6 for the attack."""
    from drydock.engine.combat import effective_range

    b = _three_d_battle()
    a, v = b.ships
    assert b.opt.altitudes.alt == {a.uid: 3, v.uid: 3}
    assert effective_range(a, 2, v) == 2
    b.opt.altitudes.alt[v.uid] = 6
    assert effective_range(a, 2, v) == 6 and effective_range(v, 2, a) == 6
    assert effective_range(a, 2) == 2  # a fighter flight or seeker: at the attacker's altitude (not tracked)
    b2 = _three_d_battle("three-d-doubled")
    b2.opt.altitudes.alt[b2.ships[1].uid] = 6
    assert effective_range(b2.ships[0], 2, b2.ships[1]) == 8


def test_g6_doctrine_opens_altitude_to_stand_off_and_closes_it_to_fight() -> None:
    """The doctrine's altitude choice: the changes (at most one per forward hex, levels 0-6) that bring the range to
    the nearest enemy nearest its preferred range."""
    from drydock.engine.hexgrid import from_offset
    from drydock.engine.movement import parse_orders

    b = _three_d_battle()
    me, foe = b.ships
    me.q, me.r, me.heading, me.speed = *from_offset(10, 9), 0, 4
    foe.q, foe.r, foe.heading, foe.speed = *from_offset(20, 9), 3, 0  # 10 hexes ahead, stopped
    alt = b.opt.altitudes
    always = lambda o, k: True  # noqa: E731
    # after 4(4) the enemy is 6 hexes off; wanting range 9: three levels apart, max(6 + 3, 6) = 9
    alt.choose(me, parse_orders("4"), [foe], lambda e: 9, always)
    assert alt.plan[me.uid] == -3
    # wanting range 6 at the same altitude: no change; an enemy two levels up: climb two to close
    alt.choose(me, parse_orders("4"), [foe], lambda e: 6, always)
    assert me.uid not in alt.plan
    alt.alt[foe.uid] = 5
    alt.choose(me, parse_orders("4"), [foe], lambda e: 6, always)
    assert alt.plan[me.uid] == 2
    # no more changes than forward hexes ("may not change altitude without also moving forward")
    alt.alt[foe.uid] = 3
    alt.choose(me, parse_orders("1"), [foe], lambda e: 12, always)
    assert alt.plan[me.uid] == -1
    alt.choose(me, Orders(()), [foe], lambda e: 12, always)
    assert me.uid not in alt.plan
    # only changes the engine allows
    alt.choose(me, parse_orders("4"), [foe], lambda e: 9, lambda o, k: abs(k) <= 1)
    assert alt.plan[me.uid] == -1


def test_g6_takes_effect_in_seeded_battles() -> None:
    sides = ([MAJESTIC, MAJESTIC], [VIGILANT, VIGILANT])
    core = fights(sides, n=10)
    for terrain in ("three-d", "three-d-doubled"):
        got = fights(sides, n=10, terrain=(terrain,))
        assert any(" (G.6): altitude " in line for r in got for line in r.log)
        assert [(r.winner, r.turns, r.vp) for r in got] != [(r.winner, r.turns, r.vp) for r in core]


def spec_of(name: str) -> ShipSpec:
    return ShipSpec(design(name))


# ------------------------------------------------------------------ G.6 three-dimensional play: ranges of systems
def test_g6_shockwave_reaches_three_hexes_in_three_dimensions() -> None:
    """G.6: "the range is determined by the sum of the distance in hexes and the difference in altitude or twice the
    difference in altitude, whichever is greater"; B.19: hits go to "all elements ... within three hexes". A barge
    one hex from the Pulsar two levels up is at range max(1 + 2, 4) = 4: out of reach; one level up, max(2, 2) = 2:
    in reach (12 hits, at most 4 on one target; 4 damage rolls of 1 on the unshielded barge: hull)."""
    p, barge = ShipSpec(from_yaml(PULSAR)[0]), ShipSpec(from_yaml(BARGE)[0])
    for level, hull in ((5, 0), (4, 4)):
        bt = Battle(Matchup([p], [barge], BattleSettings(terrain=("three-d",))), random.Random(1), log=True)
        me, foe = bt.ships
        place(me, 10, 9, 0)
        place(foe, 11, 9, 3)
        bt.opt.altitudes.alt[foe.uid] = level
        assert span(bt, me, foe, 1) == (4 if level == 5 else 2)
        bt.rng = Scripted([1] * 4)
        shockwave.fire(bt, me)
        assert foe.p_hull == hull


def test_g6_boarding_range_between_altitudes() -> None:
    """B.14: "The maximum range for marine boarding attempts is 5 hexes ... Each die that exceeds the range to the
    target is then re-rolled. Each of these dice that exceeds the target's shield rating results in one boarding
    party"; G.6's range: three hexes away and three levels up is max(3 + 3, 6) = 6, out of reach (in two dimensions
    it is 3); two levels up, max(3 + 2, 4) = 5: only a 6 exceeds it. In the seeded Combat Phase the log gives range
    5, where the same battle in two dimensions has 3."""
    dauntless, hulk = spec_of("dauntless-dreadnought"), ShipSpec(from_yaml(TARGET)[0])
    bt = Battle(Matchup([dauntless], [hulk], BattleSettings(terrain=("three-d",))), random.Random(1), log=True)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 13, 9, 3)
    foe.hull_hits = 2
    alt = bt.opt.altitudes.alt
    alt[foe.uid] = 6
    assert systems.boarding_target(me, [foe]) is foe  # in hexes: 3
    assert systems.boarding_target(me, [foe], bt) is None
    alt[foe.uid] = 5
    assert systems.boarding_target(me, [foe], bt) is foe
    bt.rng = Scripted([5, 6, 3, 4, 6, 1])  # 5 fails (not > 5); 6 then 3 > shield 2 lands; 4 fails; 6 then 1 fails
    systems.board(bt, me, [foe])
    assert (me.marines_left, foe.marines_left, foe.boarders) == (3, 0, 0)  # the party landed kills the defender
    assert any("(range 5, shield 2)" in line for line in bt.log)
    flat = Battle(Matchup([dauntless], [hulk]), random.Random(1), log=True)
    place(flat.ships[0], 10, 9, 0)
    place(flat.ships[1], 13, 9, 3)
    flat.ships[1].hull_hits = 2
    flat.rng = Scripted([5, 6, 3, 4, 6, 1])
    systems.board(flat, *flat.ships[:1], [flat.ships[1]])
    assert any("(range 3, shield 2)" in line for line in flat.log)


PLAY_EXPLOSIONS = Ruleset.unity().play["explosions"]


def test_g6_explosions_reach_only_the_same_altitude() -> None:
    """G.6: "Two elements are considered "adjacent" only if they are in adjacent hexes on the game board and are at
    the same altitude"; E.3 rolls at "each element within one hex" (in three dimensions: the same altitude)."""
    from drydock.engine.battle import Battle
    from drydock.engine.hexgrid import from_offset
    from drydock.engine.options import combat_rules

    m = build_matchup([MAJESTIC], [VIGILANT], BattleSettings(options=("E.3",), terrain=("three-d",)))
    for foe_altitude, rolled in ((3, True), (4, False)):
        b = Battle(m, random.Random(1), log=True)
        boom, near = b.ships
        boom.q, boom.r = from_offset(10, 9)
        near.q, near.r = from_offset(11, 9)
        b.opt.altitudes.alt[near.uid] = foe_altitude
        combat_rules.explode(b, boom, PLAY_EXPLOSIONS)
        assert any(line.startswith(f"    {near.label}: dice") for line in b.log) == rolled


def test_g6_with_sequential_movement_plans_afresh() -> None:
    """D.8 chooses a ship's orders again as it moves: its altitude changes are planned again with them."""
    got = fights(([MAJESTIC, MAJESTIC], [VIGILANT, VIGILANT]), n=4, options=("D.8",), terrain=("three-d",))
    assert any(" (G.6): altitude " in line for r in got for line in r.log)
