"""F.6 Long Range Fighters (``--option F.6``): "LRFs have a combat rating and VP value of 60"; each side fields
``play.long_range_fighters.flights_per_side`` flights by its first ship, and a flight down to ``jump_at`` fighters
tries hyperspace (the readings: :mod:`drydock.engine.options.fighter_variants`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from drydock import numbers
from drydock.engine import fighters
from drydock.engine.dice import d6
from drydock.engine.fighters import FighterFlight
from drydock.engine.hexgrid import DIRS
from drydock.engine.options.fighter_rules import fighter_doctrine
from drydock.engine.options.fighter_variants import MAX_LRF_FLIGHTS, SIDES, LongRangeFlight, is_lrf
from drydock.engine.options.rule import OptionalRule
from drydock.engine.tables import MAX_FLIGHTS_PER_HEX
from drydock.errors import RulesError

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class LongRangeFighters(OptionalRule):
    section = "F.6"
    numbers = ("long_range_fighters",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        lrf = self.play["long_range_fighters"]
        self.lrf_cr: int = lrf["cr"]
        self.hyperspace: int = lrf["hyperspace"]
        self.escape_vp = Fraction(numbers.parse(lrf["escape_vp"]))
        self.per_side: int = lrf["flights_per_side"]
        if type(self.per_side) is not int or not 0 <= self.per_side <= MAX_LRF_FLIGHTS:
            raise RulesError(f"rules entry play.long_range_fighters.flights_per_side: expected a whole number "
                             f"0-{MAX_LRF_FLIGHTS}, got {str(self.per_side)[:20]!r}")
        self.jump_at: int = lrf["jump_at"]
        self.lrfs: list[FighterFlight] = []
        self.scored: set[int] = set()
        fighter_doctrine(battle).long_range = self

    @classmethod
    def side_cr(cls, in_force: InForce) -> int:
        """The CR of the long range fighter flights each side fields ("a combat rating ... of 60" each); 0 without
        F.6."""
        if cls.section not in in_force.on:
            return 0
        lrf = in_force.play["long_range_fighters"]
        return int(lrf["cr"]) * int(lrf["flights_per_side"])

    # ------------------------------------------------------------ set-up
    def place(self) -> None:
        for side in (0, 1):
            self._place_lrfs(side)

    def _place_lrfs(self, side: int) -> None:
        """``per_side`` flights next to the side's first ship (after its own flights, 3 a hex, 2.3)."""
        b = self.battle
        ships = [s for s in b.ships if s.side == side and s.alive]
        if not ships or not self.per_side:
            return
        anchor = ships[0]
        ring = [DIRS[(anchor.heading + k) % 6] for k in range(6)]
        spots = [(anchor.q, anchor.r)] + [(anchor.q + dq, anchor.r + dr) for dq, dr in ring]
        spots += [(anchor.q + 2 * dq, anchor.r + 2 * dr) for dq, dr in ring]
        spots = [s for s in spots if s in b.m.doctrine.cells]
        taken: dict[tuple[int, int], int] = {}
        for f in b.flights:
            taken[(f.q, f.r)] = taken.get((f.q, f.r), 0) + 1
        free = [s for s in spots for _ in range(MAX_FLIGHTS_PER_HEX - taken.get(s, 0))] or spots
        for k in range(self.per_side):
            q, r = free[k % len(free)]
            b.flight_uid += 1
            fl = LongRangeFlight(b.flight_uid, side, anchor, q, r, anchor.heading, f"{SIDES[side]}-lrf#{b.flight_uid}")
            fl.count = fl.size  # not the anchor's (X.2)
            b.flights.append(fl)
            self.lrfs.append(fl)
        b.say(f"F.6: side {SIDES[side]} fields {self.per_side} long range fighter flights "
              f"({self.per_side * self.lrf_cr} CR) by {anchor.label}")

    # ------------------------------------------------------------ in play
    def jump(self, fl: FighterFlight) -> bool:
        """The doctrine: a long range flight down to ``jump_at`` fighters tries hyperspace; True: its activation
        is over (gone, or it failed and held its place, attacking an adjacent target if it has one)."""
        if not is_lrf(fl) or fl.count > self.jump_at or fl.count >= fl.size:
            return False
        b = self.battle
        roll = d6(b.rng)
        if roll >= self.hyperspace:
            fl.alive = False
            self.scored.add(fl.uid)
            vp = int(self.lrf_cr * self.escape_vp)
            b.vp[1 - fl.side] += vp
            b.say(f"  {fl.label} ({fl.count} fighters) jumps to hyperspace on a {roll} (F.6): side "
                  f"{SIDES[1 - fl.side]} scores {vp} VP")
            return True
        b.say(f"  {fl.label} fails to jump to hyperspace on a {roll} (F.6): no turns this activation")
        _, _, attack_from = fighters.attack_spots(b, fl)
        hit = attack_from.get((fl.q, fl.r))
        if hit is not None:
            fighters.attack(b, fl, hit[1])
        return True

    def damage_taken(self) -> None:
        """"LRFs have a ... VP value of 60": the opponent scores it when the flight is destroyed."""
        for f in self.lrfs:
            if f.uid not in self.scored and (not f.alive or f.count <= 0):
                self.scored.add(f.uid)
                self.battle.vp[1 - f.side] += self.lrf_cr
                self.battle.say(f"  {f.label} destroyed (F.6): side {SIDES[1 - f.side]} scores {self.lrf_cr} VP")


__all__ = ["LongRangeFighters"]
