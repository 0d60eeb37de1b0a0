"""G.5 Planets (``--terrain planet[:SIZE]``): "No element may (safely) enter a hex within a planet"; a planet blocks
sight (the table). A ship may orbit it: the doctrine takes an orbit when it scores one higher
(:func:`~drydock.engine.orbits.better_orbit`)."""

from __future__ import annotations

from collections.abc import Callable

from drydock.engine.movement import Orders
from drydock.engine.options.terrain_rule import TerrainRule
from drydock.engine.orbits import better_orbit
from drydock.engine.ships import ShipState


class Planet(TerrainRule):
    section = "G.5"

    def change_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState],
                      legal: Callable[[Orders], bool]) -> Orders:
        """An orbit of a planet when the doctrine scores one higher than ``orders``."""
        table = self.table
        return better_orbit(self.battle.m.doctrine, s, enemies, orders, s.engine_rating + boost, table.t.planets,
                            legal, table.avoid_map or None)


__all__ = ["Planet"]
