"""``drydock scenario roll``: Appendix S's random scenario roll (p.58), seeded or as rolled at the table, with the
scenario's set-up as drydock plays it, as printed lines."""

from __future__ import annotations

import random

from drydock.core.rules.scenario_roll import S_ROLL_TEXT, STANDARD_SIZE, STANDARD_TEXT, ScenarioRoll, roll
from drydock.errors import DrydockError, inline


def parse_dice(text: str, what: str = "--dice") -> tuple[int, int]:
    """``3,2`` (the first die, then the second) as two dice 1-6."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) == 1 and p != "0" and p <= "6"
                                  for p in parts):
        raise DrydockError(f"{what} {text[:20]!r}: two dice 1-6, the first then the second (e.g. {what} 3,2)")
    return int(parts[0]), int(parts[1])


def roll_scenario(seed: int | None = None, dice: str | None = None) -> ScenarioRoll:
    """The roll: ``dice`` as rolled at the table (``3,2``) or two dice of ``random.Random(seed)``."""
    if (seed is None) == (dice is None):
        raise DrydockError("give --seed N (drydock rolls) or --dice D1,D2 (as rolled at the table), one of them")
    if dice is not None:
        return roll(dice=parse_dice(dice))
    return roll(random.Random(seed))


def roll_lines(r: ScenarioRoll, how: str = "") -> list[str]:
    """What the roll gives, with the chart's text and the scenario's set-up."""
    s = r.setup
    out = [f"Appendix S roll{how}: {r.dice[0]} then {r.dice[1]} = {r.number}: {s.label}",
           f"  Appendix S (p.58): \u201c{S_ROLL_TEXT}\u201d"]
    if s.section is None:
        out.append(f"  chart: \u201c{STANDARD_TEXT}\u201d")
    limits = (f"fleet limit {s.limits[0]} each" if s.limits[0] == s.limits[1]
              else f"attacker (side A) fleet limit {s.limits[0]}, defender (side B) {s.limits[1]}")
    target = f"VP target {s.vp_target}" if s.vp_target is not None else "no VP target (the survivors' CR decides)"
    out.append(f"  set-up: {limits}; {target}")
    out.append(f"  {s.summary}")
    if s.note:
        out.append(f"  drydock plays: {s.note}")
    flag = "--scenario " + s.section if s.section else "--battle-size " + STANDARD_SIZE.replace(" ", "-")
    out.append(f"  fight it: drydock battle A.yaml B.yaml {flag}")
    return [inline(x) for x in out]


def scenario_roll(seed: int | None = None, dice: str | None = None) -> list[str]:
    """``drydock scenario roll``'s lines."""
    r = roll_scenario(seed, dice)
    return roll_lines(r, f" (seed {seed})" if seed is not None else " (at the table)")
