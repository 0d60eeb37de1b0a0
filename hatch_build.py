"""The compiled battle engine (issue 22): an opt-in wheel build hook, and a script for in-place builds.

``HATCH_BUILD_HOOKS_ENABLE=1 pip install .`` compiles the engine modules named in ``ENGINE_MODULES`` with mypyc
(the compiler black ships its wheels with) and puts the extension modules in the wheel beside the Python sources;
Python then imports the compiled module wherever one exists. Play is identical: the same seed gives the same log
(tests/engine/test_compiled_engine.py compares the two). Without the variable, and for editable installs, drydock stays
pure Python and needs no C compiler.

    python hatch_build.py --inplace   # compile into this checkout (to test the compiled engine here)
    python hatch_build.py --clean     # remove what --inplace built

The build needs mypy (which brings mypyc), setuptools and a C compiler; the wheel it makes needs none of them.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, where hatchling need not be installed
    BuildHookInterface = object  # type: ignore[misc,assignment]

ROOT = Path(__file__).resolve().parent

#: The modules compiled, relative to drydock/engine: the battle loop, the doctrine and every rule a battle runs
#: (a compiled class cannot be subclassed by an interpreted one, so the legacy rules that extend the ship tables
#: are compiled with them). Left interpreted: fighter flights (F.4 makes variant classes at run time and changes a
#: flight's class), the process and cluster boundary (montecarlo, parallel) and the plan game's solver, which run
#: once a pairing, not once a turn.
ENGINE_MODULES = (
    "ai", "battle", "combat", "combat_phase", "companion_dac", "companion_hulk", "companion_options", "companion_play",
    "damage", "deployment", "dice", "doctrine_kit", "equipment", "expectations", "hazards", "hexgrid", "legacy_notes",
    "legacy_rules", "movement", "munitions", "observe", "orbits", "orders_menu", "proximity", "seekers", "ship_rules",
    "shockwave", "ships", "small_craft",
    "stacking", "systems", "tables", "targeting", "variants",
    *(f"options/{name}" for name in ("altitude", "automatic_tags", "battery_lock_on", "bleed_through", "chase",
                                     "combat_rules", "damage_control", "directed_damage", "doctrine_bridge",
                                     "emergency_thrust", "etheric_drag", "evasive_action", "fighter_rules",
                                     "freeform_turns", "graded_turns", "maximised_drag",
                                     "movement_rules", "random_fighter_initiative", "random_movement_initiative",
                                     "registry", "rolls", "rule", "scenarios", "sequential_movement",
                                     "shield_reinforcement", "ship_rolls", "ship_tows", "shipboard_combat", "state",
                                     "target_acquisition", "terrain", "terrain_elements", "towing",
                                     # issue 43: the fighter options (F) and terrain (G) as rules, one module each
                                     "asteroids", "black_hole", "black_hole_printed", "combat_space_patrol",
                                     "comet", "dogfights", "fighter_screens", "long_range_fighters", "nebula",
                                     "planet", "terrain_rule", "three_d", "three_d_doubled",
                                     "variant_flights")),
    # E.3-E.5r and the Appendix S scenarios, one rule class a module (issue 43)
    *(f"options/{name}" for name in ("explosions", "partial_victory_points", "sequential_combat",
                                     "random_combat_initiative", "scenario_rule", "alone_in_the_dark", "breakout",
                                     "the_chase", "the_chase_middle", "fleet_action", "hide_and_seek", "hit_and_run",
                                     "on_patrol", "shakedown_cruise", "storms_in_space", "tin_can_dustup",
                                     "to_the_rescue", "the_trap")),
)

#: Every other engine module, left interpreted, with the reason (tests/project/test_architecture.py checks that each
#: module under drydock/engine is named in exactly one of the two lists).
INTERPRETED: dict[str, str] = {
    "__init__": "the package: compiled() only",
    "choices": "names the command line offers before the engine is imported (constants)",
    "fighters": "F.4 makes variant flight classes at run time and changes a flight's class",
    "options/fighter_variants": "the F.4 variant classes themselves (subclasses made at run time)",
    "options/__init__": "the package: InForce, what a matchup plays by, built once a matchup",
    "matrix_game": "the plan game's exact solver: runs once a pairing, on Fractions",
    "montecarlo": "the process and cluster boundary: pickled into workers, runs once a pairing",
    "parallel": "the process and cluster boundary (worker pools)",
    "plan_cells": "fights the plan game's cells and verdict battles: runs once a pairing chunk, not once a turn",
    "plan_game": "the plan game: runs once a pairing, not once a turn",
    "plan_verdict": "the plan game's verdict battles and final value: runs once a pairing, not once a turn",
    "plans": "the plan menu's names and ranges, read once a battle",
    "playable": "the numbers a battle can play, checked once a matchup before the first turn",
    "table_view": "Protocols (what a rule may touch of the battle) and the Marker record: types, nothing to run",
    "options/host": "a Protocol (what the optional rules' state may touch of the battle): types only",
    "settings": "the battle's settings, built once by the caller and pickled into workers, read once a matchup",
}

#: mypy's configuration for the compile (pyproject's [tool.mypy] names the whole package as its files).
_MYPY_INI = """\
[mypy]
plugins = pydantic.mypy
[mypy-openpyxl.*,fontTools.*,weasyprint.*,pikepdf.*,distributed,distributed.*]
ignore_missing_imports = True
"""

_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="drydock-engine", packages=[], py_modules=[],
      ext_modules=mypycify(["--config-file=mypyc.ini", *{paths!r}], opt_level="3", debug_level="0",
                           group_name="drydock_engine"))
"""

_EXTENSIONS = ("*.so", "*.pyd")


def compile_engine(out: Path) -> list[Path]:
    """Compile ENGINE_MODULES from a copy of ``drydock/`` into ``out``; return the built files under ``out``."""
    paths = [f"drydock/engine/{name}.py" for name in ENGINE_MODULES]
    with tempfile.TemporaryDirectory(prefix="drydock-mypyc-") as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "drydock", work / "drydock",
                        ignore=shutil.ignore_patterns("__pycache__", *_EXTENSIONS))
        (work / "mypyc.ini").write_text(_MYPY_INI, encoding="utf-8")
        (work / "setup.py").write_text(_SETUP.format(paths=paths), encoding="utf-8")
        subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--build-lib", str(out),
                        "--build-temp", str(work / "build")], cwd=work, check=True)
    return sorted(p for pattern in _EXTENSIONS for p in out.rglob(pattern))


def clean(root: Path = ROOT) -> list[Path]:
    """Remove compiled engine modules from a checkout (what ``--inplace`` built)."""
    found = [p for pattern in _EXTENSIONS for p in (*root.glob(pattern), *(root / "drydock").rglob(pattern))]
    for p in found:
        p.unlink()
    return found


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """hatchling's hook: enabled by ``HATCH_BUILD_HOOKS_ENABLE=1`` (``enable-by-default = false`` in pyproject)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        self._out = Path(tempfile.mkdtemp(prefix="drydock-engine-"))
        for built in compile_engine(self._out):
            build_data["force_include"][str(built)] = built.relative_to(self._out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--inplace", action="store_true", help="compile the engine into this checkout")
    group.add_argument("--clean", action="store_true", help="remove compiled modules from this checkout")
    args = parser.parse_args()
    clean()
    if args.inplace:
        with tempfile.TemporaryDirectory(prefix="drydock-engine-") as tmp:
            for built in compile_engine(Path(tmp)):
                target = ROOT / built.relative_to(tmp)
                shutil.move(built, target)
                print(target.relative_to(ROOT))


if __name__ == "__main__":
    main()
