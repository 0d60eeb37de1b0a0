"""S.2 Breakout (``--scenario S.2``): the defender (side B) scores each of its ships that leaves the board by the
attacker's (west) edge, and runs for it from the start (:class:`~drydock.engine.options.scenario_rule.ExitScenario`)."""

from __future__ import annotations

from drydock.engine.options.scenario_rule import ExitScenario


class Breakout(ExitScenario):
    section = "S.2"
    edge = "west"


__all__ = ["Breakout"]
