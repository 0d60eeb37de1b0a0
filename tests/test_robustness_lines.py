"""``drydock battle``'s robustness statement names all three checks of issue 22: a verdict must "survive a better
plan for either side, a design one step different, and the other doctrine" (docs/verdicts.md, Robustness)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.engine.montecarlo import Summary
from drydock.insight.robustness import LADDER_STEPS, doctrine_check_runs, doctrine_line, other_doctrine, step_line

ROOT = Path(__file__).resolve().parent.parent
BC = str(ROOT / "tests" / "fixtures" / "battle" / "battlecruiser.yaml")
CV = str(ROOT / "examples" / "designs" / "kestrel-corvette.yaml")


def test_step_line_compares_the_value_with_the_ladder_steps():
    """The continuity table of docs/verdicts.md: every one-step change on the ladders moved the plan game's
    value by 0.00 (brawler-6 to -7) to 0.30 (seeker-2 to -3). A value of -0.62 is farther from 0 than 0.30:
    side B stays favoured a step either way; +0.25 and +0.02 are within 0.30 of even; 0 is even."""
    assert LADDER_STEPS == (Fraction(0), Fraction(30, 100))
    far = step_line(Fraction(-62, 100))
    assert "0.00 to 0.30" in far and "-0.62" in far and "side B would stay favoured" in far
    assert "may get another verdict" in step_line(Fraction(25, 100))
    assert "may get another verdict" in step_line(Fraction(2, 100))
    assert "within the smallest step" in step_line(Fraction(0))
    assert "may get another verdict" in step_line(Fraction(30, 100))  # not farther than the largest step
    assert "side A would stay favoured" in step_line(Fraction(31, 100))


def test_the_doctrine_check_fights_the_other_doctrine_with_a_quarter_of_the_runs():
    """Both sides under the other doctrine, or the two swapped; RUNS // 4 battles, at least min(RUNS, 50): a
    default battle of 1,000 runs adds 250 (at most 3,250 in all with the race's 2,000)."""
    assert other_doctrine("aggressive") == ("cautious", "cautious")
    assert other_doctrine(("cautious", "cautious")) == ("aggressive", "aggressive")
    assert other_doctrine(("cautious", "aggressive")) == ("aggressive", "cautious")
    assert [doctrine_check_runs(n) for n in (1000, 200, 100, 40, 1)] == [250, 50, 50, 40, 1]


def _s(a: int, d: int, b: int) -> Summary:
    return Summary(runs=a + d + b, a_wins=a, draws=d, b_wins=b)


def test_doctrine_line_says_whether_the_verdict_holds():
    """Wilson 95% on the decisive battles: 80 of 100 for B is favoured; 12 to 18 of 30 is too close; 95 draws of
    100 is no decision. A side that is still ahead but not beyond doubt is told apart from a flip."""
    b_clear, a_clear = _s(10, 0, 90), _s(90, 0, 10)
    line = doctrine_line("aggressive", b_clear, _s(20, 0, 80))
    assert line.startswith("doctrine: both sides aggressive; under cautious (the same plans, 100 battles): "
                           "A wins 20.0% [13.3, 28.9], draws 0.0% [0.0, 3.7], B wins 80.0% [71.1, 86.7]: ")
    assert line.endswith("side B favoured under both (the verdict holds under the other doctrine)")
    assert doctrine_line("aggressive", b_clear, a_clear).endswith(
        "side A favoured there, side B favoured as flown: the verdict flips with the doctrine")
    assert doctrine_line("aggressive", b_clear, _s(12, 0, 18)).endswith(
        "side B still ahead there, not beyond doubt at 30 battles")
    assert doctrine_line("aggressive", b_clear, _s(18, 0, 12)).endswith(
        "side B not ahead there: the verdict may depend on the doctrine")
    assert doctrine_line("aggressive", _s(50, 0, 50), b_clear).endswith(
        "side B favoured there, too close to call as flown: the doctrine decides it")
    assert doctrine_line("cautious", _s(2, 95, 3), _s(1, 97, 2)).endswith("no decision under both (the verdict "
                                                                         "holds under the other doctrine)")
    swapped = doctrine_line(("cautious", "aggressive"), b_clear, b_clear)
    assert swapped.startswith("doctrine: side A cautious, side B aggressive; under side A aggressive, side B "
                              "cautious (the same plans, 100 battles)")


def test_battle_prints_and_carries_all_three():
    """The text has the plan game's line, then the doctrine and step lines; --json carries them under
    ``robustness`` (``line``, ``doctrine``, ``step``), the step line built on the plan game's value."""
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    rob = d["robustness"]
    assert rob["line"] == d["plan_game"]["line"] and rob["line"].startswith("plan game (")
    check = rob["doctrine_check"]
    assert (check["doctrine_a"], check["doctrine_b"], check["runs"]) == ("cautious", "cautious", 40)
    assert check["a_wins"] + check["b_wins"] + check["draws"] == 40
    assert rob["doctrine"].startswith("doctrine: both sides aggressive; under cautious (the same plans, 40 battles)")
    text = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40"]).output
    lines = text.splitlines()
    k = lines.index(rob["line"])
    assert lines[k + 1] == rob["doctrine"] and lines[k + 2] == rob["step"]
    none = json.loads(CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "20", "--no-robustness", "--json"]).output)
    assert "robustness" not in none


def test_the_doctrine_check_is_the_equilibrium_plans_under_the_other_doctrine():
    """The check's battles are ``battle --doctrine cautious --plan-a P --plan-b Q`` with the battle's seed (a
    match-up with wins on both sides, so the counts say something)."""
    maj, vig = (str(ROOT / "examples" / "designs" / f"{n}.yaml") for n in ("majestic", "vigilant-cruiser"))
    d = json.loads(CliRunner().invoke(cli, ["battle", maj, vig, "--runs", "60", "--seed", "3", "--json"]).output)
    check = d["robustness"]["doctrine_check"]
    assert check["runs"] == 50 and check["a_wins"] > 0 and check["b_wins"] > 0
    chosen = d["plan_game"]["chosen"]  # each side's plan (a group of plans that played alike: its first)
    same = json.loads(CliRunner().invoke(cli, ["battle", maj, vig, "--runs", "50", "--seed", "3", "--json",
                                               "--doctrine", "cautious", "--plan-a", chosen["a"].split("/")[0],
                                               "--plan-b", chosen["b"].split("/")[0]]).output)
    assert (same["a_wins"], same["b_wins"], same["draws"]) == (check["a_wins"], check["b_wins"], check["draws"])
