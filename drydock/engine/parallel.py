"""Process pools that Ctrl-C stops cleanly (the battle and tournament workers).

A forked worker that receives SIGINT before its initializer has run dies with a traceback, and a
``multiprocessing.Pool`` quietly starts another in its place: pressed at the wrong moment, Ctrl-C left the parent
waiting on a pool that kept fighting. Here SIGINT is blocked while the pool starts its workers, so each worker
ignores it from its first instruction and the parent, once the pool is up, takes the pending Ctrl-C itself.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from typing import Any

_CAN_BLOCK = hasattr(signal, "pthread_sigmask")


def _quiet(initializer: Callable[..., None], initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: no worker tracebacks
    if _CAN_BLOCK:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    initializer(*initargs)


def worker_pool(jobs: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> Any:
    """A ``multiprocessing.Pool`` of ``jobs`` forked workers (where fork exists) that ignore SIGINT."""
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork") if "fork" in methods else multiprocessing.get_context()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if _CAN_BLOCK else None
    try:
        return ctx.Pool(jobs, initializer=_quiet, initargs=(initializer, initargs))
    finally:
        if old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
