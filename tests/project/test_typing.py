"""mypy as a ratchet (issue 20): the configuration in pyproject.toml passes, and no package is excused.

The ratchet began with the packages that had type errors listed under ``ignore_errors`` in a
``[[tool.mypy.overrides]]`` entry; each left the list once it was clean, the engine last (issue 21), and
nothing may join it again. The core (the top-level modules, ``rules`` and ``core``, wherever the layout
puts the model, calculator and validation) was never on it. mypy's cache lives in ``.mypy_cache``
(git-ignored), so a second run takes seconds.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import os
import subprocess
import sys

import pytest

from tests.helpers import ROOT

#: the packages excused when the ratchet started (issue 20); all have left the list, which stays empty
EXCUSED_AT_START = {"drydock.engine.*", "drydock.insight.*", "drydock.formats.*", "drydock.cli.*"}


def _config() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the config is the same on every Python
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def _excused() -> set[str]:
    return {m for o in _config().get("overrides", []) if o.get("ignore_errors") for m in o["module"]}


def _modules() -> dict[str, bool]:
    """Every module of the package -> is it a package (an ``__init__``)?"""
    out = {}
    for path in sorted((ROOT / "drydock").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = parts[-1] == "__init__"
    return out


def _is_core(module: str, package: bool = False) -> bool:
    """A top-level module (drydock.limits, not the package drydock.engine) or anything under core/ or rules/."""
    parts = module.split(".")
    return (len(parts) == 2 and not package) or (len(parts) > 1 and parts[1] in ("core", "rules"))


def _covers(pattern: str, module: str) -> bool:
    return module == pattern.removesuffix(".*") or fnmatch.fnmatchcase(module, pattern)


def test_the_core_is_never_excused_and_the_list_only_shrinks():
    excused = _excused()
    assert excused == set(), f"excused from type checking: {excused} (the whole package is clean since issue 21)"
    assert excused <= EXCUSED_AT_START, f"new packages excused from type checking: {excused - EXCUSED_AT_START}"
    core = [m for m, package in _modules().items() if _is_core(m, package)]
    assert {"drydock.core.rules.formula", "drydock.core.model", "drydock.core.calc", "drydock.core.validation",
            "drydock.core.arcs", "drydock.errors", "drydock.limits"} <= set(core)
    assert not [m for m in core if any(_covers(p, m) for p in excused)]


def test_a_module_under_an_excused_package_is_excused():
    assert _covers("drydock.engine.*", "drydock.engine")
    assert _covers("drydock.engine.*", "drydock.engine.ai")
    assert not _covers("drydock.engine.*", "drydock.engines")
    assert _is_core("drydock.limits") and _is_core("drydock.core.model") and _is_core("drydock.core.rules.formula")
    assert not _is_core("drydock.engine.ai") and not _is_core("drydock.engine", package=True)


def test_mypy_passes():
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("mypy is not installed (pip install -e '.[test]')")
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    res = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    assert "Success" in res.stdout


def test_the_package_says_it_is_typed():
    assert (ROOT / "drydock" / "py.typed").is_file()


def test_the_engine_compile_type_checks(tmp_path):
    """The mypyc compile (hatch_build.py) type-checks ENGINE_MODULES alone, with its own configuration, before it
    builds: a type it cannot infer there ("Cannot determine type", from an import cycle the whole-package run
    resolves) fails the compiled build (CI part 4) minutes later. The same pass, here, in seconds."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    sys.path.insert(0, str(ROOT))
    try:
        from hatch_build import _MYPY_INI, ENGINE_MODULES
    finally:
        sys.path.pop(0)
    ini = tmp_path / "mypyc.ini"
    ini.write_text(_MYPY_INI, encoding="utf-8")
    files = [f"drydock/engine/{name}.py" for name in ENGINE_MODULES]
    res = subprocess.run([sys.executable, "-m", "mypy", f"--config-file={ini}", "--no-incremental", *files],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
