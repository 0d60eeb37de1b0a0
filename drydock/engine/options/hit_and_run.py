"""S.6 Hit & Run (``--scenario S.6``): the attacker (side A) scores a defending ship's full VPs once it has lost more
than half its hull boxes, and nothing more for it (its destruction scores nothing more); the defender scores as
usual (E.4 too, when in force: this rule scores the defender's ships, E.4 the attacker's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.options.host import OptionHost
from drydock.engine.options.scenario_rule import Scenario
from drydock.engine.options.scenarios import DEFENDER
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class HitAndRun(Scenario):
    section = "S.6"

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.awarded: dict[int, int] = {}  # the defender's ships already scored, by uid

    def scores_ship(self, ship: ShipState) -> bool:
        return ship.side == DEFENDER

    def destroyed(self, ship: ShipState, vp: int, why: str, explode: bool) -> int:
        if ship.side != DEFENDER:
            return vp
        vp = 0 if self.awarded.get(ship.uid) else ship.spec.cr  # scored in full past half its hull, nothing more
        self.awarded[ship.uid] = ship.spec.cr
        return vp

    def score_damage(self) -> None:
        b = self.host
        for s in b.alive(DEFENDER):
            if 2 * s.hull_hits > s.spec.hull and not self.awarded.get(s.uid):
                self.awarded[s.uid] = s.spec.cr
                b.vp[0] += s.spec.cr
                b.say(f"  {s.label} has lost more than half its hull: side A scores {s.spec.cr} VP (S.6)")

    def movement_done(self, enemy_pos: dict[int, list[tuple[int, int]]]) -> None:
        self.score_damage()

    def damage_taken(self) -> None:
        self.score_damage()


__all__ = ["HitAndRun"]
