"""The last movement options, S.3 The Chase and G.6 three-dimensional play (issue 23): each mechanic against the rule
text, and a seeded battle showing it takes effect."""

from __future__ import annotations

import random

import pytest

from drydock.core.rules import Ruleset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import Orders
from drydock.engine.options import chase, scenarios
from drydock.errors import DrydockError
from tests.helpers import example as design

PLAY_EXPLOSIONS = Ruleset.unity().play["explosions"]


MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")
COMET = design("comet-frigate")
SHADE = design("shade-raider")


def fights(sides, n=8, **kw):  # type: ignore[no-untyped-def]
    m = build_matchup(*sides, **kw)
    return [m.fight(random.Random(run_seed(7, i)), log=True) for i in range(n)]


# ------------------------------------------------------------------ S.3 The Chase
def test_s3_long_board_and_set_up_areas() -> None:
    """S.3: "The game board is 50% longer than that used in a standard scenario (p.12)": 32 x 1.5 = 48 columns,
    18 rows; 33 x 1.5 = 49.5, rounded up to 50. The attacker "caught up to the rear guard": the defender's area is
    the four columns ahead of the attacker's four (2.3: "within four hexes" of the edge), columns 4-7; the other
    reading (S.3a) puts it across the middle of the long board: (48 - 4) / 2 = 22, columns 22-25."""
    s3 = {"board_length": "3/2", "defender_setup": "rear-guard"}
    s3a = {"board_length": "3/2", "defender_setup": "middle"}
    assert chase.long_board((32, 18), s3) == (48, 18)
    assert chase.long_board((33, 18), s3) == (50, 18)
    assert chase.defender_columns(48, s3) == range(4, 8)
    with pytest.raises(DrydockError, match="S.3 The Chase needs a board at least 12 columns"):
        chase.long_board((7, 18), s3)  # 7 x 1.5 = 10.5 -> 11: no room for both areas and a run
    assert chase.defender_columns(48, s3a) == range(22, 26)
    # "each defending starship that moves off the game board via the edge opposite the attacking side": side A sets
    # up at the west edge, so the east edge
    assert scenarios.EXIT_EDGE["S.3"] == scenarios.EXIT_EDGE["S.3a"] == "east"


def test_s3_matchup_plays_on_the_long_board_with_the_chase_set_up() -> None:
    m = build_matchup([COMET, COMET, COMET], [SHADE, SHADE], scenario="S.3")
    assert m.board == (48, 18) and m.doctrine.board == (48, 18)
    assert build_matchup([COMET], [SHADE]).board == (32, 18)
    r = m.fight(random.Random(run_seed(7, 0)), log=True)
    placed = [line for line in r.log if " sets up at " in line]
    assert len(placed) == 2
    for line in placed:  # "(col,row) heading 0": in columns 4-7, heading east
        col = int(line.split(" at (")[1].split(",")[0])
        assert 4 <= col <= 7 and "heading 0 facing 0" in line


def test_s3_defender_runs_for_the_far_edge_and_scores_by_it() -> None:
    """S.3 victory: "each defending starship that moves off the game board via the edge opposite the attacking side
    awards VPs to the defending side, not the attacking side"; the attacker gives chase and fires on the way."""
    sides = ([VIGILANT, VIGILANT, VIGILANT], [MAJESTIC, MAJESTIC])
    core = fights(sides)
    for scen in ("S.3", "S.3a"):
        got = fights(sides, scenario=scen)
        assert [(r.winner, r.vp) for r in got] != [(r.winner, r.vp) for r in core]
        assert all(any(f"breaks out ({scen}): side B scores" in line for line in r.log) for r in got)
        # rear guard: the attacker fires on the way and scores; the middle reading: out of reach (equal speeds)
        assert any(" attacks:" in line for r in got for line in r.log) == (scen == "S.3")
        assert any(r.vp[0] > 0 for r in got) == (scen == "S.3")
        for r in got:  # a defender that leaves by the east edge is not scored for side A
            assert not any(line.startswith("  B") and "left the board: side A scores" in line and " 0 VP" not in line
                           for line in r.log)


# ------------------------------------------------------------------ D.7 Rolls
BASTION = design("bastion-battleship")


def test_d7_roll_requirement_book_example() -> None:
    """D.7: "A roll increases the ship's engine requirement by +3: each one-hexside turn ... reduces this requirement
    by -1 ... if a ship with a previous speed of 3 plots movement orders of "@/2P2(4)", the engine requirement would
    be 6 (max{3,4} = 4 + 3 - 1)"; "three one-hexside turns (or a single u-turn) allow the ship to roll for "free""
    (a u-turn from 3 to 4: 3 + 4 = 7, the roll adds 3 - 3 = 0); no turn: |3 - 4| + 3 = 4."""
    from drydock.engine.movement import parse_orders, requirement
    from drydock.engine.options import movement_rules

    assert requirement(parse_orders("@/2P2(4)"), 3) == 6
    assert requirement(parse_orders("@/4(4)"), 3) == 1 + 3
    assert requirement(parse_orders("@/1U3(4)"), 3) == 7 == requirement(parse_orders("1U3(4)"), 3)
    # D.5 freeform turns: the same +3 - turns ("difference ... plus 1" for one turn: 1 + 1 + 3 - 1 = 4)
    assert movement_rules.option_requirement(parse_orders("@/2P2(4)"), 3, (0, 0), drag=None, freeform=True) == 4


def test_d7_mirror_image_swaps_the_pairs_and_port_starboard() -> None:
    """D.7: "[A] becomes [B]; [C] becomes [D]; [E] becomes [F]; [H] becomes [I]; [J] becomes [K]; and vice versa.
    Port and starboard defensive arcs (p.30) are likewise reversed." G and L (dead ahead and astern) stay."""
    from drydock.engine.hexgrid import AFT, FWD, PORT, STBD, arc_mask
    from drydock.engine.options import rolls
    from drydock.engine.ships import ShipSpec

    assert rolls.mirror_mask(arc_mask("ACE")) == arc_mask("BDF")
    assert rolls.mirror_mask(arc_mask("AHJG")) == arc_mask("BIKG")
    assert rolls.mirror_mask(arc_mask("GL")) == arc_mask("GL")
    assert rolls.mirror_defensive(1 << PORT) == 1 << STBD and rolls.mirror_defensive(1 << FWD | 1 << AFT) == 9
    spec = ShipSpec(BASTION)  # shields fwd 4, port 3, stbd 3, aft 2; screens fwd 4, port 2, stbd 2, aft 1
    twin = rolls.mirrored(spec)
    assert [b.def_mask for b in twin.banks] == [1 << FWD, 1 << STBD, 1 << PORT, 1 << AFT]
    assert [b.def_mask for b in spec.banks] == [1 << FWD, 1 << PORT, 1 << STBD, 1 << AFT]  # the design untouched
    assert twin.shield_arcs == (4, 3, 3, 2) and twin.cr == spec.cr and twin.hull == spec.hull


#: a broadside ship: the Bastion's hull, engines and shields with only its broadside lasers (3Port, 3Stbd, 4-8-12)
BROADSIDE = BASTION.model_copy(update={"weapons": (BASTION.weapons[1],), "class_name": "Broadside"})


def _broadside_battle(port_banks_lost: bool):  # type: ignore[no-untyped-def]
    """The broadside ship at speed 6 over engine rating 3, heading east (it cannot turn: one turn needs max(6,
    speed) <= 3, 3.2), a Vigilant four rows off its port side (north) going the same way at the same speed. A roll
    at speed 6 needs 0 + 3 = 3 (D.7): legal."""
    from drydock.engine.battle import Battle
    from drydock.engine.hexgrid import from_offset

    m = build_matchup([BROADSIDE], [VIGILANT], options=("D.7",), board=(80, 30))
    b = Battle(m, random.Random(1), log=True)
    me, foe = b.ships
    me.q, me.r = from_offset(10, 15)
    foe.q, foe.r = from_offset(11, 11)
    for s in (me, foe):
        s.heading = s.facing = 0
        s.speed = 6
    if port_banks_lost:
        me.bank_alive[[bank.entry for bank in me.spec.banks].index("3Port")] = 0
    return b, me, foe


def test_d7_a_ship_whose_port_banks_are_destroyed_rolls_to_bring_starboard_to_bear() -> None:
    from drydock.engine.hexgrid import PORT
    from drydock.engine.movement import Orders

    b, me, foe = _broadside_battle(port_banks_lost=True)
    # With the whole movement menu (3.4: "pivot n (1-3) hexsides") a two-hexside pivot brings the starboard laser to
    # bear for the same expected exchange, and a tie keeps the ship upright: the doctrine does not roll here.
    assert "@" not in b.opt.adjust_orders(me, Orders((6,)), 0, [foe]).prefixes
    # Where no pivot is legal, the roll is the only way to bring starboard to bear, and the doctrine rolls. (Sideslips
    # left out too: since a ship may slip more than once a move (3.4), three slips to starboard at speed 6, RRR3
    # (requirement 3), take it away from the Vigilant and score better than rolling; a roll with a slip would need
    # at least 1 + 3 = 4 > 3.)
    rolls = b.opt.moves.rolls
    orders = rolls.choose(me, Orders((6,)), [foe], me.speed, me.engine_rating,
                          lambda o: o.pivot == 0 and not o.slips and bool(b.opt.requirement(me, o, 0)[1]), None)
    assert orders.prefixes == ("@",) and not orders.turns
    b.move_ship(me, orders, 0)
    assert any("rolls (D.7): inverted" in line for line in b.log)
    # the live starboard lasers now cover the port side, where the enemy is
    live = [bank for i, bank in enumerate(me.spec.banks) if me.bank_alive[i] and bank.entry.endswith("Stbd")]
    assert live and all(bank.def_mask == 1 << PORT for bank in live)
    # with both broadsides intact there is nothing to gain: no roll
    b2, me2, foe2 = _broadside_battle(port_banks_lost=False)
    assert "@" not in b2.opt.adjust_orders(me2, Orders((6,)), 0, [foe2]).prefixes


def test_d7_rolls_take_effect_in_seeded_battles() -> None:
    """Seeded battles under D.7 roll and differ from the core game's. A mirror match: one ship of a design inverted
    while another of the same design is upright (the doctrine's tables know the design against its mirror image)."""
    sides = ([VIGILANT, VIGILANT], [VIGILANT, VIGILANT])
    core = fights(sides, n=10)
    got = fights(sides, n=10, options=("D.7",))
    assert any("rolls (D.7)" in line for r in got for line in r.log)
    assert [r.log for r in got] != [r.log for r in core]


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

    m = build_matchup([MAJESTIC], [VIGILANT], terrain=(terrain,))
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
    b.opt.moves.altitudes.plan[me.uid] = -1
    me.speed = 3
    b.opt.moves.altitudes.moved(b, me)
    assert b.opt.moves.altitudes.alt[me.uid] == 2 and me.speed == 4
    assert any("dives 1 (G.6): altitude 3 -> 2, speed 4" in line for line in b.log)


def test_g6_ranges_in_combat_use_the_altitudes() -> None:
    """G.6: every element begins at altitude 3 ("Unless otherwise indicated by the scenario, all elements begin the
    game at altitude level 3"); two hexes apart and three levels apart the range is 3 x 2 = 6 for the attack."""
    from drydock.engine.combat import effective_range

    b = _three_d_battle()
    a, v = b.ships
    assert b.opt.moves.altitudes.alt == {a.uid: 3, v.uid: 3}
    assert effective_range(a, 2, v) == 2
    b.opt.moves.altitudes.alt[v.uid] = 6
    assert effective_range(a, 2, v) == 6 and effective_range(v, 2, a) == 6
    assert effective_range(a, 2) == 2  # a fighter flight or seeker: at the attacker's altitude (not tracked)
    b2 = _three_d_battle("three-d-doubled")
    b2.opt.moves.altitudes.alt[b2.ships[1].uid] = 6
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
    alt = b.opt.moves.altitudes
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


# ------------------------------------------------------------------ D.9 Towing
def test_d9_effective_engine_rating_book_examples() -> None:
    """D.9: "A starship of hull size 5 and an engine rating of 7 wishes to tow a second ship of hull size 3. The
    towing ship's effective engine rating while performing the tow is 5 (5 x 7 / (5+3) = 4.4, rounded up)"; "A
    starship of hull size 4 with an engine rating of 6 and a ship of hull size 6 with an engine rating of 5 are
    joining forces to tow a third ship of hull size 10. The effective engine rating is 3 ((4x6) + (6x5) = 54 /
    (4+6+10) = 2.7, rounded up)." Two Vigilants (hull 12, engine rating 4): 12 x 4 / 24 = 2."""
    from drydock.engine.options.towing import effective_rating

    assert effective_rating([(5, 7)], 3) == 5
    assert effective_rating([(4, 6), (6, 5)], 10) == 3
    assert effective_rating([(12, 4)], 12) == 2


def _drift_battle(options: tuple[str, ...], rescuer_at: tuple[int, int] = (20, 9)):  # type: ignore[no-untyped-def]
    """A1, a Vigilant with every engine box checked, drifts east at speed 4 from column 20 of 32 (3.2: "a starship
    without a current engine rating will continue to move at the same speed, and in the same heading,
    indefinitely"): it leaves the board in its third move. A2, a sound Vigilant, is beside it at speed 4."""
    from drydock.engine.battle import Battle
    from drydock.engine.hexgrid import from_offset

    m = build_matchup([VIGILANT, VIGILANT], [COMET], options=options)
    b = Battle(m, random.Random(3), log=True)
    crippled, friend, _ = b.ships
    crippled.eng_hits = len(crippled.spec.engine_track)
    crippled.q, crippled.r = from_offset(20, 8)
    friend.q, friend.r = from_offset(*rescuer_at)
    for s in (crippled, friend):
        s.heading = s.facing = 0
        s.speed = 4
    return b, crippled, friend


def test_d9_towed_ship_moves_with_its_tower_at_the_effective_rating() -> None:
    """D.9: "the two ships must have ended the previous Movement Phase in the same hex, with the same speed and
    heading"; "The ship being towed does not record any movement orders"; the tower moves "with the reduced engine
    rating" (2 for two Vigilants): from speed 4 it can brake to 2 (requirement 2), not to 1 (3)."""
    from drydock.engine.movement import parse_orders

    b, crippled, friend = _drift_battle(("D.9",), rescuer_at=(20, 8))
    b.opt.before_orders()
    assert b.opt.moves.towing.tows == {friend.uid: crippled.uid}
    assert b.opt.requirement(crippled, parse_orders("0"), 0) == (0, True)
    assert b.opt.requirement(friend, parse_orders("T/2"), 0) == (2, True)
    assert b.opt.requirement(friend, parse_orders("T/1"), 0) == (3, False)
    orders = b.opt.adjust_orders(friend, parse_orders("4"), 0, [b.ships[2]])
    assert orders == parse_orders("T/2")  # the slowest legal tow order on the board
    b.move_ship(friend, orders, 0)
    assert (crippled.q, crippled.r, crippled.speed, crippled.heading) == (friend.q, friend.r, 2, 0)


def test_d9_a_friend_tows_a_drifting_ship_to_a_stop_instead_of_losing_it() -> None:
    """Without towing the crippled ship drifts off the board and side B scores it (3.3: "ships leaving the board
    are considered destroyed, and the opposing side receives the normal amount of VPs"); with D.9 its friend meets
    it (4 hexes at speed 4, one a sideslip: L3), tows it and brakes to a stop; it stays on the board."""
    core = _drift_battle(("E.4",))[0].run()
    assert any("A1 Vigilant left the board" in line for line in core.log)
    b, crippled, _ = _drift_battle(("D.9",))
    got = b.run()
    assert any("A2 Vigilant closes on A1 Vigilant to tow it (D.9)" in line for line in got.log)
    assert any("A2 Vigilant tows A1 Vigilant (D.9): effective engine rating 2" in line for line in got.log)
    assert not any("A1 Vigilant left the board" in line for line in got.log)
    assert crippled.alive and crippled.speed == 0
    assert got.vp[1] < core.vp[1]


def test_g6_explosions_reach_only_the_same_altitude() -> None:
    """G.6: "Two elements are considered "adjacent" only if they are in adjacent hexes on the game board and are at
    the same altitude"; E.3 rolls at "each element within one hex" (in three dimensions: the same altitude)."""
    from drydock.engine.battle import Battle
    from drydock.engine.hexgrid import from_offset
    from drydock.engine.options import combat_rules

    m = build_matchup([MAJESTIC], [VIGILANT], options=("E.3",), terrain=("three-d",))
    for foe_altitude, rolled in ((3, True), (4, False)):
        b = Battle(m, random.Random(1), log=True)
        boom, near = b.ships
        boom.q, boom.r = from_offset(10, 9)
        near.q, near.r = from_offset(11, 9)
        b.opt.moves.altitudes.alt[near.uid] = foe_altitude
        combat_rules.explode(b, boom, PLAY_EXPLOSIONS)
        assert any(line.startswith(f"    {near.label}: dice") for line in b.log) == rolled


def test_g6_with_sequential_movement_plans_afresh() -> None:
    """D.8 chooses a ship's orders again as it moves: its altitude changes are planned again with them."""
    got = fights(([MAJESTIC, MAJESTIC], [VIGILANT, VIGILANT]), n=4, options=("D.8",), terrain=("three-d",))
    assert any(" (G.6): altitude " in line for r in got for line in r.log)


def test_d7_no_roll_under_cloak_or_while_the_hyperdrive_warms_up() -> None:
    """D.7: "A starship may not perform a roll while it is cloaked (B.5 ...) or warming up its B.10: Hyperdrive"."""
    from drydock.engine.movement import Orders

    for attr in ("cloaked", "warming"):
        b, me, foe = _broadside_battle(port_banks_lost=True)
        setattr(me, attr, True)
        assert "@" not in b.opt.adjust_orders(me, Orders((6,)), 0, [foe]).prefixes


def test_d9_a_friend_too_far_for_one_move_heads_for_the_rendezvous() -> None:
    """A rescuer three hexes behind the drifting ship (column 17; the ship moves 4 a turn, the rescuer at speed 4
    can brake or speed up by 4) cannot end in its next hex at speed 4 this turn; it takes an order from which the
    rendezvous is one move away, meets it the next turn and tows it to a stop."""
    b, crippled, _ = _drift_battle(("D.9",), rescuer_at=(17, 8))
    got = b.run()
    lines = [line.strip() for line in got.log if "(D.9)" in line]
    assert lines[:3] == ["A2 Vigilant heads for A1 Vigilant to tow it (D.9)",
                         "A2 Vigilant closes on A1 Vigilant to tow it (D.9)",
                         "A2 Vigilant tows A1 Vigilant (D.9): effective engine rating 2"]
    assert crippled.alive and crippled.speed == 0


def test_s3_names_its_longer_board() -> None:
    """The output names what is in force; under S.3 the board is not the one asked for, so it says so (a tournament
    lists the board it was given)."""
    m = build_matchup([COMET], [SHADE], scenario="S.3")
    assert m.in_force_names() == ["S.3 The Chase (board length x3/2)"]


def test_d9_a_defender_drifting_out_by_its_exit_edge_is_not_rescued() -> None:
    """S.3: "each defending starship that moves off the game board via the edge opposite the attacking side awards
    VPs to the defending side": a crippled defender drifting east scores by drifting, so nobody tows it; drifting
    west it would score for the attacker (3.3), so it is worth a tow."""
    from drydock.engine.battle import Battle
    from drydock.engine.hexgrid import from_offset

    m = build_matchup([VIGILANT], [MAJESTIC, MAJESTIC], scenario="S.3", options=("D.9",))
    b = Battle(m, random.Random(1), log=True)
    drifter = b.ships[1]
    drifter.eng_hits = len(drifter.spec.engine_track)
    drifter.q, drifter.r = from_offset(40, 9)
    drifter.speed = 4
    tow = b.opt.moves.towing
    drifter.heading = 0  # east: out by the exit edge
    assert not tow.lost_by_drift(drifter)
    drifter.heading = 3  # west: off the attacker's edge
    assert tow.lost_by_drift(drifter)
