"""What a battle can play, checked where designs become ships, before the first turn (issue 42).

An illegal design is fought as written (``drydock battle`` warns), but only with numbers the play rules can
read. :func:`check_playable` refuses the others with one :class:`~drydock.errors.DrydockError` line naming the
ship and the rule: a hull size below 1, a negative engine rating, combat rating (a stated one: X.1, X.2), shield
rating or screen count (1.2, A.1, B.18: 0 or more), a shield rating past the ruleset's ``high_shields`` reading
(A.1, 4.3: :data:`drydock.core.rules.play_rules.PLAY`), and a weapon whose volley of a battle rolls more dice than
:data:`drydock.limits.BATTLE_DICE`.

A Kestrel with shields 6 fights (a natural 6 re-rolled and +5 pierces 6 on 2-6); with shields 11 the battle is
refused: "shield rating 11 cannot be played: a battle plays shield ratings 0 to 10 (A.1, 4.3 ...)".
"""

from __future__ import annotations

from drydock import limits
from drydock.core.model import ArcValues
from drydock.core.rules import Ruleset
from drydock.engine.ships import ShipSpec
from drydock.errors import DrydockError

#: the book's highest shield rating (A.1: "No ship may have a shield rating greater than 5")
BOOK_SHIELD_MAX = 5


def highest_shield(rules: Ruleset | None) -> int:
    """The highest shield rating a battle under ``rules`` plays (the ``high_shields`` reading, A.1 / 4.3)."""
    rules = rules or Ruleset.unity()
    entry = rules.play.raw.get("high_shields") or {}
    if entry.get("play", "maximum-roll") == "refuse":
        return rules.shield_max
    return max(rules.shield_max, int(entry.get("highest", 10)))


def shield_values(spec: ShipSpec) -> tuple[int, ...]:
    """Every shield rating ``spec`` starts a battle with: each arc (B.7) or the track's first box (1.2), and the
    rating its design states (a track drawn from a negative rating reads 0)."""
    stated = spec.design.shields
    own = tuple(v for _, v in stated.items()) if isinstance(stated, ArcValues) else (stated,)
    return (*(spec.shield_arcs or spec.shield_track[:1]), *own)


def volley_dice(spec: ShipSpec) -> int:
    """The most dice the ship's weapons roll in one Combat Phase: mounts x weapons per mount x ROF x IMP x DMG
    summed over its banks (4.2-4.4: a to-hit die per ROF, an impact die per IMP of a hit, a damage die per DMG)."""
    total = 0
    for b in spec.banks:
        for m in [*b.modes, *([b.seeker] if b.seeker is not None else [])]:
            total += max(b.mounts, 0) * max(b.size, 1) * max(m.rof, 0) * max(max(m.imp_by_band), 1) * max(m.dmg, 1)
    return total


def check_playable(spec: ShipSpec, rules: Ruleset | None) -> None:
    """Refuse, in one line naming the ship, a number of ``spec`` the battle cannot play (module docstring)."""
    name = spec.title or spec.name
    if spec.cr < 0:  # a stated CR (X.1, X.2): victory points are a share of it (2.5)
        raise DrydockError(f"{name}: combat rating {spec.cr} cannot be played: victory points are a share of it "
                           "(2.5)")
    if spec.hull < 1:  # no box to check: the ship would be destroyed before it fired (4.4)
        raise DrydockError(f"{name}: hull size {spec.hull} cannot be played: a ship has at least one hull box (1.2)")
    if spec.engines < 0:
        raise DrydockError(f"{name}: engine rating {spec.engines} cannot be played: an engine rating is 0 or more "
                           "(A.1)")
    top = highest_shield(rules)
    for value in shield_values(spec):
        if value < 0:
            raise DrydockError(f"{name}: shield rating {value} cannot be played: a shield rating is 0 or more (1.2)")
        if value > top:
            why = ("the rules' high_shields reading is refuse" if top <= BOOK_SHIELD_MAX else
                   f"A.1, 4.3: a natural 6 re-rolled and +5 beats at most {top}")
            raise DrydockError(f"{name}: shield rating {value} cannot be played: a battle plays shield ratings 0 to "
                               f"{top} ({why}; play.high_shields)")
    for value in (spec.dir_screens or (spec.screens,)):
        if value < 0:
            raise DrydockError(f"{name}: {value} screens cannot be played: screens are 0 or more (B.18)")
    limits.check(f"{name}: dice of one volley of every weapon", volley_dice(spec), limits.BATTLE_DICE)
