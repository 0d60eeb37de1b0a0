"""E.4 Victory Points for Damage (``--option E.4``): the enemy scores a share of a ship's VPs as its hull boxes are
checked: 10% at the first box, +20% at a third, +20% at two thirds, +50% when destroyed; a ship that jumps to
hyperspace counts as having lost two thirds (:func:`~drydock.engine.options.combat_rules.partial_share`, rounded by
:func:`~drydock.engine.options.combat_rules.share_vp`). Scored whenever damage took effect (after the Movement
Phase, the Fighter Phase, each attack under E.5, the End Phase); a ship another rule scores itself (S.6's
defenders: :meth:`~drydock.engine.options.rule.OptionalRule.scores_ship`) is left to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options import combat_rules
from drydock.engine.options.rule import OptionalRule
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost

SIDES = ("A", "B")


class PartialVictoryPoints(OptionalRule):
    section = "E.4"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.awarded: dict[int, int] = {}  # the VPs already scored per ship uid

    def _elsewhere(self, ship: ShipState) -> bool:
        return any(rule.scores_ship(ship) for rule in self.battle.rules_in_force)

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        if self._elsewhere(ship):
            return vp
        jumped = why.startswith("enters hyperspace")
        share = combat_rules.partial_share(ship, jumped) if jumped else 100
        total = combat_rules.share_vp(ship.spec.cr, share)
        vp = max(0, total - self.awarded.get(ship.uid, 0))
        self.awarded[ship.uid] = total
        return vp

    def score_damage(self) -> None:
        battle = self.battle
        for s in battle.alive():
            if self._elsewhere(s):
                continue
            total = combat_rules.share_vp(s.spec.cr, combat_rules.partial_share(s))
            got = self.awarded.get(s.uid, 0)
            if total > got:
                self.awarded[s.uid] = total
                battle.vp[1 - s.side] += total - got
                battle.say(f"  {s.label}: side {SIDES[1 - s.side]} scores {total - got} partial VP (E.4)")

    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        self.score_damage()

    def damage_taken(self) -> None:
        self.score_damage()


__all__ = ["PartialVictoryPoints"]
