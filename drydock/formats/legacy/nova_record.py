"""The Unity-compatible Nova record of Appendix X.2, its conversion from a display, and its YAML/JSON files.

A Nova ship in a Unity game is *not* a Unity-built design: it keeps its armor boxes, gets
system boxes carved out of its hull, rolls its attack-dice string as to-hit dice and has
its own damage table (X.2). :class:`NovaRecord` models exactly that; it is never rated by
the Unity formulas. Its combat rating is the Nova CR, adjusted by the shield-dice icon
modifier when the player states it (the icon patterns are lost, X.2 OQ7).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from drydock import limits
from drydock.core.advice import system_suggestion
from drydock.core.model import SystemEntry
from drydock.core.problems import Problem
from drydock.core.rules import Ruleset
from drydock.errors import DesignFileError, DrydockError, DrydockSyntaxError
from drydock.formats.legacy import tables
from drydock.formats.legacy.convert import ConversionReport, round_half_up, start_report
from drydock.formats.legacy.nova import NovaBattery, NovaDisplay
from drydock.numbers import legacy_int


class NovaRecordFileError(DrydockSyntaxError):
    """A Nova record file (YAML/JSON) that cannot be read."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class NovaBank(_Model):
    """A Nova bank: arc code (C.1 alternate arc), its negative arc modifier, the to-hit dice it rolls (X.2)."""

    arc: str
    modifier: int = 0
    dice: int = 0


class NovaWeapon(_Model):
    """A Nova battery as Unity plays it: ACC 5+ (4+ Acr), IMP 1-3 (Dx2/Dx3), DMG 1, dice by bank."""

    name: str
    nova_traits: tuple[str, ...] = ()
    range: tuple[int, int, int] | None = None
    ma: int | None = None
    """Seeking weapons (Skr, drones): C.4 movement allowance."""
    rof: int | None = None
    """Only for drones (ROF 3); Nova batteries roll the attack-dice string instead."""
    acc: int = tables.NOVA_ACC
    imp: int = tables.NOVA_IMP
    dmg: int = tables.NOVA_DMG
    traits: tuple[str, ...] = ()
    """Unity traits it carries (Knt for Cts, Exp for drones)."""
    attack_dice: tuple[int, ...] = ()
    banks: tuple[NovaBank, ...] = ()
    rules: tuple[str, ...] = ()
    """Nova rules that still apply to it (Prc, other traits)."""


class NovaRecord(_Model):
    """A Nova ship converted per Appendix X.2 (a different kind of record from a Unity design)."""

    kind: Literal["nova"] = "nova"
    faction: str = ""
    class_name: str = ""
    type: str = ""
    ship_name: str = ""
    ship_id: str = ""
    nova_cr: int | None = None
    cr_modifier_percent: int | None = None
    combat_rating: int | None = None
    """Nova CR adjusted by ``cr_modifier_percent`` (rounded to nearest), or the Nova CR as is."""
    armor: int = 0
    hull_groups: tuple[int, ...] = ()
    hull: int
    """Hull size: the first and third hull groups (X.2.1)."""
    system_boxes: int = 0
    bullets: tuple[int, ...] = ()
    """System box numbers (1-based) carrying a bullet: ceil(n/2) and n (X.2.1)."""
    thrust: tuple[int, ...] = ()
    engines: int = 0
    weapon_hit_boxes: int = 5
    ecm: tuple[int, ...] = ()
    ecm_rating: int = 0
    shield_icons: tuple[int, ...] | None = ()
    shields: int | None = 0
    """7 - first shield-dice icon (X.2.3); ``None`` when the icons were illegible."""
    weapons: tuple[NovaWeapon, ...] = ()
    systems: tuple[SystemEntry, ...] = ()
    fighters_per_flight: int = tables.NOVA_FIGHTERS_PER_FLIGHT
    notes: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        parts = [self.faction, f"{self.class_name.upper()}-class" if self.class_name else "", self.type]
        return " ".join(p for p in parts if p)


# ------------------------------------------------------------------------------------------ conversion


def adjusted_cr(cr: int, percent: int) -> int:
    """X.2.2: CR x (1 + percent/100), rounded to nearest (344 at +5% -> 361)."""
    return round_half_up(Decimal(cr) * (100 + percent) / 100)


def split_hull(total: int) -> tuple[int, int, int]:
    """Three hull groups when only the count is known: as even as possible, extra boxes to the earlier
    groups (the X.2 example's 13 boxes are 5, 4, 4)."""
    base, extra = divmod(total, 3)
    return tuple(base + (1 if i < extra else 0) for i in range(3))  # type: ignore[return-value]


def system_box_bullets(n: int) -> tuple[int, ...]:
    """X.2.1: bullets in system box ceil(n/2) and in the last box."""
    if n <= 0:
        return ()
    return tuple(sorted({math.ceil(n / 2), n}))


def convert_nova(display: NovaDisplay, rules: Ruleset | None = None) -> tuple[NovaRecord, ConversionReport]:
    """The X.2 record for ``display`` and the report of what mapped, stayed Nova, or was unreadable."""
    rules = rules or Ruleset.unity()
    rep, notes, legacy = start_report(display, kind="nova")
    groups = display.hull
    if len(groups) == 1:
        groups = split_hull(groups[0])
        rep.readings.append(f"line {display.line}: hull grouping not given: {display.hull[0]} boxes split "
                            f"{'/'.join(map(str, groups))} (even split, extra boxes first, like X.2's 13 = 5/4/4)")
    elif len(groups) != 3:
        total = sum(groups)
        groups = split_hull(total)
        rep.readings.append(f"hull given in {len(display.hull)} groups: {total} boxes split "
                            f"{'/'.join(map(str, groups))}")
    sys_boxes = groups[tables.NOVA_SYSTEM_BOX_GROUP]
    hull = sum(groups) - sys_boxes
    bullets = system_box_bullets(sys_boxes)
    rep.mapped.append(f"hull boxes {'/'.join(map(str, groups))} -> hull size {hull}, {sys_boxes} system boxes "
                      f"with bullets in {', '.join(map(str, bullets)) or 'none'} (X.2.1)")
    engines = display.thrust[0]
    rep.mapped.append(f"thrust {' '.join(map(str, display.thrust))} -> engine rating {engines} (X.2.2)")
    ecm_rating = display.ecm[0] if display.ecm else 0
    if ecm_rating:
        legacy(f"ECM {ecm_rating}: attacks on this ship get -{ecm_rating} on each to-hit die (X.2.3, OQ12)")
    shields: int | None
    if display.shields is None:
        shields = None
    elif display.shields:
        shields = tables.NOVA_SHIELD_BASE - display.shields[0]
        rep.mapped.append(f"shield icons {' '.join(map(str, display.shields))} -> shield rating {shields} "
                          f"(7 - {display.shields[0]}, X.2.3)")
        if list(display.shields) != sorted(display.shields):
            rep.readings.append("shield icons are not ascending: 7 - first icon used anyway (X.2 OQ9)")
    else:
        shields = 0
    weapons = [_weapon(b, rep, legacy) for b in display.batteries]
    systems, drone_weapons = _systems(display, rules, rep, legacy)
    weapons.extend(drone_weapons)
    combat_rating = display.cr
    if display.cr is not None and display.cr_modifier is not None:
        if display.cr_modifier not in tables.NOVA_CR_MODIFIERS_PERCENT:
            rep.unreadable.append(f"CR modifier {display.cr_modifier:+d}% is not one of X.2's "
                                  f"{', '.join(f'{p:+d}%' for p in tables.NOVA_CR_MODIFIERS_PERCENT)}: not applied")
        else:
            combat_rating = adjusted_cr(display.cr, display.cr_modifier)
            rep.mapped.append(f"CR {display.cr} at {display.cr_modifier:+d}% -> {combat_rating} (X.2.2)")
    elif display.cr is not None:
        legacy(f"CR {display.cr} as printed: the X.2 shield-icon modifier (+10/+5/0/-5%) was not stated "
               "(the icon patterns are lost, OQ7)")
    legacy("Damage (X.2.3): check all armor boxes before any damage roll; then per point 1-3 hull, 4-5 system "
           "box (a bulleted box triggers the Nova damage checks, Nova pp.14-15), 6 no effect")
    legacy("To-hit dice (X.2.3): from the attack-dice string, one entry right per -1 of arc modifier and per "
           "checked weapon-hit box; each unmodified 1 or 6 on the first roll adds a bonus die")
    if display.armor:
        rep.mapped.append(f"armor boxes {'/'.join(map(str, display.armor))} kept ({sum(display.armor)})")
    for text in rep.unreadable:
        notes.append(f"Unreadable in the source, not converted: {text}")
    record = NovaRecord(
        faction=display.faction, class_name=display.class_name, type=display.type, ship_name=display.ship_name,
        nova_cr=display.cr, cr_modifier_percent=display.cr_modifier, combat_rating=combat_rating,
        armor=sum(display.armor), hull_groups=groups, hull=hull, system_boxes=sys_boxes, bullets=bullets,
        thrust=display.thrust, engines=engines, weapon_hit_boxes=display.weapon_boxes, ecm=display.ecm,
        ecm_rating=ecm_rating, shield_icons=display.shields, shields=shields, weapons=tuple(weapons),
        systems=tuple(systems), notes=tuple(notes),
    )
    rep.unity_cr = combat_rating
    return check_nova_record(record, file=display.file), rep


def check_nova_record(r: NovaRecord, *, file: str | None = None) -> NovaRecord:
    """Sanity limits (:mod:`drydock.limits`) on every count a Nova record prints as boxes or lists."""
    what = r.class_name[:60] or "Nova record"
    for key in ("armor", "hull", "system_boxes", "weapon_hit_boxes", "engines", "ecm_rating"):
        limits.check(f"{what}: {key}", getattr(r, key), limits.HULL, file=file)
    limits.check(f"{what}: shields", r.shields or 0, limits.SHIELDS, file=file)
    for key in ("hull_groups", "thrust", "ecm", "bullets", "shield_icons"):
        limits.check_count(f"{what}: {key}", len(getattr(r, key) or ()), limits.TRACK_BOXES, file=file)
    for key in ("hull_groups", "thrust", "ecm", "bullets"):
        for v in getattr(r, key):
            limits.check(f"{what}: {key}", v, limits.HULL, file=file)
    limits.check_count(f"{what}: weapons", len(r.weapons), limits.BATTERIES, file=file)
    # what the record brings to the engine: the limits of a Unity design (limits.STAT, RANGE ...; a Nova record
    # fights as it is, so a bank of 10^15 attack dice or a range of 10^15 would hang a battle)
    for key in ("nova_cr", "combat_rating"):
        limits.check(f"{what}: {key}", getattr(r, key) or 0, limits.STATED, file=file)
    limits.check(f"{what}: cr_modifier_percent", r.cr_modifier_percent or 0, limits.STAT, file=file)
    limits.check(f"{what}: fighters_per_flight", r.fighters_per_flight, limits.FLIGHT_FIGHTERS, file=file, low=1)
    for w in r.weapons:
        name = f"{what}: {w.name[:40]}"
        limits.check_count(f"{name} banks", len(w.banks), limits.BANKS, file=file)
        limits.check_count(f"{name} attack dice", len(w.attack_dice), limits.TRACK_BOXES, file=file)
        for band in w.range or ():
            limits.check(f"{name} range", band, limits.RANGE, file=file, low=0)
        limits.check(f"{name} MA", w.ma or 0, limits.RANGE, file=file, low=0)
        for key in ("rof", "acc", "imp", "dmg"):
            limits.check(f"{name} {key.upper()}", getattr(w, key) or 0, limits.STAT, file=file, low=0)
        for dice in w.attack_dice:
            limits.check(f"{name} attack dice", dice, limits.STAT, file=file, low=0)
        for bank in w.banks:
            limits.check(f"{name} bank {bank.arc[:10]} dice", bank.dice, limits.STAT, file=file, low=0)
            limits.check(f"{name} bank {bank.arc[:10]} modifier", bank.modifier, limits.STAT, file=file)
    limits.check_count(f"{what}: systems", len(r.systems), limits.SYSTEMS, file=file)
    for s in r.systems:
        limits.check(f"{what}: {s.name[:40]} quantity", s.qty, limits.QUANTITY, file=file)
    return r


def _weapon(b: NovaBattery, rep: ConversionReport, legacy: Callable[[str], None]) -> NovaWeapon:
    acc, imp = tables.NOVA_ACC, tables.NOVA_IMP
    traits: list[str] = []
    rules_left: list[str] = []
    seeking = False
    for code in b.traits:
        row = tables.nova_trait(code)
        if row is None:
            legacy(f"{b.name}: Nova trait {code}: {tables.NOVA_OTHER_TRAITS_RULE}")
            rules_left.append(code)
            continue
        if row.acc is not None:
            acc = row.acc
        if row.imp is not None:
            imp = row.imp
        if row.unity_trait:
            traits.append(row.unity_trait)
        if row.seeking:
            seeking = True
        if row.code == "Prc":
            legacy(f"{b.name}: Prc: {row.effect} (X.2.3)")
            rules_left.append("Prc")
        else:
            rep.mapped.append(f"{b.name}: {row.code} -> {row.effect} ({row.section})")
    banks = []
    for arc, mod in b.banks:
        if arc not in Ruleset.unity().alternate_arcs:
            rep.unreadable.append(f"line {b.line}: {b.name}: arc [{arc}{mod or ''}] is not one of the twenty "
                                  "Nova/Unity arc codes: bank not converted")
            continue
        dice = b.dice[mod] if mod < len(b.dice) else 0
        banks.append(NovaBank(arc=arc, modifier=mod, dice=dice))
    rep.mapped.append(f"{b.name}: ACC {acc}+, IMP {imp}, DMG 1; to-hit dice "
                      + ", ".join(f"{bk.arc}{bk.modifier or ''} {bk.dice}" for bk in banks) + " (X.2.3)")
    return NovaWeapon(name=b.name, nova_traits=b.traits, range=None if seeking else b.range,
                      ma=b.range[0] if seeking else None, acc=acc, imp=imp, dmg=tables.NOVA_DMG,
                      traits=tuple(traits), attack_dice=b.dice, banks=tuple(banks), rules=tuple(rules_left))


def _unity(row: tables.NovaSystem) -> str:
    """The Unity system a mapped X.2 row names (every 'double', 'capacity' and 'flights' row names one)."""
    if row.unity is None:
        raise DrydockError(f"X.2 table row {row.nova_name!r} ({row.action}) names no Unity system")
    return row.unity


def _systems(display: NovaDisplay, rules: Ruleset, rep: ConversionReport,
             legacy: Callable[[str], None]) -> tuple[list[SystemEntry], list[NovaWeapon]]:

    qty: dict[str, int] = {}
    drones: list[NovaWeapon] = []
    for item in display.systems:
        m = re.fullmatch(r"\s*(.+?)\s*(?:\(\s*([^)]*?)\s*\))?\s*", item)
        name, detail = (m.group(1), m.group(2) or "") if m else (item, "")
        n = legacy_int(detail) if detail.isdigit() else None
        row = tables.nova_system(name)
        if row is None:
            unity = rules.system_name(name)
            if unity is None:
                legacy(f"Nova system {item}: not in X.2 nor Appendix B: Nova rules apply (not in our sources)")
                continue
            k = n if (n and rules.systems[unity].multiples) else 1
            qty[unity] = qty.get(unity, 0) + k
            rep.mapped.append(f"{item} -> {unity}" + (f" ({k})" if k != 1 else "") + " (X.2: Appendix B)")
        elif row.action == "legacy":
            legacy(f"Nova system {item}: {row.rule} ({row.section})")
        elif row.action == "double":
            k = 2 * (n or 1)
            qty[_unity(row)] = qty.get(_unity(row), 0) + k
            rep.mapped.append(f"{item} -> {row.unity} ({k}): {row.rule} ({row.section})")
        elif row.action == "capacity":
            if n is None:
                legacy(f"Nova system {item}: no capacity given ({row.rule})")
                continue
            k = round_half_up(Decimal(n) / tables.NOVA_CAPACITY_DIVISOR)
            if k >= 1:
                qty[_unity(row)] = qty.get(_unity(row), 0) + k
            rep.mapped.append(f"{item} -> {row.unity} ({k}): {row.rule} ({row.section})")
        elif row.action == "flights":
            k = n or 1
            qty[_unity(row)] = qty.get(_unity(row), 0) + k
            rep.mapped.append(f"{item} -> {row.unity} ({k} flights of {tables.NOVA_FIGHTERS_PER_FLIGHT} fighters) "
                              f"({row.section})")
            rep.readings.append(f"{item}: {row.rule} (X.2 OQ11)")
        elif row.action == "drones":
            w = tables.NOVA_DRONE_WEAPON
            count = n or 1
            drones.append(NovaWeapon(name="Drones", ma=w["ma"], rof=w["rof"], acc=w["acc"], imp=w["imp"],
                                     dmg=w["dmg"], traits=w["traits"],
                                     banks=(NovaBank(arc=w["arc"], dice=0),) * count))
            rep.mapped.append(f"{item} -> {count} seeking weapon(s) TT, MA 8, ROF 3, ACC 5+, IMP 1, DMG 1, Exp "
                              f"({row.section})")
            rep.readings.append(f"{item}: {row.rule}")
    return [SystemEntry(name=k, qty=v) for k, v in qty.items()], drones


def check_record(record: NovaRecord, rules: Ruleset | None = None) -> list[Any]:
    """What ``drydock check`` reports for a Nova record (X.2): it is not rated by Appendix A, so only the
    record's own sense is checked (hull size, readable shields and CR, known systems, banked weapons)."""
    rules = rules or Ruleset.unity()
    out = []
    if not rules.hull_min <= record.hull <= rules.hull_max:
        out.append(Problem("HULL_OUT_OF_RANGE", f"hull size {record.hull} is outside {rules.hull_min}-"
                                                f"{rules.hull_max}", "hull", section="X.2.1"))
    if record.shields is None:
        out.append(Problem("NOVA_SHIELDS_ILLEGIBLE", "the shield icons were illegible: no shield rating",
                           "shields", "warning", section="X.2.3"))
    elif record.shields < 0:  # X.2.3: 7 - the first unchecked icon's face (1-6): 1 to 6
        out.append(Problem("NOVA_SHIELDS_NEGATIVE", f"shield rating {record.shields} is below 0 (X.2.3: 7 - an "
                                                    "icon's face)", "shields", section="X.2.3"))
    if record.combat_rating is None:
        out.append(Problem("NOVA_CR_UNKNOWN", "no combat rating was stated", "combat_rating", "warning",
                           section="X.2.2"))
    for key in ("combat_rating", "nova_cr"):
        value = getattr(record, key)
        if value is not None and value < 0:
            out.append(Problem("NOVA_CR_NEGATIVE", f"{key} {value} is below 0: victory points are a share of it",
                               key, section="X.2.2"))
    for i, s in enumerate(record.systems):
        if s.name not in rules.systems:
            out.append(Problem("UNKNOWN_SYSTEM", f"unknown system {s.name!r}{system_suggestion(s.name, rules)}",
                               f"systems[{i}]", section="A.5"))
    for i, w in enumerate(record.weapons):
        if not w.banks:
            out.append(Problem("BATTERY_NO_BANKS", f"{w.name} has no banks", f"weapons[{i}]", section="X.2.3"))
    return out


# ------------------------------------------------------------------------------------------ files


def _dump(records: list[NovaRecord]) -> list[dict[str, Any]]:
    return [r.model_dump(mode="json") for r in records]


def to_yaml(records: list[NovaRecord]) -> str:
    """Nova records as YAML (a list of mappings, each with ``kind: nova``)."""
    # lazy: PyYAML loads for YAML files only
    import yaml

    return yaml.safe_dump(_dump(records), sort_keys=False, allow_unicode=True, width=100)


def to_json(records: list[NovaRecord]) -> str:
    return json.dumps(_dump(records), indent=2, ensure_ascii=False) + "\n"


def _load(data: Any, file: str | None) -> list[NovaRecord]:
    items = data if isinstance(data, list) else [data]
    out = []
    for i, item in enumerate(items):
        try:
            out.append(check_nova_record(NovaRecord.model_validate(item), file=file))
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise NovaRecordFileError(f"record {i + 1}: key {where}: {err['msg']}", file=file,
                                      text=str(err.get("input"))[:60]) from None
    return out


def from_yaml(text: str, *, file: str | None = None) -> list[NovaRecord]:
    # lazy: PyYAML loads for YAML files only
    from drydock.formats.safeyaml import load_yaml

    docs = _as_record_error(load_yaml, text, file)
    return _load(docs[0] if len(docs) == 1 else docs, file)


def from_json(text: str, *, file: str | None = None) -> list[NovaRecord]:
    # lazy: PyYAML loads for YAML files only
    from drydock.formats.safeyaml import load_json

    return _load(_as_record_error(load_json, text, file), file)


def _as_record_error(load: Any, text: str, file: str | None) -> Any:
    """YAML/JSON read with drydock's limits; a syntax error becomes a :class:`NovaRecordFileError`."""
    try:
        return load(text, file=file)
    except DesignFileError as exc:
        raise NovaRecordFileError(exc.message, text=exc.text, file=exc.file, line=exc.line,
                                  column=exc.column) from None


# ------------------------------------------------------------------------------------------ text display


def format_nova_record(r: NovaRecord) -> str:
    """A plain-text ship display of the X.2 record (boxes, system boxes with bullets, weapons, notes)."""
    box, sbox, bullet = "[ ]", "[ ]", "[*]"
    out = [f"NAME: {r.ship_name}", f"{r.title} ({r.combat_rating if r.combat_rating is not None else '?'})"
           + (f"   Nova CR {r.nova_cr}" if r.nova_cr != r.combat_rating else "")]
    if r.systems:
        out.append("SYSTEMS: " + "; ".join(f"{s.name} ({s.qty})" if s.qty != 1 else s.name for s in r.systems))
    out.append("ARMOR   " + (box * r.armor if r.armor else "-"))
    g = r.hull_groups
    first, third = (g[0], g[2]) if len(g) == 3 else (r.hull, 0)
    sysrow = "".join(bullet if i + 1 in r.bullets else sbox for i in range(r.system_boxes))
    out.append(f"HULL    {box * first} | SYSTEM {sysrow} | {box * third}   (hull size {r.hull})")
    out.append(f"THRUST  {' '.join(map(str, r.thrust))}   (engine rating {r.engines})")
    out.append(f"WEAPONS {box * r.weapon_hit_boxes}   (-1 attack modifier each)")
    out.append(f"ECM     {' '.join(map(str, r.ecm)) or '-'}   (rating {r.ecm_rating})")
    icons = "?" if r.shield_icons is None else (" ".join(map(str, r.shield_icons)) or "-")
    out.append(f"SHIELDS {icons}   (shield rating {'?' if r.shields is None else r.shields})")
    out.append("WEAPON                         RANGE/MA   ACC IMP DMG  BANKS (to-hit dice)")
    for w in r.weapons:
        rng = "-".join(map(str, w.range)) if w.range else f"MA {w.ma}"
        label = w.name + (f" ({', '.join(w.nova_traits)})" if w.nova_traits else "")
        banks = " ".join(f"[{b.arc}{b.modifier or ''}] {b.dice}" for b in w.banks)
        if w.rof:
            banks += f"   ROF {w.rof}"
        if w.traits:
            banks += f"   ({', '.join(w.traits)})"
        out.append(f"{label[:30]:<30} {rng:<10} {w.acc}+  {w.imp:>3} {w.dmg:>3}  {banks}")
    out.append(f"Fighters: flights of {r.fighters_per_flight}")
    for note in r.notes:
        out.append(f"Note: {note}")
    return "\n".join(out) + "\n"
