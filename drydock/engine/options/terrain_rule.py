"""Appendix G terrain as optional rules: the base of the terrain rules, one class per section (G.1 asteroids, G.2
black holes and G.2a's reading of the pull table, G.3 comets, G.4 nebulae, G.5 planets), each in its own module.

How a terrain kind registers: ``--terrain`` names pieces (:func:`~drydock.engine.options.terrain.parse_terrain`),
each of a section; the registry makes the rule of every section a piece is of (a scenario's pieces too: S.5's
asteroids are G.1's), in the registry's order. The rules in force share one terrain table, the battle's
:class:`~drydock.engine.options.terrain_elements.TerrainElements` (the options' state holds it for the rule modules
that read terrain, ``Battle.opt.elements``): the first of them to be set up places every piece, in the
``--terrain`` order, so the dice fall as they did before terrain had rules. What a kind does on the table (its
hexes: entering, sight, fields' dice) is the table's; what a section adds at a named moment (the pull, an orbit,
the range in a nebula) is its rule's hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.terrain_elements import TerrainElements

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class TerrainRule(OptionalRule):
    """A terrain section: the battle's terrain table, placed at set-up (2.3: after the flights, F.6 and F.4)."""

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        opt = battle.opt
        assert opt is not None and isinstance(opt.elements, TerrainElements)  # terrain is in force
        self.table: TerrainElements = opt.elements

    def place(self) -> None:
        self.table.place()


__all__ = ["TerrainRule"]
