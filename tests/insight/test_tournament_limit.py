"""The tournament's battle limit counts the battles the plan game can fight (issues 22 and 36), before any battle.

docs/limits.md: "tournament battles | battles one drydock tournament can fight, counted before the first: each
pairing's plan game fights at most 3 x runs (the race, the doctrine check, the verdict's battles), or round 1
of the race and one round of the check when runs is small". The budgets (engine/plan_game.py): the doctrine
check max(RUNS / 4, 8 x min(RUNS, 16)); the race 2 x RUNS less that, or round 1 alone (min(RUNS, max(16,
RUNS / cells)) a cell) when that is more; the verdict's battles at most RUNS."""

from __future__ import annotations

import pytest

from drydock import limits
from drydock.engine.plan_game import doctrine_budget, race_budget
from drydock.engine.plans import MENU
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError
from drydock.insight import tournament, tournament_run
from drydock.insight.tournament import check_size, pairing_battles
from tests.helpers import ROOT

EX = ROOT / "examples" / "designs"


def test_a_pairing_counts_its_race_its_doctrine_check_and_its_verdict():
    """The menu has 4 plans a side, so at most 4 x 4 = 16 plan pairings. RUNS 1,000: the check may fight
    max(250, 128) = 250, the race 2,000 - 250 = 1,750 (round 1: 62 x 16 = 992 with --exact-runs), the verdict
    1,000: 3,000 in all. RUNS 10: round 1 alone, 10 x 16 = 160, the check 8 x 10 = 80, the verdict 10: 250.
    RUNS 80: round 1, 16 x 16 = 256, is more than 160 - 128: 256 + 128 + 80 = 464. Without the plan game a
    pairing is its RUNS battles."""
    assert len(MENU) == 4
    assert doctrine_budget(1000) == 250 and race_budget(1000, 16) == 1750
    assert pairing_battles(1000) == 3000
    assert doctrine_budget(10) == 80 and race_budget(10, 16) == 160 and pairing_battles(10) == 250
    assert pairing_battles(80) == 464
    assert pairing_battles(1000, plans=False) == 1000


def test_the_limit_counts_what_is_fought(monkeypatch):
    """With a limit of 1,000 battles: two designs (one pairing) at RUNS 400 were within it when runs x pairings
    was counted (400), but the plan game fights up to 672 + 128 + 400 = 1,200: refused. RUNS 333 fights at most
    538 + 128 + 333 = 999: accepted. Two designs at RUNS 80 (464) are accepted; three are three pairings,
    3 x 464 = 1,392: refused."""
    small = limits.Limit("tournament battles", 1000, "test")
    monkeypatch.setattr(tournament, "TOURNAMENT_BATTLES", small)
    with pytest.raises(limits.LimitError, match=r"\(1200\)"):
        check_size(2, 400)
    check_size(2, 333)
    check_size(2, 80)
    with pytest.raises(limits.LimitError, match=r"\(1392\)"):
        check_size(3, 80)  # three pairings: 3 x 464 (runs x pairings: 240)
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
        tournament_run.run_tournament(files, BattleSettings(turns=10, board=(32, 18), doctrine="aggressive"),
                                      runs=400, seed=1, jobs=1)
    assert limits.TOURNAMENT_BATTLES.value == 3_000_000  # the real limit: 100 designs at the default 200 runs
    assert 4950 * pairing_battles(200) <= limits.TOURNAMENT_BATTLES.value
