"""Option checks shared by the battle commands (``battle``, ``tournament``)."""

from __future__ import annotations


def board_size(board: str, runs: int, jobs: int, turns: int, min_jobs: int = 1) -> tuple[int, int]:
    """``--board`` as (columns, rows), after checking it and ``--runs``, ``--jobs`` and ``--turns``."""
    import re

    from drydock import limits
    from drydock.errors import DrydockError

    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX]\s*(\d{1,9})\s*", board)
    if m is None:
        raise DrydockError(f"--board must look like 32x18, not {board[:40]!r}")
    w, h = int(m.group(1)), int(m.group(2))
    limits.check("--jobs", jobs, limits.JOBS, low=min_jobs)
    limits.check_battle(runs=runs, jobs=max(jobs, 1), turns=turns, board=(w, h), ships=(1, 1))
    return w, h
