"""Reading (and writing) Admiralty Edition designs in the forum's AE-era Drake notation (X.1; conversion.md §1.4).

The reader is tolerant: it pulls designs out of forum posts (prose before and after,
indentation, ``(1, 3, 5)`` damage-roll annotations, ``17*`` markers, trailing full
stops, odd spacing) and accepts both revisions of the notation plus the variants seen
in the wild (``Weapons: X / X / Y``, ``1[X] 2[X]``, ``1:VZ, 2:V``; ``[X] Name, 4/8/12, 5+,
1/2/1, Trait`` and ``Battery X: Name: 1-4/5-8/9-12, 2/4+/1/1, Trait; Trait``; arcs as
``[AB] [AB]`` or ``[HJ][IK]``; ``Specials:`` or ``Special Equipment:``).

What it cannot read inside a design becomes an *unreadable fragment* (line, text,
reason) on the record; where a line admits two readings, the one used is recorded
as a *reading*. A file that holds no design, or a design whose hull, engine or shield
track cannot be read, raises :class:`AdmiraltySyntaxError` with file, line and column.
The older Starmada X style is detected and refused (:class:`StarmadaXError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, overload

from drydock import limits
from drydock.errors import DrydockSyntaxError
from drydock.numbers import legacy_int


class AdmiraltySyntaxError(DrydockSyntaxError):
    """An AE design that cannot be read (no header, or an unreadable hull/engine/shield track)."""


class StarmadaXError(AdmiraltySyntaxError):
    """A Starmada X-era design: Appendix X does not cover it (convert it by hand)."""


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


# ------------------------------------------------------------------------------------------ patterns

_NUM = r"\d{1,3}(?:,\d{3})+|\d+"
_HEADER_CR_FIRST = re.compile(rf"^\(\s*({_NUM})\s*(?:CR\s*)?\)\s*(.+)$", re.IGNORECASE)
#: (The name groups end at a literal "(" or ":" and are stripped after matching: no "\s*" next to a lazy
#: group, which would make the match quadratic in the line length -- issue 10.)
_HEADER_CR_AFTER = re.compile(rf"^(.+?)\(\s*({_NUM})\s*(CR\s*)?\)\s*(.*)$", re.IGNORECASE)
_CLASS_NAME = re.compile(r"^(?P<cls>.+?)[-\s]Class\b\s*(?P<type>[^\[]*?)\s*(?:\[(?P<race>[^\]]*)\])?\s*$",
                         re.IGNORECASE)
_TECH = re.compile(r"^Tech(?:nology)?\s*Levels?\s*:?\s*(.*)$", re.IGNORECASE)
_TECH_ITEM = re.compile(r"([A-Za-z])\s*([+-]?\d+)")
_TRACK = re.compile(r"^(Hull|Engines?|Shields?)\b\s*(\([^)]*\))?\s*:\s*(.*)$", re.IGNORECASE)
_CHART = re.compile(r"^Weapons\b\s*(\([^)]*\))?\s*:\s*(.*)$", re.IGNORECASE)
_BATTERY_BRACKET = re.compile(r"^\[\s*([A-Za-z0-9]{1,2})\s*\]\s*(.*,.*)$")
_BATTERY_WORD = re.compile(r"^Battery\s+([A-Za-z0-9]{1,2})\s*[:.-]\s*(.+)$", re.IGNORECASE)
_ARCS = re.compile(r"^(?:\[\s*[A-La-l]+\s*\]\s*[,;]?\s*)+\.?$")
_ARC_ITEM = re.compile(r"\[\s*([A-La-l]+)\s*\]")
_SPECIALS = re.compile(r"^(?:Specials?|Special\s+Equipment|Special\s+Options|Options|Equipment)\s*:\s*(.*)$",
                       re.IGNORECASE)
_FIGHTERS = re.compile(r"^Fighters\s*:\s*(.*)$", re.IGNORECASE)
_FIGHTER_ITEM = re.compile(rf"^(?P<name>[^:(]+):\s*\(\s*(?P<cap>{_NUM})\s*\)\s*,?\s*(?P<stats>.*)$")
_SX_MARKERS = (
    re.compile(r"^(Hull|Engines?|Shields?|Special\s+Equipment)\s*\[\s*TL\s*[+-]?\d+\s*\]", re.IGNORECASE),
    re.compile(r"^\[[a-z]\]\s+[^,\[]+\[\s*\d+/\d+/\d+\s*,"),
)
_NOVA_HINT = re.compile(r"^(THRUST|ECM)\b")
_RANGE_BANDS = re.compile(r"^\s*(\d+|-+)\s*/\s*(\d+|-+)\s*/\s*(\d+|-+)\s*$")
_RANGE_SPANS = re.compile(r"^\s*(\d+\s*-\s*\d+|-+)\s*/\s*(\d+\s*-\s*\d+|-+)\s*/\s*(\d+\s*-\s*\d+|-+)\s*$")
_RANGE_DASHED = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*-\s*(\d+)\s*$")
_ACC = re.compile(r"^\s*(\d)\s*\+\s*$")
_SLASHED = re.compile(r"^\s*\d+\s*\+?\s*(?:/\s*\d+\s*\+?\s*){2,3}$")
_SPECIAL_ITEM = re.compile(r"^(?P<name>[^()]+?)\s*(?:\(\s*(?P<detail>[^)]*?)\s*\))?\s*$")


_TRACK_NAMES = {"hull": "hull", "engine": "engines", "engines": "engines", "shield": "shields", "shields": "shields"}


def _num(text: str) -> int:
    return legacy_int(text.replace(",", ""))


def _clean(line: str) -> str:
    return line.strip().rstrip(".").strip() if line.strip().endswith(".") and not line.strip().endswith("..") \
        else line.strip()


# ------------------------------------------------------------------------------------------ reader


@overload
def parse_admiralty(text: str, *, file: str | None = None, strict: Literal[True] = True) -> list[AdmiraltyRecord]: ...


@overload
def parse_admiralty(text: str, *, file: str | None = None,
                    strict: bool) -> list[AdmiraltyRecord | AdmiraltySyntaxError]: ...


def parse_admiralty(text: str, *, file: str | None = None,
                    strict: bool = True) -> list[AdmiraltyRecord] | list[AdmiraltyRecord | AdmiraltySyntaxError]:
    """Every AE design in ``text`` (a post, a file).

    Raises :class:`AdmiraltySyntaxError` if there is none, or (``strict``) if any cannot be read,
    and :class:`~drydock.limits.LimitError` for a text past the legacy limits.
    """
    limits.check_legacy_text(text, file=file)
    lines = text.splitlines()
    for no, raw in enumerate(lines, 1):
        stripped = raw.strip()
        for marker in _SX_MARKERS:
            if marker.match(stripped):
                raise StarmadaXError("Starmada X-era notation: Appendix X covers only Admiralty Edition designs; "
                                     "convert this one by hand", text=stripped, file=file, line=no,
                                     column=raw.find(stripped) + 1)
    headers = [no for no, raw in enumerate(lines, 1) if _header(raw.strip()) is not None]
    if not headers:
        first = next((no for no, raw in enumerate(lines, 1) if raw.strip() and not raw.lstrip().startswith("#")), 1)
        raise AdmiraltySyntaxError("no Admiralty design found: expected a header line like "
                                   "'(277) Dumbo-Class DreadNose [Elephantine]'",
                                   text=lines[first - 1].strip() if lines else "", file=file, line=first, column=1)
    out: list[AdmiraltyRecord | AdmiraltySyntaxError] = []
    for i, start in enumerate(headers):
        end = headers[i + 1] - 1 if i + 1 < len(headers) else len(lines)
        try:
            out.append(_Block(lines, start, end, file).parse())
        except AdmiraltySyntaxError as exc:
            if strict:
                raise
            out.append(exc)
    return out


def parse_admiralty_each(text: str, *, file: str | None = None) -> list[AdmiraltyRecord | AdmiraltySyntaxError]:
    """Like :func:`parse_admiralty`, but a design that cannot be read is returned as its error, so the
    other designs of the same post still convert. A text with no design at all still raises."""
    return parse_admiralty(text, file=file, strict=False)


def _header(line: str) -> tuple[int, str, str] | None:
    """(CR, name part, extra text) if ``line`` is a design header."""
    if not line or line.startswith("#") or _TRACK.match(line) or _SPECIALS.match(line) or _CHART.match(line):
        return None
    m = _HEADER_CR_FIRST.match(line)
    if m:
        return _num(m.group(1)), m.group(2).strip(), ""
    m = _HEADER_CR_AFTER.match(line)
    if m and (m.group(3) or re.search(r"[-\s]class\b", m.group(1), re.IGNORECASE)):
        if _BATTERY_BRACKET.match(line) or _BATTERY_WORD.match(line):
            return None
        return _num(m.group(2)), m.group(1).strip(), m.group(4).strip()
    return None


class _Block:
    """One design's lines, from its header to the next header or the end of the text."""

    def __init__(self, lines: list[str], start: int, end: int, file: str | None) -> None:
        self.lines = lines
        self.start = start
        self.end = end
        self.file = file
        self.unreadable: list[Fragment] = []
        self.readings: list[Fragment] = []
        self.loose: list[Fragment] = []
        self.last_used = start

    def error(self, message: str, no: int, text: str, token: str | None = None) -> AdmiraltySyntaxError:
        if any(_NOVA_HINT.match(line.strip()) for line in self.lines[self.start - 1:self.end]):
            message += " (this looks like a Nova display: convert it with --from nova)"
        raw = self.lines[no - 1]
        col = raw.find(token) + 1 if token and token in raw else raw.find(text.strip()[:10]) + 1 or 1
        return AdmiraltySyntaxError(message, text=text, file=self.file, line=no, column=max(col, 1))

    def parse(self) -> AdmiraltyRecord:
        no = self.start
        header = self.lines[no - 1].strip()
        cr, name_part, extra = _header(header)  # type: ignore[misc]
        class_name, type_, race = self._names(name_part, no)
        ship_name = self._ship_name()
        tech: tuple[tuple[str, int], ...] = ()
        tracks: dict[str, tuple[int, ...]] = {}
        chart: tuple[tuple[int, tuple[str, ...]], ...] = ()
        batteries: list[AEBattery] = []
        specials: list[AESpecial] = []
        fighters: list[AEFighter] = []
        pending: AEBattery | None | bool = None  # battery awaiting its arcs line; False = a dropped battery
        in_fighters = False
        for no in range(self.start + 1, self.end + 1):
            raw = self.lines[no - 1]
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            used = True
            if (m := _TECH.match(line)) is not None:
                tech = self._tech(m.group(1), no, line)
            elif (m := _TRACK.match(line)) is not None:
                name = _TRACK_NAMES[m.group(1).lower()]
                if name in tracks:
                    self.readings.append(Fragment(no, line, f"second {name} track ignored"))
                else:
                    tracks[name] = self._track(m.group(3), no, line, name)
            elif (m := _CHART.match(line)) is not None:
                chart = self._chart(m.group(2), no, line)
            elif (m := _BATTERY_BRACKET.match(line) or _BATTERY_WORD.match(line)) is not None:
                if isinstance(pending, AEBattery):
                    batteries.append(pending)
                    self.unreadable.append(Fragment(pending.line, pending.name, "battery has no arcs line"))
                pending = self._battery(m.group(1), m.group(2), no, line)
                if pending is None:
                    pending = False
            elif _ARCS.match(line):
                arcs = tuple(a.upper() for a in _ARC_ITEM.findall(line))
                if isinstance(pending, AEBattery):
                    batteries.append(_with_arcs(pending, arcs))
                elif pending is None:
                    self.unreadable.append(Fragment(no, line, "arcs line without a battery before it"))
                pending = None
            elif (m := _SPECIALS.match(line)) is not None:
                specials.extend(self._specials(m.group(1), no))
                in_fighters = False
            elif (m := _FIGHTERS.match(line)) is not None:
                in_fighters = True
                if m.group(1).strip():
                    fighters.extend(self._fighters(m.group(1), no))
            elif in_fighters and _FIGHTER_ITEM.match(_clean(line)):
                fighters.extend(self._fighters(line, no))
            else:
                used = False
                self.loose.append(Fragment(no, line, "not part of the AE notation"))
            if used:
                self.last_used = no
        if isinstance(pending, AEBattery):
            batteries.append(pending)
            self.unreadable.append(Fragment(pending.line, pending.name, "battery has no arcs line"))
        # lines the reader could not place: inside the design they are unreadable; after it, prose
        for frag in self.loose:
            if frag.line < self.last_used:
                self.unreadable.append(frag)
        for name in ("hull", "engines", "shields"):
            if name not in tracks:
                raise self.error(f"design has no {name.capitalize()} track", self.start, header)
        hull = tracks["hull"]
        for name in ("engines", "shields"):
            if len(tracks[name]) != len(hull):
                self.readings.append(Fragment(self.start, name, f"{name} track has {len(tracks[name])} values for "
                                                                f"{len(hull)} hull boxes; the first value is used"))
        self.unreadable.sort(key=lambda f: f.line)
        return AdmiraltyRecord(
            class_name=class_name, type=type_, race=race, cr=cr, ship_name=ship_name, header_extra=extra,
            tech=tech, hull=hull, engines=tracks["engines"], shields=tracks["shields"], damage_chart=chart,
            batteries=tuple(batteries), specials=tuple(specials), fighters=tuple(fighters),
            unreadable=tuple(self.unreadable), readings=tuple(self.readings), file=self.file, line=self.start)

    # ------------------------------------------------------------------ fields

    def _names(self, text: str, no: int) -> tuple[str, str, str]:
        m = _CLASS_NAME.match(text)
        if m:
            return m.group("cls").strip(), m.group("type").strip(), (m.group("race") or "").strip()
        race = ""
        rm = re.search(r"\[([^\]]*)\]\s*$", text)
        if rm:
            race = rm.group(1).strip()
            text = text[:rm.start()].strip()
        words = text.split()
        if len(words) >= 3:
            self.readings.append(Fragment(no, text, "no '-Class' in the header: read the last word as the type, "
                                                    "the word before it as the class and the rest as the faction"))
            return words[-2], words[-1], race or " ".join(words[:-2])
        if len(words) == 2:
            self.readings.append(Fragment(no, text, "no '-Class' in the header: read 'Class Type'"))
            return words[0], words[1], race
        return text, "", race

    def _ship_name(self) -> str:
        if self.start < 2:
            return ""
        prev = self.lines[self.start - 2].strip()
        if (prev and not prev.startswith("#") and len(prev) <= 40 and not re.search(r"[.:;!?,]$", prev)
                and _header(prev) is None and not _TRACK.match(prev)):
            self.readings.append(Fragment(self.start - 1, prev, "line right above the header read as the ship name"))
            return prev
        return ""

    def _tech(self, text: str, no: int, line: str) -> tuple[tuple[str, int], ...]:
        items = _TECH_ITEM.findall(text)
        rest = _TECH_ITEM.sub("", text).strip(" ,;.")
        if rest or not items:
            self.unreadable.append(Fragment(no, line, "tech levels must look like 'E0 F0 G0 S0 W0'"))
        return tuple((letter.upper(), legacy_int(value)) for letter, value in items)

    def _track(self, text: str, no: int, line: str, name: str) -> tuple[int, ...]:
        values = []
        for token in re.split(r"[\s,;]+", text.strip().rstrip(".")):
            if not token:
                continue
            bare = token.rstrip("*").rstrip(".")
            if not bare.isdigit():
                raise self.error(f"{name} track must be whole numbers, one per hull box", no, line, token)
            values.append(int(bare))
        if not values:
            raise self.error(f"{name} track is empty", no, line)
        if "*" in text:
            self.readings.append(Fragment(no, line, "'*' markers on the track ignored"))
        return tuple(values)

    def _chart(self, text: str, no: int, line: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
        body = text.strip().rstrip(".")
        numbered = re.findall(r"(\d)\s*(?:\[\s*([A-Za-z0-9 ,-]*)\s*\]|:\s*([A-Za-z0-9-]+))", body)
        if numbered:
            out = []
            for die, bracket, colon in numbered:
                letters = (bracket or colon).replace(",", "").replace(" ", "")
                out.append((int(die), tuple(ch.upper() for ch in letters if ch != "-")))
            return tuple(out)
        parts = [p.strip() for p in re.split(r"/", body)]
        if len(parts) == 6 and all(re.fullmatch(r"[A-Za-z]*|-", p) for p in parts):
            return tuple((i + 1, tuple(ch.upper() for ch in p if ch != "-")) for i, p in enumerate(parts))
        self.unreadable.append(Fragment(no, line, "weapon damage chart must look like 'X / X / Y / Y / Y / Z' or "
                                                  "'1[X] 2[X] ...'"))
        return ()

    def _battery(self, letter: str, rest: str, no: int, line: str) -> AEBattery | None:
        rest = rest.strip().rstrip(".").strip()
        fields = [f.strip() for f in rest.split(",")]
        name = fields.pop(0)
        # "Battery V: Name (Type): 1-4/5-8/9-12" puts the range after a colon in the name field
        if ":" in name:
            head, _, tail = name.rpartition(":")
            if tail.strip():
                fields.insert(0, tail.strip())
            name = head.strip()
        if not fields:
            self.unreadable.append(Fragment(no, line, "battery line has no range or statistics"))
            return None
        try:
            bands, rng = self._range(fields.pop(0), no, line)
            acc, rof, imp, dmg, used = self._stats(fields, no, line)
        except ValueError as exc:
            self.unreadable.append(Fragment(no, line, str(exc)))
            return None
        traits: list[str] = []
        for f in fields[used:]:
            traits.extend(t.strip().rstrip(".") for t in f.split(";") if t.strip().rstrip("."))
        if re.search(r"\([^)]*\)", name):
            self.readings.append(Fragment(no, name, "parenthesised text kept as part of the battery name, "
                                                    "not read as a trait"))
        return AEBattery(letter=letter.upper(), name=name, bands=bands, rng=rng, acc=acc, rof=rof, imp=imp,
                         dmg=dmg, traits=tuple(traits), line=no)

    def _range(self, text: str, no: int, line: str) -> tuple[tuple[int | None, int | None, int | None] | None,
                                                               int | None]:
        t = text.strip()
        if t.isdigit():
            return None, legacy_int(t)
        m = _RANGE_BANDS.match(t) or _RANGE_DASHED.match(t)
        if m:
            return tuple(None if g.startswith("-") else legacy_int(g) for g in m.groups()), None  # type: ignore[return-value]
        m = _RANGE_SPANS.match(t)
        if m:
            self.readings.append(Fragment(no, t, "range spans 'a-b/c-d/e-f' read as bands b/d/f"))
            return tuple(None if g.startswith("-") else legacy_int(g.split("-")[-1]) for g in m.groups()), \
                None  # type: ignore[return-value]
        raise ValueError(f"cannot read the range {t!r} (expected 4/8/12, 1-4/5-8/9-12 or a single RNG)")

    def _stats(self, fields: list[str], no: int, line: str) -> tuple[int, int, int, int, int]:
        """(ACC, ROF, IMP, DMG, fields used). ACC is the value with a '+'."""
        if len(fields) >= 2 and _ACC.match(fields[0]) and re.fullmatch(r"\s*\d+\s*/\s*\d+\s*/\s*\d+\s*", fields[1]):
            rof, imp, dmg = (int(x) for x in fields[1].split("/"))
            return legacy_int(_ACC.match(fields[0]).group(1)), rof, imp, dmg, 2  # type: ignore[union-attr]
        if len(fields) >= 2 and _ACC.match(fields[1]) and re.fullmatch(r"\s*\d+\s*/\s*\d+\s*/\s*\d+\s*", fields[0]):
            rof, imp, dmg = (int(x) for x in fields[0].split("/"))
            self.readings.append(Fragment(no, f"{fields[0]}, {fields[1]}", "ACC after the ROF/IMP/DMG field: "
                                                                           "read as ROF/IMP/DMG, ACC"))
            return legacy_int(_ACC.match(fields[1]).group(1)), rof, imp, dmg, 2  # type: ignore[union-attr]
        if fields and _SLASHED.match(fields[0]):
            parts = [p.strip() for p in fields[0].split("/")]
            plus = [i for i, p in enumerate(parts) if p.endswith("+")]
            if len(parts) == 4 and len(plus) == 1:
                acc = legacy_int(parts[plus[0]].rstrip("+").strip())
                rof, imp, dmg = (int(p) for i, p in enumerate(parts) if i != plus[0])
                if plus[0] != 0:
                    order = ["ROF", "IMP", "DMG"]
                    order.insert(plus[0], "ACC")
                    self.readings.append(Fragment(no, fields[0], f"statistics read as {'/'.join(order)} "
                                                                 "(ACC is the value with '+')"))
                return acc, rof, imp, dmg, 1
            if len(parts) == 4 and not plus:
                rof, imp, acc, dmg = (int(p) for p in parts)
                self.readings.append(Fragment(no, fields[0], "no '+' marks the ACC: read as the template's "
                                                             "ROF/IMP/ACC/DMG"))
                return acc, rof, imp, dmg, 1
        raise ValueError("cannot read the weapon statistics (expected '5+, 1/2/1' or '2/4+/1/1')")

    def _specials(self, text: str, no: int) -> list[AESpecial]:
        out = []
        body = text.strip()
        body = body[:-1] if body.endswith(".") else body
        for item in re.split(r";", body):
            item = item.strip()
            if not item:
                continue
            m = _SPECIAL_ITEM.match(item)
            if not m:
                self.unreadable.append(Fragment(no, item, "special must look like 'Name' or 'Name (n)'"))
                continue
            out.append(AESpecial(name=m.group("name").strip(), detail=(m.group("detail") or "").strip(), line=no))
        return out

    def _fighters(self, text: str, no: int) -> list[AEFighter]:
        m = _FIGHTER_ITEM.match(_clean(text))
        if not m:
            self.unreadable.append(Fragment(no, text, "fighter line must look like 'Name: (Capacity), stats'"))
            return []
        return [AEFighter(m.group("name").strip(), _num(m.group("cap")), m.group("stats").strip(), line=no)]


def _with_arcs(b: AEBattery, arcs: tuple[str, ...]) -> AEBattery:
    return AEBattery(letter=b.letter, name=b.name, bands=b.bands, rng=b.rng, acc=b.acc, rof=b.rof, imp=b.imp,
                     dmg=b.dmg, traits=b.traits, arcs=arcs, line=b.line)


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
