"""D.9 Towing (issue 23): each mechanic against the rule text, and seeded battles showing it takes effect."""

from __future__ import annotations

import random

from drydock.engine.battle import Battle
from drydock.engine.hexgrid import from_offset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import parse_orders
from drydock.engine.options.ship_tows import ShipTows
from drydock.engine.options.towing import Towing, braking_distance, effective_rating
from drydock.engine.settings import BattleSettings
from tests.helpers import example as design


def _towing(b: Battle) -> Towing:
    """The battle's D.9 tows (its rule in force)."""
    (rule,) = [r for r in b.rules_in_force if isinstance(r, ShipTows)]
    return rule.towing

MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")
COMET = design("comet-frigate")


def fights(sides, n=8, **kw):  # type: ignore[no-untyped-def]
    m = build_matchup(*sides, **kw)
    return [m.fight(random.Random(run_seed(7, i)), log=True) for i in range(n)]


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

    m = build_matchup([VIGILANT, VIGILANT], [COMET], BattleSettings(options=options))
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
    assert _towing(b).tows == {friend.uid: crippled.uid}
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


def test_d9_a_defender_drifting_out_by_its_exit_edge_is_not_rescued() -> None:
    """S.3: "each defending starship that moves off the game board via the edge opposite the attacking side awards
    VPs to the defending side": a crippled defender drifting east scores by drifting, so nobody tows it; drifting
    west it would score for the attacker (3.3), so it is worth a tow."""
    from drydock.engine.battle import Battle
    from drydock.engine.hexgrid import from_offset

    m = build_matchup([VIGILANT], [MAJESTIC, MAJESTIC], BattleSettings(scenario="S.3", options=("D.9",)))
    b = Battle(m, random.Random(1), log=True)
    drifter = b.ships[1]
    drifter.eng_hits = len(drifter.spec.engine_track)
    drifter.q, drifter.r = from_offset(40, 9)
    drifter.speed = 4
    tow = _towing(b)
    drifter.heading = 0  # east: out by the exit edge
    assert not tow.lost_by_drift(drifter)
    drifter.heading = 3  # west: off the attacker's edge
    assert tow.lost_by_drift(drifter)


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
    m = build_matchup([VIGILANT] * 3, [COMET], BattleSettings(options=options, terrain=terrain))
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
