"""Files a run reads and writes: only regular files in, no output over an input, no clobbering.

Every input path (from the command line or from inside a traded file: a fleet's
``design:``/``rules:``, a design's ``library:``, a library's ``include:``, a tournament
``--state``) is opened with :func:`open_regular`: without blocking, then judged by what the
opened file *is* (``fstat`` after following links), so a FIFO, a device, a directory or a
symbolic link to one is refused in one line instead of hanging or reading ``/dev/zero``.

Each path read is remembered (:func:`files_read`) so that :func:`drydock.formats.check_outputs`
refuses an output that is any input of the run, nested ones included, before any work.
:func:`create_new` writes an output atomically without replacing a file that appeared in the
meantime (a hard link is created from the finished temporary file, which fails if the name
exists), and :func:`replace` replaces one only with ``--force``.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from drydock.errors import DrydockError

_READ: set[str] = set()
_RUN_ACTIVE = [False]
#: Each file a folder walk kept (by its absolute path as listed) and the identity (device, inode) of the file it
#: was when listed: :func:`open_regular` refuses a listed path that opens as another file (issue 42: a post swapped
#: for a link to an outside file after the walk).
_WALKED: dict[str, tuple[int, int]] = {}

#: Paths a traded file may not lead to (their content must never be quoted back).
SYSTEM_DIRS = ("/proc", "/sys", "/dev", "/etc", "/run", "/boot", "/root", "/var/run")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def open_regular(name: str | os.PathLike[str]) -> BinaryIO:
    """``name`` opened for reading if it is a regular file (after links); else a DrydockError naming it.

    The open never blocks (``O_NONBLOCK``: a FIFO without a writer opens at once) and the check is
    made on the opened file, so a file swapped for a FIFO between a check and the read is caught too.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(name, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DrydockError(f"{name}: {_kind(st.st_mode)}, not a file; drydock reads only regular files")
        listed = _WALKED.get(_listed_key(name))
        if listed is not None and listed != (st.st_dev, st.st_ino):
            raise DrydockError(f"{name}: changed since its folder was listed (replaced, or now a link); not read")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    if _RUN_ACTIVE[0]:
        _READ.add(_key(name))
    return os.fdopen(fd, "rb")


def check_regular(name: str | os.PathLike[str]) -> None:
    """Refuse ``name`` unless it is a regular file (without opening it: ``stat`` after links)."""
    try:
        st = os.stat(name)
    except OSError:
        return  # the reader says it is missing, in its own words
    if not stat.S_ISREG(st.st_mode):
        raise DrydockError(f"{name}: {_kind(st.st_mode)}, not a file; drydock reads only regular files")


def is_system_path(path: str | os.PathLike[str]) -> bool:
    """Does ``path`` (resolved) lie in a system folder (``/proc``, ``/dev``, ``/etc`` ...)?"""
    real = os.path.realpath(str(path))
    return any(real == d or real.startswith(d + os.sep) for d in SYSTEM_DIRS)


def traded_path(base: Path, relative: str, *, owner: str, key: str) -> Path:
    """The file a traded file names (``key``, relative to ``base``), refused when it is a system file."""
    target = base / relative
    if is_system_path(target):
        raise DrydockError(f"{owner}: {key} {relative} leads to a system file ({os.path.realpath(target)}); "
                           f"refusing to read it")
    return target


def is_outside(base: Path, target: Path) -> bool:
    """Does ``target`` (resolved) lie outside the folder ``base``?"""
    real, root = os.path.realpath(target), os.path.realpath(base)
    return not (real == root or real.startswith(root.rstrip(os.sep) + os.sep))


def folder_files(root: str | os.PathLike[str]) -> tuple[list[Path], list[tuple[Path, str]]]:
    """The files of the traded folder ``root``, recursively and sorted (hidden names skipped), and the entries
    refused unread: ``(path, one line naming it)`` for a symbolic link that leads out of ``root`` and for
    anything in a system folder (:data:`SYSTEM_DIRS`). Links to folders are never followed (a folder linked
    from inside is walked where it is); only regular files are kept, so nothing refused is opened or quoted.
    Each file kept is remembered with the identity it had when listed, and :func:`open_regular` refuses it if it
    opens as another file (swapped for a link after the walk)."""
    base = Path(root)
    files: list[Path] = []
    refused: list[tuple[Path, str]] = []
    for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
        here = Path(dirpath)
        kept = []
        for name in sorted(dirnames):
            path = here / name
            if name.startswith("."):
                continue
            if os.path.islink(path):
                why = leaves_folder(base, path)
                if why:
                    refused.append((path, why))
                continue
            kept.append(name)
        dirnames[:] = kept
        for name in sorted(filenames):
            path = here / name
            if name.startswith("."):
                continue
            why = leaves_folder(base, path)
            if why:
                refused.append((path, why))
                continue
            try:
                st = os.stat(path)
            except OSError:
                continue  # gone, or a dangling link: nothing to read
            if stat.S_ISREG(st.st_mode):
                files.append(path)
                _WALKED[_listed_key(path)] = (st.st_dev, st.st_ino)
    return sorted(files), sorted(refused)


def leaves_folder(base: Path, path: Path) -> str | None:
    """Why ``path`` inside the traded folder ``base`` must not be read (None: it may): it is in a system folder,
    or a symbolic link leading out of ``base``. The line names ``path`` only, never where it leads."""
    if is_system_path(path):
        return f"{path}: leads into a system folder; not read (a traded folder is read only inside itself)"
    if os.path.islink(path) and is_outside(base, path):
        return f"{path}: a symbolic link leading out of {base}; not read (a traded folder is read only inside itself)"
    return None


_ON_NEW_RUN: list[Callable[[], None]] = []


def on_new_run(forget: Callable[[], None]) -> None:
    """Call ``forget`` at each :func:`new_run` (a reader's per-run cache registers its ``clear``)."""
    _ON_NEW_RUN.append(forget)


def new_run() -> None:
    """Start a run (one command): from now until :func:`end_run`, every file opened is an input of the
    run (:func:`files_read`); per-run caches start empty. Outside a run (drydock used as a library)
    nothing is recorded: only the inputs a caller names are checked."""
    _READ.clear()
    _WALKED.clear()
    _RUN_ACTIVE[0] = True
    for forget in _ON_NEW_RUN:
        forget()


def end_run() -> None:
    """End the run :func:`new_run` started: forget its files and caches."""
    _READ.clear()
    _WALKED.clear()
    _RUN_ACTIVE[0] = False
    for forget in _ON_NEW_RUN:
        forget()


def in_run() -> bool:
    """Is a run (one command) under way?"""
    return _RUN_ACTIVE[0]


def files_read() -> set[str]:
    """Resolved paths of every file this process has opened with :func:`open_regular`."""
    return set(_READ)


def _key(path: str | os.PathLike[str]) -> str:
    return os.path.normcase(os.path.realpath(str(path)))


def _listed_key(path: str | os.PathLike[str]) -> str:
    """A walked file's key: its absolute path as listed, links not resolved (what it leads to may change)."""
    return os.path.normcase(os.path.abspath(str(path)))


# ------------------------------------------------------------------ writing
def write_new_or_replace(target: Path, payload: bytes, *, force: bool) -> None:
    """``payload`` into ``target`` atomically: a new file never replaces one that appeared meanwhile."""
    target.parent.mkdir(parents=True, exist_ok=True)
    # the temporary name keeps at most 40 characters of the target's, so any legal output name has room
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600 files; give the usual permissions
        if force:
            if target.is_dir():
                raise DrydockError(f"{target}: is a directory; refusing to replace it")
            os.replace(tmp, target)
            return
        try:
            os.link(tmp, target)  # fails if target exists: no clobbering, whatever happened since the check
        except FileExistsError:
            raise DrydockError(f"{target}: already exists (use --force to overwrite)") from None
        except OSError:  # no hard links here (some network or FAT file systems): create exclusively
            with open(target, "xb") as out:
                out.write(payload)
    except FileExistsError:
        raise DrydockError(f"{target}: already exists (use --force to overwrite)") from None
    except IsADirectoryError:
        raise DrydockError(f"{target}: is a directory; refusing to replace it") from None
    except OSError as exc:
        raise DrydockError(f"{target}: cannot write: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
