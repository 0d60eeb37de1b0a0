"""D.8 Sequential Movement (``--option D.8``): ships move one at a time, the sides alternating by their counts at
the start of the phase (3.1; D.8r, :mod:`.random_movement_initiative`: a shuffled deck). Each ship's orders are chosen
when it moves, from where the ships moved before it are (prefixes written in the Orders Phase, cloak and
hyperdrive, are kept). E.3: a ship lost while moving explodes before the next ship moves."""

from __future__ import annotations

from drydock.engine import systems
from drydock.engine.combat import alternation
from drydock.engine.dice import d6
from drydock.engine.options.rule import OptionalRule, Plan


class SequentialMovement(OptionalRule):
    section = "D.8"

    def move_ships(self, plans: list[Plan], mined: dict) -> bool:
        b = self.battle
        opt = b.opt
        assert opt is not None  # an optional rule: the bus's state exists once the battle's is built
        queues: list[list[Plan]] = [[p for p in plans if p[0].side == side] for side in (0, 1)]
        na, nb = len(queues[0]), len(queues[1])
        first = 0 if na != nb else (0 if d6(b.rng) <= 3 else 1)
        order = None
        for rule in b.rules_in_force:  # D.8r random movement initiative
            order = rule.movement_order(na, nb) or order
        doctrine = b.m.doctrine
        for side in order or alternation(na, nb, first):
            s, orders, boost = queues[side].pop(0)
            if not s.alive:
                continue
            enemies = [systems.seen(e) for e in b.alive(1 - s.side)]
            if enemies and not orders.prefixes:
                opt.plan_speeds([s])  # D.2: it plans with the dragged previous speed
                new, boost = (doctrine.choose_orders(s, enemies, mined) if mined
                              else doctrine.choose_orders(s, enemies))
                opt.after_orders()
                orders = opt.adjust_orders(s, new, boost, enemies)
            b.move_ship(s, orders, boost)
            for rule in b.rules_in_force:  # E.3: a ship lost while moving explodes before the next ship moves
                rule.explosions()
        return True


__all__ = ["SequentialMovement"]
