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
put for good and the tow ends. Each step is logged.

A second friend joins ("Multiple ships may combine forces"; "All of the towing starships follow the same movement
orders") when one tower cannot brake the group to a stop on the board (straight on, its speed falling by the
effective rating each turn: :func:`braking_distance`) and the two together have a higher effective rating (two
Vigilants towing a third: 12 x 4 x 2 / 36 = 2.67, 3 against one's 2). It makes the same rendezvous, or is already in
the hex at the tow's start. The group's orders are chosen once, legal for every tower. The towed ship "moves with
the towing ship": it enters the hexes its lead tower enters and rolls for minefields (B.15) and terrain (G.1 fields,
deadly hexes) like any mover (:meth:`Towing.carried`, rolled by ``OptionState.moved``).
"""

from __future__ import annotations

from collections.abc import Callable

from drydock.engine.hexgrid import DIRS, distance
from drydock.engine.movement import Orders, execute
from drydock.engine.options import scenarios
from drydock.engine.options.host import OptionHost
from drydock.engine.orders_menu import candidate_moves
from drydock.engine.ships import ShipState


def effective_rating(towers: list[tuple[int, int]], towee_hull: int) -> int:
    """D.9: the tow's effective engine rating, ceil(sum(hull x engine rating of the towers) / (their hulls + the
    towee's)). ``towers``: (hull, engine rating) each."""
    num = sum(h * er for h, er in towers)
    den = sum(h for h, _ in towers) + towee_hull
    return -(-num // den)


def braking_distance(speed: int, rating: int) -> int | None:
    """The hexes a tow moving straight at ``speed`` covers while it brakes to a stop at ``rating`` a turn (3.2: the
    requirement of a straight move is the difference of the speeds); None if it cannot brake."""
    if rating <= 0:
        return None
    hexes = 0
    while speed > 0:
        speed = max(0, speed - rating)
        hexes += speed
    return hexes


def drifting(s: ShipState) -> bool:
    """A ship that cannot change its speed or heading and is moving (3.2: no engine rating left)."""
    return s.alive and s.engine_rating == 0 and s.speed > 0 and not s.cloaked


class Towing:
    """The tows of one battle: who tows whom this turn, who is on the way to rendezvous, and the doctrine."""

    def __init__(self, battle: OptionHost) -> None:
        self.b = battle
        self.tows: dict[int, int] = {}  # tower uid -> towee uid (this turn)
        self.towed: dict[int, int] = {}  # towee uid -> tower uid
        self.rescue: dict[int, list[int]] = {}  # towee uid -> rescuer uids (rendezvous this turn)
        self.chosen: dict[int, Orders] = {}  # towee uid -> the tow's orders this turn (every tower follows them)

    def lost_by_drift(self, s: ShipState) -> bool:
        """Whether ``s``, drifting, leaves the board before the turn limit (3.3: it scores for the enemy)."""
        run = getattr(self.b.m.doctrine, "run", None)
        if not drifting(s) or run is None or self.b.m.floating:
            return False
        room = run.get((s.q, s.r, s.heading), 0)
        if (self.b.m.turns - self.b.turn + 1) * s.speed <= room:
            return False
        # S.2, S.3, S.7: a defender drifting out by its exit edge scores, it is not lost
        edge = next((e for e in (rule.exit_edge(s) for rule in self.b.rules_in_force) if e is not None), None)
        if edge is not None:
            dq, dr = DIRS[s.heading]
            return scenarios.edge_of(s.q + dq * (room + 1), s.r + dr * (room + 1), self.b.m.board[0]) != edge
        return True

    def start_turn(self) -> None:
        """Orders Phase: the tows of this turn, from where the ships ended the last Movement Phase (same hex, speed
        and heading), for friends still drifting; logged."""
        self.tows.clear()
        self.towed.clear()
        self.rescue.clear()
        self.chosen.clear()
        ships = self.b.alive()
        for c in ships:
            if not drifting(c):
                continue
            for t in ships:
                if (t.side == c.side and t is not c and t.uid not in self.tows and not t.cloaked and not t.warming
                        and t.engine_rating > 0 and (t.q, t.r, t.speed, t.heading) == (c.q, c.r, c.speed, c.heading)):
                    if c.uid in self.towed and not self._wants_help(c, self.towers(c), t, (c.q, c.r)):
                        continue
                    self.tows[t.uid] = c.uid
                    joins = c.uid in self.towed
                    self.towed.setdefault(c.uid, t.uid)  # the lead tower: the first by uid
                    self.b.say(f"  {t.label} {'joins the tow of' if joins else 'tows'} {c.label} (D.9): effective "
                               f"engine rating {self.rating(t)}")
                    if len(self.towers(c)) == 2:
                        break

    def towers(self, c: ShipState) -> list[ShipState]:
        """The ships towing ``c`` this turn."""
        return [self.b.ships[t] for t, towee in self.tows.items() if towee == c.uid]

    def _wants_help(self, c: ShipState, crew: list[ShipState], s: ShipState, at: tuple[int, int]) -> bool:
        """Whether ``s`` should join ``crew`` (one tower) in towing ``c`` from hex ``at``: the one tower cannot brake
        the group to a stop on the board, and the two have a higher effective rating."""
        if len(crew) != 1 or s in crew:
            return False
        run = getattr(self.b.m.doctrine, "run", None)
        one = effective_rating([(t.spec.hull, t.engine_rating) for t in crew], c.spec.hull)
        two = effective_rating([(t.spec.hull, t.engine_rating) for t in [*crew, s]], c.spec.hull)
        room = run.get((at[0], at[1], c.heading), 0) if run is not None else 0
        hexes = braking_distance(c.speed, one)
        return two > one and (hexes is None or hexes > room)

    def rating(self, tower: ShipState) -> int:
        """The tower's effective engine rating while towing."""
        towee = self.b.ships[self.tows[tower.uid]]
        return effective_rating([(t.spec.hull, t.engine_rating) for t in self.towers(towee)], towee.spec.hull)

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
            if c.uid in self.towed or not self.lost_by_drift(c):
                continue
            dq, dr = DIRS[c.heading]
            crew = [self.b.ships[u] for u in self.rescue.get(c.uid, []) if u != s.uid]
            if crew and not self._wants_help(c, crew, s, (c.q + dq * c.speed, c.r + dr * c.speed)):
                continue
            goal = (c.q + dq * c.speed - s.q, c.r + dr * c.speed - s.r, c.heading, c.speed)
            menu = candidate_moves(s.speed, s.prev_slips, s.engine_rating + boost + 6, s.heading)
            for o, _, q, r, h, _f, speed in menu:
                if (q, r, h, speed) == goal and not o.pivot and legal(o):
                    self._join(c, s)
                    self.b.say(f"  {s.label} closes on {c.label} to tow it (D.9)")
                    return o
            later = (goal[0] + dq * c.speed, goal[1] + dr * c.speed, c.heading, c.speed)
            for o, _, q, r, h, _f, speed in menu:  # two moves: this one, then the rendezvous
                if o.pivot or not legal(o):
                    continue
                slips = (o.slips.count("L"), o.slips.count("R"))
                for o2, _, q2, r2, h2, _f2, speed2 in candidate_moves(speed, slips, s.engine_rating, h):
                    if (q + q2, r + r2, h2, speed2) == later and not o2.pivot:
                        self._join(c, s)
                        self.b.say(f"  {s.label} heads for {c.label} to tow it (D.9)")
                        return o
        return orders

    def _join(self, c: ShipState, s: ShipState) -> None:
        crew = self.rescue.setdefault(c.uid, [])
        if s.uid not in crew:
            crew.append(s.uid)

    def _tow_orders(self, s: ShipState, boost: int, enemies: list[ShipState], legal: Callable[[Orders], bool]
                    ) -> Orders:
        """The tow: the slowest "T/" order legal for every tower that stays on the board, then the one ending
        farthest from the nearest enemy (the menu's order breaking ties); chosen once a turn for the group."""
        towee = self.tows[s.uid]
        if towee in self.chosen:
            return self.chosen[towee]
        others = [t for t in self.towers(self.b.ships[towee]) if t is not s]
        opt = self.b.opt
        assert opt is not None  # D.9 is an optional rule: its state exists once the battle's is built
        requirement = opt.requirement
        self.chosen[towee] = got = self._slowest(s, boost, enemies, lambda o: legal(o) and all(
            requirement(t, o, 0)[1] for t in others))
        return got

    def _slowest(self, s: ShipState, boost: int, enemies: list[ShipState], legal: Callable[[Orders], bool]
                 ) -> Orders:
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
        if tower is None or not tower.alive or self.towed[self.tows[tower.uid]] != tower.uid:
            return  # a second tower moves with the group; the lead carries the towee
        c = self.b.ships[self.tows[tower.uid]]
        if c.alive:
            c.q, c.r, c.heading, c.facing, c.speed, c.prev_slips = (tower.q, tower.r, tower.heading, tower.facing,
                                                                    tower.speed, tower.prev_slips)

    def carried(self, s: ShipState) -> ShipState | None:
        """The ship ``s`` has just carried as the lead tower (in its hex): it entered the same hexes."""
        c = self.b.ships[self.tows[s.uid]] if s.uid in self.tows and self.towed.get(self.tows[s.uid]) == s.uid \
            else None
        return c if c is not None and c.alive and (c.q, c.r) == (s.q, s.r) else None


__all__ = ["Towing", "braking_distance", "drifting", "effective_rating"]
