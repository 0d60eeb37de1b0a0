"""Plain-text rating report, in the spirit of the Drydock's Used/Remain columns (A.1-A.3)."""

from __future__ import annotations

from drydock.core.admiralty_card import RecordCR
from drydock.core.arcs import format_bank
from drydock.core.calc import Rating
from drydock.core.fleet import HOUSE_MARK as FLEET_HOUSE_MARK
from drydock.core.model import ArcValues, Design
from drydock.core.rules import Ruleset
from drydock.core.rules.formula import number_text
from drydock.errors import inline
from drydock.formats.text import format_range, format_stats

_num = number_text


def _dash(values: list[int]) -> str:
    return "-".join(str(v) for v in values) if values else "(none)"


#: The mark beside a combat rating computed under house rules (rate, fleet table, SSD, roster, Drake text).
HOUSE_MARK = FLEET_HOUSE_MARK


def _level(n: int) -> str:
    return f"{n:+d}" if n else "0"


def tech_line(d: Design, rules: Ruleset) -> str | None:
    """``Tech levels (A.4): engines +1 (SU x0.7), ...`` when any level is not 0, else None."""
    if d.tech.is_zero():
        return None
    def su(level: int) -> str:  # a level outside A.4's table is priced x1 (calc) and reported (validation)
        return f"SU x{_num(rules.tech_modifiers[level])}" if level in rules.tech_modifiers else "not in A.4: SU x1"

    parts = [f"{cat} {_level(getattr(d.tech, cat))} ({su(getattr(d.tech, cat))})"
             for cat in rules.tech_categories if getattr(d.tech, cat, 0)]
    return "Tech levels (A.4): " + ", ".join(parts)


def tech_mark(d: Design, category: str | None) -> str:
    """``, TL +1`` beside a figure the category's tech level changes (nothing at level 0)."""
    level = getattr(d.tech, category, 0) if category else 0
    return f", TL {_level(level)}" if level else ""


def format_rating(r: Rating, source: str | None = None, *, rules: Ruleset | None = None,
                  book_cr: int | None = None, what_if: tuple[str, ...] = (), record: RecordCR | None = None) -> str:
    """A readable breakdown: SU used and remaining line by line, then ratings, tracks and problems.

    Under house rules (``rules`` not the book) the CR carries :data:`HOUSE_MARK` and a line names
    the ruleset and its fingerprint, with the CR by the book (``book_cr``) beside it.
    """
    d = r.design
    book = rules or Ruleset.unity()
    out: list[str] = []
    head = d.title or "(unnamed design)"
    out.append(head + (f"   [{source}]" if source else ""))
    if what_if:
        out.append("  what-if: " + ", ".join(what_if))
    if d.ship_name or d.ship_id:
        out.append(f"  NAME: {d.ship_name}   ID: {d.ship_id}")
    tech = tech_line(d, book)
    if tech:
        out.append(tech)
    out.append(f"{'Space units':<46}{'Used':>7}{'Remain':>8}")
    used = 0

    def line(label: str, su: int, extra: str = "") -> None:
        nonlocal used
        used += su
        out.append(f"  {label:<44}{su:>7}{r.total_su - used:>8}" + (f"   {extra}" if extra else ""))

    out.append(f"  {'Hull size ' + str(d.hull):<44}{'':>7}{r.total_su:>8}")
    line(f"Engines {d.engines} (EF {_num(r.engine_factor)}{tech_mark(d, 'engines')})", r.engines_su)
    if isinstance(d.shields, ArcValues):
        arcs = d.shields
        line(f"Shields {arcs.fwd}/{arcs.port}/{arcs.stbd}/{arcs.aft} (ESR {_num(r.esr or 0)}{tech_mark(d, 'shields')})",
             r.shields_su)
    else:
        line(f"Shields {d.shields} (SF {_num(r.shield_factor)}{tech_mark(d, 'shields')})", r.shields_su)
    for battery, br in zip(d.weapons, r.batteries, strict=True):
        m = battery.primary
        rng = format_range(m.range) if m.range else f"MA {m.ma}"
        traits = f" ({', '.join(m.traits)})" if m.traits else ""
        out.append(f"  {battery.name}: {rng} | {format_stats(m.rof, m.acc, m.imp, m.dmg)}{traits}"
                   f"   BSUR {_num(br.bsur)}{tech_mark(d, 'weapons')}")
        if battery.secondary is not None:
            s2 = battery.secondary
            rng2 = format_range(s2.range) if s2.range else f"MA {s2.ma}"
            t2 = f" ({', '.join(s2.traits)})" if s2.traits else ""
            out.append(f"    mode {s2.label or 'secondary'}: {rng2} | "
                       f"{format_stats(s2.rof, s2.acc, s2.imp, s2.dmg)}{t2}")
        for bank in br.banks:
            line(f"  bank {format_bank(bank.bank)}", bank.su, f"ORAT {bank.orat}")
    for s in r.systems:
        qty = f" x{s.qty}" if s.qty != 1 else ""
        extras = []
        if s.orat:
            extras.append(f"ORAT +{_num(s.orat)}")
        if s.drat_mult != 1:
            extras.append(f"DRAT x{_num(s.drat_mult)}")
        if s.drat_add:
            extras.append(f"DRAT +{_num(s.drat_add)}")
        rule = book.systems.get(s.name)
        mark = tech_mark(d, rule.tech) if rule is not None else ""  # directly or through EF, SF, WSU
        line(f"{s.name}{qty}", s.su, ", ".join(extras) + (f" ({mark[2:]})" if mark and extras else mark[2:]))
    out.append(f"  {'Total':<44}{r.used_su:>7}{r.remaining_su:>8}")
    house = rules is not None and not rules.is_book
    if record is not None and record.source.startswith("admiralty"):  # X.1: the AE card's CR is fielded
        out.append(f"ORAT {r.orat}   DRAT {r.drat}   CR {record.value}{'~' if record.marked else ''}   "
                   f"({record.label}{HOUSE_MARK if house else ''})")
    else:
        out.append(f"ORAT {r.orat}   DRAT {r.drat}   CR {r.combat_rating}{HOUSE_MARK if house else ''}")
    if house:
        assert rules is not None
        by_book = f"; CR {book_cr} by the book" if book_cr is not None else ""
        out.append(f"{HOUSE_MARK} house rules: {rules.label}{by_book}")
    t = r.tracks
    out.append("Tracks")
    if isinstance(t.screens, ArcValues):
        out.append("  Screens: " + ", ".join(f"{k.capitalize()} {v}" for k, v in t.screens.items()))
    elif t.screens:
        out.append(f"  Screens: {t.screens}")
    out.append(f"  Hull:    {_dash(t.hull)}")
    out.append(f"  Engines: {_dash(t.engines)}")
    out.append(f"  Weapons: {_dash(t.weapons)}")
    out.append(f"  Shields: {_dash(t.shields)}")
    if t.shield_arcs is not None:
        out.append("           " + ", ".join(f"{k.capitalize()} {v}" for k, v in t.shield_arcs.items()))
    for name, values in t.munitions.items():
        out.append(f"  {name}: {_dash(values)}")
    limits = [f"{b.name} ({b.loss_limit})" for b in r.batteries]
    if r.equipment_loss_limit is not None:
        limits.append(f"equipment ({r.equipment_loss_limit})")
    out.append("Loss limits: " + (", ".join(limits) if limits else "(none)"))
    for reading in r.readings:
        out.append(f"Reading: {reading}")
    for note in d.notes:
        out.append(f"Note: {note}")
    if r.problems:
        out.append("Problems")
        for p in r.problems:
            out.append(f"  {p.severity.upper():<8}{p.code} {p.message}")
    else:
        out.append("Problems: none (legal design)")
    return "\n".join(inline(x) for x in out)  # a name never breaks or forges a line
