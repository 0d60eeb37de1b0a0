"""The doctrine's menu of legal orders and its braking arithmetic (3.1-3.4; issues 6 and 14).

- :func:`candidates`: a fixed menu of legal orders within the engine rating (3.1-3.4), in a fixed order,
  pivots of one to three hexsides and two or more sideslips one way (3.4) included;
  :func:`candidate_moves`: the distinct end poses of that menu with their waypoints.
- :func:`stopping_distance` (3.2): the hexes a ship still covers going straight while braking as hard as it
  can; :func:`margin_boxes` / :func:`margin_rating`: the engine a ship plans to keep after losing boxes, and
  :data:`NEED`, the room ahead it wants (stopping distance plus a turn of drift).
- G.5 orbits (``1[6]1(8)``) depend on where the planet is, so their menu is
  :func:`drydock.engine.orbits.orbit_menu` (a run in, an orbit, a run out), offered beside this one.
"""

from __future__ import annotations

from functools import cache

from drydock.engine.hexgrid import distance
from drydock.engine.movement import Orders, requirement, trace

MAX_SPEED = 12
#: 3.4 pivots of more than one hexside the menu adds to straight runs (+3 and -3 are the same pivot)
PIVOTS = (2, -2, 3)
#: with no engine left after the hits planned for, a ship drifts: keep room for this many turns of drift
DRIFT_TURNS = 8
#: turns of drift at its speed a ship keeps in hand beyond its stopping distance (its engines may be shot away)
DRIFT_RESERVE = 1


@cache
def stopping_distance(speed: int, rating: int) -> int:
    """Hexes a ship at ``speed`` still covers going straight while braking by ``rating`` a turn (3.2).

    ``sum(max(0, speed - k * rating) for k >= 1)``; with no engine left it drifts ``DRIFT_TURNS`` turns.
    The invariant "room ahead >= stopping distance" can always be kept next turn by braking.
    """
    if rating <= 0:
        return speed * DRIFT_TURNS
    return sum(speed - k * rating for k in range(1, speed // rating + 1))


def margin_boxes(track: tuple[int, ...], hits: int, share: float) -> int:
    """Engine boxes a ship plans to lose: ``share`` of those left before the last one (at least one)."""
    left = len(track) - hits - 1
    return max(1, round(share * left)) if left > 0 else 1


def margin_rating(track: tuple[int, ...], hits: int, share: float) -> int:
    """The engine rating after losing :func:`margin_boxes` more boxes (0 when the track is gone)."""
    k = hits + margin_boxes(track, hits, share)
    return track[k] if k < len(track) else 0


#: room a ship needs ahead: stopping_distance(speed, rating) + DRIFT_RESERVE turns of drift (hot-loop table)
NEED = [[stopping_distance(v, e) + v * DRIFT_RESERVE for e in range(16)] for v in range(MAX_SPEED + 8)]


@cache
def candidate_moves(prev: int, prev_slips: tuple[int, int], rating: int, heading: int
                    ) -> tuple[tuple[Orders, tuple[tuple[int, int], ...], int, int, int, int, int], ...]:
    """Each candidate (distinct end pose; first in the fixed order wins) with its waypoints (hexes
    where the path turns or ends) relative to the start,
    its end displacement, heading and facing. A straight run stays on the board if both its ends do
    (the board is convex along hex rows), so only waypoints need checking."""
    out = []
    poses = set()
    for o in candidates(prev, prev_slips, rating):
        _, pts, h = trace(o, heading)
        q, r = pts[-1] if pts else (0, 0)
        pose = (q, r, h, (h + o.pivot) % 6, o.speed)
        if pose not in poses:
            poses.add(pose)
            out.append((o, tuple(pts), q, r, h, (h + o.pivot) % 6, o.speed))
    return tuple(out)


@cache
def boosted_moves(prev: int, prev_slips: tuple[int, int], rating: int, heading: int
                  ) -> tuple[tuple[Orders, tuple[tuple[int, int], ...], int, int, int, int, int], ...]:
    """The candidates of :func:`candidate_moves` with one more point of engine (a booster, B.3) whose end pose
    none of the candidates without it reaches, in their order (the pose's first candidate wins)."""
    without = {m[2:] for m in candidate_moves(prev, prev_slips, rating, heading)}
    return tuple(m for m in candidate_moves(prev, prev_slips, rating + 1, heading) if m[2:] not in without)


@cache
def candidate_reach(prev: int, prev_slips: tuple[int, int], rating: int, heading: int) -> int:
    """How far (hexes) the farthest waypoint of :func:`candidate_moves` lies from the start: a ship at least
    this far from every board edge (in offset rows and columns; one hex moves a column or a row by at most 1)
    keeps every candidate's path on the board."""
    return max((distance(x, y) for _, waypoints, *_ in candidate_moves(prev, prev_slips, rating, heading)
                for x, y in waypoints), default=0)


@cache
def candidates(prev: int, prev_slips: tuple[int, int], rating: int) -> tuple[Orders, ...]:
    """A fixed menu of legal orders within ``rating`` (3.1-3.4), in a fixed order."""
    out: list[Orders] = []
    seen = set()

    def add(steps: tuple, pivot: int = 0) -> None:
        steps = tuple(s for s in steps if s != 0)
        o = Orders(steps, pivot)
        if o in seen:
            return
        if requirement(o, prev, prev_slips) <= rating:
            seen.add(o)
            out.append(o)

    lo, hi = max(0, prev - rating), min(MAX_SPEED, prev + rating)
    for v in range(lo, hi + 1):
        add((v,))
        for p in (1, -1):
            add((v,), p)
        for t in ("P", "S"):
            add((t, v))
            add((v, t))
            if v >= 2:
                add((v // 2, t, v - v // 2))
            add((t, t, v))
        add(("U", v))
        if v >= 1:
            add(("L", v - 1))
            add(("R", v - 1))
    # 3.4: "a ship may alter its facing by plotting a pivot [...] a number from 1 to 3 [...] Pivots of "+3" and
    # "-3" are identical [...] the number of hexsides turned is added to the engine requirement": the pivots
    # of two and three hexsides after a straight run, where the engine pays for them (after the rest of the
    # menu, which keeps its order)
    for v in range(lo, hi + 1):
        for p in PIVOTS:
            add((v,), p)
    # 3.4: "A starship may perform two or more sideslips consecutively. Ships may only slip in one direction per
    # Movement Phase": two or more slips one way, where the engine pays +1 for each (each counts as one hex of
    # speed). Slips commute (each moves the ship one hex forward-left or forward-right), so slipping first
    # reaches every end pose of k slips; after the rest of the menu, which keeps its order
    for v in range(lo, hi + 1):
        for k in range(2, v + 1):
            for slip in ("L", "R"):
                add((slip,) * k + (v - k,))
    return tuple(out)
