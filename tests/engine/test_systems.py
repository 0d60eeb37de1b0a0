"""Appendix B systems in play (issue 14), each against its rule text (systems.md §6)."""

import random

from drydock.engine import shockwave, systems
from drydock.engine.battle import Battle, Matchup
from drydock.engine.fighters import FighterFlight
from drydock.engine.hexgrid import DIRS, distance, from_offset
from drydock.engine.proximity import proximity
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.engine.table_view import Marker, Probe
from drydock.formats import read_designs
from drydock.formats.native import from_yaml
from tests.helpers import ROOT, interpreted_only

EXAMPLES = ROOT / "examples" / "designs"


class Scripted:
    """Dice in a fixed order (d6 = int(random() * 6) + 1)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def random(self):
        return (self.faces.pop(0) - 1) / 6 + 0.01


def spec(name):
    return ShipSpec(read_designs(EXAMPLES / f"{name}.yaml")[0])


def battle(a, b, **kw):
    return Battle(Matchup([a], [b], BattleSettings(**kw)), random.Random(1), log=True)


def place(ship, col, row, heading=0):
    ship.q, ship.r = from_offset(col, row)
    ship.heading = ship.facing = heading


# ------------------------------------------------------------------ B.10
def test_hyperdrive_warm_up_jump_and_half_vps_b10():
    """Roll and add each Movement Phase; at 10+ the ship enters hyperspace: removed, the opponent scores 50%
    of its VPs rounded up; an engine hit resets the total."""
    maj = spec("majestic")
    bt = battle(maj, maj)
    me = bt.ships[0]
    me.warming = True
    bt.rng = Scripted([4, 5])
    systems.hyperdrive_rolls(bt)
    systems.hyperdrive_rolls(bt)
    assert me.hyper_total == 9 and me.alive
    me.eng_hits += 1  # an engine hit: the total starts again
    bt.rng = Scripted([3])
    systems.hyperdrive_rolls(bt)
    assert me.hyper_total == 3 and me.alive
    bt.rng = Scripted([6, 1])
    systems.hyperdrive_rolls(bt)
    systems.hyperdrive_rolls(bt)
    assert me.jumped and not me.alive
    assert bt.vp == [0, 94]  # 188 / 2
    me2 = bt.ships[1]
    me2.warming = False
    me2.hyper_total = 7
    systems.hyperdrive_rolls(bt)
    assert me2.hyper_total == 0  # warm-up not continued: reset


def test_a_crippled_ship_warms_up_straight_ahead_b10():
    maj = spec("majestic")
    bt = battle(maj, maj)
    me, foe = bt.ships
    orders, boost = bt.m.doctrine.choose_orders(me, [foe])
    assert "H" not in orders.prefixes
    me.hull_hits = maj.hull - 2  # 2 of 8 hull boxes left: at most 25% (aggressive doctrine)
    orders, boost = bt.m.doctrine.choose_orders(me, [foe])
    assert orders.prefixes == ("H",) and boost == 0
    assert not orders.turns and not orders.slips and not orders.pivot  # straight ahead only
    bt.orders_and_movement()
    assert me.warming and me.hyper_total >= 1


# ------------------------------------------------------------------ B.14
TARGET = """
# Source: drydock test fixture (issue 14)
class: Hulk
hull: 4
engines: 2
shields: 2
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
systems: [{name: Marines, qty: 1}]
"""


def test_marines_board_and_capture_b14():
    """Range <= 5; per squad a die > range, then a re-roll > the shield lands a party; a natural 1 fails;
    the defender sacrifices a squad per landing party; parties >= unchecked hull boxes capture the ship."""
    dauntless = spec("dauntless-dreadnought")
    hulk = ShipSpec(from_yaml(TARGET)[0])
    bt = battle(dauntless, hulk)
    me, foe = bt.ships
    assert systems.marine_squads(24) == 5 and me.marines_left == 4
    place(me, 10, 9, 0)
    place(foe, 13, 9, 3)  # range 3, Fwd arc of the target toward me: shield 2
    foe.hull_hits = 2      # 2 hull boxes left, 1 defending squad: 3 parties needed, 4 squads sent
    assert systems.boarding_target(me, [foe]) is foe
    # squad 1: natural 1 fails; 2: 4 > 3 then 3 > 2 lands (defender sacrifices its squad);
    # 3: 5 then 6 lands; 4: 6 then 2 (not > shield 2) fails
    bt.rng = Scripted([1, 4, 3, 5, 6, 6, 2])
    systems.board(bt, me, [foe])
    assert (me.marines_left, foe.marines_left, foe.boarders) == (2, 0, 1)
    systems.captures(bt)
    assert foe.alive  # 1 party < 2 hull boxes left
    foe.boarders = 2
    systems.captures(bt)
    assert foe.captured and not foe.alive and bt.vp[0] == hulk.cr
    place(foe, 17, 9, 3)  # range 7: out of reach
    foe.alive = True
    assert systems.boarding_target(me, [foe]) is None


# ------------------------------------------------------------------ B.24
def test_tractor_beam_attacks_and_defence_b24():
    """With attacks: one tiny target in an adjacent hex, hit on 5-6 (kills marked for the End Phase); in the
    Fighter Phase vs an attacking flight: 6 only, before it attacks; each beam once per game turn."""
    shade, wyvern = spec("shade-raider"), spec("wyvern-carrier")
    bt = battle(shade, wyvern)
    me = bt.ships[0]
    bt.turn = 3
    near = FighterFlight(90, 1, bt.ships[1], me.q + 1, me.r, 3, "near")
    far = FighterFlight(91, 1, bt.ships[1], me.q + 3, me.r, 3, "far")
    bt.rng = Scripted([5])
    systems.tractor_attacks(bt, me, [far, near])
    assert (near.kills, far.kills) == (1, 0)
    bt.rng = Scripted([6])
    systems.tractor_defence(bt, me, near)
    assert near.count == 6  # the one beam was used this turn already
    bt.turn = 4
    bt.rng = Scripted([5])
    systems.tractor_defence(bt, me, near)
    assert near.count == 6  # 5 misses in defence
    bt.turn = 5
    bt.rng = Scripted([6])
    systems.tractor_defence(bt, me, near)
    assert near.count == 5


# ------------------------------------------------------------------ B.23
@interpreted_only
def test_stutterdrive_moves_up_to_half_the_rating_and_scatters_b23():
    """End Phase: up to ceil(ER/2) hexes, heading and speed unchanged; a die per hex, each 1 scatters one hex
    (direction die: 1 = the heading, 2-6 the other hexsides clockwise)."""
    shade = spec("shade-raider")
    bt = battle(shade, shade)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 20, 9, 3)
    goal = (me.q + 5, me.r)
    bt.m.doctrine.score_pose = lambda ship, ctx, q, r, h, f, v: -distance(q - goal[0], r - goal[1])
    start = (me.q, me.r, me.heading, me.speed)
    bt.rng = Scripted([2, 3])
    systems.stutter(bt, me)  # ER 4 -> 2 hexes toward the goal, no 1s
    assert (me.q, me.r) == (start[0] + 2, start[1]) and (me.heading, me.speed) == start[2:]
    bt.rng = Scripted([1, 4, 3])  # one 1: scatter 1 hex in direction die 3 = heading + 2
    systems.stutter(bt, me)
    d = DIRS[(me.heading + 2) % 6]
    assert (me.q, me.r) == (start[0] + 4 + d[0], start[1] + d[1])


# ------------------------------------------------------------------ B.16
THRUSTER = """
# Source: drydock test fixture (issue 14)
class: Thruster
hull: 6
engines: 4
shields: 1
weapons:
  - {name: Gun, range: 3-6-9, stats: 2x4+/1/1, banks: [FF]}
systems: [Overthrusters]
"""


def test_overthrusters_turn_one_hexside_on_4_to_6_b16():
    t = ShipSpec(from_yaml(THRUSTER)[0])
    bt = battle(t, t)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    q, r = me.q + 3 * DIRS[1][0] + 2 * DIRS[2][0], me.r + 3 * DIRS[1][1] + 2 * DIRS[2][1]  # abaft the FF arc
    foe.q, foe.r, foe.heading, foe.facing = q, r, 3, 3
    bt.rng = Scripted([3])
    systems.overthrust(bt, me)
    assert me.facing == 0  # 1-3: no turn
    bt.rng = Scripted([4])
    systems.overthrust(bt, me)
    assert me.facing == 1 and me.heading == 0  # turned to bring the FF gun to bear
    bt.end_phase()
    assert me.facing == 0  # turned back in the End Phase


# ------------------------------------------------------------------ B.15
BARGE = """
# Source: drydock test fixture (issue 14): unshielded, so every mine hit is one damage roll
class: Barge
hull: 6
engines: 3
shields: 0
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
"""


def duel(a, b, col_a, col_b):
    """A battle of ``a`` (row 9, heading east) against ``b`` (row 9, heading west)."""
    bt = battle(a, b)
    me, foe = bt.ships
    place(me, col_a, 9, 0)
    place(foe, col_b, 9, 3)
    return bt, me, foe


def test_mines_are_laid_and_attack_ships_entering_next_to_them_b15():
    bt, me, foe = duel(spec("comet-frigate"), ShipSpec(from_yaml(BARGE)[0]), 10, 20)
    foe.speed = 3
    systems.lay_mines(bt, me)
    assert me.mines_left == 4 and not bt.minefields  # the enemy is 10 hexes off: not yet
    place(foe, 15, 9, 3)
    systems.lay_mines(bt, me)
    spot = (me.q + 1, me.r)  # the adjacent hex toward where the enemy will be
    assert bt.minefields == {spot: 4} and me.mines_left == 0
    assert bt.mined[spot] == 4 and bt.mined[(spot[0] + 1, spot[1])] == 4 and (spot[0] + 2, spot[1]) not in bt.mined
    # the barge flies 2 hexes west from spot+3: spot+2 is clear, spot+1 touches the field: 4 dice
    from drydock.engine.movement import Orders

    place(foe, 14, 9, 3)  # (spot + 3) along the row
    q0, r0 = foe.q, foe.r
    foe.q, foe.r = q0 - 2, r0
    bt.rng = Scripted([6, 5, 2, 1, 1, 3])  # 4 mine dice: 2 hits; shield 0 -> 2 damage rolls: hull, hull
    systems.mine_attacks(bt, foe, Orders((2,)), q0, r0, 3)
    assert foe.hull_hits == 2 and foe.alive  # applied at once (B.15)


def test_every_doctrine_avoids_minefields_b15():
    barge = ShipSpec(from_yaml(BARGE)[0])
    bt, me, foe = duel(barge, barge, 8, 24)
    me.speed = 3
    free, _ = bt.m.doctrine.choose_orders(me, [foe])
    from drydock.engine.movement import path_hexes

    ahead = [(me.q + x, me.r + y) for x, y in path_hexes(free, me.heading)]
    assert ahead  # it would have flown on
    bt.minefields = {ahead[0]: 6}
    systems.refresh_mines(bt)
    mined, _ = bt.m.doctrine.choose_orders(me, [foe], bt.mined)
    assert not any((me.q + x, me.r + y) in bt.mined for x, y in path_hexes(mined, me.heading))


# ------------------------------------------------------------------ B.5
def test_cloak_detection_rolls_b5():
    """Detected if the die (-1 if detected the turn before) is below the consecutive turns cloaked; none the
    first turn. Book: 3rd consecutive turn, roll 2 -> detected; the next turn the chance is 4 in 6."""
    from drydock.engine.movement import Orders

    shade, maj = spec("shade-raider"), spec("majestic")
    bt = battle(shade, maj)
    me = bt.ships[0]
    cloak = [(me, Orders((2,), 0, ("C",)), 0)]
    bt.rng = Scripted([1])
    systems.cloak_rolls(bt, cloak)
    assert me.cloaked and me.hidden and me.cloak_turns == 1  # 1 < 1 is false: no risk the first turn
    bt.rng = Scripted([2])
    systems.cloak_rolls(bt, cloak)
    assert me.hidden  # 2 < 2 false
    bt.rng = Scripted([2])
    systems.cloak_rolls(bt, cloak)
    assert me.detected and not me.hidden and me.cloak_turns == 3  # the book's example
    bt.rng = Scripted([5])
    systems.cloak_rolls(bt, cloak)
    assert me.hidden  # 5 - 1 = 4 < 4 false: 4-in-6 means 1-4 detect
    bt.rng = Scripted([4])
    systems.cloak_rolls(bt, cloak)
    assert me.detected  # 4 < 5
    systems.cloak_rolls(bt, [(me, Orders((2,)), 0)])
    assert not me.cloaked and me.cloak_turns == 0 and me.marker is None


def test_a_hidden_ship_is_not_attacked_and_does_not_attack_b5():
    from drydock.engine.movement import Orders
    from drydock.engine.seekers import SeekerFlight

    shade, harrier = spec("shade-raider"), spec("harrier-missile-destroyer")
    bt = battle(shade, harrier)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 13, 9, 3)
    bt.flights.append(SeekerFlight(77, 1, me, foe.q, foe.r, 3, 4, harrier.banks[0].seeker, "seekers"))
    bt.rng = Scripted([6])
    systems.cloak_rolls(bt, [(me, Orders((), 0, ("C",)), 0)])
    assert me.hidden and not bt.flights  # seekers targeting it are removed
    bt.rng = random.Random(4)
    assert systems.seen(me) is me.marker and (me.marker.q, me.marker.r) == (me.q, me.r)
    bt.combat()
    assert not [line for line in bt.log if "attacks" in line]  # neither side fires
    me.detected = True  # detected: fair game at -1 to hit, but never for seekers
    decl = bt.m.doctrine.declare(foe, [me], 2)
    assert decl and all(mi >= 0 for _, _, mi, _ in decl)


def test_the_doctrine_cloaks_when_outgunned_b5():
    from drydock.engine.movement import Orders

    shade, maj, barge = spec("shade-raider"), spec("majestic"), ShipSpec(from_yaml(BARGE)[0])
    bt = Battle(Matchup([shade], [maj, barge]), random.Random(1), log=False)
    me, big, small = bt.ships
    place(me, 10, 9, 0)
    place(big, 16, 9, 3)
    place(small, 14, 9, 3)
    stay = Orders()
    assert bt.m.doctrine.outgunned(me, stay, [big])        # the Majestic outguns it at range 6
    assert not bt.m.doctrine.outgunned(me, stay, [small])  # a barge it outguns: fight


# ------------------------------------------------------------------ B.9, B.17
def test_hex_line_of_sight():
    from drydock.engine.hexgrid import hex_line

    assert hex_line(0, 0, 3, 0) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    line = hex_line(0, 0, 2, 2)  # along hexsides: the hexes on both sides count
    assert (0, 0) in line and (2, 2) in line and len(line) == 7
    assert sorted(hex_line(2, 2, 0, 0)) == sorted(line)  # the same from either end
    assert sorted(hex_line(0, 0, 4, -1)) == sorted(hex_line(4, -1, 0, 0))


def test_flares_and_probes_b9_b17():
    """Placement: 1 dud, 2-4 a random adjacent hex, 5-6 the chosen hex, face down; face-up in the End Phase and
    removed at the next. Face-up flares in the line of sight: -1 each, 4 block; a face-up probe: +1 to hit
    targets within 3 hexes of it, for the ship that launched it."""
    comet, barge = spec("comet-frigate"), ShipSpec(from_yaml(BARGE)[0])
    bt = battle(comet, barge)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 16, 9, 3)
    foe.speed = 2
    bt.rng = Scripted([6])
    systems._place(bt, me, "probe", foe.q - 2, foe.r)
    bt.rng = Scripted([1])
    systems._place(bt, me, "flare", me.q + 3, me.r)  # a dud
    bt.rng = Scripted([3, 1])  # adjacent, direction die 1 = east
    systems._place(bt, me, "flare", me.q + 2, me.r)
    assert bt.markers == [Marker("probe", me.uid, foe.q - 2, foe.r, face_up=False),
                          Marker("flare", me.uid, me.q + 3, me.r, face_up=False)]
    assert systems.sight(bt, me, foe) == (0, 0)  # face down: no effect yet
    systems.flip_markers(bt)
    assert [m.face_up for m in bt.markers] == [True, True] and bt.probes_up == [Probe(me.uid, foe.q - 2, foe.r)]
    assert systems.sight(bt, me, foe) == (1, 1)  # one flare on the line; the probe is 2 hexes from the target
    assert systems.sight(bt, foe, me) == (1, 0)  # the flare cuts both ways; the probe is not the barge's
    bt.flares_up[(me.q + 1, me.r)] = 3
    assert systems.sight(bt, me, foe)[0] == 4  # 4 flares: blocked (FLARES_BLOCK)
    systems.flip_markers(bt)
    assert not bt.markers and not bt.flares_up and not bt.probes_up  # removed after their turn face up
    bt.rng = Scripted([5, 5])
    systems.launch_markers(bt, me, [foe])
    assert me.probes_left == comet.probes - 1
    assert bt.markers[0] == Marker("probe", me.uid, foe.q - 2, foe.r, face_up=False)  # at the barge's next position


# ------------------------------------------------------------------ B.19, B.21, C.5 Prx
PULSAR = """
# Source: drydock test fixture (issue 14)
class: Pulsar
hull: 8
engines: 4
shields: 3
weapons:
  - {name: Bomb, range: 3-6-9, stats: 1x4+/1/1, traits: [Prx], banks: [TT]}
systems: [Shockwave, Solar Sails]
"""


def pulsar_and_two_barges():
    p, barge = ShipSpec(from_yaml(PULSAR)[0]), ShipSpec(from_yaml(BARGE)[0])
    bt = Battle(Matchup([p], [barge, barge]), random.Random(1), log=True)
    place(bt.ships[0], 10, 9, 0)
    return p, bt, bt.ships


def test_solar_sails_b21():
    p = ShipSpec(from_yaml(PULSAR)[0])
    bt = Battle(Matchup([p], [p]), random.Random(1), log=True)
    me = bt.ships[0]
    assert me.wind is not None and any("solar wind" in line for line in bt.log)
    me.wind = 0
    me.heading = 3
    assert me.engine_rating == 2  # into the wind: 4 - 50% (rounded up) = 2
    me.heading = 1
    assert me.engine_rating == 6  # one hexside off downwind: 4 + 50% = 6
    me.heading = 2
    assert me.engine_rating == 4  # two hexsides off: unchanged
    me.heading = 0
    assert me.engine_rating == 4  # straight downwind: unspecified, unchanged


def test_proximity_attacks_the_target_hex_and_next_to_it_prx():
    p, bt, (me, b1, b2) = pulsar_and_two_barges()
    place(b1, 13, 9, 3)
    place(b2, 14, 9, 3)  # adjacent to the target: its own roll at -1
    mode = p.banks[0].modes[0]
    bt.rng = Scripted([4, 1])  # one die at b2: 4 - 1 = 3 misses ACC 4+
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert b2.p_hull + b2.p_eng + b2.p_wpn + b2.p_shd == 0
    bt.rng = Scripted([5, 1])  # 5 - 1 = 4 hits; unshielded: one damage roll, 1 = hull
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert b2.p_hull == 1 and b1.p_hull == 0  # the target itself is the normal volley's


def test_proximity_attacks_flights_in_and_next_to_the_target_hex_c5():
    """C.5: "A separate attack roll is made against each element (friend or foe) in the target hex. In addition,
    an attack roll is made against each element adjacent to the target hex, at a -1 penalty." A fighter flight
    is an element (a tiny target, 5.3: -1 more)."""
    p, bt, (me, b1, b2) = pulsar_and_two_barges()
    place(b1, 13, 9, 3)
    place(b2, 20, 9, 3)
    inside = FighterFlight(1, 1, b2, b1.q, b1.r, 3, "B-fighters#1")
    inside.count = 3
    q, r = from_offset(14, 9)
    beside = FighterFlight(2, 0, me, q, r, 3, "A-fighters#2")  # a friend of the firing ship: still attacked
    beside.count = 3
    bt.flights = [inside, beside]
    mode = p.banks[0].modes[0]  # ACC 4+, medium band: no range modifier
    # in the hex: 5 - 1 (tiny) = 4 hits; beside it: 5 - 1 - 1 = 3 misses
    bt.rng = Scripted([5, 5])
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert (inside.kills, beside.kills) == (1, 0)
    bt.rng = Scripted([6, 6])  # 6 - 2 = 4 hits next to the hex too
    proximity(bt, me, b1, mode, 1, 1, 1)
    assert (inside.kills, beside.kills) == (2, 1)


STEALTHY = """
# Source: drydock test fixture (issue 22: B.22 has no effect on Proximity weapons)
class: Ghost
hull: 6
engines: 3
shields: 0
systems: [Stealth]
"""

BOMBER = """
# Source: drydock test fixture (issue 22: B.22 has no effect on Proximity weapons)
class: Bomber
hull: 6
engines: 3
shields: 0
weapons:
  - {name: Bomb, range: 3-6-9, stats: 1x4+/1/1, traits: TRAITS, banks: [TT]}
"""


class Ones:
    """Every die a 1: the lock-on fails and every to-hit roll is a natural 1."""

    def random(self):
        return 0.0


def _bomb_at_a_stealth_ship(traits: str) -> list[str]:
    bomber = ShipSpec(from_yaml(BOMBER.replace("TRAITS", traits))[0])
    ghost = ShipSpec(from_yaml(STEALTHY)[0])
    bt = battle(bomber, ghost)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 12, 9, 3)
    bt.rng = Ones()
    assert bt.log is not None
    bt.log.clear()
    bt.combat()
    return bt.log


def test_a_failed_stealth_lock_on_does_not_stop_a_proximity_volley_b22():
    """B.22 (systems.md): stealth has "No effect on mines, asteroid fields, shockwave, Proximity weapons, or
    fighter attacks"; any other battery declared against the target misses when the lock-on fails."""
    plain = _bomb_at_a_stealth_ship("[]")
    assert any("stealth lock-on" in line and "fail" in line for line in plain)
    assert not any("Bomb [" in line for line in plain)
    prx = _bomb_at_a_stealth_ship("[Prx]")
    assert any("stealth lock-on" in line and "fail" in line for line in prx)
    assert any("Bomb [" in line and "to-hit" in line for line in prx)


def test_a_flare_in_the_attackers_own_hex_does_not_count_4_1():
    """4.1 (weapons.md 2): the line of sight "never passes through the attacker's hex and always through the
    target's"; B.9: -1 "if the line of sight ... passes over any part of a hex containing a face up flare"."""
    comet, barge = spec("comet-frigate"), ShipSpec(from_yaml(BARGE)[0])
    bt = battle(comet, barge)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 16, 9, 3)
    bt.flares_up[(me.q, me.r)] = 1
    assert systems.sight(bt, me, foe)[0] == 0  # in my own hex: not on my line of sight
    assert systems.sight(bt, foe, me)[0] == 1  # in the target's hex: on the barge's line of sight


def test_a_shockwave_does_not_hit_a_hidden_cloaked_ship_b5():
    """B.5: "While cloaked, a starship may not be attacked by enemy starships" (nor is its model on the board);
    detected, it is fair game."""
    p, shade = ShipSpec(from_yaml(PULSAR)[0]), spec("shade-raider")
    bt = Battle(Matchup([p], [shade, shade]), random.Random(1), log=True)
    me, hidden, seen = bt.ships
    place(me, 10, 9, 0)
    place(hidden, 11, 9, 3)
    place(seen, 12, 9, 3)
    hidden.cloaked, hidden.detected = True, False
    bt.rng = Scripted([1] * 12)
    shockwave.fire(bt, me)
    assert not [ln for ln in bt.log if "shockwave" in ln and "B1" in ln]
    assert [ln for ln in bt.log if "shockwave" in ln and "B2" in ln]


def test_a_stutterdrive_jump_ending_by_a_minefield_is_attacked_b23():
    """B.23: the ship "may ... ignore any other elements, minefields ... during its move" but "If the ship
    reappears within a minefield ..., it is 'attacked' as if it had moved into the hex" (B.15: in or next to it)."""
    shade, barge = spec("shade-raider"), ShipSpec(from_yaml(BARGE)[0])
    bt = battle(shade, barge)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 20, 9, 3)
    bt.minefields[(me.q + 1, me.r)] = 3  # on the way: ignored
    bt.minefields[(me.q + 3, me.r)] = 2  # next to the destination
    systems.refresh_mines(bt)
    bt.rng = Scripted([2, 3] + [6, 6, 6, 6, 6] + [1] * 10)  # jump dice, then 2 + 3 = 5 mine dice
    systems.stutter_move(bt, me, (me.q + 2, me.r, 2))
    lines = [ln for ln in bt.log if "by a minefield" in ln]
    assert len(lines) == 1 and "dice [6, 6, 6, 6, 6]" in lines[0]


def test_marines_maximum_roll_and_cloaked_targets_b14_b5():
    """B.14 (systems.md): "no range modifier but other to-hit modifiers apply; each die > range ... Unmodified 1
    always fails; > 6 via 4.2's maximum-roll rule"; B.5: a detected cloaked ship is attacked at -1, and "Cloaked
    ships can't board or be boarded unless detected"."""
    dauntless, shade = spec("dauntless-dreadnought"), spec("shade-raider")
    bt = battle(dauntless, shade)
    me, foe = bt.ships
    place(me, 10, 9, 0)
    place(foe, 15, 9, 3)  # range 5
    foe.hull_hits = foe.spec.hull - 1
    foe.cloaked, foe.detected = True, False
    assert systems.boarding_target(me, [foe]) is None  # hidden: cannot be boarded
    foe.detected = True
    assert systems.boarding_target(me, [foe]) is foe
    # -1 (detected cloak): a 6 gives 5, not > 5: the maximum-roll rule re-rolls it, 5 + 1 - 1 = 5 fails,
    # 5 + 2 - 1 = 6 > 5 succeeds; then the shield re-roll 6 > 2 lands a party
    bt.rng = Scripted([6, 1, 6, 2, 6, 1, 1, 1])
    systems.board(bt, me, [foe])
    assert foe.boarders == 1


