"""S.10 Tin Can Dustup (``--scenario S.10``): "no starship may have a combat rating greater than 150"
(``play.scenarios.table.S.10.max_cr``): forces with a larger ship are refused; the battle is a standard one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.ships import ShipSpec
from drydock.errors import DrydockError

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class TinCanDustup(Scenario):
    section = "S.10"

    @classmethod
    def check_forces(cls, sides: tuple[list[ShipSpec], list[ShipSpec]], in_force: InForce) -> None:
        top = in_force.numbers["max_cr"]
        big = [s.name for s in sides[0] + sides[1] if s.cr > top]
        if big:
            raise DrydockError(f"S.10 Tin Can Dustup: no ship may have a CR above {top} "
                               f"({', '.join(sorted(set(big)))})")


__all__ = ["TinCanDustup"]
