"""E.1 Damage Control (``--option E.1``): in the End Phase (5d) every ship rolls its repair dice
(:func:`drydock.engine.options.combat_rules.damage_control`, ``play.damage_control``)."""

from __future__ import annotations

from drydock.engine.options import combat_rules
from drydock.engine.options.rule import OptionalRule


class DamageControl(OptionalRule):
    section = "E.1"
    numbers = ("damage_control",)

    def end_phase(self) -> None:
        dc = self.play["damage_control"]
        battle = self.battle
        for s in battle.alive():
            combat_rules.damage_control(battle, s, dc["table"], dc["hull_per_die"])


__all__ = ["DamageControl"]
