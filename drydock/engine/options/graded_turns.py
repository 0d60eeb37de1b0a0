"""D.6 Graded Turns (``--option D.6``): "The number of hexes moved before and/or after each turn may not vary by
more than +-1" (:func:`~drydock.engine.options.movement_rules.graded`); the doctrine takes the best-scoring graded
order of its menu when its own is not."""

from __future__ import annotations

from drydock.engine.movement import Orders
from drydock.engine.options import movement_rules
from drydock.engine.options.rule import OptionalRule


class GradedTurns(OptionalRule):
    section = "D.6"
    replan = "illegal"

    def legal_shape(self, orders: Orders) -> bool:
        return movement_rules.graded(orders)


__all__ = ["GradedTurns"]
