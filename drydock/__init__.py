"""drydock: Starmada Unity starship construction, notation, printing and test battles.

The core (``drydock.core``: rules, model, calculator, validation) imports no I/O library;
``drydock.formats`` (every file format), ``drydock.render``, ``drydock.convert`` (legacy
conversion runs), ``drydock.engine`` and ``drydock.insight`` build on it, and the ``drydock``
command (``drydock.cli``) sits on top: see docs/architecture.md. Every command is one call of the
library below, so a program never needs ``drydock.cli`` (docs/library.md shows each call):

- designs: :func:`read_designs`, :func:`write_designs`, :func:`rate`, :func:`validate`, :func:`calculate`;
- fleets: :func:`read_fleet`, :func:`write_fleet`, :func:`rate_fleet`, :func:`validate_fleet`;
- files as the commands take them: :func:`rate_files` (``drydock rate``; :func:`rate_text`: a text not yet saved),
  :func:`check_files` (``check``),
  :func:`print_files` (``ssd``: the SSD booklet as PDF bytes), :func:`analyze_files` (``analyze``);
- battles: :class:`BattleSettings` (what a battle is played by, built once), :func:`simulate` (designs in
  memory), :func:`run_battle` (``battle``: files, the plan game and its verdict), :func:`run_tournament`
  (``tournament``);
- rules: :class:`Ruleset`, :func:`load_ruleset` (a bundled ruleset's name or a house-rule file).

Names are imported lazily (on first use), so that ``import drydock`` and ``drydock --help`` start fast.

>>> from drydock import read_designs, rate
>>> design = read_designs("examples/designs/majestic.yaml")[0]
>>> rate(design).combat_rating
188
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
    "InvalidValueError": "drydock.errors",
    "RulesError": "drydock.errors",
    "LimitError": "drydock.limits",
    "Problem": "drydock.core.problems",
    "Rating": "drydock.core.calc",
    "calculate": "drydock.core.calc",
    "Ruleset": "drydock.core.rules",
    "rate": "drydock.core.validation",
    "validate": "drydock.core.validation",
    "Fleet": "drydock.core.fleet",
    "ShipEntry": "drydock.core.fleet",
    "FleetRating": "drydock.core.fleet",
    "rate_fleet": "drydock.core.fleet",
    "validate_fleet": "drydock.core.fleet",
    "read_designs": "drydock.formats",
    "write_designs": "drydock.formats",
    "write_atomic": "drydock.formats",
    "read_fleet": "drydock.formats.fleet.read",
    "write_fleet": "drydock.formats.fleet.write",
    "load_ruleset": "drydock.formats.houserules",
    "format_rating": "drydock.render.report",
    "RatedFiles": "drydock.insight.rate_files",
    "rate_files": "drydock.insight.rate_files",
    "rate_text": "drydock.insight.rate_files",
    "CheckResult": "drydock.insight.check_files",
    "check_files": "drydock.insight.check_files",
    "SsdRun": "drydock.insight.ssd_files",
    "print_files": "drydock.insight.ssd_files",
    "analyze_files": "drydock.insight.analysis_run",
    "BattleSettings": "drydock.engine.settings",
    "Summary": "drydock.engine.montecarlo",
    "simulate": "drydock.engine.montecarlo",
    "BattleRun": "drydock.insight.battle_run",
    "run_battle": "drydock.insight.battle_run",
    "TournamentRun": "drydock.insight.tournament_run",
    "run_tournament": "drydock.insight.tournament_run",
}

__all__ = [
    "ArcValues", "Bank", "Battery", "BattleRun", "BattleSettings", "CheckResult", "Design", "DrydockError",
    "DrydockSyntaxError",
    "Fleet", "FleetRating", "InvalidValueError", "LimitError", "Problem", "RatedFiles", "Rating", "RulesError",
    "Ruleset", "ShipEntry", "SsdRun", "StatedValues", "Summary", "SystemEntry", "TechLevels", "TournamentRun",
    "WeaponMode", "analyze_files", "calculate", "check_files", "format_rating", "load_ruleset", "print_files", "rate",
    "rate_files", "rate_fleet", "rate_text", "read_designs", "read_fleet", "run_battle", "run_tournament", "simulate",
    "validate",
    "validate_fleet", "write_atomic", "write_designs", "write_fleet",
]

if TYPE_CHECKING:  # pragma: no cover
    from drydock.core.calc import Rating, calculate
    from drydock.core.fleet import Fleet, FleetRating, ShipEntry, rate_fleet, validate_fleet
    from drydock.core.model import ArcValues, Bank, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
    from drydock.core.problems import Problem
    from drydock.core.rules import Ruleset
    from drydock.core.validation import rate, validate
    from drydock.engine.montecarlo import Summary, simulate
    from drydock.engine.settings import BattleSettings
    from drydock.errors import DrydockError, DrydockSyntaxError, InvalidValueError, RulesError
    from drydock.formats import read_designs, write_atomic, write_designs
    from drydock.formats.fleet.read import read_fleet
    from drydock.formats.fleet.write import write_fleet
    from drydock.formats.houserules import load_ruleset
    from drydock.insight.analysis_run import analyze_files
    from drydock.insight.battle_run import BattleRun, run_battle
    from drydock.insight.check_files import CheckResult, check_files
    from drydock.insight.rate_files import RatedFiles, rate_files, rate_text
    from drydock.insight.ssd_files import SsdRun, print_files
    from drydock.insight.tournament_run import TournamentRun, run_tournament
    from drydock.limits import LimitError
    from drydock.render.report import format_rating


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'drydock' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
