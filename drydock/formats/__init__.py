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
    writer: str
    binary: bool = False

    def read(self, data: str | bytes, *, file: str | None = None, rules: Ruleset | None = None) -> list[Design]:
        return _load(self.reader)(data, file=file, rules=rules)

    def write(self, designs: list[Design], *, rules: Ruleset | None = None) -> str | bytes:
        """Write ``designs``; ``rules`` reaches writers that compute figures (Drake, xlsx) and is ignored by others."""
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
    from drydock import limits

    limit = limits.XLSX_FILE if f.binary else limits.TEXT_FILE
    shown = "<stdin>" if name == "-" else name
    raw = read_bytes(name, limit)
    return f.read(raw if f.binary else decode_text(raw, shown), file=shown, rules=rules)


def read_text_capped(name: str) -> str:
    """A UTF-8 text file read within :data:`~drydock.limits.TEXT_FILE` (``-``: standard input)."""
    from drydock import limits

    return decode_text(read_bytes(name, limits.TEXT_FILE), "<stdin>" if name == "-" else name)


def read_bytes(name: str, limit: Any) -> bytes:
    """The bytes of file ``name`` (``-``: standard input), refused past ``limit`` (a :class:`~drydock.limits.Limit`)
    without reading more than one byte beyond it (``/dev/zero`` and endless pipes end too)."""
    from drydock import limits

    if name == "-":
        raw = sys.stdin.buffer.read(limit.value + 1)
    else:
        with open(name, "rb") as fh:
            raw = fh.read(limit.value + 1)
    if len(raw) > limit.value:
        raise limits.LimitError("the input", limit, file="<stdin>" if name == "-" else name,
                                value=f"more than {limit.value:,} bytes")
    return raw


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, force: bool = False) -> None:
    """Write ``data`` to ``path`` via a temporary file and rename; refuse to overwrite unless ``force``."""
    target = Path(path)
    if target.exists() and not force:
        raise DrydockError(f"{target}: already exists (use --force to overwrite)")
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    # the temporary name keeps at most 40 characters of the target's, so any legal output name has room
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600 files; give the usual permissions
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def check_outputs(outputs: list[str | os.PathLike[str]], inputs: list[str | os.PathLike[str]] = ()) -> None:
    """Refuse, before anything is written, two outputs of one run on the same path or an output that is an input.

    Paths are compared resolved (``a/../b``, symbolic links), and existing files also by identity (hard links).
    ``-`` (standard input or output) is ignored.
    """
    seen: dict[str, str] = {}
    ins = {_key(i): str(i) for i in inputs if str(i) != "-"}
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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
