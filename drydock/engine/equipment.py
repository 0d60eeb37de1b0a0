"""Which equipment still works (issue 22).

Glossary 0.2: "Equipment: Starship systems that only provide benefit while operational. Equipment can be
destroyed by damage." Each equipment item is one box of the equipment "battery" (4.4); a system whose
items are all lost gives no benefit: no hyperdrive warm-up (B.10), no cloak (B.5), no stutterdrive
jump (B.23), no overthruster turn (B.16), no tractor beam (B.24, one per item left).
"""

from __future__ import annotations

from drydock.engine.ships import ShipState

#: the rule text the equipment checks rest on (glossary 0.2)
RULE = "Equipment: Starship systems that only provide benefit while operational."


def working(ship: ShipState, name: str) -> int:
    """Items of the equipment ``name`` still operational on ``ship`` (0: none left, or none carried). A system
    the ship carries that is not equipment (a trait) is never lost: its quantity."""
    items = [alive for (n, _), alive in zip(ship.spec.equipment, ship.equipment_alive, strict=True) if n == name]
    if not items:
        return ship.spec.system_qty.get(name, 0)
    return sum(items)
