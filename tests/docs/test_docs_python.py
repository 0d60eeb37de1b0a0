"""The docs' Python examples and the package's doctests run as written (issue 35).

Every ```python block of the README and docs/*.md runs in a fresh interpreter, from a temporary copy of the
repository (one per page, so that ``examples/...`` paths work and nothing is written into the checkout), and must
exit 0; each block stands alone (its own imports), as a reader copies it. Every module of the package whose
docstrings hold ``>>>`` examples runs them with :mod:`doctest`, from the repository root.
"""

from __future__ import annotations

import doctest
import importlib
import os
import shutil
import subprocess
import sys

import pytest

from tests.docs.test_readme import _IGNORE, PAGES, README
from tests.helpers import ROOT

PACKAGE = ROOT / "drydock"


def python_blocks(text: str) -> list[tuple[int, str]]:
    """(line number of the fence, code) of every ```python block."""
    out: list[tuple[int, str]] = []
    lines: list[str] | None = None
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        fence = line.strip()
        if lines is None and fence in ("```python", "```py"):
            lines, start = [], number
        elif lines is not None and fence == "```":
            out.append((start, "\n".join(lines) + "\n"))
            lines = None
        elif lines is not None:
            lines.append(line)
    return out


def test_python_blocks_are_found():
    text = "a\n```python\nx = 1\nprint(x)\n```\n```sh\nls\n```\n```py\ny = 2\n```\n"
    assert python_blocks(text) == [(2, "x = 1\nprint(x)\n"), (9, "y = 2\n")]


def test_the_library_page_shows_every_entry_point():
    text = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
    code = "".join(c for _, c in python_blocks(text))
    for name in ("read_designs", "write_designs", "rate", "validate", "read_fleet", "rate_fleet", "write_fleet",
                 "check_files", "rate_files", "print_files", "simulate", "run_battle", "run_tournament"):
        assert f"{name}(" in code, name
    assert "drydock.cli" not in code


@pytest.mark.parametrize("doc", [d for d in (README, *PAGES) if python_blocks(d.read_text(encoding="utf-8"))],
                         ids=lambda p: p.name)
def test_python_blocks_run_as_written(tmp_path, doc):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=_IGNORE)
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # this checkout's drydock, whatever is installed
    failures = []
    for number, code in python_blocks(doc.read_text(encoding="utf-8")):
        res = subprocess.run([sys.executable, "-c", code], cwd=repo, env=env, capture_output=True, text=True,
                             timeout=600, stdin=subprocess.DEVNULL)
        if res.returncode != 0:
            failures.append(f"{doc.relative_to(ROOT)}:{number}: exit {res.returncode}\n{res.stderr.strip()[-1500:]}")
    assert not failures, "\n\n".join(failures)


def doctest_modules() -> list[str]:
    """The modules of the package whose source holds a ``>>>`` example."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def test_doctests_are_found():
    assert {"drydock", "drydock.formats.native", "drydock.core.arcs"} <= set(doctest_modules())


@pytest.mark.parametrize("module", doctest_modules())
def test_doctests_run(module, monkeypatch):
    monkeypatch.chdir(ROOT)  # examples name files as a reader at the repository root would
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result


def test_the_public_api_resolves_without_the_command_line():
    """Every name of ``drydock.__all__`` is exported (lazily) and none needs ``drydock.cli`` or click."""
    code = ("import sys, drydock\nnames = [getattr(drydock, n) for n in drydock.__all__]\n"
            "print(sorted(drydock.__all__) == sorted(drydock._EXPORTS), len(names))\n"
            "print([m for m in sys.modules if m.startswith('drydock.cli') or m == 'click'])")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert res.stdout.split("\n")[:2] == ["True 46", "[]"]
