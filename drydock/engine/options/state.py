"""One battle's optional rules, terrain and scenario: the hooks :mod:`drydock.engine.battle` calls.

Every hook is called only when an :class:`~drydock.engine.options.InForce` exists, so the core game runs
exactly as before (same dice, same log).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from drydock import numbers
from drydock.engine import systems
from drydock.engine.combat import alternation
from drydock.engine.dice import d6
from drydock.engine.hazards import pull_ends
from drydock.engine.hexgrid import DIRS
from drydock.engine.movement import Orders, path_hexes, straight
from drydock.engine.options import InForce, movement_rules
from drydock.engine.options.doctrine_bridge import best_scored, rechoose
from drydock.engine.options.fighter_rules import FIGHTER_OPTIONS, FighterRules
from drydock.engine.options.maneuvers import MANEUVERS, Maneuvers
from drydock.engine.options.terrain import Terrain
from drydock.engine.options.terrain_elements import TerrainElements, pull_rows
from drydock.engine.orbits import better_orbit
from drydock.engine.ships import ShipState
from drydock.engine.tables import AI_RESULT_VALUE, DEPLOY_DEPTH, FLARES_BLOCK

if TYPE_CHECKING:  # a type-only import: the battle calls the options as an OptionHost (docs/architecture.md)
    from drydock.engine.options.host import OptionHost


class OptionState:
    def __init__(self, battle: OptionHost, rules: InForce) -> None:
        self.b = battle
        self.r = rules
        self.on = rules.on
        self.play = rules.play
        self.true_speed: dict[int, int] = {}
        self.evading: dict[int, int] = {}   # D.3: uid -> to-hit penalty this turn
        self.terrain: Terrain | None = None
        self.avoid_map: dict[tuple[int, ...], int] = {}  # (q, r): entering; (q, r, END): ending there (hazards)
        self.elements: TerrainElements | None = None  # G on flights, seekers, minefields, hidden ships
        self.sequential_movement = "D.8" in rules.on
        self.thrusted: list[ShipState] = []  # D.1: ships that used emergency thrust this turn
        self.nebula = False  # G.4
        #: F.1-F.4, F.6: the fighter options (None without them; drydock.engine.fighters hands flights over)
        self.fighters = FighterRules(battle, rules.on, rules.play) if rules.on & FIGHTER_OPTIONS else None
        self.moves = Maneuvers(battle, rules) if rules.on & MANEUVERS else None  # D.7, D.9, G.6

    # ------------------------------------------------------------ set-up
    def start(self) -> None:
        b, r = self.b, self.r
        if self.fighters is not None:  # F.4 variants, F.6 long range fighters
            self.fighters.start()
        if r.terrain:
            self.terrain = Terrain()
            wind = next((s.wind for s in b.ships if s.wind is not None), None)  # B.21: the comet's tail (G.3)
            self.terrain.place(r.terrain, b.rng, b.m.board, DEPLOY_DEPTH, self.play["comet"]["tail_length"], wind)
            self.avoid_map = {at: dice for at, dice in self.terrain.avoid().items()}  # (q, r) keys
            if self.terrain.holes:  # G.2: the doctrine weighs the End Phase pull (drydock.engine.hazards)
                rows = pull_rows(self.play, "G.2a" in self.on)  # the reading in force (G.2a)
                self.avoid_map.update(pull_ends(self.terrain.holes, rows, self.play["black_hole_pull"]["distances"]))
            for line in self.terrain.placed:
                b.say(f"terrain: {line}")
            if self.terrain.nebula:
                self.nebula = True
            self.elements = TerrainElements(b, self.terrain, self.play, self.nebula, "G.2a" in self.on)
        tags = next((t for t in (rule.tagged() for rule in b.rules_in_force) if t is not None), None)  # E.7
        if self.nebula or tags is not None or self.moves:
            for s in b.ships:
                s.range_x = self._range_rule(s, tags)

    # ------------------------------------------------------------ orders and movement
    def enemies_for_orders(self, mined: dict) -> dict:
        """What the doctrine's path scoring avoids: minefields (B.15) and terrain hazards (G)."""
        if not self.avoid_map:
            return mined
        if not mined:
            return self.avoid_map
        out = dict(self.avoid_map)
        for k, v in mined.items():
            out[k] = out.get(k, 0) + v
        return out

    def before_orders(self) -> None:
        """D.2: ships plan with the dragged previous speed (the requirement is computed from it)."""
        self.evading.clear()
        if self.moves is not None:  # D.9 tows, G.6 altitude plans
            self.moves.before_orders()
        if self.r.drag:
            z = "D.2z" in self.on
            for s in self.b.alive():
                self.true_speed[s.uid] = s.speed
                s.speed = movement_rules.drag_speed(s.speed, z)

    def adjust_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The orders of ``s`` under the options (:meth:`option_orders`; D.7, D.9, G.6: :mod:`.maneuvers`); G.5: an
        orbit when the doctrine scores one higher (:func:`~drydock.engine.orbits.better_orbit`)."""
        if self.moves is not None:
            orders = self.moves.orders(self, s, orders, boost, enemies)
        else:
            orders = self.option_orders(s, orders, boost, enemies)
        if self.terrain is not None and self.terrain.planets and s.alive and (
                self.moves is None or self.moves.altitudes is None):  # G.6 plans its altitude changes on its own
            orders = better_orbit(self.b.m.doctrine, s, enemies, orders, s.engine_rating + boost, self.terrain.planets,
                                  lambda o: self.requirement(s, o, boost)[1], self.avoid_map or None)
        return orders

    def option_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """D.2 / D.5: the doctrine chooses again among the orders the option makes legal (under D.5 always, to use
        the cheaper turns); S.9: no turns; D.3: evade when outgunned and the doubled requirement is legal."""
        r = self.r
        still = any(rule.no_turns() for rule in self.b.rules_in_force)  # S.9
        if (r.freeform or r.drag or r.graded or still) and not orders.prefixes and s.alive:
            _, legal = self.requirement(s, orders, boost)
            if r.freeform or not legal or (still and orders.turns):
                er = s.engine_rating + boost
                prev = movement_rules.drag_speed(s.speed, "D.2z" in self.on) if r.drag else s.speed
                calm = not still
                better = rechoose(self.b.m.doctrine, s, enemies, prev, 2 * er + 6,
                                  lambda o: (calm or not o.turns) and self.requirement(s, o, boost)[1],
                                  self.avoid_map or None)
                if better is not None:
                    orders = better
        orders, final = self.scenario_orders(s, orders, boost, still)
        if final:
            return orders
        if self.moves is not None:  # D.7: roll to bring a better side to bear
            orders = self.moves.roll(self, s, orders, boost, enemies)
        if "D.1" in self.on and not orders.prefixes and s.alive and enemies:
            orders = self.emergency_thrust(s, orders, boost, enemies)
        if (self.r.evasive and not orders.prefixes and not s.cloaked and s.engine_rating >= 3
                and self.b.m.doctrine.outgunned(s, orders, enemies)):
            z = Orders(orders.steps, orders.pivot, ("Z",))
            req, legal = self.requirement(s, z, boost)
            if legal:
                return z
        return orders

    def scenario_orders(self, s: ShipState, orders: Orders, boost: int, still: bool) -> tuple[Orders, bool]:
        """S.9: no turns (``still``); S.2, S.3, S.7: the defender runs for its exit edge (True: orders no other rule
        changes)."""
        if still and orders.turns:
            orders = Orders((orders.speed,) if orders.speed else (), orders.pivot, orders.prefixes)
        for rule in self.b.rules_in_force:
            out = rule.final_orders(s, orders, lambda o: self.requirement(s, o, boost)[1], s.engine_rating + boost + 6)
            if out is not None:
                return out, True
        return orders, False

    def move_in_turn(self, plans: list[tuple[ShipState, Orders, int]], mined: dict) -> None:
        """D.8: ships move one at a time, the sides alternating by their counts at the start of the phase (3.1; D.8r:
        a shuffled deck). Each ship's orders are chosen when it moves, from where the ships moved before it are
        (prefixes written in the Orders Phase, cloak and hyperdrive, are kept). E.3: a ship lost while moving
        explodes before the next ship moves."""
        b = self.b
        queues: list[list[tuple[ShipState, Orders, int]]] = [[p for p in plans if p[0].side == side]
                                                              for side in (0, 1)]
        na, nb = len(queues[0]), len(queues[1])
        first = 0 if na != nb else (0 if d6(b.rng) <= 3 else 1)
        order = self.order(na, nb, first, "D.8r") or alternation(na, nb, first)
        doctrine = b.m.doctrine
        for side in order:
            s, orders, boost = queues[side].pop(0)
            if not s.alive:
                continue
            enemies = [systems.seen(e) for e in b.alive(1 - s.side)]
            if enemies and not orders.prefixes:
                if self.r.drag:
                    self.true_speed[s.uid] = s.speed
                    s.speed = movement_rules.drag_speed(s.speed, "D.2z" in self.on)
                new, boost = (doctrine.choose_orders(s, enemies, mined) if mined
                              else doctrine.choose_orders(s, enemies))
                if self.r.drag:
                    s.speed = self.true_speed[s.uid]
                orders = self.adjust_orders(s, new, boost, enemies)
            b.move_ship(s, orders, boost)
            for rule in b.rules_in_force:  # E.3
                rule.explosions()

    def emergency_thrust(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """D.1 doctrine: thrust ("E/", the engine rating doubled, boosters not) when the best order it opens
        scores better than the best ordinary one by more than the engine boxes it is expected to cost (a third of
        the unchecked boxes, each worth a damage result on the engines to the doctrine)."""
        boxes = len(s.spec.engine_track) - s.eng_hits
        if boxes <= 0 or s.cloaked or s.warming:  # "may not attempt emergency thrust if it has no remaining boxes"
            return orders
        r = self.r
        prev = movement_rules.drag_speed(s.speed, "D.2z" in self.on) if r.drag else s.speed
        er = s.engine_rating

        def plain(o: Orders) -> bool:
            return self.requirement(s, o, boost)[1]

        def thrust(o: Orders) -> bool:
            return not plain(o) and self.requirement(s, Orders(o.steps, o.pivot, ("E",)), boost)[1]

        avoid = self.avoid_map or None
        doctrine = self.b.m.doctrine
        best = best_scored(doctrine, s, enemies, prev, er + boost + 6, plain, avoid)
        push = best_scored(doctrine, s, enemies, prev, 2 * er + boost + 6, thrust, avoid)
        if push is None:
            return orders
        cost = AI_RESULT_VALUE["engine"] * boxes * self.play["emergency_thrust"]["loss_up_to"] / 6
        if best is None or push[1] - cost > best[1]:
            return Orders(push[0].steps, push[0].pivot, ("E",))
        return orders

    def after_orders(self) -> None:
        if self.r.drag:
            for s in self.b.alive():
                s.speed = self.true_speed.get(s.uid, s.speed)

    def requirement(self, s: ShipState, orders: Orders, boost: int, climb: int | None = None) -> tuple[int, bool]:
        """The engine requirement and legality of ``orders`` under D.2, D.5, D.6 (graded turns); D.9 and G.6
        (``climb`` altitude changes) through :mod:`.maneuvers`."""
        if self.moves is not None:
            return self.moves.requirement(self, s, orders, boost, climb)
        return self.base_requirement(s, orders, boost)

    def base_requirement(self, s: ShipState, orders: Orders, boost: int, er: int | None = None, extra: int = 0,
                         shape: Orders | None = None) -> tuple[int, bool]:
        """:meth:`requirement` of D.2, D.5 and D.6 against ``er`` (default the ship's engine rating), plus
        ``extra``; D.6 judges ``shape`` (default ``orders``)."""
        r = self.r
        drag = None
        if r.drag:
            drag = movement_rules.drag_speed(s.speed, "D.2z" in self.on)
        req = movement_rules.option_requirement(orders, s.speed, s.prev_slips, drag=drag, freeform=r.freeform,
                                                costs=self.play["freeform_turn_cost"]["costs"])
        req += extra
        legal = movement_rules.option_legal(orders, req, s.engine_rating if er is None else er, boost, r.freeform)
        return req, legal and (not r.graded or movement_rules.graded(shape or orders))

    def moved(self, s: ShipState, orders: Orders, q0: int, r0: int, h0: int) -> None:
        """After one ship's move: D.3 evasion noted; G terrain entered (destroyed, or asteroid-field dice)."""
        if "E" in orders.prefixes:
            self.thrusted.append(s)
        if self.moves is not None:  # G.6 altitude changes, D.9 the towee with its tower, D.7 the roll
            self.moves.moved(s, orders)
        if "Z" in orders.prefixes:
            pen = movement_rules.evasive_penalty(s.engine_rating, self.play["evasive_penalty"]["bands"])
            if pen:
                self.evading[s.uid] = -pen
        self.entered(s, orders, q0, r0, h0)
        towee = self.moves.towing.carried(s) if self.moves is not None and self.moves.towing is not None else None
        if towee is not None:  # D.9: the towed ship "moves with the towing ship": mines (B.15) and terrain as it
            if self.b.mined:
                systems.mine_attacks(self.b, towee, orders, q0, r0, h0)
            self.entered(towee, orders, q0, r0, h0)

    def entered(self, s: ShipState, orders: Orders, q0: int, r0: int, h0: int) -> None:
        """G: the terrain of the hexes ``s`` entered along ``orders`` from (q0, r0, h0): destroyed, detected, or
        asteroid-field dice."""
        t = self.terrain
        if t is None or not s.alive:
            return
        if s.cloaked and not s.detected and (t.nebula or any((q0 + x, r0 + y) in t.murk
                                                             for x, y in path_hexes(orders, h0))):
            s.detected = True  # G.4: in a nebula "all cloaked starships are automatically detected"; G.3 coma, tail
            self.b.say(f"    {s.label} is detected by the {'nebula (G.4)' if t.nebula else 'comet (G.3)'}")
        assert self.elements is not None
        self.elements.reveal(s)  # G.1: hits deferred while hidden, once it uncloaked or was detected
        for x, y in path_hexes(orders, h0):
            at = (q0 + x, r0 + y)
            if at in t.deadly:
                self.b.destroy(s, f"destroyed entering {t.what.get(at, 'terrain')} at {self.b.hexname(*at)} (G)",
                               explode=False)
                return
            dice = t.fields.get(at, 0)
            if dice:  # G.1: a hidden cloaked ship's hits are deferred
                self.elements.ship_field(s, at, dice)
                if not s.alive:
                    return

    def after_movement(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        """G.1 deferred field hits (before E.3's explosions of ships lost while moving, and E.4/S.6 VPs)."""
        if self.elements is not None:  # G.1: deferred field hits of ships detected this Movement Phase
            self.elements.reveal_all()

    # ------------------------------------------------------------ combat
    def order(self, a: int, b: int, first: int, deck_option: str) -> list[int] | None:
        """D.8r: a shuffled red/black deck instead of the alternation."""
        if deck_option in self.on:
            return movement_rules.deck(self.b.rng, a, b)
        return None

    def fire(self, ship: ShipState, target: Any, band: int, penalty: int, bonus: int) -> tuple[int, int]:
        """To-hit adjustments: terrain in the line of sight (G.1, G.3; blocked: ``FLARES_BLOCK``), evasion
        (D.3, the worse of the two), F.3 screens (the scenarios' after: S.8, S.9)."""
        if self.elements is not None:  # G.1, G.3 (4.1: through the target's hex)
            t = self.elements.sight(ship, target)
            if t >= FLARES_BLOCK:
                return FLARES_BLOCK, bonus
            penalty += t
        if self.evading:  # D.3: "If both ... are performing evasive action, apply only the more severe penalty"
            penalty += max(self.evading.get(ship.uid, 0), self.evading.get(target.uid, 0)
                           if isinstance(target, ShipState) else 0)
        if self.fighters is not None and self.fighters.screening:  # F.3 fighter screens
            penalty += self.fighters.screen_penalty(ship, target)
        return penalty, bonus

    def flight_penalty(self, ship: Any, target: Any) -> int:
        """F.3: "all attacks made through their hex" are penalised: ship weapons fire at a flight or seeker too
        (``ship``: the attacker, a ship or a fighter flight)."""
        pen = self.fighters.screen_penalty(ship, target) if self.fighters and self.fighters.screening else 0
        if self.elements is not None:  # G.1, G.3: starship weapons fired through terrain (FLARES_BLOCK: blocked)
            pen += self.elements.sight(ship, target)  # 4.1: -4 combined blocks as well
        return pen

    def in_sight(self, ship: ShipState, enemies: list, flights: list) -> tuple[list, list] | None:
        """4.1: "Line of sight is considered to be blocked, and an attack impossible" when a hex blocks it or the
        penalties of its hexes reach -4: the enemy ships and flights ``ship`` may declare attacks on (seekers are
        launched only at a ship in sight, C.4), the others logged. None without terrain."""
        if self.elements is None:
            return None
        seen = [e for e in enemies if self.elements.sight(ship, e) < FLARES_BLOCK]
        seen_f = [f for f in flights if not f.alive or f.count <= 0 or self.flight_penalty(ship, f) < FLARES_BLOCK]
        hid = [e.label for e in enemies if e not in seen] + [f.label for f in flights if f not in seen_f]
        if hid:
            self.b.say(f"  {ship.label}: line of sight blocked by terrain to {', '.join(hid)} (4.1, G)")
        return seen, seen_f

    def _range_rule(self, s: ShipState, tags: set[int] | None) -> Any:
        """The effective range of ``s``'s attacks: E.7 doubles the distance to a ship not in ``tags`` (the face-up
        TAGs, None without E.7), G.4 adds 50% (long range sensors cancel the nebula), else B.13 as in the core
        game."""
        nebula = _nebula_range(s, self.play["nebula"]["range_increase"]) if self.nebula else None
        factor = self.play["target_acquisition"]["untagged_range_factor"]
        moves = self.moves

        def eff(rng: int, target: Any = None) -> int:
            if moves is not None:  # G.6: the range between altitudes first
                rng = moves.range(rng, s, target)
            if tags is not None and isinstance(target, ShipState) and target.uid not in tags:
                rng *= factor
            if nebula is not None:
                return nebula(rng)
            return rng - rng // 3 if s.lrs else rng
        return eff

    # ------------------------------------------------------------ End Phase
    def after_damage(self) -> None:
        """5b, after E.3's explosions and E.4 / S.6 VPs: F.6 VPs for long range fighters."""
        if self.fighters is not None:
            self.fighters.after_damage()

    def end_phase(self) -> None:
        """5d: D.1 emergency thrust's engine dice."""
        b = self.b
        while self.thrusted:  # D.1 (5d): a die per unchecked engine box, each 1-2 checks one
            s = self.thrusted.pop(0)
            if not s.alive:
                continue
            n = len(s.spec.engine_track) - s.eng_hits
            rolls = [d6(b.rng) for _ in range(n)]
            lost = sum(1 for d in rolls if d <= self.play["emergency_thrust"]["loss_up_to"])
            s.eng_hits += lost
            b.say(f"  {s.label} emergency thrust (D.1): dice {rolls} -> {lost} engine boxes checked")

    def black_holes(self) -> None:
        """G.2 (5a): every element and minefield within a black hole's pull moves toward its centre, nearest first
        (:meth:`~drydock.engine.options.terrain_elements.TerrainElements.pull`)."""
        if self.elements is not None and self.terrain is not None and self.terrain.holes:
            self.elements.pull()


def _nebula_range(s: ShipState, increase: object) -> Any:
    """G.4: ranges +50% rounded up; long range sensors cancel it (but do not reduce the range further)."""
    f = Fraction(numbers.parse(increase))  # the one bounded parser (checked when the ruleset was built)

    def eff(rng: int, target: Any = None) -> int:
        if s.lrs:
            return rng
        x = rng * (1 + f)
        return -(-x.numerator // x.denominator)
    return eff


__all__ = ["OptionState", "DIRS", "straight"]
