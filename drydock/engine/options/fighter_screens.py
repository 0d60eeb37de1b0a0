"""F.3 Fighter Screens (``--option F.3``): "Screening fighter flights force all attacks made through their hex (even
friendly attacks) to suffer a to-hit penalty ... apply only the greatest applicable penalty"
(``play.fighter_screens``). The fighter doctrine plays it (which flights screen, the penalty on a line of sight:
:class:`~drydock.engine.options.fighter_rules.FighterRules`); this rule turns screens on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.fighter_rules import fighter_doctrine
from drydock.engine.options.rule import OptionalRule
from drydock.engine.table_view import TableView

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class FighterScreens(OptionalRule):
    section = "F.3"
    numbers = ("fighter_screens",)

    def __init__(self, battle: TableView, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        fighter_doctrine(battle).screens = True


__all__ = ["FighterScreens"]
