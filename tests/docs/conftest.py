"""An installed drydock, as a player has it: the wheel built once per test session and installed into a fresh
virtual environment (issue 46), so that the manual's pages run against what a wheel or pipx installs, not against
the checkout.

The environment gets the wheel alone (``pip install --no-deps``); drydock's dependencies come from the environment
running the tests, through a ``.pth`` line naming its site-packages (lines of a ``.pth`` file add a folder to the
path without running the ``.pth`` files inside it, so the checkout's editable install is not picked up there).
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.helpers import ROOT


def _fail_or_skip(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


def _bin(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


@pytest.fixture(scope="session")
def installed_drydock(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a virtual environment holding drydock installed from a freshly built wheel."""
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
                           capture_output=True, text=True, timeout=900)
    wheels = sorted(dist.glob("starmada_drydock-*-py3-none-any.whl"))
    if built.returncode != 0 or len(wheels) != 1:
        _fail_or_skip(f"cannot build the wheel (python -m build --wheel): {built.stderr[-1500:]}")
    venv = work / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], capture_output=True, text=True,
                          timeout=300)
    python = _bin(venv) / ("python.exe" if os.name == "nt" else "python")
    if made.returncode != 0 or not python.exists():
        _fail_or_skip(f"cannot make a virtual environment: {made.stderr[-800:]}")
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, timeout=120).stdout.strip()
    ours = {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}
    Path(site, "_drydock_test_dependencies.pth").write_text("\n".join(sorted(ours)) + "\n", encoding="utf-8")
    pip = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                          "--no-index", str(wheels[0])], capture_output=True, text=True, timeout=600)
    if pip.returncode != 0:
        _fail_or_skip(f"cannot install the wheel: {pip.stderr[-1500:]}")
    where = subprocess.run([str(python), "-c", "import drydock; print(drydock.__file__)"], capture_output=True,
                           text=True, timeout=120, cwd=work, env=_clean_env())
    assert Path(where.stdout.strip()).is_relative_to(venv), f"drydock is not the wheel's: {where.stdout}{where.stderr}"
    assert (_bin(venv) / ("drydock.exe" if os.name == "nt" else "drydock")).exists()
    return _bin(venv)


def _clean_env() -> dict[str, str]:
    env = dict(os.environ, NO_COLOR="1")
    env.pop("PYTHONPATH", None)
    return env


def player_env(bin_dir: Path) -> dict[str, str]:
    """The environment a player's shell has: the installed drydock first on PATH, no PYTHONPATH to the checkout."""
    env = _clean_env()
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env.pop("VIRTUAL_ENV", None)
    return env
