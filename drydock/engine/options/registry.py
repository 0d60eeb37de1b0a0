"""The registry of optional rules: one line per rule class, and the one place that reads which sections are in force.

Each entry is an :class:`~drydock.engine.options.rule.OptionalRule` subclass in its own module, naming its section
(``drydock.core.rules.play_options.BY_SECTION`` holds its name, summary and ``left_out`` list, the data every report
prints) and the ``play`` entries it reads. :func:`rules_in_force` makes a battle's rules: the :class:`OptionBus`
adapter first, then each registered rule whose section is in force (terrain: a piece of its section is placed), in
the registry's order (the order each phase's hooks run in). The battle calls the hooks of that tuple and asks no
section question.

A scenario (``--scenario``, Appendix S) registers as any optional rule: one class per S section (each a
:class:`~drydock.engine.options.scenario_rule.Scenario`), made when its section is the battle's scenario (InForce
puts the scenario among the sections in force; there is one a battle). Terrain registers one class per G section
(each a :class:`~drydock.engine.options.terrain_rule.TerrainRule`), made when a piece of its section is placed.

Every simulated section is a registered rule (issue 43: B.14, B.18, B.22, D.1-D.9, E.1-E.7a, F.1-F.4, F.6, F.7,
G.1-G.6 with G.2a and G.6a, the scenarios S.1-S.12) but D.4 and F.5, which the battle plays from its settings
(:data:`IN_THE_BATTLE`); :data:`ON_THE_BUS` (the sections still played through the options' state) is empty, and a
test keeps it so. :class:`OptionBus` plays no section: it runs the options' shared state
(:class:`~drydock.engine.options.state.OptionState`, ``Battle.opt``: the range rule every ship's attacks are
measured by, which reads E.7's TAGs, G.4's nebula and G.6's altitudes; G.1's deferred field hits) at set-up and when
movement is done, before the rules' own hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.core.rules.play_options import SIMULATED
from drydock.engine.options.alone_in_the_dark import AloneInTheDark
from drydock.engine.options.asteroids import Asteroids
from drydock.engine.options.automatic_tags import AutomaticTargetAcquisition
from drydock.engine.options.battery_lock_on import BatteryLockOn
from drydock.engine.options.black_hole import BlackHole
from drydock.engine.options.black_hole_printed import PrintedBlackHole
from drydock.engine.options.bleed_through import BleedThrough
from drydock.engine.options.breakout import Breakout
from drydock.engine.options.combat_space_patrol import CombatSpacePatrol
from drydock.engine.options.comet import Comet
from drydock.engine.options.damage_control import DamageControl
from drydock.engine.options.directed_damage import DirectedDamage
from drydock.engine.options.dogfights import Dogfights
from drydock.engine.options.emergency_thrust import EmergencyThrust
from drydock.engine.options.etheric_drag import EthericDrag
from drydock.engine.options.evasive_action import EvasiveAction
from drydock.engine.options.explosions import Explosions
from drydock.engine.options.fighter_screens import FighterScreens
from drydock.engine.options.fleet_action import FleetAction
from drydock.engine.options.freeform_turns import FreeformTurns
from drydock.engine.options.graded_turns import GradedTurns
from drydock.engine.options.hide_and_seek import HideAndSeek
from drydock.engine.options.hit_and_run import HitAndRun
from drydock.engine.options.host import OptionHost
from drydock.engine.options.long_range_fighters import LongRangeFighters
from drydock.engine.options.maximised_drag import MaximisedDrag
from drydock.engine.options.nebula import Nebula
from drydock.engine.options.on_patrol import OnPatrol
from drydock.engine.options.partial_victory_points import PartialVictoryPoints
from drydock.engine.options.planet import Planet
from drydock.engine.options.random_combat_initiative import RandomCombatInitiative
from drydock.engine.options.random_fighter_initiative import RandomFighterInitiative
from drydock.engine.options.random_movement_initiative import RandomMovementInitiative
from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.sequential_combat import SequentialCombat
from drydock.engine.options.sequential_movement import SequentialMovement
from drydock.engine.options.shakedown_cruise import ShakedownCruise
from drydock.engine.options.shield_reinforcement import ShieldReinforcement
from drydock.engine.options.ship_rolls import ShipRolls
from drydock.engine.options.ship_tows import ShipTows
from drydock.engine.options.shipboard_combat import ShipboardCombat
from drydock.engine.options.storms_in_space import StormsInSpace
from drydock.engine.options.target_acquisition import TargetAcquisition
from drydock.engine.options.the_chase import TheChase
from drydock.engine.options.the_chase_middle import TheChaseMiddle
from drydock.engine.options.the_trap import TheTrap
from drydock.engine.options.three_d import ThreeDimensionalPlay
from drydock.engine.options.three_d_doubled import DoubledAltitudeRange
from drydock.engine.options.tin_can_dustup import TinCanDustup
from drydock.engine.options.to_the_rescue import ToTheRescue
from drydock.engine.options.variant_flights import FighterVariants
from drydock.engine.ships import ShipSpec

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it and the bus's state
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost
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
    ShipRolls,  # D.7: first of the orders adjustments (a roll, then thrust, then evasion: adjust_orders)
    EmergencyThrust,  # D.1 (its End Phase dice before E.1's repairs)
    EthericDrag,  # D.2
    MaximisedDrag,  # D.2z
    EvasiveAction,  # D.3
    FreeformTurns,  # D.5
    GradedTurns,  # D.6
    SequentialMovement,  # D.8
    RandomMovementInitiative,  # D.8r
    ShipTows,  # D.9
    DamageControl,  # E.1
    DirectedDamage,  # E.2
    ShieldReinforcement,  # E.6
    TargetAcquisition,  # E.7
    AutomaticTargetAcquisition,  # E.7a
    CombatSpacePatrol,  # F.1
    Dogfights,  # F.2
    FighterScreens,  # F.3
    LongRangeFighters,  # F.6: its flights are placed before F.4 gives each flight its variant
    FighterVariants,  # F.4
    RandomFighterInitiative,  # F.7
    Asteroids,  # G.1: the first terrain rule in force places every piece (terrain_rule.py)
    BlackHole,  # G.2
    PrintedBlackHole,  # G.2a
    Comet,  # G.3
    Nebula,  # G.4
    Planet,  # G.5
    ThreeDimensionalPlay,  # G.6: last, its altitude changes chosen after every other rule's last word on the orders
    DoubledAltitudeRange,  # G.6a (G.6 with the other reading of the range; the two exclude each other)
)
BY_SECTION: dict[str, type[OptionalRule]] = {cls.section: cls for cls in RULES}
#: the sections the battle plays outside both (D.4 floating board, F.5 launch and recovery: BattleSettings fields)
IN_THE_BATTLE = frozenset({"D.4", "F.5"})
#: the simulated sections still played through the adapter (OptionState's hooks): none since G.6 moved (issue 43)
ON_THE_BUS = frozenset(SIMULATED - set(BY_SECTION) - IN_THE_BATTLE)  # a set: mypyc checks what typeshed says


class OptionBus(OptionalRule):
    """The options' shared state (:class:`~drydock.engine.options.state.OptionState`) at set-up (the range rule)
    and when movement is done (G.1's deferred field hits), before every rule's own hooks; no section of its own."""

    def __init__(self, battle: OptionHost, in_force: InForce, state: OptionState) -> None:
        super().__init__(battle, in_force)
        self.state = state

    def setup(self) -> None:
        self.state.start()

    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        self.state.after_movement(enemy_pos)



def _classes(in_force: InForce) -> list[type[OptionalRule]]:
    """The registered rules in force, in the registry's order: each whose section is in force (a terrain section: a
    piece of it is placed, a scenario's too), a variant in place of the rule it replaces."""
    sections = in_force.on | {piece.section for piece in in_force.terrain}
    chosen = [cls for cls in RULES if cls.section in sections]
    replaced = {section for cls in chosen for section in cls.replaces}
    return [cls for cls in chosen if cls.section not in replaced]


def check_forces(in_force: InForce, sides: tuple[list[ShipSpec], list[ShipSpec]]) -> None:
    """Before the battle is built: each rule in force refuses the forces it forbids (a DrydockError)."""
    for cls in _classes(in_force):
        cls.check_forces(sides, in_force)


def rules_in_force(battle: OptionHost, in_force: InForce, state: OptionState) -> tuple[OptionalRule, ...]:
    """The battle's rules beyond the core game: the bus, then each registered rule in force (:func:`_classes`). The
    bus's state asks those its movement questions (``OptionState.rules``) and reads G.6's altitudes from the one that
    keeps them (``OptionState.altitudes``)."""
    state.rules = tuple(cls(battle, in_force) for cls in _classes(in_force) if cls.wanted(in_force))
    state.altitudes = next((alt for alt in (rule.altitudes() for rule in state.rules) if alt is not None), None)
    return (OptionBus(battle, in_force, state), *state.rules)


__all__ = ["BY_SECTION", "IN_THE_BATTLE", "ON_THE_BUS", "RULES", "OptionBus", "check_forces",
           "rules_in_force"]
