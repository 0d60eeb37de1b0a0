"""S.3 The Chase and D.7 Rolls (issue 23): each mechanic against the rule text, and a seeded battle showing it takes
effect. D.9 towing is in test_towing_d9.py, G.6 in test_altitude_g6.py."""

from __future__ import annotations

import random

import pytest

from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.options import chase
from drydock.engine.options.ship_rolls import ShipRolls
from drydock.engine.options.the_chase import TheChase
from drydock.engine.options.the_chase_middle import TheChaseMiddle
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError
from tests.helpers import example as design

MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")
COMET = design("comet-frigate")
SHADE = design("shade-raider")


def fights(sides, n=8, **kw):  # type: ignore[no-untyped-def]
    m = build_matchup(*sides, BattleSettings(**kw))
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
    assert TheChase.edge == TheChaseMiddle.edge == "east"


def test_s3_matchup_plays_on_the_long_board_with_the_chase_set_up() -> None:
    m = build_matchup([COMET, COMET, COMET], [SHADE, SHADE], BattleSettings(scenario="S.3"))
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

    m = build_matchup([BROADSIDE], [VIGILANT], BattleSettings(options=("D.7",), board=(80, 30)))
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
    (rule,) = [r for r in b.rules_in_force if isinstance(r, ShipRolls)]
    rolls = rule.rolls
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


def test_d7_no_roll_under_cloak_or_while_the_hyperdrive_warms_up() -> None:
    """D.7: "A starship may not perform a roll while it is cloaked (B.5 ...) or warming up its B.10: Hyperdrive"."""
    from drydock.engine.movement import Orders

    for attr in ("cloaked", "warming"):
        b, me, foe = _broadside_battle(port_banks_lost=True)
        setattr(me, attr, True)
        assert "@" not in b.opt.adjust_orders(me, Orders((6,)), 0, [foe]).prefixes


def test_s3_names_its_longer_board() -> None:
    """The output names what is in force; under S.3 the board is not the one asked for, so it says so (a tournament
    lists the board it was given)."""
    m = build_matchup([COMET], [SHADE], BattleSettings(scenario="S.3"))
    assert m.in_force_names() == ["S.3 The Chase (board length x3/2)"]
