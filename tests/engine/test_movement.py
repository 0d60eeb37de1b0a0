"""Movement orders and engine requirements: the book examples of 3.0-3.4 and D.2/D.3/D.5/D.7."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drydock.engine.movement import (
    Orders,
    OrderSyntaxError,
    execute,
    format_orders,
    is_legal,
    order_problem,
    parse_orders,
    requirement,
)


@pytest.mark.parametrize("text,prev,slips,kw,req", [
    # Source: play.md §4.2 (3.4 and D.x book examples)
    ("P2L2(5)", 4, (0, 0), {}, 6),
    ("3P1(4)", 5, (1, 0), {}, 4),          # the L slip of the previous turn helps a P turn
    ("2R1RR(6)", 6, (0, 0), {}, 3),
    ("3S3(6)", 6, (0, 3), {}, 3),
    ("3P1(4) +1", 5, (0, 0), {}, 6),
    ("Z/1R2(4)", 5, (0, 0), {}, 4),
    ("3S1R(5)", 6, (0, 0), {"etheric_drag": True}, 6),
    ("3S1R(5)", 6, (0, 0), {}, 7),
    ("@/2P2(4)", 3, (0, 0), {}, 6),
    ("3P1P(4)", 5, (0, 0), {"freeform": True}, 4),
])
def test_book_requirements(text, prev, slips, kw, req):
    assert requirement(parse_orders(text), prev, slips, **kw) == req


def test_summary_table_3_2():
    # no turns: difference; one turn: greater; two/three or U: sum
    assert requirement(parse_orders("4"), 6) == 2
    assert requirement(parse_orders("2P2"), 6) == 6
    assert requirement(parse_orders("1P1P2"), 6) == 10
    assert requirement(parse_orders("U4"), 6) == 10
    assert requirement(parse_orders("6"), 6) == 0  # the only way to requirement 0


@pytest.mark.parametrize("text,ok", [
    ("4P2", True), ("1S2S", True), ("2P1S", False), ("2U1P", False), ("1L2R(5)", False), ("R3P(4)", False),
    ("1P1P1P1", True), ("P1P1P1P1", False), ("2(3)", False), ("3P1(4) +4", False),
])
def test_order_validity(text, ok):
    assert (order_problem(parse_orders(text)) is None) is ok


def test_illegal_over_engine_rating():
    # ER 4, previous speed 6: no turn is possible (3.2 consequence)
    assert not is_legal(parse_orders("5P1"), 6, (0, 0), 4)
    assert is_legal(parse_orders("6"), 6, (0, 0), 0)
    assert is_legal(parse_orders("5P1"), 6, (0, 0), 4, boosters=2)


def test_execute_2p2_and_pivot():
    # 3.0: 2P2 -> two forward, turn to port, two forward (heading 0 = east, P = counter-clockwise)
    q, r, h, f, off = execute(parse_orders("2P2"), 0, 0, 0)
    assert (q, r, h, f, off) == (4, -2, 5, 5, False)
    q, r, h, f, off = execute(parse_orders("3(3) +1"), 0, 0, 0)
    assert (h, f) == (0, 1)
    # sideslip: one hex forward-left, heading unchanged (play.md open question 2)
    assert execute(parse_orders("L"), 0, 0, 0)[:3] == (1, -1, 0)
    assert execute(parse_orders("5"), 0, 0, 3, board=(24, 18))[4] is True


def test_syntax_errors_quote_input():
    with pytest.raises(OrderSyntaxError) as e:
        parse_orders("4Q2")
    assert "4Q2" in str(e.value)


steps = st.lists(st.one_of(st.integers(1, 12), st.sampled_from("PSULR")), max_size=6).map(
    lambda xs: tuple(x for i, x in enumerate(xs) if not (isinstance(x, int) and i and isinstance(xs[i - 1], int))))


@given(steps, st.integers(-3, 3), st.lists(st.sampled_from("ZE@"), max_size=2, unique=True))
def test_orders_round_trip(s, pivot, prefixes):
    o = Orders(s, pivot, tuple(prefixes))
    back = parse_orders(format_orders(o))
    assert (back.steps, back.pivot, back.prefixes) == (o.steps, o.pivot, o.prefixes)
    assert back.stated_speed == o.speed
