"""F.7 Random Fighter Initiative (``--option F.7``): in the Fighter Phase a red card per side A flight and a black one
per side B flight are shuffled; the colour of each card drawn says which side's flight acts next
(:func:`~drydock.engine.options.movement_rules.deck`), instead of the alternation by counts (5.2)."""

from __future__ import annotations

from drydock.engine.options import movement_rules
from drydock.engine.options.rule import OptionalRule


class RandomFighterInitiative(OptionalRule):
    section = "F.7"

    def fighter_order(self, a: int, b: int) -> list[int] | None:
        return movement_rules.deck(self.battle.rng, a, b)


__all__ = ["RandomFighterInitiative"]
