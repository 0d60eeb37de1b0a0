"""2.3 Deploying the Fleet: "The side with more ships places one model within four hexes of one short edge of the
game board. The other side then places one model within four hexes of the opposite edge."

:func:`deployment_slots` lists side A's set-up hexes in the order its ships are placed; side B's are their
point image (:func:`~drydock.engine.hexgrid.point_image`, in :meth:`drydock.engine.battle.Battle.deploy`).
"Sides alternate placing models within their setup areas until all starships have been placed. No more than
three ships may be placed in a single hex." Ships spread out one per hex while the set-up area has room (a
stack shares every shockwave, explosion and Proximity roll); a fleet larger than the area stacks a second and
then a third ship in each hex, in the same order, as 2.3 allows.

Chosen deployment (issue 37): each side may place its ships in its set-up area by a deployment plan
(:data:`DEPLOYMENTS`, ``--deployment``); the plan game can choose among them (:func:`split_plan`: a strategy
``close@port`` flies the ``close`` plan from the ``port`` set-up). A plan orders the set-up hexes of side A; side B's
are the point image of its own plan's hexes, so a plan means the same to either side ("port" is the flank on the
side's port hand as it faces the enemy) and swapping the sides changes nothing but the labels. The mirrored
``standard`` set-up stays the default, fair to both sides.
"""

from __future__ import annotations

from dataclasses import replace

from drydock.engine.choices import DEFAULT_DEPLOYMENT, DEPLOYMENT_NAMES, STRATEGY_SEP
from drydock.engine.hexgrid import from_offset
from drydock.engine.settings import BattleSettings
from drydock.engine.tables import DEPLOY_DEPTH, DEPLOY_STACK
from drydock.errors import DrydockError

#: the deployment plans (``--deployment``), each with what it does to side A's set-up area (2.3: within
#: ``DEPLOY_DEPTH`` hexes of the west edge; side A faces east, its port hand is the north edge, row 0)
DEPLOYMENTS: dict[str, str] = {
    "standard": "the mirrored standard set-up: the front column first, rows spreading out from the middle",
    "port": "a flank set-up on the port hand: the front column first, rows from the port edge",
    "starboard": "a flank set-up on the starboard hand: the front column first, rows from the starboard edge",
    "spread": "the ships spread evenly along the front column from edge to edge (then as standard)",
    "rear": "held back: the back column (at the board edge) first, rows spreading out from the middle",
}
assert tuple(DEPLOYMENTS) == DEPLOYMENT_NAMES


def deployment_slots(width: int, height: int, n: int, plan: str = DEFAULT_DEPLOYMENT) -> list[tuple[int, int]]:
    """The first ``n`` set-up hexes (axial) of side A (2.3) by the deployment ``plan`` (:data:`DEPLOYMENTS`).

    ``standard``: the column ``DEPLOY_DEPTH`` - 1 from the west edge first, rows spreading out from the middle,
    then the columns behind it; once every hex holds a ship, the same order again for a second ship and then a
    third (at most ``DEPLOY_STACK`` a hex). The other plans order the same hexes otherwise."""
    if plan not in DEPLOYMENTS:
        raise DrydockError(f"unknown deployment plan {plan[:30]!r} (2.3: {', '.join(DEPLOYMENTS)})")
    middle = [height // 2 + (k + 1) // 2 * (1 if k % 2 else -1) for k in range(height)]
    middle = [r for r in middle if 0 <= r < height]
    front_first = list(range(min(DEPLOY_DEPTH, width) - 1, -1, -1))
    area = [from_offset(c, r) for c in front_first for r in middle]
    if n > DEPLOY_STACK * len(area):
        raise DrydockError(f"{n} ships do not fit in a {DEPLOY_DEPTH}-hex set-up area of a {width}x{height} board "
                           f"({len(area)} hexes, at most {DEPLOY_STACK} ships a hex, 2.3)")
    if plan == "port":
        area = [from_offset(c, r) for c in front_first for r in range(height)]
    elif plan == "starboard":
        area = [from_offset(c, r) for c in front_first for r in range(height - 1, -1, -1)]
    elif plan == "rear":
        area = [from_offset(c, r) for c in reversed(front_first) for r in middle]
    elif plan == "spread":
        k = min(n, height)
        rows = [(2 * i + 1) * height // (2 * k) for i in range(k)]  # evenly spaced, edge to edge
        first = [from_offset(front_first[0], r) for r in rows]
        area = first + [x for x in area if x not in first]
    return (area * DEPLOY_STACK)[:n]


def side_slots(width: int, height: int, n: int, deployment: str | tuple[str, str] | list[str] | None
               ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Side A's and side B's plans' set-up hexes as side A's (Battle.deploy takes B's point image): ``deployment``
    is one plan for both sides, a plan per side (A, B), or None (the standard set-up)."""
    pa, pb = (deployment, deployment) if isinstance(deployment, str) or deployment is None else deployment
    a = deployment_slots(width, height, n, pa or DEFAULT_DEPLOYMENT)
    return a, a if pb == pa else deployment_slots(width, height, n, pb or DEFAULT_DEPLOYMENT)


def with_deployments(groups: list[tuple[str, ...]], deployments: tuple[str, ...] | list[str] | None
                     ) -> list[tuple[str, ...]]:
    """The plan game's plan groups, each flown from each of ``deployments`` (``close@port``; none: as given)."""
    if not deployments:
        return groups
    for d in deployments:
        if d not in DEPLOYMENTS:
            raise DrydockError(f"unknown deployment plan {d[:30]!r} (2.3: {', '.join(DEPLOYMENTS)})")
    return [tuple(f"{p}{STRATEGY_SEP}{d}" for p in g) for g in groups for d in deployments]


def distinct_deployments(board: tuple[int, int], n: int, deployments: tuple[str, ...] | list[str] | None
                         ) -> tuple[str, ...] | None:
    """``deployments`` less those that place ``n`` ships on the same hexes as one before them (one ship: "spread"
    is "standard"), so the plan game fights each set-up once."""
    if not deployments:
        return None
    seen: dict[tuple[tuple[int, int], ...], str] = {}
    for d in deployments:
        seen.setdefault(tuple(deployment_slots(board[0], board[1], n, d)), d)
    return tuple(seen.values())


def deployment_in_force(settings: BattleSettings) -> list[str]:
    """What a report lists in force for the settings' deployment: ``["2.3 Deployment: A port, B starboard"]``, or
    nothing for the standard set-up (so the core game's report is unchanged)."""
    if settings.deployments:  # chosen deployment: the plan game's strategies name each side's (close@port)
        return ["2.3 Deployment: the plan game chooses among " + ", ".join(settings.deployments)]
    given = settings.deployment
    pa, pb = (given, given) if isinstance(given, str) or given is None else given
    pa, pb = pa or DEFAULT_DEPLOYMENT, pb or DEFAULT_DEPLOYMENT
    if pa == pb == DEFAULT_DEPLOYMENT:
        return []
    return [f"2.3 Deployment: {pa}" if pa == pb else f"2.3 Deployment: A {pa}, B {pb}"]


def split_plan(settings: BattleSettings) -> BattleSettings:
    """The settings of one match-up, with each side's plan game strategy ``plan@deployment`` split into its plan
    and its deployment plan (``plan`` and ``deployment``), without the plan game's ``deployments``."""
    settings = replace(settings, deployments=()) if settings.deployments else settings  # the plan game's choice
    plan = settings.plan
    pair = plan if isinstance(plan, (tuple, list)) else (plan, plan)
    if not any(isinstance(p, str) and STRATEGY_SEP in p for p in pair):
        return settings
    given = settings.deployment
    dep = (given, given) if isinstance(given, str) or given is None else tuple(given)
    plans: list[str | None] = []
    deps: list[str] = []
    for side, p in enumerate(pair):
        name, _, where = (p or "").partition(STRATEGY_SEP)
        plans.append(name or None)
        deps.append(where or dep[side] or DEFAULT_DEPLOYMENT)
    return replace(settings, plan=(plans[0], plans[1]), deployment=(deps[0], deps[1]))
