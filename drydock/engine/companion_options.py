"""The Captain's Companion's optional rules a battle plays, as typed switches (issue 43).

The sections are read once, where the match-up's options are checked (:class:`drydock.engine.options.InForce`,
beside :func:`~drydock.engine.companion_play.check_sections`), into a :class:`CompanionOptions` record by
:data:`SWITCHES`, the one table naming them; each Companion ship's rules (:class:`~drydock.engine.companion_play.
CompanionShip`) read a field and never ask whether a section is on (as python-chess parses an engine's options at
the boundary into typed values, and a variant board reads its own attributes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class CompanionOptions:
    """Which of the Companion's optional rules are in force (all off: the Companion's core rules only)."""

    #: D1 engagement limit: a target's attackers' combined CR at most three times its own
    engagement_limit: bool = False
    #: D3 alternate damage table: two tracks a damage die
    alternate_damage: bool = False
    #: D7 random damage allocation, by side (A, B): both sides, or one (D7.1 note 3)
    random_damage: tuple[bool, bool] = (False, False)


#: each Companion section -> the switch it turns on (``random_damage``: the sides it covers)
SWITCHES: dict[str, tuple[str, tuple[int, ...]]] = {
    "CC.D1": ("engagement_limit", ()),
    "CC.D3": ("alternate_damage", ()),
    "CC.D7": ("random_damage", (0, 1)),
    "CC.D7a": ("random_damage", (0,)),
    "CC.D7b": ("random_damage", (1,)),
}

#: the core Companion rules: no optional rule in force (a battle without options)
NO_OPTIONS = CompanionOptions()


def companion_options(sections: Iterable[str]) -> CompanionOptions:
    """The switches of the Companion sections among ``sections`` (the others are not the Companion's)."""
    on = {SWITCHES[s][0] for s in sections if s in SWITCHES}
    sides = {side for s in sections if s in SWITCHES for side in SWITCHES[s][1]}
    return CompanionOptions(engagement_limit="engagement_limit" in on, alternate_damage="alternate_damage" in on,
                            random_damage=(0 in sides, 1 in sides))


__all__ = ["NO_OPTIONS", "SWITCHES", "CompanionOptions", "companion_options"]
