"""Progress on long jobs (SSD booklets, converting folders, battles), shown only when stderr is a terminal.

:func:`progress` wraps an iterable in a click progress bar; :func:`counter` gives an
``update(n)`` callable for work counted elsewhere (battles in worker processes); :func:`busy` shows the elapsed
time of one long step (rendering a PDF) that has no steps of its own to count. When stderr
is not a terminal (a pipe, a log file, CI) both print nothing.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

T = TypeVar("T")


def on_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def progress(items: Iterable[T], label: str, *, length: int | None = None, show: Any = None) -> Iterator[T]:
    """Yield ``items``, with a progress bar on stderr when it is a terminal."""
    if not on_terminal():
        yield from items
        return
    with click.progressbar(items, length=length, label=label, file=sys.stderr, item_show_func=show) as bar:
        yield from bar


@contextmanager
def counter(length: int, label: str, *, show: bool = True) -> Iterator[Any]:
    """A progress bar of ``length`` steps: yields ``update(n)``, or ``None`` when there is nothing to show
    (stderr not a terminal, or ``show`` false), so that a pipe never receives the label."""
    if not show or not on_terminal():
        yield None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update


@contextmanager
def busy(label: str) -> Iterator[None]:
    """Show ``label`` and the seconds elapsed on stderr (a terminal only) until the block ends."""
    if not on_terminal():
        yield
        return
    done = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        while not done.wait(0.5):
            sys.stderr.write(f"\r{label} {time.monotonic() - start:5.1f}s")
            sys.stderr.flush()

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        sys.stderr.write(f"\r{label} {time.monotonic() - start:5.1f}s, done\n")
        sys.stderr.flush()


@contextmanager
def stages(*, show: bool = True) -> Iterator[Any]:
    """The plan game's stages on one line of stderr (a terminal only): yields ``update(stage, done, total)``,
    which shows ``trying 3x3 plans: 48 of 144 battles, about 0.4 s left`` from the first moment of each stage.
    The estimate is the stage's own rate so far applied to what is left of its current round (a round's size is
    known when it starts), so it holds; a stage that stops early simply ends. ``None`` when nothing is shown."""
    if not show or not on_terminal():
        yield None
        return
    state: dict[str, Any] = {"stage": None, "start": 0.0, "base": 0, "shown": 0.0, "width": 0}

    def update(stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        if stage != state["stage"] or done == 0:
            if stage != state["stage"] and state["stage"] is not None:
                sys.stderr.write("\n")
            state.update(stage=stage, start=now, base=done, shown=0.0)
        if done and done < total and now - state["shown"] < 0.1:
            return
        state["shown"] = now
        rate = (done - state["base"]) / (now - state["start"]) if done > state["base"] and now > state["start"] else 0
        left = f", about {(total - done) / rate:.1f} s left" if rate and done < total else ""
        line = f"{stage}: {done} of {total} battles{left}"
        sys.stderr.write("\r" + line.ljust(state["width"]))
        state["width"] = len(line)
        sys.stderr.flush()

    try:
        yield update
    finally:
        if state["stage"] is not None:
            sys.stderr.write("\n")
            sys.stderr.flush()
