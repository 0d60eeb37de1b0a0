"""2.3 Deploying the Fleet: "The side with more ships places one model within four hexes of one short edge of the
game board. The other side then places one model within four hexes of the opposite edge."

:func:`deployment_slots` lists side A's set-up hexes in the order its ships are placed (one ship per hex,
below the book's "No more than three ships may be placed in a single hex"); side B's are their point image
(:func:`~drydock.engine.hexgrid.point_image`, in :meth:`drydock.engine.battle.Battle.deploy`).
"""

from __future__ import annotations

from drydock.engine.hexgrid import from_offset
from drydock.engine.tables import DEPLOY_DEPTH
from drydock.errors import DrydockError


def deployment_slots(width: int, height: int, n: int) -> list[tuple[int, int]]:
    """The first ``n`` set-up hexes (axial) of side A (2.3): the column ``DEPLOY_DEPTH`` - 1 from the west
    edge first, rows spreading out from the middle, then the columns behind it (one ship per hex)."""
    rows = [height // 2 + (k + 1) // 2 * (1 if k % 2 else -1) for k in range(height)]
    rows = [r for r in rows if 0 <= r < height]
    cols = list(range(min(DEPLOY_DEPTH, width) - 1, -1, -1))
    out = [from_offset(c, r) for c in cols for r in rows]
    if n > len(out):
        raise DrydockError(f"{n} ships do not fit in a {DEPLOY_DEPTH}-hex set-up area of a {width}x{height} board")
    return out[:n]
