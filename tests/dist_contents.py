"""What the sdist and the wheel must hold (issue 34), checked on built files: ``python tests/dist_contents.py
dist/*.tar.gz dist/*.whl`` (``.ci/run``'s distribution part) or from ``tests/project/test_distribution.py``.

The sdist is the project's source: every file git tracks under the folders and files ``pyproject.toml``'s sdist
``include`` names, and nothing a checkout accumulates (virtual environments, caches, the built site, compiled
modules, the README tour's scratch folder). The wheel is what a player installs: the package with its bundled data
(templates, fonts, example designs), the ``drydock`` command, the license, under the name ``starmada-drydock``, and
no tests.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = "starmada-drydock"
#: what the sdist must hold, as paths below its top folder
#: the top-level entries the sdist includes (pyproject.toml's [tool.hatch.build.targets.sdist] include)
SDIST_INCLUDE = {"drydock", "templates", "examples", "tests", "bench", "docs", "mkdocs.yml", "README.md", "LICENSE",
                 "pyproject.toml", "hatch_build.py"}
SDIST_REQUIRED = ("pyproject.toml", "README.md", "LICENSE", "hatch_build.py", "mkdocs.yml", "drydock/__init__.py",
                  "drydock/py.typed", "drydock/cli/main.py", "templates", "examples/designs/majestic.yaml",
                  "docs/index.md", "docs/installation.md", "tests/core/test_smoke.py", "bench")
#: path parts (or suffixes) that never belong in a distribution
JUNK_PARTS = {".git", ".venv", "site", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis",
              "tour", "dist", "build", ".import_linter_cache", ".grimp_cache"}
JUNK_SUFFIXES = (".pyc", ".so", ".pyd")
WHEEL_REQUIRED = ("drydock/__init__.py", "drydock/py.typed", "drydock/cli/main.py", "drydock/_data/templates",
                  "drydock/_data/examples/designs/majestic.yaml", "drydock/studio/app.py",
                  "drydock/_data/templates/studio/static/studio.js", "drydock/_data/templates/studio/design.html.j2")


def _junk(path: PurePosixPath) -> bool:
    return (any(part in JUNK_PARTS or part.startswith((".ci-venv", ".venv")) for part in path.parts)
            or path.name.endswith(JUNK_SUFFIXES))


def _has(names: set[str], wanted: str) -> bool:
    return wanted in names or any(n.startswith(wanted + "/") for n in names)


def sdist_problems(sdist: Path) -> list[str]:
    """Every way the sdist falls short: a required or git-tracked file missing, junk present."""
    with tarfile.open(sdist) as tar:
        members = [m.name for m in tar.getmembers() if m.isfile()]
    top = {m.split("/", 1)[0] for m in members}
    if len(top) != 1:
        return [f"{sdist.name}: expected one top folder, found {sorted(top)}"]
    names = {m.split("/", 1)[1] for m in members if "/" in m}
    problems = [f"{sdist.name}: missing {w}" for w in SDIST_REQUIRED if not _has(names, w)]
    problems += [f"{sdist.name}: holds {n}" for n in sorted(names) if _junk(PurePosixPath(n))]
    tracked = _tracked()
    if tracked:
        missing = sorted(t for t in tracked if t.split("/", 1)[0] in SDIST_INCLUDE and t not in names)
        problems += [f"{sdist.name}: missing the tracked file {m}" for m in missing]
    return problems



def _tracked() -> list[str]:
    """The files git tracks in this checkout, or nothing outside a git checkout."""
    try:
        res = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, timeout=60)
    except OSError:
        return []
    if res.returncode != 0:
        return []
    return [n for n in res.stdout.decode("utf-8").split("\0") if n and (ROOT / n).is_file()]


def wheel_problems(wheel: Path) -> list[str]:
    """Every way the wheel falls short: name, command, license, bundled data, no tests, no junk."""
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        info = sorted({n.split("/", 1)[0] for n in names if n.split("/", 1)[0].endswith(".dist-info")})
        if len(info) != 1:
            return [f"{wheel.name}: expected one .dist-info folder, found {info}"]
        metadata = zf.read(f"{info[0]}/METADATA").decode("utf-8")
        entry_points = zf.read(f"{info[0]}/entry_points.txt").decode("utf-8")
    problems = [f"{wheel.name}: missing {w}" for w in WHEEL_REQUIRED if not _has(names, w)]
    if f"Name: {DISTRIBUTION}\n" not in metadata:
        problems.append(f"{wheel.name}: METADATA does not name {DISTRIBUTION}")
    if "License-Expression: MIT" not in metadata or f"{info[0]}/licenses/LICENSE" not in names:
        problems.append(f"{wheel.name}: no MIT license expression and LICENSE file")
    if "drydock = drydock.cli.main:main" not in entry_points:
        problems.append(f"{wheel.name}: no drydock command")
    problems += [f"{wheel.name}: holds {n}" for n in sorted(names)
                 if n.startswith("tests/") or _junk(PurePosixPath(n))]
    return problems


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv]
    sdists = [p for p in paths if p.name.endswith(".tar.gz")]
    wheels = [p for p in paths if p.suffix == ".whl"]
    if len(sdists) != 1 or len(wheels) != 1:
        print(f"usage: {Path(__file__).name} SDIST.tar.gz WHEEL.whl", file=sys.stderr)
        return 2
    problems = sdist_problems(sdists[0]) + wheel_problems(wheels[0])
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"{sdists[0].name} and {wheels[0].name} hold what they should")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
