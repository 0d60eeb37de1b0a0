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

from drydock.core.calc import Rating, track
from drydock.core.model import ArcValues
from drydock.core.rules import Ruleset
from drydock.core.rules.companion import COMPANION_PLAY

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


#: ``play.companion.dac.tracks``: how D7.1's weapons and systems tracks are laid out (the reading and its quote
#: are in :data:`drydock.core.rules.companion.COMPANION_PLAY`).
HULL_BOXES = "hull"
UNITY_BOXES = "unity-boxes"
UNITY_ITEMS = "unity-items"
TRACK_READINGS = (HULL_BOXES, UNITY_BOXES, UNITY_ITEMS)


@dataclass(frozen=True)
class Dac:
    """Both charts of one ship, the letter codes they use and D7.1's numbered tracks (D7.1, D7.4)."""

    weapons: tuple[tuple[str, ...], ...]
    systems: tuple[tuple[str, ...], ...]
    battery_codes: tuple[str, ...]
    """One letter per battery, in the design's order (printed in place of its loss limit)."""
    system_codes: tuple[tuple[str, str], ...]
    """(system name, letter) for every equipment and munitions system on the systems DAC."""
    reading: str = HULL_BOXES
    """``play.companion.dac.tracks``: ``hull`` (one box per hull point counting down the locations),
    ``unity-boxes`` (Unity's weapons-track boxes counting down the locations) or ``unity-items`` (Unity's tracks, a
    box numbered by the items its countdown loses)."""
    weapons_track: tuple[int, ...] = ()
    """D7.1's weapons track: the DAC dice each box rolls when it is crossed (D7.2)."""
    systems_track: tuple[int, ...] | None = None
    """D7.1's systems track; None under ``unity-items`` (a System result rolls one die; Unity has no such track)."""


def box_numbers(countdown: Sequence[int]) -> tuple[int, ...]:
    """D7.1's numbered boxes from a countdown: "each box contains a '0' or '1' (ships of hull size 5 or less may have
    boxes with '2' or more)", and D7.2 rolls "dice equal to the number in the box". A box's number is what the
    countdown loses when it is checked (its value less the next box's; the last box all it has left), so the numbers
    sum to the countdown's first value. A countdown 3 3 2 2 1 1 is 0 1 0 1 0 1; 6 4 2 is 2 2 2."""
    values = list(countdown)
    return tuple(v - (values[i + 1] if i + 1 < len(values) else 0) for i, v in enumerate(values))


def hull_track(hull: int, locations: int = LOCATIONS) -> tuple[int, ...]:
    """D7.1 by the ``hull`` reading: one box per hull point, counting down the DAC's ``locations`` as A.3 counts down
    a rating (box k = ceil(locations x (hull - k) / hull)), each box numbered by the locations it crosses
    (:func:`box_numbers`). Hull 8: 6 6 5 4 3 3 2 1 -> 0 1 1 1 0 1 1 1 (the *Sycamore*'s systems track); hull 6 or
    more: 0s and 1s only; hull 5 or less: a box holds 2 or more (hull 3: 2 2 2). ``unity-boxes`` passes Unity's
    weapons-track box count (A.3's N) as ``hull``."""
    return box_numbers(track(locations, hull)) if hull > 0 else ()


def track_reading(rules: Ruleset) -> str:
    """``play.companion.dac.tracks`` of ``rules``, or the Companion's own when the ruleset has no Companion table
    (``ssd --dac`` under Unity)."""
    table = rules.play.raw.get("companion")
    entry = table.get("dac") if isinstance(table, dict) else None
    if not isinstance(entry, dict):
        entry = COMPANION_PLAY["dac"]
    return str(entry.get("tracks", COMPANION_PLAY["dac"]["tracks"]))


def dac_for(rating: Rating, rules: Ruleset) -> Dac:
    """The weapons and systems DACs of a rated design (D7.4) and its D7.1 tracks by the ruleset's reading."""
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
    charts = layout(weapons), layout(letters)
    reading = track_reading(rules)
    if reading == UNITY_ITEMS:
        return Dac(*charts, codes, tuple(system_codes), reading, box_numbers(rating.tracks.weapons), None)
    boxes = hull_track(design.hull if reading == HULL_BOXES else len(rating.tracks.weapons))
    # a chart without letters has no track (printed "-", as Unity's 1.3)
    return Dac(*charts, codes, tuple(system_codes), reading, boxes if weapons else (), boxes if letters else ())
