"""Locate bundled data (templates, fonts, example designs) in a source tree or an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


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
