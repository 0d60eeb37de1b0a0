"""To-hit, impact and damage rolls: book examples and sampled vs exact distributions (4.2-4.4, C.3, C.5)."""

import math
import random
from fractions import Fraction

import pytest

from drydock.engine import dice
from drydock.engine.combat import absorb_screens, to_hit_modifier
from drydock.engine.dice import (
    DamageTally,
    damage_expectation,
    hits_distribution,
    impact_probability,
    mount_die_hits,
    repeating_distribution,
)

N = 40_000


class Scripted:
    """A stand-in for random.Random whose dice come from a list (d6 faces)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def random(self):
        return (self.faces.pop(0) - 1) / 6 + 0.01


def close(sample_mean, p, n=N, var=None):
    sd = math.sqrt((var if var is not None else p * (1 - p)) / n)
    return abs(sample_mean - p) <= 4.5 * sd + 1e-9


# ------------------------------------------------------------------ book examples
def test_to_hit_maximum_roll_example():
    # 4.2: ROF 3, ACC 5+, tiny target at long range (-2): 2, 6, 6 -> re-rolls 1 and 5 -> miss, hit
    assert mount_die_hits(2, 5, -2, 1) == 0
    assert mount_die_hits(6, 5, -2, 1, reroll=1) == 0
    assert mount_die_hits(6, 5, -2, 1, reroll=5) == 1
    assert dice.needs_reroll(5, -2, 1) and not dice.needs_reroll(5, -1, 1)


def test_to_hit_minimum_roll():
    # +2 with ACC 3+: cannot fail, but a natural 1 still misses
    assert mount_die_hits(1, 3, 2, 1) == 0
    assert hits_distribution(3, 2) == (Fraction(1, 6), Fraction(5, 6))


def test_multi_mount_examples():
    # C.3: triple, ACC 4+: 4 -> 1, 5 -> 2, 6 -> 3 hits
    assert [mount_die_hits(d, 4, 0, 3) for d in (3, 4, 5, 6)] == [0, 1, 2, 3]
    # C.3: triple, ROF 3, ACC 5+, long range (-1): 2, 4, 6 (re-rolled 3 -> 7) -> 0 + 0 + 3
    assert mount_die_hits(2, 5, -1, 3) + mount_die_hits(4, 5, -1, 3) + mount_die_hits(6, 5, -1, 3, 3) == 3


def test_impact_examples():
    # 4.3/5.1: shield 3, dice 3 (fail), 4 (impact)
    assert dice.impact_die(3, 3, 0) == 0 and dice.impact_die(4, 3, 0) == 1
    # NPr (-1) vs shield 5: 3 fails; 6 re-rolled 3 -> 3 + 5 - 1 = 7 > 5 -> impact
    assert dice.impact_die(3, 5, -1) == 0
    assert dice.impact_die(6, 5, -1, reroll=3) == 1
    # +1 vs shield 1: a natural 1 still fails
    assert dice.impact_die(1, 1, 1) == 0 and impact_probability(1, 1) == Fraction(5, 6)


def test_laser_example_4_1():
    """5.1 example: 2 dice 2 and 6 vs 4+ -> 1 hit; IMP 2 vs shield 3: 3, 4 -> 1 point; DMG 1: 4 -> engine."""
    rng = Scripted([2, 6, 3, 4, 4])
    hits = dice.roll_hits(rng, 4, 0) + dice.roll_hits(rng, 4, 0)
    points = dice.roll_impact(rng, 3, 0) + dice.roll_impact(rng, 3, 0)
    t = DamageTally()
    dice.roll_damage(rng, t)
    assert (hits, points, t.as_tuple()) == (1, 1, (0, 0, 1, 0, 0))


def test_screen_examples_b18():
    from drydock.core.model import WeaponMode
    from drydock.engine.ships import ModeSpec

    inc_knt = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Inc", "Knt")))
    # Inc+Knt, 4 points, dice 1, 2, 4, 5 -> 4 + 4 - 2 = 6 screens
    assert absorb_screens(Scripted([1, 2, 4, 5]), 4, inc_knt, 10) == (6, 0, 0)
    cts = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Cts",)))
    # Cts, 3 points, dice 3, 4, 6 with 4 screens left -> 4 screens + 1 normal damage roll
    assert absorb_screens(Scripted([3, 4, 6]), 3, cts, 4) == (4, 0, 1)


def test_modifiers_fire_control_and_countermeasures():
    from drydock.core.model import WeaponMode
    from drydock.engine.ships import ModeSpec

    plain = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1))
    dfs = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Dfs",)))
    fcs = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Fcs",)))
    gid = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Gid",)))
    both = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Dfs", "Fcs")))
    assert [to_hit_modifier(plain, b, 0, 0) for b in range(3)] == [1, 0, -1]
    assert [to_hit_modifier(dfs, b, 0, 0) for b in range(3)] == [2, 0, -2]
    assert [to_hit_modifier(fcs, b, 0, 0) for b in range(3)] == [-1, 0, 1]
    assert [to_hit_modifier(both, b, 0, 0) for b in range(3)] == [-2, 0, 2]
    assert [to_hit_modifier(gid, b, 0, 0) for b in range(3)] == [0, 0, 0]
    # B.6 countermeasures -1/level; B.8 fire control cancels negatives only, never a net bonus
    assert to_hit_modifier(plain, 2, 2, 0) == -3
    assert to_hit_modifier(plain, 2, 2, 2) == -1
    assert to_hit_modifier(plain, 0, 0, 3) == 1
    assert to_hit_modifier(plain, 0, 1, 3) == 1


def test_band_traits():
    from drydock.core.model import WeaponMode
    from drydock.engine.ships import ModeSpec

    bls = ModeSpec(WeaponMode(range=(6, 12, 18), rof=1, acc=4, imp=1, dmg=1, traits=("Bls",)))
    crn = ModeSpec(WeaponMode(range=(5, 10, 15), rof=1, acc=4, imp=1, dmg=1, traits=("Crn",)))
    sct = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Sct",)))
    tls = ModeSpec(WeaponMode(range=(3, 6, 9), rof=1, acc=4, imp=1, dmg=1, traits=("Tls",)))
    assert [bls.band(r) for r in (1, 6, 7, 12, 13, 18, 19)] == [-1, -1, 1, 1, 2, 2, -1]
    assert [crn.band(r) for r in (5, 10, 11)] == [0, 1, -1]
    assert sct.imp_by_band == (3, 2, 1) and tls.imp_by_band == (1, 2, 3)


# ------------------------------------------------------------------ sampled vs exact
@pytest.mark.parametrize("acc,mod,size", [
    (4, 0, 1), (5, 1, 1), (3, 2, 1), (5, -2, 1), (6, -3, 1), (4, -1, 2), (5, -1, 3), (6, -2, 4), (2, 3, 1),
])
def test_to_hit_distribution(acc, mod, size):
    rng = random.Random(1000 + acc * 10 + mod + size * 100)
    counts = [0] * (size + 1)
    for _ in range(N):
        counts[dice.roll_hits(rng, acc, mod, size)] += 1
    exact = hits_distribution(acc, mod, size)
    assert sum(exact) == 1
    for k in range(size + 1):
        assert close(counts[k] / N, float(exact[k])), (k, counts[k] / N, float(exact[k]))


def test_repeating_distribution():
    rng = random.Random(7)
    counts = [0, 0, 0]
    for _ in range(N):
        counts[dice.roll_repeating(rng)] += 1
    exact = repeating_distribution()
    assert exact == (Fraction(2, 3), Fraction(5, 18), Fraction(1, 18))
    for k in range(3):
        assert close(counts[k] / N, float(exact[k]))


@pytest.mark.parametrize("shield,mod", [(1, 0), (3, 0), (5, 0), (3, 1), (4, 2), (1, 2), (5, -1), (5, -2), (1, -1)])
def test_impact_distribution(shield, mod):
    rng = random.Random(2000 + shield * 10 + mod)
    got = sum(dice.roll_impact(rng, shield, mod) for _ in range(N)) / N
    assert close(got, float(impact_probability(shield, mod)))


def test_impact_exact_values():
    assert impact_probability(3, 0) == Fraction(3, 6)
    assert impact_probability(5, 0) == Fraction(1, 6)
    assert impact_probability(5, -1) == Fraction(1, 6) * Fraction(5, 6)  # 6 re-rolled: 2+ (+5-1 > 5)
    assert impact_probability(1, 2) == Fraction(5, 6)


TRAITS = [dict(), dict(cts=True), dict(inc=True), dict(knt=True), dict(dly=True), dict(dsr=True),
          dict(dsr=True, dly=True), dict(ionized=True), dict(cts=True, ionized=True), dict(knt=True, inc=True)]


@pytest.mark.parametrize("kw", TRAITS, ids=lambda k: "+".join(k) or "plain")
def test_damage_distribution(kw):
    rng = random.Random(3000 + len(kw))
    totals = [0] * 5
    sq = [0] * 5
    for _ in range(N):
        t = DamageTally()
        dice.roll_damage(rng, t, **kw)
        for i, v in enumerate(t.as_tuple()):
            totals[i] += v
            sq[i] += v * v
    exact = damage_expectation(**kw)
    for i in range(5):
        mean = totals[i] / N
        var = max(sq[i] / N - mean * mean, 1e-9)
        assert close(mean, float(exact[i]), var=var), (kw, i, mean, float(exact[i]))


def test_damage_exact_values():
    plain = damage_expectation()
    assert plain == (Fraction(1, 2), 0, Fraction(1, 6), Fraction(1, 6), Fraction(1, 6))
    assert damage_expectation(cts=True)[0] == Fraction(6, 6)  # (1 + 2 + 3) / 6
    assert damage_expectation(inc=True)[0] == 0
    assert damage_expectation(knt=True)[0] == Fraction(3, 2)
    assert damage_expectation(ionized=True)[0] == Fraction(2, 6)
    assert damage_expectation(dly=True)[1] == Fraction(1, 2)
    # Dsr: marks scale by 1 / P(1-3) = 2
    assert damage_expectation(dsr=True) == (1, 0, Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))


def test_expected_damage_matches_sampled_volleys():
    """A whole volley (to-hit with modifiers, Rpt, impact with Pr1, damage) vs expected_damage()."""
    from drydock.core.model import WeaponMode
    from drydock.engine.combat import damage_value, expected_damage
    from drydock.engine.ships import ModeSpec

    mode = ModeSpec(WeaponMode(range=(4, 8, 12), rof=2, acc=5, imp=2, dmg=1, traits=("Pr1", "Rpt")))
    exp = expected_damage(mode, 2, 1, 3, 1, 0, False) / damage_value(False, False, False, False, False, False)
    rng = random.Random(11)
    mod = to_hit_modifier(mode, 2, 1, 0)
    total = 0
    n = 20_000
    for _ in range(n):
        hits = 0
        for _ in range(mode.rof):
            h = dice.roll_hits(rng, mode.acc, mod)
            if h:
                h += dice.roll_repeating(rng)
            hits += h
        total += sum(dice.roll_impact(rng, 3, 1) for _ in range(hits * 2))
    assert abs(total / n - exp) < 0.02
