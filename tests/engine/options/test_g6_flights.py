"""G.6 Three-Dimensional Play for fighter flights and seekers (issue 23): each mechanic against the rule text, and
seeded battles showing it takes effect."""

from __future__ import annotations

import random

from drydock.engine import fighters, systems
from drydock.engine.battle import Battle
from drydock.engine.combat import effective_range
from drydock.engine.fighters import FighterFlight
from drydock.engine.hexgrid import from_offset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.ships import ShipSpec
from drydock.engine.systems import span
from tests.engine.test_systems import Scripted, place, spec
from tests.helpers import example as design

CARRIER = design("wyvern-carrier")
VIGILANT = design("vigilant-cruiser")
BASTION = design("bastion-battleship")
HARRIER = design("harrier-missile-destroyer")


def three_d(terrain: str = "three-d") -> Battle:
    """Side A's carrier far off at column 2; side B's cruiser on row 9; no flights yet."""
    b = Battle(build_matchup([CARRIER], [VIGILANT], terrain=(terrain,)), random.Random(1), log=True)
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
        alt = b.opt.moves.altitudes
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
    alt = b.opt.moves.altitudes
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
    alt = b.opt.moves.altitudes
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
    alt = b.opt.moves.altitudes
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
    alt = b.opt.moves.altitudes
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
    alt = b.opt.moves.altitudes
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
    m = build_matchup([CARRIER, design("majestic")], [BASTION], terrain=("three-d",))
    log = m.fight(random.Random(run_seed(7, 0)), log=True).log
    assert any("fighters#" in x and "dives" in x and "(G.6" in x for x in log)
    flat = build_matchup([CARRIER, design("majestic")], [BASTION]).fight(random.Random(run_seed(7, 0)), log=True).log
    assert not any("G.6" in x for x in flat) and flat != log
    m = build_matchup([HARRIER], [BASTION], terrain=("three-d",))
    logs = [m.fight(random.Random(run_seed(7, i)), log=True).log for i in range(3)]
    assert any("seekers#" in x and "dives" in x and "(G.6)" in x for lg in logs for x in lg)


def test_g6_a_tractor_beam_reaches_only_an_adjacent_flight_at_its_altitude() -> None:
    """B.24: a tractor beam attacks "one tiny target in an adjacent hex" (5-6 kills); G.6: "Two elements are
    considered "adjacent" only if they are in adjacent hexes on the game board and are at the same altitude". A
    flight in the next hex one level up is at range max(1 + 1, 2) = 2: the beam does not fire at it; at the
    ship's altitude it is at range 1 and the 5 kills one."""
    bt = Battle(build_matchup([spec("shade-raider").design], [CARRIER], terrain=("three-d",)), random.Random(1),
                log=True)
    me = bt.ships[0]
    alt = bt.opt.moves.altitudes
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
        b = Battle(build_matchup([CARRIER], [CARRIER], options=("F.1",), terrain=("three-d",)), random.Random(5),
                   log=True)
        q, r = from_offset(16, 9)
        patrol = FighterFlight(101, 0, b.ships[0], q, r, 0, "patrol")
        mover = FighterFlight(102, 1, b.ships[1], q + 7, r, 3, "mover")
        b.flights = [patrol, mover]
        alt = b.opt.moves.altitudes
        alt.el[patrol], alt.el[mover] = 3, 3 - below
        b.opt.fighters.on_station = {patrol.uid: patrol}
        assert (b.opt.fighters._intercept_at(mover, (q + 5, r)) is patrol) == intercepted
        assert (patrol.q, patrol.r) == ((q + 4, r) if intercepted else (q, r))


def fire_at_flight(level: int) -> list[str]:
    """A seeded Combat Phase in three dimensions: side A's Majestic (altitude 3, heading 0) and side B's flight 3
    hexes ahead at ``level``; side B's carrier is cloaked, so the flight is the only target. The tiny-target lines."""
    b = Battle(build_matchup([design("majestic")], [CARRIER], terrain=("three-d",)), random.Random(5), log=True)
    q, r = from_offset(16, 9)
    ship, carrier = b.ships
    ship.q, ship.r, ship.heading, ship.facing = q, r, 0, 0
    carrier.cloaked = True
    fl = FighterFlight(201, 1, carrier, q + 3, r, 3, "target")
    b.flights = [fl]
    b.opt.moves.altitudes.el[fl] = level
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
    bt = Battle(build_matchup([pulsar], [barge, barge], terrain=("three-d",)), random.Random(1), log=True)
    me, b1, b2 = bt.ships
    place(me, 10, 9, 0)
    place(b1, 13, 9, 3)
    return bt, me, b1, b2, bt.opt.moves.altitudes, me.spec.banks[0].modes[0]


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
