"""The state one battle's optional rules share (``Battle.opt``): the terrain table, the fighter doctrine, G.6's
altitudes, the range rule, and the orders pipeline and requirement that ask the rules in force their movement
questions. It plays no section of its own (issue 43: every rule is a registered class; the registry's ``OptionBus``
runs its set-up and movement-done steps before the rules' own hooks).

It exists only when an :class:`~drydock.engine.options.InForce` does, so the core game runs exactly as before (same
dice, same log).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drydock.engine import systems
from drydock.engine.movement import Orders
from drydock.engine.options import InForce, movement_rules
from drydock.engine.options.doctrine_bridge import rechoose
from drydock.engine.options.fighter_rules import FighterRules
from drydock.engine.options.terrain import Terrain
from drydock.engine.options.terrain_elements import TerrainElements
from drydock.engine.ships import ShipState
from drydock.engine.table_view import AltitudeView
from drydock.engine.tables import FLARES_BLOCK

if TYPE_CHECKING:  # type-only imports: the battle calls the options as an OptionHost (docs/architecture.md)
    from drydock.engine.options.host import OptionHost
    from drydock.engine.options.rule import OptionalRule


class OptionState:
    """The optional rules' shared state of one battle (read by the rule modules as :class:`~drydock.engine.table_view.
    OptionsView`, by the rules as :class:`~drydock.engine.options.host.OptionStateView`)."""

    def __init__(self, battle: OptionHost, rules: InForce) -> None:
        self.b = battle
        self.play = rules.play
        self.true_speed: dict[int, int] = {}  # uid -> its speed while it plans with its previous one (D.2)
        #: the rule classes in force (the registry's, after the bus): their hooks answer the movement questions
        self.rules: tuple[OptionalRule, ...] = ()
        #: G: the battle's terrain table, which the terrain rules in force share and place (drydock.engine.options.
        #: terrain_rule); its hexes, and what the doctrine's path scoring avoids ((q, r): entering; (q, r, END))
        self.elements = TerrainElements(battle, rules.terrain, rules.play) if rules.terrain else None
        self.terrain: Terrain | None = self.elements.t if self.elements is not None else None
        self.avoid_map: dict[tuple[int, ...], int] = self.elements.avoid_map if self.elements is not None else {}
        #: F.1-F.4, F.6: the fighter doctrine (None without them; drydock.engine.fighters hands flights over)
        self.fighters: FighterRules | None = None
        #: G.6: the battle's altitudes, kept by the rule in force that keeps them (its ``altitudes`` hook; the registry
        #: sets it), which the rule modules read (OptionsView)
        self.altitudes: AltitudeView | None = None

    # ------------------------------------------------------------ set-up
    def start(self) -> None:
        """Set-up, once every rule placed its pieces and before their own set-up: each ship's range rule (B.13) when
        a rule changes ranges (E.7 TAGs, G.4 nebula, G.6 altitudes; :meth:`_range_rule`)."""
        b = self.b
        tags = next((t for t in (rule.tagged() for rule in b.rules_in_force) if t is not None), None)  # E.7
        if self.nebula or tags is not None or self.altitudes is not None:
            for s in b.ships:
                s.range_x = self._range_rule(s, tags)

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
        """The rules' moment before orders (D.3, D.9, G.6); the ships plan with the previous speed the rules reckon
        (D.2: the requirement is computed from it)."""
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
        last word (D.9 rescuers, then G.6 altitude changes); then as the rules in force change them (G.5: an orbit)."""
        for rule in self.rules:  # D.8 chooses again as the ship moves: the plans are made afresh (G.6)
            rule.orders_afresh(s)
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
        if s.alive and self.altitudes is None:  # G.6 plans its altitude changes itself
            for view in self.b.rules_in_force:
                orders = view.change_orders(s, orders, boost, enemies, lambda o: self.requirement(s, o, boost)[1])
        return orders

    def option_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The doctrine chooses again among the orders the rules make legal (:attr:`OptionalRule.replan`: D.2, D.6
        when its own are not, D.5 always, to use the cheaper turns); S.9: no turns; S.2, S.3, S.7: the defender runs for
        its exit edge; then each rule's adjustment (:meth:`OptionalRule.adjust_orders`: D.7 roll, D.1 thrust, D.3
        evade)."""
        replan = [rule.replan for rule in self.rules if rule.replan]
        still = any(rule.no_turns() for rule in self.b.rules_in_force)  # S.9
        if (replan or still) and not orders.prefixes and s.alive:
            _, legal = self.requirement(s, orders, boost)
            if "always" in replan or not legal or (still and orders.turns):
                er = s.engine_rating + boost
                prev = self.previous_speed(s.speed)
                calm = not still
                better = rechoose(self.b.m.doctrine, s, enemies, prev, 2 * er + 6,
                                  lambda o: (calm or not o.turns) and self.requirement(s, o, boost)[1],
                                  self.avoid_map or None)
                if better is not None:
                    orders = better
        orders, final = self.scenario_orders(s, orders, boost, still)
        if final:
            return orders
        for rule in self.rules:
            orders = rule.adjust_orders(s, orders, boost, enemies)
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

    def after_orders(self) -> None:
        """The ships' own speeds are back (:meth:`plan_speeds`)."""
        for uid, speed in self.true_speed.items():
            self.b.ships[uid].speed = speed
        self.true_speed.clear()

    def requirement(self, s: ShipState, orders: Orders, boost: int, climb: int | None = None) -> tuple[int, bool]:
        """The engine requirement and legality of ``orders`` under the rules (:meth:`base_requirement`; a rule may
        settle it: D.9's towed ship; or add to the orders: G.6's ``climb`` altitude changes)."""
        for rule in self.rules:
            fixed = rule.fixed_requirement(s)
            if fixed is not None:
                return fixed
        for rule in self.rules:
            got = rule.requirement(s, orders, boost, climb)
            if got is not None:
                return got
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
        """After one ship's move: what its orders did beside moving it (:meth:`OptionalRule.move_made`: G.6 altitude
        changes); the rules' (:meth:`OptionalRule.ship_moved`); G terrain entered (destroyed, or asteroid-field
        dice), by it and by a ship it carries (D.9)."""
        for rule in self.rules:
            rule.move_made(s)
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
        """G.1 deferred field hits (before E.3's explosions of ships lost while moving, and E.4/S.6 VPs)."""
        if self.elements is not None:  # G.1: deferred field hits of ships detected this Movement Phase
            self.elements.reveal_all()

    # ------------------------------------------------------------ combat
    def fire(self, ship: ShipState, target: Any, band: int, penalty: int, bonus: int) -> tuple[int, int]:
        """To-hit adjustments: terrain in the line of sight (G.1, G.3; blocked: ``FLARES_BLOCK``), the rules'
        (:meth:`OptionalRule.to_hit_penalty`: D.3 evasion), F.3 screens (the scenarios' after: S.8, S.9)."""
        if self.elements is not None:  # G.1, G.3 (4.1: through the target's hex)
            t = self.elements.sight(ship, target)
            if t >= FLARES_BLOCK:
                return FLARES_BLOCK, bonus
            penalty += t
        for rule in self.rules:
            penalty += rule.to_hit_penalty(ship, target)
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
        TAGs, None without E.7), a rule's range (G.4 adds 50%), else B.13 as in the core game."""
        nebula = next((f for f in (rule.ranges(s) for rule in self.b.rules_in_force) if f is not None), None)
        factor = self.play["target_acquisition"]["untagged_range_factor"]
        alt = self.altitudes

        def eff(rng: int, target: Any = None) -> int:
            if alt is not None:  # G.6: the range between altitudes first
                rng = alt.range(rng, s, target)
            if tags is not None and isinstance(target, ShipState) and target.uid not in tags:
                rng *= factor
            if nebula is not None:
                return nebula(rng)
            return rng - rng // 3 if s.lrs else rng
        return eff



__all__ = ["OptionState"]
