"""D.8r Random Movement Initiative (``--option D.8r``, with D.8): a red card per side A ship and a black one per side
B ship are shuffled; the colour of each card drawn says which side's ship moves next
(:func:`~drydock.engine.options.movement_rules.deck`), instead of D.8's alternation by counts."""

from __future__ import annotations

from drydock.engine.options import movement_rules
from drydock.engine.options.rule import OptionalRule


class RandomMovementInitiative(OptionalRule):
    section = "D.8r"

    def movement_order(self, a: int, b: int) -> list[int] | None:
        return movement_rules.deck(self.battle.rng, a, b)


__all__ = ["RandomMovementInitiative"]
