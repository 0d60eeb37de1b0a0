"""The registry of optional rules: one line per rule class, and the one place that reads which sections are in force.

Each entry is an :class:`~drydock.engine.options.rule.OptionalRule` subclass in its own module, naming its section
(``drydock.core.rules.play_options.BY_SECTION`` holds its name, summary and ``left_out`` list, the data every report
prints) and the ``play`` entries it reads. :func:`rules_in_force` makes a battle's rules: the :class:`OptionBus`
adapter first, then each registered rule whose section is in force, in the registry's order (the order each phase's
hooks run in). The battle calls the hooks of that tuple and asks no section question.

A scenario (``--scenario``, Appendix S) registers as any optional rule: one class per S section (each a
:class:`~drydock.engine.options.scenario_rule.Scenario`), made when its section is the battle's scenario (InForce
puts the scenario among the sections in force; there is one a battle).

Moved so far (issue 43): B.14, B.18, B.22, E.1-E.7a, F.7 and the scenarios S.1-S.12. Every other optional rule and
terrain still plays through :class:`~drydock.engine.options.state.OptionState` (``Battle.opt``), which
:class:`OptionBus` runs at the named moments (set-up, movement done, the pull, End Phase, next turn) and
:class:`OptionBusAfter` after the registered rules (damage taken: F.6's VPs follow E.3's explosions):
:data:`ON_THE_BUS` lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.core.rules.play_options import SIMULATED
from drydock.engine.options.alone_in_the_dark import AloneInTheDark
from drydock.engine.options.automatic_tags import AutomaticTargetAcquisition
from drydock.engine.options.battery_lock_on import BatteryLockOn
from drydock.engine.options.bleed_through import BleedThrough
from drydock.engine.options.breakout import Breakout
from drydock.engine.options.damage_control import DamageControl
from drydock.engine.options.directed_damage import DirectedDamage
from drydock.engine.options.explosions import Explosions
from drydock.engine.options.fleet_action import FleetAction
from drydock.engine.options.hide_and_seek import HideAndSeek
from drydock.engine.options.hit_and_run import HitAndRun
from drydock.engine.options.host import OptionHost
from drydock.engine.options.on_patrol import OnPatrol
from drydock.engine.options.partial_victory_points import PartialVictoryPoints
from drydock.engine.options.random_combat_initiative import RandomCombatInitiative
from drydock.engine.options.random_fighter_initiative import RandomFighterInitiative
from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.sequential_combat import SequentialCombat
from drydock.engine.options.shakedown_cruise import ShakedownCruise
from drydock.engine.options.shield_reinforcement import ShieldReinforcement
from drydock.engine.options.shipboard_combat import ShipboardCombat
from drydock.engine.options.storms_in_space import StormsInSpace
from drydock.engine.options.target_acquisition import TargetAcquisition
from drydock.engine.options.the_chase import TheChase
from drydock.engine.options.the_chase_middle import TheChaseMiddle
from drydock.engine.options.the_trap import TheTrap
from drydock.engine.options.tin_can_dustup import TinCanDustup
from drydock.engine.options.to_the_rescue import ToTheRescue
from drydock.engine.ships import ShipSpec
from drydock.engine.table_view import TableView

if TYPE_CHECKING:  # type-only imports: the package's InForce and the bus's state
    from drydock.engine.options import InForce
    from drydock.engine.options.state import OptionState

#: every optional rule played by its own class, in the order its hooks run (after the bus's)
RULES: tuple[type[OptionalRule], ...] = (
    Explosions,  # E.3: a loss queues its explosion first; they go off before VPs for damage and E.6's new arcs
    PartialVictoryPoints,  # E.4: the share of a loss, before a scenario's multiplier
    SequentialCombat,  # E.5
    RandomCombatInitiative,  # E.5r
    AloneInTheDark,  # S.1 (the scenarios: one a battle; their set-up after the bus's, before the rules below)
    Breakout,  # S.2
    TheChase,  # S.3
    TheChaseMiddle,  # S.3a
    FleetAction,  # S.4
    HideAndSeek,  # S.5
    HitAndRun,  # S.6
    OnPatrol,  # S.7
    ShakedownCruise,  # S.8
    StormsInSpace,  # S.9
    TinCanDustup,  # S.10
    ToTheRescue,  # S.11
    TheTrap,  # S.12
    ShipboardCombat,  # B.14
    BleedThrough,  # B.18
    BatteryLockOn,  # B.22
    DamageControl,  # E.1
    DirectedDamage,  # E.2
    ShieldReinforcement,  # E.6
    TargetAcquisition,  # E.7
    AutomaticTargetAcquisition,  # E.7a
    RandomFighterInitiative,  # F.7
)
BY_SECTION: dict[str, type[OptionalRule]] = {cls.section: cls for cls in RULES}
#: the sections the battle plays outside both (D.4 floating board, F.5 launch and recovery: BattleSettings fields)
IN_THE_BATTLE = frozenset({"D.4", "F.5"})
#: the simulated sections still played through the adapter (OptionState's hooks), to be moved one by one
ON_THE_BUS = frozenset(SIMULATED - set(BY_SECTION) - IN_THE_BATTLE)  # a set: mypyc checks what typeshed says


class OptionBus(OptionalRule):
    """The adapter for the rules not yet moved: :class:`~drydock.engine.options.state.OptionState` at the named
    moments (its other hooks the battle still calls as ``Battle.opt``)."""

    def __init__(self, battle: TableView, in_force: InForce, state: OptionState) -> None:
        super().__init__(battle, in_force)
        self.state = state

    def setup(self) -> None:
        self.state.start()

    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        self.state.after_movement(enemy_pos)

    def pull(self) -> None:
        self.state.black_holes()

    def end_phase(self) -> None:
        self.state.end_phase()


class OptionBusAfter(OptionalRule):
    """The adapter's moments that follow the registered rules' (F.6's VPs once E.3's explosions went off)."""

    def __init__(self, battle: TableView, in_force: InForce, state: OptionState) -> None:
        super().__init__(battle, in_force)
        self.state = state

    def damage_taken(self) -> None:
        self.state.after_damage()


def _classes(in_force: InForce) -> list[type[OptionalRule]]:
    """The registered rules in force, in the registry's order (a variant in place of the rule it replaces)."""
    chosen = [cls for cls in RULES if cls.section in in_force.on]
    replaced = {section for cls in chosen for section in cls.replaces}
    return [cls for cls in chosen if cls.section not in replaced]


def check_forces(in_force: InForce, sides: tuple[list[ShipSpec], list[ShipSpec]]) -> None:
    """Before the battle is built: each rule in force refuses the forces it forbids (a DrydockError)."""
    for cls in _classes(in_force):
        cls.check_forces(sides, in_force)


def rules_in_force(battle: OptionHost, in_force: InForce, state: OptionState) -> tuple[OptionalRule, ...]:
    """The battle's rules beyond the core game: the bus, each registered rule whose section is in force, then the
    bus's later moments."""
    return (OptionBus(battle, in_force, state),
            *(cls(battle, in_force) for cls in _classes(in_force) if cls.wanted(in_force)),
            OptionBusAfter(battle, in_force, state))


__all__ = ["BY_SECTION", "IN_THE_BATTLE", "ON_THE_BUS", "RULES", "OptionBus", "OptionBusAfter", "check_forces",
           "rules_in_force"]
