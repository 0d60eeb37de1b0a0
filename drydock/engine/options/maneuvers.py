"""D.7 rolls, D.9 towing and G.6 altitudes in one battle: what :class:`~drydock.engine.options.state.OptionState`
asks of them, through one-line hooks (``OptionState.moves``; None when none of them is in force)."""

from __future__ import annotations

from typing import Any

from drydock.engine.movement import Orders
from drydock.engine.options import InForce, movement_rules
from drydock.engine.options.altitude import Altitudes, with_changes
from drydock.engine.options.host import OptionHost
from drydock.engine.options.rolls import Rolls
from drydock.engine.options.towing import Towing
from drydock.engine.ships import ShipState

#: the sections this module plays
MANEUVERS = frozenset({"D.7", "D.9", "G.6", "G.6a"})


class Maneuvers:
    """The rolls (D.7), tows (D.9) and altitudes (G.6) of one battle."""

    def __init__(self, battle: OptionHost, rules: InForce) -> None:
        on = rules.on
        self.b = battle
        self.rolls = Rolls(battle.m.doctrine, rules.twins) if "D.7" in on else None
        self.towing = Towing(battle) if "D.9" in on else None
        three_d = rules.play["three_d"]  # G.6 (G.6a: the other reading of the range)
        self.altitudes = Altitudes(battle.ships, three_d, "doubled" if "G.6a" in on else three_d["range"]
                                   ) if "G.6" in on or "G.6a" in on else None

    def before_orders(self) -> None:
        """Orders Phase: no altitude change planned yet; who tows whom this turn (D.9)."""
        if self.altitudes is not None:
            self.altitudes.plan.clear()
            self.altitudes.register(self.b.flights)  # flights launched since: at their launcher's altitude
        if self.towing is not None:
            self.towing.start_turn()

    def orders(self, opt: Any, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The orders of ``s``: a towed ship records none and its tower tows (D.9); else the options' orders
        (``opt.option_orders``), then a rescuer's rendezvous (D.9), then the altitude changes (G.6)."""
        alt, tow = self.altitudes, self.towing
        if alt is not None:  # D.8 chooses again as the ship moves: the plan is made afresh
            alt.plan.pop(s.uid, None)

        def legal(o: Orders) -> bool:
            return bool(opt.requirement(s, o, boost)[1])
        if tow is not None and (s.uid in tow.towed or s.uid in tow.tows):
            return tow.orders(s, orders, boost, enemies, legal)
        orders = opt.option_orders(s, orders, boost, enemies)
        if tow is not None and s.alive:
            orders = tow.orders(s, orders, boost, enemies, legal)
        if alt is not None and s.alive:
            alt.choose(s, orders, enemies, lambda e: self.b.m.doctrine.preferred_range(s.spec, e.spec, s.side),
                       lambda o, k: bool(opt.requirement(s, o, boost, k)[1]))
        return orders

    def roll(self, opt: Any, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """D.7: roll when the best order inverted outscores the best upright (:meth:`Rolls.choose`)."""
        if self.rolls is None or orders.prefixes or not s.alive:
            return orders
        prev = movement_rules.drag_speed(s.speed, "D.2z" in opt.on) if opt.r.drag else s.speed
        # the menu within the rating holds every legal order (a roll only adds to the requirement) but under D.5,
        # whose turns cost less than 3.2's
        cap = s.engine_rating + boost + (6 if opt.r.freeform else 0)
        return self.rolls.choose(s, orders, enemies, prev, cap,
                                 lambda o: bool(opt.requirement(s, o, boost)[1]), opt.avoid_map or None)

    def requirement(self, opt: Any, s: ShipState, orders: Orders, boost: int, climb: int | None
                    ) -> tuple[int, bool]:
        """The requirement and legality under D.9 (a towed ship records no orders; a tower has its effective
        engine rating) and G.6 (``climb`` altitude changes, by default those planned: the speed of the orders +1
        and the requirement +1 each), with the other options' arithmetic (``opt.base_requirement``)."""
        tow, alt = self.towing, self.altitudes
        if tow is not None and s.uid in tow.towed:
            return 0, True  # D.9: "The ship being towed does not record any movement orders"
        er = tow.rating(s) if tow is not None and s.uid in tow.tows else s.engine_rating
        k = abs(alt.plan.get(s.uid, 0) if climb is None else climb) if alt is not None else 0
        req, legal = opt.base_requirement(s, with_changes(orders, k), boost, er, k, orders)
        return req, legal

    def moved(self, s: ShipState, orders: Orders) -> None:
        """After a ship's move: its altitude changes (G.6), its towee with it (D.9), its roll (D.7)."""
        if self.altitudes is not None:
            self.altitudes.moved(self.b, s)
        if self.towing is not None:
            self.towing.moved(s)
        if "@" in orders.prefixes and self.rolls is not None:
            self.rolls.roll(self.b, s)

    def range(self, rng: int, s: ShipState, target: Any) -> int:
        """G.6: the range between altitudes (``rng`` hexes)."""
        return self.altitudes.range(rng, s, target) if self.altitudes is not None else rng


__all__ = ["MANEUVERS", "Maneuvers"]
