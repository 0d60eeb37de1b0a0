"""Reading Drake notation (the grammar is in :mod:`drydock.formats.drake`): ``from_drake`` and what it shares
with the writer (the stated-value rule, system line order)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from drydock import limits
from drydock.core.admiralty_card import RERATING_NOTE, admiralty_card
from drydock.core.arcs import BOX_PATTERN, count_boxes, parse_display_bank
from drydock.core.calc import calculate
from drydock.core.fleet import HOUSE_MARK as FLEET_HOUSE_MARK
from drydock.core.model import ArcValues, Bank, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.sanity import check_design
from drydock.errors import MISTAKES_MAX, DrydockSyntaxError, SyntaxErrors, raise_all
from drydock.formats.text import (
    complete_range,
    parse_ma,
    parse_range,
    parse_stats,
    parse_traits,
)


def _counted(item: str) -> tuple[str, str]:
    r"""``("Marines", "3")`` from "Marines (3)"; ``(item, "")`` when no count in parentheses ends it. Read without a
    pattern: the old "(.*?)\s*(?:\(\s*(\d+)\s*\))?$" was cubic in the blanks of a line (issue 42)."""
    body = item.strip()
    if body.endswith(")"):
        start = body.rfind("(")
        count = body[start + 1:-1].strip()
        if start >= 0 and count.isascii() and count.isdigit():
            return body[:start].strip(), count
    return body, ""


class DrakeSyntaxError(DrydockSyntaxError):
    """Drake text that cannot be read; names file, line and column and quotes the line."""


class DrakeSyntaxErrors(SyntaxErrors, DrakeSyntaxError):
    """Several mistakes of one Drake text, each with its line (one output line each)."""


#: Largest number accepted anywhere in Drake text (keeps tracks and box counts finite).
MAX_NUMBER = 9999
#: The separator line between sections (A.6).
SEPARATOR = "--"
#: Largest combat rating accepted in a header.
MAX_RATING = 10**9
#: The four arcs of directional shields and screens, in display order, with accepted spellings (B.7, B.18).
ARC_LINES: dict[str, tuple[str, ...]] = {
    "fwd": ("fwd", "forward", "f"),
    "port": ("port", "p"),
    "stbd": ("stbd", "starboard", "s"),
    "aft": ("aft", "a"),
}
ARC_LABELS = {"fwd": "Fwd", "port": "Port", "stbd": "Stbd", "aft": "Aft"}
#: Keys whose value is free text: a line starting with one is never a stat line.
TEXT_KEYS = ("id", "name", "faction", "class", "type")
#: Tech line letters -> TechLevels field (A.4).
TECH_LETTERS = {"E": "engines", "S": "shields", "W": "weapons", "F": "fighters"}
#: The trait the Drydock uses to mark a seeker (Z.2); Drake shows the MA instead.
SEEKER_TRAIT = "Skr"

_NUM = r"\d+"
_RANGE = r"(?:(?:\d+|\*)\s*-\s*\d+\s*-\s*(?:\d+|\*)|(?:MA\s*)?\d+)"
_STATS = r"(?:\d+|\*)\s*[x×X]\s*\d+\s*\+?\s*/\s*(?:\d+|\*)\s*/\s*\d+"
_STAT_RE = re.compile(
    rf"^(?:(?P<label>[^|:]*):\s*)?(?P<range>{_RANGE})\s*\|\s*(?P<stats>{_STATS})\s*"
    r"(?:\((?P<traits>[^()]*)\)|(?P<bare>[^()|]*?))\s*$",
    re.IGNORECASE,
)
_STAT_START_RE = re.compile(rf"^(?:[^|:]*:\s*)?{_RANGE}\s*\|", re.IGNORECASE)
_KEY_RE = re.compile(
    r"^(?P<key>ID|NAME|Faction|Class|Type|Tech|Screens|Hull|Engines|Weapons|Shields|Equipment|Traits)\s*:\s*"
    r"(?P<value>.*)$",
    re.IGNORECASE,
)
_ARC_RE = re.compile(r"^-?\s*(?P<arc>[A-Za-z]+)\s*:\s*(?P<value>\d+)\s*$")
#: The name ends at the colon (stripped after); a separator is a dash with blanks or blanks alone, never both ways
#: (the old "\s*[-\s]\s*" split two blanks two ways: 2^n steps on n separators before junk -- issue 42).
_MUNITION_RE = re.compile(r"^(?P<name>[^:|#]+):\s*(?P<value>\d+(?:\s*-\s*\d+|\s+\d+)*)\s*$")
_TRACK_SPLIT = re.compile(r"[-\s]+")
_TRACK_RE = re.compile(r"^\d+(?:\s*-\s*\d+|\s+\d+)*$")
_LL_RE = re.compile(r"^\(\s*(?P<ll>\d+)\s*\)\s*(?:\|\s*)?(?P<rest>.*)$")
_FIRST_BOX_RE = re.compile(BOX_PATTERN)

_TECH_RE = re.compile(r"([ESWF])[a-z]*\s*:?\s*([+-]?\d+)", re.IGNORECASE)


# ------------------------------------------------------------------ reading


#: Longest line read (longer lines are a syntax error; keeps every pattern fast).
MAX_LINE = 4000


@dataclass
class _Line:
    no: int
    raw: str
    orig: str
    """The line stripped, a glued "--" removed: read for names, ids and notes."""
    text: str
    """``orig`` with runs of white space collapsed to one space: read for everything else."""
    offset: int


@dataclass
class _BatteryDraft:
    line: _Line
    name: str
    banks: tuple[Bank, ...]
    loss_limit: int | None
    modes: list[WeaponMode] = field(default_factory=list)


def from_drake(text: str, *, file: str | None = None, rules: Ruleset | None = None) -> list[Design]:
    """Every design in Drake ``text`` (one or more ships). Raises :class:`DrakeSyntaxError`."""
    rules = rules or Ruleset.unity()
    if not isinstance(text, str):
        raise TypeError(f"expected the Drake text as str, got {type(text).__name__}")
    limits.check_text(text, file=file)
    if text.startswith("\ufeff"):
        text = text[1:]
    ships: list[_Ship] = []
    mistakes: list[DrydockSyntaxError] = []  # every structural mistake, reported together (issue 26)
    broken: set[int] = set()
    lost_battery = False
    lines = _split_lines(text)
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        t = line.text
        if len(line.raw) > MAX_LINE:
            mistakes.append(_error(f"line longer than {MAX_LINE} characters", line, file))
            continue
        if not t or t.startswith("#") and not ships:
            continue
        if _is_header(t):
            ships.append(_Ship(line, file, rules))
            continue
        if not ships:
            mistakes.append(_error("expected a header line '<Faction> <CLASS>-class <Type> (<CR>)'", line, file))
            break  # without a header nothing after it can be read
        # a battery whose banks wrap onto the next line after a trailing "|"
        while t.endswith("|") and "//" not in t and not t.startswith("#") and _KEY_RE.match(t) is None \
                and i < len(lines) and lines[i].text and len(t) < MAX_LINE:
            t = t + " " + lines[i].text
            i += 1
        try:
            ships[-1].feed(line, t)
            lost_battery = False
        except DrydockSyntaxError as exc:
            if lost_battery and "before any weapon battery" in exc.message:
                continue  # the stat line of a battery line already reported
            lost_battery = "//" in t
            mistakes.append(exc)
            broken.add(len(ships) - 1)
            if len(mistakes) > MISTAKES_MAX:
                break
    if not ships and not mistakes:
        raise DrakeSyntaxError("no design found: a Drake design starts with '<Faction> <CLASS>-class <Type> (<CR>)'",
                               file=file, line=1 if text else None)
    designs = []
    for n, ship in enumerate(ships):
        try:
            designs.append(ship.design())
        except DrydockSyntaxError as exc:
            if n not in broken:  # a ship with a bad line: what it then lacks follows from that line
                mistakes.append(exc)
    raise_all(mistakes, DrakeSyntaxErrors)
    return designs


def _split_lines(text: str) -> list[_Line]:
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        stripped = raw.rstrip()
        lead = len(stripped) - len(stripped.lstrip())
        t = stripped.strip()
        if t and set(t) == {"-"}:
            t = ""
        else:  # "--" glued to the next line (drake.md OQ1): "--ID:", "---Fwd: 3"; several glued ones too
            while t.startswith(SEPARATOR):
                lead += 2
                t = t[2:].lstrip()
        out.append(_Line(no, raw.rstrip("\r\n"), t, " ".join(t.split()), lead))
    return out


#: The mark after a combat rating computed under house rules, as in ``rate``, the SSD and the roster.
HOUSE_MARK = FLEET_HOUSE_MARK


def split_header(text: str) -> tuple[str, str, str, str | None] | None:
    """``"Imperial MAJESTIC-class Battlecruiser (185)"`` -> (faction, class, type, CR text or None).

    CLASS is the non-space run just before "-class" (drake.md OQ7); ``None`` if there is no "-class".
    """
    low = text.lower()
    start = 0
    while True:
        i = low.find("-class", start)
        if i < 0:
            return None
        after = text[i + 6:i + 7]
        if after in ("", " ", "(") or after.isspace():
            break
        start = i + 1
    before = text[:i]
    j = max(before.rfind(" "), before.rfind("\t")) + 1
    faction, cls, rest = before[:j].strip(), before[j:], text[i + 6:].strip()
    cr = None
    if rest.endswith(")"):
        k = rest.rfind("(")
        inside = rest[k + 1:-1].strip()
        inside = inside[:-1].rstrip() if inside.endswith(HOUSE_MARK) else inside  # (380*): under house rules
        if k >= 0 and inside.isdigit() and inside.isascii():
            cr, rest = inside, rest[:k].strip()
    return faction, cls, rest, cr



def _is_header(t: str) -> bool:
    return "-class" in t.lower() and "|" not in t and "//" not in t and not t.startswith("#") \
        and _KEY_RE.match(t) is None and split_header(t) is not None


def _error(message: str, line: _Line, file: str | None, fragment: str | None = None) -> DrakeSyntaxError:
    col = line.offset + 1
    if fragment:
        pos = line.raw.find(fragment)
        if pos >= 0:
            col = pos + 1
    return DrakeSyntaxError(message, text=line.raw, file=file, line=line.no, column=col)


class _Ship:
    """Collects the lines of one ship, then builds the :class:`Design`."""

    def __init__(self, header: _Line, file: str | None, rules: Ruleset) -> None:
        self.file = file
        self.rules = rules
        self.header_line = header
        parts = split_header(header.text)
        assert parts is not None
        self.faction, self.class_name, self.type, cr = parts
        self.cr = self._num(cr, header, MAX_RATING) if cr else None
        self.overrides: dict[str, str] = {}
        self.ship_id = ""
        self.ship_name = ""
        self.tech: dict[str, int] = {}
        self.screens: int | None = None
        self.screen_arcs: dict[str, int] | None = None
        self.tracks: dict[str, tuple[int, ...]] = {}
        self.shield_arcs: dict[str, int] | None = None
        self.batteries: list[_BatteryDraft] = []
        self.systems: list[SystemEntry] = []
        self.equipment_ll: int | None = None
        self.notes: list[str] = []

    # -------------------------------------------------------------- helpers
    def _err(self, message: str, line: _Line, fragment: str | None = None) -> DrakeSyntaxError:
        return _error(message, line, self.file, fragment)

    def _num(self, text: str, line: _Line, limit: int = MAX_NUMBER) -> int:
        if len(text) <= 4 and text.isdigit() and text.isascii():  # the common case, fast
            return int(text)
        digits = text.strip()
        if len(digits.lstrip("+-").lstrip("0")) > len(str(limit)) or abs(int(digits)) > limit:
            raise self._err(f"number {digits[:12]} is too large (at most {limit})", line, digits)
        return int(digits)

    def _track(self, value: str, line: _Line) -> tuple[int, ...]:
        value = value.strip()
        if not value:
            return ()
        if not _TRACK_RE.match(value):
            raise self._err("a track must be numbers separated by '-', e.g. 4-3-2-1", line, value)
        return tuple(self._num(v, line) for v in _TRACK_SPLIT.split(value) if v)

    # -------------------------------------------------------------- one line
    def feed(self, line: _Line, t: str) -> None:
        try:
            self._feed(line, t)
        except DrydockSyntaxError as exc:
            if isinstance(exc, DrakeSyntaxError):
                raise
            raise self._err(exc.message, line, exc.text) from None
        except (ValueError, ArithmeticError) as exc:
            raise self._err(f"cannot read this line: {exc}", line) from None

    def _feed(self, line: _Line, t: str) -> None:
        if not t:
            return
        if t.startswith("#"):
            note = line.orig[1:]
            note = note[1:] if note.startswith(" ") else note
            if not RERATING_NOTE.match(note):  # derived from the design: written again, never kept
                self.notes.append(note)
            return
        if (m := _KEY_RE.match(t)) is not None and (m.group("key").lower() in TEXT_KEYS or not _STAT_RE.match(t)):
            key = m.group("key").lower()
            if key in ("id", "name", "faction", "class", "type"):  # names keep their spacing
                m = _KEY_RE.match(line.orig) or m
            self._keyword(key, m.group("value").strip(), line)
            return
        if (m := _ARC_RE.match(t)) is not None and self._arc_key(m.group("arc")) is not None:
            self._arc(self._arc_key(m.group("arc")) or "", self._num(m.group("value"), line), line)
            return
        if (m := _STAT_RE.match(t)) is not None:
            self._stat(m, line)
            return
        if _STAT_START_RE.match(t) and "//" not in t:
            stats = t.partition("|")[2].strip()
            raise self._err("stat line must look like 'S-M-L | ROFxACC+/IMP/DMG (traits)'", line, stats or t)
        if "|" in t or "//" in t:
            self._battery(t, line)
            return
        if (m := _MUNITION_RE.match(t)) is not None:
            values = self._track(m.group("value"), line)
            name = m.group("name").strip()
            self.systems.append(SystemEntry(name=self.rules.system_name(name) or name, qty=values[0]))
            return
        raise self._err("unrecognised line (expected 'Key: value', a battery 'Name | ARC [] // (n)' or a stat "
                        "line 'S-M-L | ROFxACC+/IMP/DMG (traits)')", line, t)

    def _arc_key(self, word: str) -> str | None:
        w = word.lower()
        for key, spellings in ARC_LINES.items():
            if w in spellings:
                return key
        return None

    def _arc(self, key: str, value: int, line: _Line) -> None:
        if self.tracks:  # after the tracks: directional shielding (B.7)
            if self.shield_arcs is None:
                self.shield_arcs = {}
            self.shield_arcs[key] = value
        else:  # before the tracks: directional screens (B.18)
            if self.screen_arcs is None:
                self.screen_arcs = {}
            self.screen_arcs[key] = value

    def _keyword(self, key: str, value: str, line: _Line) -> None:
        if key == "id":
            self.ship_id = value
        elif key == "name":
            self.ship_name = value
        elif key in ("faction", "class", "type"):
            self.overrides[key] = value
        elif key == "tech":
            self._tech(value, line)
        elif key == "screens":
            if value:
                if not re.fullmatch(_NUM, value):
                    raise self._err("screens must be a number, e.g. 'Screens: 2'", line, value)
                self.screens = self._num(value, line)
            elif self.screen_arcs is None:
                self.screen_arcs = {}
        elif key in ("hull", "engines", "weapons", "shields"):
            if key in self.tracks:
                raise self._err(f"a second {key.capitalize()}: line", line)
            self.tracks[key] = self._track(value, line)
        elif key == "equipment":
            self._equipment(value, line)
        elif key == "traits":
            self._traits(value, line)

    def _tech(self, value: str, line: _Line) -> None:
        rest = value
        for m in _TECH_RE.finditer(value):
            self.tech[TECH_LETTERS[m.group(1).upper()]] = self._num(m.group(2), line)
            rest = rest.replace(m.group(0), "", 1)
        if rest.strip(" ,;") or not value:
            raise self._err("tech levels must look like 'Tech: E+1 S0 W-1 F0'", line, value or None)

    def _equipment(self, value: str, line: _Line) -> None:
        items, _, ll = value.partition("//")
        if ll.strip():
            m = re.fullmatch(r"\(\s*(\d+)\s*\)", ll.strip())
            if m is None:
                raise self._err("equipment loss limit must look like '// (1)'", line, ll.strip())
            self.equipment_ll = self._num(m.group(1), line)
        for part in items.split("|"):
            part = part.strip()
            if not part:
                continue
            first = _FIRST_BOX_RE.search(part)
            name, boxes = (part[:first.start()].strip(), part[first.start():]) if first else (part, "")
            qty = count_boxes(boxes)
            if qty is None:
                raise self._err("equipment item must look like 'Name [][]'", line, part)
            if not qty and (counted := _counted(name))[1]:
                name, qty = counted[0], self._num(counted[1], line)
            if not name:
                raise self._err("equipment item without a name", line, part)
            self.systems.append(SystemEntry(name=self.rules.system_name(name) or name, qty=qty or 1))

    def _traits(self, value: str, line: _Line) -> None:
        for part in re.split(r"[,;|]", value):
            part = part.strip()
            if not part:
                continue
            name, count = _counted(part)
            if not name:
                raise self._err("trait without a name", line, part)
            qty = self._num(count, line) if count else 1
            self.systems.append(SystemEntry(name=self.rules.system_name(name) or name, qty=qty))

    def _battery(self, t: str, line: _Line) -> None:
        if "|" in t and ("//" not in t or t.index("|") < t.index("//")):
            name, _, rest = t.partition("|")
        else:
            name, rest = t.split("//", 1)
            rest = "//" + rest
        banks_text, sep, after = rest.partition("//")
        loss_limit = None
        stat_text = ""
        if sep:
            m = _LL_RE.match(after.strip())
            if m is None:
                raise self._err("loss limit must look like '// (2)'", line, after.strip() or "//")
            loss_limit = self._num(m.group("ll"), line)
            stat_text = m.group("rest").strip()
        banks = []
        for part in banks_text.split("|"):
            part = part.strip()
            if not part:
                continue
            try:
                banks.append(parse_display_bank(part, self.rules))
            except DrydockSyntaxError as exc:
                raise self._err(exc.message, line, part) from None
            if banks[-1].mounts > MAX_NUMBER or banks[-1].mount_size > MAX_NUMBER:
                raise self._err(f"bank too large (at most {MAX_NUMBER})", line, part)
        self.batteries.append(_BatteryDraft(line, name.strip(), tuple(banks), loss_limit))
        if stat_text:
            m = _STAT_RE.match(stat_text)
            if m is None:
                raise self._err("stat line must look like 'S-M-L | ROFxACC+/IMP/DMG (traits)'", line, stat_text)
            self._stat(m, line)

    def _stat(self, m: re.Match[str], line: _Line) -> None:
        if not self.batteries:
            raise self._err("a stat line before any weapon battery line 'Name | ARC [] // (n)'", line)
        battery = self.batteries[-1]
        if len(battery.modes) >= 2:
            raise self._err("a battery has at most two modes (a primary and a secondary, C.2)", line)
        label = m.group("label")
        if label is not None:
            label = label.strip()
            if not battery.modes:
                raise self._err("the first stat line of a battery is its primary mode and takes no label", line,
                                label)
        rng_text = m.group("range")
        try:
            if "-" in rng_text:
                bands = parse_range(rng_text)
                for b in bands:
                    if b is not None and b > MAX_NUMBER:
                        raise self._err(f"range too large (at most {MAX_NUMBER})", line, rng_text)
                rng, ma = complete_range(bands), None
            else:
                rng, ma = None, self._num(str(parse_ma(rng_text)), line)
            rof, acc, imp, dmg = parse_stats(m.group("stats"))
        except DrakeSyntaxError:
            raise
        except DrydockSyntaxError as exc:
            raise self._err(exc.message, line, exc.text) from None
        for v in (rof, acc, imp, dmg):
            if v is not None and v > MAX_NUMBER:
                raise self._err(f"number too large (at most {MAX_NUMBER})", line, m.group("stats"))
        trait_text = m.group("traits") if m.group("traits") is not None else (m.group("bare") or "")
        traits = tuple(t for t in parse_traits(trait_text, self.rules) if t != SEEKER_TRAIT)
        battery.modes.append(WeaponMode(label=label, range=rng, ma=ma, rof=1 if rof is None else rof, acc=acc,
                                        imp=1 if imp is None else imp, dmg=dmg, traits=traits))

    # -------------------------------------------------------------- the design
    def design(self) -> Design:
        try:
            return self._design()
        except DrydockSyntaxError:
            raise
        except (ValidationError, ValueError, ArithmeticError) as exc:  # pragma: no cover - defensive
            raise self._err(f"cannot build the design: {exc}", self.header_line) from None

    def _design(self) -> Design:
        h = self.header_line
        if "hull" not in self.tracks:
            raise self._err("the design has no 'Hull:' track", h)
        weapons = []
        for b in self.batteries:
            if not b.modes:
                raise self._err("battery has no stat line 'S-M-L | ROFxACC+/IMP/DMG'", b.line)
            primary = b.modes[0]
            secondary = b.modes[1] if len(b.modes) > 1 else None
            name = b.name
            if secondary is not None and secondary.label is None and ">" in name:
                name, _, label = name.partition(">")
                name = name.strip()
                secondary = secondary.model_copy(update={"label": label.strip()})
            weapons.append(Battery(name=name, primary=primary, secondary=secondary, banks=b.banks,
                                   stated_loss_limit=b.loss_limit))
        tracks = self.tracks
        shields: int | ArcValues
        if self.shield_arcs is not None:
            shields = ArcValues(**self.shield_arcs)
        else:
            shields = tracks["shields"][0] if tracks.get("shields") else 0
        screens: int | ArcValues = self.screens or 0
        extra: ArcValues | None = None
        if self.screen_arcs is not None:
            arcs = ArcValues(**self.screen_arcs)
            if screens and screens != arcs.total():  # standard screens too: kept, reported (A.5 [6], [7])
                extra = arcs
            else:  # "Screens:" or "Screens: <total>" above the four arcs
                screens = arcs
        hull_track = tracks["hull"]
        names = {"faction": self.faction, "class_name": self.class_name, "type": self.type}
        for key, value in self.overrides.items():
            names["class_name" if key == "class" else key] = value
        design = Design(
            **names,
            hull=hull_track[0] if hull_track else 0,
            engines=tracks["engines"][0] if tracks.get("engines") else 0,
            shields=shields,
            screens=screens,
            extra_directional_screens=extra,
            tech=TechLevels(**self.tech),
            weapons=tuple(weapons),
            systems=tuple(sorted(self.systems, key=lambda e: system_line_order(e.name, self.rules))),
            ship_id=self.ship_id,
            ship_name=self.ship_name,
            notes=tuple(self.notes),
        )
        check_design(design, file=self.file)
        return keep_disagreeing(design, StatedValues(
            combat_rating=self.cr, hull=tracks.get("hull"), engines=tracks.get("engines"),
            weapons=tracks.get("weapons"), shields=tracks.get("shields"), equipment_loss_limit=self.equipment_ll,
        ), self.rules)


#: The Drake line each kind of system is written on (A.6, drake.md §4): equipment, traits, munitions.
SYSTEM_LINE_ORDER = {"E": 0, "T": 1, "M": 2}


def system_line_order(name: str, rules: Ruleset) -> int:
    """0 equipment, 1 traits (and unknown systems), 2 munitions: the order Drake writes systems in."""
    rule = rules.systems.get(name)
    return SYSTEM_LINE_ORDER[rule.type] if rule is not None else SYSTEM_LINE_ORDER["T"]


def canonical(design: Design, rules: Ruleset | None = None) -> Design:
    """``design`` as Drake carries it: systems in line order, stated values that agree dropped.

    ``from_drake(to_drake(d)) == [canonical(d)]`` for any design Drake can write.
    """
    rules = rules or Ruleset.unity()
    systems = tuple(sorted(design.systems, key=lambda e: system_line_order(e.name, rules)))
    stated = design.stated or StatedValues()
    return keep_disagreeing(design.model_copy(update={"systems": systems}), stated, rules)


def keep_disagreeing(design: Design, stated: StatedValues, rules: Ruleset | None = None) -> Design:
    """``design`` with the stated values (and battery loss limits) that differ from the computed ones.

    The rule shared by every drydock notation: a stated value equal to the computed one
    is dropped, any other is kept for ``validate()`` to report.
    """
    rating = calculate(design, rules or Ruleset.unity())
    t = rating.tracks
    kept: dict[str, Any] = {}
    card = admiralty_card(design)
    record_cr = card.cr if card is not None else None  # an AE card states its CR of record (X.1), not a mistake
    if stated.combat_rating is not None and stated.combat_rating not in (rating.combat_rating, record_cr):
        kept["combat_rating"] = stated.combat_rating
    for key, computed in (("hull", t.hull), ("engines", t.engines), ("weapons", t.weapons), ("shields", t.shields)):
        value = getattr(stated, key)
        if value is not None and list(value) != computed:
            kept[key] = tuple(value)
    if stated.equipment_loss_limit is not None and stated.equipment_loss_limit != rating.equipment_loss_limit:
        kept["equipment_loss_limit"] = stated.equipment_loss_limit
    weapons = []
    for battery, br in zip(design.weapons, rating.batteries, strict=True):
        if battery.stated_loss_limit is not None and battery.stated_loss_limit == br.loss_limit:
            battery = battery.model_copy(update={"stated_loss_limit": None})
        weapons.append(battery)
    return design.model_copy(update={"stated": StatedValues(**kept) if kept else None, "weapons": tuple(weapons)})


# ------------------------------------------------------------------ writing
