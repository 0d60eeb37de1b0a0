"""Every file format in one place: the registry, atomic output, and reading by extension or by name.

Modules: :mod:`native` (YAML/JSON design file), :mod:`drake` (Drake notation, A.6),
:mod:`excel` (Drydock-layout workbooks), :mod:`text` (range/stats/trait strings shared by all),
:mod:`convert` (converting files and folders between formats).

Formats register a reader and a writer as ``"module:function"`` so that a command
imports only the libraries the formats it touches need (openpyxl, PyYAML ...).

A reader takes ``(data, file=, rules=)`` -- ``data`` is ``str`` for text formats and
``bytes`` for binary ones -- and returns a list of designs; a reader of a format whose designs
can use weapon libraries (YAML, JSON) also takes ``libraries=`` (``--library``: library files
whose profiles override the designs' own), passed down explicitly, never held globally. A writer takes a list of
designs and returns ``str`` or ``bytes``.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drydock import limits
from drydock.core.suggest import did_you_mean
from drydock.errors import DrydockError
from drydock.formats.files import files_read, open_regular, write_new_or_replace

if TYPE_CHECKING:  # the model and the legacy readers are imported when a file is read, not by every command
    from drydock.core.model import Design
    from drydock.core.rules import Ruleset


@dataclass(frozen=True)
class Format:
    name: str
    extensions: tuple[str, ...]
    reader: str
    writer: str | None
    binary: bool = False
    read_only_note: str = ""

    def read(self, data: str | bytes, *, file: str | None = None, rules: Ruleset | None = None,
             libraries: Sequence[str] = ()) -> list[Design]:
        """The designs in ``data``; ``libraries`` reach the readers whose designs can use weapon libraries."""
        reader = _load(self.reader)
        try:
            if libraries and "libraries" in inspect.signature(reader).parameters:
                return reader(data, file=file, rules=rules, libraries=tuple(libraries))
            return reader(data, file=file, rules=rules)
        except limits.LimitError as exc:
            raise limits.with_file(exc, file) from None

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
    label = "<stdin>" if name == "-" else name
    raw = read_bytes(name, limits.XLSX_FILE)  # the largest input of any format, checked per format below
    if fmt:
        f = format_named(fmt)
    else:
        try:
            f = format_for(name) if name != "-" else format_named(sniff_format(raw))
        except UnknownFormatError:
            f = format_named(sniff_format(raw))
    if f.binary:
        return f, raw, label
    if len(raw) > limits.TEXT_FILE.value:
        raise limits.LimitError("the input", limits.TEXT_FILE, file=label, value=f"{len(raw):,} bytes")
    return f, decode_text(raw, label), label


def read_designs(path: str | os.PathLike[str], *, fmt: str | None = None,
                 rules: Ruleset | None = None, libraries: Sequence[str] = ()) -> list[Design]:
    """Every design in ``path`` (``-`` is standard input); the format as :func:`read_input` finds it.
    ``libraries``: weapon library files whose profiles override the designs' own (``--library``)."""
    f, data, label = read_input(path, fmt)
    return _read_unity(f, data, label, rules, libraries)


def read_records(path: str | os.PathLike[str], *, fmt: str | None = None,
                 rules: Ruleset | None = None, libraries: Sequence[str] = ()) -> list[Any]:
    """Like :func:`read_designs`, but a YAML/JSON file of Nova records (``kind: nova``, what
    ``convert --from nova`` writes, X.2) gives :class:`~drydock.formats.legacy.nova_record.NovaRecord` items."""
    f, data, label = read_input(path, fmt)
    if f.name in ("yaml", "json") and isinstance(data, str) and _NOVA_KIND.search(data):
        # lazy: the legacy readers load for legacy input only
        from drydock.formats.legacy import nova_record

        return (nova_record.from_yaml if f.name == "yaml" else nova_record.from_json)(data, file=label)
    return _read_unity(f, data, label, rules, libraries)


def _read_unity(f: Format, data: str | bytes, label: str, rules: Ruleset | None,
                libraries: Sequence[str] = ()) -> list[Any]:
    """``f.read``; a text that fails to parse and looks like a legacy post says which conversion to run."""
    try:
        return f.read(data, file=label, rules=rules, libraries=libraries)
    except DrydockError as exc:
        # lazy: the legacy readers load for legacy input only
        from drydock.formats.legacy_sniff import legacy_hint

        hint = legacy_hint(label, data) if isinstance(data, str) else None
        if hint is None:
            raise
        raise DrydockError(hint) from exc


_NOVA_KIND = re.compile(r"""^[\s\-{]*["']?kind["']?\s*:\s*["']?nova\b""", re.MULTILINE)


def read_text_capped(name: str) -> str:
    """A UTF-8 text file read within :data:`~drydock.limits.TEXT_FILE` (``-``: standard input)."""
    return decode_text(read_bytes(name, limits.TEXT_FILE), "<stdin>" if name == "-" else name)


def read_bytes(name: str, limit: Any) -> bytes:
    """The bytes of file ``name`` (``-``: standard input), refused past ``limit`` (a :class:`~drydock.limits.Limit`)
    without reading more than one byte beyond it (``/dev/zero`` and endless pipes end too)."""
    if name == "-":
        if sys.stdin is None or getattr(sys.stdin, "buffer", None) is None:
            raise DrydockError("<stdin>: standard input is closed; give a file instead of '-'")
        try:
            raw = sys.stdin.buffer.read(limit.value + 1)
        except (OSError, ValueError) as exc:
            raise DrydockError(f"<stdin>: cannot read standard input: {exc}") from None
    else:
        with open_regular(name) as fh:
            raw = fh.read(limit.value + 1)
    if len(raw) > limit.value:
        raise limits.LimitError("the input", limit, file="<stdin>" if name == "-" else name,
                                value=f"more than {limit.value:,} bytes")
    return raw


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, force: bool = False) -> None:
    """Write ``data`` to ``path`` via a temporary file; never replace a file unless ``force`` (not even one
    that appeared while the run worked: see :func:`drydock.formats.files.write_new_or_replace`)."""
    target = Path(path)
    if target.exists() and not force:
        raise DrydockError(f"{target}: already exists (use --force to overwrite)")
    write_new_or_replace(target, data.encode("utf-8") if isinstance(data, str) else data, force=force)


def write_designs(path: str | os.PathLike[str], designs: Sequence[Design], *, fmt: str | None = None,
                  rules: Ruleset | None = None, force: bool = False) -> None:
    """Write ``designs`` to ``path`` in ``fmt`` (default: by the extension, :func:`format_for`), atomically
    (:func:`write_atomic`: an existing file is replaced only with ``force``). ``rules`` reach the writers that
    compute figures (Drake's CR, a workbook's formulas)."""
    f = format_named(fmt) if fmt else format_for(path)
    write_atomic(path, f.write(list(designs), rules=rules), force=force)


def check_outputs(outputs: Sequence[str | os.PathLike[str]], inputs: Sequence[str | os.PathLike[str]] = ()) -> None:
    """Refuse, before anything is written, two outputs of one run on the same path or an output that is an input.

    Paths are compared resolved (``a/../b``, symbolic links), and existing files also by identity (hard links).
    ``-`` (standard input or output) is ignored.
    """
    seen: dict[str, str] = {}
    ins = {_key(i): str(i) for i in inputs if str(i) != "-"}
    ins.update({k: k for k in files_read() if k not in ins})
    for out in outputs:
        if str(out) == "-":
            continue
        key = _key(out)
        if key in ins or any(_same_file(out, i) for i in ins.values()):
            raise DrydockError(f"{out}: is also an input; refusing to overwrite it (with or without --force)")
        if key in seen:
            raise DrydockError(f"{out}: two outputs of this run would go to the same file ({seen[key]} and {out})")
        seen[key] = str(out)


def _key(path: str | os.PathLike[str]) -> str:
    return os.path.normcase(os.path.realpath(str(path)))


def _same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def decode_text(data: bytes, name: str) -> str:
    """Bytes of a text file or standard input as UTF-8 (a BOM is dropped); anything else is refused alike."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DrydockError(f"{name}: not a UTF-8 text file (byte {exc.start + 1} is {data[exc.start]:#04x})") \
            from None
