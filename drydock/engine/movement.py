"""Movement orders in rulebook notation, engine requirements and execution (3.1-3.4).

Notation (3.1, 3.4): ``n`` forward hexes, ``P``/``S`` one-hexside turns, ``U`` a U-turn,
``L``/``R`` sideslips, prefixes ``Z/`` (evasive, D.3), ``@/`` (roll, D.7), ``E/`` (emergency
thrust, D.1) and others, the speed in parentheses and a pivot ``+n``/``-n`` after it:
``4P2(6)``, ``3P1(4) +1``, ``Z/1R2(4)``.

G.5 orbits: "the orbital portion of a starship's movement should be indicated by placing a number in brackets:
e.g. '1[6]1(8)' would indicate that the ship is to move one hex forward (initiating orbit), orbit for six hexes,
and then move one hex forward (breaking orbit)". An orbit is the step ``"[6]"``; the ship "is moved around the
planet, turning as necessary, but is considered to be moving in a straight line", so its hexes count toward the
speed and its turns are free: :attr:`Orders.orbit` holds the hexside turn (-1, 0, +1) before each orbit hex,
resolved against the planet by :func:`drydock.engine.orbits.resolve` (an orbit not resolved is not legal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from drydock import limits
from drydock.engine.hexgrid import DIRS, on_board
from drydock.errors import DrydockSyntaxError

# Matched against the stripped text: no two blank runs meet, so the pattern runs in linear time (issue 42: the old
# "\s*(...)?\s*([+-]\d+)?\s*$" took minutes on 400 spaces). The text is at most limits.ORDERS_TEXT characters, checked
# first, so no number in it can reach Python's digit limit.
_ORDER_RE = re.compile(r"((?:[CHEZ@T]/)*)([0-9PSULR\[\]]*)(?:[ \t]*\((\d+)\))?(?:[ \t]*([+-]\d+))?")
_TOKEN_RE = re.compile(r"\[\d{1,2}\]|\d+|[PSULR]")


class OrderSyntaxError(DrydockSyntaxError):
    """A movement order that is not in the rulebook notation (3.1)."""


@dataclass(frozen=True, slots=True)
class Orders:
    """One ship's movement orders for a game turn."""

    steps: tuple[int | str, ...] = ()
    pivot: int = 0
    prefixes: tuple[str, ...] = ()
    stated_speed: int | None = None
    #: G.5: the hexside turn (-1 port, 0, +1 starboard) before each orbit hex, in order (module docstring)
    orbit: tuple[int, ...] = ()

    @property
    def speed(self) -> int:
        """Forward hexes plus sideslips (3.1, 3.4) plus orbit hexes (G.5); turns and pivots add nothing."""
        return sum(s if isinstance(s, int) else (1 if s in "LR" else orbit_hexes(s)) for s in self.steps)

    @property
    def orbit_hexes(self) -> int:
        """The hexes moved in orbit (G.5)."""
        return sum(orbit_hexes(s) for s in self.steps if isinstance(s, str))

    @property
    def turns(self) -> tuple[str, ...]:
        return tuple(s for s in self.steps if s in ("P", "S", "U"))

    @property
    def slips(self) -> tuple[str, ...]:
        return tuple(s for s in self.steps if s in ("L", "R"))


def orbit_hexes(step: int | str) -> int:
    """The hexes of an orbit step ``"[n]"`` (G.5); 0 for any other step."""
    return int(step[1:-1]) if isinstance(step, str) and step.startswith("[") else 0


def parse_orders(text: str) -> Orders:
    """Read orders such as ``4P2(6)``, ``3P1(4) +1``, ``Z/1R2(4)`` or ``1[6]1(8)`` (G.5)."""
    if len(text) > limits.ORDERS_TEXT.value:  # before any pattern runs
        raise OrderSyntaxError(f"movement orders are at most {limits.ORDERS_TEXT.value} characters (3.1)",
                               text=text[:limits.ORDERS_TEXT.value])
    m = _ORDER_RE.fullmatch(text.strip())
    if not m or not (m.group(2) or m.group(3) or m.group(4)):
        raise OrderSyntaxError("movement orders look like 4P2(6) or 3P1(4) +1 (3.1)", text=text)
    prefixes = tuple(p for p in m.group(1).split("/") if p)
    steps: list[int | str] = []
    tokens = _TOKEN_RE.findall(m.group(2))
    if "".join(tokens) != m.group(2):  # a stray bracket: an orbit is a number in brackets, "1[6]1(8)" (G.5)
        raise OrderSyntaxError("an orbit is a number of hexes in brackets: 1[6]1(8) (G.5)", text=text)
    for tok in tokens:
        if tok.isdigit():
            if steps and isinstance(steps[-1], int):  # "12" is one number already; never two ints in a row
                raise OrderSyntaxError("two forward moves in a row", text=text)
            steps.append(int(tok))
        else:
            steps.append(tok)
    pivot = int(m.group(4)) if m.group(4) else 0
    stated = int(m.group(3)) if m.group(3) else None
    return Orders(tuple(steps), pivot, prefixes, stated)


def format_orders(orders: Orders) -> str:
    """Write orders in rulebook notation with the speed: ``4P2(6)``, ``3P1(4) +1``."""
    body = "".join(f"{p}/" for p in orders.prefixes) + "".join(str(s) for s in orders.steps)
    out = f"{body}({orders.speed})"
    if orders.pivot:
        out += f" {orders.pivot:+d}"
    return out


@cache
def order_problem(orders: Orders) -> str | None:
    """Why ``orders`` are invalid as written (3.1, 3.4, G.5), or ``None`` (cached: a pure function of the orders)."""
    problem = turn_problem(orders.turns) or slip_problem(orders) or orbit_problem(orders) or step_problem(orders)
    if problem is not None:
        return problem
    if orders.stated_speed is not None and orders.stated_speed != orders.speed:
        return f"stated speed ({orders.stated_speed}) is not the speed of the orders ({orders.speed})"
    return None


def turn_problem(turns: tuple[str, ...]) -> str | None:
    """3.1: at most three one-hexside turns, all in one direction, or a U-turn alone."""
    if "U" in turns and len(turns) > 1:
        return "a U-turn may not be combined with other turns (3.1)"
    if len(turns) > 3:
        return "at most three one-hexside turns (3.1)"
    if len(set(turns)) > 1:
        return "all turns must be in the same direction (3.1)"
    return None


def slip_problem(orders: Orders) -> str | None:
    """3.4: sideslips all in one direction, the direction of the turns; a pivot of at most three hexsides."""
    slips = orders.slips
    turns = orders.turns
    if len(set(slips)) > 1:
        return "all sideslips must be in the same direction (3.4)"
    if slips and turns and turns[0] != "U" and {"P": "L", "S": "R"}[turns[0]] != slips[0]:
        return "sideslips must match the direction of the turns (3.4)"
    if not -3 <= orders.pivot <= 3:
        return "a pivot is 1-3 hexsides (3.4)"
    return None


def orbit_problem(orders: Orders) -> str | None:
    """G.5: an orbit of at least one hex, with one turn (-1, 0, 1) for each hex of it."""
    n_orbit = orders.orbit_hexes
    if any(isinstance(s, str) and s.startswith("[") and orbit_hexes(s) == 0 for s in orders.steps):
        return "an orbit of 0 hexes (G.5)"
    if len(orders.orbit) != n_orbit or any(t not in (-1, 0, 1) for t in orders.orbit):
        return "an orbit must be around a planet the ship is next to and heading along (G.5)"
    return None


def step_problem(orders: Orders) -> str | None:
    """3.1: no forward move of 0 hexes beside other steps, and no two forward moves in a row (they are one)."""
    for i, s in enumerate(orders.steps):
        if isinstance(s, int) and s == 0 and len(orders.steps) > 1:
            return "a forward move of 0 hexes"
        if isinstance(s, int) and i > 0 and isinstance(orders.steps[i - 1], int):
            return "two forward moves in a row"
    return None


@cache
def requirement(orders: Orders, prev_speed: int, prev_slips: tuple[int, int] = (0, 0), *,
                etheric_drag: bool = False, freeform: bool = False) -> int:
    """Engine requirement of ``orders`` (3.2, 3.4; D.2, D.3, D.5, D.7).

    ``prev_slips`` = (L, R) sideslips made in the previous Movement Phase. Cached (a pure function of its
    arguments; the engine asks it for the same few orders in every battle).
    """
    prev = prev_speed // 2 if etheric_drag else prev_speed
    cur = orders.speed
    turns = orders.turns
    n_turns = 3 if "U" in turns else len(turns)
    if freeform:  # D.5
        req = abs(prev - cur) + (0, 1, 3, 6)[n_turns]
    elif n_turns == 0:
        req = abs(prev - cur)
    elif n_turns == 1:
        helped = prev_slips[0] if turns[0] == "P" else prev_slips[1]
        req = max(0, max(prev, cur) - helped)
    else:
        req = prev + cur
    req += len(orders.slips) + abs(orders.pivot)
    if "Z" in orders.prefixes:  # D.3 evasive action
        req *= 2
    if "@" in orders.prefixes:  # D.7 roll
        req += 3 - n_turns
    return req


def is_legal(orders: Orders, prev_speed: int, prev_slips: tuple[int, int], engine_rating: int,
             boosters: int = 0) -> bool:
    """Legal iff well-formed and the requirement is within the engine rating (3.2; B.3; D.1)."""
    if order_problem(orders) is not None:
        return False
    rating = engine_rating * (2 if "E" in orders.prefixes else 1) + boosters
    return requirement(orders, prev_speed, prev_slips) <= rating


def straight(speed: int) -> Orders:
    """The orders of a ship that moves straight ahead (3.2: illegal orders become these)."""
    return Orders((speed,) if speed else ())


@cache
def trace(orders: Orders, heading: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], int]:
    """(every hex entered in order, the waypoints where a forward run or sideslip ends, the end heading) of
    ``orders`` from (0, 0) with ``heading`` (3.3, 3.4)."""
    q = r = 0
    h = heading
    hexes = []
    waypoints = []
    turns = iter(orders.orbit)
    for s in orders.steps:
        if isinstance(s, int):
            for _ in range(s):
                q += DIRS[h][0]
                r += DIRS[h][1]
                hexes.append((q, r))
            waypoints.append((q, r))
        elif s.startswith("["):  # G.5: round the planet, each hex a waypoint
            for _ in range(orbit_hexes(s)):
                h = (h + next(turns, 0)) % 6
                q += DIRS[h][0]
                r += DIRS[h][1]
                hexes.append((q, r))
                waypoints.append((q, r))
        elif s in "PSU":
            h = (h + {"P": -1, "S": 1, "U": 3}[s]) % 6
        else:
            d = DIRS[(h - 1) % 6 if s == "L" else (h + 1) % 6]
            q += d[0]
            r += d[1]
            hexes.append((q, r))
            waypoints.append((q, r))
    return tuple(hexes), tuple(waypoints), h


def path_hexes(orders: Orders, heading: int) -> tuple[tuple[int, int], ...]:
    """Every hex entered by ``orders`` from (0, 0) with ``heading``, in order (3.3; mines B.15)."""
    return trace(orders, heading)[0]


def execute(orders: Orders, q: int, r: int, heading: int, board: tuple[int, int] | None = None
            ) -> tuple[int, int, int, int, bool]:
    """Move from (q, r, heading) (3.3, 3.4). Returns (q, r, heading, facing, left_board).

    ``left_board`` is True as soon as any hex on the way is off the board (3.3).
    """
    h = heading
    off = False
    turns = iter(orders.orbit)
    for s in orders.steps:
        if isinstance(s, int):
            dq, dr = DIRS[h]
            for _ in range(s):
                q += dq
                r += dr
                if board is not None and not on_board(q, r, board[0], board[1]):
                    off = True
        elif s.startswith("["):  # G.5: round the planet, turning as its orbit requires
            for _ in range(orbit_hexes(s)):
                h = (h + next(turns, 0)) % 6
                q += DIRS[h][0]
                r += DIRS[h][1]
                if board is not None and not on_board(q, r, board[0], board[1]):
                    off = True
        elif s == "P":
            h = (h - 1) % 6
        elif s == "S":
            h = (h + 1) % 6
        elif s == "U":
            h = (h + 3) % 6
        else:
            dq, dr = DIRS[(h - 1) % 6 if s == "L" else (h + 1) % 6]
            q += dq
            r += dr
            if board is not None and not on_board(q, r, board[0], board[1]):
                off = True
    return q, r, h, (h + orders.pivot) % 6, off
