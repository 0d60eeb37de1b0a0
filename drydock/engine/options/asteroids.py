"""G.1 Asteroids (``--terrain asteroids[:N]``, ``asteroid-field[:SIZE]``): "No element may (safely) enter a hex
containing an asteroid"; "Each time a starship enters a hex within an asteroid field, roll a die; if the result is a
5 or 6, a hit is scored on that ship" (``play.asteroid_field``), -1 to hit per field hex on the line of sight; a
cloaked ship's hits deferred until it is seen. The hexes act on the table
(:class:`~drydock.engine.options.terrain_elements.TerrainElements`); the rule has no moment of its own."""

from __future__ import annotations

from drydock.engine.options.terrain_rule import TerrainRule


class Asteroids(TerrainRule):
    section = "G.1"
    numbers = ("asteroid_field",)


__all__ = ["Asteroids"]
