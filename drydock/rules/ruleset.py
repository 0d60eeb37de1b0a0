"""The :class:`Ruleset`: the Unity tables validated and indexed, with house-rule overrides.

``Ruleset.unity()`` is the book. ``Ruleset.from_data(overrides)`` deep-merges a
house-rule mapping (the same keys as :data:`drydock.rules.unity.UNITY`) over the
book and validates the result, so a bad house rule fails once, at load time, with
a :class:`~drydock.errors.RulesError` naming the key.
"""

from __future__ import annotations

import copy
import hashlib
import json
from decimal import Decimal
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from drydock.errors import RulesError
from drydock.rules.formula import Formula, ceil
from drydock.rules.unity import UNITY

#: Every weapon variable, given to every weapon formula (bsur, seeking_addition, defensive_addition):
#: L long range band (a seeker's MA), MA seeker MA (0 for other weapons), ROF, ACC and ACC_SEEK
#: (the A.1 standard and seeking accuracy factors), IMP, DMG and TRAITS (how many traits the mode has).
WEAPON_VARIABLES = ("L", "MA", "ROF", "ACC", "ACC_SEEK", "IMP", "DMG", "TRAITS")

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


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FormulaEntry(_Entry):
    expr: str
    section: str = ""
    confidence: str = "H"
    note: str = ""


class TraitRule(_Entry):
    name: str
    multiplier: Decimal | None = None
    stage: Literal["before", "after"] = "before"
    range_based: bool = False
    defensive: bool = False
    max_count: int = 1
    requires: dict[Literal["rof", "imp", "dmg", "acc"], int] = {}
    section: str = ""
    confidence: str = "H"
    note: str = ""


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
    pairs: dict[str, Decimal | None]


class AlternateArc(_Entry):
    name: str
    standard: str


class Arcs(_Entry):
    section: str = ""
    component: str
    alternate: dict[str, AlternateArc]
    defensive: dict[str, Decimal]


class SystemRule(_Entry):
    section: str = ""
    type: Literal["E", "M", "T"]
    su: str = "0"
    orat: str | None = None
    drat_mult: str | None = None
    drat_add: str | None = None
    hull_mult: Decimal | None = None
    orat_engine: Literal["boosters", "sails"] | None = None
    """Feeds the BOOSTERS count or the SAILS flag of the ORAT engine rating formula (A.5 [1], [9])."""
    tech: TechCategory | None = None
    tech_scales_su: bool = True
    multiples: bool = False
    family: str | None = None
    unit: str | None = None
    requires: str | None = None
    structural: Literal["shields", "screens"] | None = None
    abbr: list[str] = []
    confidence: str = "H"
    note: str = ""


class Option(_Entry):
    value: str
    choices: list[str]
    section: str = ""

    @model_validator(mode="after")
    def _known(self) -> Option:
        if self.value not in self.choices:
            raise ValueError(f"{self.value!r} is not one of {self.choices}")
        return self


class ExpendableBand(_Entry):
    hull: tuple[int, int]
    factor: Decimal


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


def _merge(base: Any, over: Any) -> Any:
    """Deep-merge ``over`` into a copy of ``base`` (mappings merge, anything else replaces)."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = _merge(base[key], value) if key in base else copy.deepcopy(value)
        return out
    return copy.deepcopy(over)


def _dec(value: Any) -> Decimal:
    return Decimal(str(value))


class Ruleset:
    """Validated rules tables with fast lookups. Immutable once built."""

    def __init__(self, data: dict[str, Any]) -> None:
        try:
            self.data = RulesData.model_validate(data)
        except ValidationError as exc:
            from drydock.messages import explain

            loc, message, given = explain(exc.errors(), RulesData)
            where = ".".join(str(p) for p in loc)
            shown = f": {given!r}" if isinstance(given, (str, int, float)) else ""
            raise RulesError(f"rules entry {where}: {message}{shown}") from None
        self.raw = data
        d = self.data
        self.name = d.name
        self.hull_min = int(d.hull["min"])
        self.hull_max = int(d.hull["max"])
        self.shield_max = int(d.shields["max"])
        missing = set(FORMULA_VARIABLES) - set(d.formulas)
        if missing:
            raise RulesError(f"rules formulas missing: {', '.join(sorted(missing))}")
        self.formulas: dict[str, Formula] = {}
        for key, entry in d.formulas.items():
            if key not in FORMULA_VARIABLES:
                raise RulesError(f"rules entry formulas.{key}: unknown formula")
            self.formulas[key] = _compile(entry.expr, FORMULA_VARIABLES[key], f"formulas.{key}")
        self.acc_standard = {int(k): _dec(v) for k, v in d.acc_factors["standard"].items()}
        self.acc_seeking = {int(k): _dec(v) for k, v in d.acc_factors["seeking"].items()}
        self.ma_min = int(d.seekers["min_ma"])
        self.ma_max = int(d.seekers["max_ma"])
        self.max_traits = int(d.weapon_limits.get("max_traits", 5))
        self.traits = d.traits
        self.range_based = frozenset(k for k, t in d.traits.items() if t.range_based)
        self.range_pairs: dict[frozenset[str], Decimal | None] = {}
        for key, value in d.range_pairs.pairs.items():
            parts = key.split("+")
            if len(parts) != 2 or any(p not in d.traits for p in parts):
                raise RulesError(f"rules entry range_pairs.pairs.{key}: expected 'Abc+Def' of known traits")
            self.range_pairs[frozenset(parts)] = value
        self.forbidden_pairs = [(frozenset(p.traits), p) for p in d.trait_rules.forbidden_pairs]
        self.mount_modifiers = {int(k): _dec(v) for k, v in d.mounts["modifiers"].items()}
        self.expendable_bands = [ExpendableBand.model_validate(b) for b in d.expendable_orat["bands"]]
        self.tech_modifiers = {int(k): _dec(v) for k, v in d.tech_levels["modifiers"].items()}
        self.tech_categories = tuple(d.tech_levels["categories"])
        self.options = {k: o.value for k, o in d.options.items()}
        self.screen_hull_eq = _dec(d.screens["hull_equivalent"])
        self.dir_screen_hull_eq = {k: _dec(v) for k, v in d.screens["directional_hull_equivalent"].items()}
        self.screens_max = int(d.screens["max"])
        self.esr_weights = {k: _dec(v) for k, v in d.directional_shields["weights"].items()}
        self.battle_sizes = [int(x) for x in d.battle_sizes["limits"]]
        self.systems = d.systems
        self.system_formulas: dict[tuple[str, str], Formula] = {}
        for name, rule in d.systems.items():
            for field in ("su", "orat", "drat_mult", "drat_add"):
                expr = getattr(rule, field)
                if expr is not None:
                    self.system_formulas[(name, field)] = _compile(expr, SYSTEM_VARIABLES, f"systems.{name}.{field}")
        self._trait_index = _alias_index(
            {abbr: [abbr, t.name] for abbr, t in d.traits.items()}
        )
        self._system_index = _alias_index({name: [name, *r.abbr] for name, r in d.systems.items()})

    # ----------------------------------------------------------------- builders
    @classmethod
    def unity(cls) -> Ruleset:
        """The Unity v2.0 book rules (cached)."""
        global _UNITY
        if _UNITY is None:
            _UNITY = cls(UNITY)
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
            from drydock.suggest import did_you_mean

            raise RulesError("unknown rules entries: " + ", ".join(
                f"{k}{did_you_mean(str(k), UNITY)}" for k in sorted(map(str, unknown))))
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

    def tech_modifier(self, level: int) -> Decimal:
        return self.tech_modifiers[level]

    def expendable_factor(self, hull: int) -> Decimal:
        for band in self.expendable_bands:
            if band.hull[0] <= hull <= band.hull[1]:
                return band.factor
        return Decimal(1)

    def hull_constants(self, hull: int) -> tuple[int, Decimal, Decimal, int, Decimal]:
        """(total SU, engine factor, shield factor, track boxes N, Expendable ORAT factor) for a hull (A.1-A.3)."""
        memo = self._hull_memo
        out = memo.get(hull)
        if out is None:
            f = self.formulas
            total = f["total_su"](H=hull)
            boxes = f["track_boxes"](H=hull)
            out = (int(ceil(total)), f["engine_factor"](H=hull), f["shield_factor"](H=hull), int(ceil(boxes)),
                   self.expendable_factor(hull))
            if len(memo) < 1000:
                memo[hull] = out
        return out

    @cached_property
    def _hull_memo(self) -> dict[int, tuple[int, Decimal, Decimal, int, Decimal]]:
        return {}

    @cached_property
    def arc_counts(self) -> dict[str, Decimal | None]:
        """Memo of :func:`drydock.arcs.arc_count` results for this ruleset."""
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
    from drydock.suggest import did_you_mean

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


def _compile(expr: str, variables: tuple[str, ...], where: str) -> Formula:
    try:
        return Formula(expr, variables)
    except RulesError as exc:
        raise RulesError(f"rules entry {where}: {exc}") from None
