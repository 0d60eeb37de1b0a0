"""drydock: Starmada Unity starship construction, notation, printing and test battles.

The core (this package's ``rules``, ``model``, ``calc``, ``validate``) imports no
I/O library; notation, workbooks, rendering, the engine and legacy conversion
build on it, and the ``drydock`` command sits on top.

>>> from drydock import Design, rate
"""

from drydock.calc import Rating, calculate
from drydock.errors import DrydockError, DrydockSyntaxError, RulesError
from drydock.model import ArcValues, Bank, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
from drydock.problems import Problem
from drydock.rules import Ruleset
from drydock.validate import rate, validate

__version__ = "0.1.0"

__all__ = [
    "ArcValues",
    "Bank",
    "Battery",
    "Design",
    "DrydockError",
    "DrydockSyntaxError",
    "Problem",
    "Rating",
    "Ruleset",
    "RulesError",
    "StatedValues",
    "SystemEntry",
    "TechLevels",
    "WeaponMode",
    "calculate",
    "rate",
    "validate",
]
