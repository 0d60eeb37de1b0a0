"""One battle's optional rules, terrain and scenario: the hooks :mod:`drydock.engine.battle` calls.

Every hook is called only when an :class:`~drydock.engine.options.InForce` exists, so the core game runs
exactly as before (same dice, same log).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drydock.engine import systems
from drydock.engine.damage import apply_marked_damage
from drydock.engine.dice import d6
from drydock.engine.hexgrid import DIRS
from drydock.engine.movement import Orders, straight
from drydock.engine.options import InForce, chase, combat_rules, movement_rules, scenarios
from drydock.engine.options.doctrine_bridge import rechoose
from drydock.engine.options.fighter_rules import FighterRules
from drydock.engine.options.maneuvers import MANEUVERS, Maneuvers
from drydock.engine.options.terrain import Terrain
from drydock.engine.options.terrain_elements import TerrainElements
from drydock.engine.ships import ShipState
from drydock.engine.tables import FLARES_BLOCK

if TYPE_CHECKING:  # type-only imports: the battle calls the options as an OptionHost (docs/architecture.md)
    from drydock.engine.options.host import OptionHost
    from drydock.engine.options.rule import OptionalRule

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
        self.true_speed: dict[int, int] = {}  # uid -> its speed while it plans with its previous one (D.2)
        #: the rule classes in force (the registry's, after the bus): their hooks answer the movement questions
        self.rules: tuple[OptionalRule, ...] = ()
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
        self.exit_vp = 0  # S.2 / S.7: VPs the defender scored by leaving through its exit edge
        #: F.1-F.4, F.6: the fighter doctrine (None without them; drydock.engine.fighters hands flights over)
        self.fighters: FighterRules | None = None
        self.moves = Maneuvers(battle, rules) if rules.on & MANEUVERS else None  # G.6

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
        """G.6 altitude plans; the rules' moment before orders (D.3, D.9); the ships plan with the previous speed the
        rules reckon (D.2: the requirement is computed from it)."""
        if self.moves is not None:
            self.moves.before_orders()
        for rule in self.rules:
            rule.before_orders()
        self.plan_speeds(self.b.alive())

    def previous_speed(self, speed: int) -> int:
        """3.2: the previous speed a requirement is reckoned from under the rules (D.2 etheric drag)."""
        for rule in self.rules:
            speed = rule.previous_speed(speed)
        return speed

    def plan_speeds(self, ships: list[ShipState]) -> None:
        """The doctrine plans ``ships``' orders with their previous speeds as the rules reckon them (D.2) until
        :meth:`after_orders`."""
        for s in ships:
            prev = self.previous_speed(s.speed)
            if prev != s.speed:
                self.true_speed[s.uid] = s.speed
                s.speed = prev

    @property
    def cheap_turns(self) -> bool:
        """D.5: turns cost less than 3.2's (the doctrine's menu reaches further)."""
        return any(rule.turn_costs() is not None for rule in self.rules)

    def adjust_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The orders of ``s`` under the options: a rule's own (D.9 tows), else :meth:`option_orders` and the rules'
        last word (D.9 rescuers), then G.6 altitude changes (:mod:`.maneuvers`); then as the rules in force change
        them (G.5: an orbit)."""
        if self.moves is not None:  # D.8 chooses again as the ship moves: the plan is made afresh
            self.moves.forget(s)
        own = None
        for rule in self.rules:
            own = rule.own_orders(s, orders, boost, enemies)
            if own is not None:
                break
        if own is not None:
            orders = own
        else:
            orders = self.option_orders(s, orders, boost, enemies)
            for rule in self.rules:
                orders = rule.last_orders(s, orders, boost, enemies)
            if self.moves is not None:
                self.moves.choose(self, s, orders, boost, enemies)
        if s.alive and (self.moves is None or self.moves.altitudes is None):  # G.6 plans its altitude changes itself
            for view in self.b.rules_in_force:
                orders = view.change_orders(s, orders, boost, enemies, lambda o: self.requirement(s, o, boost)[1])
        return orders

    def option_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The doctrine chooses again among the orders the rules make legal (:attr:`OptionalRule.replan`: D.2, D.6
        when its own are not, D.5 always, to use the cheaper turns); S.9: no turns; then each rule's adjustment
        (:meth:`OptionalRule.adjust_orders`: D.7 roll, D.1 thrust, D.3 evade)."""
        replan = [rule.replan for rule in self.rules if rule.replan]
        if (replan or self.storm == "no turns") and not orders.prefixes and s.alive:
            _, legal = self.requirement(s, orders, boost)
            if "always" in replan or not legal or (self.storm == "no turns" and orders.turns):
                er = s.engine_rating + boost
                prev = self.previous_speed(s.speed)
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
        for rule in self.rules:
            orders = rule.adjust_orders(s, orders, boost, enemies)
        return orders

    def running(self) -> bool:
        """S.2: the defender runs from the start; S.7: once it has 100 VPs for destroying enemy forces."""
        if self.r.scenario == "S.7":
            return self.b.vp[1] - self.exit_vp >= self.r.numbers["exit_after"]
        return True

    def after_orders(self) -> None:
        """The ships' own speeds are back (:meth:`plan_speeds`)."""
        for uid, speed in self.true_speed.items():
            self.b.ships[uid].speed = speed
        self.true_speed.clear()

    def requirement(self, s: ShipState, orders: Orders, boost: int, climb: int | None = None) -> tuple[int, bool]:
        """The engine requirement and legality of ``orders`` under the rules (:meth:`base_requirement`; a rule may
        settle it: D.9's towed ship); G.6 (``climb`` altitude changes) through :mod:`.maneuvers`."""
        for rule in self.rules:
            fixed = rule.fixed_requirement(s)
            if fixed is not None:
                return fixed
        if self.moves is not None:
            return self.moves.requirement(self, s, orders, boost, climb)
        return self.base_requirement(s, orders, boost)

    def base_requirement(self, s: ShipState, orders: Orders, boost: int, extra: int = 0, shape: Orders | None = None
                         ) -> tuple[int, bool]:
        """:meth:`requirement` under the rules' hooks (the previous speed, D.2; the turns' costs, D.5; the engine
        rating, D.9; the shape, D.6, judged on ``shape``, default ``orders``), plus ``extra``."""
        er, prev = s.engine_rating, s.speed
        costs: list[int] | tuple[int, ...] = movement_rules.TURN_COSTS
        free = False
        for rule in self.rules:
            er = rule.engine_rating(s, er)
            prev = rule.previous_speed(prev)
            got = rule.turn_costs()
            if got is not None:
                costs, free = got, True
        req = movement_rules.option_requirement(orders, s.speed, s.prev_slips, drag=prev, freeform=free,
                                                costs=costs) + extra
        legal = movement_rules.option_legal(orders, req, er, boost, free)
        return req, legal and all(rule.legal_shape(shape or orders) for rule in self.rules)

    def moved(self, s: ShipState, orders: Orders, q0: int, r0: int, h0: int) -> None:
        """After one ship's move: G.6 altitude changes; the rules' (:meth:`OptionalRule.ship_moved`); G terrain
        entered (destroyed, or asteroid-field dice), by it and by a ship it carries (D.9)."""
        if self.moves is not None:  # G.6 altitude changes
            self.moves.moved(s)
        for rule in self.rules:
            rule.ship_moved(s, orders)
        self.entered(s, orders, q0, r0, h0)
        for rule in self.rules:
            towee = rule.carried(s)
            if towee is not None:  # D.9: the towed ship "moves with the towing ship": mines (B.15) and terrain
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
        """E.5r: a shuffled red/black deck instead of the alternation."""
        if deck_option in self.on:
            return movement_rules.deck(self.b.rng, a, b)
        return None

    def may_attack(self, ship: ShipState) -> bool:
        if self.storm == "no attacks":
            return False
        return ship.alive

    def fire(self, ship: ShipState, target: Any, band: int, penalty: int, bonus: int) -> tuple[int, int]:
        """To-hit adjustments: terrain in the line of sight (G.1, G.3; blocked: ``FLARES_BLOCK``), the rules'
        (:meth:`OptionalRule.to_hit_penalty`: D.3 evasion), S.8 prototype, S.9 storm (-1, no long range)."""
        if self.elements is not None:  # G.1, G.3 (4.1: through the target's hex)
            t = self.elements.sight(ship, target)
            if t >= FLARES_BLOCK:
                return FLARES_BLOCK, bonus
            penalty += t
        for rule in self.rules:
            penalty += rule.to_hit_penalty(ship, target)
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
