"""The last gaps of issue 23: F.3 screens on fire at flights, G.6 ranges and altitudes, D.9 towing."""

from __future__ import annotations

import random
import re

from drydock.engine import systems
from drydock.engine.battle import Battle, Matchup
from drydock.engine.fighters import FighterFlight
from drydock.engine.hexgrid import from_offset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import parse_orders
from drydock.engine.options.towing import braking_distance, effective_rating
from drydock.engine.ships import ShipSpec, ShipState
from drydock.engine.small_craft import impact_roll, in_nebula, screened_hits, small_hits
from drydock.engine.systems import span
from drydock.formats.native import from_yaml
from tests.engine.test_systems import BARGE, PULSAR, TARGET, Scripted, place
from tests.helpers import example as design


def spec_of(name: str) -> ShipSpec:
    return ShipSpec(design(name))


CARRIER = design("wyvern-carrier")
MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")


# ------------------------------------------------------------------ F.3 fighter screens
def screened_shot(screen: bool, seed: int = 5) -> Battle:
    """Side A's Majestic at mid-board, heading 0; side B's flight 3 hexes ahead; with ``screen``, two side B flights
    (12 fighters) screen the hex between. Side B's carrier is cloaked (out of the fight): the only target is the
    flight. One Combat Phase."""
    m = build_matchup([MAJESTIC], [CARRIER], options=("F.3",))
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
    m = build_matchup([CARRIER, MAJESTIC], [CARRIER, VIGILANT], options=("F.3",))
    logs = [m.fight(random.Random(run_seed(7, i)), log=True).log for i in range(3)]
    lines = [x for log in logs for x in log if "screen -" in x]
    assert any(re.search(r"fighters#\d+ attacks [AB]\d \w+ \(.*screen -\d \(F\.3\)", x) for x in lines)
    core = build_matchup([CARRIER, MAJESTIC], [CARRIER, VIGILANT])
    assert not any("screen -" in x for i in range(3) for x in core.fight(random.Random(run_seed(7, i)), log=True).log)


# ------------------------------------------------------------------ D.9 towing
COMET = design("comet-frigate")


def test_d9_braking_and_the_group_rating() -> None:
    """D.9: "The effective engine rating of the group is determined by multiplying each towing starship's hull size
    by its engine rating, adding these products together, and dividing by the total of all ships' hull sizes
    (rounding up to the next integer)": two Vigilants (hull 12, ER 4) towing a third: (48 + 48) / 36 = 2.67, 3;
    one alone: 48 / 24 = 2. 3.2: a straight move needs the difference of the speeds, so a tow at speed 6 brakes
    6 -> 4 -> 2 -> 0 at 2 (4 + 2 hexes) and 6 -> 3 -> 0 at 3 (3 hexes)."""
    assert effective_rating([(12, 4), (12, 4)], 12) == 3
    assert effective_rating([(12, 4)], 12) == 2
    assert braking_distance(6, 2) == 6
    assert braking_distance(6, 3) == 3
    assert braking_distance(4, 2) == 2
    assert braking_distance(3, 0) is None


def drift_battle(friends: int, col: int = 20, speed: int = 6, options: tuple[str, ...] = ("D.9",),
                 terrain: tuple[str, ...] = (), row: int = 8) -> Battle:
    """A1, a Vigilant with every engine box checked, drifts east at ``speed`` from column ``col`` of 32, row 8;
    ``friends`` sound Vigilants (A2, A3) are at column ``col``, row ``row`` (8: its hex) at its speed and heading.
    The other sound Vigilants of side A are far off at column 2. Side B: a Comet frigate."""
    m = build_matchup([VIGILANT] * 3, [COMET], options=options, terrain=terrain)
    b = Battle(m, random.Random(3), log=True)
    crippled, *rest = b.ships[:3]
    crippled.eng_hits = len(crippled.spec.engine_track)
    for k, s in enumerate([crippled, *rest]):
        s.q, s.r = from_offset(col, 8 if k == 0 else row) if k <= friends else from_offset(2, 2 + 4 * k)
        s.heading = s.facing = 0
        s.speed = speed if k <= friends else 0
    return b


def movement_only(b: Battle, turns: int) -> list[str]:
    """``turns`` Orders and Movement Phases of ``b`` (no combat: the tow alone); the log."""
    for _ in range(turns):
        b.turn += 1
        b.orders_and_movement()
    return b.log


def test_d9_a_second_friend_joins_when_one_tower_cannot_stop_the_drift() -> None:
    """D.9: "Multiple ships may combine forces in order to tow a single large vessel: All of the starships involved
    in the tow must have ended the previous Movement Phase in the same hex as the ship to be towed, with the same
    speed and heading. All of the towing starships follow the same movement orders". A1 drifts at speed 6 from
    column 20, A2 and A3 beside it (row 9): the rendezvous is column 26, 5 hexes from the east edge (column 31).
    One Vigilant tows at 2 and needs 6 hexes to stop: it cannot; two tow at 3 and need 3. So both meet A1, tow it
    at 3 and stop it on the board, where one friend alone leaves the board with it."""
    two = movement_only(drift_battle(friends=2, row=9), 4)
    lines = [line.strip() for line in two if "(D.9)" in line]
    assert "A2 Vigilant closes on A1 Vigilant to tow it (D.9)" in lines
    assert "A3 Vigilant closes on A1 Vigilant to tow it (D.9)" in lines
    assert "A3 Vigilant joins the tow of A1 Vigilant (D.9): effective engine rating 3" in lines
    assert not any("left the board" in line for line in two)
    one = movement_only(drift_battle(friends=1, row=9), 4)
    assert any("A2 Vigilant tows A1 Vigilant (D.9): effective engine rating 2" in line for line in one)
    assert not any("joins the tow" in line for line in one)
    assert any("A1 Vigilant left the board" in line for line in one)


def test_d9_friends_in_the_hex_at_the_start_tow_together() -> None:
    """The same at the tow's start: A2 and A3 in A1's hex at column 26, speed 6 (5 hexes of room; one tower needs 6,
    two need 3): A2 tows, A3 joins, the group brakes T/3 then T/0 and A1 stays on the board."""
    got = movement_only(drift_battle(friends=2, col=26), 3)
    lines = [line.strip() for line in got if "(D.9)" in line]
    assert lines[:2] == ["A2 Vigilant tows A1 Vigilant (D.9): effective engine rating 2",
                         "A3 Vigilant joins the tow of A1 Vigilant (D.9): effective engine rating 3"]
    assert any("A2 Vigilant orders T/3(3) req 3 ER 4" in line for line in got)
    assert any("A3 Vigilant orders T/3(3) req 3 ER 4" in line for line in got)
    assert not any("left the board" in line for line in got)


def test_d9_no_second_tower_when_one_is_enough() -> None:
    """At speed 4 from column 14 the rendezvous (column 18) leaves 13 hexes: one tower at 2 stops in 2 hexes, so the
    second friend does not join (it fights on)."""
    got = movement_only(drift_battle(friends=2, col=14, speed=4, row=9), 3)
    assert any("A2 Vigilant tows A1 Vigilant (D.9): effective engine rating 2" in line for line in got)
    assert not any("A3 Vigilant joins" in line or "A3 Vigilant closes" in line for line in got)


def test_d9_the_towed_ship_rolls_for_mines_and_terrain_on_the_way() -> None:
    """D.9: "While being towed, a ship moves with the towing ship"; B.15: "Whenever an element (friendly or
    otherwise) enters a hex containing or adjacent to a minefield, the element is immediately attacked"; G.1: each
    asteroid-field hex entered rolls for the ship. A2 tows A1 east at speed 4 braking to 2 (T/2), entering columns
    21 and 22: a minefield's dice at column 21 and an asteroid field at column 22 roll for the tower and then for the
    towed ship."""
    b = drift_battle(friends=1, speed=4, terrain=("asteroid-field",))
    crippled, friend = b.ships[0], b.ships[1]
    b.opt.terrain.deadly.clear()
    b.opt.terrain.fields = {from_offset(22, 8): 1}
    b.mined[from_offset(21, 8)] = 2
    b.opt.before_orders()
    orders = b.opt.adjust_orders(friend, parse_orders("4"), 0, [b.ships[3]])
    assert orders == parse_orders("T/2")
    b.log.clear()
    b.move_ship(friend, orders, 0)
    entered = [line.strip().split(":")[0] for line in b.log if " enters " in line]
    assert entered == ["A2 Vigilant enters (21, 8) by a minefield", "A2 Vigilant enters an asteroid field at (22, 8)",
                       "A1 Vigilant enters (21, 8) by a minefield", "A1 Vigilant enters an asteroid field at (22, 8)"]
    assert (crippled.q, crippled.r) == (friend.q, friend.r) == from_offset(22, 8)


# ------------------------------------------------------------------ G.6 three-dimensional play: ranges of systems
def test_g6_shockwave_reaches_three_hexes_in_three_dimensions() -> None:
    """G.6: "the range is determined by the sum of the distance in hexes and the difference in altitude or twice the
    difference in altitude, whichever is greater"; B.19: hits go to "all elements ... within three hexes". A barge
    one hex from the Pulsar two levels up is at range max(1 + 2, 4) = 4: out of reach; one level up, max(2, 2) = 2:
    in reach (12 hits, at most 4 on one target; 4 damage rolls of 1 on the unshielded barge: hull)."""
    p, barge = ShipSpec(from_yaml(PULSAR)[0]), ShipSpec(from_yaml(BARGE)[0])
    for level, hull in ((5, 0), (4, 4)):
        bt = Battle(Matchup([p], [barge], terrain=("three-d",)), random.Random(1), log=True)
        me, foe = bt.ships
        place(me, 10, 9, 0)
        place(foe, 11, 9, 3)
        bt.opt.moves.altitudes.alt[foe.uid] = level
        assert span(bt, me, foe, 1) == (4 if level == 5 else 2)
        bt.rng = Scripted([1] * 4)
        systems.shockwave(bt, me)
        assert foe.p_hull == hull


def test_g6_boarding_range_between_altitudes() -> None:
    """B.14: "The maximum range for marine boarding attempts is 5 hexes ... Each die that exceeds the range to the
    target is then re-rolled. Each of these dice that exceeds the target's shield rating results in one boarding
    party"; G.6's range: three hexes away and three levels up is max(3 + 3, 6) = 6, out of reach (in two dimensions
    it is 3); two levels up, max(3 + 2, 4) = 5: only a 6 exceeds it. In the seeded Combat Phase the log gives range
    5, where the same battle in two dimensions has 3."""
    dauntless, hulk = spec_of("dauntless-dreadnought"), ShipSpec(from_yaml(TARGET)[0])
    bt = Battle(Matchup([dauntless], [hulk], terrain=("three-d",)), random.Random(1), log=True)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 13, 9, 3)
    foe.hull_hits = 2
    alt = bt.opt.moves.altitudes.alt
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


# ------------------------------------------------------------------ G.4 nebulae: every impact roll
def test_g4_even_impact_rolls_of_fighters_mines_and_seekers() -> None:
    """G.4: "any even impact roll (p.20) automatically succeeds, regardless of the target's shield rating" (any:
    the IMP 1 rolls of fighters, mines, asteroid fields, explosions, shockwaves and seekers too). The book's
    faces 3, 4, 5 against shield 4: one point of impact outside a nebula, two inside (the 4 penetrates)."""
    b = Battle(Matchup([spec_of("majestic")], [spec_of("vigilant-cruiser")], terrain=("nebula",)), random.Random(1),
               log=False)
    shielded = ShipSpec(from_yaml("class: Shielded\nhull: 12\nengines: 2\nshields: 4\n")[0])
    assert in_nebula(b)
    target = ShipState(shielded, 1, 1, "B1 Shielded")
    assert target.shield(0) == 4 and not target.screens
    assert small_hits(Faces([3, 4, 5, 1, 1]), target, 3, 0, even=True)[0] == 2
    assert small_hits(Faces([3, 4, 5, 1]), ShipState(shielded, 1, 1, "B1 Shielded"), 3, 0)[0] == 1
    assert impact_roll(b)(Faces([2]), 5, 0) == 1  # a seeker's impact die: even, so it scores against shield 5
    flat = Battle(Matchup([spec_of("majestic")], [spec_of("vigilant-cruiser")]), random.Random(1), log=False)
    assert not in_nebula(flat) and impact_roll(flat)(Faces([2]), 5, 0) == 0


def test_g4_fighter_attacks_in_a_nebula_in_seeded_battles() -> None:
    """Carriers against a Bastion (shield 4) in a nebula and outside: the same seeded battles, the fighters' impact
    differs where an even die fails against the shield outside the nebula."""
    a, b = [CARRIER, CARRIER], [design("bastion-battleship")]
    neb = build_matchup(a, b, terrain=("nebula",))
    flat = build_matchup(a, b)
    got = [neb.fight(random.Random(run_seed(3, i)), log=True).log for i in range(3)]
    core = [flat.fight(random.Random(run_seed(3, i)), log=True).log for i in range(3)]
    strikes = [x for log in got for x in log if "-fighters#" in x and " attacks B1" in x]
    assert strikes and got != core


def test_f3_defensive_fire_at_an_attacking_flight_in_a_screened_hex() -> None:
    """F.3, "all attacks made through their hex (even friendly attacks)": the Defensive (C.5) flak of the target
    fires at a seeker flight whose hex a friendly fighter flight of 6 screens (-1). Flak 3x2+ at medium range (no
    range modifier), tiny -1: the faces 2, 3, 4 hit on 3+ (two hits) outside a screen, on 4+ (one hit) behind it."""
    from drydock.engine.seekers import SeekerFlight, defensive_fire
    from tests.engine.test_seekers import TARGET as FLAK_SHIP

    for screened, left in ((False, 2), (True, 3)):
        harrier, flak = spec_of("harrier-missile-destroyer"), ShipSpec(from_yaml(FLAK_SHIP)[0])
        bt = Battle(Matchup([harrier], [flak], options=("F.3",)), random.Random(5), log=True)
        launcher, target = bt.ships
        bt.turn = 1
        fl = SeekerFlight(1, 0, target, target.q + 1, target.r, 3, 4, launcher.spec.banks[0].seeker, "flight")
        screen = FighterFlight(9, 0, launcher, fl.q, fl.r, 3, "screen")
        bt.opt.fighters.screening = {screen.uid: screen} if screened else {}
        defensive_fire(bt, Faces([2, 3, 4]), target, fl, 0, 1, "seekers")  # type: ignore[arg-type]
        assert fl.count == left
