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
from typing import Literal, overload

from drydock import limits
from drydock.errors import DrydockSyntaxError
from drydock.formats.legacy import tables
from drydock.formats.legacy.admiralty_lines import (
    NUMBER,
    Family,
    ae_number,
    countdown_cut,
    family_of,
    has_inner_space,
    is_prose,
    read_track,
    split_names,
)
from drydock.formats.legacy.admiralty_record import (
    AdmiraltyRecord,
    AEBattery,
    AEFighter,
    AESpecial,
    Fragment,
    format_admiralty,
)
from drydock.numbers import legacy_int


class AdmiraltySyntaxError(DrydockSyntaxError):
    """An AE design that cannot be read (no header, or an unreadable hull/engine/shield track)."""


class StarmadaXError(AdmiraltySyntaxError):
    """A Starmada X-era design: Appendix X does not cover it (convert it by hand)."""


__all__ = ["AEBattery", "AEFighter", "AESpecial", "AdmiraltyRecord", "AdmiraltySyntaxError", "Fragment",
           "StarmadaXError", "find_headers", "format_admiralty", "has_design", "parse_admiralty",
           "parse_admiralty_each", "starmada_x_line"]


# ------------------------------------------------------------------------------------------ patterns

_NUM = NUMBER
_HEADER_CR_FIRST = re.compile(rf"^\(\s*({_NUM})\s*(?:CR\s*)?\)\s*(.+)$", re.IGNORECASE)
#: (The name groups end at a literal "(" or ":" and are stripped after matching: no "\s*" next to a lazy
#: group, which would make the match quadratic in the line length -- issue 10.)
_HEADER_CR_AFTER = re.compile(rf"^(.+?)\(\s*({_NUM})\s*(CR\s*)?\)\s*(.*)$", re.IGNORECASE)
_TECH = re.compile(r"^Tech(?:nology)?\s*Levels?\s*:?\s*(.*)$", re.IGNORECASE)
_TECH_ITEM = re.compile(r"([A-Za-z])\s*([+-]?\d+)")
_TRACK = re.compile(r"^(Hull|Engines?|Shields?)\b\s*(\([^)]*\))?\s*[:;]\s*(.*)$", re.IGNORECASE)
_CHART = re.compile(r"^Weapons\b\s*(\([^)]*\))?\s*:\s*(.*)$", re.IGNORECASE)
_BATTERY_BRACKET = re.compile(r"^\[\s*([A-Za-z0-9]{1,2})\s*\]\s*(.*,.*)$")
_BATTERY_WORD = re.compile(r"^Battery\s+([A-Za-z0-9]{1,2})\s*[:.-]\s*(.+)$", re.IGNORECASE)
#: (A separator is optional only together with the blanks before it, so no two blank runs meet inside or across
#: groups: the old "\]\s*[,;]?\s*" took 2^n steps on n groups followed by junk -- issue 42.)
_ARCS = re.compile(r"^(?:\[[ \t]*[A-La-l]+[ \t]*\](?:[ \t]*[,;])?[ \t]*)+\.?$")
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
#: Lines of AE posts that carry something Unity (or the notation) has no place for: skipped, line named.
_SKIPPED = (
    (re.compile(r"^Black\s+Globe\b", re.IGNORECASE),
     "Black Globe track (a house rule: no AE or Unity equivalent): not converted"),
    (re.compile(r"^Facets?\s*:", re.IGNORECASE),
     "AE faceted shields (Rules Annex pp.11-12: no Unity equivalent): not converted"),
    (re.compile(r"^Ammunition\s*:", re.IGNORECASE),
     "AE ammunition line (no Unity equivalent for a weapon's ammunition count): not converted"),
    (re.compile(r"^Alternat(?:iv)?e\s+Modes?\s*:", re.IGNORECASE),
     "AE alternative weapon mode: not converted (write it as a Unity dual-mode weapon, C.2, by hand)"),
)
_RANGE_BANDS = re.compile(r"^\s*(\d+|-+)\s*/\s*(\d+|-+)\s*/\s*(\d+|-+)\s*$")
_RANGE_SPANS = re.compile(r"^\s*(\d+\s*-\s*\d+|-+)\s*/\s*(\d+\s*-\s*\d+|-+)\s*/\s*(\d+\s*-\s*\d+|-+)\s*$")
_RANGE_DASHED = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*-\s*(\d+)\s*$")
_ACC = re.compile(r"^\s*(\d)\s*\+\s*$")
_SLASHED = re.compile(r"^\s*\d+\s*\+?\s*(?:/\s*\d+\s*\+?\s*){2,3}$")
#: Matched against a stripped item; name and detail are stripped after matching (the old lazy name followed by
#: three blank runs was cubic in the blanks before an unclosed parenthesis -- issue 42).
_SPECIAL_ITEM = re.compile(r"(?P<name>[^()]+)(?:\((?P<detail>[^)]*)\))?")


_TRACK_NAMES = {"hull": "hull", "engine": "engines", "engines": "engines", "shield": "shields", "shields": "shields"}


def _num(text: str) -> int:
    return ae_number(text)


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
    sx = starmada_x_line(lines)
    if sx is not None:
        no, raw = sx
        stripped = raw.strip()
        raise StarmadaXError(SX_REFUSED, text=stripped, file=file, line=no, column=raw.find(stripped) + 1)
    found = find_headers(lines)
    if not found:
        first = next((no for no, raw in enumerate(lines, 1) if raw.strip() and not raw.lstrip().startswith("#")), 1)
        raise AdmiraltySyntaxError(NO_DESIGN, text=lines[first - 1].strip() if lines else "", file=file,
                                   line=first, column=1)
    if len(found) > limits.DESIGNS.value:
        raise limits.LimitError("the designs in the text", limits.DESIGNS, file=file, value=len(found))
    out: list[AdmiraltyRecord | AdmiraltySyntaxError] = []
    starts = sorted(found)
    family = family_of(_name_lines(lines, found)) if len(starts) > 1 else None
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else len(lines)
        try:
            out.append(_Block(lines, start, end, file, found[start], family).parse())
        except AdmiraltySyntaxError as exc:
            if strict:
                raise
            out.append(exc)
    return out


def parse_admiralty_each(text: str, *, file: str | None = None) -> list[AdmiraltyRecord | AdmiraltySyntaxError]:
    """Like :func:`parse_admiralty`, but a design that cannot be read is returned as its error, so the
    other designs of the same post still convert. A text with no design at all still raises."""
    return parse_admiralty(text, file=file, strict=False)


#: The message when a text holds no design: both documented header forms.
NO_DESIGN = ("no Admiralty design found: expected a header line like '(277) Dumbo-Class DreadNose [Elephantine]' "
             "or 'Dumbo-Class DreadNose [Elephantine] (277 CR)', or a 'Hull:' track under the ship's name")

_Header = tuple[int | None, str, str]


def find_headers(lines: list[str]) -> dict[int, _Header]:
    """Line number -> (CR, name part, extra text) of every design header in ``lines``.

    A post whose designs carry no ``(CR)`` still has designs: when no header line is found, a ``Hull`` track
    under a line that reads as a ship's name (:func:`_name_like`) starts one (its CR not stated)."""
    found: dict[int, _Header] = {}
    for no, raw in enumerate(lines, 1):
        h = _header(raw.strip())
        if h is not None:
            found[no] = h
    if found:
        return found
    for no, raw in enumerate(lines, 1):
        m = _TRACK.match(raw.strip())
        if m is None or _TRACK_NAMES[m.group(1).lower()] != "hull":
            continue
        prev = next((k for k in range(no - 1, max(no - 4, 0), -1) if lines[k - 1].strip()), None)
        if prev is not None and _name_like(lines[prev - 1].strip()) and prev not in found:
            found[prev] = (None, lines[prev - 1].strip().rstrip(".").strip(), "")
    return found


def _name_lines(lines: list[str], found: dict[int, _Header]) -> list[tuple[int, str]]:
    """(line, name part) of every design header, after any heading line before the first design that names a
    'class' ("Kay G-5 (Tugboat) class Model A Cargo Transport. All systems are TL +4."): the names a family of
    designs posted together shares (:func:`~drydock.formats.legacy.admiralty_lines.family_of`)."""
    first = min(found)
    heads = []
    for no in range(1, first):
        name = lines[no - 1].strip().split(". ", 1)[0].rstrip(".").strip()
        if name and _name_like(name) and not _header(name):
            heads.append((no, name))
    return heads + sorted((no, part) for no, (_, part, _) in found.items())


#: Why a Starmada X-era post is refused (``convert``), and what ``rate`` says of one.
SX_REFUSED = "Starmada X-era notation: Appendix X covers only Admiralty Edition designs; convert this one by hand"


def starmada_x_line(lines: list[str]) -> tuple[int, str] | None:
    """(line number, line) of the first Starmada X-era mark (``Engines [TL0]:``, ``[a] Laser [3/6/9, ...``), or None."""
    for no, raw in enumerate(lines, 1):
        if any(marker.match(raw.strip()) for marker in _SX_MARKERS):
            return no, raw
    return None


def _trait_prefix(text: str) -> str | None:
    """The AE trait that ``text`` is a strict beginning of ("Increased H": "Increased Hits"), or None."""
    t = text.strip().lower()
    if len(t) < 3 or tables.ae_trait(text) is not None:
        return None
    return next((row.ae_name for row in tables.AE_TRAITS if row.ae_name.lower().startswith(t)), None)


def has_design(text: str) -> bool:
    """True when :func:`parse_admiralty` finds a design header (or a Hull track) in ``text``."""
    return bool(find_headers(text[:limits.LEGACY_FILE.value].splitlines()))


def _name_like(line: str) -> bool:
    """A line that can name a design: short, no sentence inside it, not a comment, track, chart, battery,
    arcs, specials or skipped line."""
    return 0 < len(line) <= 80 and len(line.split()) <= 10 and not re.search(r"[,;:!?]", line) \
        and not line.startswith("#") and not any(
        p.match(line) for p in (_TRACK, _CHART, _BATTERY_BRACKET, _BATTERY_WORD, _ARCS, _SPECIALS, _FIGHTERS,
                                _TECH)) and not any(p.match(line) for p, _ in _SKIPPED)


def _header(line: str) -> _Header | None:
    """(CR, name part, extra text) if ``line`` is a design header."""
    if not line or line.startswith("#") or _TRACK.match(line) or _SPECIALS.match(line) or _CHART.match(line):
        return None
    if any(p.match(line) for p, _ in _SKIPPED):
        return None
    m = _HEADER_CR_FIRST.match(line)
    if m:
        return _num(m.group(1)), m.group(2).strip(), ""
    m = _HEADER_CR_AFTER.match(line)
    if m and (m.group(3) or re.search(r"[-\s]class\b", m.group(1), re.IGNORECASE)):
        if _BATTERY_BRACKET.match(line) or _BATTERY_WORD.match(line):
            return None
        return _num(m.group(2)), m.group(1).strip(), m.group(4).strip().lstrip(".,;:").strip()
    return None


class _Block:
    """One design's lines, from its header to the next header or the end of the text."""

    def __init__(self, lines: list[str], start: int, end: int, file: str | None, header: _Header,
                 family: Family | None = None) -> None:
        self.lines = lines
        self.family = family
        self.header = header
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
        cr, name_part, extra = self.header
        if cr is None:
            self.readings.append(Fragment(no, header, "no '(CR)' on the design's header: the line above the Hull "
                                                      "track read as its name; the AE CR is not stated"))
        elif (cm := re.search(rf"\(\s*({_NUM})", header)) and has_inner_space(cm.group(1)):
            self.readings.append(Fragment(no, cm.group(1), f"a space inside the number: read as {cr}"))
        class_name, type_, race = self._names(name_part, no)
        ship_name = self._ship_name()
        tech: tuple[tuple[str, int], ...] = ()
        tracks: dict[str, tuple[int, ...]] = {}
        chart: tuple[tuple[int, tuple[str, ...]], ...] = ()
        chart_line = 0
        batteries: list[AEBattery] = []
        specials: list[AESpecial] = []
        fighters: list[AEFighter] = []
        pending: AEBattery | None | bool = None  # battery awaiting its arcs line; False = a dropped battery
        in_fighters = False
        none_tracks: set[str] = set()
        for no in range(self.start + 1, self.end + 1):
            raw = self.lines[no - 1]
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            used = True
            skipped = next((reason for p, reason in _SKIPPED if p.match(line)), None)
            if skipped is not None:
                self.unreadable.append(Fragment(no, line, skipped))
            elif (m := _TECH.match(line)) is not None:
                tech = self._tech(m.group(1), no, line)
            elif (m := _TRACK.match(line)) is not None:
                name = _TRACK_NAMES[m.group(1).lower()]
                if name in tracks:
                    self.readings.append(Fragment(no, line, f"second {name} track ignored"))
                else:
                    values, none = self._track(m.group(3), no, line, name)
                    if values is not None:
                        tracks[name] = values
                    if none:
                        none_tracks.add(name)
            elif (m := _CHART.match(line)) is not None:
                chart, chart_line = self._chart(m.group(2), no, line), no
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
        if "hull" not in tracks:
            raise self.error("design has no Hull track", self.start, header)
        nova = any(_NOVA_HINT.match(line.strip()) for line in self.lines[self.start - 1:self.end])
        for name in ("engines", "shields"):
            if nova and name not in tracks and name not in none_tracks:  # a Nova display, not a cut-off AE post
                raise self.error(f"design has no {name.capitalize()} track", self.start, header)
        hull = tracks["hull"]
        for name in ("engines", "shields"):
            if name in none_tracks:
                tracks[name] = (0,) * len(hull)
            elif name not in tracks:
                tracks[name] = (0,) * len(hull)
                self.unreadable.append(Fragment(self.end, name, f"the design has no {name.capitalize()} track "
                                                                f"(post cut off?): {name[:-1]} rating 0"))
            elif len(tracks[name]) != len(hull):
                self.readings.append(Fragment(self.start, name, f"{name} track has {len(tracks[name])} values for "
                                                                f"{len(hull)} hull boxes; the first value is used"))
        self.unreadable.sort(key=lambda f: f.line)
        return AdmiraltyRecord(
            class_name=class_name, type=type_, race=race, cr=cr, ship_name=ship_name, header_extra=extra,
            tech=tech, hull=hull, engines=tracks["engines"], shields=tracks["shields"], damage_chart=chart,
            chart_line=chart_line,
            batteries=tuple(batteries), specials=tuple(specials), fighters=tuple(fighters),
            unreadable=tuple(self.unreadable), readings=tuple(self.readings), file=self.file, line=self.start)

    # ------------------------------------------------------------------ fields

    def _names(self, text: str, no: int) -> tuple[str, str, str]:
        names = split_names(text, self.family)
        if names.reading:
            self.readings.append(Fragment(no, text, names.reading))
        return names.class_name, names.type, names.faction

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

    def _track(self, text: str, no: int, line: str, name: str) -> tuple[tuple[int, ...] | None, bool]:
        """(values, none): the values as far as they go (None when there are none), ``none`` for AE's '---'."""
        read = read_track(text)
        col = self.lines[no - 1].find(text.strip()[:10]) + 1 if text.strip() else 0
        for reading in read.readings:
            self.readings.append(Fragment(no, line, reading))
        if read.none:
            self.readings.append(Fragment(no, line, f"'---' read as AE's none: {name} rating 0"))
        if read.rest:
            at = self.lines[no - 1].find(read.rest[:10]) + 1
            if (read.values or read.none) and is_prose(read):
                self.readings.append(Fragment(no, read.rest, f"text after the {name} track (column {at}) is not "
                                                             "part of it: ignored"))
            elif name == "hull":
                raise self.error(f"{name} track must be whole numbers, one per hull box", no, line,
                                 read.rest.split()[0])
            else:
                self.unreadable.append(Fragment(no, line, f"{name} track must be whole numbers, one per hull box: "
                                                          f"read up to column {at or col}, the rest not read"))
        if read.none:
            return None, True
        if not read.values:
            if not read.rest:
                self.unreadable.append(Fragment(no, line, f"{name} track is empty (post cut off?)"))
            return None, False
        values = read.values
        if name == "hull" and (size := countdown_cut(values)) is not None:
            if size > limits.HULL.value:
                raise limits.LimitError(f"line {no}: the hull size", limits.HULL, file=self.file, value=size, line=no)
            self.readings.append(Fragment(no, line, f"hull track cut off after {len(values)} boxes, at "
                                                    f"{values[-1]}: hull size {size} read from its first value "
                                                    "(the track counts down from the hull size to 1)"))
            values = values + tuple(range(values[-1] - 1, 0, -1))
        return values, False

    def _chart(self, text: str, no: int, line: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
        body = text.strip().rstrip(".")
        numbered = list(re.finditer(r"(\d)\s*(?:\[\s*([A-Za-z0-9 ,-]*)\s*\]|:\s*([A-Za-z0-9-]+))", body))
        if numbered:
            out = []
            for m in numbered:
                die, bracket, colon = m.groups()
                letters = (bracket or colon).replace(",", "").replace(" ", "")
                out.append((int(die), tuple(ch.upper() for ch in letters if ch != "-")))
            tail = body[numbered[-1].end():].strip(" ,;.")
            if tail or len(out) < 6:
                missing = sorted(set(range(1, 7)) - {d for d, _ in out})
                cut = "weapon damage chart cut off" + (f" at {tail!r}" if tail else "")
                if missing:
                    cut += f": no entry for {', '.join(map(str, missing))}"
                self.unreadable.append(Fragment(no, line, cut))
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
            if not fields:
                raise ValueError("the battery line ends after its range (post cut off?): no ACC or ROF/IMP/DMG; "
                                 "battery not converted")
            acc, rof, imp, dmg, used = self._stats(fields, no, line)
        except ValueError as exc:
            self.unreadable.append(Fragment(no, line, str(exc)))
            return None
        traits: list[str] = []
        for f in fields[used:]:
            traits.extend(t.strip().rstrip(".") for t in f.split(";") if t.strip().rstrip("."))
        if traits and self._cut_off_here(no, line) and _trait_prefix(traits[-1]):
            self.unreadable.append(Fragment(no, traits[-1], "the post is cut off inside this trait (the start of "
                                                            f"{_trait_prefix(traits[-1])!r}?): not converted"))
            traits.pop()
        if re.search(r"\([^)]*\)", name):
            self.readings.append(Fragment(no, name, "parenthesised text kept as part of the battery name, "
                                                    "not read as a trait"))
        return AEBattery(letter=letter.upper(), name=name, bands=bands, rng=rng, acc=acc, rof=rof, imp=imp,
                         dmg=dmg, traits=tuple(traits), line=no)

    def _cut_off_here(self, no: int, line: str) -> bool:
        """Line ``no`` is the text's last non-empty line and does not end a sentence: the post stops inside it."""
        return not line.rstrip().endswith((".", ";", ")")) and not any(x.strip() for x in self.lines[no:])

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
            m = _SPECIAL_ITEM.fullmatch(item)
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
