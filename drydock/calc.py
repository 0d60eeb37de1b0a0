"""The construction calculator: SU, BSUR, bank costs, ORAT, DRAT, CR, tracks (A.1-A.5).

:func:`calculate` computes every figure of a design under a :class:`Ruleset`
without judging it; :func:`drydock.validation.rate` adds the list of problems.
All arithmetic is exact (``Decimal``); "rounded up" is a ceiling and "rounded to
the nearest tenth" rounds halves up, as the rules reference requires.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from typing import Any

from drydock.arcs import arc_count, format_bank
from drydock.model import ArcValues, Bank, Battery, Design, WeaponMode
from drydock.problems import Problem
from drydock.rules import Ruleset
from drydock.rules.formula import ceil

ZERO = Decimal(0)
ONE = Decimal(1)
TENTH = Decimal("0.1")


def r1(x: Decimal | int) -> Decimal:
    """Round to the nearest tenth, halves up (A.1: 24.375 -> 24.4)."""
    return Decimal(x).quantize(TENTH, rounding=ROUND_HALF_UP)


def _int(x: Decimal | int) -> int:
    """Rounded up to an integer ("rounded up", A.1)."""
    if isinstance(x, int):
        return x
    return int(x.to_integral_value(rounding=ROUND_CEILING))


# ------------------------------------------------------------------ result records
@dataclass(slots=True)
class BankRating:
    bank: Bank
    arcs: Decimal | None
    su: int
    orat: int

    @property
    def entry(self) -> str:
        """The bank's Drydock entry, ``xARCy``."""
        return format_bank(self.bank)


@dataclass(slots=True)
class BatteryRating:
    name: str
    mode_bsur: list[Decimal]
    bsur: Decimal
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
    orat: Decimal
    drat_mult: Decimal
    drat_add: Decimal
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
    engine_factor: Decimal
    shield_factor: Decimal
    engines_su: int
    shields_su: int
    weapons_su: int
    systems_su: int
    esr: Decimal | None
    shield_rating: Decimal
    orat_engine_rating: Decimal
    batteries: list[BatteryRating]
    systems: list[SystemRating]
    weapons_orat: int
    systems_orat: Decimal
    orat: int
    hull_equivalent: Decimal
    base_drat: Decimal
    drat_multiplier: Decimal
    drat_addition: Decimal
    drat_exact: Decimal
    drat: int
    combat_rating: int
    tracks: Tracks
    battery_loss_limits: list[int]
    equipment_items: int
    equipment_loss_limit: int | None
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
            "problems": [p.to_dict() for p in self.problems],
            "notes": list(d.notes),
        }


# ------------------------------------------------------------------ weapons
def mode_bsur(mode: WeaponMode, rules: Ruleset, tech_mod: Decimal = ONE) -> Decimal:
    """BSUR of one weapon mode, rounded to a tenth (A.1 order of application; A.4 TL before rounding)."""
    f = rules.formulas
    traits = mode.traits
    seeking = mode.ma is not None
    acc_seek = rules.acc_seeking.get(mode.acc, ZERO)
    if seeking:
        acc = acc_seek
    elif "Dfn" in traits and rules.option("defensive_base_column") == "seeking":
        acc = acc_seek
    else:
        acc = rules.acc_standard.get(mode.acc, ZERO)
    wv = {"L": mode.long_range, "MA": mode.ma or 0, "ROF": mode.rof, "ACC": acc, "ACC_SEEK": acc_seek,
          "IMP": mode.imp, "DMG": mode.dmg, "TRAITS": len(traits)}  # WEAPON_VARIABLES, for every weapon formula
    x = f["bsur"](**wv)
    known = rules.traits
    ranged = [t for t in traits if t in rules.range_based]
    if len(ranged) == 2:
        combo = rules.range_pairs.get(frozenset(ranged))
        if combo is not None:
            x *= combo
    else:
        for t in ranged:
            x *= known[t].multiplier or ONE
    after: list[Decimal] = []
    for t in traits:
        rule = known.get(t)
        if rule is None or rule.range_based or rule.multiplier is None:
            continue
        if rule.stage == "after":
            after.append(rule.multiplier)
        else:
            x *= rule.multiplier
    if seeking:
        x += f["seeking_addition"](**wv)
    if any(known[t].defensive for t in traits if t in known):
        x += f["defensive_addition"](**wv)
    for m in after:
        x *= m
    return r1(x * tech_mod)


def battery_bsur(battery: Battery, rules: Ruleset, tech_mod: Decimal = ONE) -> tuple[Decimal, list[Decimal]]:
    """(final BSUR, per-mode BSURs): dual-mode = larger + half the smaller, to a tenth (A.1, C.2)."""
    modes = [mode_bsur(m, rules, tech_mod) for m in battery.modes]
    if len(modes) == 1:
        return modes[0], modes
    return r1(rules.formulas["dual_mode_bsur"](B1=modes[0], B2=modes[1])), modes


# ------------------------------------------------------------------ shields
def equivalent_shield_rating(arcs: ArcValues, rules: Ruleset) -> Decimal:
    """ESR = 6 - 6 / (2/(6-F) + 1.5/(6-P) + 1.5/(6-S) + 1/(6-A)), to a tenth (A.1, B.7)."""
    w = rules.esr_weights
    total = ZERO
    for key, value in arcs.items():
        total += w[key] / (6 - min(max(value, 0), rules.shield_max))
    return r1(6 - 6 / total)


def track(value: int, boxes: int) -> list[int]:
    """An N-box track starting at ``value``: box k = ceil(value x (N-k) / N) (A.3), in exact integers."""
    return [-(-value * (boxes - k) // boxes) for k in range(boxes)]


# ------------------------------------------------------------------ the calculator
def calculate(design: Design, rules: Ruleset | None = None) -> Rating:
    """Compute every construction figure of ``design`` (A.1-A.5). Never raises for illegal values."""
    rules = rules or Ruleset.unity()
    f = rules.formulas
    H = design.hull
    tech = design.tech

    mods = rules.tech_modifiers
    tl_mods = {c: mods.get(getattr(tech, c, 0), ONE) for c in rules.tech_categories}

    def tl(category: str | None) -> Decimal:
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
    for _, qty, rule in entries:
        if rule is not None and rule.orat_engine == "boosters":
            boosters += max(qty, 0)
        elif rule is not None and rule.orat_engine == "sails":
            sails = True
    ERO = f["orat_engine_rating"](ER=ER, BOOSTERS=boosters, SAILS=1 if sails else 0)

    # Engines and shields (A.1).
    engines_su = _int(ER * EF * tl("engines"))
    esr: Decimal | None = None
    if isinstance(design.shields, ArcValues):
        esr = equivalent_shield_rating(design.shields, rules)
        s_eff = esr
        shields_su = _system_su("Directional Shielding", 1, rules, tl, _vars(H, ER, ERO, esr, esr, EF, SF))
    else:
        s_eff = Decimal(min(max(design.shields, 0), rules.shield_max))
        shields_su = _int(s_eff * SF * tl("shields"))

    # Weapons (A.1, A.2).
    w_tl = tl("weapons")
    batteries: list[BatteryRating] = []
    weapons_su = 0
    weapons_orat = 0
    round_first = rules.option("orat_tech_unapply") == "round_first"
    exp_after = rules.option("expendable_rounding") == "after"
    bank_su = f["bank_su"].fn
    bank_orat = f["bank_orat"].fn
    for battery in design.weapons:
        bsur, modes = battery_bsur(battery, rules, w_tl)
        modes_ = battery.modes
        L = modes_[0].long_range if len(modes_) == 1 else max(m.long_range for m in modes_)
        expendable = "Exp" in modes_[0].traits or (len(modes_) > 1 and "Exp" in modes_[1].traits)
        banks: list[BankRating] = []
        for bank in battery.banks:
            arcs = arc_count(bank.arc, rules)
            mount = rules.mount_modifiers.get(bank.mount_size)
            if arcs is None or mount is None or bank.mounts < 1:
                su = 0
            else:
                su = _int(bank_su(BSUR=bsur, MOUNTS=bank.mounts, ARCS=arcs, MOUNT=mount))
            untl = Decimal(su) if w_tl == ONE else Decimal(su) / w_tl
            if round_first:
                untl = ceil(untl)
            orat = bank_orat(SU=untl, ER=ERO, L=L) if L > 0 else ZERO
            if expendable:
                orat = ceil(orat) * exp_factor if exp_after else orat * exp_factor
            banks.append(BankRating(bank, arcs, su, _int(orat)))
        b_su = sum(b.su for b in banks)
        b_orat = sum(b.orat for b in banks)
        count = battery.weapon_count
        batteries.append(BatteryRating(
            name=battery.name, mode_bsur=modes, bsur=bsur, long_range=L, banks=banks, su=b_su, orat=b_orat,
            weapons=count, loss_limit=_int(f["loss_limit"](N=count)), expendable=expendable,
        ))
        weapons_su += b_su
        weapons_orat += b_orat

    # Systems (A.5).
    fvars = _vars(H, ER, ERO, s_eff, esr or ZERO, EF, SF, weapons_su, weapons_orat)
    systems: list[SystemRating] = []
    hull_mult = ONE
    drat_mult = ONE
    drat_add = ZERO
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
            equipment_items += n
        elif rule.type == "M" and not rule.structural:
            munitions[name] = list(range(qty, 0, -1))
    systems_su = sum(s.su for s in systems)
    systems_orat = sum((s.orat for s in systems), ZERO)
    orat = _int(weapons_orat + systems_orat)

    # DRAT (A.2): hull boxes (x Ionized Hull) + screen equivalents; multiplications before additions.
    hull_eq = Decimal(H) * hull_mult
    if isinstance(screens, ArcValues):
        eq = rules.dir_screen_hull_eq
        hull_eq += sum((eq[k] * max(v, 0) for k, v in screens.items()), ZERO)
    else:
        hull_eq += rules.screen_hull_eq * max(screens, 0)
    s_for_drat = min(s_eff, Decimal(rules.shield_max))
    base = f["base_drat"](HULL=hull_eq, S=s_for_drat, H=H)
    if rules.option("drat_rounding") == "base_and_final":
        base = ceil(base)
    drat_exact = base * drat_mult + drat_add
    drat = _int(drat_exact)
    cr_drat = Decimal(drat) if rules.option("cr_drat") == "rounded" else drat_exact
    cr = _int(f["combat_rating"](ORAT=orat, DRAT=cr_drat))

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
    equipment_ll = _int(f["loss_limit"](N=equipment_items)) if equipment_items else None

    return Rating(
        design=design, total_su=total_su, engine_factor=EF * tl("engines"), shield_factor=SF * tl("shields"),
        engines_su=engines_su, shields_su=shields_su, weapons_su=weapons_su, systems_su=systems_su,
        esr=esr, shield_rating=s_eff, orat_engine_rating=ERO, batteries=batteries, systems=systems,
        weapons_orat=weapons_orat, systems_orat=systems_orat, orat=orat, hull_equivalent=hull_eq,
        base_drat=base, drat_multiplier=drat_mult, drat_addition=drat_add, drat_exact=drat_exact, drat=drat,
        combat_rating=cr, tracks=tracks, battery_loss_limits=[b.loss_limit for b in batteries],
        equipment_items=equipment_items, equipment_loss_limit=equipment_ll,
    )


def _vars(H: int, ER: int, ERO: Decimal, S: Decimal, ESR: Decimal, EF: Decimal, SF: Decimal,
          WSU: int = 0, WORAT: int = 0) -> dict[str, Decimal]:
    return {"n": ONE, "H": Decimal(H), "ER": Decimal(ER), "ERO": ERO, "S": S, "ESR": ESR, "EF": EF, "SF": SF,
            "WSU": Decimal(WSU), "WORAT": Decimal(WORAT)}


def _eval(rules: Ruleset, name: str, fieldname: str, fvars: dict[str, Decimal], default: Decimal) -> Decimal:
    formula = rules.system_formulas.get((name, fieldname))
    if formula is None:
        return default
    try:
        return formula(**fvars)
    except ArithmeticError:
        return default


def _system_su(name: str, n: int, rules: Ruleset, tl: Any, fvars: dict[str, Decimal]) -> int:
    """System SU: formula x tech modifier of its category (unless exempt), rounded up (A.4, A.5)."""
    rule = rules.systems[name]
    fvars["n"] = Decimal(n)
    raw = _eval(rules, name, "su", fvars, ZERO)
    if rule.tech_scales_su:
        raw *= tl(rule.tech)
    return _int(raw)
