"""Option checks shared by the battle commands (``battle``, ``tournament``)."""

from __future__ import annotations


def board_size(board: str, runs: int, jobs: int, turns: int, min_jobs: int = 1) -> tuple[int, int]:
    """``--board`` as (columns, rows), after checking it and ``--runs``, ``--jobs`` and ``--turns``."""
    from drydock.errors import DrydockError

    try:
        w, h = (int(x) for x in board.lower().split("x"))
    except ValueError:
        raise DrydockError(f"--board must look like 32x18, not {board!r}") from None
    if runs < 1 or jobs < min_jobs or turns < 1 or w < 8 or h < 8:
        raise DrydockError(f"--runs and --turns must be at least 1, --jobs at least {min_jobs}, "
                           "and the board at least 8x8")
    return w, h
