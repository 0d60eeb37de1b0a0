"""T.2 and T.3 as leagues, step by step on in-memory fleets (no files): each rule quoted where it is tested.

Source: Unity Rulebook v2.0, Appendix T, pp.66-67."""

from __future__ import annotations

import pytest

from drydock.core.campaign.state import Ship
from drydock.core.league import knockout, rotation, supply
from drydock.core.league.games import choose_forces, enter_result, roll_game
from drydock.core.league.rules import LEAGUE_RULES, LeagueRules, quote
from drydock.core.league.state import Entrant, League
from drydock.core.marked import Marked
from drydock.errors import DrydockError

BOXES = {"hull": 10, "engines": 6, "shields": 4, "weapons": 8}


def fleet(name: str, crs: list[int], player: str = "") -> Entrant:
    ships = [Ship(id=f"{name}-{i}", name=f"{name} {i}", design="d", cr=cr, boxes=dict(BOXES), entry=0)
             for i, cr in enumerate(crs, 1)]
    return Entrant(name=name, player=player or name, fleet=f"{name}.yaml", ships=ships)


def t2(victories: int | None = None, rounds: int | None = None) -> League:
    entrants = {n: fleet(n, [600, 400, 225, 100]) for n in ("Ann", "Bob", "Cy")}
    return rotation.start("club", LeagueRules(victories=victories, rounds=rounds), entrants, seed=7)


def test_t2_1_a_fleet_over_2000_is_refused() -> None:
    # T.2(1): "Each player assembles a fleet with a combat rating limit of 2000."
    assert LEAGUE_RULES["T.2(1)"] == "Each player assembles a fleet with a combat rating limit of 2000."
    entrants = {"Ann": fleet("Ann", [1500, 501]), "Bob": fleet("Bob", [100]), "Cy": fleet("Cy", [100])}
    with pytest.raises(DrydockError, match="over the league's limit of 2000 by 1"):
        rotation.start("x", LeagueRules(), entrants, seed=1)


def test_t2_3_to_5_roll_then_the_next_players_accept_or_decline_in_order() -> None:
    lg = t2()
    active = rotation.active(lg)
    assert active == lg.order[0]
    lg = rotation.open_game(lg)
    lg = roll_game(lg, 0, (2, 1))  # 21: S.4 Fleet Action, 2000 CR a side
    last = lg.order[2]
    lg = rotation.challenge(lg, last)
    g = lg.games[0]
    # T.2(4)/(5): the next player in initiative order is asked first; the one before the acceptor declined
    assert g.sides == [active, last] and g.declined == [lg.order[1]]
    assert g.scenario == "S.4" and len(g.ships[active]) == 4  # the whole 1325-CR fleet fits S.4's 2000
    fresh = roll_game(rotation.open_game(t2()), 0, (2, 1))
    with pytest.raises(DrydockError, match="cannot accept"):
        rotation.challenge(fresh, active)


def test_t2_6_nobody_accepts_the_active_player_scores() -> None:
    # T.2(6): "If no other player accepted battle, the active player automatically scores a victory."
    lg = roll_game(rotation.open_game(t2()), 0, (6, 6))
    lg = rotation.challenge(lg, None)
    who = lg.order[0]
    assert lg.victories()[who] == 1
    assert lg.games[0].owed() == lg.order[1:]  # T.2(8): each who declined rolls x 25


def _fought(lg: League) -> League:
    lg = roll_game(rotation.open_game(lg), len(lg.games), (2, 2))  # S.4
    return rotation.challenge(lg, lg.order[1])


def test_t2_7_survivors_repaired_hull_kept_and_t2_8_rp_rolls() -> None:
    lg = _fought(t2())
    a, b = lg.games[0].sides
    hit = lg.entrants[a].ships[0].id
    lg = enter_result(lg, 0, winner=b, destroyed=[lg.entrants[a].ships[3].id],
                      damage={hit: Marked(hull=3, engines=2, weapons=1)})
    # T.2(7): "all engine, shield, weapon, and equipment damage repaired [...] hull damage is not"
    assert lg.entrants[a].ship(hit).damage == Marked(hull=3)
    assert not lg.entrants[a].ships[3].active
    assert lg.victories()[b] == 1
    assert lg.games[0].owed() == [a]
    with pytest.raises(DrydockError, match="owed no RP roll"):
        supply.rp_roll(lg, b, (3, 3))
    # T.2(8): "The player who lost the scenario rolls two dice and multiplies the total by 50."
    lg = supply.rp_roll(lg, a, (3, 4))
    assert lg.entrants[a].rp == 350
    # T.2(8): "a hull size 10 ship with a combat rating of 225 would require 23 RPs to repair a single hull point"
    ship225 = lg.entrants[a].ships[2]
    lg.entrants[a].ships[2].damage = Marked(hull=2)
    lg = supply.repair_hull(lg, a, ship225.id, 2)
    assert lg.entrants[a].rp == 350 - 46
    # "A player may not use RPs to increase their fleet's total combat rating to more than 2000."
    lg.entrants[a].rp = 5000
    big = Ship(id="new", name="Big", design="d", cr=1000, boxes=dict(BOXES), source="big.yaml")
    with pytest.raises(DrydockError, match="over 2000"):
        supply.add_ship(lg, a, big)
    lg = supply.add_ship(lg, a, Ship(id="new", name="Kite", design="d", cr=100, boxes=dict(BOXES), source="k.yaml"))
    assert lg.entrants[a].rp == 4900 and lg.entrants[a].total_cr() == 1225 + 100


def test_t2_9_a_new_order_each_round_and_the_first_to_the_victories_wins() -> None:
    # T.2(9): "Once all players have had a chance to be the active player, determine a new initiative order"
    lg = t2(victories=2)
    first = list(lg.order)
    for _ in range(3):
        lg = roll_game(rotation.open_game(lg), len(lg.games), (6, 6))
        lg = rotation.challenge(lg, None)
        for who in lg.games[-1].owed():
            lg = supply.rp_roll(lg, who, (1, 1))
        lg = rotation.advance(lg)
    assert lg.round == 2 and sorted(lg.order) == sorted(first)
    assert lg.order == rotation.order_for(lg, 2)
    lg = roll_game(rotation.open_game(lg), len(lg.games), (6, 6))
    lg = rotation.challenge(lg, None)
    for who in lg.games[-1].owed():
        lg = supply.rp_roll(lg, who, (1, 1))
    lg = rotation.advance(lg)
    assert lg.winner == lg.order[0]
    assert "pre-determined number of victories wins the campaign" in quote("T.2(9) end")


def test_t2_5_only_a_portion_of_the_fleet_is_fielded() -> None:
    # T.2(5): "only a portion of the fleet will be used in the scenario"; S.6's attacker limit is 1000
    ships = fleet("Ann", [600, 400, 225, 100]).ships
    assert choose_forces(ships, 1000, "S.6", 0) == ["Ann-1", "Ann-2"]
    assert choose_forces(ships, 600, "S.1", 1) == ["Ann-1"]  # S.1: the defender is one ship
    assert choose_forces(ships, 1200, "S.10", 0, {"max_cr": 150}) == ["Ann-4"]  # S.10: no ship above 150


def t3(players: int) -> League:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    per = 2 if players <= 3 else 1
    entrants = {f"{p}{k}": fleet(f"{p}{k}", [500], player=p) for p in names for k in range(1, per + 1)}
    return knockout.start("cup", LeagueRules(), entrants, seed=2)


def _play_group(lg: League, vps: dict[str, int]) -> League:
    while lg.games[-1].stage == "group" and lg.open_games():
        for g in list(lg.open_games()):
            i = lg.games.index(g)
            lg = roll_game(lg, i, (5, 1))
            a, b = g.sides
            lg = enter_result(lg, i, winner=None, vp={a: vps[a], b: vps[b]})
        lg = knockout.advance(lg)
    return lg


def test_t3_three_players_semi_finals_and_the_doubled_players_final() -> None:
    # T.3(6): "seeding is therefore determined by pitting the doubled player's top-scoring fleet against the
    # lower-scoring fleet of the two opposing fleets, and the doubled player's low-scoring fleet against the
    # higher-scoring of the two opposing fleets."
    lg = _play_group(t3(3), {"Ann1": 100, "Ann2": 70, "Bob1": 90, "Bob2": 10, "Cy1": 80, "Cy2": 20})
    semis = [g for g in lg.games if g.stage == "semi-final"]
    assert [g.sides for g in semis] == [["Ann1", "Cy1"], ["Ann2", "Bob1"]]
    with pytest.raises(DrydockError, match="name the winner"):
        enter_result(roll_game(lg, lg.games.index(semis[0]), (1, 1)), lg.games.index(semis[0]), winner=None,
                     vp={"Ann1": 50, "Cy1": 50})
    for g in semis:
        i = lg.games.index(g)
        lg = enter_result(roll_game(lg, i, (1, 1)), i, winner=g.sides[0], vp={g.sides[0]: 300, g.sides[1]: 100})
    lg = knockout.advance(lg)
    # T.3(8): "if the same player won both semi-final games, the final scenario is played between the doubled
    # player's top-scoring fleet (in the semi-finals) and the higher-scoring of the two opposing fleets."
    assert lg.games[-1].stage == "final" and lg.games[-1].sides == ["Ann1", "Bob1"]
    i = len(lg.games) - 1
    lg = knockout.advance(enter_result(roll_game(lg, i, (4, 5)), i, winner="Bob1", vp={"Ann1": 0, "Bob1": 900}))
    assert lg.winner == "Bob1"


def test_t3_two_players_skip_the_semi_finals() -> None:
    # T.3(6): "If only two players are involved in the tournament, skip the semi-final round"
    lg = _play_group(t3(2), {"Ann1": 100, "Ann2": 70, "Bob1": 90, "Bob2": 10})
    assert [g.stage for g in lg.games].count("semi-final") == 0
    assert lg.games[-1].stage == "final" and lg.games[-1].sides == ["Ann1", "Bob1"]


def test_t3_four_players_one_v_four_two_v_three_and_no_damage_carried() -> None:
    lg = _play_group(t3(4), {"Ann1": 100, "Bob1": 90, "Cy1": 80, "Di1": 10})
    assert [g.sides for g in lg.games if g.stage == "semi-final"] == [["Ann1", "Di1"], ["Bob1", "Cy1"]]
    i = next(k for k, g in enumerate(lg.games) if g.fought is None)
    lg = roll_game(lg, i, (1, 1))
    # T.3(5): "All damaged or destroyed starships are fully repaired and/or replaced in between scenarios."
    with pytest.raises(DrydockError, match="carries no damage"):
        enter_result(lg, i, winner="Ann1", vp={"Ann1": 1, "Di1": 0}, destroyed=["Di1-1"])


def test_t2_9_rounds_agreed_most_victories_wins_ties_shared() -> None:
    # T.2(9) end: "the campaign may last for a pre-determined number of "rounds", at the end of which the player with
    # the most victories wins." One round, each player unopposed once: three victories of one each, shared.
    lg = t2(rounds=1)
    for _ in range(3):
        lg = roll_game(rotation.open_game(lg), len(lg.games), (6, 6))
        lg = rotation.challenge(lg, None)
        for who in lg.games[-1].owed():
            lg = supply.rp_roll(lg, who, (1, 1))
        lg = rotation.advance(lg)
    assert lg.winner == " and ".join(lg.order)
    with pytest.raises(DrydockError, match="over"):
        rotation.active(lg)


def test_t3_three_players_different_semi_winners_meet_in_the_final() -> None:
    lg = _play_group(t3(3), {"Ann1": 100, "Ann2": 70, "Bob1": 90, "Bob2": 10, "Cy1": 80, "Cy2": 20})
    semis = [g for g in lg.games if g.stage == "semi-final"]
    for g in semis:  # Ann1 v Cy1: Cy1 wins; Ann2 v Bob1: Ann2 wins
        i = lg.games.index(g)
        winner = g.sides[1] if g.sides[0] == "Ann1" else g.sides[0]
        lg = enter_result(roll_game(lg, i, (1, 1)), i, winner=winner, vp={g.sides[0]: 1, g.sides[1]: 1})
    lg = knockout.advance(lg)
    assert lg.games[-1].sides == ["Cy1", "Ann2"]
