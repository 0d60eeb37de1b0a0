"""drydock: Starmada Unity starship construction, notation, printing and test battles.

The core (``drydock.core``: rules, model, calculator, validation) imports no I/O library;
``drydock.formats`` (every file format), ``drydock.render``, ``drydock.convert`` (legacy
conversion runs), ``drydock.engine`` and ``drydock.insight`` build on it, and the ``drydock``
command (``drydock.cli``) sits on top: see docs/architecture.md. Names are imported lazily so
that ``drydock --help`` starts fast.

>>> from drydock import Design, rate
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "ArcValues": "drydock.core.model",
    "Bank": "drydock.core.model",
    "Battery": "drydock.core.model",
    "Design": "drydock.core.model",
    "StatedValues": "drydock.core.model",
    "SystemEntry": "drydock.core.model",
    "TechLevels": "drydock.core.model",
    "WeaponMode": "drydock.core.model",
    "DrydockError": "drydock.errors",
    "DrydockSyntaxError": "drydock.errors",
    "RulesError": "drydock.errors",
    "Problem": "drydock.core.problems",
    "Rating": "drydock.core.calc",
    "calculate": "drydock.core.calc",
    "Ruleset": "drydock.core.rules",
    "rate": "drydock.core.validation",
    "validate": "drydock.core.validation",
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
    from drydock.core.calc import Rating, calculate
    from drydock.core.model import ArcValues, Bank, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
    from drydock.core.problems import Problem
    from drydock.core.rules import Ruleset
    from drydock.core.validation import rate, validate
    from drydock.errors import DrydockError, DrydockSyntaxError, RulesError


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'drydock' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
