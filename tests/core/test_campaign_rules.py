"""Appendix T's rules as the campaign core applies them, each test quoting the rule it checks.

Source: Starmada Unity Rulebook v2.0 (April 2020), Appendix T: Campaigns, pp.65-67
(../shared/seeds beside the checkout is the raw text; drydock.core.campaign.rules.T_RULES holds the quotes).
"""

from __future__ import annotations

import os
import random

import pytest

from drydock.core.campaign import turns
from drydock.core.campaign.map import t1_map
from drydock.core.campaign.rotating import League, challengers, initiative_order
from drydock.core.campaign.rules import (
    T_RULES,
    CampaignRules,
    hull_repair_cost,
    replenishment,
    rotating_replenishment,
)
from drydock.core.campaign.state import Campaign, Ship, Side
from drydock.core.campaign.tournament import Entry, check_games, group_rounds, knockout, standings, three_player_final
from drydock.core.marked import Marked, parse_marked
from drydock.errors import DrydockError
from tests.helpers import ROOT

BOXES = {"hull": 10, "engines": 6, "shields": 4, "weapons": 8}


def ship(sid: str, cr: int = 225, hull: int = 10) -> Ship:
    return Ship(id=sid, name=sid.lower(), design="test", cr=cr, boxes={**BOXES, "hull": hull}, entry=0)


def campaign(a: list[Ship] | None = None, b: list[Ship] | None = None, rules: CampaignRules | None = None) -> Campaign:
    sides = {"A": Side("Ann", "a.yaml", a or [ship("A-1"), ship("A-2")]),
             "B": Side("Bob", "b.yaml", b or [ship("B-1"), ship("B-2")])}
    return turns.start("test", t1_map(), rules or CampaignRules(), sides)


def placed(c: Campaign, a: dict[str, str], b: dict[str, str]) -> Campaign:
    c = turns.give_orders(c, "A", a)
    c = turns.give_orders(c, "B", b)
    return turns.reveal(c)


def test_the_quotes_are_the_book_text() -> None:
    # the rulebook text lies beside the checkout (../shared), as it does in CI; a copy without it skips, except in CI
    seeds = ROOT.parent / "shared" / "seeds" / "003_f64d61b70b141063.txt"
    if not seeds.is_file() and os.environ.get("CI") != "true":
        pytest.skip("the rulebook text (../shared/seeds) is not beside this checkout")
    text = seeds.read_text(encoding="utf-8")
    flat = " ".join(text.split()).replace("-", "")  # the PDF text lost the hyphens of words broken at a line end
    for rule, quote in T_RULES.items():
        for part in quote.split(" [...] "):
            assert " ".join(part.split()).replace("-", "") in flat, rule


def test_t1_map_b6_links() -> None:
    # T.1(4): "any ships located at objective B6 may move into objective B3, B5, C3, or C4."
    m = t1_map()
    assert m.links["B6"] == ("B3", "B5", "C3", "C4")
    # T.1(3): "one player begins ... among objectives A1-A3, while the other ... among objectives B1-B3"
    assert m.start == {"A": ("A1", "A2", "A3"), "B": ("B1", "B2", "B3")}
    assert m.home == {"A": "A1", "B": "B1"}  # T.1(7): "home objective (A1 or B1)"
    assert len(m.links) == 16
    assert all(m.key(o) in m.links[x] for x in m.links for o in m.links[x])  # links go both ways


def test_t1_2_fleet_limit_2000() -> None:
    # T.1(2): "Each player assembles a fleet with a combat rating limit of 2000."
    campaign([ship("A-1", cr=2000)])
    with pytest.raises(DrydockError, match=r"fleet total CR 2001 is over the campaign's limit of 2000 by 1 \(T.1\(2\)"):
        campaign([ship("A-1", cr=2000), ship("A-2", cr=1)])
    with pytest.raises(DrydockError, match="limit of 1500"):  # the limit the players set
        campaign([ship("A-1", cr=1600)], rules=CampaignRules(fleet_limit=1500))


def test_t1_3_starting_locations_secret_and_among_a1_a3() -> None:
    c = campaign()
    with pytest.raises(DrydockError, match=r"cannot start at A4: side A starts among A1, A2, A3 \(T.1\(3\)"):
        turns.give_orders(c, "A", {"A-1": "A4", "A-2": "A1"})
    with pytest.raises(DrydockError, match=r"no starting objective for a-2 \(A-2\)"):
        turns.give_orders(c, "A", {"A-1": "A1"})
    c = turns.give_orders(c, "A", {"A-1": "A1", "A-2": "A3"})
    assert c.ship("A-1").at is None  # recorded, not carried out: secret until revealed
    with pytest.raises(DrydockError, match="side B has given no orders yet"):
        turns.reveal(c)


def test_t1_4_moves_along_links_only() -> None:
    c = placed(campaign(), {"A-1": "A1", "A-2": "A3"}, {"B-1": "B1", "B-2": "B3"})
    assert c.turn == 1 and c.phase == "orders"
    with pytest.raises(DrydockError, match=r"a-1 \(A-1\) at A1 cannot move to A5: A1 links to A2, A3"):
        turns.give_orders(c, "A", {"A-1": "A5"})
    with pytest.raises(DrydockError, match="side A has no ship 'Z-9'"):
        turns.give_orders(c, "A", {"Z-9": "A2"})
    with pytest.raises(DrydockError, match="cannot order 'B-1': it is a ship of side B"):
        turns.give_orders(c, "A", {"B-1": "B2"})
    c = turns.give_orders(c, "A", {"A-2": "A6"})
    assert c.sides["A"].orders == {"A-2": "A6", "A-1": "A1"}  # a ship not named stays


def _to_battle() -> Campaign:
    """A-1 and B-1 meet at C3 in turn 3."""
    c = placed(campaign(), {"A-1": "A3", "A-2": "A1"}, {"B-1": "B3", "B-2": "B1"})
    for a, b in (("A6", "B6"), ("C3", "B6")):
        c = turns.give_orders(c, "A", {"A-1": a})
        c = turns.give_orders(c, "B", {"B-1": b})
        c = turns.reveal(c)
        if c.phase == "supply":
            c = turns.supply(turns.supply(c, "A", (1, 1)), "B", (1, 1))
    c = turns.give_orders(c, "A", {})
    c = turns.give_orders(c, "B", {"B-1": "C3"})
    return turns.reveal(c)


def test_t1_5_battle_where_both_meet_and_fought_to_the_end() -> None:
    # T.1(5): "If any objective contains starships belonging to both players, a battle must be fought."
    c = _to_battle()
    assert c.phase == "battles" and [(b.at, b.ships) for b in c.due()] == [("C3", {"A": ["A-1"], "B": ["B-1"]})]
    # "the game continues until only one side's ships remain on the game board."
    with pytest.raises(DrydockError, match="ships of both sides remain on the board"):
        turns.enter_result(c, "C3", damage={"A-1": Marked(hull=2)})
    with pytest.raises(DrydockError, match=r"destroyed a-2 \(A-2\): it was not in the battle at C3"):
        turns.enter_result(c, "C3", destroyed=["A-2"])
    with pytest.raises(DrydockError, match="10 hull boxes checked of 10"):
        turns.enter_result(c, "C3", destroyed=["B-1"], damage={"A-1": Marked(hull=10)})
    with pytest.raises(DrydockError, match="no battle at C1"):
        turns.enter_result(c, "C1", destroyed=["B-1"])
    done = turns.enter_result(c, "C3", destroyed=["B-1"], damage={"A-1": Marked(hull=3, engines=2, weapons=1)})
    assert done.ship("B-1").lost == "destroyed at C3, turn 3"
    # T.1(6): engine, shield, weapon damage repaired; "hull damage is not automatically repaired"
    assert done.ship("A-1").damage == Marked(hull=3)
    assert done.phase == "supply"
    assert c.ship("B-1").lost is None  # the input campaign is never changed


def test_t1_5_escape_returns_or_is_destroyed() -> None:
    # T.1(5): "Any ships escaping the battle ... must return to the objective previously occupied. If that objective
    # was also contested, and no longer remains in the player's possession, the ships are considered to have been
    # destroyed."
    c = _to_battle()
    fled = turns.enter_result(c, "C3", escaped=["B-1"])  # B-1 came from B6, not contested: back there
    assert fled.ship("B-1").at == "B6" and fled.ship("B-1").active
    # A-1 did not move this turn: it escapes to C3 itself, contested and lost to side B
    lost = turns.enter_result(c, "C3", escaped=["A-1"])
    assert lost.ship("A-1").lost == "destroyed: escaped from C3 to C3, contested and lost, turn 3"


def test_t1_7_replenishment_points_book_example() -> None:
    # T.1(7): "if a player controls eight objectives and rolls a 2 and a 5, a total of 300 RPs would be received
    # (2 + 5 + 8 = 15 x 20)."
    assert replenishment((2, 5), 8, CampaignRules()) == 300
    assert replenishment((2, 5), 8, CampaignRules(rp_multiplier=10)) == 150  # the players' repair rate
    with pytest.raises(DrydockError, match="rolls 2 dice, each 1-6"):
        replenishment((7, 1), 0, CampaignRules())


def test_t1_7_hull_repair_cost_book_example() -> None:
    # T.1(7): "a hull size 10 ship with a combat rating of 225 would require 23 RPs to repair a single hull point
    # (225 / 10 = 22.5, rounded up)."
    assert hull_repair_cost(225, 10) == 23
    assert hull_repair_cost(220, 10) == 22


def test_t1_7_supply_repairs_and_new_ships() -> None:
    c = turns.enter_result(_to_battle(), "C3", destroyed=["B-1"], damage={"A-1": Marked(hull=3)})
    saved = c.sides["A"].rp
    c = turns.supply(c, "A", (2, 5))
    held = len(c.occupied("A"))
    assert held == 2 and c.sides["A"].rp - saved == (2 + 5 + 2) * 20
    with pytest.raises(DrydockError, match="side A has already rolled"):
        turns.supply(c, "A", (1, 1))
    c = turns.repair_hull(c, "A", "A-1", 2)  # 2 x 23 RPs
    assert c.ship("A-1").damage.hull == 1 and c.sides["A"].rp == saved + 180 - 46
    with pytest.raises(DrydockError, match="has 1 hull boxes checked; cannot repair 2"):
        turns.repair_hull(c, "A", "A-1", 2)
    # "New ships enter the campaign at the player's home objective (A1 or B1)."
    c2 = turns.add_ship(c, "A", ship("A-3", cr=100))
    assert c2.ship("A-3").at == "A1" and c2.sides["A"].rp == c.sides["A"].rp - 100
    # "A player may not use RPs to increase their fleet's total combat rating to more than 2000."
    rich = turns.supply(c, "B", (6, 6))
    rich.sides["A"].rp = 5000
    with pytest.raises(DrydockError, match=r"makes the fleet 2001 CR, over 2000"):
        turns.add_ship(rich, "A", ship("A-3", cr=2001 - rich.sides["A"].total_cr()))
    with pytest.raises(DrydockError, match="costs 900 RPs"):
        turns.add_ship(c, "A", ship("A-3", cr=900))
    with pytest.raises(DrydockError, match="side B has not rolled for RPs yet"):
        turns.give_orders(c, "A", {})


def test_t1_8_home_objective_ends_the_campaign() -> None:
    # T.1(8): "The campaign continues until one player occupies their opponent's home objective (A1 or B1), or
    # until either player concedes that defeat is inevitable."
    c = placed(campaign(), {"A-1": "A1", "A-2": "A1"}, {"B-1": "B2", "B-2": "B2"})
    path = ["A3", "A6", "C4", "B6", "B3", "B1"]
    for step in path:
        c = turns.give_orders(c, "A", {"A-1": step})
        c = turns.give_orders(c, "B", {})
        c = turns.reveal(c)
        if c.phase == "over":
            break
        c = turns.supply(turns.supply(c, "A", (1, 1)), "B", (1, 1))
    assert c.phase == "over" and c.winner == "A"
    with pytest.raises(DrydockError, match="the campaign is over"):
        turns.give_orders(c, "A", {})
    assert turns.concede(campaign(), "A").winner == "B"


def test_marked_damage_parse_and_check() -> None:
    assert parse_marked("hull:2, engines:1") == Marked(hull=2, engines=1)
    assert parse_marked("none") == Marked()
    with pytest.raises(DrydockError, match="write TRACK:BOXES"):
        parse_marked("armor:2")
    with pytest.raises(DrydockError, match="named twice"):
        parse_marked("hull:1,hull:2")
    with pytest.raises(DrydockError, match="7 shields boxes checked, but its shields track has 4"):
        Marked(shields=7).check(BOXES, "x")


def test_t2_rotation_order_and_who_is_asked() -> None:
    # T.2(2): "Determine a player initiative order in any random fashion."
    order = initiative_order(["Ann", "Bob", "Cy", "Di"], random.Random(5))
    assert sorted(order) == ["Ann", "Bob", "Cy", "Di"]
    assert order == initiative_order(["Ann", "Bob", "Cy", "Di"], random.Random(5))  # seeded: the same order
    # T.2(4): "The next player in initiative order has the first choice of accepting battle ... or declining."
    assert challengers(["Ann", "Bob", "Cy", "Di"], "Cy") == ["Di", "Ann", "Bob"]
    with pytest.raises(DrydockError, match="three or more players"):
        initiative_order(["Ann", "Bob"], random.Random(1))


def test_t2_victories_and_rps() -> None:
    league = League(["Ann", "Bob", "Cy"])
    order = ["Ann", "Bob", "Cy"]
    # Bob declines, Cy accepts and loses: T.2(8) "The player who lost ... two dice x 50"; "declined ... x 25"
    league.play(order, "Ann", "Cy", "Ann", {"Cy": (3, 4), "Bob": (2, 2)})
    assert league.rp == {"Cy": 350, "Bob": 100} and league.victories == {"Ann": 1}
    # T.2(6): "If no other player accepted battle, the active player automatically scores a victory."
    league.play(order, "Bob", None, None, {"Cy": (1, 1), "Ann": (6, 6)})
    assert league.victories == {"Ann": 1, "Bob": 1} and league.rp["Ann"] == 300
    with pytest.raises(DrydockError, match="Ann receives no RPs"):
        league.play(order, "Cy", "Ann", "Ann", {"Cy": (1, 1), "Ann": (1, 1)})
    assert rotating_replenishment((2, 3), "won") == 0


def _fleets(n_players: int) -> list[Entry]:
    per = 2 if n_players <= 3 else 1
    return [Entry(f"{chr(65 + p)}{k + 1}", f"P{p}") for p in range(n_players) for k in range(per)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_t3_group_stage(players: int) -> None:
    entries = _fleets(players)
    rounds = group_rounds(entries, random.Random(players))
    owner = {e.fleet: e.player for e in entries}
    met = [frozenset(g) for r in rounds for g in r if g[1] is not None]
    # T.3(4): "No fleet may be matched with the same opposing fleet more than once" ...
    assert len(met) == len(set(met))
    # ... "a player's two fleets may not be matched with each other."
    assert all(owner[a] != owner[b] for a, b in (tuple(m) for m in met))
    # T.3(5): "until all fleets have fought one scenario against each opposing fleet"
    want = {frozenset((a.fleet, b.fleet)) for a in entries for b in entries if a.player != b.player}
    assert set(met) == want
    # T.3(4): "nor may any fleet receive a bye in more than one round"; every fleet at most once a round
    byes = [g[0] for r in rounds for g in r if g[1] is None]
    assert len(byes) == len(set(byes))
    for r in rounds:
        playing = [f for g in r for f in g if f]
        assert len(playing) == len(set(playing))


def test_t3_knockout_seeding() -> None:
    four = _fleets(4)
    table = standings([e.fleet for e in four], [("A1", "B1", 300, 100), ("C1", "D1", 250, 200)])
    assert table == [("A1", 300), ("C1", 250), ("D1", 200), ("B1", 100)]
    # T.3(6): "the top scoring fleet is matched against the fourth-highest ...; the second-highest ... third-highest"
    assert knockout(four, table) == [("A1", "B1"), ("C1", "D1")]
    two = _fleets(2)
    # T.3(6): "If only two players are involved ... have each player's top-scoring fleet play each other in the final"
    assert knockout(two, [("B2", 400), ("A1", 300), ("B1", 200), ("A2", 100)]) == [("B2", "A1")]
    three = _fleets(3)
    ranked = [("A1", 600), ("A2", 500), ("B1", 400), ("C1", 300), ("B2", 200), ("C2", 100)]
    # T.3(6): semis are each player's top fleet (A1, B1, C1) and the fourth-highest (A2: A is doubled);
    # "pitting the doubled player's top-scoring fleet against the lower-scoring fleet of the two opposing fleets,
    # and the doubled player's low-scoring fleet against the higher-scoring of the two opposing fleets."
    assert knockout(three, ranked) == [("A1", "C1"), ("A2", "B1")]
    # T.3(8): the doubled player won both: "the doubled player's top-scoring fleet ... and the higher-scoring of
    # the two opposing fleets."
    assert three_player_final(three, ranked, ("A1", "A2")) == ("A1", "B1")
    assert three_player_final(three, ranked, ("A1", "B1")) == ("A1", "B1")
    assert check_games(three, [("A1", "B1", 1, 0)]) == 12
    with pytest.raises(DrydockError, match=r"T.3\(4\): A1 v A2: a player's two fleets may not be matched"):
        check_games(three, [("A1", "A2", 1, 0)])
    with pytest.raises(DrydockError, match=r"T.3\(4\): B1 v A1 twice"):
        check_games(three, [("A1", "B1", 1, 0), ("B1", "A1", 0, 1)])
    with pytest.raises(DrydockError, match=r"T.3\(1\): with 2 players each fields two fleets"):
        group_rounds([Entry("x", "P"), Entry("y", "Q")], random.Random(1))
