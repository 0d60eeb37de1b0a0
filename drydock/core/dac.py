"""Damage allocation charts (DACs) of the Captain's Companion D7 random damage allocation.

D7.4: "one letter is placed per weapon carried by the starship" (the weapons DAC) and "one letter is
placed per Screen, piece of additional equipment, and set of munitions" (the systems DAC); "These are
placed into the six DAC locations one letter at a time, starting at 1 and proceeding to the right,
wrapping back around to 1 as needed." D7.1: batteries carry letter codes (A, B, C ...) in place of
their loss limits; equipment and munitions carry X, Y, Z; a Screen is "@".

Erratum: D7.4's weapons example says two A's, five B's and three C's, but its chart
(1 AB, 2 AB, 3 AC, 4 AC, 5 A, 6 B) is what the rule gives for five A's, three B's and two C's; the
systems example and the *Sycamore* sheet agree with the rule. drydock follows the rule.

Which Unity systems go on the systems DAC: standard or directional Screens (one "@" each), every
equipment item (type E, one letter per item of its quantity) and every munitions system (type M, one
letter per set), in the design's order. The *Sycamore* sheet also codes its Anti-Fighter Batteries,
which Unity rates as a trait (A.5, type T, never lost to damage): they get no letter here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from drydock.core.calc import Rating
from drydock.core.model import ArcValues
from drydock.core.rules import Ruleset

LOCATIONS = 6
SCREEN = "@"
BATTERY_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVW"
#: D7.1 shows X, Y, Z; drydock continues with the letters the weapons DAC does not use from the end.
SYSTEM_LETTERS = "XYZWVUTSRQPONMLKJIHGFEDCBA"


def layout(letters: Sequence[str], locations: int = LOCATIONS) -> tuple[tuple[str, ...], ...]:
    """D7.4: letters into the locations one at a time from location 1, wrapping to 1."""
    out: list[list[str]] = [[] for _ in range(locations)]
    for i, letter in enumerate(letters):
        out[i % locations].append(letter)
    return tuple(tuple(cell) for cell in out)


def shift(rolled: int, crossed: set[int] | frozenset[int], locations: int = LOCATIONS) -> int | None:
    """D7.2: a location already crossed shifts one to the right (6 wraps to 1); None when all are crossed."""
    loc = rolled
    for _ in range(locations):
        if loc not in crossed:
            return loc
        loc = loc % locations + 1
    return None


@dataclass(frozen=True)
class Dac:
    """Both charts of one ship and the letter codes they use (D7.1, D7.4)."""

    weapons: tuple[tuple[str, ...], ...]
    systems: tuple[tuple[str, ...], ...]
    battery_codes: tuple[str, ...]
    """One letter per battery, in the design's order (printed in place of its loss limit)."""
    system_codes: tuple[tuple[str, str], ...]
    """(system name, letter) for every equipment and munitions system on the systems DAC."""


def box_numbers(countdown: Sequence[int]) -> tuple[int, ...]:
    """D7.1's track boxes from Unity's countdown: "each box contains a '0' or '1' (ships of hull size 5 or less may
    have boxes with '2' or more)", and D7.2 rolls "dice equal to the number in the box". drydock's reading: a box's
    number is the items Unity's countdown loses when it is checked (its value less the next box's; the last box
    all it has left), so the numbers sum to the track's items and each is the DAC dice the engine rolls for it
    (CC.D7). A countdown 3 3 2 2 1 1 is 0 1 0 1 0 1; 6 4 2 is 2 2 2."""
    values = list(countdown)
    return tuple(v - (values[i + 1] if i + 1 < len(values) else 0) for i, v in enumerate(values))


def dac_for(rating: Rating, rules: Ruleset) -> Dac:
    """The weapons and systems DACs of a rated design (D7.4)."""
    design = rating.design
    codes = tuple(BATTERY_LETTERS[i] if i < len(BATTERY_LETTERS) else "?" for i in range(len(rating.batteries)))
    weapons = [code for code, b in zip(codes, rating.batteries, strict=True) for _ in range(max(b.weapons, 0))]
    letters: list[str] = []
    screens = design.screens
    n_screens = screens.total() if isinstance(screens, ArcValues) else screens
    letters += [SCREEN] * max(n_screens, 0)
    system_codes: list[tuple[str, str]] = []
    for entry in design.systems:
        rule = rules.systems.get(entry.name)
        if rule is None or rule.structural or rule.type not in ("E", "M"):
            continue
        i = len(system_codes)
        letter = SYSTEM_LETTERS[i] if i < len(SYSTEM_LETTERS) else "?"
        system_codes.append((entry.name, letter))
        letters += [letter] * (max(entry.qty, 0) if rule.type == "E" else 1)
    return Dac(layout(weapons), layout(letters), codes, tuple(system_codes))
