"""G.6 Three-Dimensional Play (``--terrain three-d``) and G.6a, its other reading of the range
(``--terrain three-d-doubled``): every element keeps an altitude (:class:`~drydock.engine.options.altitude.Altitudes`,
the rules' arithmetic and the doctrine's choice, with the text). This rule holds the battle's altitudes and plays
them at the named moments: the plan cleared each Orders Phase, the changes chosen after every other rule's last
word on the orders, the requirement with those changes, the changes made as the ship ends its move. The rule
modules read the altitudes through the options' declared member (``OptionsView.altitudes``).

G.6 and G.6a exclude each other (``play_options``: "choose one"); G.6a is G.6 with ``doubled`` for the range, so it
is a subclass naming its reading (:mod:`.three_d_doubled`) rather than a variant replacing G.6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from drydock.engine.movement import Orders
from drydock.engine.options.altitude import Altitudes, with_changes
from drydock.engine.options.terrain_rule import TerrainRule
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost, OptionStateView


class ThreeDimensionalPlay(TerrainRule):
    """G.6: the battle's altitudes (its pieces are terrain: placed with the others, or alone at its own set-up)."""

    section = "G.6"
    numbers = ("three_d",)
    #: the reading of the range between altitudes; None: ``play.three_d.range`` (the house rules' choice)
    reading: ClassVar[str | None] = None

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        three_d = self.play["three_d"]
        self.table3d = Altitudes(battle.ships, three_d, self.reading or three_d["range"])

    def _opt(self) -> OptionStateView:
        opt = self.battle.opt
        assert opt is not None  # an optional rule: the options' state exists once the battle's is built
        return opt

    def altitudes(self) -> Altitudes:
        return self.table3d

    def before_orders(self) -> None:
        """Orders Phase: no altitude change planned yet; flights launched since at their launcher's altitude."""
        self.table3d.plan.clear()
        self.table3d.register(self.battle.flights)

    def orders_afresh(self, s: ShipState) -> None:
        """D.8 chooses again as the ship moves: its altitude plan is made afresh."""
        self.table3d.plan.pop(s.uid, None)

    def last_orders(self, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> Orders:
        """The altitude changes of ``s`` with ``orders`` (the registry's last rule: after every other's last word),
        legal under the options (the requirement with ``k`` changes)."""
        if s.alive:
            opt, battle = self._opt(), self.battle
            self.table3d.choose(s, orders, enemies,
                                lambda e: battle.m.doctrine.preferred_range(s.spec, e.spec, s.side),
                                lambda o, k: bool(opt.requirement(s, o, boost, k)[1]))
        return orders

    def requirement(self, s: ShipState, orders: Orders, boost: int, climb: int | None) -> tuple[int, bool] | None:
        """The requirement and legality with ``climb`` altitude changes (by default those planned): the speed of the
        orders +1 and the requirement +1 each, with the other rules' arithmetic."""
        k = abs(self.table3d.plan.get(s.uid, 0) if climb is None else climb)
        return self._opt().base_requirement(s, with_changes(orders, k), boost, k, orders)

    def move_made(self, s: ShipState) -> None:
        """After the move: its altitude changes made (+2 speed each, one already counted), logged."""
        self.table3d.moved(self.battle, s)


__all__ = ["ThreeDimensionalPlay"]
