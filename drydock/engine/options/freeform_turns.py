"""D.5 Freeform Turns (``--option D.5``): the requirement is the "Difference between previous and current speeds,
plus 1 / 3 / 6" for one, two, three or U turns (``play.freeform_turn_cost``; slips never reduce it), and turns and
sideslips may go in opposite directions (:func:`~drydock.engine.options.movement_rules.option_requirement`). The
doctrine always chooses again among the orders so legal, to use the cheaper turns."""

from __future__ import annotations

from drydock.engine.options.rule import OptionalRule


class FreeformTurns(OptionalRule):
    section = "D.5"
    numbers = ("freeform_turn_cost",)
    replan = "always"

    def turn_costs(self) -> list[int] | tuple[int, ...] | None:
        return self.play["freeform_turn_cost"]["costs"]


__all__ = ["FreeformTurns"]
