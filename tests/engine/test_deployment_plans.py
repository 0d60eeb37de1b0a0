"""Chosen deployment (2.3; issue 37): each side places its ships in its set-up area by a deployment plan, the plan
game may choose among them, and the mirrored standard set-up stays the default."""

from __future__ import annotations

import random

import pytest

from drydock.engine.battle import Battle
from drydock.engine.choices import DEPLOYMENT_NAMES
from drydock.engine.deployment import (
    DEPLOYMENTS,
    deployment_slots,
    distinct_deployments,
    side_slots,
    split_plan,
    with_deployments,
)
from drydock.engine.hexgrid import point_image, to_offset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.plan_game import plan_game
from drydock.engine.settings import BattleSettings
from drydock.engine.tables import DEPLOY_DEPTH
from drydock.errors import DrydockError
from tests.engine.options.test_options_as_data import run
from tests.engine.test_setup import relabelled_runs_mirror
from tests.helpers import example as design

MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")


def offsets(plan: str, n: int) -> list[tuple[int, int]]:
    return [to_offset(*x) for x in deployment_slots(32, 18, n, plan)]


def test_every_plan_stays_in_the_set_up_area_and_covers_it() -> None:
    # 2.3: "within four hexes of one short edge"; "No more than three ships may be placed in a single hex"
    n = len(set(offsets("standard", DEPLOY_DEPTH * 18)))  # the standard set-up's hexes (its rows 1-17)
    assert tuple(DEPLOYMENTS) == DEPLOYMENT_NAMES
    for plan in DEPLOYMENTS:
        got = offsets(plan, n)
        assert len(set(got)) == n, plan  # one ship a hex while the area has room
        assert all(c < DEPLOY_DEPTH and 0 <= r < 18 for c, r in got)
        assert len(offsets(plan, 3 * n)) == 3 * n
    with pytest.raises(DrydockError, match="do not fit"):
        deployment_slots(32, 18, 3 * n + 1, "port")
    with pytest.raises(DrydockError, match="unknown deployment plan 'ambush'"):
        deployment_slots(32, 18, 1, "ambush")


def test_the_plans_place_the_ships_where_they_say() -> None:
    assert offsets("standard", 3) == [(3, 9), (3, 10), (3, 8)]  # the mirrored standard set-up, as before
    assert offsets("port", 3) == [(3, 0), (3, 1), (3, 2)]  # side A faces east: its port hand is row 0
    assert offsets("starboard", 3) == [(3, 17), (3, 16), (3, 15)]
    assert offsets("spread", 3) == [(3, 3), (3, 9), (3, 15)]
    assert offsets("rear", 3) == [(0, 9), (0, 10), (0, 8)]


def test_side_b_flies_its_plan_as_the_point_image() -> None:
    m = build_matchup([MAJESTIC] * 2, [VIGILANT] * 2, BattleSettings(deployment=("port", "starboard")))
    bt = Battle(m, random.Random(1), log=False)
    a1, a2, b1, b2 = bt.ships
    assert [to_offset(s.q, s.r) for s in (a1, a2)] == [(3, 0), (3, 1)]
    # B's starboard hand, facing west, is the north edge: the point image of A's starboard rows
    assert [(s.q, s.r) for s in (b1, b2)] == [point_image(*x, 32, 18) for x in deployment_slots(32, 18, 2,
                                                                                                 "starboard")]
    assert [to_offset(s.q, s.r) for s in (b1, b2)] == [(28, 0), (28, 1)]
    plain = build_matchup([MAJESTIC] * 2, [VIGILANT] * 2)
    assert plain.side_slots == side_slots(32, 18, 2, None) == (plain.slots, plain.slots)


def test_being_side_a_changes_nothing_under_chosen_deployments() -> None:
    """Rule 8: (A port, B starboard) relabelled as (A starboard, B port) is the same battle, the winner exchanged."""
    m1 = build_matchup([MAJESTIC] * 2, [MAJESTIC] * 2, BattleSettings(deployment=("port", "starboard")))
    m2 = build_matchup([MAJESTIC] * 2, [MAJESTIC] * 2, BattleSettings(deployment=("starboard", "port")))
    assert relabelled_runs_mirror(m1, m2, 5, runs=10)


def test_a_flank_set_up_changes_the_battles() -> None:
    def wins(deployment):  # type: ignore[no-untyped-def]
        m = build_matchup([MAJESTIC] * 2, [VIGILANT] * 2, BattleSettings(deployment=deployment))
        return [m.fight(random.Random(run_seed(1, i))).winner for i in range(20)]

    assert wins(None) == wins("standard")
    assert wins(("port", "standard")) != wins(None)


def test_plan_game_strategies_name_their_deployment() -> None:
    assert with_deployments([("close",), ("hold", "standoff")], ("standard", "port")) == [
        ("close@standard",), ("close@port",), ("hold@standard", "standoff@standard"), ("hold@port", "standoff@port")]
    assert with_deployments([("close",)], None) == [("close",)]
    assert distinct_deployments((32, 18), 1, DEPLOYMENT_NAMES) == ("standard", "port", "starboard", "rear")
    assert distinct_deployments((32, 18), 3, DEPLOYMENT_NAMES) == DEPLOYMENT_NAMES
    got = split_plan(BattleSettings(plan=("close@port", "hold@standard"), deployments=DEPLOYMENT_NAMES, turns=5))
    assert got == BattleSettings(plan=("close", "hold"), deployment=("port", "standard"), turns=5)
    assert split_plan(BattleSettings(plan="close")) == BattleSettings(plan="close")


def test_the_plan_game_chooses_among_deployments() -> None:
    game = plan_game([MAJESTIC] * 2, [VIGILANT] * 2,
                     BattleSettings(turns=6, deployments=("standard", "port")), runs=8, seed=1, exact=True)
    names = game.names_a()
    assert any(n.endswith("@port") for n in names) and any("@standard" in n for n in names)
    plain = plan_game([MAJESTIC] * 2, [VIGILANT] * 2, BattleSettings(turns=6), runs=8, seed=1, exact=True)
    assert len(game.plans_a) == 2 * len(plain.plans_a)


def test_cli_deployment_option() -> None:
    base = ["battle", "examples/designs/majestic.yaml", "examples/designs/vigilant-cruiser.yaml", "--runs", "5"]
    r = run(*base, "--deployment", "ambush")
    assert r.returncode == 2 and r.stderr.strip() == ("drydock: error: --deployment 'ambush': expected one of "
                                                     "standard, port, starboard, spread, rear, two of them (A,B) "
                                                     "or choose")
    r = run(*base, "--deployment", "choose", "--plan", "close")
    assert r.returncode == 2 and "needs the plan game" in r.stderr
    r = run(*base, "--deployment", "port,rear", "--no-robustness")
    assert r.returncode == 0, r.stderr


def test_a_tournament_sets_up_by_one_plan_or_chooses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``tournament --deployment``: a tournament's sides are the files' order, so one plan serves both sides (or
    each pairing's plan game chooses); the state file keeps it, and a rerun with another plan is refused."""
    from drydock.insight.tournament import state_options

    assert "deployment" not in state_options(BattleSettings())  # the core game's state header is unchanged
    assert state_options(BattleSettings(deployment="rear"))["deployment"] == "rear"
    assert state_options(BattleSettings(deployments=("standard", "port")))["deployments"] == ["standard", "port"]
    files = ["examples/designs/comet-frigate.yaml", "examples/designs/shade-raider.yaml"]
    r = run("tournament", *files, "--runs", "4", "--deployment", "port,standard")
    assert r.returncode == 2 and "a tournament's sides are the files' order" in r.stderr
    state = str(tmp_path / "league.json")
    r = run("tournament", *files, "--runs", "4", "--deployment", "rear", "--state", state)
    assert r.returncode == 0, r.stderr
    assert "options: board 32x18, 20 turns, 2.3 Deployment: rear" in r.stdout
    r = run("tournament", *files, "--runs", "4", "--deployment", "port", "--state", state)
    assert r.returncode == 2 and "state of a different tournament" in r.stderr


def test_reports_say_which_deployment_was_flown() -> None:
    from drydock.engine.deployment import deployment_in_force
    from drydock.engine.montecarlo import simulate

    assert deployment_in_force(BattleSettings()) == deployment_in_force(BattleSettings(deployment="standard")) == []
    assert deployment_in_force(BattleSettings(deployment=("port", "starboard"))) == [
        "2.3 Deployment: A port, B starboard"]
    s = simulate([MAJESTIC], [VIGILANT], BattleSettings(deployment="rear"), runs=2, seed=1)
    assert s.in_force == ["2.3 Deployment: rear"]
    assert simulate([MAJESTIC], [VIGILANT], runs=2, seed=1).in_force == []
