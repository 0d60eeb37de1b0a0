"""F.1 Combat Space Patrol (``--option F.1``): "Whenever a fighter flight moves into a new hex, any one opposing
flight currently on station may interrupt its movement to intercept ... a flight cannot use more than one-half its
available movement allowance" (``play.combat_space_patrol``). The fighter doctrine plays it (going on station,
interceptions: :class:`~drydock.engine.options.fighter_rules.FighterRules`); this rule turns its patrols on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.fighter_rules import fighter_doctrine
from drydock.engine.options.rule import OptionalRule

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class CombatSpacePatrol(OptionalRule):
    section = "F.1"
    numbers = ("combat_space_patrol",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        fighter_doctrine(battle).csp = True


__all__ = ["CombatSpacePatrol"]
