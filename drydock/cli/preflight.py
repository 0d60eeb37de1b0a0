"""Checks every command makes before any work (issue 26): every input exists, every output is free.

A missing input file or an unknown ``--from`` format is an error of the command line, not a
failed item of a batch: every command refuses it the same way (exit 2, one line), before it
reads, fights or renders anything. Outputs are checked here too, so that a finished battle
or tournament is never thrown away because its ``--report`` file exists.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from drydock.errors import DrydockError
from drydock.formats import check_outputs, format_named


def check_inputs(files: Iterable[str], source: str | None = None) -> None:
    """Raise for the first input that does not exist ('-' is standard input) and for an unknown ``source``."""
    if source is not None and source.lower() not in ("admiralty", "nova"):
        format_named(source)
    for name in files:
        if name != "-" and not os.path.lexists(name):
            raise DrydockError(f"{name}: no such file or directory")


def side_files(*sides: str) -> list[str]:
    """The files of ``battle`` sides (several files comma-separated)."""
    return [f.strip() for side in sides for f in side.split(",") if f.strip()]


def check_new_outputs(outputs: Iterable[str | None], inputs: Iterable[str] = (), *, force: bool = False) -> None:
    """Refuse an output that is an input or named twice, and (without ``force``) one that exists."""
    targets = [t for t in outputs if t and t != "-"]
    check_outputs(targets, [f for f in inputs if f != "-"])
    for target in targets:
        if Path(target).exists() and not force:
            raise DrydockError(f"{target}: already exists (use --force to overwrite)")
