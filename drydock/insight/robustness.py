"""The robustness statement of ``drydock battle`` (issue 22): the three things a verdict must survive.

Issue 22: a verdict should "survive a better plan for either side, a design one step different, and the other
doctrine". ``battle`` says, for each, what was checked:

- **plans**: the plan game's line (:func:`~drydock.engine.plan_game.robustness_line`), fought;
- **doctrine**: which doctrine each side flew, and that the other doctrine was not fought (the command that
  fights it is named);
- **step**: a design one step different (one mount, one engine point) is not fought either; the line compares
  the game's value with the step sizes measured on drydock's own ladders (:data:`LADDER_STEPS`,
  ``docs/verdicts.md``): a value farther from 0 than the largest step keeps its side there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.engine.ai import DOCTRINES, doctrine_pair
from drydock.engine.plan_game import PlanGame

#: The smallest and largest change of the plan game's value (A wins - B wins per battle) between designs one
#: step apart, measured on the ladders of ``tests/fixtures/ladder`` by ``python bench/bench_battle.py`` (RUNS
#: 500, seed 2026, with several sideslips a move; the continuity table of docs/verdicts.md): every step moved
#: the value by 0.00 to 0.30 (as printed, two decimals).
LADDER_STEPS = (Fraction(0), Fraction(30, 100))


def doctrine_line(doctrine: Any) -> str:
    """Which doctrine each side flew, and the other doctrine (not fought) with the option that fights it."""
    a, b = doctrine_pair(doctrine)
    flown = f"both sides {a.name}" if a == b else f"side A {a.name}, side B {b.name}"
    others = [name for name in sorted(DOCTRINES) if name not in (a.name, b.name)]
    if not others:  # each side flew a different one: the other check is each side's other doctrine
        return (f"doctrine: {flown}; each side under the other's doctrine not fought (--doctrine-a {b.name} "
                f"--doctrine-b {a.name} fights it)")
    return (f"doctrine: {flown}; the other doctrine not fought (--doctrine {others[0]} fights it: the plan game "
            "there is the check)")


def step_line(value: Fraction) -> str:
    """How far the game's value is from even, against the ladder steps: a design one step different is not
    fought, so this is the sensitivity measured on the ladders, not on these designs."""
    lo, hi = LADDER_STEPS
    head = (f"a design one step different (one mount, one engine point): not fought; on drydock's ladders one "
            f"step moved the value by {float(lo):.2f} to {float(hi):.2f} (docs/verdicts.md): ")
    if abs(value) > hi:
        side = "A" if value > 0 else "B"
        return head + (f"the value {float(value):+.2f} is farther from even than the largest step, so side {side} "
                       "would stay favoured one step either way")
    if abs(value) > lo:
        return head + (f"the value {float(value):+.2f} is within the largest step of even: a design one step "
                       "different may get another verdict")
    return head + (f"the value {float(value):+.2f} is within the smallest step of even: one step either way can "
                   "decide it")


def robustness(game: PlanGame, line: str, doctrine: Any) -> dict[str, str]:
    """The JSON ``robustness`` object: the plan game's ``line`` and the ``doctrine`` and ``step`` lines."""
    return {"line": line, "doctrine": doctrine_line(doctrine), "step": step_line(game.solution.value)}
