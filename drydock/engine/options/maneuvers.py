"""G.6 altitudes in one battle: what :class:`~drydock.engine.options.state.OptionState` asks of them, through
one-line hooks (``OptionState.moves``; None when G.6 is not in force). D.7 rolls and D.9 towing, which lived here
too, are rule classes of their own (:mod:`.ship_rolls`, :mod:`.ship_tows`)."""

from __future__ import annotations

from typing import Any

from drydock.engine.movement import Orders
from drydock.engine.options import InForce
from drydock.engine.options.altitude import Altitudes, with_changes
from drydock.engine.options.host import OptionHost
from drydock.engine.ships import ShipState

#: the sections this module plays
MANEUVERS = frozenset({"G.6", "G.6a"})


class Maneuvers:
    """The altitudes (G.6) of one battle."""

    def __init__(self, battle: OptionHost, rules: InForce) -> None:
        on = rules.on
        self.b = battle
        three_d = rules.play["three_d"]  # G.6 (G.6a: the other reading of the range)
        self.altitudes = Altitudes(battle.ships, three_d, "doubled" if "G.6a" in on else three_d["range"]
                                   ) if "G.6" in on or "G.6a" in on else None

    def before_orders(self) -> None:
        """Orders Phase: no altitude change planned yet."""
        if self.altitudes is not None:
            self.altitudes.plan.clear()
            self.altitudes.register(self.b.flights)  # flights launched since: at their launcher's altitude

    def forget(self, s: ShipState) -> None:
        """D.8 chooses again as the ship moves: its altitude plan is made afresh."""
        if self.altitudes is not None:
            self.altitudes.plan.pop(s.uid, None)

    def choose(self, opt: Any, s: ShipState, orders: Orders, boost: int, enemies: list[ShipState]) -> None:
        """The altitude changes of ``s`` with ``orders`` (G.6), legal under the options (``opt.requirement``)."""
        alt = self.altitudes
        if alt is not None and s.alive:
            alt.choose(s, orders, enemies, lambda e: self.b.m.doctrine.preferred_range(s.spec, e.spec, s.side),
                       lambda o, k: bool(opt.requirement(s, o, boost, k)[1]))

    def requirement(self, opt: Any, s: ShipState, orders: Orders, boost: int, climb: int | None
                    ) -> tuple[int, bool]:
        """The requirement and legality under G.6 (``climb`` altitude changes, by default those planned: the speed
        of the orders +1 and the requirement +1 each), with the other options' arithmetic
        (``opt.base_requirement``)."""
        alt = self.altitudes
        k = abs(alt.plan.get(s.uid, 0) if climb is None else climb) if alt is not None else 0
        return opt.base_requirement(s, with_changes(orders, k), boost, k, orders)

    def moved(self, s: ShipState) -> None:
        """After a ship's move: its altitude changes (G.6)."""
        if self.altitudes is not None:
            self.altitudes.moved(self.b, s)

    def range(self, rng: int, s: ShipState, target: Any) -> int:
        """G.6: the range between altitudes (``rng`` hexes)."""
        return self.altitudes.range(rng, s, target) if self.altitudes is not None else rng


__all__ = ["MANEUVERS", "Maneuvers"]
