"""E.5 Sequential Combat (``--option E.5``): "the damage of each attacking ship takes effect at once" -- after each
ship's volleys its targets' marked damage is applied, the ships it destroys explode at once (E.3) and the VPs for
damage are scored (E.4, S.6); a ship destroyed before its turn to attack does not attack. Fighters and seekers
killed by weapons fire still go at the End Phase (4.5)."""

from __future__ import annotations

from drydock.engine.damage import apply_marked_damage
from drydock.engine.options.rule import OptionalRule


class SequentialCombat(OptionalRule):
    section = "E.5"

    def attack_done(self) -> None:
        battle = self.battle
        for s in battle.ships:
            if s.alive and (s.p_hull or s.p_eng or s.p_wpn or s.p_shd) and apply_marked_damage(s, battle.log):
                battle.destroy(s, "destroyed")
        for rule in battle.rules_in_force:  # E.3: explosions follow at once
            rule.explosions()
        for rule in battle.rules_in_force:  # E.4, S.6
            rule.score_damage()


__all__ = ["SequentialCombat"]
