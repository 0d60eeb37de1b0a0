"""B.18 Screens, Bleed-Through (``--option B.18``): "Roll one die per point of damage inflicted; on a result of 6,
that point is not absorbed by screens, and is instead resolved normally." (``play.bleed_through``)

Reading: the bleed-through dice are rolled for the points that reach the screens, before the screen-trait dice; a
bled point is rolled on the damage chart with the weapon's traits ("resolved normally"). Played in
:func:`drydock.engine.combat.absorb_screens`, wherever screens absorb damage, by each ship's ``bleed`` face.
"""

from __future__ import annotations

from drydock.engine.options.rule import OptionalRule


class BleedThrough(OptionalRule):
    section = "B.18"
    numbers = ("bleed_through",)

    def setup(self) -> None:
        """Every ship's screens let a point through on this face or higher (``ShipState.bleed``)."""
        face = int(self.play["bleed_through"]["passes"])
        for s in self.battle.ships:
            s.bleed = face


__all__ = ["BleedThrough"]
