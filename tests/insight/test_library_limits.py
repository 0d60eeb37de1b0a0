"""The library keeps the command's limits (issue 42): simulate, build_matchup, run_battle and run_tournament refuse
runs, jobs, boards and sides past them with the command's DrydockErrors, before any battle is built."""

from __future__ import annotations

import pytest

from drydock import limits
from drydock.engine.montecarlo import build_matchup, simulate
from drydock.engine.settings import BattleSettings
from drydock.formats.houserules import load_ruleset
from drydock.insight.battle_run import run_battle
from drydock.insight.tournament_run import run_tournament
from tests.helpers import ROOT, example

KESTREL = str(ROOT / "examples/designs/kestrel-corvette.yaml")
COMET = str(ROOT / "examples/designs/comet-frigate.yaml")


def test_simulate_refuses_runs_and_jobs_past_the_limit_before_any_battle() -> None:
    k = [example("kestrel-corvette")]
    with pytest.raises(limits.LimitError, match=r"--runs \(1000000000000\) is past drydock's limit of 1,000,000"):
        simulate(k, k, runs=10**12, seed=1)  # was a MemoryError
    with pytest.raises(limits.LimitError, match="--runs"):
        simulate(k, k, runs=limits.RUNS.value + 1, seed=1)
    with pytest.raises(limits.DrydockError, match="--runs must be at least 1, not 0"):
        simulate(k, k, runs=0, seed=1)
    with pytest.raises(limits.LimitError, match="--jobs"):
        simulate(k, k, runs=2, seed=1, jobs=limits.JOBS.value + 1)
    assert simulate(k, k, runs=1, seed=1).runs == 1


def test_the_board_limit_holds_for_programs_and_plays_in_bounded_time() -> None:
    """200 x 200, the limit, fights (its set-up walks each hex once per direction: docs/limits.md has the
    measurement); 201 and 5000 x 5000 (which hung) are refused when the settings are built."""
    k = [example("kestrel-corvette")]
    assert simulate(k, k, BattleSettings(board=(200, 200)), runs=1, seed=1).runs == 1
    for board in ((201, 200), (5000, 5000)):
        with pytest.raises(limits.DrydockError, match="BattleSettings.board: .* a whole number 8 to 200"):
            BattleSettings(board=board)


def test_the_companions_extended_board_is_held_to_the_board_limit() -> None:
    cc = load_ruleset("companion")
    k = [example("kestrel-corvette")]
    m = build_matchup(k, k, BattleSettings(rules=cc, options=("CC.B1",), board=(150, 18)))
    assert m.board == (200, 18)  # four sections for three: 150 x 4/3
    with pytest.raises(limits.LimitError, match=r"the board's columns once extended \(CC.B1\) \(202\) is past "
                                                r"drydock's limit of 200"):
        build_matchup(k, k, BattleSettings(rules=cc, options=("CC.B1",), board=(151, 18)))


def test_build_matchup_holds_ships_per_side_and_the_room_to_deploy() -> None:
    k = example("kestrel-corvette")
    build_matchup([k] * limits.SHIPS.value, [k])
    with pytest.raises(limits.LimitError, match="side A: ships"):
        build_matchup([k] * (limits.SHIPS.value + 1), [k])
    with pytest.raises(limits.DrydockError, match="side B: 25 ships do not fit a 8x8 board"):
        build_matchup([k], [k] * 25, BattleSettings(board=(8, 8)))


def test_run_battle_and_run_tournament_refuse_before_reading_or_fighting() -> None:
    with pytest.raises(limits.LimitError, match="--runs"):
        run_battle(KESTREL, COMET, runs=10**12, seed=1)
    with pytest.raises(limits.LimitError, match="--runs"):
        run_tournament([KESTREL, COMET], runs=10**12, seed=1, jobs=1)
    with pytest.raises(limits.LimitError, match="--jobs"):
        run_tournament([KESTREL, COMET], runs=2, seed=1, jobs=limits.JOBS.value + 1)
    with pytest.raises(limits.DrydockError, match="--jobs must be at least 0"):
        run_tournament([KESTREL, COMET], runs=2, seed=1, jobs=-1)


class _Reached(Exception):
    """The call got past its limit checks (raised where the first battle would be built)."""


def test_simulate_at_the_runs_and_jobs_limits_gets_past_the_checks(monkeypatch) -> None:
    import drydock.engine.montecarlo as montecarlo

    def reached(*args: object, **kwargs: object) -> None:
        raise _Reached

    monkeypatch.setattr(montecarlo, "build_matchup", reached)
    k = [example("kestrel-corvette")]
    with pytest.raises(_Reached):
        simulate(k, k, runs=limits.RUNS.value, seed=1, jobs=limits.JOBS.value)
