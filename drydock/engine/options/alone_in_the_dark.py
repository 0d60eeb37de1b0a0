"""S.1 Alone in the Dark (``--scenario S.1``): one defending starship (side B) against twice its CR; no VPs are
scored: the game is played until one side has no elements left, and the attacker's surviving CR decides
(:func:`~drydock.engine.options.scenarios.alone_in_the_dark`, ``play.scenarios.table.S.1``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options import scenarios
from drydock.engine.options.host import OptionHost
from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.ships import ShipSpec
from drydock.errors import DrydockError

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class AloneInTheDark(Scenario):
    section = "S.1"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.start_cr = sum(s.spec.cr for s in battle.ships if s.side == scenarios.ATTACKER)

    @classmethod
    def check_forces(cls, sides: tuple[list[ShipSpec], list[ShipSpec]], in_force: InForce) -> None:
        if len(sides[scenarios.DEFENDER]) != 1:
            raise DrydockError("S.1 Alone in the Dark: the defender (side B) is one starship")

    def victory(self, over: tuple[bool, int | None]) -> tuple[bool, int | None]:
        b = self.host
        att = b.alive(scenarios.ATTACKER)
        done, winner, why = scenarios.alone_in_the_dark(self.start_cr, sum(s.spec.cr for s in att),
                                                        bool(b.alive(scenarios.DEFENDER)), bool(att), self.table)
        if done:
            b.say(f"  {why}")
        return done, winner


__all__ = ["AloneInTheDark"]
