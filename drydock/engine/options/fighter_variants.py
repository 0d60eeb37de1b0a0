"""F.4 Fighter Variants and F.6 Long Range Fighters in battles: their flight classes (their numbers: the ruleset's
``play`` table; the rules: :mod:`.variant_flights` and :mod:`.long_range_fighters`).

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

from typing import Any

from drydock.engine.dice import d6
from drydock.engine.fighters import FighterFlight
from drydock.engine.tables import FIGHTER_HIT

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


def become(f: FighterFlight, cls: type[FighterFlight]) -> None:
    """F.4: ``f`` flies as a flight of ``cls`` from now on (here, in an interpreted module: the compiled engine
    does not change an object's class)."""
    f.__class__ = cls


def is_lrf(f: Any) -> bool:
    """F.6: whether ``f`` is a long range fighter flight (its class says so)."""
    return getattr(f, "lrf", False)


__all__ = ["MAX_LRF_FLIGHTS", "SIDES", "LongRangeFlight", "VariantFlight", "become", "doctrine_mix", "is_lrf",
           "variant_class"]
