"""The package layout is enforced: the import-linter contracts in pyproject.toml hold (docs/architecture.md).

The contracts: layers core <- formats <- render <- convert, engine <- insight <- cli; the core imports
no I/O or presentation library; no import cycle between sibling modules (none ignored); the root modules
sit below every layer, the core included; the engine and the renderer are independent. Besides them:
every function-level import says why, no module is over 600 lines, one module builds progress bars.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import drydock
from tests.helpers import ROOT


def _lint_imports() -> str:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    assert exe, "lint-imports not installed: pip install -e '.[test]'"
    return exe


def test_import_contracts_hold() -> None:
    result = subprocess.run([_lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_broken_contract_fails(tmp_path: Path) -> None:
    """The check can fail: a contract that the code breaks (the cli does import the core) is reported."""
    config = tmp_path / "contracts.toml"
    config.write_text('[tool.importlinter]\nroot_package = "drydock"\n\n'
                      '[[tool.importlinter.contracts]]\nname = "impossible"\ntype = "forbidden"\n'
                      'source_modules = ["drydock.cli"]\nforbidden_modules = ["drydock.core"]\n')
    result = subprocess.run([_lint_imports(), "--no-cache", "--config", str(config)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "impossible BROKEN" in result.stdout


def test_root_holds_at_most_six_modules() -> None:
    package = Path(drydock.__file__).parent
    modules = sorted(p.name for p in package.glob("*.py"))
    assert len(modules) <= 6, modules


#: Why a module may import inside a function (docs/architecture.md, "Function-level imports"): nothing else.
LAZY_REASONS = (
    "keeps --help fast",  # the click commands and cli/main.py: drydock --help loads click alone
    "printing only (WeasyPrint, pikepdf, fontTools)",  # behind require_weasyprint: all but printing works without
    "openpyxl loads for workbooks only",
    "PyYAML loads for YAML files only",
    "the legacy readers load for legacy input only",  # issue 35: rate/check of Unity designs load no Nova reader
    "optional dependency (the cluster extra)",
    "jinja2 and the tournament load for a report or design matrix only",  # issue 45: battle's start-up
)


def unexplained_lazy_imports(root: Path) -> list[str]:
    """Every import inside a function under ``root`` that no ``# lazy: REASON`` comment explains: on its own
    line, or on the line above the run of imports it belongs to."""
    import ast

    out = []
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                for body in (getattr(node, key, None) for key in ("body", "orelse", "finalbody", "handlers")):
                    if not isinstance(body, list):
                        continue
                    run_reason = None
                    previous_import = False
                    for stmt in body:
                        if not isinstance(stmt, ast.Import | ast.ImportFrom):
                            previous_import = False
                            continue
                        above = lines[stmt.lineno - 2].strip()
                        if above.startswith("# lazy:"):
                            run_reason = above.removeprefix("# lazy:").strip()
                        elif not previous_import:
                            run_reason = None
                        own = lines[stmt.lineno - 1].partition("# lazy:")[2].strip() or None
                        if (own or run_reason) not in LAZY_REASONS:
                            out.append(f"{path.relative_to(root.parent)}:{stmt.lineno}")
                        previous_import = True
    return sorted(set(out))


def test_every_function_level_import_says_why() -> None:
    """Imports sit at the top of a module; one inside a function only for a reason in LAZY_REASONS, said in a
    ``# lazy:`` comment (issue 21: most of the 185 hid import cycles, now broken)."""
    assert unexplained_lazy_imports(Path(drydock.__file__).parent) == []


def test_an_unexplained_function_level_import_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text("import os\n\n\ndef f():\n    # lazy: keeps --help fast\n    import json\n"
                                  "    import re\n\n    x = 1\n    import sys  # lazy: no reason we know\n\n\n"
                                  "def g():\n    import csv\n")
    assert unexplained_lazy_imports(package) == ["pkg/m.py:10", "pkg/m.py:14"]


def test_no_module_over_600_lines() -> None:
    """Small modules with names that say what they hold (issue 21)."""
    package = Path(drydock.__file__).parent
    sizes = {str(p.relative_to(package)): len(p.read_text(encoding="utf-8").splitlines())
             for p in package.rglob("*.py")}
    assert {name: n for name, n in sizes.items() if n > 600} == {}


def test_one_progress_helper() -> None:
    """Every progress bar is built by drydock/cli/progress.py, which shows none off a terminal (issue 21: bars
    were built three ways, and one wrote its label into pipes)."""
    package = Path(drydock.__file__).parent
    builders = sorted(str(p.relative_to(package)) for p in package.rglob("*.py")
                      if "progressbar(" in p.read_text(encoding="utf-8"))
    assert builders == ["cli/progress.py"]


def test_no_import_cycle_is_ignored() -> None:
    """Issue 21 broke every cycle: a new one is broken too, not listed under ignore_imports."""
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "ignore_imports" not in config


def type_checking_imports(root: Path) -> list[tuple[str, str]]:
    """(importing module, imported module) for every import under ``if TYPE_CHECKING:`` in the package at
    ``root`` (relative imports resolved)."""
    import ast

    out = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = module if parts[-1] == "__init__" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)):
                continue
            for stmt in (s for n in node.body for s in ast.walk(n)):
                if isinstance(stmt, ast.Import):
                    out += [(module, a.name) for a in stmt.names]
                elif isinstance(stmt, ast.ImportFrom):
                    base = package.split(".")[:len(package.split(".")) - stmt.level + 1] if stmt.level else []
                    out.append((module, ".".join([*base, *([stmt.module] if stmt.module else [])])))
    return out


def test_type_checking_imports_count() -> None:
    """import-linter counts imports under ``if TYPE_CHECKING:`` (issue 35): pyproject does not exclude them, so
    the layers and the zero cycles hold for types too; and such an import stays within its own package or goes to
    a lower layer (the package root's lazy public API, drydock/__init__.py, is the one exception)."""
    assert "exclude_type_checking_imports" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    root = Path(drydock.__file__).parent
    found = type_checking_imports(root)
    assert ("drydock.engine.fighters", "drydock.engine.table_view") in found
    outside = [(m, i) for m, i in found
               if m != "drydock" and i.startswith("drydock") and i.split(".")[:2] != m.split(".")[:2]
               and not below(i, m)]
    assert outside == []


def test_no_rule_module_imports_the_battle() -> None:
    """The rule modules take the battle as a ``TableView`` (drydock/engine/table_view.py, a Protocol), the options'
    state as an ``OptionHost``: only what sits above the battle imports drydock.engine.battle, even for types."""
    import grimp

    graph = grimp.build_graph("drydock", exclude_type_checking_imports=False)
    views = graph.find_modules_that_directly_import("drydock.engine.table_view") - {"drydock.engine.battle"}
    assert {"drydock.engine.fighters", "drydock.engine.seekers", "drydock.engine.systems",
            "drydock.engine.munitions", "drydock.engine.small_craft", "drydock.engine.stacking"} <= views
    assert views & graph.find_modules_that_directly_import("drydock.engine.battle") == set()
    assert "drydock.engine.battle" not in graph.find_upstream_modules("drydock.engine.fighters")
    assert graph.find_modules_directly_imported_by("drydock.engine.table_view") <= {
        "drydock.engine.movement", "drydock.engine.observe", "drydock.engine.ships", "random", "collections.abc",
        "typing", "__future__", "drydock.engine.companion_options"}  # the Companion's switches: a leaf record


def test_a_type_only_cycle_is_found(tmp_path: Path) -> None:
    """The check can fail: two modules that import each other, one of them only under ``if TYPE_CHECKING:``, break
    the acyclic contract."""
    package = tmp_path / "loop"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from loop import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from loop import a\n")
    config = tmp_path / "contracts.toml"
    config.write_text('[tool.importlinter]\nroot_package = "loop"\n\n[[tool.importlinter.contracts]]\n'
                      'name = "acyclic"\ntype = "acyclic_siblings"\nancestors = ["loop"]\n')
    result = subprocess.run([_lint_imports(), "--no-cache", "--config", str(config)], cwd=tmp_path,
                            capture_output=True, text=True, timeout=300,
                            env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert result.returncode == 1, result.stdout + result.stderr
    assert "acyclic BROKEN" in result.stdout


#: the layers of pyproject's contract, bottom up (convert and engine share one)
LAYERS = ("core", "formats", "render", "convert|engine", "insight", "cli")


def layer(module: str) -> int:
    part = module.split(".")[1] if "." in module else ""
    return next((i for i, names in enumerate(LAYERS) if part in names.split("|")), -1)


def below(imported: str, importer: str) -> bool:
    """Is ``imported`` in a lower layer than ``importer`` (a type-only import of the model by drydock.formats, which
    imports it at run time only when a file is read, so that every command need not load pydantic)?"""
    return 0 <= layer(imported) < layer(importer)


def test_a_type_checking_import_is_found(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "sub" / "m.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from pkg.cli import x\n    from . import y\n"
        "    import pkg.core.z\n")
    assert type_checking_imports(tmp_path / "pkg") == [("pkg.sub.m", "pkg.cli"), ("pkg.sub.m", "pkg.sub"),
                                                      ("pkg.sub.m", "pkg.core.z")]


def test_every_engine_module_is_compiled_or_named_as_interpreted() -> None:
    """hatch_build.py's ENGINE_MODULES (compiled with mypyc) and INTERPRETED (with a reason each) name every module
    under drydock/engine exactly once, and nothing that is not there: a new engine module has to be placed."""
    sys.path.insert(0, str(Path(drydock.__file__).parent.parent))
    try:
        from hatch_build import ENGINE_MODULES, INTERPRETED
    finally:
        sys.path.pop(0)
    engine = Path(drydock.__file__).parent / "engine"
    tree = sorted(p.relative_to(engine).with_suffix("").as_posix() for p in engine.rglob("*.py"))
    named = [*ENGINE_MODULES, *INTERPRETED]
    assert sorted(named) == tree, {"not named": sorted(set(tree) - set(named)),
                                   "not in the tree": sorted(set(named) - set(tree))}
    assert len(set(named)) == len(named), "a module named twice"
    assert all(reason.strip() for reason in INTERPRETED.values())
