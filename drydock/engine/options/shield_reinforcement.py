"""E.6 Shield Reinforcement (``--option E.6``): "+1 to the shield rating against ... the indicated defensive arc, and
subtract -1 ... opposing arc" (``play.shield_reinforcement``). Each ship reinforces the arc facing the most enemy
fire, decided with the Orders Phase knowledge (its own orders, the enemies' positions before the move:
:func:`~drydock.engine.options.combat_rules.reinforce_arc`)."""

from __future__ import annotations

from drydock.engine.options import combat_rules
from drydock.engine.options.rule import OptionalRule


class ShieldReinforcement(OptionalRule):
    section = "E.6"
    numbers = ("shield_reinforcement",)

    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        top = self.play["shield_reinforcement"]["max_shield"]
        for s in self.battle.alive():
            s.reinforced = -1
            arc = combat_rules.reinforce_arc(s, enemy_pos.get(1 - s.side, []), top)
            if arc is not None:
                s.reinforced = arc


__all__ = ["ShieldReinforcement"]
