"""F.3 Fighter Screens (``--option F.3``): "Screening fighter flights force all attacks made through their hex (even
friendly attacks) to suffer a to-hit penalty ... apply only the greatest applicable penalty"
(``play.fighter_screens``). The fighter doctrine plays it (which flights screen, the penalty on a line of sight:
:class:`~drydock.engine.options.fighter_rules.FighterRules`); this rule turns screens on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.fighter_rules import fighter_doctrine
from drydock.engine.options.rule import OptionalRule

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class FighterScreens(OptionalRule):
    section = "F.3"
    numbers = ("fighter_screens",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        fighter_doctrine(battle).screens = True


__all__ = ["FighterScreens"]
