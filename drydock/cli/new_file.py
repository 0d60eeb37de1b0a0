"""Starting a design for ``drydock new``: a commented starter design (YAML) or a blank live workbook (a library
call, as :mod:`drydock.insight.rate_files` is for ``rate``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from drydock.errors import DrydockError
from drydock.formats import write_atomic
from drydock.formats.starter import blank_workbook, starter_yaml

#: file extension -> what ``new`` writes there
KINDS = {".yaml": "a commented starter design", ".yml": "a commented starter design", ".xlsx": "a blank live workbook"}


@dataclass
class NewRun:
    """What ``drydock new`` wrote: the file, what it holds, and the line telling the player what to do next."""

    path: Path
    kind: str
    #: the line for standard output
    text: str
    exit_status: int = 0


def new_file(file: str | Path, *, force: bool = False) -> NewRun:
    """Write a starter design to ``file``: ``.yaml``/``.yml`` a commented design that passes ``check``, ``.xlsx``
    a blank live workbook. An existing file is refused (a DrydockError) unless ``force``."""
    path = Path(file)
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise DrydockError(f"{file}: drydock new writes .yaml (a starter design) or .xlsx (a blank workbook)")
    data = blank_workbook() if path.suffix.lower() == ".xlsx" else starter_yaml().encode("utf-8")
    write_atomic(path, data, force=force)
    return NewRun(path, kind, f"wrote {kind} to {file}; next: drydock check {file}\n")
