"""The Nova ship display as plain text (Nova rulebook "Ship Displays"; conversion.md §2.5): reader and writer.

Accepted layout, one field per line (labels in capitals or followed by a colon; ``#`` lines
are comments; fields may share a line when separated by ``|`` or tabs, as in the
rulebook's two-column display)::

    NAME: Invincible
    Imperial MAJESTIC-class BC (344)            <- class line: faction, CLASS-class, type, (CR)
    SYSTEMS: Fire Control; Hyperdrive           <- or in a cell after the class line
    ARMOR: ooo oo oo                            <- three groups of boxes, or 3/2/2, or 7, or empty
    HULL: ooooo oooo ooooo                      <- three groups (5/4/5 or 5+4+5), or a count (14)
    THRUST: 4 3 2 1 1
    WEAPONS: o 1 2 3 4                          <- the five weapon-hit boxes
    ECM: 1 1 1 o o                              <- a box counts 0
    SHIELDS: 4 5 6 6 6                          <- shield-dice icons as die faces (1-6 or ⚀-⚅)
    CR MODIFIER: +5%                            <- optional: the X.2 icon-pattern adjustment
    WEAPONS | ARCS | RANGE | ATTACK DICE        <- optional table header
    Fusion Beams (Dx3) | [FF] | 5-10-15 | 7 5 3 2 2 1 1 1 0 0 0 0

Players also typed displays in a forum notation (a real post: tests/fixtures/posts/nova), read as well::

    (310) Celandian Generation 1 1st-Class Battleship C-3     <- CR first; "1st-Class" is a rating: part of the type
    Nova TL: 0
    Armour: 2 1 * 2 1 * 1                                     <- numbered boxes, groups split by "*"
    Hull: 6 5 4 3 2 1 * 6 5 4 3 2 1 * 6 5 4 3 2 1
    Thrust: 3 2 2 1 1            (Shields:, ECM:, Weapons: as above)
    [V]: 4x Cannon-5 (Prc/Dx2) / [FX2][AX2] / 3 - 6 - 9 / AD: 4 3 2 1 1 1 1 0 0 0 0 0
    Specials: Transport (200)                                 <- read as SYSTEMS

A box is ``o``, ``[]``, ``☐``, ``□`` or the ``<input type="checkbox"/>`` of an HTML copy.
``?`` marks a field lost in the source: it is reported as unreadable and not converted.
Battery rows are ``Name (traits) [ARC][ARCn]... S-M-L dice...`` with any separators.
A missing class line, hull or thrust raises :class:`NovaSyntaxError` (file, line, column).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from drydock import limits
from drydock.errors import DrydockSyntaxError
from drydock.formats.legacy import tables
from drydock.formats.legacy.admiralty import Fragment
from drydock.formats.legacy.admiralty_lines import NUMBER, ae_number
from drydock.numbers import legacy_int


class NovaSyntaxError(DrydockSyntaxError):
    """A Nova display that cannot be read (no class line, no hull or thrust)."""


@dataclass(frozen=True)
class NovaBattery:
    """A Nova weapon battery: name, traits, banks (arc code, arc modifier as a positive number), range, dice."""

    name: str
    traits: tuple[str, ...]
    banks: tuple[tuple[str, int], ...]
    range: tuple[int, int, int]
    dice: tuple[int, ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class NovaDisplay:
    """One Nova ship display as typed. Box groups are counts per group; ``None`` = lost in the source."""

    class_name: str
    faction: str = ""
    type: str = ""
    cr: int | None = None
    ship_name: str = ""
    systems: tuple[str, ...] = ()
    armor: tuple[int, ...] = ()
    hull: tuple[int, ...] = ()
    """Three group sizes, or one total when the grouping is not given."""
    thrust: tuple[int, ...] = ()
    weapon_boxes: int = 5
    ecm: tuple[int, ...] = ()
    shields: tuple[int, ...] | None = ()
    """Shield-dice icon values; ``None`` when the icons are illegible."""
    cr_modifier: int | None = None
    batteries: tuple[NovaBattery, ...] = ()
    unreadable: tuple[Fragment, ...] = field(default=(), compare=False)
    readings: tuple[Fragment, ...] = field(default=(), compare=False)
    file: str | None = field(default=None, compare=False)
    line: int = field(default=0, compare=False)

    @property
    def title(self) -> str:
        parts = [self.faction, f"{self.class_name.upper()}-class" if self.class_name else "", self.type]
        return " ".join(p for p in parts if p)


_CHECKBOX = re.compile(r"<input[^>]*checkbox[^>]*>", re.IGNORECASE)
_BOX = "☐"
_BOX_TOKENS = re.compile(r"\[\s*\]|[☐□▢]|\b[oO]\b")
_LABEL = re.compile(r"^(NAME|SYSTEMS|SPECIALS?|NOVA\s+TL|ARMOU?R|HULL|THRUST|WEAPONS|ECM|SHIELDS|CR\s+MODIFIER)\b"
                    r"\s*(:?)\s*(.*)$", re.IGNORECASE)
#: The class line "Imperial MAJESTIC-class BC (344)": read by :func:`_match_class` in linear time (a
#: single regex with a lazy faction before the class word was quadratic: 57 s for an 80 KB line).
_CLASS_WORD = re.compile(r"-class\s", re.IGNORECASE)
_CLASS_CR = re.compile(rf"\(\s*({NUMBER})\s*\)\s*$")  # "(1,092)", or with forum damage "(1, 092)"
#: Matched against stripped text; the name ends where the first bracket opens and is stripped after (no blank run
#: meets another: the old lazy name and "\s*" pairs were quadratic in a line's blanks -- issue 42).
_BATTERY = re.compile(r"(?P<name>[^\[]+)(?P<arcs>(?:\[\s*[A-Za-z]{2}\s*\d?\s*\]\s*)+)"
                      r"(?P<range>\d+\s*-\s*\d+\s*-\s*\d+)\s+(?P<dice>\d+(?:\s+\d+)*)")
_BANK = re.compile(r"\[\s*([A-Za-z]{2})\s*(\d?)\s*\]")
_DIE_GLYPHS = {"⚀": 1, "⚁": 2, "⚂": 3, "⚃": 4, "⚄": 5, "⚅": 6}
#: The forum notation: "(310) Celandian ... Battleship C-3" (CR first),
#: "[V]: 4x Name (traits) / [arcs] / 3 - 6 - 9 / AD: ...".
_CR_FIRST = re.compile(rf"^\(\s*({NUMBER})\s*(?:CR\s*)?\)\s*(\S.*)$", re.IGNORECASE)
_NOVA_BODY = re.compile(r"^\s*(?:Nova\s+TL|THRUST|ECM)\b|/\s*AD\s*:", re.IGNORECASE)
_RATING = re.compile(r"^\d+(?:st|nd|rd|th)-class$", re.IGNORECASE)
_SLASH_HEAD = re.compile(r"^\[\s*[A-Za-z]\s*\]\s*:\s*(?:(?P<count>\d+)\s*[xX]\s+)?(?P<name>\S.*)$")
_SLASH_ARCS = re.compile(r"(?:\[\s*[A-Za-z]{2}\s*\d?\s*\]\s*)+")
_SLASH_RANGE = re.compile(r"(?<!\d)\d+\s*-\s*\d+\s*-\s*\d+")  # starts only where a number starts (issue 42)
_SLASH_DICE = re.compile(r"AD\s*:\s*(?P<dice>\d+(?:\s+\d+)*)?", re.IGNORECASE)
_TRACKS = ("ARMOR", "HULL", "THRUST", "WEAPONS", "ECM", "SHIELDS")


class _ClassLine:
    """The parts of a class line, read like a match: ``group("fac" | "cls" | "type" | "cr")``."""

    def __init__(self, **parts: str) -> None:
        self._parts = parts

    def group(self, name: str) -> str:
        return self._parts[name]


def _match_class(cell: str) -> _ClassLine | None:
    """``<faction> <CLASS>-class <type> (<CR>)``: the first ``-class`` with a name before it and a type after."""
    cr = _CLASS_CR.search(cell)
    if cr is None:
        return None
    for m in _CLASS_WORD.finditer(cell, 0, cr.start()):
        start = i = m.start()
        while i > 0 and not cell[i - 1].isspace() and cell[i - 1] != "-":
            i -= 1
        type_text = cell[start + len("-class"):cr.start()]
        if i == start or len(type_text) < 2 or not type_text.strip():
            continue
        return _ClassLine(fac=cell[:i], cls=cell[i:start], type=type_text, cr=cr.group(1))
    return None


def _match_cr_first(cell: str) -> tuple[_ClassLine, str] | None:
    """``(<CR>) <faction> <class words> <type>``, as players typed Nova displays; the names' reading with it.

    The first word is the faction; the type is an ordinal rating with what follows it ("1st-Class Battleship C-3")
    or, failing that, the ship types of the vocabulary at the end ("Battleship"); the words between are the class."""
    m = _CR_FIRST.match(cell)
    if m is None:
        return None
    words = m.group(2).split()
    rating = next((i for i, w in enumerate(words) if _RATING.match(w)), None)
    if rating is not None and rating >= 1:
        faction, cls, type_ = words[0], words[1:rating], words[rating:]
    else:
        keys = {tables.key(t) for t in tables.AE_SHIP_TYPES}
        n = next((n for n in range(min(4, len(words) - 1), 0, -1) if tables.key(" ".join(words[-n:])) in keys), 0)
        faction, cls, type_ = (words[0], words[1:len(words) - n], words[len(words) - n:]) if n and len(words) > n + 1 \
            else ("", words, [])
    if not cls:
        faction, cls = "", [faction]
    line = _ClassLine(fac=faction, cls=" ".join(cls), type=" ".join(type_), cr=m.group(1))
    return line, (f"CR first: {faction!r} read as the faction, {line.group('cls')!r} as the class, "
                  f"{line.group('type')!r} as the type")


def _class_line(lines: list[str], no: int) -> tuple[_ClassLine, str] | None:
    """The class line at line ``no`` (1-based) and its reading ("" for the rulebook form), or None."""
    cells = _cells(lines[no - 1])
    if not cells or lines[no - 1].lstrip().startswith("#") or _label(cells[0]) is not None:
        return None
    m = _match_class(cells[0])
    if m is not None:
        return m, ""
    cr_first = _match_cr_first(cells[0])
    if cr_first and any(_NOVA_BODY.search(lines[k]) for k in range(no, min(no + 12, len(lines)))):
        return cr_first
    return None


def _split_slashes(text: str) -> list[str]:
    """``text`` split at the ``/`` outside parentheses and brackets ("Cannon-5 (Prc/Dx2) / [FX2]" is two parts)."""
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        depth += (ch in "([") - (ch in ")]")
        if ch == "/" and depth <= 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur).strip())
    return parts


def _slashed_battery(text: str, no: int, unreadable: list[Fragment], readings: list[Fragment]) -> NovaBattery | None:
    """A ``[V]: 4x Name (traits) / [arcs] / S - M - L / AD: dice`` row; None if ``text`` is not one."""
    parts = _split_slashes(text)
    head = _SLASH_HEAD.match(parts[0]) if len(parts) == 4 else None
    dice = _SLASH_DICE.fullmatch(parts[3]) if head else None
    if head is None or dice is None or not _SLASH_ARCS.fullmatch(parts[1]) or not _SLASH_RANGE.fullmatch(parts[2]):
        return None
    if dice.group("dice") is None:
        unreadable.append(Fragment(no, text, "battery row ends before its attack dice (post cut off?): battery not "
                                             "converted"))
        return None
    if head.group("count"):
        readings.append(Fragment(no, f"{head.group('count')}x", "the weapon count before the name is not converted: "
                                                                 "the attack dice carry the battery's strength"))
    row = f"{head.group('name')} {parts[1]} {parts[2]} {dice.group('dice')}"
    bm = _BATTERY.fullmatch(row.strip())
    return _battery(bm, no, unreadable) if bm else None


def _cells(line: str) -> list[str]:
    line = _CHECKBOX.sub(_BOX, line)
    return [c.strip() for c in re.split(r"\s*\|\s*|\t+", line.strip()) if c.strip()]


def _label(cell: str) -> tuple[str, str] | None:
    m = _LABEL.match(cell)
    if not m:
        return None
    word = m.group(1)
    if not (m.group(2) or word.isupper()):
        return None
    name = re.sub(r"\s+", " ", word.upper()).replace("ARMOUR", "ARMOR")
    name = "SYSTEMS" if name in ("SPECIAL", "SPECIALS") else name
    return name, m.group(3).strip()


def parse_nova(text: str, *, file: str | None = None) -> list[NovaDisplay]:
    """Every Nova display in ``text``. Raises :class:`NovaSyntaxError` if none can be read."""
    limits.check_legacy_text(text, file=file)
    lines = text.splitlines()
    starts = [no for no in range(1, len(lines) + 1) if _class_line(lines, no)]
    if not starts:
        first = next((no for no, raw in enumerate(lines, 1) if raw.strip() and not raw.lstrip().startswith("#")), 1)
        hint = " (this looks like an Admiralty design: convert it with --from admiralty)" \
            if re.search(r"^\s*Hull\b[^:]*:", text, re.MULTILINE | re.IGNORECASE) \
            and not re.search(r"^\s*(?:THRUST|ECM)\b", text, re.MULTILINE | re.IGNORECASE) else ""
        raise NovaSyntaxError("no Nova display found: expected a class line like 'Imperial MAJESTIC-class BC (344)'"
                              + hint,
                              text=lines[first - 1].strip() if lines else "", file=file, line=first, column=1)
    out = []
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else len(lines)
        name = ""
        # a NAME: line right above the class line belongs to this display
        if start >= 2:
            lab = _label(_cells(lines[start - 2])[0]) if _cells(lines[start - 2]) else None
            if lab and lab[0] == "NAME":
                name = lab[1]
        out.append(_parse_one(lines, start, end, file, name))
    return out


def _parse_one(lines: list[str], start: int, end: int, file: str | None, name: str) -> NovaDisplay:
    unreadable: list[Fragment] = []
    readings: list[Fragment] = []
    cells = _cells(lines[start - 1])
    found = _class_line(lines, start)
    assert found is not None
    m, names_reading = found
    if names_reading:
        readings.append(Fragment(start, cells[0], names_reading))
    fields: dict[str, tuple[int, str]] = {}
    systems_text = " ".join(cells[1:])
    batteries: list[NovaBattery] = []
    for no in range(start + 1, end + 1):
        raw = lines[no - 1]
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        row = _cells(raw)
        if not row:  # only separators ("|", tabs)
            continue
        if any(c.upper() == "ARCS" for c in row):
            continue  # the battery table header
        labelled = [(_label(c), c) for c in row]
        if labelled[0][0] is not None:
            current: str | None = None
            for lab, cell in labelled:
                if lab is not None:
                    current = lab[0]
                    fields[current] = (no, lab[1])
                elif current in _TRACKS:
                    fields[current] = (no, fields[current][1] + "  " + cell)
                else:
                    unreadable.append(Fragment(no, cell, "text after a field"))
            continue
        bm = _BATTERY.fullmatch(" ".join(row).strip())
        if bm:
            batteries.append(_battery(bm, no, unreadable))
            continue
        if _SLASH_HEAD.match(raw.strip()):  # the forum notation "[V]: 4x Name (traits) / [arcs] / 3 - 6 - 9 / AD: ..."
            slashed = _slashed_battery(raw.strip(), no, unreadable, readings)
            if slashed is not None:
                batteries.append(slashed)
                continue
            if any(f.line == no for f in unreadable):
                continue
        unreadable.append(Fragment(no, raw.strip(), "not a field of the Nova display layout"))
    if "NAME" in fields and fields["NAME"][1]:
        name = fields["NAME"][1]
    if "SYSTEMS" in fields:
        systems_text = (systems_text + "; " + fields["SYSTEMS"][1]).strip("; ")
    if "NOVA TL" in fields:
        tl_line, tl_text = fields["NOVA TL"]
        if tl_text.strip() in ("0", "+0"):
            readings.append(Fragment(tl_line, f"Nova TL: {tl_text.strip()}", "tech level 0: nothing to convert"))
        else:
            unreadable.append(Fragment(tl_line, f"Nova TL: {tl_text.strip()}", "a Nova tech level other than 0 "
                                                                               "(no X.2 rule): not converted"))
    systems = tuple(s.strip() for s in re.split(r"[;]", systems_text.rstrip(".")) if s.strip())

    def error(message: str, no: int, text: str) -> NovaSyntaxError:
        return NovaSyntaxError(message, text=text, file=file, line=no, column=1)

    if "HULL" not in fields:
        raise error("display has no HULL row", start, lines[start - 1].strip())
    hull_line, hull_text = fields["HULL"]
    hull = _boxes(hull_text, hull_line, "hull", readings)
    if hull is None or not sum(hull):
        raise error("HULL must be boxes (ooooo oooo ooooo), group sizes (5/4/5) or a count (14)", hull_line,
                    hull_text)
    armor: tuple[int, ...] = ()
    if "ARMOR" in fields:
        a_line, a_text = fields["ARMOR"]
        if a_text.strip() == "?":
            unreadable.append(Fragment(a_line, "ARMOR ?", "armor boxes lost in the source: none converted"))
        else:
            got = _boxes(a_text, a_line, "armor", readings)
            if got is None:
                unreadable.append(Fragment(a_line, a_text, "armor must be boxes, group sizes or a count"))
            else:
                armor = got
                if not a_text.strip():
                    readings.append(Fragment(a_line, "ARMOR", "empty ARMOR row read as no armor boxes"))
    if "THRUST" not in fields:
        raise error("display has no THRUST row", start, lines[start - 1].strip())
    t_line, t_text = fields["THRUST"]
    thrust = _numbers(t_text)
    if not thrust:
        raise error("THRUST must be five numbers, e.g. 4 3 2 1 1", t_line, t_text)
    weapon_boxes = 5
    if "WEAPONS" in fields:
        w_line, w_text = fields["WEAPONS"]
        weapon_boxes = len(re.findall(r"\d+|" + _BOX_TOKENS.pattern, _CHECKBOX.sub(_BOX, w_text))) or 5
    ecm: tuple[int, ...] = ()
    if "ECM" in fields:
        e_line, e_text = fields["ECM"]
        got_ecm = _numbers(e_text, boxes_are_zero=True)
        if got_ecm is None:
            unreadable.append(Fragment(e_line, e_text, "ECM must be numbers (a box counts 0)"))
        else:
            ecm = got_ecm
    shields: tuple[int, ...] | None = ()
    if "SHIELDS" in fields:
        s_line, s_text = fields["SHIELDS"]
        icons = s_text
        for glyph, value in _DIE_GLYPHS.items():
            icons = icons.replace(glyph, f" {value} ")
        got_sh = _numbers(icons)
        if not s_text.strip():
            shields = ()
            readings.append(Fragment(s_line, "SHIELDS", "empty SHIELDS row read as no shields"))
        elif got_sh is None or not got_sh or any(not 1 <= v <= 6 for v in got_sh):
            shields = None
            unreadable.append(Fragment(s_line, s_text or "SHIELDS", "shield-dice icons not legible (die faces 1-6 "
                                                                    "expected): no shield rating converted"))
        else:
            shields = got_sh
    cr_mod = None
    if "CR MODIFIER" in fields:
        c_line, c_text = fields["CR MODIFIER"]
        cm = re.fullmatch(r"([+-]?\d+)\s*%?", c_text.strip())
        if cm:
            cr_mod = legacy_int(cm.group(1))
        else:
            unreadable.append(Fragment(c_line, c_text, "CR MODIFIER must look like +5%"))
    return NovaDisplay(
        class_name=m.group("cls"), faction=m.group("fac").strip(), type=m.group("type").strip(),
        cr=ae_number(m.group("cr")), ship_name=name, systems=systems, armor=armor, hull=hull,
        thrust=thrust, weapon_boxes=weapon_boxes, ecm=ecm, shields=shields, cr_modifier=cr_mod,
        batteries=tuple(batteries), unreadable=tuple(sorted(unreadable, key=lambda f: f.line)),
        readings=tuple(readings), file=file, line=start,
    )


def _boxes(text: str, no: int, what: str, readings: list[Fragment]) -> tuple[int, ...] | None:
    """Box groups: glyph groups separated by spaces, ``5/4/5`` / ``5+4+5``, or a count; ``()`` if empty."""
    t = _CHECKBOX.sub(_BOX, text).strip()
    if not t:
        return ()
    if re.fullmatch(r"\d+(\s*[/+]\s*\d+)*", t):
        return tuple(int(x) for x in re.split(r"\s*[/+]\s*", t))
    # numbered boxes "6 5 4 3 2 1 * 6 5 4 3 2 1 * ...": every separator holds a blank or a star, so digits are never
    # split two ways (the old "\d+(?:\s*\*?\s*\d+)+" took 2^n steps on n digits followed by junk -- issue 42)
    if re.fullmatch(r"\d+(?:(?:\s+|\s*\*\s*)\d+)+", t):
        numbered = [g.split() for g in t.split("*")]
        sizes = tuple(len(g) for g in numbered)
        readings.append(Fragment(no, text, f"{what} typed as numbered boxes"
                                           + (" in groups split by '*'" if len(sizes) > 1 else "")
                                           + f": read as {'/'.join(map(str, sizes))} boxes"))
        if any([int(x) for x in g] != list(range(len(g), 0, -1)) for g in numbered):
            readings.append(Fragment(no, text, f"{what} numbers are not a countdown to 1: the boxes are counted"))
        if len(sizes) == 3:
            return sizes
        if len(sizes) > 1:
            readings.append(Fragment(no, text, f"{what} boxes in {len(sizes)} groups, not three: only the count is "
                                               "used"))
        return (sum(sizes),)
    t = re.sub(r"\[\s*\]", _BOX, t)
    groups = t.split()
    if not all(re.fullmatch(r"[☐□▢oO]+", g) for g in groups):
        return None
    sizes = tuple(len(g) for g in groups)
    if len(sizes) == 3:
        return sizes
    if len(sizes) > 1 and any(s != 1 for s in sizes):
        readings.append(Fragment(no, text, f"{what} boxes in {len(sizes)} groups, not three: only the count is used"))
    return (sum(sizes),)


def _numbers(text: str, *, boxes_are_zero: bool = False) -> tuple[int, ...] | None:
    t = _CHECKBOX.sub(_BOX, text)
    t = re.sub(r"\[\s*\]", f" {_BOX} ", t)
    out = []
    for token in re.findall(r"\S", t) if re.fullmatch(r"[\d☐□▢]+", t.replace(" ", "")) and " " not in t.strip() \
            else t.split():
        if token.isdigit():
            out.append(int(token))
        elif boxes_are_zero and re.fullmatch(r"[☐□▢oO]", token):
            out.append(0)
        else:
            return None
    return tuple(out)


def _closing_parentheses(text: str) -> tuple[int, str] | None:
    r"""(where "(" opens, what is inside) for the parentheses that end ``text`` ("Laser (Pr, Ac)"), or None
    (read without a pattern: a search for "\(([^)]*)\)\s*$" is quadratic in the parentheses of a line)."""
    body = text.rstrip()
    if not body.endswith(")"):
        return None
    start = body.find("(", body.rfind(")", 0, len(body) - 1) + 1, len(body) - 1)
    return None if start < 0 else (start, body[start + 1:-1])


def _battery(m: re.Match[str], no: int, unreadable: list[Fragment]) -> NovaBattery:
    name = m.group("name").strip()
    traits: tuple[str, ...] = ()
    inner = _closing_parentheses(name)
    if inner is not None:
        start, body = inner
        traits = tuple(t for t in re.split(r"[,;/\s]+", body) if t)
        name = name[:start].strip()
    banks = tuple((arc.upper(), legacy_int(mod) if mod else 0) for arc, mod in _BANK.findall(m.group("arcs")))
    rng = tuple(int(x) for x in re.split(r"\s*-\s*", m.group("range").strip()))
    dice = tuple(int(x) for x in m.group("dice").split())
    return NovaBattery(name=name, traits=traits, banks=banks, range=rng, dice=dice, line=no)  # type: ignore[arg-type]


def format_nova(display: NovaDisplay) -> str:
    """The display in the plain layout above; reads back equal (a class of several words in the CR-first form,
    when that form reads the same names back)."""
    def boxes(groups: tuple[int, ...]) -> str:
        return "/".join(map(str, groups))

    out = []
    if display.ship_name:
        out.append(f"NAME: {display.ship_name}")
    cr = display.cr if display.cr is not None else 0
    cls = f"{display.class_name}-class {display.type}".strip()
    line = " ".join(p for p in (display.faction, cls, f"({cr})") if p)
    if re.search(r"\s", display.class_name):  # a class of several words reads back only in the CR-first form
        cr_first = " ".join(p for p in (f"({cr})", display.faction, display.class_name, display.type) if p)
        again = _match_cr_first(cr_first)
        names = (display.faction, display.class_name, display.type)
        if again is not None and tuple(again[0].group(k) for k in ("fac", "cls", "type")) == names:
            line = cr_first
    out.append(line)
    if display.systems:
        out.append("SYSTEMS: " + "; ".join(display.systems))
    out.append("ARMOR: " + boxes(display.armor))
    out.append("HULL: " + boxes(display.hull))
    out.append("THRUST: " + " ".join(map(str, display.thrust)))
    out.append("WEAPONS: " + " ".join("o" for _ in range(display.weapon_boxes)))
    if display.ecm:
        out.append("ECM: " + " ".join(map(str, display.ecm)))
    out.append("SHIELDS: " + ("?" if display.shields is None else " ".join(map(str, display.shields))))
    if display.cr_modifier is not None:
        out.append(f"CR MODIFIER: {display.cr_modifier:+d}%")
    if display.batteries:
        out.append("WEAPONS | ARCS | RANGE | ATTACK DICE")
    for b in display.batteries:
        name = b.name + (f" ({', '.join(b.traits)})" if b.traits else "")
        arcs = "".join(f"[{arc}{mod or ''}]" for arc, mod in b.banks)
        out.append(f"{name} | {arcs} | {'-'.join(map(str, b.range))} | {' '.join(map(str, b.dice))}")
    return "\n".join(out) + "\n"
