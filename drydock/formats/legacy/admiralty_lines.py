"""Single lines of Admiralty Edition posts as players wrote them: numbers, tracks and ship names (X.1).

The forum idioms read here (each with the reading it gets, reported by the AE reader):

- numbers with forum damage: ``1,318``, ``1, 092`` (a space after the thousands comma) -> 1318, 1092;
- tracks: ``5 4 3* 2 1.`` (``*`` marks, a closing full stop), ``34*33`` (a space eaten after a mark),
  ``25(5) 24`` and ``10 (32) 10`` (a per-box annotation in parentheses), ``---`` (AE's "none"),
  ``[2/1/2/III]`` (a house-ruled Kinetic/Energy/Ballistic shield triple with a Black Globe level), and prose
  after a valid track on the same line (``... 2 2 1. ( I am using consumable fuel ...``);
- names: ``Refugee Fleet Mercury Class Battle Star`` (faction, class, type), ``Zhodani Consulate
  Vrapkenchkinj Light Battlecruiser`` (no "class": the type from :data:`~drydock.formats.legacy.tables.AE_SHIP_TYPES`).

Number conversions live in :func:`ae_int` and :func:`ae_number` only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drydock.formats.legacy import tables
from drydock.numbers import legacy_int

#: A number as posted: plain, with thousands commas, or with a space after such a comma ("1, 092").
NUMBER = r"\d{1,3}(?:,[ \t]?\d{3})+|\d+"


def ae_int(text: str) -> int:
    """A whole number token as posted (digits only), read by the one bounded parser within the legacy number
    limit (:func:`drydock.numbers.legacy_int`)."""
    return legacy_int(text)


def ae_number(text: str) -> int:
    """A :data:`NUMBER` as posted: thousands commas and a stray space after them dropped."""
    return ae_int(re.sub(r"[,\s]", "", text))


def has_inner_space(text: str) -> bool:
    """True when a posted number has a space inside it ("1, 092")."""
    return bool(re.search(r",\s", text))


# ------------------------------------------------------------------------------------------ tracks

_TOKEN = re.compile(
    r"(?P<num>\d{1,7})(?P<mark>\*?)(?:[ \t]*\([ \t]*(?P<ann>\d{1,7})[ \t]*\))?(?P<mark2>\*?)"
    r"|\[(?P<triple>[ \t]*\d{1,3}[ \t]*(?:/[ \t]*\d{1,3}[ \t]*){1,3}(?:/[ \t]*[IVXivx]{1,6}[ \t]*)?)\]")
_SEP = re.compile(r"[\s,;]*")
_NONE = re.compile(r"^-{2,}\s*\.?\s*(?P<rest>.*)$", re.DOTALL)


@dataclass(frozen=True)
class TrackText:
    """What a track line holds: one value per box (``none`` for AE's ``---``), what was read around them."""

    values: tuple[int, ...] = ()
    none: bool = False
    rest: str = ""
    """Text after the values read, '' when there is none."""
    closed: bool = False
    """True when a full stop closed the track (so ``rest`` is prose after it, not damage inside it)."""
    readings: tuple[str, ...] = ()
    triples: tuple[str, ...] = ()
    """House-ruled shield triples as posted ("2/1/2/III"), when the track is made of them."""


def read_track(text: str) -> TrackText:
    """The values of a track (the text after ``Hull:``), as far as they go; never raises on prose."""
    body = text.strip()
    m = _NONE.match(body)
    if m:
        return TrackText(none=True, rest=m.group("rest").strip(), closed=True)
    values: list[int] = []
    triples: list[str] = []
    marked = closed = False
    annotated = eaten = ""  # the first such token as posted, quoted in the reading (this track's own text)
    pos = 0
    while pos < len(body):
        sep = _SEP.match(body, pos)
        assert sep is not None
        start = sep.end()
        if start >= len(body):
            pos = start
            break
        tok = _TOKEN.match(body, start)
        if tok is None:
            break
        if tok.group("triple") is not None:
            parts = [p.strip() for p in tok.group("triple").split("/")]
            triples.append("/".join(parts))
            values.append(ae_int(parts[0]))
        else:
            values.append(ae_int(tok.group("num")))
            if tok.group("ann") is not None and not annotated:
                annotated = tok.group(0).strip()
            has_mark = bool(tok.group("mark") or tok.group("mark2"))
            marked = marked or has_mark
            if has_mark and tok.end() < len(body) and body[tok.end()].isdigit() and not eaten:
                stop = tok.end()
                while stop < min(len(body), tok.end() + 7) and body[stop].isdigit():
                    stop += 1
                eaten = body[start:stop]
        pos = tok.end()
        if pos < len(body) and body[pos] == ".":  # a full stop closes the track
            pos += 1
            closed = True
            break
    rest = body[pos:].strip()
    readings = []
    if marked:
        readings.append("'*' marks on the track ignored")
    if eaten:
        readings.append(f"a space eaten after a '*' mark ({eaten!r}) read as two boxes")
    if annotated:
        readings.append(f"per-box annotations in parentheses ({annotated!r}) ignored")
    if triples:
        readings.append(f"house-ruled shield triples ('[{triples[0]}]'): the first figure of each read as the shield "
                        "value; the other figures" + (" and the Black Globe level" if _has_level(triples[0]) else "")
                        + " are not converted")
    return TrackText(values=tuple(values), rest=rest, readings=tuple(readings), triples=tuple(triples),
                     closed=closed)


def _has_level(triple: str) -> bool:
    """True when a shield triple as posted ends in a Roman Black Globe level ("2/1/2/III")."""
    last = triple.rsplit("/", 1)[-1].strip().upper()
    return bool(last) and not last.strip("IVX")


def is_prose(read: TrackText) -> bool:
    """True when the text after a track is a remark (after a closing full stop, or in parentheses)."""
    return bool(read.rest) and (read.closed or read.rest.startswith("("))


def countdown_cut(values: tuple[int, ...]) -> int | None:
    """The hull size a track cut off before its last box declares: ``N N-1 ... k`` with k > 1 gives N;
    None for a complete countdown or a track that is not a countdown."""
    if len(values) < 2 or values[-1] == 1:
        return None
    if all(a - b == 1 for a, b in zip(values, values[1:], strict=False)) and values[0] > len(values):
        return values[0]
    return None


# ------------------------------------------------------------------------------------------ names

_CLASS_WORD = re.compile(r"(?:(?<=\S)-|\s)class\b", re.IGNORECASE)
_RACE = re.compile(r"\[([^\]]*)\]\s*$")


@dataclass(frozen=True)
class Names:
    """Faction, class and type as the player meant them, and how they were read."""

    faction: str
    class_name: str
    type: str
    reading: str = ""


def _last_word(words: list[str]) -> tuple[str, list[str]]:
    """The class name at the end of ``words`` (a parenthesised word keeps the word before it: "G-5 (Tugboat)")."""
    if len(words) >= 2 and words[-1].startswith("(") and words[-1].endswith(")"):
        return " ".join(words[-2:]), words[:-2]
    return words[-1], words[:-1]


def _type_at_end(words: list[str]) -> int:
    """How many trailing words of ``words`` form a ship type of the vocabulary (0 if none)."""
    keys = {tables.key(t) for t in tables.AE_SHIP_TYPES}
    for n in range(min(4, len(words) - 1), 0, -1):
        if tables.key(" ".join(words[-n:])) in keys:
            return n
    return 0


@dataclass(frozen=True)
class Family:
    """The names of the first design (or heading line) with a 'class' word in a post of several designs: the
    vocabulary its other designs are split by (a family of ships posted together)."""

    names: Names
    line: int
    text: str

    def __str__(self) -> str:
        return f"line {self.line}, {self.text!r}"


def family_of(headings: list[tuple[int, str]]) -> Family | None:
    """The family of a post from its name lines (line number, name part) in order: the first with a 'class' word
    and a faction before its class name, or None."""
    for no, text in headings:
        if _CLASS_WORD.search(text) is None:
            continue
        names = split_names(text)
        return Family(names, no, text.strip()) if names.faction and names.class_name else None
    return None


def split_names(text: str, family: Family | None = None) -> Names:
    """Faction, class and type of a header's name part (the CR already removed); ``family``: the post's family,
    whose faction a design of it that names none (or names a state, "Loaded") keeps."""
    names = _split_names(text)
    if family is None or not family.names.faction or names.faction == family.names.faction:
        return names
    fam = family.names
    text = " ".join(text.split())
    if _CLASS_WORD.search(text) is not None:
        if names.class_name != fam.class_name or not names.faction or _RACE.search(text):
            return names
        return Names(fam.faction, names.class_name, f"{names.faction} {names.type}".strip(),
                     f"{names.faction!r} before the class name is not a faction: the family's faction is "
                     f"{fam.faction!r} ({family}); read as part of the type")
    if text.startswith(fam.faction + " ") or _type_at_end(text.split()) or _RACE.search(text):
        return names
    return Names(fam.faction, "", text,
                 f"no 'class' and no ship type of the vocabulary in the header of a design posted with the "
                 f"{fam.faction!r} family ({family}): the family's faction, {text!r} read as the type (no class)")


def _split_names(text: str) -> Names:
    text = text.strip()
    race = ""
    rm = _RACE.search(text)
    if rm:
        race = rm.group(1).strip()
        text = text[:rm.start()].strip()
    m = _CLASS_WORD.search(text)
    if m:
        before, after = text[:m.start()].split(), text[m.end():].strip()
        if before:
            cls, lead = _last_word(before)
            faction = race or " ".join(lead)
            reading = ""
            if lead and race:
                reading = f"words before the class name ({' '.join(lead)!r}) not used: the faction is [{race}]"
            return Names(faction, cls, after, reading)
    words = text.split()
    if len(words) >= 2:
        n = _type_at_end(words)
        if n:
            type_ = " ".join(words[-n:])
            rest = words[:-n]
            cls, lead = _last_word(rest)
            faction = race or " ".join(lead)
            return Names(faction, cls, type_, f"no 'class' in the header: {type_!r} read as the type (ship-type "
                                              f"vocabulary), {cls!r} as the class"
                                              + (f", {' '.join(lead)!r} as the faction" if lead else ""))
    if len(words) >= 3:
        return Names(race or " ".join(words[:-2]), words[-2], words[-1],
                     "no 'class' in the header: read the last word as the type, the word before it as the class "
                     "and the rest as the faction")
    if len(words) == 2:
        return Names(race, words[0], words[1], "no 'class' in the header: read 'Class Type'")
    return Names(race, text, "")
