"""Design analysis without dice: exact expected damage, firepower by arc, SU/CR breakdown, endurance.

Every figure is an exact ``Fraction`` computed from the engine's dice distributions
(:mod:`drydock.engine.dice`): to-hit with its range modifiers and minimum/maximum-roll rules (4.2, C.3),
impact against a shield rating (4.3), the damage table with the damage traits (4.4, C.5) and screens (B.18).

Readings (documented, not rules):

- "Expected damage" is the expected number of boxes marked on the target's tracks (hull, crew casualties,
  engines, weapons, shields) by one turn of fire from every bank that can bear on one target hex at that range
  (the best such hex: 4.1, a hex cut by an arc boundary is in both arcs, so a port-half and a starboard-half
  bank add up only dead ahead or astern).
- A dual-mode battery fires the mode with the higher expectation at each range and shield, as the doctrine does.
- Reference targets have uniform shields 0-5, no countermeasures, no Ionized Hull. "With screens" means a
  target with ``screens`` fresh screens that absorb the turn's damage points as one pool (B.18): all of it
  while the points' screen checks fit, the excess rolled as damage ignoring the damage traits.
- Seeking weapons (C.4) and fighters are not part of the per-range figures; they are listed separately.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from drydock.core.model import Design
from drydock.core.validation import rate
from drydock.engine.combat import impact_shield, to_hit_modifier
from drydock.engine.dice import damage_expectation, hits_distribution, impact_probability, repeating_distribution
from drydock.engine.expectations import bearing_sets
from drydock.engine.hexgrid import ARC_BIT
from drydock.engine.ships import ModeSpec, ShipSpec
from drydock.engine.tables import LRS_DIVISOR, SCREEN_TRAIT_EFFECTS
from drydock.limits import ANALYZE_DICE, ANALYZE_STEPS, LimitError

SHIELDS = tuple(range(6))
REFERENCE_SCREENS = 2
#: the shield rating of the target for the per-arc firepower picture
ARC_SHIELD = 2
#: 30-degree bearing sectors clockwise from the facing and the two component arcs covering each (weapons.md 1)
SECTOR_ARCS = ("BG", "BI", "DI", "DK", "FK", "FL", "EL", "EJ", "CJ", "CH", "AH", "AG")


@dataclass(frozen=True)
class ReferenceWeapon:
    """A weapon used to measure endurance: hits it needs, on average, to destroy the ship."""

    label: str
    imp: int = 1
    dmg: int = 1
    imp_mod: int = 0
    mdl: bool = False
    knt: bool = False


REFERENCE_WEAPONS = (
    ReferenceWeapon("IMP 1 / DMG 1"),
    ReferenceWeapon("Piercing +2 (Pr2)", imp_mod=2),
    ReferenceWeapon("IMP 2 / DMG 2", imp=2, dmg=2),
    ReferenceWeapon("Modulating (Mdl)", mdl=True),
    ReferenceWeapon("Kinetic (Knt)", knt=True),
)


# ------------------------------------------------------------------ polynomials truncated at degree < n
Poly = tuple[Fraction, ...]


def _mul(a: Poly, b: Poly, n: int) -> Poly:
    out = [Fraction(0)] * n
    for i, x in enumerate(a):
        if x:
            for j in range(min(len(b), n - i)):
                out[i + j] += x * b[j]
    return tuple(out)


def _pow(a: Poly, k: int, n: int) -> Poly:
    out: Poly = (Fraction(1),) + (Fraction(0),) * (n - 1)
    base = a
    while k:
        if k & 1:
            out = _mul(out, base, n)
        base = _mul(base, base, n)
        k >>= 1
    return out


def _mix(weights: list[tuple[Fraction, Poly]], n: int) -> Poly:
    out = [Fraction(0)] * n
    for w, p in weights:
        for i in range(n):
            out[i] += w * p[i]
    return tuple(out)


# ------------------------------------------------------------------ one volley, exactly
@cache
def die_hits(acc: int, mod: int, size: int, rpt: bool) -> tuple[Fraction, ...]:
    """P(k hits) from one to-hit die, a Repeating die's extra hits included (4.2, C.3, C.5)."""
    dist = list(hits_distribution(acc, mod, size))
    if not rpt:
        return tuple(dist)
    rep = repeating_distribution()
    out = [Fraction(0)] * (len(dist) + 2)
    out[0] = dist[0]
    for k in range(1, len(dist)):
        for extra, p in enumerate(rep):
            out[k + extra] += dist[k] * p
    return tuple(out)


def screen_need(mode: ModeSpec | ReferenceWeapon) -> tuple[Fraction, ...]:
    """P(a damage point checks c screens), c = 0, 1, 2 ... (B.18, the damage traits)."""
    dist = {1: Fraction(1)}
    for tr, eff in SCREEN_TRAIT_EFFECTS.items():
        if not getattr(mode, tr.lower(), False):
            continue
        p = Fraction(1) if eff[0] == "add" else Fraction(eff[2] - eff[1] + 1, 6)
        delta = eff[1] if eff[0] == "add" else eff[3]
        new: dict[int, Fraction] = {}
        for c, q in dist.items():
            new[c + delta] = new.get(c + delta, 0) + q * p
            if p != 1:
                new[c] = new.get(c, 0) + q * (1 - p)
        dist = new
    out = [Fraction(0)] * (max(max(dist), 0) + 1)
    for c, q in dist.items():
        out[max(c, 0)] += q
    return tuple(out)


@dataclass
class Volley:
    """Expected damage points, expected boxes marked, and the truncated law of screen checks of one volley."""

    points: Fraction
    marks: Fraction
    need_mean: Fraction
    need_low: Poly  # P(screen checks = j), j < screens


def volley(mode: ModeSpec, mounts: int, size: int, band: int, shield: int, fire_control: int,
           screens: int) -> Volley:
    """One bank's fire at ``band`` against a uniform ``shield`` (4.2-4.4, B.18), exactly."""
    n = max(screens, 1)
    mod = to_hit_modifier(mode, band, 0, fire_control)
    s = impact_shield(mode, shield)
    p = Fraction(1) if s == 0 else impact_probability(s, mode.imp_mod)
    imp = mode.imp_by_band[band]
    per_die_marks = sum(damage_expectation(mode.cts, mode.inc, mode.knt, mode.dly, mode.dsr, False))
    need = screen_need(mode)
    need_mean = sum(c * q for c, q in enumerate(need))
    # the law of screen checks of one hit: imp impact dice, each scoring dmg points
    point = tuple(need[:n]) + (Fraction(0),) * max(0, n - len(need))
    on_impact = _pow(point, mode.dmg, n)
    one_die = _mix([(1 - p, (Fraction(1),) + (Fraction(0),) * (n - 1)), (p, on_impact)], n)
    per_hit = _pow(one_die, imp, n)
    frl = mode.frl
    dist = die_hits(mode.acc, mod, 1 if frl else size, mode.rpt)
    mean_hits_die = sum(k * q for k, q in enumerate(dist))
    mult = mounts * size if frl else 1
    die_law = _mix([(q, _pow(per_hit, k * mult, n)) for k, q in enumerate(dist)], n)
    if mode.vlt:
        dice_mean = Fraction(7, 2)
        volley_dice = [(Fraction(1, 6), d) for d in range(1, 7)]
    else:
        dice_mean = Fraction(mode.rof)
        volley_dice = [(Fraction(1), mode.rof)]
    law = _mix([(w, _pow(die_law, d, n)) for w, d in volley_dice], n)
    if not frl:
        law = _pow(law, mounts, n)
        hits = mounts * dice_mean * mean_hits_die
    else:
        hits = dice_mean * mean_hits_die * mult
    points = hits * imp * p * mode.dmg
    return Volley(points, points * per_die_marks, points * need_mean, law)


# ------------------------------------------------------------------ a design
@dataclass
class BankFire:
    battery: str
    entry: str
    mask: int
    by_range: dict[int, dict[int, Fraction]] = field(default_factory=dict)  # range -> shield -> marks


@dataclass
class Analysis:
    """Everything ``drydock analyze`` shows for one design."""

    name: str
    title: str
    longest: int
    screens: int
    banks: list[BankFire]
    total: dict[int, dict[int, Fraction]]  # range -> shield -> expected boxes marked, no screens
    screened: dict[int, dict[int, Fraction]]  # the same against ``screens`` fresh screens
    arcs: list[Fraction]  # firepower per 30-degree sector (SECTOR_ARCS)
    su: list[tuple[str, int, int | None]]  # (part, SU, ORAT share)
    cr: dict[str, Fraction | int]
    endurance: list[tuple[str, Fraction | None]]
    not_in_figures: list[str]


def _best(vs: list[Volley]) -> Volley:
    return max(vs, key=lambda v: v.marks)


def analyse(design: Design, screens: int = REFERENCE_SCREENS) -> Analysis:
    """Exact expected damage per turn at every range 1..longest against shields 0-5, and the rest."""
    spec = ShipSpec(design)
    rating = rate(design)
    direct = [b for b in spec.banks if b.modes]
    longest = max((m.bands[2] for b in direct for m in b.modes), default=0)
    lrs = spec.lrs
    fc = spec.fc
    n = max(screens, 1)
    banks = [BankFire(b.battery_name, b.entry, b.mask) for b in direct]
    # limits before work: the exact laws grow with the dice of a volley, the tables with ranges x bank modes
    dice = sum(b.mounts * b.size * (6 if m.vlt else m.rof) * max(m.imp_by_band) * m.dmg for b in direct
               for m in b.modes)
    if dice > ANALYZE_DICE.value:
        raise LimitError(f"{design.title}: the dice of its volleys (mounts x weapons per mount x ROF x IMP x DMG, "
                         "summed over its banks)", ANALYZE_DICE, value=dice)
    steps = longest * len(SHIELDS) * sum(len(b.modes) for b in direct)
    if steps > ANALYZE_STEPS.value:
        raise LimitError(f"{design.title}: the analysis table (longest range {longest} x {len(SHIELDS)} shields x "
                         "bank modes)", ANALYZE_STEPS, value=steps)
    volleys: dict[tuple[ModeSpec, int, int, int, int], Volley] = {}  # one per bank, mode, band and shield
    arcs_of = tuple((b.mask, b.def_mask) for b in direct)

    def fire(m: ModeSpec, mounts: int, size: int, band: int, shield: int) -> Volley:
        key = (m, mounts, size, band, shield)
        if key not in volleys:
            volleys[key] = volley(m, mounts, size, band, shield, fc, screens)
        return volleys[key]

    total: dict[int, dict[int, Fraction]] = {}
    screened: dict[int, dict[int, Fraction]] = {}
    for rng in range(1, longest + 1):
        eff = rng - rng // LRS_DIVISOR if lrs else rng  # B.13
        total[rng], screened[rng] = {}, {}
        sets = bearing_sets(arcs_of, rng)  # 4.1: only banks that bear on one target hex add up
        for shield in SHIELDS:
            best_v: list[Volley | None] = []
            for bf, b in zip(banks, direct, strict=True):
                options = [fire(m, b.mounts, b.size, m.band(eff), shield) for m in b.modes if m.band(eff) >= 0]
                v = _best(options) if options else None
                bf.by_range.setdefault(rng, {})[shield] = v.marks if v else Fraction(0)
                best_v.append(v)
            tot, bearing = max(((sum((v.marks for v in (best_v[i] for i in bs) if v), Fraction(0)), bs)
                                for bs in sets), default=(Fraction(0), ()))
            law: Poly = (Fraction(1),) + (Fraction(0),) * (n - 1)
            need_mean = Fraction(0)
            for i in bearing:
                v = best_v[i]
                if v:
                    need_mean += v.need_mean
                    law = _mul(law, v.need_low, n)
            total[rng][shield] = tot
            # B.18: E[max(0, need - screens)] plain damage rolls, one box each
            low = sum((screens - j) * law[j] for j in range(screens)) if screens else Fraction(0)
            screened[rng][shield] = need_mean - screens + low if screens else tot
    arcs = []
    for letters in SECTOR_ARCS:
        bits = ARC_BIT[letters[0]] | ARC_BIT[letters[1]]
        bearing_fire = [sum((bf.by_range[r][ARC_SHIELD] for r in total), Fraction(0)) for bf in banks if bf.mask & bits]
        arcs.append(sum(bearing_fire, Fraction(0)) / longest if longest else Fraction(0))
    su: list[tuple[str, int, int | None]] = [("engines", rating.engines_su, None),
                                             ("shields", rating.shields_su, None)]
    su += [(b.name, b.su, b.orat) for b in rating.batteries]
    su += [(s.name + (f" x{s.qty}" if s.qty > 1 else ""), s.su, round(s.orat)) for s in rating.systems]
    cr: dict[str, Fraction | int] = {"orat": rating.orat, "drat": rating.drat, "combat_rating": rating.combat_rating,
          "weapons_orat": rating.weapons_orat, "systems_orat": Fraction(rating.systems_orat),
          "hull_equivalent": Fraction(rating.hull_equivalent), "drat_multiplier": Fraction(rating.drat_multiplier),
          "total_su": rating.total_su, "used_su": rating.used_su}
    endurance = [(w.label, hits_to_destroy(spec, w)) for w in REFERENCE_WEAPONS]
    others = [f"{b.battery_name} [{b.entry}]: seeking weapon (C.4), not in the per-range figures"
              for b in spec.banks if b.seeker is not None]
    if spec.flights:
        others.append(f"{spec.flights} fighter flight(s): not in the per-range figures")
    return Analysis(spec.name, design.title or spec.name, longest, screens, banks, total, screened, arcs, su, cr,
                    endurance, others)


def hits_to_destroy(spec: ShipSpec, w: ReferenceWeapon) -> Fraction | None:
    """Expected hits of ``w`` to fill the hull track at full (forward) shields: screens first (B.18), then
    hull boxes at the expected hull boxes per hit (4.3, 4.4, B.11). ``None`` if the weapon cannot hurt it."""
    shield = spec.shield_arcs[0] if spec.shield_arcs else (spec.shield_track[0] if spec.shield_track else 0)
    s = 0 if w.mdl else shield
    p = Fraction(1) if s == 0 else impact_probability(s, w.imp_mod)
    points = w.imp * p * w.dmg
    e = damage_expectation(knt=w.knt, ionized=spec.ionized)
    hull_per_die = e[0] + e[1]
    screens = spec.dir_screens[0] if spec.dir_screens else spec.screens
    need = screen_need(w)
    need_mean = sum(c * q for c, q in enumerate(need))
    if not points or not hull_per_die:
        return None
    return (Fraction(screens) / need_mean + Fraction(spec.hull) / hull_per_die) / points
