"""AE record -> Unity :class:`~drydock.core.model.Design` plus a :class:`ConversionReport` (Appendix X.1).

The Unity design takes its hull size from the number of Hull values, its engine and
shield ratings from the first Engines/Shields values, each battery's weapons, arcs and
range bands (S/M/L as printed, or RNG/3, 2RNG/3, RNG), ROF/ACC/IMP/DMG unchanged, traits
and starship options by the tables in :mod:`drydock.formats.legacy.tables`. Whatever has no
Unity equivalent is kept as a note on the design (``Design.notes``) and listed in the
report; the design is re-rated with :func:`drydock.core.validation.rate` and every Unity rule
it breaks is reported beside the AE combat rating as stated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from drydock.core.arcs import normalize_arc
from drydock.core.model import Bank, Battery, Design, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.formats.legacy import tables
from drydock.formats.legacy.admiralty import AdmiraltyRecord, AEBattery
from drydock.numbers import legacy_int


@dataclass
class ConversionReport:
    """What happened to one legacy design: mapped, kept as legacy notes, unreadable, readings, ratings."""

    source: str
    line: int = 0
    title: str = ""
    kind: str = "admiralty"
    mapped: list[str] = field(default_factory=list)
    legacy: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    stated_cr: int | None = None
    unity_cr: int | None = None
    problems: list[str] = field(default_factory=list)
    """Unity rules the converted design breaks (``CODE message``), errors and warnings."""
    error: str | None = None
    output: str = ""

    @property
    def status(self) -> str:
        """``failed`` (nothing converted), ``partial`` (unreadable parts) or ``ok``."""
        if self.error is not None:
            return "failed"
        return "partial" if self.unreadable else "ok"


def start_report(source: Any, kind: str = "admiralty") -> tuple[ConversionReport, list[str], Callable[[str], None]]:
    """A report for a parsed legacy source (AE record or Nova display), the design notes being
    collected, and ``legacy(text)``, which records an item with no Unity equivalent in both."""
    rep = ConversionReport(source=source.file or "<input>", line=source.line, title=source.title, kind=kind,
                           stated_cr=source.cr)
    rep.unreadable.extend(str(f) for f in source.unreadable)
    rep.readings.extend(str(f) for f in source.readings)
    notes: list[str] = []

    def legacy(text: str) -> None:
        rep.legacy.append(text)
        notes.append(text)

    return rep, notes, legacy


def round_half_up(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def ae_range_bands(rng: int) -> tuple[int, int, int]:
    """X.1: short = RNG / 3, medium = 2 RNG / 3, long = RNG (rounded to nearest, OQ3)."""
    a, b, c = tables.AE_RANGE_THIRDS
    return (round_half_up(Decimal(rng * a) / 3), round_half_up(Decimal(rng * b) / 3), rng * c // 3)


def trait_readings(chosen: Mapping[str, str] | None) -> dict[str, str]:
    """Every reading group of :data:`tables.AE_TRAIT_READINGS` -> the reading chosen (the default where none is);
    raises ValueError for an unknown group or reading."""
    out = {group: tables.AE_TRAIT_READING_DEFAULT for group in tables.AE_TRAIT_READINGS}
    for group, name in (chosen or {}).items():
        rows = tables.AE_TRAIT_READINGS.get(group)
        if rows is None:
            raise ValueError(f"unknown reading {group!r} (known: {', '.join(tables.AE_TRAIT_READINGS)})")
        if name not in rows:
            raise ValueError(f"unknown reading {group}={name} (known: {', '.join(f'{group}={n}' for n in rows)})")
        out[group] = name
    return out


def convert_admiralty(record: AdmiraltyRecord, rules: Ruleset | None = None, *,
                      missing_band: str = tables.AE_MISSING_BAND_DEFAULT,
                      readings: Mapping[str, str] | None = None) -> tuple[Design, ConversionReport]:
    """The Unity design for ``record`` and the report of its conversion (re-rated under ``rules``).

    ``missing_band`` names the reading of a band printed ``---`` (:data:`tables.AE_MISSING_BAND_READINGS`);
    ``readings`` the reading of an AE trait X.1 leaves to the Admiralty rules ({"increased-hits": "c3-mounts"},
    :data:`tables.AE_TRAIT_READINGS`; the default keeps X.1's note)."""
    rules = rules or Ruleset.unity()
    if missing_band not in tables.AE_MISSING_BAND_READINGS:
        raise ValueError(f"unknown missing-band reading {missing_band!r} (known: "
                         f"{', '.join(tables.AE_MISSING_BAND_READINGS)})")
    chosen = trait_readings(readings)
    rep, notes, legacy = start_report(record)
    tech = _tech(record, rep, legacy)
    engines = record.engines[0]
    shields = record.shields[0]
    rep.mapped.append(f"hull {len(record.hull)} from the {len(record.hull)} Hull values; engine rating {engines} "
                      f"and shield rating {shields} from the first Engines/Shields values (X.1)")
    batteries = [_battery(b, rules, rep, legacy, notes, missing_band, chosen) for b in record.batteries]
    systems = _systems(record, rules, rep, legacy)
    if record.header_extra:
        legacy(f"AE header also says {record.header_extra!r}: not applied (no Unity equivalent)")
    if record.damage_chart:
        names = {b.letter: b.name for b in record.batteries}
        chart = " ".join(f"{die}:{''.join(letters) or '-'}" for die, letters in record.damage_chart)
        used = sorted({ch for _, letters in record.damage_chart for ch in letters})
        key = ", ".join(f"{ch} {names.get(ch, '?')}" for ch in used)
        legacy(f"AE weapon damage chart {chart} ({key}); {tables.AE_DAMAGE_RULE}")
        missing = [ch for ch in used if ch not in names]
        if missing:
            which = (f"battery {missing[0]!r}, which the design does not have" if len(missing) == 1 else
                     f"batteries {', '.join(map(repr, missing))}, which the design does not have")
            rep.unreadable.append(f"line {record.chart_line or record.line}: damage chart names {which}")
    else:
        legacy(tables.AE_DAMAGE_RULE + " (the source gives no chart)")
    legacy("AE tracks: Engines " + " ".join(map(str, record.engines)) + "; Shields "
           + " ".join(map(str, record.shields)))
    if record.cr is not None:
        notes.append(f"AE combat rating {record.cr} as stated (Admiralty rules; X.1 uses it unchanged)")
    for text in rep.unreadable:
        notes.append(f"Unreadable in the source, not converted: {text}")
    design = Design(
        faction=record.race, class_name=record.class_name, type=record.type, ship_name=record.ship_name,
        hull=len(record.hull), engines=engines, shields=shields, tech=tech,
        weapons=tuple(batteries), systems=tuple(systems), notes=tuple(notes),
    )
    rating = rate(design, rules)
    rep.unity_cr = rating.combat_rating
    rep.problems = [f"{p.code} {p.message}" + ("" if p.is_error else " (warning)") for p in rating.problems]
    return design, rep


def _tech(record: AdmiraltyRecord, rep: ConversionReport, legacy: Callable[[str], None]) -> TechLevels:
    levels: dict[str, int] = {}
    for letter, value in record.tech:
        category = tables.AE_TECH_LETTERS.get(letter)
        if category is None:
            if value:
                legacy(f"AE tech level {letter}{value:+d}: no known Unity meaning (X.1 OQ5)")
            continue
        if value not in (-2, -1, 0, 1, 2):
            legacy(f"AE tech level {letter}{value:+d} ({category}) is outside Unity's -2..+2: not applied")
            continue
        levels[category] = value
        if value:
            rep.mapped.append(f"tech level {letter}{value:+d} -> {category} {value:+d} (A.4)")
    return TechLevels(**levels)


def hidden_band(bands: tuple[int | None, int | None, int | None], traits: tuple[str, ...]) -> tuple[
        tuple[int, int, int], str] | None:
    """S/M/L and the trait, when the one band printed ``---`` is the band a trait of the battery hides
    (:data:`tables.AE_HIDING_TRAITS`) and the other two are equal thirds; None otherwise."""
    s, m, long = bands
    for raw in traits:
        row = tables.ae_trait(raw)
        band = tables.AE_HIDING_TRAITS.get(row.ae_name) if row is not None else None
        if band == 2 and long is None and s is not None and m == 2 * s:
            return (s, m, 3 * s), row.ae_name  # type: ignore[union-attr]
        if band == 0 and s is None and m is not None and long is not None and 3 * m == 2 * long:
            return (long // 3, m, long), row.ae_name  # type: ignore[union-attr]
    return None


def missing_bands(bands: tuple[int | None, int | None, int | None], reading: str) -> tuple[int, int, int]:
    """S/M/L for printed bands with some printed ``---`` (None) that no trait hides, by the named reading
    (:data:`tables.AE_MISSING_BAND_READINGS`): ``empty`` keeps the posted numbers, ``thirds`` applies X.1's
    RNG/3, 2 RNG/3, RNG to the longest printed range."""
    if reading == "thirds":
        return ae_range_bands(max(v for v in bands if v is not None))
    s = bands[0] if bands[0] is not None else 0
    m = bands[1] if bands[1] is not None else s
    return s, m, bands[2] if bands[2] is not None else m


def _bands(b: AEBattery, rep: ConversionReport, notes: list[str], reading: str) -> tuple[int, int, int]:
    if b.bands is None:
        assert b.rng is not None
        bands = ae_range_bands(b.rng)
        if b.rng % 3:
            rep.readings.append(f"line {b.line}: {b.name}: RNG {b.rng} is not divisible by 3: bands "
                                f"{bands[0]}-{bands[1]}-{bands[2]} rounded to nearest (X.1 OQ3)")
        else:
            rep.mapped.append(f"{b.name}: RNG {b.rng} -> {bands[0]}-{bands[1]}-{bands[2]} (X.1)")
        return bands
    s, m, long = b.bands
    if s is None or m is None or long is None:
        if s is None and m is None and long is None:
            rep.unreadable.append(f"line {b.line}: {b.name}: every range band printed '---': range 0-0-0")
            return 0, 0, 0
        printed = "/".join("---" if v is None else str(v) for v in b.bands)
        hidden = hidden_band(b.bands, b.traits)
        if hidden is not None:
            bands, trait = hidden
            row = tables.ae_trait(trait)
            why = tables.AE_HIDDEN_BAND_READING.format(trait=trait, code=row.unity if row else "?")
        else:
            bands, why = missing_bands(b.bands, reading), tables.AE_MISSING_BAND_READINGS[reading]
        text = f"line {b.line}: {b.name}: bands {printed} read as {'-'.join(map(str, bands))}: {why}"
        rep.readings.append(text)
        notes.append(f"Reading: {text}")
        return bands
    return s, m, long


def _battery(b: AEBattery, rules: Ruleset, rep: ConversionReport, legacy: Callable[[str], None],
             notes: list[str], missing_band: str, chosen: Mapping[str, str] | None = None) -> Battery:
    traits: list[str] = []
    proposals: list[tables.TraitReading] = []
    for raw in b.traits:
        row = tables.ae_trait(raw)
        group = tables.trait_reading_group(row.ae_name) if row is not None and row.unity is None else None
        name = (chosen or {}).get(group, tables.AE_TRAIT_READING_DEFAULT) if group else tables.AE_TRAIT_READING_DEFAULT
        if group is not None and name != tables.AE_TRAIT_READING_DEFAULT:
            proposals.append(tables.AE_TRAIT_READINGS[group][name])
            continue
        code = _trait(raw, b, rules, rep, legacy)
        if code is not None and code not in traits:
            traits.append(code)
    counts: dict[str, int] = {}
    for arc in b.arcs:
        canon = normalize_arc(arc, rules) or arc
        counts[canon] = counts.get(canon, 0) + 1
    size = 1
    for proposal in proposals:
        if proposal.name == "c3-mounts":
            size, how = _c3_mount(b.acc, rules)
        else:  # volatile-half
            if "Vlt" not in traits:
                traits.append("Vlt")
            counts, how = _halved(counts)
        _proposed(b, proposal, how, rep, notes)
    mode = WeaponMode(range=_bands(b, rep, notes, missing_band), rof=b.rof, acc=b.acc, imp=b.imp, dmg=b.dmg,
                      traits=tuple(traits))
    banks = tuple(Bank(arc=arc, mounts=n, mount_size=size) for arc, n in counts.items() if n)
    if banks:
        rep.mapped.append(f"{b.name}: {len(b.arcs)} weapon{'s' if len(b.arcs) != 1 else ''} -> banks "
                          + ", ".join(f"{n}x{arc}" if n > 1 else arc for arc, n in counts.items() if n)
                          + (f", {size} weapons per mount" if size > 1 else ""))
    return Battery(name=b.name, primary=mode, banks=banks)


def _c3_mount(acc: int, rules: Ruleset) -> tuple[int, str]:
    """Weapons per mount for an Increased Hits battery of ACC ``acc`` (the proposal's table), within C.3's sizes."""
    wanted = tables.AE_MOUNT_BY_ACC.get(acc, 1)
    top = max(rules.mount_modifiers)
    if wanted > top:
        return top, f"ACC {acc}+ -> {wanted} weapons per mount, above C.3's largest mount: {top} used"
    return wanted, f"ACC {acc}+ -> {wanted} weapon{'s' * (wanted != 1)} per mount"


def _halved(counts: dict[str, int]) -> tuple[dict[str, int], str]:
    """Half the weapons, rounded up: each bank halved (rounded down), the odd ones left over given back in order."""
    total = sum(counts.values())
    keep = (total + 1) // 2
    out = {arc: n // 2 for arc, n in counts.items()}
    for arc, n in counts.items():
        if sum(out.values()) >= keep:
            break
        if n % 2:
            out[arc] += 1
    return out, f"{total} weapon{'s' * (total != 1)} -> {keep} (half, rounded up), Volatile (Vlt)"


def _proposed(b: AEBattery, proposal: tables.TraitReading, how: str, rep: ConversionReport,
              notes: list[str]) -> None:
    """State a player's proposed reading of an AE trait where it was applied: the report and the design's notes."""
    named = f"{tables.trait_reading_group(proposal.trait)}={proposal.name}"
    text = f"line {b.line}: {b.name}: {proposal.trait} read as proposed ({named}): {how}"
    quote = f"Reading {named}, a player's proposal, not a rule: \"{proposal.quote}\" ({proposal.source})"
    rep.readings.append(text)
    if quote not in rep.readings:
        rep.readings.append(quote)
        notes.append(quote)
    notes.append(f"Reading: {text}")


_PIERCING = re.compile(r"^piercing\s*[\[(\-]?\s*(\d+|[a-z])?\s*[\])]?$", re.IGNORECASE)


def _trait(raw: str, b: AEBattery, rules: Ruleset, rep: ConversionReport, legacy: Callable[[str], None]) -> str | None:
    pm = _PIERCING.match(raw.strip())
    if pm:
        given = pm.group(1) if pm.group(1) and pm.group(1).isdigit() else None
        x = legacy_int(given) if given else 1
        code = tables.AE_PIERCING.get(x)
        if code is None:
            legacy(f"{b.name}: AE trait {raw!r}: only Piercing 1 and 2 have Unity equivalents (X.1 OQ2); "
                   "use the Admiralty rules")
            return None
        if not given:
            rep.readings.append(f"line {b.line}: {b.name}: {raw!r} without a value read as Piercing [1] -> Pr1")
        rep.mapped.append(f"{b.name}: {raw} -> {rules.traits[code].name} ({code}) (X.1, OQ2)")
        return code
    row = tables.ae_trait(raw)
    if row is not None:
        if row.unity is None:
            group = tables.trait_reading_group(row.ae_name)
            other = [f"{group}={n}" for n in tables.AE_TRAIT_READINGS[group] if n != tables.AE_TRAIT_READING_DEFAULT] \
                if group else []
            legacy(f"{b.name}: AE trait {raw}: no equivalent; use Admiralty rules ({row.ae_rules})"
                   + (f"; a player's proposed reading: {', '.join(other)}" if other else ""))
            return None
        rep.mapped.append(f"{b.name}: {raw} -> {rules.traits[row.unity].name} ({row.unity}) ({row.section})")
        return row.unity
    code = rules.trait_code(raw)
    if code is not None:
        rep.readings.append(f"line {b.line}: {b.name}: {raw!r} is not an AE trait name; read as the Unity trait "
                            f"{rules.traits[code].name} ({code})")
        return code
    legacy(f"{b.name}: trait {raw!r} is neither an AE trait (X.1) nor a Unity trait: kept as a note "
           "(house rule?)")
    return None


def _systems(record: AdmiraltyRecord, rules: Ruleset, rep: ConversionReport,
             legacy: Callable[[str], None]) -> list[SystemEntry]:
    qty: dict[str, int] = {}

    def add(name: str, n: int) -> None:
        qty[name] = qty.get(name, 0) + n

    divisor = Decimal(tables.AE_CAPACITY_DIVISOR)
    has_carrier = False
    for sp in record.specials:
        label = f"{sp.name} ({sp.detail})" if sp.detail else sp.name
        row = tables.ae_option(sp.name)
        if row is not None and row.action == "system":
            n = sp.qty or 1
            rule = rules.systems[row.unity]  # type: ignore[index]
            n = n if rule.multiples else 1
            add(row.unity, n)  # type: ignore[arg-type]
            rep.mapped.append(f"{label} -> {row.unity}" + (f" ({n})" if n != 1 else "") + f": {row.rule} "
                              f"({row.section})")
            if row.confidence != "H":
                rep.readings.append(f"line {sp.line}: {label}: {row.rule}")
        elif row is not None and row.action == "capacity":
            if sp.qty is None:
                legacy(f"AE option {label}: no capacity given; {row.rule} ({row.section}): not converted")
                continue
            n = round_half_up(Decimal(sp.qty) / divisor)
            has_carrier = has_carrier or row.unity == "Carrier"
            if n < 1:
                legacy(f"AE option {label}: capacity {sp.qty} / 50 rounds to 0 ({row.section}): nothing in Unity")
                continue
            add(row.unity, n)  # type: ignore[arg-type]
            rep.mapped.append(f"{label} -> {row.unity} ({n}): {row.rule} ({row.section})")
        elif row is not None and row.action == "ignore":
            legacy(f"AE option {label}: {row.rule} ({row.section})")
        elif row is not None:
            legacy(f"AE option {label}: {row.rule} ({row.section})")
        else:
            name = rules.system_name(sp.name)
            if name is None:
                legacy(f"{label}: not an AE starship option in X.1 nor a Unity system: no equivalent, kept as a "
                       "note (house rule?)")
                continue
            rule = rules.systems[name]
            n = sp.qty if (sp.qty and rule.multiples) else 1
            if sp.detail and n == 1 and sp.qty != 1:
                rep.readings.append(f"line {sp.line}: {label}: '({sp.detail})' ignored: {name} takes no quantity")
            add(name, n)
            rep.mapped.append(f"{label} -> {name}" + (f" ({n})" if n != 1 else "") + " (X.1: operates as in "
                              "Appendix B)")
    if record.fighters:
        total = sum(f.capacity for f in record.fighters)
        kinds = ", ".join(f"{f.name} ({f.capacity})" for f in record.fighters)
        legacy(f"AE fighter types {kinds}: Unity keeps only the capacity; all become ordinary fighters (X.1)")
        if not has_carrier:
            n = round_half_up(Decimal(total) / divisor)
            if n >= 1:
                add("Carrier", n)
                rep.mapped.append(f"fighter capacity {total} -> Carrier ({n}) (X.1: / 50, rounded to nearest)")
        else:
            rep.readings.append("fighter capacity taken from the Carrier special, not from the Fighters lines")
    return [SystemEntry(name=name, qty=n) for name, n in qty.items()]
