"""The Combat Phase: attack order (4.0), to-hit modifiers (4.2), impact shields (4.3, C.5), screens (B.18).

A volley is resolved by the ships' rules (:func:`fire_volley` -> :class:`drydock.engine.ship_rules.UnityRules` or a
variant's), which mark the damage (pending counts on the target) with these pieces; the End Phase (4.5) applies it.
Expected-damage figures for the AI come from the exact distributions of :mod:`drydock.engine.dice`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from drydock.engine.dice import (
    DamageTally,
    Rng,
    damage_expectation,
    hits_distribution,
    impact_die,
    impact_probability,
    repeating_distribution,
)
from drydock.engine.ships import Attack, ModeSpec, ShipState
from drydock.engine.tables import AI_RESULT_VALUE, LRS_DIVISOR, NPR_MIN_SHIELD, SCREEN_TRAIT_EFFECTS

BAND_NAMES = ("short", "medium", "long")
#: a re-roll rule (E.2 directed damage): does this damage die's face get rolled once more
Reroll = Callable[[int], bool] | None


# ------------------------------------------------------------------ attack order (4.0, play.md §3.1)
def alternation(a: int, b: int, first: int) -> list[int]:
    """The order in which sides act given ``a`` and ``b`` elements (4.0; play.md §3.1).

    The larger side goes first (``first`` breaks a tie: 0 = side A, 1 = side B) and acts with
    g = max(1, ceil(big / small) - 1) elements per turn, the smaller with 1; when the smaller side
    is exhausted the larger finishes. Returns a list of 0 (A) / 1 (B).
    """
    if a == 0 or b == 0:
        return [0] * a + [1] * b
    big_side = first if a == b else (0 if a > b else 1)
    big, small = (a, b) if big_side == 0 else (b, a)
    g = max(1, -(-big // small) - 1)
    out: list[int] = []
    nb, ns = big, small
    while nb or ns:
        take = min(g, nb)
        out += [big_side] * take
        nb -= take
        if ns:
            out.append(1 - big_side)
            ns -= 1
        if not ns:
            out += [big_side] * nb
            nb = 0
    return out


# ------------------------------------------------------------------ modifiers and range
def effective_range(attacker: ShipState, rng: int, target: object = None) -> int:
    """B.13 Long Range Sensors: actual - floor(actual / 3) while operational (options: ``range_x``, G.4 nebula,
    E.7 untagged targets at double range)."""
    if attacker.range_x is not None:
        return attacker.range_x(rng, target)
    return rng - rng // LRS_DIVISOR if attacker.lrs else rng


def to_hit_modifier(mode: ModeSpec, band: int, target_cm: int, fire_control: int) -> int:
    """Net to-hit modifier (4.2 table): range (C.5 traits), countermeasures (B.6), fire control (B.8)."""
    rm = mode.range_mods[band]
    pos = rm if rm > 0 else 0
    neg = (-rm if rm < 0 else 0) + target_cm
    neg = neg - fire_control if neg > fire_control else 0
    return pos - neg


def impact_shield(mode: ModeSpec, shield: int) -> int:
    """Shield rating the impact roll is made against (Mdl: 0; NPr: unshielded counts as 1) (C.5)."""
    if mode.mdl:
        return 0
    if mode.npr and shield < NPR_MIN_SHIELD:
        return NPR_MIN_SHIELD
    return shield


# ------------------------------------------------------------------ expected damage (AI)
@cache
def expected_hits_per_weapon(acc: int, mod: int, size: int, rof: int, vlt: bool, rpt: bool) -> float:
    dist = hits_distribution(acc, mod, size)
    e = float(sum(k * p for k, p in enumerate(dist)))
    if rpt:
        rep = repeating_distribution()
        e += float((1 - dist[0]) * (rep[1] + 2 * rep[2]))
    return e * (3.5 if vlt else rof)


@cache
def damage_value(cts: bool, inc: bool, knt: bool, dly: bool, dsr: bool, ionized: bool) -> float:
    """AI value of one damage die: expected marks weighted by ``AI_RESULT_VALUE`` (not a rule)."""
    h, c, e, w, s = damage_expectation(cts, inc, knt, dly, dsr, ionized)
    v = AI_RESULT_VALUE
    return float(h + c) * v["hull"] + float(e) * v["engine"] + float(w) * v["weapon"] + float(s) * v["shield"]


def expected_damage(mode: ModeSpec, band: int, size: int, shield: int, target_cm: int, fire_control: int,
                    ionized: bool) -> float:
    """Expected damage value of one mount of ``mode`` at ``band`` against ``shield``."""
    mod = to_hit_modifier(mode, band, target_cm, fire_control)
    hits = expected_hits_per_weapon(mode.acc, mod, size, mode.rof, mode.vlt, mode.rpt)
    s = impact_shield(mode, shield)
    imp = mode.imp_by_band[band]
    per_hit = imp if s == 0 else imp * float(impact_probability(s, mode.imp_mod))
    return hits * per_hit * mode.dmg * damage_value(mode.cts, mode.inc, mode.knt, mode.dly, mode.dsr, ionized)


# ------------------------------------------------------------------ resolving one volley
def absorb_screens(rng: Rng, points: int, mode: ModeSpec, screens: int, bleed: int = 0) -> tuple[int, int, int]:
    """B.18: screens checked for ``points`` damage points; returns (screens used, normal rolls, excess rolls).

    Normal rolls keep the weapon's traits (no screens were up); excess rolls ignore them. ``bleed`` (option B.18
    Bleed-Through, drydock.engine.options.bleed_through): a die per point first; on ``bleed`` or more the point
    "is not absorbed by screens, and is instead resolved normally" (a normal roll).
    """
    if screens <= 0:
        return 0, points, 0
    bled = 0
    if bleed:
        for _ in range(points):
            if int(rng.random() * 6) + 1 >= bleed:
                bled += 1
        points -= bled
    need = 0
    for _ in range(points):
        n = 1
        for tr, eff in SCREEN_TRAIT_EFFECTS.items():
            if not getattr(mode, tr.lower()):
                continue
            if eff[0] == "add":
                n += eff[1]
            else:
                die = int(rng.random() * 6) + 1
                if eff[1] <= die <= eff[2]:
                    n += eff[3]
        need += max(n, 0)
    if need <= screens:
        return need, bled, 0
    return screens, bled, need - screens


def screen_target(rng: Rng, target: ShipState, points: int, mode: ModeSpec, arc: int) -> tuple[int, int, int]:
    """B.18 on ``target``: its screens facing ``arc`` (B.18 directional screens, else the standard ones) check
    ``points`` damage points and are spent; returns (screens used, normal rolls, excess rolls) as
    :func:`absorb_screens`."""
    if target.dir_screens is not None:
        used, normal, excess = absorb_screens(rng, points, mode, target.dir_screens[arc], target.bleed)
        target.dir_screens[arc] -= used
    else:
        used, normal, excess = absorb_screens(rng, points, mode, target.screens, target.bleed)
        target.screens -= used
    return used, normal, excess


class DiceRecorder:
    """Wraps a ``random.Random`` and notes every d6 face drawn through it (for the battle log).

    It draws exactly the same numbers as the wrapped generator, so a logged battle and a silent
    one with the same seed are identical.
    """

    __slots__ = ("rng", "faces")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.faces: list[int] = []

    def random(self) -> float:
        x = self.rng.random()
        self.faces.append(int(x * 6) + 1)
        return x

    def take(self) -> list[int]:
        out, self.faces = self.faces, []
        return out


def fire_volley(rng: Rng, attacker: ShipState, target: ShipState, mode: ModeSpec, weapons: int,
                size: int, band: int, log: list[str] | None = None, what: str = "", penalty: int = 0,
                bonus: int = 0, reroll: Callable[[int], bool] | None = None, even_impacts: bool = False) -> int:
    """Roll to-hit, impact and damage for ``weapons`` mounts of ``mode`` at ``target`` and mark the damage, by the
    attacker's and the target's rules (:class:`drydock.engine.ship_rules.UnityRules` or a variant's).

    Returns the number of boxes marked (hull, crew casualties, engines, weapons, shields).
    ``penalty``: further -1s fire control may cancel (flares in the line of sight, B.9); ``bonus``: +1s
    (a face-up probe near the target, B.17). ``reroll(die) -> bool``: E.2 directed damage re-rolls;
    ``even_impacts``: in a nebula "any even impact roll ... automatically succeeds" (G.4).
    """
    return attacker.rules.fire(rng, Attack(attacker, target, mode, weapons, size, band, log, what, penalty, bonus,
                                           reroll, even_impacts))


def mark_damage(rng: Rng, target: ShipState, mode: ModeSpec, dpoints: int, arc: int,
                reroll: Callable[[int], bool] | None = None) -> tuple[DamageTally, int, int, int]:
    """The one damage step (4.4) by ``target``'s rules: :meth:`drydock.engine.ship_rules.UnityRules.mark_damage`.
    Returns (the tally, screens checked, marine squads sacrificed, points bled through the screens)."""
    return target.rules.mark_damage(rng, target, mode, dpoints, arc, reroll)


def sacrifice_marines(target: ShipState, tally: DamageTally) -> int:
    """B.14 / C.5 Deadly: "A starship struck by weapons with the Deadly trait may sacrifice one marine squad to
    cancel one crew casualty." The doctrine always does: a squad kept aboard can at best cancel one boarding party
    (B.14), which a hull box left unchecked also outweighs, since it counts against capture and destruction alike.
    Returns the squads sacrificed."""
    saved = min(tally.casualties, target.marines_left)
    if saved > 0:
        target.marines_left -= saved
        tally.casualties -= saved
    return saved


def roll_impact_nebula(rng: Rng, shield: int, mod: int) -> int:
    """G.4: an even impact die always scores; an odd one as usual (4.3; a natural 1 fails, a 6 is even)."""
    die = int(rng.random() * 6) + 1
    if die % 2 == 0:
        return 1
    return impact_die(die, shield, mod)


__all__ = ["alternation", "expected_damage", "fire_volley", "mark_damage", "to_hit_modifier", "effective_range",
           "math"]
