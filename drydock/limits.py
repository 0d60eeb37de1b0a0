"""Every sanity limit drydock enforces on input, in one place, each with the reason for its value.

These are not rules of the game. A rule's own bound (hull 1-35, shields 0-5 ...) is a
design problem that ``validate()`` reports while the design still loads and rates. A
*sanity limit* sits far above any rule and exists so that a tiny hostile file cannot
make drydock build a billion-box track, expand a YAML alias bomb or loop for an hour:
past it, reading stops with a :class:`LimitError` naming the field and the limit.
Every check runs *before* a list, string or loop is built from the value.

:data:`LIMITS` is the table (``docs/limits.md``, "Limits and bad input", lists it too);
:func:`check_text` checks the size and line lengths of a text file before it is parsed;
:func:`drydock.core.sanity.check_design` checks a whole Design against these limits.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from drydock.errors import DrydockError


@dataclass(frozen=True)
class Limit:
    """One sanity limit: the largest accepted value (or size) and why it is that."""

    name: str
    value: int
    reason: str


class LimitError(DrydockError):
    """An input value or size past a sanity limit (see :data:`LIMITS`)."""

    def __init__(self, what: str, limit: Limit, *, file: str | None = None, value: Any = None,
                 line: int | None = None) -> None:
        self.what, self.limit, self.file, self.value, self.line = what, limit, file, value, line
        shown = "" if value is None else f" ({_short_number(value)})"
        where = f"{file}: " if file else ""
        super().__init__(f"{where}{what}{shown} is past drydock's limit of {limit.value:,} ({limit.name}: "
                         f"{limit.reason})")


def with_file(exc: LimitError, file: str | None) -> LimitError:
    """``exc`` naming ``file`` when it named none (a text parser deep in a reader does not know the file)."""
    if exc.file is not None or not file:
        return exc
    return LimitError(exc.what, exc.limit, file=file, value=exc.value, line=exc.line)


def _short_number(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 20 else f"{text[:8]}...{len(text)} digits"


def _limit(name: str, value: int, reason: str) -> Limit:
    lim = Limit(name, value, reason)
    LIMITS[name] = lim
    return lim


#: name -> Limit, in the order of the table in docs/limits.md.
LIMITS: dict[str, Limit] = {}

# ------------------------------------------------------------------ design values
HULL = _limit("hull", 1_000, "the Unity hull table ends at 35 (A.1); each hull point is a track box")
ENGINES = _limit("engines", 1_000, "engine ratings are single digits in play; each point is a track value")
SHIELDS = _limit("shields", 1_000, "shield rating or any directional arc; the rule limit is 5 (A.1, B.7)")
SCREENS = _limit("screens", 1_000, "screens per arc or in total; the rule limit is 50 (B.18, Z.2)")
MOUNTS = _limit("mounts", 1_000, "mounts in one bank; each mount is a box on the display sheet (A.6)")
MOUNT_SIZE = _limit("mount size", 100, "weapons per mount; the rule limit is 4 (C.3)")
QUANTITY = _limit("quantity", 10_000, "levels, munitions, flights or capacity of a system; munitions print a "
                                      "countdown track of this length")
STAT = _limit("weapon stat", 1_000, "ROF, ACC, IMP or DMG of a weapon mode (A.1)")
RANGE = _limit("range", 1_000, "range band or seeker MA; the board is at most a few dozen hexes")
TECH = _limit("tech level", 100, "technology level; the rule range is -2..+2 (A.4)")
FLIGHT_FIGHTERS = _limit("fighters per flight", 20, "fighters in one flight of a Nova record or an F.4 variant of a "
                         "house rule (the rules field 4 to 7; each fighter rolls its own dice)")
STATED = _limit("stated value", 1_000_000, "a combat rating, loss limit or track box stated by a source")
TRACK_BOXES = _limit("stated track boxes", 1_000, "boxes in a stated track")
BATTERIES = _limit("batteries", 500, "weapon batteries in one design")
BANKS = _limit("banks", 500, "banks in one battery")
SYSTEMS = _limit("systems", 500, "system entries in one design")
TRAITS = _limit("traits", 50, "traits in one weapon mode; the rule limit is five (Z.2)")
NOTES = _limit("notes", 1_000, "free notes carried with one design")
TEXT = _limit("text length", 10_000, "characters in one name or note")
FLEET_SHIPS = _limit("ships in a fleet", 1_000, "ships in one fleet file (each is a copy of its design)")
DESIGNS = _limit("designs per file", 10_000, "designs in one file or workbook")
FLEET_ENTRIES = _limit("fleet entries", 1_000, "entries in a fleet file's ships list, counted while reading (each "
                       "names a design)")
LIBRARY_DEPTH = _limit("library include depth", 32, "libraries nested by include: (a library including another "
                       "is 2)")
LIBRARY_FILES = _limit("libraries per run", 500, "distinct weapon library files one run reads (each is read once)")
LIBRARY_PROFILES = _limit("library profiles", 2_000, "weapon profiles in one library file, counted before they "
                          "are checked (a Drydock Weapons tab holds a few dozen)")
PROFILE_CHAIN = _limit("profile use chain", 100, "weapon profiles one use: chain passes through")
FACTIONS = _limit("factions", 50, "factions with rules of their own in one house-rule file (each builds and "
                  "checks a whole ruleset: about 40 ms)")

# ------------------------------------------------------------------ reading files
DIGITS = _limit("digits", 15, "digits in one number; Python refuses past 4,300 and no rule value needs more "
                              "than a few")
NUMBER_TEXT = _limit("number text", 64, "characters in one number written as text (a fraction such as 3/5 or a "
                     "decimal such as 1.5e3), checked before it is read")
NUMBER_EXPONENT = _limit("number exponent", 30, "the exponent of a number written with e (1e30); past it the "
                         "number is refused before its power of ten is built (1e99999999 would take minutes)")
DEPTH = _limit("nesting depth", 32, "nested lists/mappings in a YAML or JSON file; a design is 5 deep")
YAML_NODES = _limit("YAML nodes", 200_000, "values in one YAML file after aliases are expanded (alias bombs)")
TEXT_FILE = _limit("text file size", 8 * 1024 * 1024, "bytes in one JSON or Drake file (and the most drydock "
                                                       "reads of any text input)")
YAML_FILE = _limit("YAML file size", 2 * 1024 * 1024, "characters in one YAML file (YAML is slow to parse; a design "
                                                      "is about 1 KB)")
LINE = _limit("line length", 20_000, "characters in one line of a YAML or Drake file (a JSON file may "
                                     "be one line)")
LEGACY_FILE = _limit("legacy file size", 2 * 1024 * 1024, "characters in one Admiralty or Nova text file (a "
                                                           "forum post is a few KB)")
LEGACY_LINE = _limit("legacy line length", 4_000, "characters in one line of Admiralty or Nova text")
ORDERS_TEXT = _limit("movement orders", 64, "characters in one written movement order such as Z/1R2P1(5) +1 (3.1, "
                     "G.5): checked before the order is read")
LEGACY_NUMBER = _limit("legacy number", 1_000_000, "any number in Admiralty or Nova text (CR, hull, quantity ...)")
XLSX_FILE = _limit("workbook size", 32 * 1024 * 1024, "bytes in one .xlsx file")
XLSX_PART = _limit("workbook part", 64 * 1024 * 1024, "uncompressed bytes of a workbook part drydock parses "
                                                      "(sheets it ignores are never parsed)")
XLSX_ELEMENTS = _limit("workbook part elements", 200_000, "XML elements in one .xlsx part other than a worksheet "
                       "(shared strings, styles ...: parsed whole; a 300-design workbook's largest has a few thousand)")
ODS_ELEMENTS = _limit("ods elements", 2_000_000, "XML elements in an .ods file's content.xml, counted before it "
                      "is parsed (a design's sheet is about 5,000)")
XLSX_CELLS = _limit("workbook cells", 200_000, "cells read from the SHIP and Weapons sheets")

# ------------------------------------------------------------------ house rules (--rules files and their formulas)
RULES_FILE = _limit("house-rule file size", 1_000_000, "bytes in one --rules file")
RULES_DEPTH = _limit("house-rule nesting depth", 20, "nested mappings in a --rules file (aliases are refused)")
FORMULA_SOURCE = _limit("formula length", 500, "characters in one house-rule formula")
FORMULA_NODES = _limit("formula size", 200, "operators and operands in one formula")
FORMULA_DEPTH = _limit("formula depth", 40, "nested parentheses and calls in one formula")
FORMULA_LITERAL = _limit("formula number", 10**12, "a number written in a formula (30 digits at most)")
FORMULA_EXPONENT = _limit("formula exponent", 10_000, "the exponent of ** in a formula")
FORMULA_BITS = _limit("formula bits", 20_000, "bits of an exact intermediate value while a formula is computed")

# ------------------------------------------------------------------ battles (drydock battle)
BOARD = _limit("board size", 200, "columns or rows of the battle board (the default is 32x18, 0.1)")
RUNS = _limit("runs", 1_000_000, "battles in one drydock battle")
JOBS = _limit("jobs", 64, "worker processes")
SHIPS = _limit("ships per side", 100, "ships on one side of a battle")
TURNS = _limit("turns", 1_000, "turn limit of one battle")
BATTLE_DICE = _limit("volley dice", 100_000, "mounts x weapons per mount x ROF x IMP x DMG summed over a ship's "
                     "banks: the most dice its weapons roll in one Combat Phase of a battle (the example dreadnought: "
                     "96), checked before the battle starts")
SHEET_BOXES = _limit("boxes on a sheet", 10_000, "damage boxes on one display sheet (the largest examples have "
                     "81); laying them out takes about half a millisecond each")
ANALYZE_DICE = _limit("analysis dice", 100_000, "mounts x weapons per mount x ROF x IMP x DMG summed over a "
                      "design's banks, whose volleys drydock analyze computes exactly (the example dreadnought: 96)")
ANALYZE_STEPS = _limit("analysis size", 1_000_000, "longest range x 6 shield ratings x bank modes in drydock "
                       "analyze's tables (the example cruiser: 864)")
TOURNAMENT_DESIGNS = _limit("tournament designs", 100, "distinct designs in one drydock tournament (identical "
                            "designs, such as a fleet's copies, count once): 4,950 pairings")
TOURNAMENT_BATTLES = _limit("tournament battles", 3_000_000, "battles one drydock tournament can fight, counted "
                            "before the first: each pairing's plan game fights at most 3 x runs (the race, the "
                            "doctrine check, the verdict's battles), or round 1 of the race and one round of the check "
                            "when runs is small, so 100 designs at the default 200 runs fit")
STATE_FILE = _limit("tournament state size", 8 * 1024 * 1024, "bytes in one drydock tournament --state file (a "
                    "hundred designs' pairings take under 1 MB)")
SCHEDULER_TIMEOUT = _limit("scheduler timeout", 3_600, "seconds drydock tournament --scheduler-timeout may wait "
                           "for a Dask scheduler to connect or answer, or for a worker to join (default 30)")

# ------------------------------------------------------------------ campaigns (drydock campaign, Appendix T)
CAMPAIGN_OBJECTIVES = _limit("campaign objectives", 500, "objectives on a campaign map (the T.1 map has 16), and "
                             "links of one objective")
CAMPAIGN_SHIPS = _limit("campaign ships", 1_000, "ships of one side of a campaign, lost ones included (a 2,000 CR "
                        "fleet is a dozen or two)")
CAMPAIGN_TURNS = _limit("campaign turns", 10_000, "turns of one campaign, and battles it records")
CAMPAIGN_HISTORY = _limit("campaign history", 100_000, "lines of a campaign's history (a few per turn)")
CAMPAIGN_BOXES = _limit("campaign track boxes", 1_000, "boxes of one track of a campaign ship, and boxes checked "
                        "on it (the hull table ends at 35; the campaign page draws up to 100 hull boxes a ship)")
CAMPAIGN_RP = _limit("campaign RPs", 10**9, "replenishment points a side has saved (T.1(7): a few hundred a turn)")
CAMPAIGN_PLACE = _limit("campaign map place", 1_000, "column or row where a campaign map draws an objective (the "
                        "T.1 map's reach 6)")
CAMPAIGN_NAME = _limit("campaign name", 200, "characters in a campaign's, player's or ship's name or a design's "
                       "title kept in a campaign file")
CAMPAIGN_OBJECTIVE = _limit("objective name", 40, "characters in the name of a campaign map's objective (A1, C4)")
CAMPAIGN_SEED = _limit("campaign seed", 10**12, "the seed of a battle a campaign records, or the RP roll's seed")
CAMPAIGN_PLAYERS = _limit("campaign players", 64, "players of a T.2 rotating campaign or T.3 tournament (T.3: "
                          "64 fleets are 2,016 group games)")


def check(what: str, value: int, limit: Limit, *, file: str | None = None, low: int | None = None) -> int:
    """``value`` if ``abs(value)`` (or ``value`` itself when ``low`` is given) is within ``limit``; else raise."""
    if low is not None:
        if value < low:  # too small is not "past the limit": say what is allowed
            where = f"{file}: " if file else ""
            raise DrydockError(f"{where}{what} must be at least {low:,}, not {_short_number(value)}")
        ok = value <= limit.value
    else:
        ok = -limit.value <= value <= limit.value
    if not ok:
        raise LimitError(what, limit, file=file, value=value)
    return value


def check_count(what: str, items: Iterable[Any] | int, limit: Limit, *, file: str | None = None) -> None:
    n = items if isinstance(items, int) else len(list(items))
    if n > limit.value:
        raise LimitError(what, limit, file=file, value=n)


def check_digits(text: str, *, what: str = "a number", file: str | None = None) -> str:
    """Refuse a run of digits longer than :data:`DIGITS` before ``int()`` sees it."""
    digits = sum(c.isdigit() for c in text)
    if digits > DIGITS.value:
        raise LimitError(f"{what} with {digits} digits", DIGITS, file=file)
    return text


_LONG_NUMBER = re.compile(rf"\d{{{DIGITS.value + 1},}}")


def check_numbers_in(text: str, *, what: str = "a number", file: str | None = None) -> str:
    """Refuse any run of digits in ``text`` longer than :data:`DIGITS` (before a regex group reaches ``int()``)."""
    m = _LONG_NUMBER.search(text)
    if m is not None:
        raise LimitError(f"{what} with {len(m.group(0)):,} digits", DIGITS, file=file)
    return text


def to_int(text: str, *, what: str = "a number", file: str | None = None) -> int:
    """``int(text)`` after :func:`check_digits`."""
    return int(check_digits(text, what=what, file=file))


def check_text(text: str, *, file: str | None = None, line_limit: Limit | None = LINE,
               size_limit: Limit = TEXT_FILE) -> None:
    """Refuse a text longer than ``size_limit`` or with a line longer than ``line_limit``."""
    if len(text) > size_limit.value:
        raise LimitError("the file", size_limit, file=file, value=f"{len(text):,} characters")
    if line_limit is None or len(text) <= line_limit.value:
        return
    start = 0
    no = 1
    while True:
        end = text.find("\n", start)
        stop = len(text) if end < 0 else end
        if stop - start > line_limit.value:
            raise LimitError(f"line {no}", line_limit, file=file, value=f"{stop - start:,} characters", line=no)
        if end < 0:
            return
        start = end + 1
        no += 1


_NUMBER_RE = re.compile(r"\d[\d,]*")


def check_legacy_text(text: str, *, file: str | None = None) -> None:
    """Size, line length and every number of an Admiralty or Nova text (comment lines ``#`` excepted)."""
    if len(text) > LEGACY_FILE.value:
        raise LimitError("the file", LEGACY_FILE, file=file, value=f"{len(text):,} characters")
    check_text(text, file=file, line_limit=LEGACY_LINE)
    for no, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#"):
            continue
        for m in _NUMBER_RE.finditer(line):
            digits = m.group(0).replace(",", "")
            if len(digits.lstrip("0")) > len(str(LEGACY_NUMBER.value)) or int(digits) > LEGACY_NUMBER.value:
                raise LimitError(f"line {no}: the number", LEGACY_NUMBER, file=file, value=digits, line=no)


def check_battle(*, runs: int, jobs: int, turns: int, board: tuple[int, int], ships: tuple[int, int]) -> None:
    """Bounds of a ``drydock battle``: runs, jobs, turns, board size, ships per side, and that each side's
    ships fit its half of the board (2.3 deployment puts one ship per hex)."""
    check("--runs", runs, RUNS, low=1)
    check("--jobs", jobs, JOBS, low=1)
    check("--turns", turns, TURNS, low=1)
    w, h = board
    for name, v in (("board columns", w), ("board rows", h)):
        if v < 8:
            raise DrydockError(f"the board is at least 8x8 ({name}: {v})")
        check(name, v, BOARD, low=8)
    room = h * (w // 2 - 1)
    for side, n in zip("AB", ships, strict=True):
        check(f"side {side}: ships", n, SHIPS, low=1)
        if n > room:
            raise DrydockError(f"side {side}: {n} ships do not fit a {w}x{h} board (each side deploys at most "
                               f"{room}, one per hex in its half); use a larger --board")


def table() -> list[tuple[str, int, str]]:
    """(name, value, reason) for every limit, for documentation and ``docs/limits.md``."""
    return [(lim.name, lim.value, lim.reason) for lim in LIMITS.values()]
