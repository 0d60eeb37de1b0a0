"""F.4 Fighter Variants and F.6 Long Range Fighters in battles (their numbers: the ruleset's ``play`` table).

F.4: "The variants described below can be "swapped" out on a one-for-one basis with standard fighter flights;
there is no impact on the carrier's combat rating ... There is no game-balance reason why the exact contents of a
carrier must be fixed at the time of design" (option 1: "Allow a carrier to field fighter flights in whatever
combination desired at the start of any given battle"). So the choice is made at battle time, not in the design:
``play.fighter_variants.field`` is ``doctrine`` (the doctrine's mix, below) or one variant every carrier fields.
Shuttles (B.20) and Nova flights (X.2) stay standard ("may not be designated as variants").

The doctrine's mix, knowing both fleets: against enemy fighter flights one interceptor flight per enemy flight,
at most half its own flights (rounded up); every other flight a bomber (2.5 expected hits on a ship against a
standard flight's 2, with five fighters to absorb losses). Flights take their variant in the order they come
into play, so the split does not depend on which side is A.

- Assault: "roll two dice per individual fighter ... four individual fighters".
- Bombers: "against a ship ... hits on rolls of 4, 5, or 6; ... against opposing fighter flights ... only ...
  6 ... five individual bombers".
- Heavy: "Whenever a hit is scored on a heavy fighter flight, roll a die: on a result of 4-6, the hit is ignored
  ... modified by -1 per additional point of IMP ... Any unmodified saving throw of 6 is successful ... four".
- Interceptors: "When attacking a fighter flight ... 4, 5, or 6; ... against opposing ships, ... only ... 6 ...
  five individual interceptors".
- Light: "Each time a light fighter is destroyed, roll a die; on a 1-2, a second fighter is also eliminated
  ... (This additional loss does not trigger another roll.) ... seven individual fighters".

F.6: "Long range fighters (LRFs) are treated like fighters in every way, and may be modified as described in
F.4 ... LRFs have a combat rating and VP value of 60." A test battle gives each side
``play.long_range_fighters.flights_per_side`` LRF flights (a house rule may change it), placed in its set-up
area next to its first ship; destroying one scores 60 VP. Hyperspace: "an LRF flight wishing to enter hyperspace
rolls one die; if the result is a 5 or 6, the flight is removed ... A flight that fails its hyperspace attempt may
not conduct any turns, sideslips ... As with ships, an LRF flight that enters hyperspace awards the opposing side
50% of its normal VPs." Doctrine: a flight down to ``jump_at`` fighters tries to jump (it saves half its VPs);
failing, it stays where it is (a move without turns) and attacks an adjacent target if it has one.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock import numbers
from drydock.engine import fighters
from drydock.engine.dice import d6
from drydock.engine.fighters import FighterFlight, Shuttle
from drydock.engine.hexgrid import DIRS
from drydock.engine.options.host import OptionHost
from drydock.engine.tables import FIGHTER_HIT, MAX_FLIGHTS_PER_HEX
from drydock.errors import RulesError

SIDES = ("A", "B")
#: F.6: at most this many long range fighter flights a side (a sanity limit on a house rule)
MAX_LRF_FLIGHTS = 50


class VariantFlight(FighterFlight):
    """A fighter flight of an F.4 variant (the class attributes come from the ruleset, :func:`variant_class`)."""

    __slots__ = ()
    variant = "standard"
    #: heavy: the saving throw (0: none); light: the die that loses a second fighter (0: none)
    save = 0
    second_loss = 0

    def losses(self, rng: Any, hits: int, imp: int = 1) -> int:
        """Fighters lost to ``hits`` (called by :func:`drydock.engine.small_craft.surviving`)."""
        lost = hits
        if self.save:  # heavy: 4-6 ignores the hit, -1 per IMP above 1; an unmodified 6 always saves
            lost = 0
            for _ in range(hits):
                roll = d6(rng)
                if roll != 6 and roll - (imp - 1) < self.save:
                    lost += 1
        if self.second_loss:  # light: each fighter destroyed loses a second on 1-2 (no further roll)
            lost += sum(1 for _ in range(lost) if d6(rng) <= self.second_loss)
        return lost


def variant_class(name: str, row: dict[str, int], lrf: bool = False) -> type[FighterFlight]:
    """The flight class of variant ``name`` (a ruleset row); ``lrf``: a long range flight of it (F.6)."""
    base = 7 - FIGHTER_HIT
    attrs: dict[str, Any] = {"__slots__": (), "variant": name, "size": row["fighters"], "dice_per": row["dice"],
                             "hit_ship": row["hit_ship"], "hit_flight": row["hit_flight"], "save": row["save"],
                             "second_loss": row["second_loss"],
                             "ship_factor": row["dice"] * (7 - row["hit_ship"]) / base,
                             "flight_factor": row["dice"] * (7 - row["hit_flight"]) / base, "lrf": lrf}
    return type(f"{'LongRange' if lrf else ''}{name.title()}Flight", (VariantFlight,), attrs)


class LongRangeFlight(FighterFlight):
    """F.6: a standard long range fighter flight (no carrier)."""

    __slots__ = ()
    lrf = True


def doctrine_mix(own: int, enemy: int) -> int:
    """F.4 doctrine: interceptor flights among ``own`` against ``enemy`` fighter flights (the rest bombers)."""
    return min(enemy, -(-own // 2)) if enemy > 0 else 0


class Variants:
    """One battle's F.4 assignments and F.6 flights."""

    def __init__(self, battle: OptionHost, on: frozenset[str], play: Any) -> None:
        self.b = battle
        self.on = "F.4" in on
        self.lrf_on = "F.6" in on
        table = play["fighter_variants"]
        self.field: str = table["field"]
        if self.on and self.field != "doctrine" and self.field not in table["variants"]:
            raise RulesError(f"rules entry play.fighter_variants.field: {str(self.field)[:30]!r} is not doctrine or "
                             f"a variant ({', '.join(table['variants'])})")
        self.classes = {k: variant_class(k, v) for k, v in table["variants"].items()}
        self.lrf_classes = {k: variant_class(k, v, lrf=True) for k, v in table["variants"].items()}
        lrf = play["long_range_fighters"]
        self.lrf_cr: int = lrf["cr"]
        self.hyperspace: int = lrf["hyperspace"]
        self.escape_vp = Fraction(numbers.parse(lrf["escape_vp"]))
        self.per_side: int = lrf["flights_per_side"]
        if self.lrf_on and (type(self.per_side) is not int or not 0 <= self.per_side <= MAX_LRF_FLIGHTS):
            raise RulesError(f"rules entry play.long_range_fighters.flights_per_side: expected a whole number "
                             f"0-{MAX_LRF_FLIGHTS}, got {str(self.per_side)[:20]!r}")
        self.jump_at: int = lrf["jump_at"]
        self.assigned: set[int] = set()
        self.interceptors = [0, 0]  # F.4: interceptor flights each side still to field
        self.lrfs: list[FighterFlight] = []
        self.scored: set[int] = set()

    # ------------------------------------------------------------ set-up
    def start(self) -> None:
        b = self.b
        if self.lrf_on:
            for side in (0, 1):
                self._place_lrfs(side)
        if self.on:
            counts = [0, 0]
            for s in b.ships:
                if s.rules.variant_flights():
                    counts[s.side] += s.spec.flights
            for f in self.lrfs:
                counts[f.side] += 1
            for side in (0, 1):
                self.interceptors[side] = (doctrine_mix(counts[side], counts[1 - side])
                                           if self.field == "doctrine" else 0)
                if counts[side]:
                    b.say(f"F.4: side {SIDES[side]} fields " + (
                        f"{self.interceptors[side]} interceptor and {counts[side] - self.interceptors[side]} "
                        "bomber flights (the doctrine's mix)" if self.field == "doctrine"
                        else f"{counts[side]} {self.field} flights"))
        self.assign_new()

    def _place_lrfs(self, side: int) -> None:
        """F.6: ``per_side`` flights next to the side's first ship (after its own flights, 3 a hex, 2.3)."""
        b = self.b
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

    def assign_new(self) -> None:
        """F.4: flights not yet given a variant get one (in the order they came into play)."""
        if not self.on:
            return
        for f in self.b.flights:
            if f.uid in self.assigned or not isinstance(f, FighterFlight) or isinstance(f, Shuttle):
                continue
            self.assigned.add(f.uid)
            if not f.carrier.rules.variant_flights() and not self.is_lrf(f):  # X.2 flights stay as they are
                continue
            name = self.field
            if name == "doctrine":
                name = "interceptor" if self.interceptors[f.side] > 0 else "bomber"
                if name == "interceptor":
                    self.interceptors[f.side] -= 1
            fresh = f.count == f.size
            f.__class__ = (self.lrf_classes if self.is_lrf(f) else self.classes)[name]
            if fresh:
                f.count = f.size
            if self.b.log is not None:
                self.b.say(f"  {f.label}: {name} flight, {f.count} fighters (F.4)")

    @staticmethod
    def is_lrf(f: Any) -> bool:
        return getattr(f, "lrf", False)

    # ------------------------------------------------------------ F.6 in play
    def jump(self, fl: FighterFlight) -> bool:
        """F.6 doctrine: a long range flight down to ``jump_at`` fighters tries hyperspace; True: its activation
        is over (gone, or it failed and held its place, attacking an adjacent target if it has one)."""
        if not self.is_lrf(fl) or fl.count > self.jump_at or fl.count >= fl.size:
            return False
        b = self.b
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

    def score(self) -> None:
        """F.6: "LRFs have a ... VP value of 60": the opponent scores it when the flight is destroyed."""
        for f in self.lrfs:
            if f.uid not in self.scored and (not f.alive or f.count <= 0):
                self.scored.add(f.uid)
                self.b.vp[1 - f.side] += self.lrf_cr
                self.b.say(f"  {f.label} destroyed (F.6): side {SIDES[1 - f.side]} scores {self.lrf_cr} VP")


__all__ = ["LongRangeFlight", "VariantFlight", "Variants", "doctrine_mix", "variant_class"]
