"""Re-run a job whenever one of its files is saved: ``drydock rate --watch FILE...`` (polling, no extra library).

Polling the files' modification times and sizes twice a second is enough for a design
loop (write, save, look) and works the same on every system and editor (including
editors that save by writing a new file and renaming it over the old one).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable

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

    Stops after ``cycles`` polls (``None``: until interrupted; Ctrl-C ends quietly).
    """
    runs = 0
    last = stamp(paths)
    run()
    runs += 1
    polls = 0
    try:
        while cycles is None or polls < cycles:
            sleep(interval)
            polls += 1
            now = stamp(paths)
            if now != last:
                last = now
                run()
                runs += 1
    except KeyboardInterrupt:
        pass
    return runs
