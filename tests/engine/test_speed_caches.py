"""The engine's speed caches (issue 22) give what the uncached rules and doctrine give.

Each cache is checked against the function it stands for on a sample: the cached requirement (3.2) and order
check (3.1, 3.4) against the plain functions, and the doctrine's memoised decisions against the same decision
computed afresh, with no memo or table carried over, over the turns of seeded battles of several designs.
The speed figures themselves live in ``bench/bench_battle.py``, not here.
"""

import copy
import gc
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from drydock.engine.ai import Doctrine
from drydock.engine.battle import Battle, Matchup
from drydock.engine.damage import _cheapest, _cheapest_all
from drydock.engine.dice import hits_by_face, impact_by_face, roll_hits, roll_impact
from drydock.engine.hexgrid import from_offset, on_board
from drydock.engine.montecarlo import build_matchup, run_seed, simulate
from drydock.engine.movement import Orders, order_problem, requirement
from drydock.engine.orders_menu import boosted_moves, candidate_moves, candidate_reach, candidates
from drydock.engine.settings import BattleSettings
from drydock.engine.ship_rules import UNITY
from drydock.engine.ships import ShipSpec, ShipState
from drydock.formats import read_designs
from tests.helpers import ROOT, interpreted_only

EXAMPLES = ROOT / "examples" / "designs"

STEPS = st.lists(st.one_of(st.integers(0, 8), st.sampled_from("PSULR")), max_size=5)


@settings(max_examples=300, deadline=None)
@given(steps=STEPS, pivot=st.integers(-4, 4), prefixes=st.lists(st.sampled_from("EZ@C"), max_size=2),
       prev=st.integers(0, 12), slips=st.tuples(st.integers(0, 2), st.integers(0, 2)), drag=st.booleans(),
       freeform=st.booleans())
def test_cached_requirement_and_order_check_equal_the_rules(steps, pivot, prefixes, prev, slips, drag, freeform):
    """3.2: "the engine requirement ... the difference between the current speed and the previous speed";
    the cached functions answer what the plain ones compute, asked twice (the second answer from the cache)."""
    o = Orders(tuple(steps), pivot, tuple(prefixes))
    for _ in range(2):
        assert order_problem(o) == order_problem.__wrapped__(o)
    if order_problem(o) is None:  # the requirement of well-formed orders
        plain = requirement.__wrapped__(o, prev, slips, etheric_drag=drag, freeform=freeform)
        for _ in range(2):
            assert requirement(o, prev, slips, etheric_drag=drag, freeform=freeform) == plain


def test_requirement_worked_numbers():
    """3.2: "a starship may change its speed by up to its current Engine Rating"; 3.1: a single turn costs
    the greater of the previous and current speed (less the sideslips of the previous turn toward it)."""
    assert requirement(Orders((6,)), 4) == 2
    assert requirement(Orders((2, "P", 2)), 3, (0, 0)) == 4
    assert requirement(Orders((2, "P", 2)), 3, (1, 0)) == 3
    assert all(requirement(o, 4, (0, 0)) <= 3 for o in candidates(4, (0, 0), 3))


@settings(max_examples=200, deadline=None)
@given(acc=st.integers(1, 7), mod=st.integers(-4, 4), size=st.integers(1, 4), shield=st.integers(1, 6),
       seed=st.integers(0, 2**32))
def test_dice_by_face_tables_roll_as_the_rules(acc, mod, size, shield, seed):
    """4.2: "a roll of 1 always misses"; a natural 6 that cannot reach the best count is re-rolled (so the
    table is None and the sampler draws a second die); 4.3 likewise for impact. Where a table exists, a die
    read from it scores what the sampler scores from the same draw, and draws the same number of dice."""
    hits = hits_by_face(acc, mod, size)
    if hits is not None:
        a, b = random.Random(seed), random.Random(seed)
        assert [roll_hits(a, acc, mod, size) for _ in range(12)] == [hits[int(b.random() * 6) + 1] for _ in range(12)]
        assert a.random() == b.random()
        assert hits[1] == 0
    imp = impact_by_face(shield, mod)
    if imp is not None:
        a, b = random.Random(seed), random.Random(seed)
        assert [roll_impact(a, shield, mod) for _ in range(12)] == [imp[int(b.random() * 6) + 1] for _ in range(12)]
        assert a.random() == b.random()
        assert imp[1] == 0
    else:
        assert 6 + mod <= shield


MATCHES = [("majestic", "majestic", "aggressive"), ("majestic", "majestic", "cautious"),
           ("harrier-missile-destroyer", "dauntless-dreadnought", "aggressive")]
#: the optional rules that change what a ship is or where it can be (D.7 inverts it, D.9 tows it, G.6 gives it an
#: altitude, E.1 repairs it, E.3 and terrain add hazards, S.3 lengthens the board): the memos must not go stale
OPTION_MATCHES = [
    ("majestic", "vigilant-cruiser", "aggressive", {"options": ("D.7", "D.9", "E.1", "E.3")}),
    ("bastion-battleship", "majestic", "cautious", {"terrain": ("three-d",)}),
    ("vigilant-cruiser", "majestic", "aggressive", {"scenario": "S.3", "terrain": ("asteroids",)}),
]


def _memo_check(matches, battles: int) -> tuple[int, int]:
    """Fight ``battles`` seeded battles of each match with every memoised decision checked against a doctrine with
    nothing memoised; returns (orders checked, declarations checked)."""
    checked = declared = 0
    for a, b, style, *extra in matches:
        sa, sb = (ShipSpec(read_designs(EXAMPLES / f"{n}.yaml")[0]) for n in (a, b))
        m = Matchup([sa], [sb], BattleSettings(doctrine=style, **(extra[0] if extra else {})))
        d = m.doctrine
        plain = copy.copy(d)  # the same doctrine (tables, board, options' mirror images) with empty memos
        plain._memo, plain._fire_cache, plain._rows_memo, plain._declared, plain._picked = {}, {}, {}, {}, {}
        choose = d.choose_orders

        def checked_choose(ship, enemies, mined=None, choose=choose, plain=plain):
            nonlocal checked
            got = choose(ship, enemies, mined)
            plain._memo.clear()
            plain._fire_cache.clear()
            plain._rows_memo.clear()
            plain._picked.clear()
            assert got == plain._choose(ship, enemies, mined)
            checked += 1
            return got

        declare = d.declare

        def checked_declare(ship, enemies, turn, flights=(), declare=declare, plain=plain):
            nonlocal declared
            got = declare(ship, enemies, turn, flights)
            plain._declared.clear()
            assert got == plain.declare(ship, enemies, turn, flights)
            declared += 1
            return got

        d.choose_orders = checked_choose
        d.declare = checked_declare
        for i in range(battles):
            Battle(m, random.Random(i), log=False).run()
    return checked, declared


@interpreted_only
def test_memoised_decisions_equal_fresh_ones():
    """The doctrine is deterministic ("ties go to the first candidate in a fixed order"), so its memos (keyed on
    what a decision reads of the ship and its enemies) must give the orders and the fire declarations (4.1) a
    doctrine with nothing memoised chooses, in every turn of seeded battles; the memos (decisions, fire values,
    rows, the menu of poses by the ship's pose, speed and engine) are shared by all the battles of a matchup."""
    checked, declared = _memo_check(MATCHES, 80)
    assert checked > 100 and declared > 100


@interpreted_only
def test_memoised_decisions_equal_fresh_ones_under_the_optional_rules():
    """The same under the optional rules that change a ship's state or the board (D.7 rolls, D.9 towing, E.1 damage
    control, E.3 explosions, G.6 altitude, G.1 asteroids, S.3's long board)."""
    checked, declared = _memo_check(OPTION_MATCHES, 25)
    assert checked > 100 and declared > 50


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(p.stem for p in EXAMPLES.glob("*.yaml"))), data=st.data())
def test_cheapest_of_every_battery_in_one_pass(name, data):
    """4.4 loss policy (damage.py): the cheapest remaining item of each battery, found in one pass over the
    banks, is the one :func:`_cheapest` finds asking each battery (and the equipment) in turn."""
    spec = ShipSpec(read_designs(EXAMPLES / f"{name}.yaml")[0])
    ship = ShipState(spec, 0, 1, "A", UNITY)
    for i, b in enumerate(spec.banks):
        ship.bank_alive[i] = data.draw(st.integers(0, b.mounts))
        ship.bank_spent[i] = data.draw(st.integers(0, ship.bank_alive[i]))
    groups = list(range(spec.battery_count)) + ([-1] if spec.equipment else [])
    expected = [(g, c) for g in groups if (c := _cheapest(ship, g)) is not None]
    assert _cheapest_all(ship, groups) == expected


@settings(max_examples=200, deadline=None)
@given(prev=st.integers(0, 10), slips=st.tuples(st.integers(0, 1), st.integers(0, 1)), rating=st.integers(0, 8),
       heading=st.integers(0, 5), col=st.integers(0, 31), row=st.integers(0, 17))
def test_menu_far_enough_from_the_edge_stays_on_the_board(prev, slips, rating, heading, col, row):
    """3.3: a ship whose path leaves the board is lost. The doctrine skips the board check of its menu when the
    ship is at least :func:`candidate_reach` hexes from every edge (in offset rows and columns); every waypoint
    of every candidate is then on the board, as the check would have found."""
    w, h = 32, 18
    free = min(row, h - 1 - row, col, w - 1 - col)
    q0, r0 = from_offset(col, row)
    moves = candidate_moves(prev, slips, rating, heading)
    reach = candidate_reach(prev, slips, rating, heading)
    assert all(max(abs(x), abs(y), abs(x + y)) <= reach for _, wps, *_ in moves for x, y in wps)
    if free >= reach:
        assert all(on_board(q0 + x, r0 + y, w, h) for _, wps, *_ in moves for x, y in wps)


@settings(max_examples=200, deadline=None)
@given(prev=st.integers(0, 10), slips=st.tuples(st.integers(0, 1), st.integers(0, 1)), rating=st.integers(0, 8),
       heading=st.integers(0, 5))
def test_boosted_menu_is_the_new_poses_of_the_bigger_menu(prev, slips, rating, heading):
    """B.3: a booster adds one to the engine rating for the turn. The doctrine weighs the menu without it, then
    the candidates with it whose end pose (displacement, heading, facing, speed) is new; the cached
    :func:`boosted_moves` is that list, in the menu's order."""
    seen = set()
    expected = []
    for boost in (0, 1):
        for m in candidate_moves(prev, slips, rating + boost, heading):
            pose = m[2:]
            if pose in seen:
                continue
            seen.add(pose)
            if boost:
                expected.append(m)
    assert boosted_moves(prev, slips, rating, heading) == tuple(expected)


def test_planned_engine_ratings_worked_numbers():
    """3.2 stopping distance with the engine a ship keeps: a Dauntless (engine track 4,4,4,3,3,3,2,2,2,1,1,1)
    planning, like both doctrines (margin 1.0), to lose all 11 boxes before its last keeps ER 1 whatever the
    enemy's fire could take, until that fire could take all 12 boxes (ER 0). One box already lost: the 10 left
    before the last are planned; 11 boxes taken leave the last one (ER 1), 12 none."""
    track = (4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1)
    assert Doctrine._ratings(track, 0, 1.0) == (1,) * 12 + (0,)
    assert Doctrine._ratings(track, 1, 1.0) == (1,) * 11 + (0, 0)
    assert Doctrine._ratings(track, 0, 0.5) == (2,) * 7 + (2, 2, 1, 1, 1, 0)


def test_chunks_fought_without_the_cycle_collector_restore_it():
    """issue 22 speed: a chunk of battles is fought with the cycle collector off (battles are freed by reference
    counting); the collector's state is restored afterwards, and the battles are those of the same seeds fought one
    by one (run i with ``random.Random(run_seed(seed, i))``)."""
    a = read_designs(EXAMPLES / "majestic.yaml")[:1]
    m = build_matchup(a, a)
    plain = [m.fight(random.Random(run_seed(5, i))) for i in range(30)]
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            s = simulate(a, a, runs=30, seed=5, jobs=1)
            assert gc.isenabled() is enabled
        finally:
            gc.enable()
        assert (s.a_wins, s.b_wins, s.draws, s.turns) == (
            sum(r.winner == 0 for r in plain), sum(r.winner == 1 for r in plain),
            sum(r.winner is None for r in plain), sum(r.turns for r in plain))
