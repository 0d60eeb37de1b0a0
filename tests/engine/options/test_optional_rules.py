"""Optional rules, terrain and scenarios in the engine (issue 23): each mechanic against the rule text, and a seeded
battle showing it takes effect."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drydock.core.rules import Ruleset
from drydock.engine.battle import Battle, Matchup
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.movement import parse_orders
from drydock.engine.options import combat_rules, movement_rules, scenarios
from drydock.engine.options.emergency_thrust import EmergencyThrust
from drydock.engine.options.terrain import Terrain, parse_terrain, pull_distance
from drydock.engine.settings import BattleSettings
from drydock.engine.ship_rules import UNITY
from drydock.engine.ships import ShipSpec, ShipState
from drydock.engine.small_craft import impact_roll, in_nebula, small_hits
from drydock.engine.table_view import Marker
from drydock.errors import DrydockError
from drydock.formats.native import from_yaml
from tests.engine.options.test_fighter_options import Faces
from tests.helpers import example as design

PLAY = Ruleset.unity().play


MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")


def state(d=MAJESTIC, side: int = 0, uid: int = 0) -> ShipState:  # type: ignore[no-untyped-def]
    return ShipState(ShipSpec(d), side, uid, f"S{uid}", UNITY)


class Dice(random.Random):
    """A random source that yields the given d6 faces, in order (a ``random.Random``, so that the compiled engine
    takes it wherever a battle's dice go)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 1e-9


# ------------------------------------------------------------------ D: movement
def test_d2_etheric_drag_book_example() -> None:
    # D.2: "A starship with a previous speed of 6 plots movement orders of "3S1R(5)". This would normally result in
    # an engine requirement of 7 ... the engine requirement is instead 6 (max{(6/2),5} = 5 + 1)."
    o = parse_orders("3S1R(5)")
    assert movement_rules.option_requirement(o, 6, (0, 0), drag=None, freeform=False) == 7
    assert movement_rules.option_requirement(o, 6, (0, 0), drag=movement_rules.drag_speed(6, False),
                                             freeform=False) == 6
    # "Etheric drag may be increased, so that a starship's previous speed is eliminated completely."
    assert movement_rules.drag_speed(6, True) == 0


def test_d5_freeform_turns_book_example() -> None:
    # D.5: "A starship with a previous speed of 5 has written the following movement orders: "3P1P(4)". As a
    # result, its engine requirement is 4 (5 - 4 = 1 + 3)."
    costs = PLAY["freeform_turn_cost"]["costs"]
    assert movement_rules.option_requirement(parse_orders("3P1P(4)"), 5, (0, 0), drag=None, freeform=True,
                                             costs=costs) == 4
    # "A starship may perform one-hexside turns and sideslips in opposing directions."
    o = parse_orders("R3P(4)")
    req = movement_rules.option_requirement(o, 4, (0, 0), drag=None, freeform=True, costs=costs)
    assert req == 0 + 1 + 1
    assert movement_rules.option_legal(o, req, 2, 0, True) and not movement_rules.option_legal(o, req, 2, 0, False)


def test_d3_evasive_penalty_bands() -> None:
    # D.3: "Engine Rating 1-2 3-5 6-9 10+ To-Hit Penalty None -1 -2 -3"
    bands = PLAY["evasive_penalty"]["bands"]
    assert [movement_rules.evasive_penalty(er, bands) for er in (1, 2, 3, 5, 6, 9, 10, 14)] == \
        [0, 0, -1, -1, -2, -2, -3, -3]
    # "if a ship had a previous speed of 5 and wrote movement orders of "Z/1R2(4)", the engine requirement would
    # be 4"
    assert movement_rules.option_requirement(parse_orders("Z/1R2(4)"), 5, (0, 0), drag=None, freeform=False) == 4


def test_initiative_deck_mirrors_the_counts() -> None:
    # E.5 / F.7: "the distribution of cards should mirror the number of ships on either side"
    cards = movement_rules.deck(random.Random(1), 4, 3)
    assert sorted(cards) == [0, 0, 0, 0, 1, 1, 1]


# ------------------------------------------------------------------ E: combat
def battle_rolling(ship: ShipState, faces: list[int], turn: int) -> Battle:
    """A real battle of ``ship``'s design whose dice come up ``faces`` (a stand-in battle would not reach the
    compiled engine, which checks its argument types), at game turn ``turn``."""
    bt = Battle(Matchup([ship.spec], [ship.spec]), Dice(faces), log=False)  # set-up rolls no die (2.3)
    bt.turn = turn
    return bt


def test_e1_repair_dice_and_one_box_per_track() -> None:
    # E.1: "a ship with 7 unchecked hull boxes may roll 3 repair dice (7 / 3 = 2.33, rounded up)"
    s = state()
    s.hull_hits = s.spec.hull - 7
    assert combat_rules.repair_dice(s, 3) == 3
    s.eng_hits, s.shd_hits = 2, 1
    # "Only one box can be restored per track per End Phase"
    done = combat_rules.damage_control(battle_rolling(s, [4, 4, 6], 2), s, PLAY["damage_control"]["table"], 3)
    assert done == ["engine", "shields"] and s.eng_hits == 1 and s.shd_hits == 0


def test_e1_weapons_repaired_restore_items() -> None:
    from drydock.engine.damage import apply_marked_damage

    s = state()
    s.p_wpn = 3
    apply_marked_damage(s)
    lost = sum(b.mounts for b in s.spec.banks) - sum(s.bank_alive) + s.equipment_lost
    assert lost > 0 and s.wpn_hits == 3

    combat_rules.damage_control(battle_rolling(s, [5, 1, 1], 4), s, PLAY["damage_control"]["table"], 3)
    relost = sum(b.mounts for b in s.spec.banks) - sum(s.bank_alive) + s.equipment_lost
    # "Restore one box on the starship's weapons track, and regain the use of the appropriate number of weapons"
    t = s.spec.weapons_track
    assert s.wpn_hits == 2 and lost - relost == t[2] - t[3]


def test_e3_explosion_numbers() -> None:
    # E.3: "Each die that rolls a 4, 5, or 6 results in one hit against a target in the same hex ...; against
    # targets in adjacent hexes, a hit is scored on each result of 5 or 6. If the target is tiny, subtract -1"
    assert PLAY["explosions"] | {} == {"section": "E.3", "same_hex": 4, "adjacent": 5, "tiny": -1, "imp": 1,
                                       "dmg": 1}


def test_e3_explosion_hits_neighbours_and_leaves_a_flare() -> None:
    m = build_matchup([MAJESTIC], [VIGILANT, VIGILANT], BattleSettings(options=("E.3",)))
    from drydock.engine.battle import Battle

    b = Battle(m, random.Random(1), log=True)
    boom, near, far = b.ships
    near.q, near.r = boom.q + 1, boom.r
    far.q, far.r = boom.q + 5, boom.r
    h = boom.spec.hull  # every explosion die hits, every impact die passes the shield, every damage die is a 1 (hull)
    b.rng = Dice([6] * h + [6] * h + [1] * h + [1] * 40)
    hull_before = near.hull_hits + near.p_hull
    combat_rules.explode(b, boom, PLAY["explosions"])
    assert far.hull_hits == 0 and far.p_hull == 0
    assert near.hull_hits > hull_before or not near.alive
    assert Marker("flare", -1, boom.q, boom.r, face_up=False) in b.markers
    assert b.markers[-1].owner == -1 and b.markers[-1].kind == "flare"  # no ship's: the wreck's (E.3)


def test_e4_partial_victory_points_book_examples() -> None:
    # E.4: "a ship with a combat rating of 220 awards 22 VPs once a single hull box has been checked off";
    # "a ship of hull size 10 will grant 20% ... once it has checked off 4 hull boxes"; "a ship of hull size 13
    # ... once it has checked off 9 hull boxes"; "a total of 110 VPs ... two-thirds of its hull boxes (22 + 44 +
    # 44)"
    assert combat_rules.share_vp(220, 10) == 22
    assert combat_rules.share_vp(220, 50) == 110
    s = state()
    hull = s.spec.hull
    third, two = -(-hull // 3), -(-2 * hull // 3)
    for lost, share in ((0, 0), (1, 10), (third - 1, 10 if third > 2 else 30), (third, 30), (two, 50),
                        (hull, 100)):
        s.hull_hits = lost
        assert combat_rules.partial_share(s) == share, lost
    # "a starship that jumps into hyperspace is considered to have lost two-thirds of its hull boxes"
    s.hull_hits = 0
    assert combat_rules.partial_share(s, jumped=True) == 50


def test_e6_shield_reinforcement_book_example() -> None:
    # E.6: "A battleship with a shield rating of 3 has reinforced the forward defensive arc. This means attacks from
    # that direction are made against a shield rating of 4, while attacks from the aft defensive arc are made
    # against a shield rating of 2."
    s = state()
    base = s.shield(0)
    assert base == 3
    s.reinforced = 0
    assert (s.shield(0), s.shield(1), s.shield(2), s.shield(3)) == (4, 3, 3, 2)
    # "Starships with a current shield rating of either zero or 5 cannot make use of this option."
    s.reinforced = -1
    s.shd_hits = len(s.spec.shield_track)
    assert combat_rules.reinforce_arc(s, [(s.q + 3, s.r)], 5) is None


def test_e2_directed_damage_choice() -> None:
    # E.2: "A weapon with the Disruptive trait ... may not utilize directed damage."
    mode = ShipSpec(MAJESTIC).banks[0].modes[0]
    assert combat_rules.directed_choice(mode, 0, 1, PLAY.damage_table, -1) is None  # a -1 costs more than it buys
    # against a crippled target a volley that cannot lose to-hit odds (ACC 5+ at +5: only a natural 1 misses)
    keep = combat_rules.directed_choice(mode, 5, 1, PLAY.damage_table, -1, crippled=True)
    assert keep == frozenset({1, 2, 3})


# ------------------------------------------------------------------ G: terrain
def test_terrain_spelling() -> None:
    assert parse_terrain("asteroid-field:4").spec == "asteroid-field:4"
    assert parse_terrain("nebula").section == "G.4"
    assert parse_terrain("planet").n == 2
    for bad in ("planet:9", "nebula:2", "volcano"):
        with pytest.raises(DrydockError):
            parse_terrain(bad)


def test_g1_field_and_g3_comet_sight_penalties() -> None:
    t = Terrain()
    t.fields = {(3, 0): 1, (4, 0): 2}
    t.murk = {(5, 0)}
    # G.1: "-1 penalty ... per hex in the field ... Overlapping asteroid fields do not have a cumulative effect";
    # G.3: "-1 to-hit penalty per hex of coma through which the line of sight ... is drawn"
    assert t.sight(0, 0, 8, 0) == 3
    t.deadly = {(6, 0)}
    assert t.sight(0, 0, 8, 0) >= 4  # "any hex containing an asteroid blocks line of sight"


def test_g4_nebula_range() -> None:
    # G.4: "a target seven hexes away would be treated as if it were at range 11 (7 + 3.5 = 10.5, rounded up)"
    from drydock.engine.options.nebula import Nebula

    m = build_matchup([MAJESTIC], [MAJESTIC], BattleSettings(terrain=("nebula",)))
    nebula = next(rule for rule in Battle(m, random.Random(1), False).rules_in_force if isinstance(rule, Nebula))
    s = state()
    s.lrs = False
    eff = nebula.ranges(s)
    assert eff is not None and eff(7) == 11
    s.lrs = True  # "Starships equipped with B.13: Long Range Sensors ... counteract this effect, but do not
    assert eff(7) == 7  # further reduce the effective range"


def test_g2_black_hole_pull_table() -> None:
    pull = PLAY["black_hole_pull"]
    # the event horizon "extends in all directions for a number of hexes equal to its size": X within it
    assert pull_distance(pull["rows"], pull["distances"], 1, 1) == -1
    assert pull_distance(pull["rows"], pull["distances"], 3, 3) == -1
    assert pull_distance(pull["rows"], pull["distances"], 4, 5) == 3
    assert pull_distance(pull["rows"], pull["distances"], 4, 30) == 0


# ------------------------------------------------------------------ S: scenarios
def test_s4_fleet_action_multipliers() -> None:
    # S.4: "the first starship to be destroyed (by either side) is worth three times the normal amount of VPs. The
    # second ship destroyed is worth twice"
    from drydock.engine.options.fleet_action import FleetAction
    from drydock.engine.options.the_trap import TheTrap

    bt = Battle(build_matchup([MAJESTIC], [VIGILANT], BattleSettings(scenario="S.4")), random.Random(1), log=False)
    s4 = next(rule for rule in bt.rules_in_force if isinstance(rule, FleetAction))
    a, b = bt.ships
    assert [s4.destroyed(s, 100, "destroyed", True) for s in (b, a, b)] == [300, 200, 100]  # by either side
    # S.12: "The defending side receives double the normal amount of VPs."
    bt = Battle(build_matchup([MAJESTIC], [VIGILANT], BattleSettings(scenario="S.12")), random.Random(1), log=False)
    s12 = next(rule for rule in bt.rules_in_force if isinstance(rule, TheTrap))
    a, b = bt.ships
    assert (s12.destroyed(a, 100, "destroyed", True), s12.destroyed(b, 100, "destroyed", True)) == (200, 100)


def test_s1_victory_levels() -> None:
    # S.1: "If at least 80% of the attacking side's starting force remains ... major victory ... at least 40% ...
    # minor victory ... less than 40% ... the defending side can claim a minor victory"
    n = PLAY["scenarios"]["table"]["S.1"]
    assert scenarios.alone_in_the_dark(1000, 800, False, True, n)[1:] == (0, "major victory for the attacker (S.1)")
    assert scenarios.alone_in_the_dark(1000, 400, False, True, n)[1] == 0
    assert scenarios.alone_in_the_dark(1000, 399, False, True, n)[1:] == (1, "minor victory for the defender (S.1)")
    assert scenarios.alone_in_the_dark(1000, 0, True, False, n)[1] == 1
    assert scenarios.alone_in_the_dark(1000, 500, True, True, n)[0] is False


def test_s8_s9_tables_and_s10_limit() -> None:
    # S.8 "Roll 1 2 3-4 5 6": -1 to hit; as above and -1 ER; nothing; +1 to hit; as above and +1 ER
    assert scenarios.SHAKEDOWN == {1: (-1, 0), 2: (-1, -1), 3: (0, 0), 4: (0, 0), 5: (1, 0), 6: (1, 1)}
    assert scenarios.STORMS[6] == "no attacks" and scenarios.STORMS[3] is None
    # S.8 attacker: "at least one ship must have a combat rating ≥300" (the Majestic rates 188, the Bastion 408)
    with pytest.raises(DrydockError, match="S.8 .* combat rating of 300 or more .*188"):
        build_matchup([MAJESTIC], [VIGILANT], BattleSettings(scenario="S.8"))
    assert build_matchup([design("bastion-battleship")], [VIGILANT], BattleSettings(scenario="S.8")).vp_target
    # S.10: "no individual ship may have a combat rating higher than 150"
    with pytest.raises(DrydockError, match="S.10"):
        build_matchup([MAJESTIC], [VIGILANT], BattleSettings(scenario="S.10"))


def test_s11_halves_and_vp_target_scaling() -> None:
    specs = [ShipSpec(MAJESTIC), ShipSpec(VIGILANT), ShipSpec(VIGILANT)]
    a, b = scenarios.halves(specs)
    assert sorted(a + b) == [0, 1, 2] and a and b
    # Appendix S: "make sure both sides' fleet limits and the VP target are adjusted by the same factor"
    m = build_matchup([MAJESTIC], [VIGILANT], BattleSettings(scenario="S.4"))
    cr = max(ShipSpec(MAJESTIC).cr, ShipSpec(VIGILANT).cr)
    assert m.vp_target == -(-1200 * Fraction(cr, 2000) // 1)
    assert build_matchup([MAJESTIC], [VIGILANT], BattleSettings(scenario="S.4", battle_size="medium")).vp_target == 1200


# ------------------------------------------------------------------ seeded battles: each option takes effect
def fights(options=(), scenario=None, terrain=(), sides=None, n=12, log=True):  # type: ignore[no-untyped-def]
    a, b = sides or ([MAJESTIC, MAJESTIC], [VIGILANT, VIGILANT])
    m = build_matchup(a, b, BattleSettings(options=options, scenario=scenario, terrain=terrain))
    return [m.fight(random.Random(run_seed(7, i)), log=log) for i in range(n)]


CORE = None


def core():  # type: ignore[no-untyped-def]
    global CORE
    if CORE is None:
        CORE = fights()
    return CORE


def outcome(results):  # type: ignore[no-untyped-def]
    return [(r.winner, r.turns, r.vp) for r in results]


def moves(results):  # type: ignore[no-untyped-def]
    return [[line for line in r.log if not line.startswith(("in force", "not simulated", "terrain"))]
            for r in results]


@pytest.mark.parametrize("kw,evidence", [
    ({"options": ("D.2",)}, None),
    ({"options": ("D.2z",)}, None),
    ({"options": ("D.3",)}, "Z/"),
    ({"options": ("D.5",)}, None),
    ({"options": ("E.1",)}, "damage control (E.1)"),
    ({"options": ("E.2",)}, None),
    ({"options": ("E.3",)}, "explodes (E.3)"),
    ({"options": ("E.4",)}, "partial VP (E.4)"),
    ({"options": ("E.5",)}, None),
    ({"options": ("E.5r",)}, None),
    ({"options": ("E.6",)}, None),
    ({"terrain": ("asteroids:8",)}, "terrain: asteroids:8 (G.1)"),
    ({"terrain": ("asteroid-field:3",)}, "asteroid field"),
    ({"terrain": ("black-hole:3",)}, "terrain: black-hole:3 (G.2)"),
    ({"terrain": ("comet",)}, "terrain: comet (G.3)"),
    ({"terrain": ("nebula",)}, "nebula (G.4)"),
    ({"terrain": ("planet:3",)}, "terrain: planet:3 (G.5)"),
    ({"scenario": "S.2"}, "breaks out (S.2): side B scores"),
    ({"scenario": "S.4"}, None),
    ({"scenario": "S.5"}, "terrain: asteroids:12 (G.1)"),
    ({"scenario": "S.6"}, None),
    ({"scenario": "S.7"}, "breaks out (S.7): side B scores"),
    ({"scenario": "S.8", "sides": ([design("bastion-battleship"), MAJESTIC], [VIGILANT, VIGILANT])},
     "S.8 shakedown roll"),  # "at least one ship must have a combat rating ≥300" (the Bastion: 408)
    ({"scenario": "S.9"}, "storms in space (S.9)"),
    ({"scenario": "S.11"}, "S.11: the defender's second half waits"),
    ({"scenario": "S.12"}, None),
])
def test_option_takes_effect_in_seeded_battles(kw, evidence) -> None:  # type: ignore[no-untyped-def]
    got = fights(**kw)
    assert outcome(got) != outcome(core()) or moves(got) != moves(core())
    if evidence:
        assert any(evidence in line for r in got for line in r.log)


def test_e2_directed_damage_is_used() -> None:
    got = fights(options=("E.2",), n=30)
    assert any("directed damage (E.2)" in line for r in got for line in r.log)


def test_f7_random_fighter_initiative_changes_the_fighter_phase() -> None:
    carrier = design("wyvern-carrier")
    a = fights(sides=([carrier], [carrier]), n=6)
    b = fights(options=("F.7",), sides=([carrier], [carrier]), n=6)
    assert moves(a) != moves(b)


def test_s1_alone_in_the_dark_needs_one_defender_and_ends_by_survivors() -> None:
    with pytest.raises(DrydockError, match="S.1"):
        build_matchup([MAJESTIC], [VIGILANT, VIGILANT], BattleSettings(scenario="S.1"))
    got = fights(scenario="S.1", sides=([VIGILANT, VIGILANT], [MAJESTIC]))
    assert any("victory for the" in line for r in got for line in r.log)


def test_s4_first_kill_scores_triple() -> None:
    got = fights(scenario="S.4", sides=([MAJESTIC], [VIGILANT]), n=20, log=False)
    crs = (ShipSpec(MAJESTIC).cr, ShipSpec(VIGILANT).cr)
    assert any(r.vp in ((3 * crs[1], 0), (0, 3 * crs[0])) for r in got)


def test_g4_nebula_even_impacts_book_example() -> None:
    # G.4: "A starship with a shield rating of 4 ... three hits. Three dice are rolled, coming up 3, 4, and 5.
    # Normally, this would result in only one point of impact; however, because the battle is being fought inside a
    # nebula, all even results automatically succeed. Thus, the impact roll of 4 penetrates the shields"
    from drydock.engine.combat import roll_impact_nebula
    from drydock.engine.dice import roll_impact

    assert sum(roll_impact(Dice([f]), 4, 0) for f in (3, 4, 5)) == 1  # type: ignore[arg-type]
    assert sum(roll_impact_nebula(Dice([f]), 4, 0) for f in (3, 4, 5)) == 2  # type: ignore[arg-type]
    assert roll_impact_nebula(Dice([2]), 5, -1) == 1  # type: ignore[arg-type]  # "regardless of the shield rating"


def test_e7_untagged_targets_count_at_double_range() -> None:
    # E.7: "Attacks can still be made against non-tagged targets; however, the distance to the target is doubled;
    # e.g. a target four hexes away would be treated as eight hexes distant for range purposes."
    from drydock.engine.battle import Battle
    from drydock.engine.combat import effective_range

    m = build_matchup([MAJESTIC], [VIGILANT], BattleSettings(options=("E.7",)))
    b = Battle(m, random.Random(1), log=False)
    me, them = b.ships
    assert effective_range(me, 4, them) == 8
    (tags,) = [t for t in (r.tagged() for r in b.rules_in_force) if t is not None]
    tags.add(them.uid)
    assert effective_range(me, 4, them) == 4
    # "Hull Size 1-3 4-8 9-15 16-24 25-35 Number of TAGs One Two Three Four Five"
    assert PLAY["target_acquisition"]["tags"] == [[3, 1], [8, 2], [15, 3], [24, 4], [35, 5]]


def test_e7_tags_are_rolled_and_flip_up_in_the_end_phase() -> None:
    got = fights(options=("E.7",), n=4)
    assert any("TAGs (E.7)" in line for r in got for line in r.log)
    assert outcome(got) != outcome(core()[:4]) or moves(got) != moves(core()[:4])
    auto = fights(options=("E.7a",), n=4)
    assert outcome(auto) != outcome(core()[:4]) or moves(auto) != moves(core()[:4])


def test_d8_sequential_movement_alternates_and_plans_from_moved_positions() -> None:
    # D.8: "Side A has three starships, while Side B has seven ... B-B-A-B-B-A-B-B-A-B"
    from drydock.engine.combat import alternation

    assert "".join("AB"[x] for x in alternation(3, 7, 0)) == "BBABBABBAB"
    got = fights(options=("D.8",), sides=([MAJESTIC, MAJESTIC], [VIGILANT, VIGILANT, VIGILANT]), n=6)
    base = fights(sides=([MAJESTIC, MAJESTIC], [VIGILANT, VIGILANT, VIGILANT]), n=6)
    assert moves(got) != moves(base)
    # the first mover is side B (more ships): its first ship's move is logged before any of side A's
    first = next(line for line in got[0].log if " orders " in line)
    assert first.strip().startswith("B")
    with pytest.raises(DrydockError, match="D.8r Random Movement Initiative needs D.8"):
        build_matchup([MAJESTIC], [VIGILANT], BattleSettings(options=("D.8r",)))


def test_d6_graded_turns_book_examples() -> None:
    # D.6: ""2P1P2(5)" is a valid set of movement orders ... "1LP4(6)" is not valid ... "P2(2)" is not a valid set
    # of movement orders ... The ship would instead need to write movement orders of "1P1(2)"."
    assert movement_rules.graded(parse_orders("2P1P2(5)"))
    assert not movement_rules.graded(parse_orders("1LP4(6)"))
    assert not movement_rules.graded(parse_orders("P2(2)"))
    assert movement_rules.graded(parse_orders("1P1(2)"))
    assert movement_rules.graded(parse_orders("6(6)"))
    got = fights(options=("D.6",), n=6)
    assert moves(got) != moves(core()[:6])
    for r in got:
        for line in r.log:
            if " orders " in line and "illegal" not in line:
                text = line.split(" orders ")[1].split(" req ")[0]
                assert movement_rules.graded(parse_orders(text)), line


def test_d1_emergency_thrust_book_example() -> None:
    # D.1: "A starship that performed emergency thrust ... has five boxes remaining on its engine track during the
    # End Phase. Five dice are rolled, coming up 1, 2, 3, 3, and 6. As a result, two engine boxes must be checked off."
    from drydock.engine.battle import Battle

    m = build_matchup([MAJESTIC], [VIGILANT], BattleSettings(options=("D.1",)))
    b = Battle(m, random.Random(1), log=True)
    s = b.ships[0]
    s.eng_hits = len(s.spec.engine_track) - 5
    (thrust,) = [r for r in b.rules_in_force if isinstance(r, EmergencyThrust)]
    thrust.thrusted.append(s)
    b.rng = Dice([1, 2, 3, 3, 6])
    thrust.end_phase()
    assert len(s.spec.engine_track) - s.eng_hits == 3
    # "a ship with an engine rating of 5 could incur an engine requirement of up to 10"; "Boosters ... are not
    # doubled"
    o = parse_orders("E/2P2(4)")
    assert movement_rules.option_legal(o, 10, 5, 0, False) and not movement_rules.option_legal(o, 11, 5, 0, False)
    assert movement_rules.option_legal(o, 11, 5, 1, False) and not movement_rules.option_legal(o, 12, 5, 1, False)
    got = fights(options=("D.1",), n=6)
    assert any("emergency thrust (D.1)" in line for r in got for line in r.log)


def test_s2_exit_edge_and_runner() -> None:
    # S.2: "each defending ship that moves off the game board via the attacking side's edge awards VPs to the
    # defending side, not the attacking side"
    from drydock.engine.hexgrid import from_offset
    from drydock.engine.options.breakout import Breakout
    from drydock.engine.options.on_patrol import OnPatrol

    assert Breakout.edge == "west" and OnPatrol.edge == "east"
    assert scenarios.edge_of(*from_offset(-1, 5), 32) == "west"
    assert scenarios.edge_of(*from_offset(32, 5), 32) == "east"
    assert scenarios.edge_of(*from_offset(5, -1), 32) is None
    s = state(VIGILANT, side=1)
    s.q, s.r = from_offset(2, 8)
    s.heading = s.facing = 3  # toward the west edge
    out = scenarios.run_for_edge(s, "west", (32, 18), lambda o: True, 12)
    from drydock.engine.movement import execute

    q, r, _, _, off = execute(out, s.q, s.r, s.heading, (32, 18))
    assert off and scenarios.edge_of(q, r, 32) == "west"


def test_s10_tin_can_dustup_plays_small_ships() -> None:
    # S.10: "Each side has a fleet limit of 1200; however, no individual ship may have a combat rating higher than
    # 150 ... Either side may claim victory once 500 VPs have been earned" (scaled with the sides' CR)
    comet, shade = design("comet-frigate"), design("shade-raider")
    m = build_matchup([comet, comet], [shade, shade], BattleSettings(scenario="S.10"))
    cr = 2 * max(ShipSpec(comet).cr, ShipSpec(shade).cr)
    assert m.vp_target == -(-500 * cr // 1200)
    assert m.vp_target != build_matchup([comet, comet], [shade, shade]).vp_target


def test_variants_d8r_e5r_take_effect() -> None:
    sides = ([MAJESTIC, MAJESTIC], [VIGILANT, VIGILANT, VIGILANT])
    d8 = fights(options=("D.8",), sides=sides, n=6)
    d8r = fights(options=("D.8", "D.8r"), sides=sides, n=6)
    assert moves(d8) != moves(d8r)
    e5 = fights(options=("E.5",), n=6)
    e5r = fights(options=("E.5r",), n=6)
    assert moves(e5) != moves(e5r)


def spec_of(name: str) -> ShipSpec:
    return ShipSpec(design(name))


CARRIER = design("wyvern-carrier")


# ------------------------------------------------------------------ G.4 nebulae: every impact roll
def test_g4_even_impact_rolls_of_fighters_mines_and_seekers() -> None:
    """G.4: "any even impact roll (p.20) automatically succeeds, regardless of the target's shield rating" (any:
    the IMP 1 rolls of fighters, mines, asteroid fields, explosions, shockwaves and seekers too). The book's
    faces 3, 4, 5 against shield 4: one point of impact outside a nebula, two inside (the 4 penetrates)."""
    b = Battle(Matchup([spec_of("majestic")], [spec_of("vigilant-cruiser")],
                       BattleSettings(terrain=("nebula",))), random.Random(1),
               log=False)
    shielded = ShipSpec(from_yaml("class: Shielded\nhull: 12\nengines: 2\nshields: 4\n")[0])
    assert in_nebula(b)
    target = ShipState(shielded, 1, 1, "B1 Shielded", UNITY)
    assert target.shield(0) == 4 and not target.screens
    assert small_hits(Faces([3, 4, 5, 1, 1]), target, 3, 0, even=True)[0] == 2
    assert small_hits(Faces([3, 4, 5, 1]), ShipState(shielded, 1, 1, "B1 Shielded", UNITY), 3, 0)[0] == 1
    assert impact_roll(b)(Faces([2]), 5, 0) == 1  # a seeker's impact die: even, so it scores against shield 5
    flat = Battle(Matchup([spec_of("majestic")], [spec_of("vigilant-cruiser")]), random.Random(1), log=False)
    assert not in_nebula(flat) and impact_roll(flat)(Faces([2]), 5, 0) == 0


def test_g4_fighter_attacks_in_a_nebula_in_seeded_battles() -> None:
    """Carriers against a Bastion (shield 4) in a nebula and outside: the same seeded battles, the fighters' impact
    differs where an even die fails against the shield outside the nebula."""
    a, b = [CARRIER, CARRIER], [design("bastion-battleship")]
    neb = build_matchup(a, b, BattleSettings(terrain=("nebula",)))
    flat = build_matchup(a, b)
    got = [neb.fight(random.Random(run_seed(3, i)), log=True).log for i in range(3)]
    core = [flat.fight(random.Random(run_seed(3, i)), log=True).log for i in range(3)]
    strikes = [x for log in got for x in log if "-fighters#" in x and " attacks B1" in x]
    assert strikes and got != core




def test_s6_scores_the_defenders_ships_and_e4_the_attackers() -> None:
    """S.6 with E.4: the attacker scores a defending ship's full VPs once it has lost more than half its hull, and
    nothing more; E.4's shares go on for the attacker's own ships (S.6 claims the defender's: ``scores_ship``)."""
    from drydock.engine.options.hit_and_run import HitAndRun
    from drydock.engine.options.partial_victory_points import PartialVictoryPoints

    bt = Battle(build_matchup([MAJESTIC], [VIGILANT], BattleSettings(options=("E.4",), scenario="S.6")),
                random.Random(1), log=True)
    e4 = next(rule for rule in bt.rules_in_force if isinstance(rule, PartialVictoryPoints))
    s6 = next(rule for rule in bt.rules_in_force if isinstance(rule, HitAndRun))
    a, b = bt.ships
    a.hull_hits = b.hull_hits = b.spec.hull // 2 + 1
    for rule in bt.rules_in_force:
        rule.score_damage()
    share = combat_rules.share_vp(a.spec.cr, combat_rules.partial_share(a))
    assert bt.vp == [b.spec.cr, share] and share < a.spec.cr
    assert s6.destroyed(b, b.spec.cr, "destroyed", True) == 0  # scored in full already
    assert e4.destroyed(b, b.spec.cr, "destroyed", True) == b.spec.cr  # left to S.6
    assert e4.destroyed(a, a.spec.cr, "destroyed", True) == combat_rules.share_vp(a.spec.cr, 100) - share
