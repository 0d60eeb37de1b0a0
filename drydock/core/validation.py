"""Design validation: every broken construction rule at once, each with a stable code.

:func:`validate` returns a list of :class:`~drydock.core.problems.Problem`; :func:`rate`
returns the :class:`~drydock.core.calc.Rating` with those problems attached. Codes:

========================== ==========================================================
code                       rule
========================== ==========================================================
HULL_OUT_OF_RANGE          hull size 1-35 (A.1)
ENGINES_NEGATIVE           engine rating 0 and up (A.1)
SHIELDS_ABOVE_5            shield rating (or any directional arc) at most 5 (A.1, B.7)
SHIELDS_NEGATIVE           shield ratings are 0 or more
SCREENS_OUT_OF_RANGE       screens are 0 or more (B.18)
SCREENS_MIXED              standard and directional screens together (A.5 notes [6], [7])
OVER_SPACE                 used SU more than the hull's total SU (A.1)
TECH_LEVEL_OUT_OF_RANGE    technology levels -2..+2 (A.4)
ACC_OUT_OF_RANGE           ACC 2+..6+ (A.1)
ROF_INVALID / IMP_INVALID / DMG_INVALID   at least 1 (A.1)
RANGE_INVALID              long range at least 1; bands S < M < L (1.3)
RANGE_BANDS_NONSTANDARD    bands must be equal thirds; customised bands have no costing rule (A.1, Z.2)
SEEKER_MA_OUT_OF_RANGE     seeker MA 4-12 (A.1, C.4)
UNKNOWN_TRAIT              trait not in the ruleset (C.5)
DUPLICATE_TRAIT            no trait twice, except Slow (C.5)
TRAIT_REQUIRES_ROF_1       Volatile weapons have ROF 1 (C.5)
TRAIT_REQUIRES_IMP_1       Scatter/Telescopic weapons have IMP 1 (C.5)
TRAIT_PAIR_FORBIDDEN       Bls+Dfn, Cts+Inc, Exp+Slw, NPr+Pr1/Pr2, Pr1+Pr2 (C.5)
TOO_MANY_RANGE_TRAITS      at most two range-based traits (A.1)
RANGE_TRAIT_PAIR_INVALID   range-based pairs marked n/a: Dfs+Gid, Fcs+Gid, Sct+Tls (A.1)
SEEKER_RANGE_TRAIT         seeking weapons take no range-based traits (A.1)
SEEKER_DEFENSIVE           seeking weapons may not be Defensive (A.1)
DRYDOCK_CAP_ENGINES        engines above the Drydock's 12 (Z.2) (warning*)
DRYDOCK_CAP_SCREENS        more than the Drydock's 50 screens (Z.2) (warning*)
DRYDOCK_CAP_ROF / _IMP / _DMG   ROF, IMP or DMG above the Drydock's 5 (Z.2) (warning*)
DRYDOCK_CAP_RANGE          long range above the Drydock's 18 (Z.2) (warning*)
DRYDOCK_CAP_TRAITS         more than the Drydock's five traits per mode (Z.2) (warning*)
BATTERY_NO_BANKS           a battery needs at least one bank (A.1)
UNKNOWN_ARC                bank arc is not a component, alternate or defensive arc (C.1)
BANK_MOUNTS_INVALID        a bank has at least one mount (A.1)
MOUNT_SIZE_INVALID         weapons per mount 1-4 (C.3)
UNKNOWN_SYSTEM             system not in the ruleset (A.5)
SYSTEM_DUPLICATE           no duplicate equipment or traits unless multiples are allowed (B)
SYSTEM_QTY_INVALID         quantity at least 1; more than 1 only where multiples are allowed (B)
SYSTEM_IS_STRUCTURAL       screens / directional shielding are set with `screens:` / `shields:`
SYSTEM_REQUIRES            Launch Tubes need a Carrier (B.12)
SYSTEM_QTY_DIFFERS         Launch Tubes' quantity differs from the Carrier's flights; priced for the flights
                           (A.5, B.12) (warning)
SHOCKWAVE_NO_SHIELDS       a shockwave with shield 0 does nothing (B.19) (warning)
BATTERY_NAME_DUPLICATE     two batteries with the same name (A.3) (warning)
BATTERY_NAME_EMPTY         a battery without a name (A.3) (warning)
CR_ZERO                    combat rating 0: no weapons, or no defence (A.2) (warning)
STATED_*_MISMATCH          a value stated by the source differs from the computed one (warning)
========================== ==========================================================

(*) The Drydock caps are limits of the spreadsheet, not of the rulebook: warnings by
default, errors with the rules option ``drydock_caps: error``.
"""

from __future__ import annotations

from collections.abc import Callable

from drydock.core.admiralty_card import admiralty_problems
from drydock.core.advice import fit_advice, system_suggestion, trait_suggestion
from drydock.core.arcs import arc_hint
from drydock.core.calc import Rating, calculate
from drydock.core.model import ArcValues, Design, WeaponMode
from drydock.core.problems import Problem, Severity
from drydock.core.rules import Ruleset

#: how the checks report a problem: ``add(Problem(...))``
Add = Callable[[Problem], None]


def rate(design: Design, rules: Ruleset | None = None) -> Rating:
    """Compute every figure of ``design`` and attach every problem it has."""
    rules = rules or Ruleset.unity()
    rating = calculate(design, rules)
    # X.1: an Admiralty card's construction limits are information, not errors
    rating.problems = admiralty_problems(design, _problems(design, rating, rules))
    return rating


def validate(design: Design, rules: Ruleset | None = None) -> list[Problem]:
    """Every problem with ``design``, errors and warnings, in design order."""
    return rate(design, rules).problems


def _problems(design: Design, rating: Rating, rules: Ruleset) -> list[Problem]:
    out: list[Problem] = []
    add = out.append
    H = design.hull
    if not rules.hull_min <= H <= rules.hull_max:
        add(Problem("HULL_OUT_OF_RANGE", f"hull size {H} is outside {rules.hull_min}-{rules.hull_max}",
                    "hull", section="A.1"))
    cap = _cap_severity(rules)
    if design.engines < 0:
        add(Problem("ENGINES_NEGATIVE", f"engine rating {design.engines} is below 0", "engines", section="A.1"))
    elif design.engines > rules.drydock_caps["engines"]:
        add(Problem("DRYDOCK_CAP_ENGINES", f"engine rating {design.engines} is above the Drydock's "
                                           f"{rules.drydock_caps['engines']} (the rulebook sets no limit)",
                    "engines", cap, section="Z.2"))
    _check_shields(design, rules, add)
    _check_screens(design, rules, add)
    for cat in ("engines", "shields", "weapons", "fighters"):
        level = getattr(design.tech, cat)
        if level not in rules.tech_modifiers:
            add(Problem("TECH_LEVEL_OUT_OF_RANGE", f"{cat} tech level {level:+d} is outside -2..+2",
                        f"tech.{cat}", section="A.4"))
    for i, battery in enumerate(design.weapons):
        part = f"weapons[{i}]"
        label = battery.name or f"battery {i + 1}"
        for j, mode in enumerate(battery.modes):
            mpart = part if j == 0 else f"{part}.secondary"
            mlabel = label if j == 0 else f"{label} ({mode.label or 'secondary mode'})"
            _check_mode(mode, rules, mpart, mlabel, add)
        if not battery.banks:
            add(Problem("BATTERY_NO_BANKS", f"{label} has no banks", part, section="A.1"))
        for k, (bank, br) in enumerate(zip(battery.banks, rating.batteries[i].banks, strict=True)):
            bpart = f"{part}.banks[{k}]"
            if br.arcs is None:
                add(Problem("UNKNOWN_ARC", f"{label}: bank {br.entry!r} has an unknown firing arc {bank.arc!r}: "
                                           f"{arc_hint(bank.arc, rules)}", bpart, section="C.1"))
            if bank.mounts < 1:
                add(Problem("BANK_MOUNTS_INVALID", f"{label}: bank {br.entry!r} has {bank.mounts} mounts",
                            bpart, section="A.1"))
            if bank.mount_size not in rules.mount_modifiers:
                sizes = "-".join(str(s) for s in (min(rules.mount_modifiers), max(rules.mount_modifiers)))
                add(Problem("MOUNT_SIZE_INVALID",
                            f"{label}: bank {br.entry!r} has {bank.mount_size} weapons per mount (allowed {sizes})",
                            bpart, section="C.3"))
    _check_systems(design, rules, add)
    if rating.used_su > rating.total_su:
        hint = fit_advice(design, rating, rules)
        add(Problem("OVER_SPACE", f"uses {rating.used_su} SU of {rating.total_su} "
                                  f"({rating.used_su - rating.total_su} over)" + (f": {hint}" if hint else ""),
                    "space_units", section="A.1"))
    names = [b.name for b in design.weapons]
    for i, name in enumerate(names):
        if not name.strip():
            add(Problem("BATTERY_NAME_EMPTY", f"battery {i + 1} has no name; the display sheet, the weapons track "
                                              "and loss limits name each battery (give it its weapon's name)",
                        f"weapons[{i}]", "warning", section="A.3"))
    for name in dict.fromkeys(n for n in names if n.strip() and names.count(n) > 1):
        add(Problem("BATTERY_NAME_DUPLICATE", f"{names.count(name)} batteries are named {name!r}; the display "
                                              "sheet and loss limits cannot tell them apart", "weapons",
                    "warning", section="A.3"))
    if rating.combat_rating == 0:
        why = "it has no weapons (ORAT 0)" if rating.orat == 0 else "its DRAT is 0"
        add(Problem("CR_ZERO", f"combat rating 0: {why}", "combat_rating", "warning", section="A.2"))
    _check_stated(design, rating, add)
    return out


def _check_shields(design: Design, rules: Ruleset, add: Add) -> None:
    top = rules.shield_max
    if isinstance(design.shields, ArcValues):
        for arc, value in design.shields.items():
            if value > top:
                add(Problem("SHIELDS_ABOVE_5", f"{arc} shield rating {value} is above {top}", f"shields.{arc}",
                            section="A.1, B.7"))
            elif value < 0:
                add(Problem("SHIELDS_NEGATIVE", f"{arc} shield rating {value} is below 0", f"shields.{arc}"))
    elif design.shields > top:
        add(Problem("SHIELDS_ABOVE_5", f"shield rating {design.shields} is above {top}", "shields", section="A.1"))
    elif design.shields < 0:
        add(Problem("SHIELDS_NEGATIVE", f"shield rating {design.shields} is below 0", "shields"))


def _cap_severity(rules: Ruleset) -> Severity:
    """Severity of the Drydock-only caps (Z.2): a warning unless the option ``drydock_caps`` says error."""
    return "error" if rules.option("drydock_caps") == "error" else "warning"


def _check_screens(design: Design, rules: Ruleset, add: Add) -> None:
    top = rules.screens_max
    screens = design.screens
    extra = design.extra_directional_screens
    if extra is not None:
        arcs = "/".join(str(v) for _, v in extra.items())
        add(Problem("SCREENS_MIXED", f"{screens} standard screens and directional screens {arcs} (fwd/port/stbd/"
                                     "aft): a starship may not have both; rated with the standard screens only",
                    "screens", section="A.5 [6] [7]"))
    if isinstance(screens, ArcValues):
        for arc, value in screens.items():
            if value < 0:
                add(Problem("SCREENS_OUT_OF_RANGE", f"{arc} screens {value} is below 0", f"screens.{arc}",
                            section="B.18"))
        if screens.total() > top:
            add(Problem("DRYDOCK_CAP_SCREENS", f"{screens.total()} directional screens is more than the "
                                               f"Drydock's {top}", "screens", _cap_severity(rules),
                        section="Z.2"))
    elif screens < 0:
        add(Problem("SCREENS_OUT_OF_RANGE", f"{screens} screens is below 0", "screens", section="B.18"))
    elif screens > top:
        add(Problem("DRYDOCK_CAP_SCREENS", f"{screens} screens is more than the Drydock's {top}", "screens",
                    _cap_severity(rules), section="Z.2"))


def _check_mode(mode: WeaponMode, rules: Ruleset, part: str, label: str, add: Add) -> None:
    if mode.acc not in rules.acc_standard:
        add(Problem("ACC_OUT_OF_RANGE", f"{label}: ACC {mode.acc}+ is not one of 2+ to 6+", part, section="A.1"))
    caps = rules.drydock_caps
    cap = _cap_severity(rules)
    for key, value in (("ROF", mode.rof), ("IMP", mode.imp), ("DMG", mode.dmg)):
        if value < 1:
            add(Problem(f"{key}_INVALID", f"{label}: {key} {value} must be at least 1", part, section="A.1"))
        elif value > caps[key.lower()]:
            add(Problem(f"DRYDOCK_CAP_{key}", f"{label}: {key} {value} is above the Drydock's {caps[key.lower()]}",
                        part, cap, section="Z.2"))
    if mode.ma is not None:
        if not rules.ma_min <= mode.ma <= rules.ma_max:
            add(Problem("SEEKER_MA_OUT_OF_RANGE", f"{label}: seeker MA {mode.ma} is outside "
                                                  f"{rules.ma_min}-{rules.ma_max}", part, section="A.1, C.4"))
    else:
        assert mode.range is not None
        s, m, long = mode.range
        if long < 1 or not 0 < s < m < long:
            add(Problem("RANGE_INVALID", f"{label}: range {s}-{m}-{long} must rise from short to long",
                        part, section="1.3"))
        elif s * 3 != long or m * 3 != 2 * long:
            add(Problem("RANGE_BANDS_NONSTANDARD",
                        f"{label}: range {s}-{m}-{long} is not three equal bands "
                        "(customised bands have no costing rule)", part, section="A.1, Z.2"))
        if long > caps["range"]:
            add(Problem("DRYDOCK_CAP_RANGE", f"{label}: long range {long} is above the Drydock's {caps['range']}",
                        part, cap, section="Z.2"))
    traits = list(mode.traits)
    known = [t for t in traits if t in rules.traits]
    for t in traits:
        if t not in rules.traits:
            add(Problem("UNKNOWN_TRAIT", f"{label}: unknown weapon trait {t!r}{trait_suggestion(t, rules)}", part,
                        section="C.5"))
    seen: dict[str, int] = {}
    for t in known:
        seen[t] = seen.get(t, 0) + 1
    for t, count in seen.items():
        if count > rules.traits[t].max_count:
            add(Problem("DUPLICATE_TRAIT", f"{label}: {rules.traits[t].name} is taken {count} times",
                        part, section="C.5"))
    if len(traits) > rules.max_traits:
        add(Problem("DRYDOCK_CAP_TRAITS", f"{label}: {len(traits)} traits (the Drydock allows {rules.max_traits})",
                    part, cap, section="Z.2"))
    values = {"rof": mode.rof, "imp": mode.imp, "dmg": mode.dmg, "acc": mode.acc}
    for t in seen:
        for key, need in rules.traits[t].requires.items():
            if values[key] != need:
                add(Problem(f"TRAIT_REQUIRES_{key.upper()}_{need}",
                            f"{label}: {rules.traits[t].name} weapons must have {key.upper()} {need}, "
                            f"not {values[key]}", part, section="C.5"))
    present = set(seen)
    for pair, rule in rules.forbidden_pairs:
        if pair <= present:
            a, b = rule.traits
            add(Problem("TRAIT_PAIR_FORBIDDEN", f"{label}: {rules.traits[a].name} and {rules.traits[b].name} "
                                                "may not be combined", part, section=rule.section))
    ranged = [t for t in seen if t in rules.range_based]
    if mode.ma is not None:
        if ranged and rules.data.trait_rules.seeker_forbids_range_based:
            add(Problem("SEEKER_RANGE_TRAIT", f"{label}: seeking weapons may not take range-based traits "
                                              f"({', '.join(ranged)})", part, section="A.1"))
        for t in rules.data.trait_rules.seeker_forbids:
            if t in present:
                add(Problem("SEEKER_DEFENSIVE" if rules.traits[t].defensive else "SEEKER_TRAIT_FORBIDDEN",
                            f"{label}: seeking weapons may not be {rules.traits[t].name}", part, section="A.1"))
    if len(ranged) > rules.data.trait_rules.max_range_based:
        add(Problem("TOO_MANY_RANGE_TRAITS", f"{label}: {len(ranged)} range-based traits ({', '.join(ranged)}); "
                                             f"at most {rules.data.trait_rules.max_range_based}", part,
                    section="A.1"))
    elif len(ranged) == 2 and rules.range_pairs.get(frozenset(ranged), 0) is None:
        add(Problem("RANGE_TRAIT_PAIR_INVALID", f"{label}: {ranged[0]}/{ranged[1]} is an invalid combination",
                    part, section="A.1"))


def _check_systems(design: Design, rules: Ruleset, add: Add) -> None:
    counts: dict[str, int] = {}
    qty_of: dict[str, int] = {}
    for i, entry in enumerate(design.systems):
        part = f"systems[{i}]"
        rule = rules.systems.get(entry.name)
        if rule is None:
            add(Problem("UNKNOWN_SYSTEM", f"unknown system {entry.name!r}{system_suggestion(entry.name, rules)}",
                        part, section="A.5"))
            continue
        counts[entry.name] = counts.get(entry.name, 0) + 1
        qty_of[entry.name] = qty_of.get(entry.name, 0) + entry.qty
        if rule.structural:
            key = "shields: {fwd: .., port: .., stbd: .., aft: ..}" if rule.structural == "shields" \
                else "screens:"
            add(Problem("SYSTEM_IS_STRUCTURAL", f"{entry.name} is set with `{key}`, not listed as a system",
                        part, section=rule.section))
        if entry.qty < 1:
            add(Problem("SYSTEM_QTY_INVALID", f"{entry.name}: quantity {entry.qty} must be at least 1", part,
                        section=rule.section))
        elif entry.qty > 1 and not rule.multiples:
            add(Problem("SYSTEM_QTY_INVALID", f"{entry.name} may not be taken more than once (quantity "
                                              f"{entry.qty})", part, section=rule.section))
    for name, count in counts.items():
        rule = rules.systems[name]
        if count > 1:
            add(Problem("SYSTEM_DUPLICATE", f"{name} is listed {count} times"
                        + ("; give one entry with a quantity" if rule.multiples else ""),
                        "systems", section="B"))
        if rule.requires and rule.requires not in counts:
            add(Problem("SYSTEM_REQUIRES", f"{name} requires {rule.requires}", "systems", section=rule.section))
        elif rule.priced_per and rule.priced_per in qty_of and qty_of[name] != qty_of[rule.priced_per]:
            unit = rules.systems[rule.priced_per].unit or "units"
            add(Problem("SYSTEM_QTY_DIFFERS", f"{name}: quantity {qty_of[name]} differs from the "
                                              f"{rule.priced_per}'s {qty_of[rule.priced_per]} {unit}; priced for "
                                              f"{qty_of[rule.priced_per]} {unit} (they serve the whole "
                                              f"{rule.priced_per.lower()})", "systems", "warning",
                        section=rule.section))
        elif rule.requires and qty_of[name] > qty_of[rule.requires]:
            add(Problem("SYSTEM_REQUIRES", f"{name} covers {qty_of[name]} {rule.unit or 'units'} but "
                                           f"{rule.requires} has only {qty_of[rule.requires]}", "systems",
                        section=rule.section))
    if "Shockwave" in counts:
        shields = design.shields.total() if isinstance(design.shields, ArcValues) else design.shields
        if shields <= 0:
            add(Problem("SHOCKWAVE_NO_SHIELDS", "a shockwave with no shields does nothing", "systems", "warning",
                        section="B.19"))


def _check_stated(design: Design, rating: Rating, add: Add) -> None:
    stated = design.stated
    if stated is not None:
        if stated.combat_rating is not None and stated.combat_rating != rating.combat_rating:
            add(Problem("STATED_CR_MISMATCH", f"stated {stated.combat_rating}, computed {rating.combat_rating}",
                        "stated.combat_rating", "warning", section="A.2"))
        t = rating.tracks
        for name, computed in (("hull", t.hull), ("engines", t.engines), ("weapons", t.weapons),
                               ("shields", t.shields)):
            given = getattr(stated, name)
            if given is not None and list(given) != computed:
                add(Problem("STATED_TRACK_MISMATCH",
                            f"{name} track stated {'-'.join(map(str, given))}, "
                            f"computed {'-'.join(map(str, computed)) or '(none)'}",
                            f"stated.{name}", "warning", section="A.3"))
        if stated.equipment_loss_limit is not None and stated.equipment_loss_limit != rating.equipment_loss_limit:
            add(Problem("STATED_LOSS_LIMIT_MISMATCH",
                        f"equipment loss limit stated {stated.equipment_loss_limit}, "
                        f"computed {rating.equipment_loss_limit}", "stated.equipment_loss_limit", "warning",
                        section="A.3"))
    for i, battery in enumerate(design.weapons):
        given = battery.stated_loss_limit
        if given is not None and given != rating.batteries[i].loss_limit:
            add(Problem("STATED_LOSS_LIMIT_MISMATCH",
                        f"{battery.name}: loss limit stated {given}, computed {rating.batteries[i].loss_limit}",
                        f"weapons[{i}].loss_limit", "warning", section="A.3"))
