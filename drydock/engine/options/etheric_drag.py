"""D.2 Etheric Drag (``--option D.2``): "the ship's previous speed is cut in half (rounded down)" in the engine
requirement (:func:`~drydock.engine.options.movement_rules.drag_speed`); the doctrine plans with the dragged speed
and, when its orders are illegal so, chooses again among those that are. A hulk drifts at the dragged speed
(Companion D5.3). D.2z (:mod:`.maximised_drag`) eliminates the previous speed."""

from __future__ import annotations

from typing import ClassVar

from drydock.engine.options import movement_rules
from drydock.engine.options.rule import OptionalRule


class EthericDrag(OptionalRule):
    section = "D.2"
    replan = "illegal"
    #: D.2z: the previous speed is "eliminated completely"
    maximised: ClassVar[bool] = False

    def previous_speed(self, speed: int) -> int:
        return movement_rules.drag_speed(speed, self.maximised)


__all__ = ["EthericDrag"]
