"""Locate bundled data (templates, fonts, example designs) in a source tree or an installed wheel, and name the
distribution that installs them."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent

#: The distribution's name on a package index (pyproject.toml's ``[project] name``). The import package and the
#: command are ``drydock``; the PyPI project ``drydock`` is an unrelated Docker utility, so no install line,
#: error message or version lookup may name the bare ``drydock`` distribution (tests/project/test_distribution.py).
DISTRIBUTION = "starmada-drydock"


def install_hint(extra: str | None = None) -> str:
    """The install line for this distribution, with an optional extra: ``pip install 'starmada-drydock[cluster]'``."""
    return f"pip install '{DISTRIBUTION}[{extra}]'" if extra else f"pip install {DISTRIBUTION}"


def installed_version() -> str:
    """The installed distribution's version (its metadata, as ``drydock --version`` shows it)."""
    # cli/main.py imports this module at start-up, and importlib.metadata is slow to load
    # lazy: keeps --help fast
    from importlib.metadata import version

    return version(DISTRIBUTION)


def data_dir(name: str) -> Path:
    """The bundled directory ``name`` ("templates" or "examples").

    An installed wheel carries them under ``drydock/_data/``; a source checkout
    (including an editable install) has them at the project root.
    """
    for candidate in (_PKG / "_data" / name, _PKG.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"drydock data directory {name!r} is missing from this installation")


def templates_dir() -> Path:
    return data_dir("templates")


def examples_dir() -> Path:
    return data_dir("examples")
