"""Help to fix a design: the nearest valid names for a typo, and what would fit when a design is over space.

Core module (no I/O). :mod:`drydock.core.validation` adds these hints to its problem messages
(``UNKNOWN_TRAIT``, ``UNKNOWN_SYSTEM``, ``OVER_SPACE``).
"""

from __future__ import annotations

import math

from drydock.core.calc import Rating, calculate
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.suggest import closest, or_list


def trait_suggestion(word: str, rules: Ruleset) -> str:
    """`` (did you mean Acr (Accurate)?)`` for a misspelt weapon trait, or ``""`` (C.5)."""
    names = {abbr: abbr for abbr in rules.traits} | {t.name: abbr for abbr, t in rules.traits.items()}
    found = list(dict.fromkeys(names[c] for c in closest(word, names)))
    if not found:
        return ""
    return f" (did you mean {or_list([f'{a} ({rules.traits[a].name})' for a in found])}?)"


def system_suggestion(word: str, rules: Ruleset) -> str:
    """`` (did you mean Countermeasures?)`` for a misspelt system name or abbreviation, or ``""`` (A.5)."""
    names = {name: name for name in rules.systems} | {a: name for name, r in rules.systems.items() for a in r.abbr}
    found = list(dict.fromkeys(names[c] for c in closest(word, names)))
    return f" (did you mean {or_list(found)}?)" if found else ""


#: Variables through which a system's SU follows the engine rating or the shield rating (A.5).
_FOLLOWS = {"engines": frozenset({"ER", "ERO"}), "shields": frozenset({"S", "ESR"})}


def _largest_fitting(design: Design, rating: Rating, key: str, rules: Ruleset) -> tuple[int, int] | None:
    """(largest value below the current one that fits, SU it saves) for ``engines`` or ``shields`` (A.1).

    The engine or shield SU is worked out directly (rating x factor x tech modifier, rounded up);
    only when a listed system's cost follows that rating is the design recalculated to make sure.
    """
    over = rating.used_su - rating.total_su
    factor = rating.engine_factor if key == "engines" else rating.shield_factor
    tech = rules.tech_modifiers.get(getattr(design.tech, key), 1)
    top = rules.shield_max if key == "shields" else None

    def cost(value: int) -> int:
        value = max(value, 0) if top is None else min(max(value, 0), top)
        return math.ceil(value * factor * tech)  # exact: int and Fraction

    current = getattr(design, key)
    now = cost(current)
    follows = any(rules.system_formulas.get((e.name, "su")) is not None
                  and rules.system_formulas[(e.name, "su")].variables & _FOLLOWS[key] for e in design.systems)
    for value in range(min(current, top or current) - 1, -1, -1):
        if now - cost(value) < over:
            continue
        if not follows:
            return value, now - cost(value)
        r = calculate(design.model_copy(update={key: value}), rules)
        if r.used_su <= r.total_su:
            return value, rating.used_su - r.used_su
    return None


def fit_advice(design: Design, rating: Rating, rules: Ruleset) -> str:
    """What would bring an over-space design within its hull: a smaller engine or shield rating, or which
    bank costs most (A.1). Empty when the design fits."""
    over = rating.used_su - rating.total_su
    if over <= 0:
        return ""
    hints = []
    if design.engines > 0:
        fit = _largest_fitting(design, rating, "engines", rules)
        if fit is not None:
            hints.append(f"engines {fit[0]} would fit (saves {fit[1]} SU)")
    if isinstance(design.shields, int) and design.shields > 0:
        fit = _largest_fitting(design, rating, "shields", rules)
        if fit is not None:
            hints.append(f"shields {fit[0]} would fit (saves {fit[1]} SU)")
    banks = [(bank.su, battery.name, bank.entry) for battery in rating.batteries for bank in battery.banks]
    if banks:
        su, name, entry = max(banks)
        hints.append(f"the costliest bank is {name} {entry} ({su} SU)")
    costly = max(rating.systems, key=lambda s: s.su, default=None)
    if costly is not None and costly.su > 0:
        hints.append(f"the costliest system is {costly.name} ({costly.su} SU)")
    return "; ".join(hints)
