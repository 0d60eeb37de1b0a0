"""2.3 Deploying the Fleet: "The side with more ships places one model within four hexes of one short edge of the
game board. The other side then places one model within four hexes of the opposite edge."

:func:`deployment_slots` lists side A's set-up hexes in the order its ships are placed; side B's are their
point image (:func:`~drydock.engine.hexgrid.point_image`, in :meth:`drydock.engine.battle.Battle.deploy`).
"Sides alternate placing models within their setup areas until all starships have been placed. No more than
three ships may be placed in a single hex." Ships spread out one per hex while the set-up area has room (a
stack shares every shockwave, explosion and Proximity roll); a fleet larger than the area stacks a second and
then a third ship in each hex, in the same order, as 2.3 allows.
"""

from __future__ import annotations

from drydock.engine.hexgrid import from_offset
from drydock.engine.tables import DEPLOY_DEPTH, DEPLOY_STACK
from drydock.errors import DrydockError


def deployment_slots(width: int, height: int, n: int) -> list[tuple[int, int]]:
    """The first ``n`` set-up hexes (axial) of side A (2.3): the column ``DEPLOY_DEPTH`` - 1 from the west
    edge first, rows spreading out from the middle, then the columns behind it; once every hex holds a ship,
    the same order again for a second ship and then a third (at most ``DEPLOY_STACK`` a hex)."""
    rows = [height // 2 + (k + 1) // 2 * (1 if k % 2 else -1) for k in range(height)]
    rows = [r for r in rows if 0 <= r < height]
    cols = list(range(min(DEPLOY_DEPTH, width) - 1, -1, -1))
    area = [from_offset(c, r) for c in cols for r in rows]
    if n > DEPLOY_STACK * len(area):
        raise DrydockError(f"{n} ships do not fit in a {DEPLOY_DEPTH}-hex set-up area of a {width}x{height} board "
                           f"({len(area)} hexes, at most {DEPLOY_STACK} ships a hex, 2.3)")
    return (area * DEPLOY_STACK)[:n]
