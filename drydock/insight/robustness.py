"""The robustness statement of ``drydock battle`` (issue 22): the three things a verdict must survive.

Issue 22: a verdict should "survive a better plan for either side, a design one step different, and the other
doctrine". ``battle`` says, for each, what was checked:

- **plans**: the plan game's line (:func:`~drydock.engine.plan_game.robustness_line`), fought;
- **doctrine**: which doctrine each side flew, and the equilibrium's plans fought again under the other doctrine
  (:func:`doctrine_check_runs` battles, the same seeds): whether the favoured side stays;
- **step**: a design one step different (one mount, one engine point) is not fought either; the line compares
  the game's value with the step sizes measured on drydock's own ladders (:data:`LADDER_STEPS`,
  ``docs/verdicts.md``): a value farther from 0 than the largest step keeps its side there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.engine.ai import DOCTRINES, doctrine_pair
from drydock.engine.montecarlo import Summary, verdict, wilson
from drydock.engine.plan_game import DRAWISH, PlanGame

#: The smallest and largest change of the plan game's value (A wins - B wins per battle) between designs one
#: step apart, measured on the ladders of ``tests/fixtures/ladder`` by ``python bench/bench_battle.py`` (RUNS
#: 500, seed 2026, with several sideslips a move; the continuity table of docs/verdicts.md): every step moved
#: the value by 0.00 to 0.30 (as printed, two decimals).
LADDER_STEPS = (Fraction(0), Fraction(30, 100))


#: The doctrine check fights a quarter of RUNS, at least min(RUNS, this): a default battle of 1,000 runs costs at
#: most 3,250 battles (the race within 2,000, the verdict's 1,000, the check's 250).
DOCTRINE_CHECK_MIN = 50


def doctrine_check_runs(runs: int) -> int:
    """Battles of the doctrine check for a verdict of ``runs`` battles."""
    return max(runs // 4, min(runs, DOCTRINE_CHECK_MIN))


def other_doctrine(doctrine: Any) -> tuple[str, str]:
    """The doctrines of the check: both sides under the other doctrine, or, when the sides flew different ones,
    the two swapped."""
    a, b = doctrine_pair(doctrine)
    if a != b:
        return b.name, a.name
    other = next(name for name in sorted(DOCTRINES) if name != a.name)
    return other, other


def _named(pair: tuple[str, str], both: str = "both sides ") -> str:
    a, b = pair
    return f"{both}{a}" if a == b else f"side A {a}, side B {b}"


def _leaning(s: Summary) -> str:
    """The verdict of a summary in words: no decision (draws), a favoured side, or too close to call."""
    if Fraction(s.draws, max(s.runs, 1)) >= DRAWISH:
        return "no decision"
    v = verdict(s)
    return "too close to call" if v == "even" else f"side {v} favoured"


def doctrine_line(doctrine: Any, main: Summary, check: Summary) -> str:
    """Which doctrine each side flew, what the same plans gave under the other (``check``, fought) and whether
    the verdict of ``main`` (the battles behind the printed verdict) holds there."""
    a, b = doctrine_pair(doctrine)
    flown = _named((a.name, b.name))
    other = other_doctrine(doctrine)
    n = max(check.runs, 1)

    def part(label: str, k: int) -> str:
        lo, hi = wilson(k, check.runs)
        return f"{label} {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"

    rates = ", ".join((part("A wins", check.a_wins), part("draws", check.draws), part("B wins", check.b_wins)))
    was, now = _leaning(main), _leaning(check)
    sides = {"side A favoured", "side B favoured"}
    if was == now:
        end = f"{now} under both (the verdict holds under the other doctrine)"
    elif {was, now} == sides:
        end = f"{now} there, {was} as flown: the verdict flips with the doctrine"
    elif was in sides and now == "too close to call":
        side = was[5]
        ahead = check.a_wins > check.b_wins if side == "A" else check.b_wins > check.a_wins
        end = (f"side {side} still ahead there, not beyond doubt at {check.runs} battles" if ahead else
               f"side {side} not ahead there: the verdict may depend on the doctrine")
    else:
        end = f"{now} there, {was} as flown: the doctrine decides it"
    return (f"doctrine: {flown}; under {_named(other, both='')} (the same plans, {check.runs} "
            f"battles): {rates}: {end}")


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


def robustness(game: PlanGame, line: str, doctrine: Any, main: Summary, check: Summary) -> dict[str, Any]:
    """The JSON ``robustness`` object: the plan game's ``line``, the ``doctrine`` line with its battles
    (``doctrine_check``: the doctrines, ``runs``, ``a_wins``, ``b_wins``, ``draws``) and the ``step`` line."""
    other = other_doctrine(doctrine)
    return {"line": line, "doctrine": doctrine_line(doctrine, main, check),
            "doctrine_check": {"doctrine_a": other[0], "doctrine_b": other[1], "runs": check.runs,
                               "a_wins": check.a_wins, "b_wins": check.b_wins, "draws": check.draws,
                               "verdict": _leaning(check)},
            "step": step_line(game.solution.value)}
