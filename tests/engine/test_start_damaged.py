"""A damaged ship fights as damaged (Appendix T carries damage between battles): ``Matchup(damage=...)`` starts
each ship with its boxes checked, as the End Phase (4.5) would have left them; the core game is unchanged."""

from __future__ import annotations

import random

import pytest

from drydock.core.marked import Marked
from drydock.engine.battle import Battle
from drydock.engine.damage import current
from drydock.engine.montecarlo import build_matchup
from drydock.errors import DrydockError
from tests.helpers import example


def _battle(marks_a: tuple[Marked | None, ...], seed: int = 1) -> Battle:
    m = build_matchup([example("majestic")], [example("comet-frigate")], damage=(marks_a, (None,)))
    return Battle(m, random.Random(seed), log=True)


def test_tracks_start_as_marked() -> None:
    b = _battle((Marked(hull=3, engines=1, shields=1, weapons=2),))
    s = b.ships[0]
    spec = s.spec
    assert (s.hull_hits, s.eng_hits, s.shd_hits, s.wpn_hits) == (3, 1, 1, 2)
    assert s.hull_left == spec.hull - 3
    assert s.engine_rating == spec.engine_track[1]  # 1.2: the first unchecked box
    assert s.shield(0) == current(spec.shield_track, 1)
    lost = current(spec.weapons_track, 0) - current(spec.weapons_track, 2)  # 4.4: one item per point lost
    assert sum(s.battery_lost) + s.equipment_lost == lost
    assert b.ships[1].hull_hits == 0  # the other side as built
    assert "A1 Majestic starts damaged: hull 3, engines 1, shields 1, weapons 2" in b.started_damaged


def test_the_log_says_so_and_the_battle_runs() -> None:
    r = _battle((Marked(hull=3),)).run()
    assert "A1 Majestic starts damaged: hull 3" in r.log[:5]


def test_undamaged_marks_change_nothing() -> None:
    plain = build_matchup([example("majestic")], [example("comet-frigate")]).fight(random.Random(4), log=True)
    marked = _battle((Marked(),), seed=4).run()
    assert marked.log == plain.log


@pytest.mark.parametrize(("marks", "message"), [
    ((Marked(hull=8),), "8 hull boxes checked of 8"),
    ((Marked(engines=99),), "99 engines boxes checked"),
    ((None, None), "damage for 2 ships, but the side has 1"),
])
def test_refused(marks: tuple[Marked | None, ...], message: str) -> None:
    with pytest.raises(DrydockError, match=message):
        _battle(marks)
