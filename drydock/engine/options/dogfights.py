"""F.2 Dogfights (``--option F.2``): "a fighter flight simply moves into the same hex as a single enemy flight, and
attacks normally"; both are pinned until one is eliminated or a starship ends its move in the hex. The fighter
doctrine plays it (:class:`~drydock.engine.options.fighter_rules.FighterRules`); this rule turns dogfights on and
lets the destroyed flights out of theirs after damage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.fighter_rules import FighterRules, fighter_doctrine
from drydock.engine.options.rule import OptionalRule

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class Dogfights(OptionalRule):
    section = "F.2"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.doctrine: FighterRules = fighter_doctrine(battle)
        self.doctrine.dogfights = True

    def damage_taken(self) -> None:
        self.doctrine.unpin_lost()


__all__ = ["Dogfights"]
