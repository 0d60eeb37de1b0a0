"""D.9 Towing: a ship tows a crippled friend that would otherwise drift off the board.

The text: "In order to perform a tow, the two ships must have ended the previous Movement Phase in the same hex, with
the same speed and heading. The intention to perform a tow is recorded by writing a "T" at the start of a ship's
movement orders. The ship being towed does not record any movement orders"; "First, multiply the tower's engine
rating by its hull size. Then, divide this by the sum of the two ships' hull sizes, rounding up to the next integer.
The result is the tower's effective engine rating"; "While being towed, a ship moves with the towing ship. The
towee's engine rating cannot be used to "help""; "Multiple ships may combine forces ... The effective engine rating
of the group is determined by multiplying each towing starship's hull size by its engine rating, adding these
products together, and dividing by the total of all ships' hull sizes (rounding up to the next integer)"; "A tow may
be ended simply by no longer recording a "T""; "A starship may not perform a tow (or be towed) while it is under
cloak".

Where it matters in a test battle: a ship whose engines are all checked keeps "the same speed, and ... the same
heading, indefinitely" (3.2) and drifts off the board, which scores it for the enemy (3.3) (not so a defender
drifting out by the edge it scores by in S.2, S.3 and S.7: it is left to drift). The doctrine
(:class:`Towing`): a ship with engines whose friend drifts so (and would leave the board before the turn limit)
takes the order of its menu that ends in the friend's next hex at its speed and heading (the rendezvous, one
rescuer per friend, the first by uid), or else the first order from which its next move can make that rendezvous.
Once they share hex, speed and heading it tows ("T/", at the effective engine rating) and brakes, taking the
slowest order that stays on the board, farthest from the enemy, until the group stops; a friend at speed 0 stays
put for good and the tow ends. Each step is logged. One tower per tow (the multi-tower formula is
:func:`effective_rating`); a towed ship does not roll for mines or terrain on the way (it moves with its tower).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drydock.engine.hexgrid import DIRS, distance
from drydock.engine.movement import Orders, execute
from drydock.engine.options import scenarios
from drydock.engine.orders_menu import candidate_moves
from drydock.engine.ships import ShipState


def effective_rating(towers: list[tuple[int, int]], towee_hull: int) -> int:
    """D.9: the tow's effective engine rating, ceil(sum(hull x engine rating of the towers) / (their hulls + the
    towee's)). ``towers``: (hull, engine rating) each."""
    num = sum(h * er for h, er in towers)
    den = sum(h for h, _ in towers) + towee_hull
    return -(-num // den)


def drifting(s: ShipState) -> bool:
    """A ship that cannot change its speed or heading and is moving (3.2: no engine rating left)."""
    return s.alive and s.engine_rating == 0 and s.speed > 0 and not s.cloaked


class Towing:
    """The tows of one battle: who tows whom this turn, who is on the way to rendezvous, and the doctrine."""

    def __init__(self, battle: Any) -> None:
        self.b = battle
        self.tows: dict[int, int] = {}  # tower uid -> towee uid (this turn)
        self.towed: dict[int, int] = {}  # towee uid -> tower uid
        self.rescue: dict[int, int] = {}  # towee uid -> rescuer uid (rendezvous this turn)

    def lost_by_drift(self, s: ShipState) -> bool:
        """Whether ``s``, drifting, leaves the board before the turn limit (3.3: it scores for the enemy)."""
        run = getattr(self.b.m.doctrine, "run", None)
        if not drifting(s) or run is None or self.b.m.floating:
            return False
        room = run.get((s.q, s.r, s.heading), 0)
        if (self.b.m.turns - self.b.turn + 1) * s.speed <= room:
            return False
        opt = self.b.opt  # S.2, S.3, S.7: a defender drifting out by its exit edge scores, it is not lost
        edge = scenarios.EXIT_EDGE.get(opt.r.scenario or "") if opt is not None else None
        if edge is not None and s.side == scenarios.DEFENDER and opt.running():
            dq, dr = DIRS[s.heading]
            return scenarios.edge_of(s.q + dq * (room + 1), s.r + dr * (room + 1), self.b.m.board[0]) != edge
        return True

    def start_turn(self) -> None:
        """Orders Phase: the tows of this turn, from where the ships ended the last Movement Phase (same hex, speed
        and heading), for friends still drifting; logged."""
        self.tows.clear()
        self.towed.clear()
        self.rescue.clear()
        ships = self.b.alive()
        for c in ships:
            if not drifting(c):
                continue
            for t in ships:
                if (t.side == c.side and t is not c and t.uid not in self.tows and not t.cloaked and not t.warming
                        and t.engine_rating > 0 and (t.q, t.r, t.speed, t.heading) == (c.q, c.r, c.speed, c.heading)):
                    self.tows[t.uid] = c.uid
                    self.towed[c.uid] = t.uid
                    self.b.say(f"  {t.label} tows {c.label} (D.9): effective engine rating {self.rating(t)}")
                    break

    def rating(self, tower: ShipState) -> int:
        """The tower's effective engine rating while towing."""
        towee = self.b.ships[self.tows[tower.uid]]
        return effective_rating([(tower.spec.hull, tower.engine_rating)], towee.spec.hull)

    def orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState],
               legal: Callable[[Orders], bool]) -> Orders:
        """The orders of ``s`` under D.9: none for a towed ship (it moves with its tower); brake and keep on the board
        for a tower; the rendezvous order for a rescuer; else ``orders``."""
        if s.uid in self.towed:
            return Orders((), 0, ())
        if s.uid in self.tows:
            return self._tow_orders(s, boost, enemies, legal)
        if orders.prefixes or s.cloaked or s.warming or s.engine_rating <= 0:
            return orders
        for c in self.b.alive(s.side):
            if c.uid in self.towed or c.uid in self.rescue or not self.lost_by_drift(c):
                continue
            dq, dr = DIRS[c.heading]
            goal = (c.q + dq * c.speed - s.q, c.r + dr * c.speed - s.r, c.heading, c.speed)
            menu = candidate_moves(s.speed, s.prev_slips, s.engine_rating + boost + 6, s.heading)
            for o, _, q, r, h, _f, speed in menu:
                if (q, r, h, speed) == goal and not o.pivot and legal(o):
                    self.rescue[c.uid] = s.uid
                    self.b.say(f"  {s.label} closes on {c.label} to tow it (D.9)")
                    return o
            later = (goal[0] + dq * c.speed, goal[1] + dr * c.speed, c.heading, c.speed)
            for o, _, q, r, h, _f, speed in menu:  # two moves: this one, then the rendezvous
                if o.pivot or not legal(o):
                    continue
                slips = (o.slips.count("L"), o.slips.count("R"))
                for o2, _, q2, r2, h2, _f2, speed2 in candidate_moves(speed, slips, s.engine_rating, h):
                    if (q + q2, r + r2, h2, speed2) == later and not o2.pivot:
                        self.rescue[c.uid] = s.uid
                        self.b.say(f"  {s.label} heads for {c.label} to tow it (D.9)")
                        return o
        return orders

    def _tow_orders(self, s: ShipState, boost: int, enemies: list[ShipState], legal: Callable[[Orders], bool]
                    ) -> Orders:
        """The tow: the slowest legal "T/" order that stays on the board, then the one ending farthest from the
        nearest enemy (the menu's order breaking ties)."""
        board = None if self.b.m.floating else self.b.m.board
        best: Orders | None = None
        best_key: tuple = ()
        for o, *_ in candidate_moves(s.speed, s.prev_slips, self.rating(s) + boost, s.heading):
            t = Orders(o.steps, o.pivot, ("T",))
            if not legal(t):
                continue
            q, r, _, _, off = execute(o, s.q, s.r, s.heading, board)
            near = min((distance(e.q - q, e.r - r) for e in enemies), default=0)
            key = (off, o.speed, -near)
            if best is None or key < best_key:
                best, best_key = t, key
        return best if best is not None else Orders((s.speed,) if s.speed else (), 0, ("T",))

    def moved(self, s: ShipState) -> None:
        """After a tower's move (or its towee's own empty one): the towee is where its tower is, at its speed,
        heading and facing."""
        tower = self.b.ships[self.towed[s.uid]] if s.uid in self.towed else s if s.uid in self.tows else None
        if tower is None or not tower.alive:
            return
        c = self.b.ships[self.tows[tower.uid]]
        if c.alive:
            c.q, c.r, c.heading, c.facing, c.speed, c.prev_slips = (tower.q, tower.r, tower.heading, tower.facing,
                                                                    tower.speed, tower.prev_slips)


__all__ = ["Towing", "drifting", "effective_rating"]
