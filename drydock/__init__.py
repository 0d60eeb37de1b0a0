"""drydock: Starmada Unity starship construction, notation, printing and test battles.

The core (``drydock.rules``, ``drydock.model``, ``drydock.calc``, ``drydock.validation``)
imports no I/O library; notation, workbooks, rendering, the engine and legacy conversion
build on it, and the ``drydock`` command sits on top. Names are imported lazily so
that ``drydock --help`` starts fast.

>>> from drydock import Design, rate
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "ArcValues": "drydock.model",
    "Bank": "drydock.model",
    "Battery": "drydock.model",
    "Design": "drydock.model",
    "StatedValues": "drydock.model",
    "SystemEntry": "drydock.model",
    "TechLevels": "drydock.model",
    "WeaponMode": "drydock.model",
    "DrydockError": "drydock.errors",
    "DrydockSyntaxError": "drydock.errors",
    "RulesError": "drydock.errors",
    "Problem": "drydock.problems",
    "Rating": "drydock.calc",
    "calculate": "drydock.calc",
    "Ruleset": "drydock.rules",
    "rate": "drydock.validation",
    "validate": "drydock.validation",
}

__all__ = [
    "ArcValues",
    "Bank",
    "Battery",
    "Design",
    "DrydockError",
    "DrydockSyntaxError",
    "Problem",
    "Rating",
    "RulesError",
    "Ruleset",
    "StatedValues",
    "SystemEntry",
    "TechLevels",
    "WeaponMode",
    "calculate",
    "rate",
    "validate",
]

if TYPE_CHECKING:  # pragma: no cover
    from drydock.calc import Rating, calculate
    from drydock.errors import DrydockError, DrydockSyntaxError, RulesError
    from drydock.model import ArcValues, Bank, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
    from drydock.problems import Problem
    from drydock.rules import Ruleset
    from drydock.validation import rate, validate


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'drydock' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
