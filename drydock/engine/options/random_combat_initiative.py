"""E.5r Random Combat Initiative (``--option E.5r``), the variant of E.5: sequential combat (its class's) with a
shuffled red/black deck deciding which side attacks next instead of the alternation (4.0)
(:func:`~drydock.engine.options.movement_rules.deck`)."""

from __future__ import annotations

from drydock.engine.options import movement_rules
from drydock.engine.options.sequential_combat import SequentialCombat


class RandomCombatInitiative(SequentialCombat):
    section = "E.5r"
    replaces = ("E.5",)  # it plays sequential combat itself when E.5 is chosen too

    def combat_order(self, a: int, b: int) -> list[int] | None:
        return movement_rules.deck(self.battle.rng, a, b)


__all__ = ["RandomCombatInitiative"]
