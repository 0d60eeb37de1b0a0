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
import re
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
        from drydock.suggest import did_you_mean

        aliases = {"yml": "yaml", "txt": "drake", "excel": "xlsx", "xls": "xlsx"}
        if name.lower() in aliases:
            return FORMATS[aliases[name.lower()]]
        hint = did_you_mean(name, [*FORMATS, "admiralty", "nova"]) or f" (known: {', '.join(FORMATS)})"
        raise UnknownFormatError(f"unknown format {name!r}{hint}") from None


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


#: Top-level keys of a YAML/JSON design file and of a Nova record file: a line starting with one is YAML.
_YAML_KEYS = {"faction", "class", "type", "hull", "engines", "shields", "screens", "tech", "weapons", "systems",
              "ship_id", "ship_name", "stated", "notes", "kind", "name"}


def sniff_format(data: bytes) -> str:
    """The format of design data by its content: ``xlsx`` (a zip), ``json``, ``yaml`` or ``drake``.

    YAML is recognised by a first line that is a design key (``class:``, ``hull:`` ...), a
    list item or a ``---`` document start; Drake by anything else (its first line is the
    ``Faction CLASS-class Type (CR)`` header, A.6).
    """
    if data.startswith(b"PK\x03\x04"):
        return "xlsx"
    text = data.decode("utf-8-sig", errors="replace")
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped[0] in "{[":
            return "json"
        if stripped.startswith(("---", "- ", "%YAML")) or stripped == "-":
            return "yaml"
        key = stripped.split(":", 1)[0].strip().strip("'\"").lower()
        return "yaml" if ":" in stripped and key in _YAML_KEYS else "drake"
    return "yaml"


def read_input(path: str | os.PathLike[str], fmt: str | None = None) -> tuple[Format, str | bytes, str]:
    """(format, data, name for messages) of a file or of standard input (``-``).

    The format is ``fmt`` if given, else the file's extension, else sniffed from the content
    (:func:`sniff_format`), so any text format can be piped in.
    """
    name = str(path)
    if name == "-":
        raw = sys.stdin.buffer.read()
        label = "<stdin>"
    else:
        raw = Path(name).read_bytes()
        label = name
    if fmt:
        f = format_named(fmt)
    else:
        try:
            f = format_for(name) if name != "-" else format_named(sniff_format(raw))
        except UnknownFormatError:
            f = format_named(sniff_format(raw))
    if f.binary:
        return f, raw, label
    try:
        return f, raw.decode("utf-8-sig"), label
    except UnicodeDecodeError:
        raise DrydockError(f"{label}: not a UTF-8 text file") from None


def read_designs(path: str | os.PathLike[str], *, fmt: str | None = None,
                 rules: Ruleset | None = None) -> list[Design]:
    """Every design in ``path`` (``-`` is standard input); the format as :func:`read_input` finds it."""
    f, data, label = read_input(path, fmt)
    return f.read(data, file=label, rules=rules)


def read_records(path: str | os.PathLike[str], *, fmt: str | None = None,
                 rules: Ruleset | None = None) -> list[Any]:
    """Like :func:`read_designs`, but a YAML/JSON file of Nova records (``kind: nova``, what
    ``convert --from nova`` writes, X.2) gives :class:`~drydock.legacy.nova_record.NovaRecord` items."""
    f, data, label = read_input(path, fmt)
    if f.name in ("yaml", "json") and isinstance(data, str) and _NOVA_KIND.search(data):
        from drydock.legacy import nova_record

        return (nova_record.from_yaml if f.name == "yaml" else nova_record.from_json)(data, file=label)
    return f.read(data, file=label, rules=rules)


_NOVA_KIND = re.compile(r"""^[\s\-{]*["']?kind["']?\s*:\s*["']?nova\b""", re.MULTILINE)


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
