"""Arcs (4.1, weapons.md §1.1, §3), alternation (4.0, play.md §3.1)."""

import math

import pytest

from drydock.engine import hexgrid
from drydock.engine.combat import alternation
from drydock.engine.hexgrid import AFT, DIRS, FWD, PORT, STBD, component_arcs, decompose, defensive_arc


def vec(a, k, b, facing=0):
    x1, y1 = DIRS[(facing + k) % 6]
    x2, y2 = DIRS[(facing + k + 1) % 6]
    return a * x1 + b * x2, a * y1 + b * y2


def arcs_of(a, k, b, facing=0):
    dq, dr = vec(a, k, b, facing)
    kk, aa, bb = decompose(dq, dr, facing)
    return component_arcs(kk, aa, bb), defensive_arc(kk, aa, bb)


@pytest.mark.parametrize("a,k,b,arcs,arc", [
    # weapons.md §1.1 examples (4.1 book checks)
    (1, 0, 0, "ABG", FWD), (4, 0, 0, "ABG", FWD), (3, 0, 1, "BG", FWD), (1, 4, 1, "CHJ", PORT),
    (2, 3, 0, "EFL", AFT), (1, 1, 1, "DIK", STBD),
])
def test_book_arc_examples(a, k, b, arcs, arc):
    for facing in range(6):  # the same relative position in every facing
        assert arcs_of(a, k, b, facing) == (arcs, arc)


@pytest.mark.parametrize("a,k,b,arc", [
    # weapons.md §3 checks
    (1, 0, 0, FWD), (1, 0, 1, FWD), (2, 0, 5, FWD), (1, 0, 3, STBD), (1, 1, 0, STBD), (2, 3, 0, AFT),
    (1, 2, 1, AFT), (4, 0, 11, FWD),
])
def test_defensive_arc_checks(a, k, b, arc):
    assert arcs_of(a, k, b)[1] == arc


def test_defensive_45_switch_differs_first_at_range_15():
    hexgrid.STAIRCASE = False
    try:
        assert arcs_of(4, 0, 11)[1] == STBD
        assert arcs_of(2, 0, 5)[1] == FWD
    finally:
        hexgrid.STAIRCASE = True


def bearing(dq, dr):
    # pixel centre of an axial hex (pointy top), bearing clockwise from east (facing 0)
    x = math.sqrt(3) * (dq + dr / 2)
    y = 1.5 * dr
    return math.degrees(math.atan2(y, x)) % 360


ARC_RANGES = {  # bearing from facing -> arcs (weapons.md §1 table), A-F and G-L
    "A": (300, 360), "B": (0, 60), "C": (240, 300), "D": (60, 120), "E": (180, 240), "F": (120, 180),
    "G": (330, 390), "H": (270, 330), "I": (30, 90), "J": (210, 270), "K": (90, 150), "L": (150, 210),
}


def test_component_arcs_match_bearings_to_range_12():
    """Every hex is in the arcs whose bearing span contains (or, on a boundary, touches) its centre."""
    for dq in range(-12, 13):
        for dr in range(-12, 13):
            if (dq, dr) == (0, 0) or hexgrid.distance(dq, dr) > 12:
                continue
            b = bearing(dq, dr)
            expect = set()
            for ch, (lo, hi) in ARC_RANGES.items():
                for bb in (b, b + 360):
                    if lo - 1e-6 <= bb <= hi + 1e-6:
                        expect.add(ch)
            k, a, bb = decompose(dq, dr, 0)
            got = set(component_arcs(k, a, bb))
            # a hex bisected by a spine is in both G-L arcs; bisected by a row, both A-F arcs
            assert got == expect, (dq, dr, b, got, expect)
            assert len(got & set("ABCDEF")) >= 1 and len(got & set("GHIJKL")) >= 1


def test_geometry_cache_range_and_same_hex():
    assert hexgrid.geometry(3, 0, 0)[0] == 3
    assert hexgrid.geometry(0, 0, 2) == (0, (1 << 12) - 1, FWD)


def test_board_offsets_round_trip():
    for col in range(24):
        for row in range(18):
            q, r = hexgrid.from_offset(col, row)
            assert hexgrid.to_offset(q, r) == (col, row)
            assert hexgrid.on_board(q, r, 24, 18)
    assert not hexgrid.on_board(*hexgrid.from_offset(24, 3), 24, 18)


def seq(s):
    return [0 if ch == "A" else 1 for ch in s.replace("-", "")]


@pytest.mark.parametrize("a,b,first,expected", [
    # play.md §3.1 book checks (4.0, 5.2, D.8)
    (3, 5, 0, "B-A-B-A-B-A-B-B"),
    (5, 2, 0, "A-A-B-A-A-B-A"),
    (7, 5, 0, "A-B-A-B-A-B-A-B-A-B-A-A"),
    (9, 4, 0, "A-A-B-A-A-B-A-A-B-A-A-B-A"),
    (11, 7, 0, "A-B-A-B-A-B-A-B-A-B-A-B-A-B-A-A-A-A"),
    (3, 7, 0, "B-B-A-B-B-A-B-B-A-B"),
    (2, 2, 1, "B-A-B-A"),
    (1, 1, 0, "A-B"),
])
def test_attack_order_examples(a, b, first, expected):
    assert alternation(a, b, first) == seq(expected)


# ------------------------------------------------------------------ properties
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SWAP = str.maketrans("ABCDEFHIJK", "BADCFEIHKJ")


@given(st.integers(-25, 25), st.integers(-25, 25), st.integers(0, 5))
def test_arcs_mirror_across_the_facing_axis(dq, dr, facing):
    """Reflecting a target across the ship's axis swaps A/B, C/D, E/F, H/I, J/K and Port/Stbd (D.7 pairs)."""
    if (dq, dr) == (0, 0):
        return
    # rotate into facing-0 frame, reflect across the east-west axis: (q, r) -> (q + r, -r), rotate back
    def rot(q, r, n):
        for _ in range(n % 6):
            q, r = -r, q + r  # one step clockwise in axial coordinates
        return q, r

    q0, r0 = rot(dq, dr, -facing)
    mq, mr = rot(q0 + r0, -r0, facing)
    k, a, b = decompose(dq, dr, facing)
    mk, ma, mb = decompose(mq, mr, facing)
    assert "".join(sorted(component_arcs(k, a, b).translate(SWAP))) == component_arcs(mk, ma, mb)
    arc, marc = defensive_arc(k, a, b), defensive_arc(mk, ma, mb)
    assert marc == {PORT: STBD, STBD: PORT}.get(arc, arc)


@given(st.integers(-30, 30), st.integers(-30, 30), st.integers(0, 5))
def test_every_hex_in_one_defensive_arc_and_arcs_rotate_with_facing(dq, dr, facing):
    if (dq, dr) == (0, 0):
        return
    rng, mask, arc = hexgrid.geometry(dq, dr, facing)
    assert rng == hexgrid.distance(dq, dr)
    # turning the ship and the target together changes nothing
    q, r = dq, dr
    for _ in range(6):
        q, r = -r, q + r
        facing = (facing + 1) % 6
        assert hexgrid.geometry(q, r, facing) == (rng, mask, arc)
