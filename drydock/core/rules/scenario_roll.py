"""Appendix S's random scenario roll (p.58) as data: two dice read as 11-66, the table from the roll to the
scenario, and each scenario's set-up as drydock plays it (the ``play`` table's fleet limits and VP target,
the option registry's summary and notes).

T.2(3), T.3(3) and T.3(7) roll on it. The dice are injected (a ``random.Random``) or entered as rolled at
the table; the arithmetic is whole numbers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drydock.core.rules.play_options import BY_SECTION
from drydock.core.rules.play_rules import BATTLE_SIZES, PLAY
from drydock.errors import DrydockError

#: Appendix S, p.58, the roll as the book words it.
S_ROLL_TEXT = ("Players may elect to randomly determine a scenario by rolling one die twice in succession to "
               "achieve a number from 11-66, reading the first roll as \u201ctens\u201d and the second as "
               "\u201cones\u201d. For example, a roll of 3 followed by 2 would become \u201c32\u201d.")
#: Appendix S, p.58 (and Z.3, p.81): the chart's last row.
STANDARD_TEXT = "51-66 None. Play a standard scenario as described on p.11."

#: Appendix S, p.58: "Roll 11-12 13-14 15-16 21-22 23-24 25-26 31-32 33-34 35-36 41-42 43-44 45-46 51-66 Scenario
#: S.1: Alone in the Dark S.2: Breakout [...] S.12: The Trap None. Play a standard scenario": (low, high, section),
#: None the standard scenario.
S_ROLL: tuple[tuple[int, int, str | None], ...] = (
    (11, 12, "S.1"), (13, 14, "S.2"), (15, 16, "S.3"), (21, 22, "S.4"), (23, 24, "S.5"), (25, 26, "S.6"),
    (31, 32, "S.7"), (33, 34, "S.8"), (35, 36, "S.9"), (41, 42, "S.10"), (43, 44, "S.11"), (45, 46, "S.12"),
    (51, 66, None),
)

#: drydock's reading of the standard scenario a roll of 51-66 gives in a campaign: 2.2's battle size is the
#: players' choice ("decide what size battle to fight"); a league's fleets are at most 2,000 CR (T.2(1), T.3(1)),
#: so drydock plays the size of the fleets, Very Large (fleet limit 2000, VP target 1200), unless told otherwise.
STANDARD_SIZE = "very large"


@dataclass(frozen=True)
class Setup:
    """A scenario's set-up as drydock plays it: side A the attacker, side B the defender."""

    section: str | None
    """S.1-S.12, or None for the standard scenario (2.1)."""
    name: str
    limits: tuple[int, int]
    """Fleet limits (CR) of the attacker and of the defender (the defender's first in S.1's one ship)."""
    vp_target: int | None
    """The VP target (None: S.1 scores no VPs, the survivors' CR decides)."""
    summary: str
    note: str

    @property
    def label(self) -> str:
        return f"{self.section}: {self.name}" if self.section else self.name


@dataclass(frozen=True)
class ScenarioRoll:
    """One roll on Appendix S's chart: the two dice, the number they make, and the scenario's set-up."""

    dice: tuple[int, int]
    setup: Setup

    @property
    def number(self) -> int:
        return 10 * self.dice[0] + self.dice[1]


def scenario_of(number: int) -> str | None:
    """The section the chart gives for ``number`` (11-66, each digit 1-6); None: the standard scenario."""
    tens, ones = divmod(number, 10)
    if not (1 <= tens <= 6 and 1 <= ones <= 6):
        raise DrydockError(f"Appendix S: a roll reads 11-66, each digit 1-6 (not {number}); {S_ROLL_TEXT}")
    for low, high, section in S_ROLL:
        if low <= number <= high:
            return section
    raise DrydockError(f"Appendix S: no scenario for {number}")  # pragma: no cover - the chart covers 11-66


def setup(section: str | None, play: dict[str, Any] | None = None, size: str = STANDARD_SIZE) -> Setup:
    """The set-up of ``section`` (None: the standard scenario at 2.2's ``size``) from the ``play`` table (a
    house-rule file's, or the book's) and the option registry."""
    if section is None:
        sizes = (play or {}).get("battle_sizes", BATTLE_SIZES)
        if size not in sizes["names"]:
            raise DrydockError(f"2.2: unknown battle size {size!r} ({', '.join(sizes['names'])})")
        i = sizes["names"].index(size)
        limit, target = sizes["limits"][i], sizes["vp_targets"][i]
        return Setup(None, "Standard scenario", (limit, limit), target,
                     f"an open board, equal fleets (2.1); battle size {size} (2.2): fleet limit {limit}, "
                     f"VP target {target}", "the battle size is the players' choice (2.2); drydock's default is "
                     "the size of a 2,000-CR campaign fleet")
    table = (play or PLAY)["scenarios"]["table"]
    if section not in table or section not in BY_SECTION:
        raise DrydockError(f"Appendix S: unknown scenario {section!r}")
    numbers = table[section]
    option = BY_SECTION[section]
    la, lb = numbers["fleet_limits"]
    return Setup(section, option.name, (int(la), int(lb)), numbers["vp_target"], option.summary, option.note)


def roll(rng: random.Random | None = None, *, dice: tuple[int, int] | None = None,
         play: dict[str, Any] | None = None) -> ScenarioRoll:
    """Appendix S's roll: ``dice`` as rolled at the table, else two dice of ``rng``; the scenario and its set-up."""
    if dice is None:
        if rng is None:
            raise DrydockError("Appendix S: give the dice rolled at the table or a seed")
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    if len(dice) != 2 or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
        raise DrydockError(f"Appendix S: one die twice, each 1-6 (not {', '.join(map(str, dice))})")
    number = 10 * dice[0] + dice[1]
    return ScenarioRoll((dice[0], dice[1]), setup(scenario_of(number), play))


def chances() -> dict[str | None, Fraction]:
    """Each result's exact chance: each scenario 2/36, the standard scenario 12/36 (51-66)."""
    out: dict[str | None, Fraction] = {}
    for tens in range(1, 7):
        for ones in range(1, 7):
            section = scenario_of(10 * tens + ones)
            out[section] = out.get(section, Fraction(0)) + Fraction(1, 36)
    return out


__all__ = ["S_ROLL", "S_ROLL_TEXT", "STANDARD_SIZE", "STANDARD_TEXT", "ScenarioRoll", "Setup", "chances", "roll",
           "scenario_of", "setup"]
