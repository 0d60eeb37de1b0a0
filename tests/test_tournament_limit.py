"""The tournament's battle limit counts the battles the plan game can fight (issue 22), before any battle.

docs/limits.md: "tournament battles | battles one drydock tournament can fight, counted before the first: each
pairing's plan game races up to 2 x runs (round 1 at least 10 a plan pairing) and fights runs more". The race
(engine/plan_game.py): "round 1 fights every cell RUNS / cells battles, at least 10 [...] until [...] the next
round would pass the race's budget of 2 x RUNS battles. The equilibrium's most-played pairing is then fought
the full RUNS battles"."""

from __future__ import annotations

from pathlib import Path

import pytest

from drydock import limits
from drydock.engine.plans import MENU
from drydock.errors import DrydockError
from drydock.insight import tournament, tournament_run
from drydock.insight.tournament import check_size, pairing_battles

EX = Path(__file__).resolve().parent.parent / "examples" / "designs"


def test_a_pairing_counts_its_race_and_its_equilibrium_battles():
    """The menu has 4 plans a side, so at most 4 x 4 = 16 plan pairings. RUNS 1,000: round 1 fights
    max(10, 1000 // 16) = 62 a pairing, 992 in all, within the budget 2 x 1,000 = 2,000; then 1,000 more:
    3,000. RUNS 10: round 1 fights min(10, max(10, 0)) = 10 a pairing, 160, more than 2 x 10 = 20, so the
    budget is round 1 alone: 160 + 10 = 170. Without the plan game a pairing is its RUNS battles."""
    assert len(MENU) == 4
    assert pairing_battles(1000) == 3000
    assert pairing_battles(10) == 170
    assert pairing_battles(80) == 240  # max(10, 5) x 16 = 160 = 2 x 80: both bounds meet
    assert pairing_battles(1000, plans=False) == 1000


def test_the_limit_counts_what_is_fought(monkeypatch):
    """With a limit of 1,000 battles: two designs (one pairing) at RUNS 400 were within it when runs x pairings
    was counted (400), but the plan game fights up to 2 x 400 + 400 = 1,200: refused. RUNS 333 fights at most
    666 + 333 = 999: accepted. Three designs are three pairings: 3 x 240 = 720 at RUNS 80; four are six."""
    small = limits.Limit("tournament battles", 1000, "test")
    monkeypatch.setattr(tournament, "TOURNAMENT_BATTLES", small)
    with pytest.raises(limits.LimitError, match=r"\(1200\)"):
        check_size(2, 400)
    check_size(2, 333)
    check_size(3, 80)
    with pytest.raises(limits.LimitError, match=r"\(1440\)"):
        check_size(4, 80)  # six pairings: 6 x 240 = 1,440 (runs x pairings: 480)
    check_size(2, 400, plans=False)  # 400 battles at the doctrine's range


def test_run_tournament_refuses_before_any_battle(monkeypatch):
    """The check comes before the first battle: a tournament past the limit fights nothing."""
    small = limits.Limit("tournament battles", 1000, "test")
    monkeypatch.setattr(tournament, "TOURNAMENT_BATTLES", small)

    def no_battles(*args, **kwargs):
        raise AssertionError("a battle was fought before the limit was checked")

    monkeypatch.setattr(tournament.Tournament, "run", no_battles)
    files = [str(EX / "kestrel-corvette.yaml"), str(EX / "comet-frigate.yaml")]
    with pytest.raises(DrydockError, match="tournament can fight"):
        tournament_run.run_tournament(files, runs=400, seed=1, turns=10, board=(32, 18), doctrine="aggressive",
                                      jobs=1)
    assert limits.TOURNAMENT_BATTLES.value == 3_000_000  # the real limit: 100 designs at the default 200 runs
    assert 4950 * pairing_battles(200) <= limits.TOURNAMENT_BATTLES.value
