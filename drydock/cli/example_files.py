"""The bundled examples for ``drydock examples``: list them, or copy them into a folder (a library call)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from drydock.formats import write_atomic
from drydock.resources import examples_dir


@dataclass
class ExamplesRun:
    """The bundled example files (sorted) and those copied; a copy that would replace a file without ``force``
    stops with a DrydockError instead."""

    files: list[Path]
    copied: list[Path] = field(default_factory=list)
    exit_status: int = 0


def example_files(dest: str | Path | None = None, *, force: bool = False,
                  copied: Callable[[Path], None] | None = None) -> ExamplesRun:
    """Every bundled example file (works from an installed package too); with ``dest``, each copied there
    under its own relative path, ``copied(target)`` told as each is written."""
    root = examples_dir()
    run = ExamplesRun(sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith(".")))
    if dest is None:
        return run
    for path in run.files:
        target = Path(dest) / path.relative_to(root)
        write_atomic(target, path.read_bytes(), force=force)
        run.copied.append(target)
        if copied is not None:
            copied(target)
    return run
