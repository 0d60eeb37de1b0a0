"""The sanity range of every play number, as data beside its rule section, and the check of a ``play`` table.

Like the construction limits (:mod:`drydock.limits`), a range sits above anything the rule or a sane
house rule needs, and below what would hang or exhaust a battle: a comet tail of 10^8 hexes, E.7 dice
of 10^9, 10^7 fighters a flight. :func:`check_play` walks a ruleset's ``play`` table (and the 2.2
``battle_sizes``) against :data:`PLAY_RANGES` when the ruleset is built, so a house-rule file with
a typo (``los_up_to``), a wrong type (``range: sideways``), a zero where the engine divides, or a
number past its range fails at load time with one line naming the entry and the range
(``docs/limits.md``, "Play numbers"). Every number goes through :mod:`drydock.numbers` first.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from drydock import limits, numbers
from drydock.core.suggest import did_you_mean
from drydock.errors import RulesError

#: Keys any play entry may carry as text: where the rule is and how sure the reading is.
TEXT_KEYS = frozenset({"section", "confidence", "quote", "note", "reading"})
#: The results of a damage die (4.4) and the damage control table (E.1).
RESULTS = ("hull", "engine", "weapon", "shield")


@dataclass(frozen=True)
class Whole:
    """A whole number in ``lo``..``hi``."""

    lo: int
    hi: int


@dataclass(frozen=True)
class Ratio:
    """An exact number (``3/5``, ``0.5``, ``2``) in ``lo``..``hi``."""

    lo: Fraction | int
    hi: Fraction | int


@dataclass(frozen=True)
class Choice:
    """One of ``options`` (text)."""

    options: tuple[str, ...]


@dataclass(frozen=True)
class Wholes:
    """A list of ``n_lo``..``n_hi`` whole numbers, each in ``lo``..``hi`` (``rising``: each above the last)."""

    n_lo: int
    n_hi: int
    lo: int
    hi: int
    rising: bool = False


@dataclass(frozen=True)
class Bands:
    """A list of 1..``n`` pairs ``[from, value]``: ``from`` in ``lo``..``hi`` rising, ``value`` in ``vlo``..``vhi``."""

    lo: int
    hi: int
    vlo: int
    vhi: int
    n: int = 20


@dataclass(frozen=True)
class Faces:
    """A d6 table: faces ``"1"``..``"6"`` (``every``: all six) -> a result of ``results`` (or a list of 1..``many``)."""

    results: tuple[str, ...]
    every: bool = True
    many: int = 0


@dataclass(frozen=True)
class Table:
    """A mapping of 1..``n`` entries: keys ``keys`` (a Whole or Choice; None: any short text) -> ``value``."""

    value: Any
    keys: Any = None
    n: int = 50


@dataclass(frozen=True)
class Record:
    """A mapping of these keys (each optional, since the book's entry is merged under a house rule's)."""

    fields: dict[str, Any]


@dataclass(frozen=True)
class Maybe:
    """``None`` (the rule has none) or ``spec``."""

    spec: Any


DIE = Whole(1, 6)  # a d6 number: "hits on 5-6" is 5
DIE_OR_NONE = Whole(0, 6)  # 0 = none
MODIFIER = Whole(-6, 6)  # a to-hit or impact die modifier
PERCENT = Whole(0, 100)
IMP = Whole(0, 20)
DMG = Whole(1, 20)
FLEET_LIMIT = Whole(1, 100_000)
VP = Whole(0, 100_000)

#: Per scenario (Appendix S): fleet limits [attacker, defender], VP target and the scenario's own numbers.
_SCENARIO = {"fleet_limits": Wholes(2, 2, 1, 100_000), "vp_target": Maybe(Whole(1, 100_000))}
_SCENARIOS = {
    "S.1": Record({**_SCENARIO, "major": PERCENT, "minor": PERCENT}),
    "S.2": Record(_SCENARIO),
    "S.3": Record({**_SCENARIO, "board_length": Ratio(1, 3), "defender_setup": Choice(("rear-guard", "middle"))}),
    "S.3a": Record({**_SCENARIO, "board_length": Ratio(1, 3), "defender_setup": Choice(("rear-guard", "middle"))}),
    "S.4": Record({**_SCENARIO, "kill_multipliers": Wholes(2, 2, 0, 100)}),
    "S.5": Record({**_SCENARIO, "asteroids": Whole(0, 40)}),  # --terrain asteroids:N is 1-40 too
    "S.6": Record(_SCENARIO),
    "S.7": Record({**_SCENARIO, "exit_after": Whole(1, 100_000)}),
    "S.8": Record({**_SCENARIO, "prototype_vp": Whole(0, 100), "prototype_min_cr": Whole(0, 1_000_000)}),
    "S.9": Record(_SCENARIO),
    "S.10": Record({**_SCENARIO, "max_cr": Whole(1, 1_000_000)}),
    "S.11": Record({**_SCENARIO, "reinforce_at": Whole(1, 1_000), "early_kill_vp": Whole(0, 100)}),
    "S.12": Record({**_SCENARIO, "defender_vp": Whole(0, 100)}),
}

#: entry -> (rule section, its shape and ranges). The ranges are sanity bounds, not the rule's own values.
PLAY_RANGES: dict[str, tuple[str, Record]] = {
    "range_modifiers": ("4.2, C.5", Record({"table": Table(Wholes(3, 3, -6, 6))})),
    "impact_modifiers": ("C.5", Record({"table": Table(MODIFIER)})),
    "damage_table": ("4.4", Record({"table": Faces(RESULTS)})),
    "vp_target_ratio": ("2.2", Record({"value": Ratio(Fraction(1, 100), 10)})),
    "high_shields": ("A.1, 4.3", Record({"play": Choice(("maximum-roll", "refuse")), "highest": Whole(5, 10)})),
    "emergency_thrust": ("D.1", Record({"loss_up_to": DIE_OR_NONE})),
    "evasive_penalty": ("D.3", Record({"bands": Bands(0, 1_000, -6, 0)})),
    "freeform_turn_cost": ("D.5", Record({"costs": Wholes(4, 4, 0, 50)})),
    "damage_control": ("E.1", Record({"hull_per_die": Whole(1, 1_000),
                                      "table": Faces(("engine", "weapon", "shield"), every=False)})),
    "directed_damage": ("E.2", Record({"to_hit": MODIFIER})),
    "explosions": ("E.3", Record({"same_hex": DIE, "adjacent": DIE, "tiny": MODIFIER, "imp": IMP, "dmg": DMG})),
    "partial_vp": ("E.4", Record({"first_box": PERCENT, "one_third": PERCENT, "two_thirds": PERCENT,
                                  "destroyed": PERCENT})),
    "shield_reinforcement": ("E.6", Record({"bonus": Whole(0, 5), "max_shield": Whole(0, 5)})),
    "target_acquisition": ("E.7", Record({"tags": Bands(1, 1_000, 1, 10), "dice": Whole(1, 20),
                                          "untagged_range_factor": Whole(1, 10), "auto_range": Whole(0, 1_000)})),
    "combat_space_patrol": ("F.1", Record({"intercept_ma": Ratio(0, 1)})),
    "fighter_screens": ("F.3", Record({"bands": Bands(1, 1_000, -6, 0)})),
    "fighter_variants": ("F.4", Record({
        "field": Choice(("doctrine", "assault", "bomber", "heavy", "interceptor", "light")),
        "variants": Table(Record({"fighters": Whole(1, limits.FLIGHT_FIGHTERS.value), "dice": Whole(1, 10),
                                  "hit_ship": DIE, "hit_flight": DIE, "save": DIE_OR_NONE, "second_loss": DIE_OR_NONE}),
                          keys=Choice(("assault", "bomber", "heavy", "interceptor", "light")))})),
    "long_range_fighters": ("F.6", Record({"cr": Whole(1, 10_000), "hyperspace": DIE, "escape_vp": Ratio(0, 1),
                                           "flights_per_side": Whole(0, 10), "jump_at": Whole(0, 20)})),
    "shipboard_combat": ("B.14", Record({"hits": Table(Whole(0, 10), keys=Choice(("1", "2", "3", "4", "5", "6")))})),
    "bleed_through": ("B.18", Record({"passes": DIE})),
    "battery_lock_on": ("B.22", Record({"roll_per": Choice(("battery", "ship"))})),  # ship: the 5.3 roll
    "asteroid_field": ("G.1", Record({"hit": DIE, "hit_small": DIE, "imp": IMP, "dmg": DMG, "to_hit": MODIFIER})),
    "black_hole_pull": ("G.2", Record({"distances": Wholes(1, 30, 1, 200, rising=True),
                                       "rows": Table(Wholes(1, 30, -1, 200), keys=Choice(("1", "2", "3", "4", "5"))),
                                       "row_reading": Choice(("shifted", "printed")),
                                       "printed": Table(Wholes(1, 30, -1, 200),
                                                        keys=Choice(("1", "2", "3", "4", "5")))})),
    "comet": ("G.3", Record({"to_hit": MODIFIER, "tail_length": Whole(0, 40)})),
    "nebula": ("G.4", Record({"range_increase": Ratio(0, 10)})),
    "three_d": ("G.6", Record({"levels": Wholes(2, 2, 0, 20, rising=True), "start": Whole(0, 20),
                               "range": Choice(("greater", "doubled")), "proximity": Choice(("hex", "altitude"))})),
    "scenarios": ("S", Record({"table": Table(None, keys=Choice(tuple(_SCENARIOS)))})),
    # The Captain's Companion's play rules (--rules companion): engagement limit, alternate damage, Proximity radii,
    # the extended board, the DAC, the disabled ship's capture (D5.3).
    "companion": ("Captain's Companion", Record({
        "engagement_limit": Record({"factor": Ratio(Fraction(1, 10), 100)}),
        "alternate_damage": Record({"table": Faces(RESULTS, many=2)}),
        "proximity_radius": Record({"levels": Table(Whole(0, 5), keys=Choice(("Prx0", "Prx", "Prx2", "Prx3")))}),
        "extended_board": Record({"sections": Wholes(2, 2, 1, 8)}),
        "dac": Record({"locations": Whole(1, 6), "tracks": Choice(("hull", "unity-boxes", "unity-items"))}),
        "attack_modifiers": Record({"rows": Table(Record({"modifier": MODIFIER,
                                                          "played": Choice(("played", "unity", "declared"))}))}),
        "pivots": Record({"divisors": Table(Ratio(Fraction(1, 10), 10), keys=Choice(("A", "B", "C", "D", "E", "F")))}),
        "disabled_capture": Record({"parties": Whole(1, 20),
                                    "shipboard_combat": Choice(("defenders eliminated", "any party"))}),
    })),
}

#: 2.2 battle sizes: names, fleet limits and VP targets, lists of one length.
BATTLE_SIZE_RANGES = Record({"names": None, "limits": Wholes(1, 20, 1, 100_000, rising=True),
                             "vp_targets": Wholes(1, 20, 1, 100_000)})


def range_table() -> list[tuple[str, str, str]]:
    """(entry, rule section, what is allowed) for every play number and choice, for ``docs/limits.md``."""
    out: list[tuple[str, str, str]] = []
    for key, (section, spec) in PLAY_RANGES.items():
        _rows(f"play.{key}", section, spec, out)
    for name, spec in _SCENARIOS.items():
        _rows(f"play.scenarios.table.{name}", name, spec, out)
    _rows("battle_sizes", "2.2", BATTLE_SIZE_RANGES, out)
    return out


def _rows(path: str, section: str, spec: Any, out: list[tuple[str, str, str]]) -> None:
    if isinstance(spec, Maybe):
        spec = spec.spec
    if isinstance(spec, Record):
        for key, sub in spec.fields.items():
            _rows(f"{path}.{key}", section, sub, out)
        return
    if isinstance(spec, Table):
        if spec.value is not None:
            keys = f"{', '.join(spec.keys.options)}" if isinstance(spec.keys, Choice) else "each key"
            _rows(f"{path}.({keys})", section, spec.value, out)
        return
    text = _allowed(spec)
    if text:
        out.append((path, section, text))


def _allowed(spec: Any) -> str:
    if isinstance(spec, Whole):
        return f"whole number {spec.lo:,} to {spec.hi:,}"
    if isinstance(spec, Ratio):
        return f"number or fraction {numbers.number_text(spec.lo)} to {numbers.number_text(spec.hi)}"
    if isinstance(spec, Choice):
        return "one of " + ", ".join(spec.options)
    if isinstance(spec, Wholes):
        n = f"{spec.n_lo}" if spec.n_lo == spec.n_hi else f"{spec.n_lo} to {spec.n_hi}"
        return f"{n} whole numbers, each {spec.lo:,} to {spec.hi:,}" + (", rising" if spec.rising else "")
    if isinstance(spec, Bands):
        return (f"1 to {spec.n} bands [from, value]: from {spec.lo:,} to {spec.hi:,} rising, value {spec.vlo:,} to "
                f"{spec.vhi:,}")
    if isinstance(spec, Faces):
        what = f"1 to {spec.many} of" if spec.many else "one of"
        return ("faces 1-6 (all six)" if spec.every else "faces 1-6") + f" -> {what} " + ", ".join(spec.results)
    return ""


def check_play(play: Any, sizes: Any) -> None:
    """Refuse, with one :class:`RulesError` line naming the entry, anything in ``play`` or ``battle_sizes``
    that is not in :data:`PLAY_RANGES` (did-you-mean), of the wrong type, or outside its range."""
    if not isinstance(play, dict):
        raise RulesError("rules entry play: expected a mapping of play entries")
    for key, value in play.items():
        where = f"play.{key}"
        if key not in PLAY_RANGES:
            raise RulesError(f"rules entry {where}: unknown play entry{did_you_mean(str(key), PLAY_RANGES)}")
        _check(value, PLAY_RANGES[key][1], where)
    if isinstance(play.get("scenarios"), dict) and isinstance(play["scenarios"].get("table"), dict):
        for name, numbers_ in play["scenarios"]["table"].items():
            _check(numbers_, _SCENARIOS[name], f"play.scenarios.table.{name}")
    three_d = play.get("three_d")
    if isinstance(three_d, dict):
        lo, hi = three_d["levels"]
        if not lo <= three_d["start"] <= hi:
            raise RulesError(f"rules entry play.three_d.start: {three_d['start']} is outside the levels {lo} to {hi}")
    _check(sizes, BATTLE_SIZE_RANGES, "battle_sizes")
    names = sizes.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names) or not (
            len(names) == len(sizes.get("limits", ())) == len(sizes.get("vp_targets", ()))):
        raise RulesError("rules entry battle_sizes: names (text), limits and vp_targets must be lists of one length")


def _check(value: Any, spec: Any, where: str) -> None:
    if spec is None:
        return
    if isinstance(spec, Maybe):
        if value is not None:
            _check(value, spec.spec, where)
        return
    if isinstance(spec, Whole):
        numbers_whole(value, where, spec.lo, spec.hi)
    elif isinstance(spec, Ratio):
        try:
            numbers.number(value, f"rules entry {where}", spec.lo, spec.hi)
        except numbers.NumberError as exc:
            raise RulesError(str(exc)) from None
    elif isinstance(spec, Choice):
        if not isinstance(value, str) or value not in spec.options:
            shown = str(value)[:30]
            text = "" if isinstance(value, str) else " (text: quote it)"
            raise RulesError(f"rules entry {where}: {shown!r} is not one of {', '.join(spec.options)}{text}"
                             f"{did_you_mean(shown, spec.options)}")
    elif isinstance(spec, Wholes):
        _check_list(value, spec, where)
    elif isinstance(spec, Bands):
        _check_bands(value, spec, where)
    elif isinstance(spec, Faces):
        _check_faces(value, spec, where)
    elif isinstance(spec, Table):
        _check_table(value, spec, where)
    elif isinstance(spec, Record):
        _check_record(value, spec, where)


def numbers_whole(value: Any, where: str, lo: int, hi: int) -> int:
    """A whole number (an int in the file, not text) within ``lo``..``hi``, or a RulesError naming ``where``
    and the range."""
    if type(value) is not int:
        shown = str(value)[:20]
        raise RulesError(f"rules entry {where}: expected a whole number, {lo:,} to {hi:,}, got {shown!r}")
    try:
        return numbers.whole(value, f"rules entry {where}", lo, hi)
    except numbers.NumberError as exc:
        raise RulesError(str(exc)) from None


def _mapping(value: Any, where: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise RulesError(f"rules entry {where}: expected a mapping, got {type(value).__name__}")
    return value


def _check_record(value: Any, spec: Record, where: str) -> None:
    for key, item in _mapping(value, where).items():
        if key in TEXT_KEYS:
            if not isinstance(item, str):
                raise RulesError(f"rules entry {where}.{key}: expected text")
            continue
        if key not in spec.fields:
            raise RulesError(f"rules entry {where}.{key}: unknown key{did_you_mean(str(key), spec.fields)} "
                             f"(known: {', '.join(spec.fields)})")
        _check(item, spec.fields[key], f"{where}.{key}")


def _check_table(value: Any, spec: Table, where: str) -> None:
    table = _mapping(value, where)
    if not 1 <= len(table) <= spec.n:
        raise RulesError(f"rules entry {where}: expected 1 to {spec.n} entries, got {len(table)}")
    for key, item in table.items():
        if isinstance(spec.keys, Whole):
            numbers_whole(key, f"{where} key {str(key)[:20]!r}", spec.keys.lo, spec.keys.hi)
        elif spec.keys is not None:
            _check(key, spec.keys, f"{where} key")
        elif not isinstance(key, str) or len(key) > 40:
            raise RulesError(f"rules entry {where}: a key must be short text, not {str(key)[:20]!r}")
        _check(item, spec.value, f"{where}.{key}")


def _check_list(value: Any, spec: Wholes, where: str) -> None:
    if not isinstance(value, list) or not spec.n_lo <= len(value) <= spec.n_hi:
        n = f"{spec.n_lo}" if spec.n_lo == spec.n_hi else f"{spec.n_lo} to {spec.n_hi}"
        raise RulesError(f"rules entry {where}: expected a list of {n} whole numbers, each {spec.lo} to {spec.hi}")
    for i, v in enumerate(value):
        numbers_whole(v, f"{where}[{i}]", spec.lo, spec.hi)
    if spec.rising and any(b <= a for a, b in pairwise(value)):
        raise RulesError(f"rules entry {where}: each number must be larger than the one before")


def _check_bands(value: Any, spec: Bands, where: str) -> None:
    if not isinstance(value, list) or not 1 <= len(value) <= spec.n or not all(
            isinstance(b, list) and len(b) == 2 for b in value):
        raise RulesError(f"rules entry {where}: expected a list of 1 to {spec.n} pairs [from, value]")
    for i, (start, v) in enumerate(value):
        numbers_whole(start, f"{where}[{i}][0]", spec.lo, spec.hi)
        numbers_whole(v, f"{where}[{i}][1]", spec.vlo, spec.vhi)
    if any(b[0] <= a[0] for a, b in pairwise(value)):
        raise RulesError(f"rules entry {where}: each band must start above the one before")


def _check_faces(value: Any, spec: Faces, where: str) -> None:
    table = _mapping(value, where)
    for face, result in table.items():
        if str(face) not in {"1", "2", "3", "4", "5", "6"}:
            raise RulesError(f"rules entry {where}: {str(face)[:20]!r} is not a die face 1-6")
        items = result if spec.many and isinstance(result, list) else [result]
        if (spec.many and not (isinstance(result, list) and 1 <= len(result) <= spec.many)) or not all(
                isinstance(r, str) and r in spec.results for r in items):
            what = f"a list of 1 to {spec.many} of" if spec.many else "one of"
            raise RulesError(f"rules entry {where}.{face}: expected {what} {', '.join(spec.results)}"
                             f"{did_you_mean(str(items[0])[:20], spec.results) if items else ''}")
    if spec.every and {str(f) for f in table} != {"1", "2", "3", "4", "5", "6"}:
        raise RulesError(f"rules entry {where}: every face 1-6 needs a result")


__all__ = ["BATTLE_SIZE_RANGES", "PLAY_RANGES", "check_play", "range_table"]
