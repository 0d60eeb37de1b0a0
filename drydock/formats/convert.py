"""Converting design files between formats: one file, many files into one, or a directory into a directory.

The formats themselves are in :data:`drydock.formats.FORMATS`; this module decides
what goes where. Outputs are written atomically and never over an input; an
existing output needs ``force``. In directory mode a bad input file is recorded and
the conversion goes on with the next one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.rules.catalog import with_house_note
from drydock.core.rules.factions import HouseRules
from drydock.errors import DrydockError
from drydock.formats import (
    FORMATS,
    Format,
    check_outputs,
    format_for,
    format_named,
    read_designs,
    read_records,
    write_atomic,
)
from drydock.formats.files import folder_files
from drydock.formats.fleet.read import read_fleet
from drydock.formats.fleet.write import rules_path_for, write_fleet
from drydock.formats.legacy import nova_record

STDIO = "-"
#: Format of standard output when neither ``--to`` nor an extension says.
DEFAULT_STDOUT_FORMAT = "yaml"


@dataclass
class ConvertResult:
    """What a conversion did: files written (input, output, designs) and inputs that failed (input, error)."""

    written: list[tuple[str, str, int]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failed

    def summary(self) -> str:
        designs = sum(n for _, _, n in self.written)
        text = f"converted {len(self.written)} file{'s' * (len(self.written) != 1)} " \
               f"({designs} design{'s' * (designs != 1)})"
        if self.failed:
            text += f", {len(self.failed)} failed"
        return text


def convert(inputs: list[str], output: str, *, to: str | None = None, source: str | None = None,
            force: bool = False, rules: Ruleset | None = None,
            wrap: Callable[[list[tuple[Path, Path]]], Iterable[tuple[Path, Path]]] | None = None) -> ConvertResult:
    """Convert ``inputs`` to ``output``.

    * ``output`` is ``-``: every design of every input, to standard output;
    * ``output`` is a directory (existing, ending in ``/``, or any input is a directory):
      one output file per input file, named after it, in the ``to`` format;
    * otherwise ``output`` is one file holding every design of every input.

    ``to`` names the output format (default: by the output's extension); ``source`` the
    input format (default: by each input's extension; standard input by its content).
    ``wrap`` wraps the list of files of a directory conversion (a progress bar).
    """
    if not inputs:
        raise DrydockError("nothing to convert: give at least one input")
    for name in inputs:
        if source is None and name != STDIO and not Path(name).exists():
            raise DrydockError(f"{name}: no such file or directory")
    if source is not None:
        format_named(source)
    to_dir = output != STDIO and (Path(output).is_dir() or output.endswith(("/", os.sep))
                                  or any(Path(n).is_dir() for n in inputs if n != STDIO))
    if to_dir:
        return _to_directory(inputs, Path(output), to=to, source=source, force=force, rules=rules, wrap=wrap)
    fmt = format_named(to) if to else format_for(output, default=DEFAULT_STDOUT_FORMAT if output == STDIO else None)
    designs: list[Design] = []
    counts: list[int] = []
    for name in inputs:
        designs.extend(read_designs(name, fmt=source, rules=rules))
        counts.append(len(designs) - sum(counts))
    data = fmt.write(_noted(designs, rules), rules=rules)
    result = ConvertResult()
    if output == STDIO:
        _write_stdout(data)
    else:
        check_outputs([output], inputs)
        write_atomic(output, data, force=force)
    result.written.extend((name, output, n) for name, n in zip(inputs, counts, strict=True))  # N files into one
    return result


def _to_directory(inputs: list[str], out_dir: Path, *, to: str | None, source: str | None, force: bool,
                  rules: Ruleset | None, wrap: Callable | None = None) -> ConvertResult:
    if to is None:
        raise DrydockError(f"{out_dir}: give --to FORMAT ({', '.join(FORMATS)}) to convert into a directory")
    fmt = format_named(to)
    if out_dir.exists() and not out_dir.is_dir():
        raise DrydockError(f"{out_dir}: is a file, not a directory")
    result = ConvertResult()
    sources = []
    for name in inputs:
        found, refused = _design_files(name, source)
        sources += found
        result.failed += [(str(f), why) for f, why in refused]  # a link out of the folder: named, never read
    targets = [out_dir / rel.with_suffix(fmt.extensions[0]) for _, rel in sources]
    check_outputs(targets, [f for f, _ in sources])  # before anything is written, --force or not
    for path, rel in (wrap(sources) if wrap else sources):
        target = out_dir / rel.with_suffix(fmt.extensions[0])
        try:
            designs = read_designs(path, fmt=source, rules=rules)
        except (DrydockError, OSError) as exc:
            msg = str(exc) if isinstance(exc, DrydockError) else f"{path}: {exc.strerror or exc}"
            result.failed.append((str(path), msg))
            continue
        try:
            write_atomic(target, fmt.write(_noted(designs, rules), rules=rules), force=force)
        except (DrydockError, OSError) as exc:  # a design the format cannot write, or the disk: name the output
            msg = str(exc) if isinstance(exc, DrydockError) else exc.strerror or str(exc)
            result.failed.append((str(path), msg if str(target) in msg else f"{target}: {msg} (from {path})"))
            continue
        result.written.append((str(path), str(target), len(designs)))
    return result


def _noted(designs: list[Design], rules: Ruleset | None) -> list[Design]:
    """Designs converted under house rules say so in their notes (which every format carries)."""
    return [with_house_note(d, rules) for d in designs]


def _design_files(name: str, source: str | None) -> tuple[list[tuple[Path, Path]], list[tuple[Path, str]]]:
    """(file, path relative to the output directory) for an input file or every design file under a directory,
    and (path, why) for each link out of the directory or system path, named and never read."""
    path = Path(name)
    if name == STDIO:
        raise DrydockError("standard input cannot be converted into a directory")
    if not path.is_dir():
        return [(path, Path(path.name))], []
    known = {e for f in FORMATS.values() for e in f.extensions}
    found, refused = folder_files(path)
    return [(f, f.relative_to(path)) for f in found if source is not None or f.suffix.lower() in known], refused


def _write_stdout(data: str | bytes) -> None:
    if isinstance(data, bytes):
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        sys.stdout.write(data)
        sys.stdout.flush()


def show(paths: str | list[str], fmt: str = "drake", *, source: str | None = None,
         rules: Ruleset | None = None) -> str:
    """The designs in ``paths`` as text in ``fmt`` (``drake``, ``yaml`` or ``json``), all in one document.

    Nova records (``kind: nova``, X.2) print as YAML or JSON records; they have no Drake form.
    """
    out: Format = format_named(fmt)
    if out.binary:
        raise DrydockError(f"{fmt} is a binary format; use 'drydock convert' to write it to a file")
    items = [d for p in ([paths] if isinstance(paths, str) else paths) for d in read_records(p, fmt=source,
                                                                                           rules=rules)]
    nova = [d for d in items if not isinstance(d, Design)]
    if nova:
        if len(nova) != len(items) or out.name == "drake":
            raise DrydockError("a Nova record (X.2) is not a Unity design: show it with --format yaml or json, "
                               "and on its own")

        return nova_record.to_yaml(nova) if out.name == "yaml" else nova_record.to_json(nova)
    data = out.write(items, rules=rules)
    assert isinstance(data, str)
    return data


def convert_fleet(source: str, output: str, *, to: str | None = None, force: bool = False,
                  house: HouseRules | None = None, warn: Any = None) -> int:
    """Write the fleet in ``source`` to ``output`` (``-`` is standard output); returns the number of designs."""
    if output != "-" and (Path(output).is_dir() or output.endswith(("/", "\\"))):
        raise DrydockError(f"{output}: a fleet converts to one file (a fleet file or workbook), not a folder")
    fleet = read_fleet(source, house=house)
    for warning in fleet.warnings if warn is not None else ():
        warn(warning)
    fmt = format_named(to) if to else format_for(output, default="yaml" if output == "-" else None)
    data = write_fleet(fleet, fmt.name, rules_path_for(fleet, output))
    if output == "-":
        _write_stdout(data)
    else:
        if Path(output).resolve() == Path(source).resolve():
            raise DrydockError(f"{output}: is also an input; refusing to overwrite it")
        write_atomic(output, data, force=force)
    return len(fleet.entries)
