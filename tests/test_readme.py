"""The README and every page of docs/ run as written: every ```sh line, in order, from a temporary copy of the
repository (one copy per file).

Each command runs with the installed ``drydock`` (the running interpreter's ``bin`` first on
PATH), under ``bash -o pipefail``, in a copy of the repository root so that ``examples/...``
paths work and nothing is written into the checkout. A line must exit 0, or with N when it
ends ``# exit N``. Left out: the set-up lines (they create a virtual environment or install
packages: pip, pipx, apt-get, dnf, pacman, brew, winget, also after VARIABLE=value settings), the
test command itself, servers that run until stopped (``dask scheduler``, ``dask worker``,
``mkdocs serve``), and the ``bench/`` scripts (speed figures are measured by hand, house style 9).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
_EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")
_SKIP = (re.compile(r"python3? -m venv"), re.compile(r"^python3? -m pytest\b"), re.compile(r"^python3? bench/"),
         re.compile(r"^([A-Z_]+=\S* )*(sudo )?(pipx?|py -m pipx?|apt-get|apt|dnf|pacman|brew|winget) install\b"),
         re.compile(r"^(dask (scheduler|worker)|dask-scheduler|dask-worker|mkdocs serve)\b"))
_IGNORE = shutil.ignore_patterns(".git", ".venv*", ".ci-venv*", "site", "__pycache__", ".pytest_cache", ".ruff_cache",
                                 ".mypy_cache", "*.egg-info", ".hypothesis", "node_modules")


def sh_commands(text: str) -> list[tuple[int, str]]:
    """(README line number, command) for every command of every ```sh block, continuation lines joined."""
    out: list[tuple[int, str]] = []
    in_sh = False
    pending = ""
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        fence = line.strip()
        if fence.startswith("```"):
            in_sh = fence in ("```sh", "```bash", "```shell") and not in_sh
            continue
        if not in_sh:
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            out.append((start, command))
    return out


def expected_exit(command: str) -> int:
    m = _EXIT.search(command)
    return int(m.group(1)) if m else 0


def skipped(command: str) -> bool:
    return any(p.search(command) for p in _SKIP)


def test_sh_blocks_are_found_and_parsed():
    text = "intro\n```sh\ndrydock a  # note\n\n# only a comment\ndrydock b \\\n  --x  # exit 1\n```\n" \
           "```text\ndrydock c\n```\n```sh\npython3 -m venv .venv && pip install -e .\npython -m pytest\n```\n" \
           "```sh\nHATCH_BUILD_HOOKS_ENABLE=1 pip install .\n```\n"
    commands = sh_commands(text)
    assert [c for _, c in commands] == ["drydock a  # note", "drydock b    --x  # exit 1",
                                        "python3 -m venv .venv && pip install -e .", "python -m pytest",
                                        "HATCH_BUILD_HOOKS_ENABLE=1 pip install ."]
    assert [n for n, _ in commands] == [3, 6, 13, 14, 17]
    assert [expected_exit(c) for _, c in commands] == [0, 1, 0, 0, 0]
    assert [skipped(c) for _, c in commands] == [False, False, True, True, True]


def _installed_drydock() -> Path | None:
    exe = Path(sys.executable).parent / ("drydock.exe" if os.name == "nt" else "drydock")
    return exe if exe.exists() else None


def test_the_readme_and_docs_keep_their_examples():
    counts = {path.name: len(sh_commands(path.read_text(encoding="utf-8"))) for path in [README, *PAGES]}
    assert counts["README.md"] >= 5, "the README lost its quick start and tour"
    assert sum(counts.values()) >= 60, f"the README and docs/ lost their command examples: {counts}"


def test_install_and_server_lines_are_left_out():
    assert all(skipped(c) for c in ("pipx install .", "sudo apt-get install pipx", "brew install pango",
                                    "pip install '.[cluster]'", "dask scheduler --host 127.0.0.1",
                                    "dask worker tcp://127.0.0.1:8786 --nworkers 2"))
    assert not any(skipped(c) for c in ("drydock new x.yaml", "drydock tournament a b --scheduler tcp://x:1",
                                        "mkdocs build --strict"))


@pytest.mark.parametrize("doc", [README, *PAGES], ids=lambda p: p.name)
def test_readme_runs_as_written(tmp_path, doc):
    bin_dir = _installed_drydock()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail("the drydock command is not installed next to this Python")
        pytest.skip("drydock is not installed in this environment (pip install -e '.[test]')")
    if shutil.which("bash") is None:  # pragma: no cover - every supported system has bash
        pytest.skip("bash is needed to run the README's shell lines")
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=_IGNORE)
    env = dict(os.environ, PATH=f"{bin_dir.parent}{os.pathsep}{os.environ.get('PATH', '')}", NO_COLOR="1")
    env.pop("PYTHONPATH", None)
    commands = [(n, c) for n, c in sh_commands(doc.read_text(encoding="utf-8")) if not skipped(c)]
    failures = []
    for number, command in commands:
        want = expected_exit(command)
        res = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=repo, env=env, capture_output=True,
                             text=True, timeout=600, stdin=subprocess.DEVNULL)
        if res.returncode != want:
            failures.append(f"{doc.relative_to(ROOT)}:{number}: exit {res.returncode}, expected {want}: {command}\n"
                            f"{res.stderr.strip()[-800:]}")
    assert not failures, "\n\n".join(failures)
