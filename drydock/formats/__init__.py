"""Every file format in one place: the registry, atomic output, and reading by extension or by name.

Modules: :mod:`native` (YAML/JSON design file), :mod:`drake` (Drake notation, A.6),
:mod:`excel` (Drydock-layout workbooks), :mod:`text` (range/stats/trait strings shared by all),
:mod:`convert` (converting files and folders between formats).

Formats register a reader and a writer as ``"module:function"`` so that a command
imports only the libraries the formats it touches need (openpyxl, PyYAML ...).

A reader takes ``(data, file=, rules=)`` -- ``data`` is ``str`` for text formats and
``bytes`` for binary ones -- and returns a list of designs. A writer takes a list of
designs and returns ``str`` or ``bytes``.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drydock.errors import DrydockError
from drydock.model import Design
from drydock.rules import Ruleset


@dataclass(frozen=True)
class Format:
    name: str
    extensions: tuple[str, ...]
    reader: str
    writer: str | None
    binary: bool = False
    read_only_note: str = ""

    def read(self, data: str | bytes, *, file: str | None = None, rules: Ruleset | None = None) -> list[Design]:
        return _load(self.reader)(data, file=file, rules=rules)

    def write(self, designs: list[Design], *, rules: Ruleset | None = None) -> str | bytes:
        """Write ``designs``; ``rules`` reaches writers that compute figures (Drake, xlsx) and is ignored by others."""
        if self.writer is None:
            raise DrydockError(f"drydock reads {self.name} but does not write it: {self.read_only_note}")
        writer = _load(self.writer)
        if rules is not None and "rules" in inspect.signature(writer).parameters:
            return writer(designs, rules=rules)
        return writer(designs)


FORMATS: dict[str, Format] = {
    "yaml": Format("yaml", (".yaml", ".yml"), "drydock.formats.native:from_yaml", "drydock.formats.native:to_yaml"),
    "json": Format("json", (".json",), "drydock.formats.native:from_json", "drydock.formats.native:to_json"),
    "drake": Format("drake", (".drake", ".txt"), "drydock.formats.drake:from_drake",
                    "drydock.formats.drake:to_drake"),
    "xlsx": Format("xlsx", (".xlsx",), "drydock.formats.excel.read:from_xlsx",
                   "drydock.formats.excel.write:to_xlsx", binary=True),
    # Read only: a workbook saved by LibreOffice as OpenDocument reads through the xlsx reader.
    "ods": Format("ods", (".ods",), "drydock.formats.excel.read:from_ods", None, binary=True,
                  read_only_note="write .xlsx (live formulas) and save it as .ods from LibreOffice"),
}


class UnknownFormatError(DrydockError):
    """A file whose format cannot be told from its name."""


def _load(ref: str) -> Any:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


def format_named(name: str) -> Format:
    try:
        return FORMATS[name.lower()]
    except KeyError:
        raise UnknownFormatError(f"unknown format {name!r} (known: {', '.join(FORMATS)})") from None


def format_for(path: str | os.PathLike[str], default: str | None = None) -> Format:
    """The format of ``path`` by its extension (``default`` for stdin or an unknown extension)."""
    suffix = Path(str(path)).suffix.lower()
    for fmt in FORMATS.values():
        if suffix in fmt.extensions:
            return fmt
    if default is not None:
        return format_named(default)
    known = ", ".join(e for f in FORMATS.values() for e in f.extensions)
    raise UnknownFormatError(f"{path}: cannot tell the format from the extension (known: {known})")


def read_designs(path: str | os.PathLike[str], *, fmt: str | None = None,
                 rules: Ruleset | None = None) -> list[Design]:
    """Every design in ``path`` (``-`` is standard input; its format defaults to YAML)."""
    name = str(path)
    f = format_named(fmt) if fmt else format_for(name, default="yaml" if name == "-" else None)
    if name == "-":
        data: str | bytes = sys.stdin.buffer.read() if f.binary else sys.stdin.read()
        return f.read(data, file="<stdin>", rules=rules)
    p = Path(name)
    try:
        data = p.read_bytes() if f.binary else p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise DrydockError(f"{name}: not a UTF-8 text file") from None
    return f.read(data, file=name, rules=rules)


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, force: bool = False) -> None:
    """Write ``data`` to ``path`` via a temporary file and rename; refuse to overwrite unless ``force``."""
    target = Path(path)
    if target.exists() and not force:
        raise DrydockError(f"{target}: already exists (use --force to overwrite)")
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600 files; give the usual permissions
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
