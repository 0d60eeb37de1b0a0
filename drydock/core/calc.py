"""The construction calculator: SU, BSUR, bank costs, ORAT, DRAT, CR, tracks (A.1-A.5).

:func:`calculate` computes every figure of a design under a :class:`Ruleset`
without judging it; :func:`drydock.core.validation.rate` adds the list of problems.
All arithmetic is exact rational arithmetic (``int`` and :class:`~fractions.Fraction`,
never float or a rounded decimal): a whole number such as 20 stays exactly 20. The
only roundings are the ones the rules state: "rounded up" is a ceiling and "rounded
to the nearest tenth" rounds halves up (A.1).

Pure steps (a mode's BSUR, a bank's SU and ORAT) are memoised per ruleset
(:attr:`Ruleset.memo`), keyed by everything they depend on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from drydock.core.arcs import arc_count, format_bank
from drydock.core.model import ArcValues, Bank, Battery, Design, WeaponMode
from drydock.core.problems import Problem
from drydock.core.rules import Ruleset
from drydock.core.rules.formula import Exact
from drydock.core.sanity import check_design, require_design

ZERO = 0
ONE = 1
_MEMO_MAX = 200_000


def r1(x: Exact) -> Fraction:
    """Round to the nearest tenth, halves up (A.1: 24.375 -> 24.4; 3.75 -> 3.8)."""
    return _r1(x.numerator, x.denominator)


def _r1(n: int, d: int) -> Fraction:
    """r1 of n/d (d > 0): floor(|n/d| x 10 + 1/2) tenths, in integers."""
    tenths = (20 * abs(n) + d) // (2 * d)
    return Fraction(tenths if n >= 0 else -tenths, 10)


def _int(x: Exact) -> int:
    """Rounded up to an integer ("rounded up", A.1); an exact whole number stays itself."""
    return x if type(x) is int else -(-x.numerator // x.denominator)


# ------------------------------------------------------------------ result records
@dataclass(slots=True)
class BankRating:
    bank: Bank
    arcs: Exact | None
    su: int
    orat: int

    @property
    def entry(self) -> str:
        """The bank's Drydock entry, ``xARCy``."""
        return format_bank(self.bank)


@dataclass(slots=True)
class BatteryRating:
    name: str
    mode_bsur: list[Fraction]
    bsur: Fraction
    long_range: int
    banks: list[BankRating]
    su: int
    orat: int
    weapons: int
    loss_limit: int
    expendable: bool


@dataclass(slots=True)
class SystemRating:
    name: str
    qty: int
    type: str
    su: int
    orat: Exact
    drat_mult: Exact
    drat_add: Exact
    section: str = ""
    known: bool = True


@dataclass(slots=True)
class Tracks:
    """Display-sheet tracks (A.3): box values from the first (undamaged) box down."""

    hull: list[int]
    engines: list[int]
    weapons: list[int]
    shields: list[int]
    munitions: dict[str, list[int]]
    shield_arcs: ArcValues | None = None
    screens: int | ArcValues = 0


@dataclass(slots=True)
class Rating:
    """Every figure of a rated design. ``problems`` is filled by :func:`drydock.rate`."""

    design: Design
    total_su: int
    engine_factor: Exact
    shield_factor: Exact
    engines_su: int
    shields_su: int
    weapons_su: int
    systems_su: int
    esr: Exact | None
    shield_rating: Exact
    orat_engine_rating: Exact
    batteries: list[BatteryRating]
    systems: list[SystemRating]
    weapons_orat: int
    systems_orat: Exact
    orat: int
    hull_equivalent: Exact
    base_drat: Exact
    drat_multiplier: Exact
    drat_addition: Exact
    drat_exact: Exact
    drat: int
    combat_rating: int
    tracks: Tracks
    battery_loss_limits: list[int]
    equipment_items: int
    equipment_loss_limit: int | None
    readings: list[str] = field(default_factory=list)
    """The open readings of the rules this rating depends on, each with its option (docs/house-rules.md, unity.py)."""
    problems: list[Problem] = field(default_factory=list)

    @property
    def used_su(self) -> int:
        return self.engines_su + self.shields_su + self.weapons_su + self.systems_su

    @property
    def remaining_su(self) -> int:
        return self.total_su - self.used_su

    @property
    def legal(self) -> bool:
        return not any(p.is_error for p in self.problems)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form printed by ``drydock rate --json``."""
        d = self.design
        t = self.tracks
        return {
            "faction": d.faction,
            "class": d.class_name,
            "type": d.type,
            "hull": d.hull,
            "tech": {"engines": d.tech.engines, "shields": d.tech.shields, "weapons": d.tech.weapons,
                     "fighters": d.tech.fighters},
            "space_units": {
                "total": self.total_su,
                "used": self.used_su,
                "remaining": self.remaining_su,
                "engines": self.engines_su,
                "shields": self.shields_su,
                "weapons": self.weapons_su,
                "systems": self.systems_su,
            },
            "batteries": [
                {
                    "name": b.name,
                    "bsur": float(b.bsur),
                    "su": b.su,
                    "orat": b.orat,
                    "weapons": b.weapons,
                    "loss_limit": b.loss_limit,
                    "banks": [{"entry": k.entry, "su": k.su, "orat": k.orat} for k in b.banks],
                }
                for b in self.batteries
            ],
            "systems": [
                {"name": s.name, "qty": s.qty, "su": s.su, "orat": float(s.orat),
                 "drat_multiplier": float(s.drat_mult), "drat_addition": float(s.drat_add)}
                for s in self.systems
            ],
            "esr": None if self.esr is None else float(self.esr),
            "orat": self.orat,
            "drat": self.drat,
            "combat_rating": self.combat_rating,
            "tracks": {
                "hull": t.hull,
                "engines": t.engines,
                "weapons": t.weapons,
                "shields": t.shields,
                "munitions": t.munitions,
            },
            "loss_limits": {"batteries": self.battery_loss_limits, "equipment": self.equipment_loss_limit},
            "legal": self.legal,
            "readings": list(self.readings),
            "problems": [p.to_dict() for p in self.problems],
            "notes": list(d.notes),
        }


# ------------------------------------------------------------------ weapons
def mode_bsur(mode: WeaponMode, rules: Ruleset, tech_mod: Exact = ONE) -> Fraction:
    """BSUR of one weapon mode, rounded to a tenth (A.1 order of application; A.4 TL before rounding)."""
    key = ("bsur", mode.ma, mode.range, mode.rof, mode.acc, mode.imp, mode.dmg, mode.traits, _key(tech_mod))
    memo = rules.memo
    out = memo.get(key)
    if out is None:
        out = _mode_bsur(mode, rules, tech_mod)
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        memo[key] = out
    return out


def _mode_bsur(mode: WeaponMode, rules: Ruleset, tech_mod: Exact) -> Fraction:
    f = rules.formulas
    traits = mode.traits
    seeking = mode.ma is not None
    acc_seek = rules.acc_seeking.get(mode.acc, ZERO)
    defensive = any(rules.traits[t].defensive for t in traits if t in rules.traits)
    if seeking or (defensive and rules.option("defensive_base_column") == "seeking"):
        acc = acc_seek
    else:
        acc = rules.acc_standard.get(mode.acc, ZERO)
    # exact arithmetic on (numerator, denominator) pairs, reduced once by r1 at the end
    wv = {"L": mode.long_range, "MA": mode.ma or 0, "ROF": mode.rof, "ACC": acc, "ACC_SEEK": acc_seek,
          "ACC_STD": rules.acc_standard.get(mode.acc, ZERO), "IMP": mode.imp, "DMG": mode.dmg,
          "TRAITS": len(traits), "B": ZERO}  # WEAPON_VARIABLES, for every weapon formula
    n, d = f["bsur"].pair_from(wv)
    before, after = trait_multipliers(traits, rules)
    n, d = n * before.numerator, d * before.denominator
    if seeking or defensive:
        wv["B"] = Fraction(n, d)
    if seeking:
        an, ad = f["seeking_addition"].pair_from(wv)
        n, d = n * ad + an * d, d * ad
    if defensive:
        an, ad = f["defensive_addition"].pair_from(wv)
        n, d = n * ad + an * d, d * ad
    n, d = n * after.numerator * tech_mod.numerator, d * after.denominator * tech_mod.denominator
    return _r1(n, d)


def trait_multipliers(traits: tuple[str, ...], rules: Ruleset) -> tuple[Exact, Exact]:
    """(multiplier before the seeking/defensive additions, multiplier after them) for a trait list (A.1).

    Two range-based traits take their combined multiplier instead of their own (A.1, Z.3);
    Accurate, Expendable and Slow apply after the additions (stage "after").
    """
    key = ("traits", traits)
    out = rules.memo.get(key)
    if out is not None:
        return out
    known = rules.traits
    before: Exact = ONE
    after: Exact = ONE
    ranged = [t for t in traits if t in rules.range_based]
    if len(ranged) == 2:
        combo = rules.range_pairs.get(frozenset(ranged))
        if combo is not None:
            before *= combo
    else:
        for t in ranged:
            m = known[t].multiplier
            before *= ONE if m is None else m
    for t in traits:
        rule = known.get(t)
        if rule is None or rule.range_based or rule.multiplier is None:
            continue
        if rule.stage == "after":
            after *= rule.multiplier
        else:
            before *= rule.multiplier
    out = rules.memo[key] = (before, after)
    return out


def battery_bsur(battery: Battery, rules: Ruleset, tech_mod: Exact = ONE) -> tuple[Fraction, list[Fraction]]:
    """(final BSUR, per-mode BSURs): dual-mode = larger + half the smaller, to a tenth (A.1, C.2)."""
    modes = [mode_bsur(m, rules, tech_mod) for m in battery.modes]
    if len(modes) == 1:
        return modes[0], modes
    return r1(rules.formulas["dual_mode_bsur"](B1=modes[0], B2=modes[1])), modes


def defensive_reading(design: Design, rules: Ruleset) -> str | None:
    """The note ``rate`` prints when a non-seeking Defensive weapon makes the ACC-column reading matter."""
    for battery in design.weapons:
        for mode in battery.modes:
            if mode.ma is None and any(rules.traits[t].defensive for t in mode.traits if t in rules.traits):
                column = rules.option("defensive_base_column")
                other = "standard" if column == "seeking" else "seeking"
                name = "Seeking/Defensive" if column == "seeking" else "standard"
                return (f"Defensive weapons: base BSUR from the {name} ACC column "
                        f"(option defensive_base_column: {column}; the other reading is {other!r}; A.1, Z.2)")
    return None


# ------------------------------------------------------------------ shields
def equivalent_shield_rating(arcs: ArcValues, rules: Ruleset) -> Fraction:
    """ESR = 6 - 6 / (2/(6-F) + 1.5/(6-P) + 1.5/(6-S) + 1/(6-A)), to a tenth, halves up (A.1, B.7)."""
    w = rules.esr_weights
    total = Fraction(0)
    for key, value in arcs.items():
        total += Fraction(w[key]) / (6 - min(max(value, 0), rules.shield_max))
    return r1(6 - 6 / total)


def track(value: int, boxes: int) -> list[int]:
    """An N-box track starting at ``value``: box k = ceil(value x (N-k) / N) (A.3), in exact integers."""
    return [-(-value * (boxes - k) // boxes) for k in range(boxes)]


# ------------------------------------------------------------------ the calculator
def calculate(design: Design, rules: Ruleset | None = None) -> Rating:
    """Compute every construction figure of ``design`` (A.1-A.5). Never raises for illegal values.

    A house-rule formula that fails for this design (division by zero ...) raises
    :class:`~drydock.errors.RulesError` naming the rules key.
    """
    check_design(require_design(design, rules))  # the public API's type check and sanity limits (issue 10)
    rules = rules or Ruleset.unity()
    f = rules.formulas
    H = design.hull
    tech = design.tech

    mods = rules.tech_modifiers
    tl_mods = {c: mods.get(getattr(tech, c, 0), ONE) for c in rules.tech_categories}

    def tl(category: str | None) -> Exact:
        return ONE if category is None else tl_mods.get(category, ONE)

    total_su, EF, SF, N, exp_factor = rules.hull_constants(H)
    ER = max(design.engines, 0)

    # Systems as listed, plus screens, which are costed as a system (B.18).
    table = rules.systems
    entries = [(e.name, e.qty, table.get(e.name)) for e in design.systems]
    screens = design.screens
    if isinstance(screens, ArcValues):
        if screens.total():
            entries.append(("Directional Screens", screens.total(), table.get("Directional Screens")))
    elif screens > 0:
        entries.append(("Screens", screens, table.get("Screens")))
    # Boosters and solar sails feed the ORAT engine rating (A.5 notes [1], [9]).
    boosters = 0
    sails = False
    quantities: dict[str, int] = {}
    for name, qty, rule in entries:
        quantities[name] = quantities.get(name, 0) + max(qty, 0)
        if rule is not None and rule.orat_engine == "boosters":
            boosters += max(qty, 0)
        elif rule is not None and rule.orat_engine == "sails":
            sails = True
    ERO = f["orat_engine_rating"].value(ER=ER, BOOSTERS=boosters, SAILS=1 if sails else 0)

    # Engines and shields (A.1).
    ef_tl = EF * tl("engines")  # A.4: the TL modifies the factor, prior to rounding
    sf_tl = SF * tl("shields")
    engines_su = _int(ER * ef_tl)
    esr: Fraction | None = None
    s_eff: Exact
    if isinstance(design.shields, ArcValues):
        esr = equivalent_shield_rating(design.shields, rules)
        s_eff = esr
        shields_su = _system_su("Directional Shielding", 1, rules, tl, _vars(H, ER, ERO, esr, esr, EF, SF))
    else:
        s_eff = min(max(design.shields, 0), rules.shield_max)
        shields_su = _int(s_eff * sf_tl)

    # Weapons (A.1, A.2).
    w_tl = tl("weapons")
    batteries: list[BatteryRating] = []
    weapons_su = 0
    weapons_orat = 0
    memo = rules.memo
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    w_key, ero_key = _key(w_tl), _key(ERO)
    for battery in design.weapons:
        bsur, modes = battery_bsur(battery, rules, w_tl)
        modes_ = battery.modes
        L = modes_[0].long_range if len(modes_) == 1 else max(m.long_range for m in modes_)
        expendable = "Exp" in modes_[0].traits or (len(modes_) > 1 and "Exp" in modes_[1].traits)
        banks: list[BankRating] = []
        exp = exp_factor if expendable else None
        head = ("bank", bsur.numerator, bsur.denominator, L, w_key, ero_key, _key(exp_factor) if expendable else None)
        for bank in battery.banks:
            key = (*head, bank.arc, bank.mounts, bank.mount_size)
            out = memo.get(key)
            if out is None:
                arcs = arc_count(bank.arc, rules)
                su = _bank_su(bsur, bank, arcs, rules)
                out = memo[key] = (arcs, su, _bank_orat(su, w_tl, ERO, L, exp, rules))
            banks.append(BankRating(bank, *out))
        b_su = sum(b.su for b in banks)
        b_orat = sum(b.orat for b in banks)
        count = battery.weapon_count
        batteries.append(BatteryRating(
            name=battery.name, mode_bsur=modes, bsur=bsur, long_range=L, banks=banks, su=b_su, orat=b_orat,
            weapons=count, loss_limit=_int(f["loss_limit"].value(N=count)), expendable=expendable,
        ))
        weapons_su += b_su
        weapons_orat += b_orat

    # Systems (A.5).
    fvars = _vars(H, ER, ERO, s_eff, esr or ZERO, EF, SF, weapons_su, weapons_orat)
    systems: list[SystemRating] = []
    hull_mult: Exact = ONE
    drat_mult: Exact = ONE
    drat_add: Exact = ZERO
    equipment_items = 0
    munitions: dict[str, list[int]] = {}
    for name, qty, rule in entries:
        if rule is None:
            systems.append(SystemRating(name, qty, "?", 0, ZERO, ONE, ZERO, known=False))
            continue
        if rule.structural == "shields":  # directional shielding is costed with the shields
            systems.append(SystemRating(name, qty, rule.type, 0, ZERO, ONE, ZERO, rule.section, known=False))
            continue
        n = max(qty, 0)
        if rule.priced_per is not None and quantities.get(rule.priced_per):
            n = quantities[rule.priced_per]  # Launch Tubes: the Carrier's flights (A.5, B.12)
        su = _system_su(name, n, rules, tl, fvars)
        orat_add = _eval(rules, name, "orat", fvars, ZERO)
        mult = _eval(rules, name, "drat_mult", fvars, ONE)
        add = _eval(rules, name, "drat_add", fvars, ZERO)
        systems.append(SystemRating(name, qty, rule.type, su, orat_add, mult, add, rule.section))
        if rule.hull_mult is not None:
            hull_mult *= rule.hull_mult
        drat_mult *= mult
        drat_add += add
        if rule.type == "E":
            equipment_items += max(qty, 0)
        elif rule.type == "M" and not rule.structural:
            munitions[name] = list(range(qty, 0, -1))
    systems_su = sum(s.su for s in systems)
    systems_orat: Exact = sum((s.orat for s in systems), ZERO)
    orat = _int(weapons_orat + systems_orat)

    # DRAT (A.2): hull boxes (x Ionized Hull) + screen equivalents; multiplications before additions.
    hull_eq: Exact = H * hull_mult
    if isinstance(screens, ArcValues):
        eq = rules.dir_screen_hull_eq
        hull_eq += sum((eq[k] * max(v, 0) for k, v in screens.items()), ZERO)
    else:
        if screens > 0:
            hull_eq += rules.screen_hull_eq * screens
    s_for_drat = min(s_eff, rules.shield_max)
    base = f["base_drat"].value(HULL=hull_eq, S=s_for_drat, H=H)
    if rules.option("drat_rounding") == "base_and_final":
        base = _int(base)
    drat_exact = base * drat_mult + drat_add
    drat = _int(drat_exact)
    cr_drat = drat if rules.option("cr_drat") == "rounded" else drat_exact
    cr = _int(f["combat_rating"].value(ORAT=max(orat, 0), DRAT=max(cr_drat, 0)))  # illegal designs still rate

    # Display sheet (A.3).
    w_total = sum(b.weapons for b in batteries) + equipment_items
    shield_total = design.shields.total() if isinstance(design.shields, ArcValues) else max(design.shields, 0)
    tracks = Tracks(
        hull=list(range(H, 0, -1)),
        engines=track(ER, N),
        weapons=track(w_total, N),
        shields=track(shield_total, N),
        munitions=munitions,
        shield_arcs=design.shields if isinstance(design.shields, ArcValues) else None,
        screens=design.screens,
    )
    equipment_ll = _int(f["loss_limit"].value(N=equipment_items)) if equipment_items else None
    reading = defensive_reading(design, rules) if design.weapons else None

    return Rating(
        design=design, total_su=total_su, engine_factor=ef_tl, shield_factor=sf_tl,
        engines_su=engines_su, shields_su=shields_su, weapons_su=weapons_su, systems_su=systems_su,
        esr=esr, shield_rating=s_eff, orat_engine_rating=ERO, batteries=batteries, systems=systems,
        weapons_orat=weapons_orat, systems_orat=systems_orat, orat=orat, hull_equivalent=hull_eq,
        base_drat=base, drat_multiplier=drat_mult, drat_addition=drat_add, drat_exact=drat_exact, drat=drat,
        combat_rating=cr, tracks=tracks, battery_loss_limits=[b.loss_limit for b in batteries],
        equipment_items=equipment_items, equipment_loss_limit=equipment_ll,
        readings=[reading] if reading else [],
    )


def _key(x: Exact) -> object:
    """A cheap memo key for an exact number (hashing a Fraction computes a modular inverse)."""
    return x if type(x) is int else (x.numerator, x.denominator)


def _bank_su(bsur: Fraction, bank: Bank, arcs: Exact | None, rules: Ruleset) -> int:
    """Bank SU = BSUR x weapons x (arcs + 1) x mount modifier, rounded up (A.1, C.3); 0 if unknown."""
    mount = rules.mount_modifiers.get(bank.mount_size)
    if arcs is None or mount is None or bank.mounts < 1:
        return 0
    n, d = rules.formulas["bank_su"].value_pair(BSUR=bsur, MOUNTS=bank.mounts, ARCS=arcs, MOUNT=mount)
    return -(-n // d)


def _bank_orat(su: int, w_tl: Exact, ERO: Exact, L: int, exp_factor: Exact | None, rules: Ruleset) -> int:
    """Bank ORAT = SU (weapons TL un-applied) x (ER + L) / L, x Expendable factor, rounded up once (A.2, A.4)."""
    if L <= 0:
        return 0
    untl: Exact = su if w_tl == ONE else Fraction(su * w_tl.denominator, w_tl.numerator)
    if rules.option("orat_tech_unapply") == "round_first":
        untl = _int(untl)
    n, d = rules.formulas["bank_orat"].value_pair(SU=untl, ER=ERO, L=L)
    if exp_factor is not None:
        if rules.option("expendable_rounding") == "after":
            n, d = -(-n // d), 1
        n, d = n * exp_factor.numerator, d * exp_factor.denominator
    return -(-n // d)


def _vars(H: int, ER: int, ERO: Exact, S: Exact, ESR: Exact, EF: Exact, SF: Exact,
          WSU: int = 0, WORAT: int = 0) -> dict[str, Exact]:
    return {"n": ONE, "H": H, "ER": ER, "ERO": ERO, "S": S, "ESR": ESR, "EF": EF, "SF": SF, "WSU": WSU,
            "WORAT": WORAT}


def _eval(rules: Ruleset, name: str, fieldname: str, fvars: dict[str, Exact], default: Exact) -> Exact:
    formula = rules.system_formulas.get((name, fieldname))
    return default if formula is None else formula.value_from(fvars)


def _system_su(name: str, n: int, rules: Ruleset, tl: Any, fvars: dict[str, Exact]) -> int:
    """System SU: formula x tech modifier of its category (unless exempt), rounded up (A.4, A.5)."""
    rule = rules.systems[name]
    fvars["n"] = n
    raw = _eval(rules, name, "su", fvars, ZERO)
    if rule.tech_scales_su and rule.tech is not None:
        mod = tl(rule.tech)
        if mod != ONE:
            raw *= mod
    return _int(raw)
