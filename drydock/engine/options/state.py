"""One battle's optional rules, terrain and scenario: the hooks :mod:`drydock.engine.battle` calls.

Every hook is called only when an :class:`~drydock.engine.options.InForce` exists, so the core game runs
exactly as before (same dice, same log).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drydock.engine import systems
from drydock.engine.combat import alternation
from drydock.engine.damage import apply_marked_damage
from drydock.engine.dice import d6
from drydock.engine.hexgrid import DIRS
from drydock.engine.movement import Orders, straight
from drydock.engine.options import InForce, chase, combat_rules, movement_rules, scenarios
from drydock.engine.options.doctrine_bridge import best_scored, rechoose
from drydock.engine.options.fighter_rules import FighterRules
from drydock.engine.options.maneuvers import MANEUVERS, Maneuvers
from drydock.engine.options.terrain import Terrain
from drydock.engine.options.terrain_elements import TerrainElements
from drydock.engine.ships import ShipState
from drydock.engine.tables import AI_RESULT_VALUE, FLARES_BLOCK

if TYPE_CHECKING:  # a type-only import: the battle calls the options as an OptionHost (docs/architecture.md)
    from drydock.engine.options.host import OptionHost

SIDES = ("A", "B")


class OptionState:
    def __init__(self, battle: OptionHost, rules: InForce) -> None:
        self.b = battle
        self.r = rules
        self.on = rules.on
        self.play = rules.play
        self.kills = 0                      # S.4: ships destroyed so far
        self.awarded: dict[int, int] = {}   # E.4 / S.6: VPs already scored per ship uid
        self.pending: list[ShipState] = []  # E.3: explosions waiting for their moment
        self.true_speed: dict[int, int] = {}
        self.evading: dict[int, int] = {}   # D.3: uid -> to-hit penalty this turn
        self.storm: str | None = None       # S.9: this turn's disruption
        self.proto_uid = -1                 # S.8
        self.proto_mod = 0
        self.proto_rolled = False
        self.reserve: list[ShipState] = []  # S.11: the defender's second half
        self.reserve_total = 0
        #: G: the battle's terrain table, which the terrain rules in force share and place (drydock.engine.options.
        #: terrain_rule); its hexes, and what the doctrine's path scoring avoids ((q, r): entering; (q, r, END))
        self.elements = TerrainElements(battle, rules.terrain, rules.play) if rules.terrain else None
        self.terrain: Terrain | None = self.elements.t if self.elements is not None else None
        self.avoid_map: dict[tuple[int, ...], int] = self.elements.avoid_map if self.elements is not None else {}
        self.start_cr = sum(s.spec.cr for s in battle.ships if s.side == 0)
        self.sequential_movement = "D.8" in rules.on
        self.thrusted: list[ShipState] = []  # D.1: ships that used emergency thrust this turn
        self.exit_vp = 0  # S.2 / S.7: VPs the defender scored by leaving through its exit edge
        #: F.1-F.4, F.6: the fighter doctrine (None without them; drydock.engine.fighters hands flights over)
        self.fighters: FighterRules | None = None
        self.moves = Maneuvers(battle, rules) if rules.on & MANEUVERS else None  # D.7, D.9, G.6

    # ------------------------------------------------------------ set-up
    def start(self) -> None:
        b, r = self.b, self.r
        if self.elements is not None:  # G.6's pieces alone: no terrain rule placed them (options/terrain_rule.py)
            self.elements.place()
        tags = next((t for t in (rule.tagged() for rule in b.rules_in_force) if t is not None), None)  # E.7
        if self.nebula or tags is not None or self.moves:
            for s in b.ships:
                s.range_x = self._range_rule(s, tags)
        if r.scenario in chase.CHASES:
            chase.set_up(b, r.numbers)
        if r.scenario == "S.8":
            att = [s for s in b.ships if s.side == 0]
            self.proto_uid = att[scenarios.prototype(b.m.sides)].uid
            b.say(f"S.8: {b.ships[self.proto_uid].label} is the prototype")
        if r.scenario == "S.11":
            defenders = [s for s in b.ships if s.side == 1]
            halves = scenarios.halves([s.spec for s in defenders])
            first = halves[0] if d6(b.rng) <= 3 else halves[1]
            for i, s in enumerate(defenders):
                if i not in first:
                    s.alive = False
                    self.reserve.append(s)
            b.say("S.11: the defender's second half waits: " + ", ".join(s.label for s in self.reserve))

    def fighter_doctrine(self) -> FighterRules:
        """F.1-F.4, F.6: the fighter doctrine the fighter options share, made when the first of them asks."""
        if self.fighters is None:
            self.fighters = FighterRules(self.b, self.play)
        return self.fighters

    @property
    def nebula(self) -> bool:
        """G.4: the battle is fought inside a nebula (the terrain placed)."""
        return self.terrain is not None and self.terrain.nebula

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
        """The orders of ``s`` under the options (:meth:`option_orders`; D.7, D.9, G.6: :mod:`.maneuvers`), then as the
        rules in force change them (G.5: an orbit)."""
        if self.moves is not None:
            orders = self.moves.orders(self, s, orders, boost, enemies)
        else:
            orders = self.option_orders(s, orders, boost, enemies)
        if s.alive and (self.moves is None or self.moves.altitudes is None):  # G.6 plans its altitude changes itself
            for rule in self.b.rules_in_force:
                orders = rule.change_orders(s, orders, boost, enemies, lambda o: self.requirement(s, o, boost)[1])
        return orders

    def option_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """D.2 / D.5: the doctrine chooses again among the orders the option makes legal (under D.5 always, to use
        the cheaper turns); S.9: no turns; D.3: evade when outgunned and the doubled requirement is legal."""
        r = self.r
        if (r.freeform or r.drag or r.graded or self.storm == "no turns") and not orders.prefixes and s.alive:
            _, legal = self.requirement(s, orders, boost)
            if r.freeform or not legal or (self.storm == "no turns" and orders.turns):
                er = s.engine_rating + boost
                prev = movement_rules.drag_speed(s.speed, "D.2z" in self.on) if r.drag else s.speed
                calm = self.storm != "no turns"
                better = rechoose(self.b.m.doctrine, s, enemies, prev, 2 * er + 6,
                                  lambda o: (calm or not o.turns) and self.requirement(s, o, boost)[1],
                                  self.avoid_map or None)
                if better is not None:
                    orders = better
        if self.storm == "no turns" and orders.turns:
            orders = Orders((orders.speed,) if orders.speed else (), orders.pivot, orders.prefixes)
        if self.r.scenario in scenarios.EXIT_EDGE and s.side == scenarios.DEFENDER and "H" not in orders.prefixes \
                and self.running():  # S.2 / S.7: the defender runs for its exit edge (cloaked or not)
            out = scenarios.run_for_edge(s, scenarios.EXIT_EDGE[self.r.scenario], self.b.m.board,
                                         lambda o: self.requirement(s, o, boost)[1], s.engine_rating + boost + 6)
            if out is not None:
                return Orders(out.steps, out.pivot, orders.prefixes)
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
            self.explode_pending()

    def running(self) -> bool:
        """S.2: the defender runs from the start; S.7: once it has 100 VPs for destroying enemy forces."""
        if self.r.scenario == "S.7":
            return self.b.vp[1] - self.exit_vp >= self.r.numbers["exit_after"]
        return True

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
        """G: the terrain of the hexes ``s`` entered along ``orders`` from (q0, r0, h0) (the table's)."""
        if self.elements is not None:
            self.elements.entered(s, orders, q0, r0, h0)

    def after_movement(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        """G.1 deferred field hits; E.3 explosions of ships lost while moving; E.4/S.6 VPs."""
        if self.elements is not None:  # G.1: deferred field hits of ships detected this Movement Phase
            self.elements.reveal_all()
        self.explode_pending()
        self.score_damage()

    # ------------------------------------------------------------ combat
    def order(self, a: int, b: int, first: int, deck_option: str) -> list[int] | None:
        """E.5r / D.8r: a shuffled red/black deck instead of the alternation."""
        if deck_option in self.on:
            return movement_rules.deck(self.b.rng, a, b)
        return None

    def may_attack(self, ship: ShipState) -> bool:
        if self.storm == "no attacks":
            return False
        return ship.alive

    def fire(self, ship: ShipState, target: Any, band: int, penalty: int, bonus: int) -> tuple[int, int]:
        """To-hit adjustments: terrain in the line of sight (G.1, G.3; blocked: ``FLARES_BLOCK``), evasion
        (D.3, the worse of the two), S.8 prototype, S.9 storm (-1, no long range)."""
        if self.elements is not None:  # G.1, G.3 (4.1: through the target's hex)
            t = self.elements.sight(ship, target)
            if t >= FLARES_BLOCK:
                return FLARES_BLOCK, bonus
            penalty += t
        if self.evading:  # D.3: "If both ... are performing evasive action, apply only the more severe penalty"
            penalty += max(self.evading.get(ship.uid, 0), self.evading.get(target.uid, 0)
                           if isinstance(target, ShipState) else 0)
        if self.storm == "murk":
            if band == 2:
                return FLARES_BLOCK, bonus
            penalty += 1
        if self.fighters is not None and self.fighters.screening:  # F.3 fighter screens
            penalty += self.fighters.screen_penalty(ship, target)
        if ship.uid == self.proto_uid:
            if not self.proto_rolled:
                self.proto_rolled = True
                roll = d6(self.b.rng)
                self.proto_mod, er = scenarios.SHAKEDOWN[roll]
                ship.er_mod = er
                self.b.say(f"    S.8 shakedown roll {roll}: to-hit {self.proto_mod:+d}, engine rating {er:+d}")
            if self.proto_mod > 0:
                bonus += self.proto_mod
            else:
                penalty -= self.proto_mod
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
        TAGs, None without E.7), a rule's range (G.4 adds 50%), else B.13 as in the core game."""
        nebula = next((f for f in (rule.ranges(s) for rule in self.b.rules_in_force) if f is not None), None)
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

    def after_attack(self) -> None:
        """E.5: the attacking ship's damage takes effect now; explosions follow at once."""
        if not self.r.sequential_combat:
            return
        for s in self.b.ships:
            if s.alive and (s.p_hull or s.p_eng or s.p_wpn or s.p_shd) and apply_marked_damage(s, self.b.log):
                self.b.destroy(s, "destroyed")
        self.explode_pending()
        self.score_damage()

    # ------------------------------------------------------------ VPs
    def destroy_vp(self, s: ShipState, vp: int, why: str, explode: bool) -> int:
        """The VPs a destruction scores under E.4 and the scenario; queue its explosion (E.3)."""
        scen = self.r.scenario
        # Companion D5.3: disabled, not destroyed; C.5 Deadly: "If any of a ship's hull boxes were checked off due to
        disabled = s.rules.inert(s)  # crew casualties, it will not explode"
        if "E.3" in self.on and explode and why.startswith("destroyed") and not disabled:
            self.pending.append(s)
        jumped = why.startswith("enters hyperspace")
        if scen in scenarios.EXIT_EDGE and s.side == scenarios.DEFENDER and why == "left the board" \
                and scenarios.edge_of(s.q, s.r, self.b.m.board[0]) == scenarios.EXIT_EDGE[scen] and self.running():
            self.exit_vp += s.spec.cr  # "awards VPs to the defending side, not the attacking side"
            self.b.vp[1] += s.spec.cr
            self.b.say(f"  {s.label} breaks out ({scen}): side B scores {s.spec.cr} VP")
            self.kills += 1
            return 0
        if "E.4" in self.on and not (scen == "S.6" and s.side == 1):
            share = combat_rules.partial_share(s, jumped) if jumped else 100
            total = combat_rules.share_vp(s.spec.cr, share)
            vp = max(0, total - self.awarded.get(s.uid, 0))
            self.awarded[s.uid] = total
        if scen == "S.6" and s.side == 1:  # the attacker scored it in full past half its hull, nothing more
            vp = 0 if self.awarded.get(s.uid) else s.spec.cr
            self.awarded[s.uid] = s.spec.cr
        if scen:
            vp = scenarios.kill_vp(scen, s.side, vp, self.kills, self.r.numbers, proto=s.uid == self.proto_uid,
                                   reinforced=not self.reserve)
        self.kills += 1
        return vp

    def score_damage(self) -> None:
        """E.4 partial VPs and S.6 (half the hull lost) as boxes are checked."""
        scen = self.r.scenario
        partial = "E.4" in self.on
        if not partial and scen != "S.6":
            return
        for s in self.b.alive():
            if scen == "S.6" and s.side == 1:
                if 2 * s.hull_hits > s.spec.hull and not self.awarded.get(s.uid):
                    self.awarded[s.uid] = s.spec.cr
                    self.b.vp[0] += s.spec.cr
                    self.b.say(f"  {s.label} has lost more than half its hull: side A scores {s.spec.cr} VP (S.6)")
                continue
            if not partial:
                continue
            total = combat_rules.share_vp(s.spec.cr, combat_rules.partial_share(s))
            got = self.awarded.get(s.uid, 0)
            if total > got:
                self.awarded[s.uid] = total
                self.b.vp[1 - s.side] += total - got
                self.b.say(f"  {s.label}: side {SIDES[1 - s.side]} scores {total - got} partial VP (E.4)")

    def explode_pending(self) -> None:
        numbers = self.play["explosions"]
        while self.pending:
            s = self.pending.pop(0)
            combat_rules.explode(self.b, s, numbers)

    # ------------------------------------------------------------ End Phase
    def after_damage(self) -> None:
        """5b: explosions of ships destroyed by weapons fire; E.4 / S.6 VPs."""
        self.explode_pending()
        self.score_damage()

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

    def next_turn(self) -> None:
        """After 5d: S.9 storms and S.11 reinforcements for next turn."""
        b = self.b
        if self.r.scenario == "S.9":
            roll, self.storm = scenarios.storm(b.rng)
            b.say(f"  storms in space (S.9): {roll} -> {self.storm or 'no effect'}")
            if self.storm == "headings":
                for s in b.alive():  # "1 indicates the direction of the ship's current heading; 2-6 ... clockwise"
                    d = d6(b.rng)  # a pivoted facing (3.4) turns with the heading, keeping its offset
                    s.heading, s.facing = (s.heading + d - 1) % 6, (s.facing + d - 1) % 6
        if self.reserve:
            self.reserve_total += d6(b.rng)
            if self.reserve_total >= self.r.numbers["reinforce_at"]:
                for s in self.reserve:
                    s.alive = True
                b.say("  S.11: the reinforcements arrive: " + ", ".join(s.label for s in self.reserve))
                self.reserve = []
                b.stacking()

    def victory(self, over: tuple[bool, int | None]) -> tuple[bool, int | None]:
        """S.1 (no VPs: the survivors decide) and S.11 (a side with reinforcements to come is not gone)."""
        b = self.b
        if self.r.scenario == "S.1":
            att = b.alive(0)
            done, winner, why = scenarios.alone_in_the_dark(self.start_cr, sum(s.spec.cr for s in att),
                                                            bool(b.alive(1)), bool(att), self.r.numbers)
            if done:
                b.say(f"  {why}")
            return done, winner
        if self.reserve and over[0] and not b.alive(1) and b.alive(0) and b.vp[0] < b.m.vp_target:
            return False, None  # S.11: the second half is still to come
        if self.r.scenario in scenarios.EXIT_EDGE and over[0] and max(b.vp) < b.m.vp_target:
            # a side is gone before either reached the target: the VPs decide (reading; the book is silent)
            return True, None if b.vp[0] == b.vp[1] else (0 if b.vp[0] > b.vp[1] else 1)
        return over


__all__ = ["OptionState", "DIRS", "straight"]
