"""S.3 The Chase (``--scenario S.3``): a board 50% longer, the defender (side B) set up ahead of the attacker
(:mod:`~drydock.engine.options.chase`: the set-up areas and the reading of the lost map), scoring each of its ships
that leaves by the far (east) edge; it runs for it from the start
(:class:`~drydock.engine.options.scenario_rule.ExitScenario`)."""

from __future__ import annotations

from drydock.engine.options import chase
from drydock.engine.options.scenario_rule import ExitScenario


class TheChase(ExitScenario):
    section = "S.3"
    edge = "east"

    def setup(self) -> None:
        chase.set_up(self.host, self.table)


__all__ = ["TheChase"]
