"""An Admiralty Edition design as posted (X.1): the record the AE reader fills, and its writer.

:func:`format_admiralty` writes a record in the second-revision AE notation (the dumbo-v2 layout);
:func:`drydock.formats.legacy.admiralty.parse_admiralty` reads it back equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drydock.numbers import legacy_int


@dataclass(frozen=True)
class Fragment:
    """A piece of the source: an unreadable part or a reading chosen, with its line."""

    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}: {self.text!r}"


@dataclass(frozen=True)
class AEBattery:
    """One AE weapon battery: letter, name, range (bands or the single RNG), stats, traits, one arc per weapon."""

    letter: str
    name: str
    bands: tuple[int | None, int | None, int | None] | None
    """S/M/L as printed; ``None`` for a band printed as ``---``. ``None`` when the single RNG is given."""
    rng: int | None
    acc: int
    rof: int
    imp: int
    dmg: int
    traits: tuple[str, ...] = ()
    arcs: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class AESpecial:
    """A ``Specials:`` item: name and the text in its parentheses (``qty`` when that is a whole number)."""

    name: str
    detail: str = ""
    line: int = field(default=0, compare=False)

    @property
    def qty(self) -> int | None:
        text = self.detail.replace(",", "").strip()
        return legacy_int(text) if text.isdigit() else None


@dataclass(frozen=True)
class AEFighter:
    """An AE fighter type from a ``Fighters:`` block: Unity keeps only the capacity (X.1)."""

    name: str
    capacity: int
    stats: str = ""
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class AdmiraltyRecord:
    """One AE design as posted. Tracks are as printed (one value per hull box)."""

    class_name: str
    type: str = ""
    race: str = ""
    cr: int | None = None
    ship_name: str = ""
    header_extra: str = ""
    """Text after the CR on the header line (e.g. "All systems TL +4."), kept for the report."""
    tech: tuple[tuple[str, int], ...] = ()
    hull: tuple[int, ...] = ()
    engines: tuple[int, ...] = ()
    shields: tuple[int, ...] = ()
    damage_chart: tuple[tuple[int, tuple[str, ...]], ...] = ()
    chart_line: int = field(default=0, compare=False)
    batteries: tuple[AEBattery, ...] = ()
    specials: tuple[AESpecial, ...] = ()
    fighters: tuple[AEFighter, ...] = ()
    unreadable: tuple[Fragment, ...] = field(default=(), compare=False)
    readings: tuple[Fragment, ...] = field(default=(), compare=False)
    file: str | None = field(default=None, compare=False)
    line: int = field(default=0, compare=False)

    @property
    def title(self) -> str:
        return " ".join(p for p in (self.race, f"{self.class_name}-Class" if self.class_name else "", self.type) if p)


# ------------------------------------------------------------------------------------------ writer


def format_admiralty(record: AdmiraltyRecord) -> str:
    """The record in the second-revision AE notation (the dumbo-v2 layout); reads back equal."""
    out = []
    if record.ship_name:
        out.append(record.ship_name)
    head = f"{record.class_name}-Class {record.type}".rstrip() if record.type else f"{record.class_name}-Class"
    if record.race:
        head += f" [{record.race}]"
    cr = record.cr if record.cr is not None else 0
    if record.header_extra:  # the CR-after form keeps text that follows the CR
        out.append(f"{head} ({cr} CR) {record.header_extra}")
    else:
        out.append(f"({cr}) {head}")
    if record.tech:
        out.append("Tech Levels " + " ".join(f"{k}{v}" for k, v in record.tech))
    out.append("Hull: " + " ".join(map(str, record.hull)))
    out.append("Engines: " + " ".join(map(str, record.engines)))
    out.append("Shields: " + " ".join(map(str, record.shields)))
    if record.damage_chart:
        out.append("Weapons: " + " ".join(f"{die}[{''.join(letters) or '-'}]" for die, letters in record.damage_chart))
    for b in record.batteries:
        if b.bands is not None:
            rng = "/".join("---" if v is None else str(v) for v in b.bands)
        else:
            rng = str(b.rng)
        fields = [f"[{b.letter}] {b.name}", rng, f"{b.acc}+", f"{b.rof}/{b.imp}/{b.dmg}", *b.traits]
        out.append(", ".join(fields))
        out.append(" ".join(f"[{a}]" for a in b.arcs))
    if record.specials:
        out.append("Specials: " + "; ".join(f"{s.name} ({s.detail})" if s.detail else s.name
                                            for s in record.specials))
    if record.fighters:
        out.append("Fighters:")
        out.extend(f"{f.name}: ({f.capacity})" + (f", {f.stats}" if f.stats else "") for f in record.fighters)
    return "\n".join(out) + "\n"
