"""G.2 Black Holes (``--terrain black-hole[:SIZE]``): "Any element that enters the event horizon is immediately
destroyed"; "During each End Phase, any element within a black hole's gravitational pull is moved towards the black
hole" by the size x distance table (``play.black_hole_pull``; the readings:
:mod:`drydock.engine.options.terrain_elements`)."""

from __future__ import annotations

from typing import ClassVar

from drydock.engine.options.terrain_rule import TerrainRule


class BlackHole(TerrainRule):
    section = "G.2"
    numbers = ("black_hole_pull",)
    #: G.2a: the pull table's size 5 as printed (``play.black_hole_pull.printed``)
    printed: ClassVar[bool] = False

    def place(self) -> None:
        """The terrain, then the pull table in force: the doctrine weighs the End Phase pull."""
        super().place()
        self.table.pull_table(self.printed)

    def pull(self) -> None:
        """5a: every element and minefield within a black hole's pull moves toward its centre, nearest first."""
        if self.table.t.holes:
            self.table.pull()


__all__ = ["BlackHole"]
