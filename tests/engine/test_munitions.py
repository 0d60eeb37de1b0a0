"""Munitions and small craft (issue 14): B.20 shuttlecraft, B.15 minefields against flights and seekers,
minesweeping and cloaked ships, B.17 probes as weapons and the probe bonus for seekers, each against its rule
text (quoted in drydock/engine/munitions.py)."""

import random

from drydock.core.model import WeaponMode
from drydock.engine import fighters, munitions, seekers, small_craft, systems
from drydock.engine.battle import Battle, Matchup
from drydock.engine.fighters import FighterFlight, Shuttle, fighter_moves
from drydock.engine.hexgrid import DIRS, distance
from drydock.engine.seekers import SeekerFlight
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ModeSpec, ShipSpec
from drydock.engine.table_view import Declaration, Probe
from drydock.engine.tables import SHUTTLE_MA
from drydock.formats.native import from_yaml
from tests.engine.test_systems import BARGE, Scripted, duel, place, spec

SWEEPER = """
# Source: drydock test fixture (issue 14): one gun forward, one accurate gun aft
class: Sweeper
hull: 6
engines: 3
shields: 0
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
  - {name: Sharp, range: 3-6-9, stats: 1x4+/1/1, traits: [Acr], banks: [AA]}
"""


def barge():
    return ShipSpec(from_yaml(BARGE)[0])


# ------------------------------------------------------------------ B.20 shuttlecraft
def test_shuttle_saving_throws_b20():
    """B.20: "Roll one die per hit scored; on a result of 4+, the shuttle survives ... -1 per additional point of
    IMP ... Any unmodified saving throw of 6 automatically succeeds"."""
    bt, me, _ = duel(spec("wyvern-carrier"), barge(), 10, 20)
    shuttle = Shuttle(50, 0, me, me.q, me.r, 0, "s")
    assert small_craft.surviving(Scripted([4, 3, 6, 1]), shuttle, 4) == 2          # IMP 1: 3 and 1 fail
    assert small_craft.surviving(Scripted([5, 6, 4]), shuttle, 3, imp=3) == 2      # IMP 3: -2; the 6 saves
    assert small_craft.surviving(Scripted([6]), shuttle, 1, imp=9) == 0            # unmodified 6
    fighters_ = FighterFlight(51, 0, me, me.q, me.r, 0, "f")
    assert small_craft.surviving(Scripted([]), fighters_, 3) == 3                  # fighters: no save, no die


def test_shuttles_are_single_fighter_flights_with_ma_4_b20():
    assert (Shuttle.size, Shuttle.ma, SHUTTLE_MA) == (1, 4, 4)
    assert max(distance(q, r) for q, r, _, _ in fighter_moves(0, SHUTTLE_MA)) == 4
    assert max(distance(q, r) for q, r, _, _ in fighter_moves(0)) == 8


def test_shuttles_need_f5_and_launch_in_the_end_phase_b20():
    """B.20: "This system requires the use of F.5"; "launched during the End Phase"; not while cloaked."""
    wyvern = spec("wyvern-carrier")
    assert wyvern.shuttles == 2
    off = Battle(Matchup([wyvern], [barge()]), random.Random(1), log=False)
    assert not off.shuttles_aboard and not any(isinstance(f, Shuttle) for f in off.flights)
    assert any(": Shuttlecraft: " in n and "F.5" in n for n in off.m.not_simulated)
    on = Battle(Matchup([wyvern], [barge()], BattleSettings(launch_recovery=True)), random.Random(1), log=False)
    assert on.shuttles_aboard == {0: 2} and not any(": Shuttlecraft: " in n for n in on.m.not_simulated)
    carrier = on.ships[0]
    on.aboard[carrier.uid] = 5  # 5 fighter flights left aboard; launch max 6 (hull 14, launch tubes)
    carrier.cloaked = True
    assert fighters.launch(on, carrier) == []
    carrier.cloaked = False
    new = fighters.launch(on, carrier)
    assert [f.kind for f in new] == ["fighters"] * 5 + ["shuttle"]  # one shuttle fits the maximum
    assert on.shuttles_aboard[carrier.uid] == 1
    on.destroy(carrier, "destroyed")
    assert carrier.uid not in on.shuttles_aboard  # lost with the ship


# ------------------------------------------------------------------ B.15 minefields and flights
def test_fighters_entering_a_minefield_are_hit_on_6_b15():
    """B.15: "fighter flights and detected cloaked ships are hit only on rolls of 6"; each hit destroys one fighter."""
    bt, me, foe = duel(spec("wyvern-carrier"), barge(), 10, 20)
    spot = (me.q + 4, me.r)
    bt.minefields = {spot: 3}
    systems.refresh_mines(bt)
    fl = FighterFlight(60, 0, me, me.q, me.r, 0, "f")
    # a straight run east: +1, +2 clear; +3 next to the field, +4 in it, +5 next to it: 3 dice each
    hexes = small_craft.entered_hexes(me.q, me.r, ((5, 0),))
    assert hexes == [(me.q + k, me.r) for k in range(1, 6)]
    bt.rng = Scripted([5, 6, 6, 6, 1, 2, 6, 1, 1])
    small_craft.flight_mines(bt, fl, hexes)
    assert fl.count == 2 and fl.alive  # 2 + 1 + 1 sixes: 4 fighters lost (a 5 does not hit a flight)
    sh = Shuttle(62, 0, me, 0, 0, 0, "s")
    bt.rng = Scripted([6, 1, 1, 3])  # a hit on the first die, its save (3) fails
    small_craft.flight_mines(bt, sh, [spot])
    assert not sh.alive


def test_a_fighter_move_is_attacked_along_its_path_b15():
    bt, me, foe = duel(spec("wyvern-carrier"), barge(), 10, 20)
    fl = FighterFlight(60, 0, me, me.q, me.r, 0, "f")
    bt.minefields = {(me.q + 3, me.r + 1): 2}
    systems.refresh_mines(bt)
    fl.q, fl.r = me.q + 4, me.r  # 4 hexes straight east: passes next to the field at +3 and +4
    bt.rng = Scripted([6, 6, 6, 1])
    fighters.fighter_path_mines(bt, fl, me.q, me.r, 0)
    assert fl.count == 3


def test_seekers_entering_a_minefield_are_hit_like_fighters_b15_c4():
    """C.4: "Rules that apply to fighters also apply to seekers": a seeker flight entering or passing next to a
    minefield is attacked, 6 kills a seeker."""
    bt, me, foe = duel(spec("harrier-missile-destroyer"), barge(), 10, 20)
    mode = ModeSpec(WeaponMode(ma=8, rof=1, acc=4, imp=1, dmg=1))
    fl = SeekerFlight(70, 0, foe, me.q, me.r, 0, 4, mode, "skr", me.uid)
    bt.minefields = {(me.q + 2, me.r): 1}
    systems.refresh_mines(bt)
    bt.rng = Scripted([6, 6, 6, 6])  # +1 (next to it), +2 (in it), +3 (next to it): 3 dice, all 6
    from drydock.engine.seekers import activate

    activate(bt, fl)
    assert fl.count == 1 and (fl.q, fl.r) == (me.q + 8, me.r)


def test_cloaked_ships_and_minefields_b5_b15():
    """B.5: a cloaked ship "ignores minefields unless detected"; B.15: a detected cloaked ship is hit only on 6."""
    from drydock.engine.movement import Orders

    bt, me, foe = duel(spec("shade-raider"), barge(), 10, 20)
    bt.minefields = {(me.q + 1, me.r + 1): 3}
    systems.refresh_mines(bt)
    q0, r0 = me.q, me.r
    me.q += 2
    me.cloaked, me.detected = True, False
    bt.rng = Scripted([])  # no die is rolled
    systems.mine_attacks(bt, me, Orders((2,)), q0, r0, 0)
    me.detected = True
    bt.rng = Scripted([5, 5, 5, 5, 5, 5])  # 3 + 3 dice of 5: no hit on a detected cloaked ship
    systems.mine_attacks(bt, me, Orders((2,)), q0, r0, 0)
    assert me.p_hull == me.p_eng == me.p_wpn == me.p_shd == 0 and me.hull_hits == 0


# ------------------------------------------------------------------ B.15 minesweeping
def test_minesweeping_tiny_target_each_hit_removes_a_marker_b15():
    """B.15: "Minefields are considered tiny targets; i.e. there is a -1 to-hit penalty unless the attacking weapon has
    the Accurate trait ... Each hit scored on a minefield removes one mine marker"."""
    sweeper = ShipSpec(from_yaml(SWEEPER)[0])
    bt, me, foe = duel(sweeper, barge(), 10, 20)
    field = munitions.Minefield(me.q + 4, me.r, "mf")
    bt.minefields = {(field.q, field.r): 3}
    bt.mine_layers = {(field.q, field.r): 1}
    systems.refresh_mines(bt)
    gun, sharp = sweeper.banks[0].modes[0], sweeper.banks[1].modes[0]
    bt.rng = Scripted([4])  # medium range (no modifier), tiny -1: a 4 misses an ACC 4+ gun
    munitions.sweep(bt, me, field, gun, 1, 1, 1, "gun")
    assert bt.minefields[(field.q, field.r)] == 3
    bt.rng = Scripted([4])  # Accurate: no tiny penalty, the 4 hits
    munitions.sweep(bt, me, field, sharp, 1, 1, 1, "sharp")
    assert bt.minefields[(field.q, field.r)] == 2 and bt.mined[(field.q, field.r)] == 2
    bt.rng = Scripted([6, 6])
    munitions.sweep(bt, me, field, gun, 2, 1, 1, "gun")
    assert not bt.minefields and not bt.mined and not bt.mine_layers  # the field is gone


def test_idle_banks_sweep_enemy_minefields_in_the_way():
    sweeper = ShipSpec(from_yaml(SWEEPER)[0])
    bt, me, foe = duel(sweeper, barge(), 10, 20)
    ahead = (me.q + 3, me.r)
    bt.minefields = {ahead: 2}
    bt.mine_layers = {ahead: 1}
    decl = munitions.sweep_declarations(bt, me, [])
    assert [(d.bank, (d.target.q, d.target.r)) for d in decl] == [(0, ahead)]  # the forward gun; the aft cannot bear
    assert munitions.sweep_declarations(bt, me, [Declaration(0, foe, 0, 1)]) == []  # the gun is busy
    bt.mine_layers = {ahead: 0}
    assert munitions.sweep_declarations(bt, me, []) == []  # its own side's minefield is left alone


# ------------------------------------------------------------------ B.17 probes
def test_probes_as_weapons_b17():
    """B.17: "Probe attacks can be made in any direction ... RNG 1-3-6, and are ACC 4+. The ROF, IMP, and DMG values are
    each 1"; a single target per Combat Phase; the doctrine fires them only with no working weapon left."""
    p = munitions.PROBE_WEAPON
    assert (p.bands, p.rof, p.acc, p.imp_by_band, p.dmg) == ((1, 3, 6), 1, 4, (1, 1, 1), 1)
    bt, me, foe = duel(spec("comet-frigate"), barge(), 10, 15)
    place(foe, 5, 9, 0)  # behind the comet, 5 hexes: any arc will do
    assert not munitions.probe_attack(bt, me, [foe])  # it still has weapons
    me.bank_alive = [0] * len(me.bank_alive)
    n = me.probes_left
    bt.rng = Scripted([4] * n + [1] * 10)  # long range (-1): 4 -> 3 misses
    assert munitions.probe_attack(bt, me, [foe]) and me.probes_left == 0
    assert foe.p_hull == 0
    me.probes_left = 2
    place(foe, 3, 9, 0)  # 7 hexes: out of range
    assert not munitions.probe_attack(bt, me, [foe]) and me.probes_left == 2
    place(foe, 7, 9, 0)  # 3 hexes, medium: 4+ hits; shield 0, so each hit is a damage roll
    bt.rng = Scripted([4, 3, 1])  # one hit, one miss; the hit's damage roll
    assert munitions.probe_attack(bt, me, [foe])
    assert foe.p_hull + foe.p_eng + foe.p_wpn + foe.p_shd == 1


def test_seekers_claim_the_probe_bonus_b17():
    """B.17: "C.4: Seeking Weapons may claim this bonus if there is a face-up probe marker within three hexes at the
    time they impact their target" - a probe of the ship that fired them."""
    bt, me, foe = duel(spec("harrier-missile-destroyer"), barge(), 10, 20)
    mode = ModeSpec(WeaponMode(ma=8, rof=1, acc=5, imp=1, dmg=1))
    fl = SeekerFlight(70, 0, foe, foe.q, foe.r, 0, 2, mode, "skr", me.uid)
    bt.probes_up = [Probe(me.uid, foe.q + 3, foe.r)]
    assert seekers.seeker_probe_bonus(bt, fl) == 1
    bt.probes_up = [Probe(me.uid, foe.q + 4, foe.r)]
    assert seekers.seeker_probe_bonus(bt, fl) == 0  # 4 hexes off
    bt.probes_up = [Probe(foe.uid, foe.q, foe.r)]
    assert seekers.seeker_probe_bonus(bt, fl) == 0  # not the firing ship's probe
    # in the attack: ACC 5+, a 4 hits with the bonus (impact vs shield 0 is automatic; damage die 1 = hull)
    from drydock.engine.seekers import attack

    bt.probes_up = [Probe(me.uid, foe.q + 1, foe.r)]
    bt.rng = Scripted([4, 3, 1])
    attack(bt, fl, (foe.q + DIRS[3][0], foe.r + DIRS[3][1]))
    assert foe.hull_hits + foe.eng_hits + foe.wpn_hits + foe.shd_hits == 1  # the 4 hit only with the bonus


def test_line_of_sight_via_a_probe_b17():
    """B.17: "a starship may trace line of sight from itself to any face-up probe marker it launched, and then from
    that marker to the target ... to circumvent intervening obstructions such as B.9: Flares"."""
    from drydock.engine.hexgrid import from_offset

    bt, me, foe = duel(spec("comet-frigate"), barge(), 10, 16)
    bt.flares_up = {from_offset(13, 9): 2}
    assert systems.sight(bt, me, foe) == (2, 0)
    bt.probes_up = [Probe(foe.uid, *from_offset(13, 5))]
    assert systems.sight(bt, me, foe) == (2, 0)  # not its probe
    bt.probes_up = [Probe(me.uid, *from_offset(13, 5))]
    assert systems.sight(bt, me, foe) == (0, 0)  # around the flares; the probe is too far for the +1
    bt.flares_up[from_offset(13, 5)] = 1
    assert systems.sight(bt, me, foe) == (1, 0)  # a flare on the probe's hex counts once


def test_fighters_steer_around_minefields_when_an_equal_move_exists_b15():
    """B.15: "Whenever an element (friendly or otherwise) enters a hex containing or adjacent to a minefield, the
    element is immediately attacked." The doctrine's fighter move: of the equally good moves (same target, same
    value), the one whose path rolls the fewest minefield dice; with no minefield on any path, the move is the
    one chosen without minefields (first in move order)."""
    bt, me, foe = duel(spec("wyvern-carrier"), barge(), 10, 15)
    place(foe, 16, 6, 3)

    def move(minefields):
        bt.minefields = dict(minefields)
        systems.refresh_mines(bt)
        fl = FighterFlight(60, 0, me, me.q, me.r, 0, "f")
        bt.flights = [fl]
        bt.rng = random.Random(3)
        fighters.activate(bt, fl)
        return fl

    plain = move({})
    assert distance(plain.q - foe.q, plain.r - foe.r) == 1 and plain.count == 6  # at the barge, nothing lost
    far = move({(foe.q + 8, foe.r - 8): 4})  # a minefield on no path: the same move
    assert (far.q, far.r, far.heading) == (plain.q, plain.r, plain.heading)
    path = small_craft.entered_hexes(me.q, me.r, fighters.fighter_path(0)[(plain.q - me.q, plain.r - me.r,
                                                                          plain.heading)])
    field = path[-2]  # in the way of the plain move, one hex before its end
    steer = move({field: 6})
    assert distance(steer.q - foe.q, steer.r - foe.r) == 1  # still attacks the barge
    assert (steer.q, steer.r) != (plain.q, plain.r)
    route = small_craft.entered_hexes(me.q, me.r, fighters.fighter_path(0)[(steer.q - me.q, steer.r - me.r,
                                                                           steer.heading)])
    assert not any(h in bt.mined for h in route) and steer.count == 6
