"""E.2 Directed Damage (``--option E.2``): "its use must be stated at the time targets are declared"; "the result of
each to-hit die is modified by an additional -1 penalty" (``play.directed_damage``), and the attacker re-rolls the
damage results it does not want. The doctrine directs a volley when it raises the volley's expected damage value
(:func:`~drydock.engine.options.combat_rules.directed_choice`), seekers as they launch
(:func:`~drydock.engine.options.combat_rules.directed_seekers`)."""

from __future__ import annotations

from drydock.engine.combat import Reroll, to_hit_modifier
from drydock.engine.options import combat_rules
from drydock.engine.options.rule import OptionalRule
from drydock.engine.ships import ModeSpec, ShipState


class DirectedDamage(OptionalRule):
    section = "E.2"
    numbers = ("directed_damage",)

    def direct_damage(self, ship: ShipState, target: ShipState, mode: ModeSpec, size: int, band: int, penalty: int,
                      bonus: int) -> tuple[int, Reroll] | None:
        """Direct the volley's damage when it raises its expected damage value: (the bonus with E.2's -1 to hit, not
        cancelled by fire control; the re-roll), or (``bonus``, None) when it does not."""
        mod = to_hit_modifier(mode, band, target.cm + target.cloaked + penalty, ship.fc) + bonus
        to_hit = self.play["directed_damage"]["to_hit"]
        keep = combat_rules.directed_choice(mode, mod, size, target.spec.damage_table, to_hit,
                                            3 * target.hull_left <= target.spec.hull)
        if keep is None:
            return bonus, None
        self.battle.say(f"    directed damage (E.2): re-roll {sorted(set(range(1, 7)) - keep)}")
        return bonus + to_hit, lambda die: die not in keep

    def direct_seekers(self, ship: ShipState, target: ShipState, mode: ModeSpec) -> tuple[int, Reroll] | None:
        return combat_rules.directed_seekers(self.battle, self.play, True, ship, target, mode)


__all__ = ["DirectedDamage"]
