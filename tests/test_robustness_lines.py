"""``drydock battle``'s robustness statement names all three checks of issue 22: a verdict must "survive a better
plan for either side, a design one step different, and the other doctrine" (docs/verdicts.md, Robustness)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.insight.robustness import LADDER_STEPS, doctrine_line, step_line

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


def test_doctrine_line_names_the_doctrine_flown_and_the_one_not_fought():
    """Two doctrines (aggressive, cautious): one flown by both sides, the other named with its option; with
    one per side, the swap is named."""
    assert doctrine_line("aggressive") == ("doctrine: both sides aggressive; the other doctrine not fought "
                                           "(--doctrine cautious fights it: the plan game there is the check)")
    assert doctrine_line(("cautious", "aggressive")).startswith("doctrine: side A cautious, side B aggressive; ")
    assert "--doctrine-a aggressive --doctrine-b cautious" in doctrine_line(("cautious", "aggressive"))


def test_battle_prints_and_carries_all_three():
    """The text has the plan game's line, then the doctrine and step lines; --json carries them under
    ``robustness`` (``line``, ``doctrine``, ``step``), the step line built on the plan game's value."""
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    rob = d["robustness"]
    assert rob["line"] == d["plan_game"]["line"] and rob["line"].startswith("plan game (")
    assert rob["doctrine"] == doctrine_line("aggressive")
    assert rob["step"] == step_line(Fraction(d["plan_game"]["value_exact"]))
    text = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40"]).output
    lines = text.splitlines()
    k = lines.index(rob["line"])
    assert lines[k + 1] == rob["doctrine"] and lines[k + 2] == rob["step"]
    none = json.loads(CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "20", "--no-robustness", "--json"]).output)
    assert "robustness" not in none
