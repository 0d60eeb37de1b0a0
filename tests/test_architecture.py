"""The package layout is enforced: the import-linter contracts in pyproject.toml hold (docs/architecture.md).

The contracts: layers core <- formats <- render <- convert, engine <- insight <- cli; the core imports
no I/O or presentation library; no new import cycle between sibling modules; the root modules sit
below every layer but the core; the engine and the renderer are independent.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import drydock

ROOT = Path(__file__).resolve().parent.parent


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
