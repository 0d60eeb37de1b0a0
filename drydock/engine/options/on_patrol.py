"""S.7 On Patrol (``--scenario S.7``): the defender (side B) fights until it has 100 VPs for destroying enemy forces
(``play.scenarios.table.S.7.exit_after``), then scores each of its ships that leaves by its own (east) edge and runs
for it (:class:`~drydock.engine.options.scenario_rule.ExitScenario`)."""

from __future__ import annotations

from drydock.engine.options.scenario_rule import ExitScenario


class OnPatrol(ExitScenario):
    section = "S.7"
    edge = "east"

    def running(self) -> bool:
        """Once the defender has its VPs for destroying enemy forces (not counting those for leaving)."""
        return self.host.vp[1] - self.exit_vp >= self.table["exit_after"]


__all__ = ["OnPatrol"]
