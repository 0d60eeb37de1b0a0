"""G.6 Three-Dimensional Play: altitudes, the altitude-change orders and the range between altitudes.

The text: "each element must keep track of its "altitude" ... there are seven altitude levels; 0 through 6"; "Unless
otherwise indicated by the scenario, all elements begin the game at altitude level 3"; "A starship may not change
altitude while it is warming up its B.10: Hyperdrive"; "Each altitude change moves the ship forward one hex, adds
+2 to the ship's speed, and adds an additional +1 to the engine requirement. A starship with a previous speed of 5
plots movement orders of "1S1(4)" [the arrow glyph is lost: "1(down)S1(4)"]. The ship will therefore move forward
two hexes, turn one hexside to starboard, and move forward one more hex, while decreasing its altitude by one
level. The engine requirement is 6 (max{5,4} = 5 + 1). A starship may not change altitude without also moving forward."

So an altitude change is one of the order's forward hexes that counts twice in its speed: orders moving ``F``
hexes forward with ``k`` changes have speed ``F + k`` and the requirement of that speed plus ``k``
(:func:`with_changes`).

Range: "When a starship makes an attack against a target at a different altitude level than its own, the range is
determined by the sum of the distance in hexes and the difference in altitude or twice the difference in altitude,
whichever is greater"; the book's examples, "4 + 2 = 6" (four hexes, two levels) and "3 x 2 = 6" (two hexes, three
levels), fix the reading max(hexes + difference, 2 x difference) (``greater``, :func:`three_d_range`). The other
parse, hexes plus the greater of the difference and twice it (= hexes + 2 x difference, ``doubled``, G.6a), gives
8 for both examples; it is offered as an option for groups that play it.

"Two elements are considered "adjacent" only if they are in adjacent hexes on the game board and are at the same
altitude": an explosion (E.3) reaches only ships at its altitude, and a Proximity volley (C.5) only elements next
to its target hex at the target's altitude; in the target hex it reaches every altitude (reading ``hex``: 3.3 puts
ships in one hex "even if the ships are at different altitude levels"; ``altitude``, a house rule: only the
target's, :meth:`Altitudes.in_burst`). "obstructions to line of sight ... and/or movement
obstacles are considered to exist at all altitude levels", so terrain, flares and mines are unchanged. Boarding
(B.14) and shockwaves (B.19) measure :meth:`Altitudes.range` too (``drydock.engine.systems.span``).

Flights: "each element must keep track of its "altitude""; a fighter or seeker flight starts at its carrier's or
launcher's altitude (:meth:`Altitudes.level`). "Fighter flights may change altitude by one level for each hex
moved; each level changed counts as having moved an additional hex. For example, a flight that moves five hexes
while descending three levels of altitude is considered to have moved a total of eight hexes (5 + 3)": the fighter
doctrine (:meth:`Altitudes.fly`) climbs or dives to a target's altitude with a MA point fewer per level, ending at
least as many hexes from its start as it changes levels; a flight attacks (5.4, "an adjacent hex") only at its
target's altitude ("adjacent" only "at the same altitude"), and F.1 patrols intercept only at theirs. A seeker
spends the MA of one of its hexes per level on the way to its target's altitude and attacks only there
(:meth:`Altitudes.seeker_climb`). Ship fire at flights (tiny targets), shockwaves and tractor beams (B.24:
"adjacent" flights, range 1) measure the range between altitudes. Readings: a level costs one MA (the MA of a hex
with up to one turn; the text does not say what it costs a flight that turns twice or more, whose hexes cost 2
or 3 MA); the hexes moved are bounded from below by the distance from start to end (a flight could circle to
move more); a seeker's level changes need no hex of its own (it may climb in its target's hex).

The doctrine moves as in two dimensions, then spends forward hexes of that order on altitude changes when they
bring the range to the nearest enemy (after both move, the enemy going on straight) nearer to its preferred range
(:meth:`Altitudes.choose`): it closes in altitude to fight, opens it to stand off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drydock.engine import fighters
from drydock.engine.hexgrid import DIRS, distance
from drydock.engine.movement import Orders, execute
from drydock.engine.ships import ShipState
from drydock.engine.table_view import TableView
from drydock.errors import RulesError

#: the readings of play.three_d.proximity (see the module docstring)
PROXIMITY_READINGS = ("hex", "altitude")


def three_d_range(hexes: int, difference: int, reading: str = "greater") -> int:
    """G.6 range between altitudes: ``greater`` (the book) max(hexes + difference, 2 x difference); ``doubled``
    (the other reading) hexes + 2 x difference."""
    if reading == "doubled":
        return hexes + 2 * difference
    return max(hexes + difference, 2 * difference)


def forward_hexes(orders: Orders) -> int:
    """The hexes the orders move straight ahead (not sideslips): where altitude changes may be made."""
    return sum(s for s in orders.steps if isinstance(s, int))


def with_changes(orders: Orders, k: int) -> Orders:
    """Orders of the same shape with ``k`` more speed (the requirement's view of ``k`` altitude changes: "+2 to the
    ship's speed" for a hex already counted once); add ``k`` to their requirement for the "+1" each."""
    if not k:
        return orders
    steps = list(orders.steps)
    i = next((j for j, s in enumerate(steps) if isinstance(s, int)), None)
    if i is None:  # no forward hex: no altitude change is possible ("not ... without also moving forward")
        return Orders((k, *steps), orders.pivot, orders.prefixes)
    steps[i] = int(steps[i]) + k
    return Orders(tuple(steps), orders.pivot, orders.prefixes)


class _Mover:
    """A flight's position with the MA left after its altitude changes (for the fighter doctrine's menu)."""

    __slots__ = ("q", "r", "heading", "ma")

    def __init__(self, fl: Any, ma: int) -> None:
        self.q, self.r, self.heading, self.ma = fl.q, fl.r, fl.heading, ma


def _choice(battle: TableView, fl: Any, attack_from: dict, blocked: set, enemy_ships: list) -> tuple | None:
    """The fighter doctrine's move for ``fl`` (B.15 minefields considered when out)."""
    if battle.mined:
        return fighters.mine_aware_choice(battle, fl, attack_from, blocked, enemy_ships)
    return fighters.plain_choice(battle, fl, attack_from, blocked, enemy_ships)


class Altitudes:
    """Each ship's altitude in one battle, the changes planned this turn, and the doctrine's choice."""

    def __init__(self, ships: list[ShipState], numbers: dict[str, Any], reading: str) -> None:
        self.lo, self.hi = numbers["levels"]
        self.reading = reading
        self.proximity = numbers.get("proximity", "hex")
        if self.proximity not in PROXIMITY_READINGS:
            raise RulesError(f"rules entry play.three_d.proximity: {str(self.proximity)[:30]!r} is not "
                             f"{' or '.join(PROXIMITY_READINGS)}")
        self.start = numbers["start"]
        self.alt = {s.uid: self.start for s in ships}
        self.el: dict[Any, int] = {}  # fighter and seeker flights -> altitude (G.6: "each element")
        self.pending: dict[Any, int] = {}  # a fighter flight -> the signed altitude change of its move
        self.plan: dict[int, int] = {}  # uid -> signed altitude changes in this turn's orders

    def level(self, x: Any) -> int:
        """The altitude of a ship, fighter flight or seeker flight; a flight not seen yet is at its carrier's
        (a seeker: its launcher's) altitude: "each element must keep track of its altitude"."""
        if isinstance(x, ShipState):
            return self.alt[x.uid]
        lv = self.el.get(x)
        if lv is None:
            carrier = getattr(x, "carrier", None)
            uid = carrier.uid if carrier is not None else getattr(x, "owner", -1)
            lv = self.el[x] = self.alt.get(uid, self.start)
        return lv

    def register(self, flights: list[Any]) -> None:
        """Orders Phase: flights launched since (F.5 End Phase, seekers in the Combat Phase) take the altitude of
        their carrier or launcher, which has not moved since."""
        for f in flights:
            self.level(f)

    def range(self, hexes: int, a: ShipState, b: Any) -> int:
        """The range from ship ``a`` to element ``b`` (a ship, fighter or seeker flight) at ``hexes`` hexes."""
        return three_d_range(hexes, abs(self.alt[a.uid] - self.level(b)), self.reading)

    def fly(self, battle: TableView, fl: Any, attack_from: dict, blocked: set, enemy_ships: list) -> tuple | None:
        """The move of fighter flight ``fl`` (:func:`drydock.engine.fighters.choose`'s result) in three
        dimensions: "Fighter flights may change altitude by one level for each hex moved; each level changed
        counts as having moved an additional hex", and it attacks (5.4, an adjacent element) only at its target's
        altitude ("adjacent" only "at the same altitude"). For each altitude of a target, the flight climbs or
        dives to it with ``k`` MA fewer (a level costs one MA, the MA of a hex with up to one turn; with two or three
        turns, whose hexes cost 2 or 3 MA, this is the lighter reading) and takes the attack worth
        most (ties: fewer levels); a move must have at least ``k`` hexes ("one level for each hex moved": the
        distance covered bounds it from below). With no attack in reach it closes on the nearest enemy ship
        spending up to half its MA on the levels toward that ship's altitude. The change is made as it moves
        (:meth:`flown`)."""
        here = self.level(fl)
        by_level: dict[int, dict] = {}
        for spot, (v, t) in attack_from.items():
            by_level.setdefault(self.level(t), {})[spot] = (v, t)
        best, best_key, best_k = None, None, 0
        for lv in sorted(by_level, key=lambda x: (abs(x - here), x)):
            k = abs(lv - here)
            if k >= fl.ma:
                continue
            spots = {p: vt for p, vt in by_level[lv].items() if distance(p[0] - fl.q, p[1] - fl.r) >= k}
            got = _choice(battle, _Mover(fl, fl.ma - k), spots, blocked, enemy_ships) if spots else None
            if got is None or got[0] is None:
                continue
            key = (got[0][1], -k)
            if best_key is None or key > best_key:
                best, best_key, best_k = got, key, lv - here
        if best is None:
            live = [s for s in enemy_ships if s.alive]
            if not live:
                return _choice(battle, fl, {}, blocked, enemy_ships)
            near = min(live, key=lambda s: (distance(s.q - fl.q, s.r - fl.r), s.uid))
            want = self.level(near) - here
            k = min(abs(want), fl.ma // 2)
            best = _choice(battle, _Mover(fl, fl.ma - k), {}, blocked, enemy_ships)
            if best is not None:
                k = min(k, distance(best[1] - fl.q, best[2] - fl.r))
            best_k = k if want > 0 else -k
        self.pending.pop(fl, None)
        if best is not None and best_k:
            self.pending[fl] = best_k
        return best

    def flown(self, battle: TableView, fl: Any, start: tuple[int, int]) -> None:
        """After flight ``fl`` moved from ``start``: the altitude change :meth:`fly` planned, at most one level for
        each hex between start and end (another doctrine, F.1 or F.3, may have sent it elsewhere); logged."""
        k = self.pending.pop(fl, 0)
        k = max(-distance(fl.q - start[0], fl.r - start[1]), min(k, distance(fl.q - start[0], fl.r - start[1])))
        if not k:
            return
        here = self.level(fl)
        self.el[fl] = here + k
        battle.say(f"    {fl.label} {'climbs' if k > 0 else 'dives'} {abs(k)} (G.6, {abs(k)} MA): altitude {here} -> "
                   f"{here + k}")

    def seeker_climb(self, battle: TableView, flight: Any, ma: int, cost: int) -> int:
        """A seeker flight first climbs or dives toward its target's altitude, each level for the MA of one hex
        (``cost``, "each level changed counts as having moved an additional hex"); the MA left (C.4)."""
        here, there = self.level(flight), self.level(flight.target)
        k = min(abs(there - here), ma // cost)
        if k:
            step = k if there > here else -k
            self.el[flight] = here + step
            battle.say(f"  {flight.label} {'climbs' if step > 0 else 'dives'} {k} (G.6): altitude {here} -> "
                       f"{here + step}")
        return ma - k * cost

    def same(self, a: Any, b: Any) -> bool:
        """G.6: an attack that needs adjacency or the target's hex needs the same altitude."""
        return self.level(a) == self.level(b)

    def in_burst(self, e: Any, target: Any, hexes: int) -> bool:
        """C.5 Proximity under G.6: element ``e``, ``hexes`` from the target hex, is attacked: next to it only at the
        target's altitude ("adjacent" only "at the same altitude"); in it at every altitude (``hex``) or only at the
        target's (``altitude``)."""
        return (hexes == 0 and self.proximity == "hex") or self.same(e, target)

    def choose(self, s: ShipState, orders: Orders, enemies: list[ShipState], preferred: Callable[[ShipState], int],
               legal: Callable[[Orders, int], bool]) -> None:
        """Plan the altitude changes of ``s`` this turn: the number (up to its forward hexes, within levels 0-6,
        ``legal`` with the extra requirement) whose range to the nearest enemy comes nearest its preferred range;
        no change unless it comes strictly nearer (then the fewest changes, then down before up)."""
        self.plan.pop(s.uid, None)
        n = forward_hexes(orders)
        live = [e for e in enemies if e.alive and e.uid in self.alt]
        if not n or not live or "H" in orders.prefixes or s.warming:
            return
        q, r, _, _, _ = execute(orders, s.q, s.r, s.heading, None)
        here = self.alt[s.uid]

        def after(e: ShipState) -> int:
            dq, dr = DIRS[e.heading]
            return distance(e.q + dq * e.speed - q, e.r + dr * e.speed - r)
        target = min(live, key=lambda e: (self.range(after(e), s, e), e.uid))
        hexes, there, pref = after(target), self.alt[target.uid], preferred(target)

        def miss(k: int) -> int:
            return abs(three_d_range(hexes, abs(here + k - there), self.reading) - pref)
        best, best_key = 0, (miss(0), 0, 0)
        for k in range(max(-n, self.lo - here), min(n, self.hi - here) + 1):
            key = (miss(k), abs(k), k)
            if k and key < best_key and legal(orders, k):
                best, best_key = k, key
        if best:
            self.plan[s.uid] = best

    def moved(self, battle: TableView, s: ShipState) -> None:
        """After the move: the planned changes made, the speed "+2" for each (one already counted); logged."""
        k = self.plan.pop(s.uid, 0)
        if not k:
            return
        old = self.alt[s.uid]
        self.alt[s.uid] = old + k
        s.speed += abs(k)
        battle.say(f"    {s.label} {'climbs' if k > 0 else 'dives'} {abs(k)} (G.6): altitude {old} -> "
                   f"{old + k}, speed {s.speed}")


__all__ = ["Altitudes", "forward_hexes", "three_d_range", "with_changes"]
