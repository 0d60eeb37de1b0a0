"""The :class:`Ruleset`: the Unity tables validated and indexed, with house-rule overrides.

``Ruleset.unity()`` is the book. ``Ruleset.from_data(overrides)`` deep-merges a
house-rule mapping (the same keys as :data:`drydock.core.rules.unity.UNITY`) over the
book and validates the result, so a bad house rule fails once, at load time, with
a :class:`~drydock.errors.RulesError` naming the key.
"""

from __future__ import annotations

import copy
import hashlib
import json
from fractions import Fraction
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, PlainValidator, ValidationError, model_validator

from drydock.core.messages import explain
from drydock.core.rules.formula import Exact, Formula, ceil, exact
from drydock.core.rules.names import check_names
from drydock.core.rules.play_rules import PlayRules
from drydock.core.rules.unity import UNITY
from drydock.core.suggest import did_you_mean
from drydock.errors import RulesError

#: Every weapon variable, given to every weapon formula (bsur, seeking_addition, defensive_addition):
#: L long range band (a seeker's MA), MA seeker MA (0 for other weapons), ROF, ACC and ACC_SEEK
#: (the A.1 standard and seeking accuracy factors), IMP, DMG and TRAITS (how many traits the mode has).
#: ACC_STD is always the standard column; B (seeking/defensive additions only) the BSUR before them.
WEAPON_VARIABLES = ("L", "MA", "ROF", "ACC", "ACC_SEEK", "ACC_STD", "IMP", "DMG", "TRAITS", "B")

#: Variables each top-level formula may use.
FORMULA_VARIABLES: dict[str, tuple[str, ...]] = {
    "total_su": ("H",),
    "engine_factor": ("H",),
    "shield_factor": ("H",),
    "bsur": WEAPON_VARIABLES,
    "seeking_addition": WEAPON_VARIABLES,
    "defensive_addition": WEAPON_VARIABLES,
    "dual_mode_bsur": ("B1", "B2"),
    "bank_su": ("BSUR", "MOUNTS", "ARCS", "MOUNT"),
    "bank_orat": ("SU", "ER", "L"),
    "base_drat": ("HULL", "S", "H"),
    "combat_rating": ("ORAT", "DRAT"),
    "track_boxes": ("H",),
    "loss_limit": ("N",),
    "orat_engine_rating": ("ER", "BOOSTERS", "SAILS"),
}

SYSTEM_VARIABLES = ("n", "H", "ER", "ERO", "S", "ESR", "EF", "SF", "WSU", "WORAT")

TechCategory = Literal["engines", "shields", "weapons", "fighters"]

#: A factor from the tables, read exactly ("0.43" is 43/100; floats from YAML by their decimal text).
Factor = Annotated[Exact, PlainValidator(lambda value: exact(value))]  # one argument: pydantic < 2.6 would
# pass its ValidationInfo as exact()'s second parameter (the limit)


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class FormulaEntry(_Entry):
    expr: str
    section: str = ""
    confidence: str = "H"
    note: str = ""


class TraitRule(_Entry):
    name: str
    multiplier: Factor | None = None
    stage: Literal["before", "after"] = "before"
    range_based: bool = False
    defensive: bool = False
    max_count: int = 1
    requires: dict[Literal["rof", "imp", "dmg", "acc"], int] = {}
    aliases: list[str] = []
    """Other names players write (``Proximity 1`` for the Companion's default Proximity)."""
    section: str = ""
    confidence: str = "H"
    note: str = ""
    quote: str = ""


class ForbiddenPair(_Entry):
    traits: tuple[str, str]
    section: str = ""
    confidence: str = "H"
    note: str = ""


class TraitRules(_Entry):
    section: str = ""
    max_range_based: int = 2
    forbidden_pairs: list[ForbiddenPair] = []
    seeker_forbids_range_based: bool = True
    seeker_forbids: list[str] = []


class RangePairs(_Entry):
    section: str = ""
    pairs: dict[str, Factor | None]


class AlternateArc(_Entry):
    name: str
    standard: str


class Arcs(_Entry):
    section: str = ""
    component: str
    alternate: dict[str, AlternateArc]
    defensive: dict[str, Factor]


#: The A.5 system type letters and the names ``drydock rules systems`` shows beside them.
SYSTEM_TYPES = {"E": "equipment", "M": "munitions", "T": "ship trait"}
_TYPE_NAMES = {**{k.lower(): k for k in SYSTEM_TYPES}, **{v: k for k, v in SYSTEM_TYPES.items()},
               **{f"{k} {v}".lower(): k for k, v in SYSTEM_TYPES.items()}, "munition": "M", "trait": "T"}


def _system_type(value: Any) -> Any:
    """A system's type as a house-rule file may write it: the letter (E, M, T) or the name ``drydock rules``
    shows (equipment, munitions, ship trait), any case; kept as the letter. Anything else is left for the
    ``Literal`` check to refuse."""
    if isinstance(value, str):
        return _TYPE_NAMES.get(" ".join(value.split()).lower(), value)
    return value


class SystemRule(_Entry):
    section: str = ""
    type: Annotated[Literal["E", "M", "T"], BeforeValidator(_system_type)]
    su: str = "0"
    orat: str | None = None
    drat_mult: str | None = None
    drat_add: str | None = None
    hull_mult: Factor | None = None
    orat_engine: Literal["boosters", "sails"] | None = None
    """Feeds the BOOSTERS count or the SAILS flag of the ORAT engine rating formula (A.5 [1], [9])."""
    tech: TechCategory | None = None
    tech_scales_su: bool = True
    multiples: bool = False
    family: str | None = None
    unit: str | None = None
    requires: str | None = None
    priced_per: str | None = None
    """Price from the quantity of this other system, not the entry's own (Launch Tubes: the Carrier's flights)."""
    structural: Literal["shields", "screens"] | None = None
    abbr: list[str] = []
    confidence: str = "H"
    note: str = ""


class Option(_Entry):
    value: str
    choices: list[str]
    section: str = ""
    quote: str = ""

    @model_validator(mode="after")
    def _known(self) -> Option:
        if self.value not in self.choices:
            raise ValueError(f"{self.value!r} is not one of {self.choices}")
        return self


class ExpendableBand(_Entry):
    hull: tuple[int, int]
    factor: Factor


class RulesData(_Entry):
    """The validated shape of a ruleset mapping (book or book + house rules)."""

    name: str
    hull: dict[str, Any]
    formulas: dict[str, FormulaEntry]
    shields: dict[str, Any]
    directional_shields: dict[str, Any]
    screens: dict[str, Any]
    acc_factors: dict[str, Any]
    seekers: dict[str, Any]
    weapon_limits: dict[str, Any]
    traits: dict[str, TraitRule]
    trait_rules: TraitRules
    range_pairs: RangePairs
    arcs: Arcs
    mounts: dict[str, Any]
    expendable_orat: dict[str, Any]
    tech_levels: dict[str, Any]
    options: dict[str, Option]
    systems: dict[str, SystemRule]
    battle_sizes: dict[str, Any]
    play: dict[str, Any]
    drydock_caps: dict[str, Any]


def _merge(base: Any, over: Any) -> Any:
    """Deep-merge ``over`` into a copy of ``base`` (mappings merge, anything else replaces)."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = _merge(base[key], value) if key in base else copy.deepcopy(value)
        return out
    return copy.deepcopy(over)


class Ruleset:
    """Validated rules tables with fast lookups. Immutable once built.

    Every number is exact (``int`` or :class:`~fractions.Fraction`). A malformed
    entry, or a formula that fails for ordinary values (a probe rates every hull
    size and one typical design), raises :class:`RulesError` naming the key.
    """

    def __init__(self, data: dict[str, Any], probe: bool = True) -> None:
        """``probe``: evaluate every formula once now (:meth:`_probe`); only the book's own rules, probed by the
        tests, skip it (issue 35: it was a quarter of each command's start-up)."""
        try:
            self.data = RulesData.model_validate(data)
        except ValidationError as exc:
            loc, message, given = explain(exc.errors(), RulesData)
            where = ".".join(str(p) for p in loc)
            shown = f": {given!r}" if isinstance(given, (str, int, float)) else ""
            raise RulesError(f"rules entry {where}: {message}{shown}") from None
        self.raw = data
        d = self.data
        self.name = d.name
        self.hull_min = _int(d.hull, "hull", "min", 1, 1000)
        self.hull_max = _int(d.hull, "hull", "max", self.hull_min, 1000)
        self.shield_max = _int(d.shields, "shields", "max", 0, 5)
        missing = set(FORMULA_VARIABLES) - set(d.formulas)
        if missing:
            raise RulesError(f"rules formulas missing: {', '.join(sorted(missing))}")
        self.formulas: dict[str, Formula] = {}
        for key, entry in d.formulas.items():
            if key not in FORMULA_VARIABLES:
                raise RulesError(f"rules entry formulas.{key}: unknown formula")
            self.formulas[key] = Formula(entry.expr, FORMULA_VARIABLES[key], f"formulas.{key}")
        self.acc_standard = _factors(d.acc_factors, "acc_factors", "standard", int)
        self.acc_seeking = _factors(d.acc_factors, "acc_factors", "seeking", int)
        self.ma_min = _int(d.seekers, "seekers", "min_ma", 0, 1000)
        self.ma_max = _int(d.seekers, "seekers", "max_ma", self.ma_min, 1000)
        caps = d.drydock_caps
        self.drydock_caps = {k: _int(caps, "drydock_caps", k, 0, 10**6)
                             for k in ("engines", "screens", "rof", "imp", "dmg", "range", "traits")}
        self.max_traits = self.drydock_caps["traits"]
        self.screens_max = self.drydock_caps["screens"]
        self.traits = d.traits
        self.range_based = frozenset(k for k, t in d.traits.items() if t.range_based)
        self.range_pairs: dict[frozenset[str], Exact | None] = {}
        for key, value in d.range_pairs.pairs.items():
            parts = key.split("+")
            if len(parts) != 2 or any(p not in d.traits for p in parts):
                raise RulesError(f"rules entry range_pairs.pairs.{key}: expected 'Abc+Def' of known traits")
            self.range_pairs[frozenset(parts)] = value
        self.forbidden_pairs = [(frozenset(p.traits), p) for p in d.trait_rules.forbidden_pairs]
        self.mount_modifiers = _factors(d.mounts, "mounts", "modifiers", int)
        try:
            self.expendable_bands = [ExpendableBand.model_validate(b) for b in d.expendable_orat["bands"]]
        except (ValidationError, KeyError, TypeError):
            raise RulesError("rules entry expendable_orat.bands: expected a list of {hull: [lo, hi], factor: x}") \
                from None
        self.tech_modifiers = _factors(d.tech_levels, "tech_levels", "modifiers", int)
        self.tech_categories = tuple(str(c) for c in _get(d.tech_levels, "tech_levels", "categories", list))
        self.options = {k: o.value for k, o in d.options.items()}
        for key in _REQUIRED_OPTIONS:
            if key not in self.options:
                raise RulesError(f"rules entry options.{key}: missing")
        self.screen_hull_eq = _factor(_get(d.screens, "screens", "hull_equivalent", object),
                                      "screens.hull_equivalent")
        self.dir_screen_hull_eq = _factors(d.screens, "screens", "directional_hull_equivalent", str)
        self.esr_weights = _factors(d.directional_shields, "directional_shields", "weights", str)
        for table, where in ((self.dir_screen_hull_eq, "screens.directional_hull_equivalent"),
                             (self.esr_weights, "directional_shields.weights")):
            if set(table) != {"fwd", "port", "stbd", "aft"}:
                raise RulesError(f"rules entry {where}: expected the keys fwd, port, stbd, aft")
        self.battle_sizes = [int(x) for x in _get(d.battle_sizes, "battle_sizes", "limits", list)
                             if isinstance(x, int) and not isinstance(x, bool)]

        self.play: PlayRules = PlayRules.from_data(d.play, d.battle_sizes)
        self.systems = d.systems
        self.system_formulas: dict[tuple[str, str], Formula] = {}
        for name, rule in d.systems.items():
            for field in ("su", "orat", "drat_mult", "drat_add"):
                expr = getattr(rule, field)
                if expr is not None:
                    self.system_formulas[(name, field)] = Formula(expr, SYSTEM_VARIABLES,
                                                                  f"systems.{name}.{field}")
            if rule.priced_per is not None and rule.priced_per not in d.systems:
                raise RulesError(f"rules entry systems.{name}.priced_per: unknown system {rule.priced_per!r}")
        self._trait_index = _alias_index(
            {abbr: [abbr, t.name, *t.aliases] for abbr, t in d.traits.items()}
        )
        self._system_index = _alias_index({name: [name, *r.abbr] for name, r in d.systems.items()})
        if probe:
            self._probe()

    def _probe(self) -> None:
        """Evaluate every formula once for ordinary values, so a broken house rule fails at load time."""
        for hull in range(self.hull_min, self.hull_max + 1):
            self.hull_constants(hull)
        f = self.formulas
        weapon: dict[str, Exact] = {"L": 9, "MA": 8, "ROF": 1, "ACC": Fraction(1, 4), "ACC_SEEK": Fraction(3, 10),
                                    "ACC_STD": Fraction(1, 4), "IMP": 1, "DMG": 1, "TRAITS": 1, "B": 10}
        sample: dict[str, dict[str, Exact]] = {
            "bsur": weapon,
            "seeking_addition": weapon,
            "defensive_addition": weapon,
            "dual_mode_bsur": {"B1": 10, "B2": 5},
            "bank_su": {"BSUR": 10, "MOUNTS": 1, "ARCS": 2, "MOUNT": 1},
            "bank_orat": {"SU": 30, "ER": 4, "L": 9},
            "base_drat": {"HULL": 8, "S": 2, "H": 8},
            "combat_rating": {"ORAT": 600, "DRAT": 50},
            "loss_limit": {"N": 3},
            "orat_engine_rating": {"ER": 4, "BOOSTERS": 0, "SAILS": 0},
        }
        for key, variables in sample.items():
            f[key](**variables)
        fvars: dict[str, Exact] = {"n": 2, "H": 8, "ER": 4, "ERO": 4, "S": 2, "ESR": 2, "EF": 104, "SF": 108,
                                   "WSU": 300, "WORAT": 400}
        for formula in self.system_formulas.values():
            formula(**fvars)

    # ----------------------------------------------------------------- builders
    @classmethod
    def unity(cls) -> Ruleset:
        """The Unity v2.0 book rules (cached)."""
        global _UNITY
        if _UNITY is None:
            _UNITY = cls(UNITY, probe=False)  # the book's formulas: tests/cli/test_startup.py probes them
        return _UNITY

    @classmethod
    def from_data(cls, overrides: dict[str, Any] | None) -> Ruleset:
        """The book rules with ``overrides`` (a house-rule mapping) deep-merged over them."""
        if not overrides:
            return cls.unity()
        if not isinstance(overrides, dict):
            raise RulesError("a house-rule file must be a mapping of rules entries")
        unknown = set(overrides) - set(UNITY)
        if unknown:
            raise RulesError("unknown rules entries: " + ", ".join(
                f"{k}{did_you_mean(str(k), UNITY)}" for k in sorted(map(str, unknown))))

        check_names(overrides)
        _check_new_names(overrides)
        return cls(_merge(UNITY, overrides))

    # ------------------------------------------------------------- identity
    @property
    def is_book(self) -> bool:
        """True for the Unity v2.0 book rules with no house rule merged over them."""
        return self.raw is UNITY

    @cached_property
    def fingerprint(self) -> str:
        """Eight hex digits that change whenever any rules entry changes (house rules made visible)."""
        text = json.dumps(self.raw, sort_keys=True, default=str, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]

    @property
    def label(self) -> str:
        """How outputs name the rules: ``Unity v2.0`` for the book, else ``NAME (house rules, fingerprint)``."""
        if self.is_book:
            return "Unity v2.0"
        return f"{self.name} (house rules, {self.fingerprint})"

    # ------------------------------------------------------------------ lookups
    def trait_code(self, text: str) -> str | None:
        """The canonical abbreviation for a trait abbreviation or full name, any case."""
        return self._trait_index.get(_norm(text))

    def system_name(self, text: str) -> str | None:
        """The canonical system name for a name or abbreviation, any case."""
        return self._system_index.get(_norm(text))

    def tech_modifier(self, level: int) -> Exact:
        return self.tech_modifiers[level]

    def expendable_factor(self, hull: int) -> Exact:
        for band in self.expendable_bands:
            if band.hull[0] <= hull <= band.hull[1]:
                return band.factor
        return 1

    def hull_constants(self, hull: int) -> tuple[int, Exact, Exact, int, Exact]:
        """(total SU, engine factor, shield factor, track boxes N, Expendable ORAT factor) for a hull (A.1-A.3)."""
        memo = self._hull_memo
        out = memo.get(hull)
        if out is None:
            f = self.formulas
            total = f["total_su"](H=hull)
            boxes = f["track_boxes"](H=hull)
            out = (ceil(total), f["engine_factor"](H=hull), f["shield_factor"](H=hull), ceil(boxes),
                   self.expendable_factor(hull))
            if len(memo) < 1000:
                memo[hull] = out
        return out

    @cached_property
    def _hull_memo(self) -> dict[int, tuple[int, Exact, Exact, int, Exact]]:
        return {}

    @cached_property
    def memo(self) -> dict[Any, Any]:
        """Results of pure calculator steps under these rules (:mod:`drydock.core.calc`), keyed by their inputs."""
        return {}

    def clear_memo(self) -> None:
        """Forget every memoised calculator result, e.g. to time a cold start."""
        self.memo.clear()
        self.arc_counts.clear()

    @cached_property
    def arc_counts(self) -> dict[str, Exact | None]:
        """Memo of :func:`drydock.core.arcs.arc_count` results for this ruleset."""
        return {}

    @cached_property
    def alternate_arcs(self) -> dict[str, str]:
        return {code: a.standard for code, a in self.data.arcs.alternate.items()}

    def option(self, key: str) -> str:
        return self.options[key]


_UNITY: Ruleset | None = None


def _check_new_names(overrides: dict[str, Any]) -> None:
    """A house rule may add a trait or system, but one that lacks what a new entry needs and is spelt
    like an existing one is a typo: say which (``systems.Hyperdrve`` -> Hyperdrive)."""
    for table, needs in (("traits", "name"), ("systems", "type")):
        entries = overrides.get(table)
        if not isinstance(entries, dict):
            continue
        for key, entry in entries.items():
            if key in UNITY[table] or (isinstance(entry, dict) and needs in entry):
                continue
            hint = did_you_mean(str(key), UNITY[table])
            if hint:
                raise RulesError(f"rules entry {table}.{key}: not in the book{hint}; a new entry needs '{needs}'")


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _alias_index(names: dict[str, list[str]]) -> dict[str, str]:
    index: dict[str, str] = {}
    for canonical, aliases in names.items():
        for alias in aliases:
            index[_norm(alias)] = canonical
    return index


_REQUIRED_OPTIONS = ("drat_rounding", "cr_drat", "orat_tech_unapply", "expendable_rounding",
                     "defensive_base_column", "drydock_caps")


def _get(table: dict[str, Any], section: str, key: str, kind: type) -> Any:
    """``table[key]`` of the expected type, or a RulesError naming ``section.key``."""
    if key not in table:
        raise RulesError(f"rules entry {section}.{key}: missing")
    value = table[key]
    if kind is not object and (not isinstance(value, kind) or isinstance(value, bool)):
        raise RulesError(f"rules entry {section}.{key}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def _int(table: dict[str, Any], section: str, key: str, lo: int, hi: int) -> int:
    value = _get(table, section, key, int)
    if not lo <= value <= hi:
        raise RulesError(f"rules entry {section}.{key}: {value} is outside {lo}-{hi}")
    return value


def _factor(value: Any, where: str) -> Exact:
    try:
        return exact(value)
    except ValueError as exc:
        raise RulesError(f"rules entry {where}: {exc}: {str(value)[:40]!r}") from None


def _factors(table: dict[str, Any], section: str, key: str, key_type: type) -> dict[Any, Exact]:
    """A mapping of exact factors (``acc_factors.standard``: ``{"2": "0.43", ...}``), keys as ``key_type``."""
    values = _get(table, section, key, dict)
    out: dict[Any, Exact] = {}
    for k, v in values.items():
        where = f"{section}.{key}.{k}"
        try:
            kk = key_type(k)
        except (TypeError, ValueError):
            raise RulesError(f"rules entry {where}: the key must be {key_type.__name__}") from None
        out[kk] = _factor(v, where)
    return out
