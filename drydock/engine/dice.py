"""Dice: the to-hit, impact and damage rolls with their minimum/maximum-roll rules (4.2-4.4, C.3, C.5).

Each roll has two faces: a sampler taking an injected ``random.Random`` (never the global one) and
an exact distribution (``fractions.Fraction``) used by the AI's expected-damage tables and by the
tests that check the samplers against the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Protocol

from drydock.engine.tables import (
    DAMAGE_TABLE,
    DISRUPTIVE_REROLL_FROM,
    IONIZED_NEGATES,
    NATURAL_FAIL,
    REPEATING_SECOND,
    REPEATING_THIRD,
    REROLL_BONUS,
    REROLL_ON,
)

SIXTH = Fraction(1, 6)


class Rng(Protocol):
    """What a roll draws from: ``random()`` in [0, 1) (a ``random.Random``, or the log's ``DiceRecorder``)."""

    def random(self) -> float: ...


def d6(rng: Rng) -> int:
    """One six-sided die (fast path of ``rng.randint(1, 6)``)."""
    return int(rng.random() * 6) + 1


# ------------------------------------------------------------------ to-hit (4.2, C.3)
def mount_die_hits(die: int, acc: int, mod: int, size: int, reroll: int = 0) -> int:
    """Hits scored by one to-hit die of a ``size``-weapon mount (size 1 = an ordinary weapon).

    A natural 1 always misses (4.2). Each die scores (result - ACC + 1) hits, at most ``size``
    (C.3). A natural 6 that cannot reach the best count is re-rolled: ``reroll`` + 5 + mod (4.2).
    """
    if die == NATURAL_FAIL:
        return 0
    hits = die + mod - acc + 1
    if die == REROLL_ON and hits < size:
        hits = reroll + REROLL_BONUS + mod - acc + 1
    return max(0, min(size, hits))


def needs_reroll(acc: int, mod: int, size: int) -> bool:
    """True if a natural 6 is re-rolled for this die (4.2 maximum-roll rule, C.3)."""
    return REROLL_ON + mod - acc + 1 < size


def roll_hits(rng: Rng, acc: int, mod: int, size: int = 1) -> int:
    die = int(rng.random() * 6) + 1
    if die == REROLL_ON and REROLL_ON + mod - acc + 1 < size:
        return mount_die_hits(die, acc, mod, size, int(rng.random() * 6) + 1)
    return mount_die_hits(die, acc, mod, size)


@cache
def hits_by_face(acc: int, mod: int, size: int = 1) -> tuple[int, ...] | None:
    """Hits of one to-hit die by its face (index 1-6; index 0 unused), or None when a natural 6 is re-rolled
    (4.2), so that a second die is drawn: the table :func:`roll_hits` reads when none is (a hot-loop form)."""
    if needs_reroll(acc, mod, size):
        return None
    return (0, *(mount_die_hits(die, acc, mod, size) for die in range(1, 7)))


@cache
def hits_distribution(acc: int, mod: int, size: int = 1) -> tuple[Fraction, ...]:
    """Exact P(k hits) for k = 0..size from one to-hit die."""
    dist = [Fraction(0)] * (size + 1)
    for die in range(1, 7):
        if die == REROLL_ON and needs_reroll(acc, mod, size):
            for rr in range(1, 7):
                dist[mount_die_hits(die, acc, mod, size, rr)] += SIXTH * SIXTH
        else:
            dist[mount_die_hits(die, acc, mod, size)] += SIXTH
    return tuple(dist)


def roll_repeating(rng: Rng) -> int:
    """Extra hits of a Repeating die that hit (C.5): 5-6 -> +1 and roll again, 6 -> +1 more."""
    if int(rng.random() * 6) + 1 < REPEATING_SECOND:
        return 0
    return 2 if int(rng.random() * 6) + 1 >= REPEATING_THIRD else 1


def repeating_distribution() -> tuple[Fraction, Fraction, Fraction]:
    """Exact P(0, 1, 2 extra hits) of a Repeating hit (C.5)."""
    p2 = Fraction(7 - REPEATING_SECOND, 6)
    p3 = Fraction(7 - REPEATING_THIRD, 6)
    return (1 - p2, p2 * (1 - p3), p2 * p3)


# ------------------------------------------------------------------ impact (4.3)
def impact_die(die: int, shield: int, mod: int, reroll: int = 0) -> int:
    """1 if an impact die scores a point of impact against ``shield`` (shield >= 1), else 0.

    A natural 1 always fails; a die scores when result + mod > shield; when even a 6 cannot
    succeed, a natural 6 is re-rolled and scores when re-roll + 5 + mod > shield (4.3).
    """
    if die == NATURAL_FAIL:
        return 0
    if die == REROLL_ON and REROLL_ON + mod <= shield:
        return 1 if reroll + REROLL_BONUS + mod > shield else 0
    return 1 if die + mod > shield else 0


def roll_impact(rng: Rng, shield: int, mod: int) -> int:
    die = int(rng.random() * 6) + 1
    if die == REROLL_ON and REROLL_ON + mod <= shield:
        return impact_die(die, shield, mod, int(rng.random() * 6) + 1)
    return impact_die(die, shield, mod)


@cache
def impact_by_face(shield: int, mod: int) -> tuple[int, ...] | None:
    """Points of impact of one impact die by its face (index 1-6) against ``shield`` >= 1, or None when a
    natural 6 is re-rolled (4.3): the table :func:`roll_impact` reads when it draws one die (a hot-loop form)."""
    if REROLL_ON + mod <= shield:
        return None
    return (0, *(impact_die(die, shield, mod) for die in range(1, 7)))


@cache
def impact_probability(shield: int, mod: int) -> Fraction:
    """Exact P(one impact die scores) against ``shield`` >= 1."""
    p = Fraction(0)
    for die in range(1, 7):
        if die == REROLL_ON and REROLL_ON + mod <= shield:
            p += SIXTH * sum(Fraction(impact_die(die, shield, mod, rr), 6) for rr in range(1, 7))
        else:
            p += SIXTH * impact_die(die, shield, mod)
    return p


# ------------------------------------------------------------------ damage (4.4, C.5, B.11)
class DamageTally:
    """Damage marked by damage dice (4.4): hull hits from the front, casualties from the back (Dly)."""

    __slots__ = ("hull", "casualties", "engine", "weapon", "shield")

    def __init__(self) -> None:
        self.hull = 0
        self.casualties = 0
        self.engine = 0
        self.weapon = 0
        self.shield = 0

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.hull, self.casualties, self.engine, self.weapon, self.shield)


def apply_damage_die(die: int, tally: DamageTally, *, cts: bool = False, inc: bool = False,
                     knt: bool = False, dly: bool = False, ionized: bool = False,
                     casualty_allowed: bool = True, table: dict[int, str] = DAMAGE_TABLE) -> bool:
    """Mark one damage die's result (4.4 table with the C.5 damage traits and B.11).

    Returns True if a Deadly casualty was inflicted (Dsr + Dly: at most one per original die).
    """
    if knt:
        tally.hull += 1
    casualty = False
    if dly and casualty_allowed and die % 2 == 0:
        tally.casualties += 1
        casualty = True
    if ionized and die == IONIZED_NEGATES:
        return casualty
    kind = table[die]
    if kind == "hull":
        if not inc:
            tally.hull += die if cts else 1
    elif kind == "engine":
        tally.engine += 1
    elif kind == "weapon":
        tally.weapon += 1
    else:
        tally.shield += 1
    return casualty


def roll_damage(rng: Rng, tally: DamageTally, *, cts: bool = False, inc: bool = False,
                knt: bool = False, dly: bool = False, dsr: bool = False, ionized: bool = False,
                table: dict[int, str] = DAMAGE_TABLE, reroll: Callable[[int], bool] | None = None) -> None:
    """Roll one damage die and mark it; Dsr re-rolls 4-6 until 1-3, every result applying (C.5).

    ``reroll(die) -> bool`` (E.2 directed damage) may ask for the first die to be rolled once more.
    """
    die = int(rng.random() * 6) + 1
    if reroll is not None and reroll(die):
        die = int(rng.random() * 6) + 1
    casualty = apply_damage_die(die, tally, cts=cts, inc=inc, knt=knt, dly=dly, ionized=ionized, table=table)
    while dsr and die >= DISRUPTIVE_REROLL_FROM:
        die = int(rng.random() * 6) + 1
        casualty |= apply_damage_die(die, tally, cts=cts, inc=inc, knt=knt, dly=dly, ionized=ionized,
                                     casualty_allowed=not casualty, table=table)


@cache
def damage_expectation(cts: bool = False, inc: bool = False, knt: bool = False, dly: bool = False,
                       dsr: bool = False, ionized: bool = False) -> tuple[Fraction, ...]:
    """Exact expected (hull, casualties, engine, weapon, shield) marks of one damage die.

    Dsr: the die is re-rolled while 4-6, so the expected marks are E[one die] / P(1-3) except the
    single Dly casualty per original die, handled by summing the geometric series exactly.
    """
    def one(die: int, casualty_allowed: bool) -> tuple[int, ...]:
        t = DamageTally()
        apply_damage_die(die, t, cts=cts, inc=inc, knt=knt, dly=dly, ionized=ionized,
                         casualty_allowed=casualty_allowed)
        return t.as_tuple()

    if not dsr:
        return tuple(sum((Fraction(one(d, True)[i], 6) for d in range(1, 7)), Fraction(0)) for i in range(5))
    # Dsr: a chain of 4-6 results ending with a 1-3. Expected marks without casualties scale by
    # 1 / P(stop); the casualty (at most one per chain) = P(any even die in the chain).
    stop = Fraction(DISRUPTIVE_REROLL_FROM - 1, 6)
    per_die = [sum(Fraction(one(d, False)[i], 6) for d in range(1, 7)) for i in range(5)]
    expected = [x / stop for x in per_die]
    if dly:
        # P(no even die in chain): continue on 5 (odd, 4-6), stop on 1 or 3 (odd, 1-3)
        p_odd_stop = Fraction(sum(1 for d in range(1, DISRUPTIVE_REROLL_FROM) if d % 2), 6)
        p_odd_go = Fraction(sum(1 for d in range(DISRUPTIVE_REROLL_FROM, 7) if d % 2), 6)
        no_even = p_odd_stop / (1 - p_odd_go)
        expected[1] = 1 - no_even
    return tuple(expected)
