"""An advisory lock on a file that several drydock commands may change (a campaign or league file).

:func:`locked` holds an exclusive lock on a sibling lock file (``NAME.lock`` beside ``NAME``) for
the length of a ``with`` block. The operating system releases the lock when the process ends, killed
or not, so a crashed command never leaves the file locked; the lock file itself is left in place
(removing it would let a third command lock a new file while a second still holds the old one).
A command that finds the lock held is refused at once, in one line, and changes nothing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from drydock.errors import DrydockError

if sys.platform == "win32":  # pragma: no cover - Windows only
    import msvcrt
else:
    import fcntl


class FileBusyError(DrydockError):
    """Another drydock command holds the lock on the file."""


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file guarding ``path``: ``NAME.lock`` beside it (links resolved, so every name of a file
    shares one lock)."""
    target = Path(path).resolve()
    return target.with_name(target.name + ".lock")


@contextmanager
def locked(path: str | os.PathLike[str], *, what: str = "file") -> Iterator[None]:
    """Hold an exclusive advisory lock on ``path`` (via its sibling lock file) for the ``with`` block.

    Raises :class:`FileBusyError` at once if another process holds it."""
    lock = lock_path(path)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(lock, flags, 0o644)
    except OSError as err:
        raise DrydockError(f"{path}: cannot lock the {what} ({lock.name}: {err.strerror})") from None
    try:
        if not _try_lock(fd):
            raise FileBusyError(f"{path}: another drydock command is changing this {what}; try again when it "
                                "has finished")
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
