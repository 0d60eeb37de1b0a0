"""What the optional rules' state (:class:`~drydock.engine.options.state.OptionState`) may touch of the battle: the
rule modules' :class:`~drydock.engine.table_view.TableView`, plus the movement and stacking steps it runs for its
rules (D.8 sequential movement, S.11 reinforcements) and the match-up's sides, set-up slots, VP target and doctrine
as the doctrine itself (the scenarios take the battle as it: :mod:`~drydock.engine.options.scenario_rule`). The
options sit above the doctrine (:mod:`drydock.engine.ai`), so they name it directly; the battle stays above them and
is seen only through this Protocol. The rule classes (:class:`~drydock.engine.options.rule.OptionalRule`) take the
battle so too, and the bus's state as :class:`OptionStateView` (the requirement, the orders pipeline: D.1, D.7, D.8,
D.9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from drydock.engine.table_view import MatchView, OptionsView, TableView

if TYPE_CHECKING:  # type-only imports of modules below the options
    from drydock.engine.ai import Doctrine
    from drydock.engine.movement import Orders
    from drydock.engine.ships import ShipSpec, ShipState


class MatchHost(MatchView, Protocol):
    """The match-up as the optional rules read it (:class:`drydock.engine.battle.Matchup`)."""

    @property
    def sides(self) -> tuple[list[ShipSpec], list[ShipSpec]]: ...

    @property
    def vp_target(self) -> int: ...

    @property
    def side_slots(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]: ...  # 2.3 each side's plan

    @property
    def slots(self) -> list[tuple[int, int]]: ...  # 2.3: side A's set-up slots (S.2 places the defender by them)

    @property
    def doctrine(self) -> Doctrine: ...

    @property
    def turns(self) -> int: ...  # the game turns the battle lasts (2.2)


class OptionStateView(OptionsView, Protocol):
    """The optional rules' state (:class:`drydock.engine.options.state.OptionState`) as its own parts read it back
    through the battle (D.9 towing, G.6 altitude changes); named here because that module imports them."""

    @property
    def avoid_map(self) -> dict[tuple[int, ...], int]: ...  # the terrain hazards the doctrine's paths avoid (G)

    @property
    def cheap_turns(self) -> bool: ...  # D.5: turns cost less than 3.2's (the doctrine's menu reaches further)

    def requirement(self, s: ShipState, orders: Orders, boost: int, climb: int | None = None) -> tuple[int, bool]: ...

    def base_requirement(self, s: ShipState, orders: Orders, boost: int, extra: int = 0, shape: Orders | None = None
                         ) -> tuple[int, bool]: ...  # the requirement under the rules' hooks, plus ``extra`` (G.6)

    def previous_speed(self, speed: int) -> int: ...  # 3.2: the previous speed the requirement is reckoned from

    def plan_speeds(self, ships: list[ShipState]) -> None: ...  # the doctrine plans with those previous speeds

    def after_orders(self) -> None: ...  # and the ships' own speeds are back

    def adjust_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders: ...


class OptionHost(TableView, Protocol):
    """The battle as the optional rules' state sees it."""

    @property
    def m(self) -> MatchHost: ...

    @property
    def opt(self) -> OptionStateView | None: ...

    def move_ship(self, s: ShipState, orders: Orders, boost: int) -> None: ...

    def stacking(self) -> None: ...


__all__ = ["MatchHost", "OptionHost", "OptionStateView"]
