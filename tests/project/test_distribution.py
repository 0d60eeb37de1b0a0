"""The distribution's name of its own (issue 33): drydock installs as ``starmada-drydock``, because the PyPI project
``drydock`` is an unrelated Docker utility with its own ``drydock`` command. No install line in the help, the error
messages, the docs, the templates, the benches or the tests names the bare ``drydock`` distribution, and every
version lookup asks for the distribution that is installed."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from drydock.resources import DISTRIBUTION, install_hint
from tests import dist_contents
from tests.helpers import ROOT

SCANNED = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / "mkdocs.yml", ROOT / "hatch_build.py",
           *(p for folder in ("drydock", "docs", "templates", "bench", "tests", ".ci")
             for p in sorted((ROOT / folder).rglob("*")) if p.is_file() and "__pycache__" not in p.parts)]
# pip install ..., pipx install ..., py -m pip install ..., uv pip install ...: the arguments up to the end of the
# command (a backtick, a semicolon, &&, a closing parenthesis, a comment or the end of the line)
_INSTALL = re.compile(r"\b(?:pipx?|uv pip|-m pipx?)\s+install\s+([^`;&)#\n]*)")
_LOOKUP = re.compile(r"""(?:(?:version|metadata|distribution|requires)\(\s*|package_name\s*=\s*)["']drydock["']""")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
BARE = "dry" + "dock"  # spelt so that this file does not name it in an install line itself


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def install_requirements(text: str) -> list[str]:
    """Every requirement named by an install command in ``text`` (options, paths and wheels left out)."""
    out = []
    for m in _INSTALL.finditer(text):
        for token in m.group(1).split():
            token = token.strip("'\"")
            if not token or token.startswith(("-", ".", "/", "$", "~")) or "/" in token or "\\" in token:
                continue
            if token.endswith((".whl", ".tar.gz", ".zip")) or token in ("pip", "pipx"):
                continue
            name = _NAME.match(token)
            if name:
                out.append(name.group(0))
    return out


def test_install_commands_are_found_in_every_form():
    text = ("pip install 'starmada-drydock[cluster]'\n`pipx install starmada-drydock`\npy -m pip install -U X; "
            f"pip install -e '.[test]' && pip install dist/*.whl\npython -m pip install --quiet {BARE}==0.1\n"
            f"uv pip install '{BARE.upper()}[cluster]' pytest>=7\n")
    assert install_requirements(text) == ["starmada-drydock", "starmada-drydock", "X", BARE, BARE.upper(),
                                          "pytest"]


def _project() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_distribution_is_named_starmada_drydock():
    project = _project()
    assert project["name"] == DISTRIBUTION == dist_contents.DISTRIBUTION == "starmada-drydock"
    assert project["scripts"] == {"drydock": "drydock.cli.main:main"}  # the command keeps its name
    assert install_hint("cluster") == "pip install 'starmada-drydock[cluster]'"
    assert install_hint() == "pip install starmada-drydock"


def test_the_project_metadata_is_complete_for_publishing():
    project = _project()
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["authors"] == [{"name": "drydock contributors"}]
    assert "starmada" in project["keywords"]
    assert project["readme"] == "README.md" and project["requires-python"] == ">=3.10"
    assert not any(c.startswith("License ::") for c in project["classifiers"]), "the license expression says it"


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_install_line_or_version_lookup_names_the_bare_distribution(path):
    if path == Path(__file__).resolve():
        return
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:  # binary data: fonts, workbooks, images
        return
    bad = [name for name in install_requirements(text) if _normalized(name) == BARE]
    assert not bad, f"{path.relative_to(ROOT)} tells people to install the unrelated PyPI project {BARE!r}"
    assert not _LOOKUP.search(text), f"{path.relative_to(ROOT)} looks up the version of the {BARE!r} distribution"


def test_the_help_and_the_error_name_the_distribution():
    res = subprocess.run([sys.executable, "-m", "drydock", "tournament", "--help"], capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0
    assert "pipinstall'starmada-drydock[cluster]'" in "".join(res.stdout.split())  # as wrapped
    source = (ROOT / "drydock" / "insight" / "cluster.py").read_text(encoding="utf-8")
    assert "install_hint('cluster')" in source


def test_version_reads_the_installed_distribution():
    from importlib.metadata import version

    res = subprocess.run([sys.executable, "-m", "drydock", "--version"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0
    assert f"version {version(DISTRIBUTION)} " in res.stdout


def test_the_sdist_include_list_is_the_one_checked():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]) == dist_contents.SDIST_INCLUDE


def test_the_contents_check_finds_junk_and_gaps(tmp_path):
    sdist = tmp_path / "starmada_drydock-0.1.0.tar.gz"
    with tarfile.open(sdist, "w:gz") as tar:
        for name in ("pyproject.toml", ".venv/bin/python", "drydock/__pycache__/x.pyc", "tour/majestic.pdf"):
            data = b"x"
            member = tarfile.TarInfo(f"starmada_drydock-0.1.0/{name}")
            member.size = len(data)
            tar.addfile(member, io.BytesIO(data))
    problems = "\n".join(dist_contents.sdist_problems(sdist))
    for junk in (".venv/bin/python", "drydock/__pycache__/x.pyc", "tour/majestic.pdf"):
        assert f"holds {junk}" in problems
    assert "missing LICENSE" in problems and "missing drydock/__init__.py" in problems


def test_the_built_sdist_and_wheel_hold_what_they_should(tmp_path):
    """python -m build (the sdist, then the wheel built from it) as docs/installation.md shows it; .ci/run's
    distribution part then installs the wheel into a fresh environment and runs it from outside the checkout."""
    pytest.importorskip("build", reason="build is in the test extra: pip install -e '.[test]'")
    res = subprocess.run([sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)], capture_output=True,
                         text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    (sdist,), (wheel,) = tmp_path.glob("*.tar.gz"), tmp_path.glob("*.whl")
    assert sdist.name == "starmada_drydock-0.1.0.tar.gz" and wheel.name.startswith("starmada_drydock-0.1.0-py3")
    assert dist_contents.sdist_problems(sdist) == []
    assert dist_contents.wheel_problems(wheel) == []
    twine = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)],
                           capture_output=True, text=True, timeout=300)
    if twine.returncode != 0 and "No module named twine" in twine.stderr:
        pytest.skip("twine is in the test extra: pip install -e '.[test]'")
    assert twine.returncode == 0, twine.stdout + twine.stderr
