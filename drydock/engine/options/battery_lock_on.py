"""B.22 Stealth, Battery-Specific Lock-On (``--option B.22``): "Instead of rolling once for each attacking starship,
roll once per weapons battery. If the lock-on roll fails, none of the weapons from that battery may attack, although
other weapons from that ship may proceed". (``play.battery_lock_on``)

Reading: the lock-on roll of a battery is the stealth roll of the core game (B.22: a die per stealth level, any 1
fails), made when the battery first fires at that target in the Combat Phase
(:func:`drydock.engine.combat_phase.lock_on`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.dice import d6
from drydock.engine.options.rule import OptionalRule
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class BatteryLockOn(OptionalRule):
    section = "B.22"
    numbers = ("battery_lock_on",)
    battery_lock_on = True

    @classmethod
    def wanted(cls, in_force: InForce) -> bool:
        """A house rule may keep the roll per ship (``roll_per: ship``)."""
        return bool(in_force.play["battery_lock_on"]["roll_per"] == "battery")

    def lock_on(self, ship: ShipState, battery: str, target: ShipState) -> bool | None:
        """A battery's lock-on roll at a stealth ``target``: a die per stealth level, any 1 fails."""
        battle = self.battle
        dice = [d6(battle.rng) for _ in range(target.stealth)]
        ok = 1 not in dice
        if battle.log is not None:
            battle.say(f"    stealth lock-on (B.22, per battery) {ship.label} {battery} vs {target.label}: {dice} -> "
                       f"{'ok' if ok else 'fail'}")
        return ok


__all__ = ["BatteryLockOn"]
