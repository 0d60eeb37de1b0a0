"""Issue 22: analyze and the doctrine's tables add up only banks that can bear on one target (4.1)."""

from __future__ import annotations

from drydock.engine.expectations import MatchTables, _ring_arcs, ring_arcs
from drydock.engine.ships import ShipSpec
from drydock.insight.analyze import analyse
from tests.helpers import battery, design, mode


def test_ring_arcs_repeat_with_period_two():
    for r in range(1, 151):
        assert ring_arcs(r) == _ring_arcs(r)


def _ship(banks: list[str]):  # type: ignore[no-untyped-def]
    return design(hull=10, engines=2, weapons=[battery("Gun", mode("3-6-9", "1x4/1/1"), b) for b in banks])


def test_port_and_starboard_banks_never_bear_together():
    """PP (HJ) and SS (IK): no hex is in both, so the figure is one bank's at every range."""
    both, one = analyse(_ship(["PP", "SS"])), analyse(_ship(["PP"]))
    for rng in range(1, 10):
        assert both.total[rng][2] == one.total[rng][2] > 0
        assert both.screened[rng][2] == one.screened[rng][2]
    target = ShipSpec(_ship(["FF"]))
    t2, t1 = MatchTables(ShipSpec(_ship(["PP", "SS"])), target), MatchTables(ShipSpec(_ship(["PP"])), target)
    assert t2.by_range == t1.by_range and t2.best > 0


def test_half_arcs_add_up_dead_ahead():
    """4.1: "a hex cut by a boundary is in both arcs": the hex dead ahead is in A and B, so a port-half (ACE)
    and a starboard-half (BDF) bank both bear on it and the figure is twice one bank's."""
    both, one = analyse(_ship(["PH", "SH"])), analyse(_ship(["PH"]))
    for rng in range(1, 10):
        assert both.total[rng][2] == 2 * one.total[rng][2] > 0
