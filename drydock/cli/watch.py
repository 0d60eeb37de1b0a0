"""Re-run a job whenever one of its files is saved: ``drydock rate --watch FILE...`` (polling, no extra library).

:func:`rate_watch` is the command's work (as :mod:`drydock.insight.rate_files` is for ``rate``): it rates the
files now and after every save, writing through the ``echo`` it is given, and returns a :class:`WatchRun`.

Polling the files' modification times and sizes twice a second is enough for a design
loop (write, save, look) and works the same on every system and editor (including
editors that save by writing a new file and renaming it over the old one).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from drydock.errors import DrydockError
from drydock.insight.rate_files import rate_files

#: Clears a terminal and puts the cursor top-left (ANSI), like a live Used/Remain column.
CLEAR = "\x1b[2J\x1b[H"


def stamp(paths: Iterable[str]) -> tuple[tuple[str, float, int] | tuple[str, None, None], ...]:
    """(path, modification time, size) of each path; ``None`` for one that is missing just now."""
    out: list = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append((p, st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((p, None, None))
    return tuple(out)


def watch(paths: list[str], run: Callable[[], None], *, interval: float = 0.5, cycles: int | None = None,
          sleep: Callable[[float], None] = time.sleep) -> int:
    """Call ``run()`` now and after every change to ``paths``; return the number of runs.

    Stops after ``cycles`` polls (``None``: until interrupted). Ctrl-C is not caught here: it reaches the command's
    handler, which prints one line and exits 130 like every other command (docs/limits.md).
    """
    runs = 0
    last = stamp(paths)
    run()
    runs += 1
    polls = 0
    while cycles is None or polls < cycles:
        sleep(interval)
        polls += 1
        now = stamp(paths)
        if now != last:
            last = now
            run()
            runs += 1
    return runs


@dataclass
class WatchRun:
    """What ``drydock rate --watch`` did when it stopped after its ``cycles``: how many times it rated the files, and
    its exit status (0: a file that fails while being edited is shown and watched on). Stopped with Ctrl-C, the
    command exits 130 instead."""

    runs: int
    exit_status: int = 0


def rate_watch(files: tuple[str, ...], rules_file: str | None, *, echo: Callable[[str, bool], None],
               tty: bool = False, as_json: bool = False, source: str | None = None, settings: tuple[str, ...] = (),
               libraries: tuple[str, ...] = (), cycles: int | None = None,
               sleep: Callable[[float], None] = time.sleep) -> WatchRun:
    """Rate ``files`` (as :func:`~drydock.insight.rate_files.rate_files`) now and whenever one of them or the
    ``rules_file`` is saved. ``echo(text, to_stderr)`` writes each report (after :data:`CLEAR` on a terminal,
    ``tty``), its messages and a ``-- HH:MM:SS: watching`` line; ``cycles`` and ``sleep`` as for :func:`watch`."""
    if "-" in files:
        raise DrydockError("--watch needs files, not standard input")

    def run() -> None:
        try:
            out, messages, _ = rate_files(files, rules_file, as_json=as_json, source=source, settings=settings,
                                          libraries=libraries)
        except DrydockError as exc:  # a bad house-rule file while editing it: show it, keep watching
            out, messages = "", [f"drydock: error: {exc}"]
        echo((CLEAR if tty else "") + out, False)
        for line in messages:
            echo(line + "\n", True)
        echo(f"-- {time.strftime('%H:%M:%S')}: watching {len(files)} file(s); Ctrl-C to stop\n", True)

    return WatchRun(watch(list(files) + ([rules_file] if rules_file else []), run, cycles=cycles, sleep=sleep))
