"""``drydock battle`` speaks with one voice (issue 36): the verdict first, from the interval of the plan game's
value; the battles behind it are the same game's (flown from the equilibrium's mix); the lines after it explain
it and never contradict it (docs/verdicts.md, Reading the output)."""

from __future__ import annotations

import json
import math

from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.engine.plan_verdict import refine, verdict_draws
from drydock.engine.settings import BattleSettings
from drydock.insight.battle_run import run_battle
from tests.helpers import ROOT

BC = str(ROOT / "tests" / "fixtures" / "battle" / "battlecruiser.yaml")
CV = str(ROOT / "examples" / "designs" / "kestrel-corvette.yaml")
BRAWLER = str(ROOT / "tests" / "fixtures" / "ladder" / "brawler-8.yaml")
MAJESTIC = str(ROOT / "examples" / "designs" / "majestic.yaml")


def test_battle_prints_the_verdict_first_and_explains_it():
    """The text starts with the verdict; the plans line, the matrix (saying what its cells are) and the doctrine
    line follow; --json carries them under ``robustness`` (``line``, ``doctrine``, ``doctrine_check``) and the
    value's interval under ``plan_game.value_interval``. No jargon of the old lines, no step line."""
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    rob, g = d["robustness"], d["plan_game"]
    assert rob["line"] == g["line"] and rob["line"].startswith("plans: the best plans fly")
    assert set(g["value_interval"]) >= {"low", "high"} and g["value_interval"]["low"] <= g["value"]
    assert rob["doctrine"].startswith("doctrine: both sides aggressive") and "step" not in rob
    assert rob["doctrine_check"]["given"] == ["aggressive", "aggressive"]
    text = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40"]).output
    lines = text.splitlines()
    assert lines[0] == d["verdict"] and lines[1] == rob["line"]
    assert lines[2].startswith("plan matrix: each cell is A wins / draws / B wins of the battles fought")
    assert rob["doctrine"] in lines
    for jargon in ("exact LP", "per battle)", "raced", "plans left", "one step", "not simulated:"):
        assert jargon not in text
    assert sum("favoured" in line for line in lines) == 1  # one voice: only the verdict says who is favoured
    none = json.loads(CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "20", "--no-robustness", "--json"]).output)
    assert "robustness" not in none and none["verdict"].startswith("verdict: side A favoured as flown (one pairing")


def test_the_verdicts_battles_are_the_games_own_on_a_mixed_equilibrium():
    """The brawler (eight mounts) against the Majestic: a mixed equilibrium (A mixes hold and evade, B standoff
    and evade). The verdict's battles fly pairings drawn from that mix; their wins minus losses per battle and
    the refined value agree within the battles' own 95% interval, and the verdict's words follow the value's
    interval. Run i of the verdict is run i of its pairing's cell: the battles the race fought are not counted
    twice."""
    run = run_battle(BRAWLER, MAJESTIC,
                     BattleSettings(turns=20, board=(32, 18), doctrine=("aggressive", "aggressive")), runs=400,
                     seed=1)
    g, s = run.game, run.summary
    assert g is not None
    assert sum(1 for p in g.solution.row if p) > 1 and sum(1 for q in g.solution.col if q) > 1  # mixed
    n = s.runs
    pa, pb = s.a_wins / n, s.b_wins / n
    half = 1.96 * math.sqrt((pa + pb - (pa - pb) ** 2) / n)
    assert abs((pa - pb) - float(g.value)) <= half
    assert g.low <= float(g.value) <= g.high
    drawn = {(i, j) for _, i, j, _ in verdict_draws(g, n, 1)}
    assert len(drawn) > 1  # the battles fly more than one pairing
    head = run.data["verdict"]
    assert head.startswith("verdict: too close to call" if g.low <= 0 <= g.high else
                           f"verdict: side {'A' if g.low > 0 else 'B'} (")
    before = g.battles
    refine(g, [(0, i, j, None) for _, i, j, _ in verdict_draws(g, 1, 1)])  # run 0: fought by the race already
    assert g.battles == before


def test_the_verdict_does_not_depend_on_which_side_is_a():
    """House style 8: Majestic v Vigilant and Vigilant v Majestic name the same ship favoured."""
    vig = str(ROOT / "examples" / "designs" / "vigilant-cruiser.yaml")
    ab = json.loads(CliRunner().invoke(cli, ["battle", MAJESTIC, vig, "--runs", "200", "--json"]).output)
    ba = json.loads(CliRunner().invoke(cli, ["battle", vig, MAJESTIC, "--runs", "200", "--json"]).output)
    assert ab["plan_game"]["call"] == "B" and ba["plan_game"]["call"] == "A"
    assert "(Vigilant)" in ab["verdict"] and "(Vigilant)" in ba["verdict"]
    one = json.loads(CliRunner().invoke(cli, ["battle", MAJESTIC, vig, "--runs", "200", "--json",
                                              "--jobs", "2"]).output)
    assert one == ab  # --jobs changes nothing
