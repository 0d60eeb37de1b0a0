"""G.3 Comets (``--terrain comet``): "No element may (safely) enter a hex containing a comet's nucleus"; the coma and
the tail (``play.comet.tail_length`` hexes, with the B.21 solar wind when a ship has sails) cost -1 to hit per hex
and detect a cloaked ship entering them. The hexes act on the table
(:class:`~drydock.engine.options.terrain_elements.TerrainElements`); the rule has no moment of its own."""

from __future__ import annotations

from drydock.engine.options.terrain_rule import TerrainRule


class Comet(TerrainRule):
    section = "G.3"
    numbers = ("comet",)


__all__ = ["Comet"]
