"""The studio's folder: the only files it lists, reads and writes, with a version for each file read.

Confinement uses the traded-folder walk of ``convert`` (:func:`drydock.formats.files.folder_files`: hidden
names skipped, links leading out of the folder and system paths refused unread) and its link checks
(:func:`~drydock.formats.files.leaves_folder`, :func:`~drydock.formats.files.is_outside`). A path from a
request is a relative name inside the folder; anything else is refused with one line.

A file's *version* is the SHA-256 of its bytes: a save names the version it started from and is refused
when the file on disk has changed since (two tabs, or an editor beside the studio).
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from drydock import DrydockError, write_atomic
from drydock.formats.filekinds import is_campaign_file, is_fleet_file, is_library_file, is_rules_file
from drydock.formats.files import folder_files, is_outside, leaves_folder, open_regular
from drydock.limits import TEXT_FILE, XLSX_FILE, LimitError

#: Extensions of the files a design page edits (text) and of the files the library lists.
TEXT_SUFFIXES = (".yaml", ".yml", ".json")
LISTED_SUFFIXES = TEXT_SUFFIXES + (".drake", ".txt", ".xlsx", ".ods")
#: The longest relative name a request may carry (a path is a key, not a payload).
NAME_MAX = 400


class StaleFileError(DrydockError):
    """A save over a file that changed on disk since it was opened."""


@dataclass(frozen=True)
class Entry:
    """One file of the folder as the library page lists it."""

    name: str
    kind: str  # design, fleet, library, rules, campaign, workbook, text


def version_of(data: bytes) -> str:
    """The version of a file's bytes (what a save must start from)."""
    return hashlib.sha256(data).hexdigest()


class Folder:
    """The folder a studio serves."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(os.path.realpath(root))
        if not self.root.is_dir():
            raise DrydockError(f"{root}: not a folder")

    def entries(self) -> tuple[list[Entry], list[str]]:
        """Every listed file (relative names, sorted) and a line for each entry refused unread."""
        found, refused = folder_files(self.root)
        out = []
        for path in found:
            if path.suffix.lower() not in LISTED_SUFFIXES:
                continue
            out.append(Entry(self.relative(path), _kind(path)))
        return out, [why for _, why in refused]

    def relative(self, path: Path) -> str:
        return PurePosixPath(path.relative_to(self.root)).as_posix()

    def path(self, name: str, *, suffixes: tuple[str, ...] = LISTED_SUFFIXES) -> Path:
        """The file ``name`` (relative, inside the folder) or a DrydockError saying why not."""
        if not isinstance(name, str) or not name or len(name) > NAME_MAX or "\x00" in name or "\\" in name:
            raise DrydockError("a file is named by its path inside the studio's folder, e.g. ships/frigate.yaml")
        rel = PurePosixPath(name)
        if rel.is_absolute() or any(part in ("", "..", ".") or part.startswith(".") for part in rel.parts):
            raise DrydockError(f"{name}: not a file inside the studio's folder (no absolute paths, '..' or "
                               f"hidden names)")
        if rel.suffix.lower() not in suffixes:
            raise DrydockError(f"{name}: the studio works on {', '.join(suffixes)} files here")
        target = self.root.joinpath(*rel.parts)
        parent = target.parent
        while parent != self.root:  # every folder on the way: no link out
            why = leaves_folder(self.root, parent)
            if why or is_outside(self.root, parent):
                raise DrydockError(f"{name}: leads out of the studio's folder; not read or written")
            parent = parent.parent
        why = leaves_folder(self.root, target)
        if why or is_outside(self.root, target):
            raise DrydockError(f"{name}: leads out of the studio's folder; not read or written")
        return target

    def read_bytes(self, name: str, *, suffixes: tuple[str, ...] = LISTED_SUFFIXES) -> tuple[bytes, str]:
        """The bytes of file ``name`` and their version, within the input limits."""
        target = self.path(name, suffixes=suffixes)
        limit = XLSX_FILE if target.suffix.lower() in (".xlsx", ".ods") else TEXT_FILE
        try:
            with open_regular(target) as fh:
                data = fh.read(limit.value + 1)
        except FileNotFoundError:
            raise DrydockError(f"{name}: no such file in the studio's folder") from None
        except OSError as exc:
            raise DrydockError(f"{name}: cannot read: {exc.strerror or exc}") from None
        if len(data) > limit.value:
            raise LimitError("the file", limit, file=name, value=f"more than {limit.value:,} bytes")
        return data, version_of(data)

    def read_text(self, name: str) -> tuple[str, str]:
        """The text of design file ``name`` and its version."""
        data, version = self.read_bytes(name, suffixes=TEXT_SUFFIXES)
        try:
            return data.decode("utf-8-sig"), version
        except UnicodeDecodeError:
            raise DrydockError(f"{name}: not UTF-8 text") from None

    def save(self, name: str, text: str, *, version: str | None) -> str:
        """Write ``text`` to ``name`` atomically; return its new version.

        ``version`` None: a new file (refused if one exists). Otherwise the file must still hold that
        version, else :class:`StaleFileError`: the player chooses to reload it or save as a new file."""
        target = self.path(name, suffixes=TEXT_SUFFIXES)
        payload = text.encode("utf-8")
        if len(payload) > TEXT_FILE.value:
            raise LimitError("the design", TEXT_FILE, file=name, value=f"{len(payload):,} bytes")
        if version is None:
            if target.exists():
                raise DrydockError(f"{name}: already exists; choose another name")
            write_atomic(target, payload)
        else:
            try:
                _, now = self.read_bytes(name, suffixes=TEXT_SUFFIXES)
            except DrydockError:
                now = None
            if now != version:
                raise StaleFileError(f"{name}: changed on disk since you opened it (another tab or program "
                                     f"saved it); reload it, or save yours as a new file")
            write_atomic(target, payload, force=True)
        return version_of(payload)


    def add(self, name: str, data: bytes) -> str:
        """A file dropped in (a workbook, a design, a post): written as a new file; returns its version."""
        target = self.path(name)
        limit = XLSX_FILE if target.suffix.lower() in (".xlsx", ".ods") else TEXT_FILE
        if len(data) > limit.value:
            raise LimitError("the file", limit, file=name, value=f"{len(data):,} bytes")
        if target.exists():
            raise DrydockError(f"{name}: already exists; choose another name")
        write_atomic(target, data)
        return version_of(data)


def _kind(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".ods"):
        return "workbook"
    if suffix in (".drake", ".txt"):
        return "text"
    for kind, test in (("fleet", is_fleet_file), ("library", is_library_file), ("rules", is_rules_file),
                       ("campaign", is_campaign_file)):
        try:
            if test(path):
                return _campaign_kind(path) if kind == "campaign" else kind
        except (DrydockError, OSError):
            return "design"
    return "design"


def _campaign_kind(path: Path) -> str:
    """``campaign`` for a campaign file (``drydock_campaign:``), else ``campaign map`` or ``orders``."""
    with open_regular(path) as fh:
        head = fh.read(4096).decode("utf-8", "replace")
    if re.search(r"^drydock_campaign\s*:", head, re.MULTILINE):
        return "campaign"
    return "campaign map" if re.search(r"^drydock_map\s*:", head, re.MULTILINE) else "orders"
