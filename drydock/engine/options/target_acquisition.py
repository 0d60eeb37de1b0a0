"""E.7 Target Acquisition (``--option E.7``): each ship places TAGs by its hull size ("Hull Size 1-3 4-8 9-15 16-24
25-35 Number of TAGs One Two Three Four Five"); 3d6 >= the distance tags the target; "Attacks can still be made
against non-tagged targets; however, the distance to the target is doubled" (``play.target_acquisition``).

The doctrine's reading: TAGs go to the nearest enemies in sight, one each in turn, with the attacks (Combat Phase);
a TAG is face down until the End Phase turns it up (5f), and the face-up ones are what the effective range reads
(the bus's range rule, :meth:`tagged`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from drydock.engine.dice import d6
from drydock.engine.hexgrid import distance
from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.terrain import BLOCKED
from drydock.engine.ships import ShipState

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class TargetAcquisition(OptionalRule):
    section = "E.7"
    numbers = ("target_acquisition",)
    #: E.7a: TAGs placed without a roll within ``auto_range`` hexes
    auto: ClassVar[bool] = False

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        self.tags_down: set[int] = set()  # uids tagged this Combat Phase (face down)
        self.tags_up: set[int] = set()  # uids with a face-up TAG: usable now

    def tagged(self) -> set[int] | None:
        return self.tags_up

    def declared(self, ship: ShipState, enemies: list[ShipState]) -> None:
        """The ship's TAGs go to the nearest enemies in sight, one each in turn; 3d6 >= the distance tags the target
        (E.7a: automatic within 10 hexes). Face down until the End Phase."""
        if not enemies:
            return
        battle = self.battle
        ta = self.play["target_acquisition"]
        n = next((k for top, k in ta["tags"] if ship.spec.hull <= top), ta["tags"][-1][1])
        auto = self.auto
        terrain = battle.opt.terrain if battle.opt is not None else None
        seen = [e for e in enemies if e.alive and (terrain is None
                                                    or terrain.sight(ship.q, ship.r, e.q, e.r) != BLOCKED)]
        seen.sort(key=lambda e: (distance(e.q - ship.q, e.r - ship.r), e.uid))
        if auto:
            seen = [e for e in seen if distance(e.q - ship.q, e.r - ship.r) <= ta["auto_range"]]
        if not seen:
            return
        rolls = []
        for k in range(n):
            e = seen[k % len(seen)]
            d = distance(e.q - ship.q, e.r - ship.r)
            if auto:
                if k < len(seen):
                    self.tags_down.add(e.uid)
                continue
            total = sum(d6(battle.rng) for _ in range(ta["dice"]))
            rolls.append(f"{e.label} {total} vs {d}")
            if total >= d:
                self.tags_down.add(e.uid)
        if rolls:
            battle.say(f"    {ship.label} TAGs (E.7): " + ", ".join(rolls))

    def end_phase(self) -> None:
        """5f: face-up TAGs removed, face-down ones flipped up."""
        self.tags_up.clear()
        self.tags_up.update(self.tags_down)
        self.tags_down.clear()


__all__ = ["TargetAcquisition"]
