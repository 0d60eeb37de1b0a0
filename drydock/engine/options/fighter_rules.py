"""Appendix F fighter options in battles: F.1 Combat Space Patrol, F.2 Dogfights, F.3 Fighter Screens (the
fighter doctrine's missions), with F.4 variants and F.6 long range fighters (:mod:`.variant_flights`,
:mod:`.long_range_fighters`). Each of those rules, in force, turns its part of the doctrine on.

With any of F.1-F.4 or F.6 in force every fighter flight activates through :meth:`FighterRules.activate`
instead of :func:`drydock.engine.fighters.activate` (which hands over to it). The doctrine, each turn a flight
activates, deterministic and logged:

1. pinned in a dogfight (F.2): attack its opponent, nothing else ("a flight may not move out of a dogfight until
   the opposing flight has been eliminated ... may not attack any target other than its opponent");
2. an attack within reach: the best one, as in the core game; with F.2 an enemy fighter flight alone in its hex
   may be dogfought instead, worth its kills plus the strike it can no longer make on our ships (pinned);
3. no attack within reach: F.1, when an enemy fighter flight could strike a friendly ship at its next move (or
   enemy seekers fly at it), go on station within 2 hexes of that ship, or move into its hex to go on station
   there next time; else F.3, join the friendly ship nearest the enemy and screen it (when that raises the hex's
   penalty); else close on the enemy as in the core game.

F.1: "Whenever a fighter flight moves into a new hex, any one opposing flight currently on station may interrupt
its movement to intercept ... a flight cannot use more than one-half its available movement allowance". The
patrol with the most fighters that can reach a hex next to (F.2: into) the mover's hex with half its MA
intercepts at the first hex entered where one can. Readings: the intercepted flight, if it survives and is not
pinned, goes on to its chosen hex (stopping where it was intercepted if a patrol now stands there); minefields on
its path are rolled before interceptions; seeker flights (C.4) are intercepted hex by hex as they move
(:meth:`FighterRules.seeker_entered`, a hook in :func:`drydock.engine.seekers.activate`).

F.3: "Screening fighter flights force all attacks made through their hex (even friendly attacks) to suffer a
to-hit penalty ... If the line of sight crosses through multiple hexes containing fighter screens, apply only
the greatest applicable penalty". A screen lasts until its flight activates again, is pinned or is destroyed;
it applies to all attacks through the hex (the line of sight of 4.1: not the attacker's hex, always the target's):
ship weapons fire at ships, flights and seekers (``OptionState.flight_penalty``) and fighter attacks
(:func:`~drydock.engine.small_craft.screened_hits`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol

from drydock import numbers
from drydock.engine import fighters
from drydock.engine.fighters import FighterFlight, fighter_path, first_end_by_hex, no_turns
from drydock.engine.hexgrid import DIRS, distance, hex_line
from drydock.engine.options.fighter_variants import is_lrf
from drydock.engine.seekers import SeekerFlight
from drydock.engine.small_craft import entered_hexes
from drydock.engine.table_view import TableView

#: F.1 doctrine: a flight within this many hexes of a threatened friendly ship covers it (goes on station)
COVER = 2


def screen_penalty(fighters_in_hex: int, bands: list[list[int]]) -> int:
    """F.3: the to-hit penalty (as a positive number) of ``fighters_in_hex`` screening fighters: "1-3 None, 4-9
    -1, 10-15 -2, 16+ -3" (``bands``: [fewest fighters, modifier] rows from the ruleset)."""
    out = 0
    for least, mod in bands:
        if fighters_in_hex >= least:
            out = -mod
    return out


class VariantsPart(Protocol):
    """F.4 as the doctrine calls it (:class:`~drydock.engine.options.variant_flights.FighterVariants`)."""

    def assign_new(self) -> None: ...  # flights not yet given a variant get one


class LongRangePart(Protocol):
    """F.6 as the doctrine calls it (:class:`~drydock.engine.options.long_range_fighters.LongRangeFighters`)."""

    def jump(self, fl: FighterFlight) -> bool: ...  # a long range flight's hyperspace attempt (True: it is done)


class FighterRules:
    """One battle's fighter doctrine under F.1-F.4 and F.6: flights on station, dogfights, screens. Each of those
    rules, in force, turns its part on (:func:`fighter_doctrine`); the doctrine exists only then."""

    def __init__(self, battle: TableView, play: Any) -> None:
        self.b = battle
        self.csp = False  # F.1
        self.dogfights = False  # F.2
        self.screens = False  # F.3
        self.variants: VariantsPart | None = None  # F.4
        self.long_range: LongRangePart | None = None  # F.6
        self.bands: list[list[int]] = play["fighter_screens"]["bands"]
        self.intercept_ma = Fraction(numbers.parse(play["combat_space_patrol"]["intercept_ma"]))
        self.on_station: dict[int, FighterFlight] = {}  # F.1: uid -> flight
        self.spent: set[int] = set()  # F.1: patrols that intercepted this Fighter Phase
        self.pinned: dict[int, FighterFlight] = {}  # F.2: uid -> its opponent (both ways)
        self.screening: dict[int, FighterFlight] = {}  # F.3: uid -> flight
        self.phase = -1

    # ------------------------------------------------------------ activation
    def activate(self, fl: FighterFlight) -> None:
        """One flight's activation under the fighter options (see the module's doctrine)."""
        b = self.b
        if self.phase != b.turn:  # a new Fighter Phase
            self.phase = b.turn
            self.spent.clear()
        if self.variants is not None:  # F.4: flights launched since get their variant first
            self.variants.assign_new()
        if fl.uid in self.spent:  # F.1: "may not be activated again in the current Fighter Phase"
            return
        self.on_station.pop(fl.uid, None)  # F.1 / F.3: station and screen last until the next activation
        self.screening.pop(fl.uid, None)
        if (self.long_range is not None and self.long_range.jump(fl)) or self._dogfighting(fl):  # F.6, F.2
            return
        if b.m.launch_recovery and not is_lrf(fl) and fighters.try_recover(b, fl):
            return
        enemy_ships, blocked, attack_from = fighters.attack_spots(b, fl)
        if self.dogfights and not fl.shuttle:
            blocked = self._dogfight_spots(fl, attack_from, blocked)
        best = fighters.choose(b, fl, attack_from, blocked, enemy_ships)
        screen = False
        if best is not None and best[0] is None and not fl.shuttle:  # no attack within reach: a mission
            done, spot = self._mission(fl, blocked)
            if done:
                return
            if spot is not None:
                best, screen = spot, True
        self._fly(fl, best, blocked, screen)

    def _mission(self, fl: FighterFlight, blocked: set) -> tuple[bool, tuple | None]:
        """No attack within reach: (True, None) when the flight goes on station where it is (F.1), else the move of
        its mission (F.1 escort, F.3 screen) or None."""
        threatened = self._threatened(fl) if self.csp else []
        if any(distance(fl.q - s.q, fl.r - s.r) <= COVER for s in threatened):
            self.on_station[fl.uid] = fl
            self.b.say(f"  {fl.label} ({fl.count} fighters) on station at {self.b.hexname(fl.q, fl.r)} (F.1)")
            return True, None
        spot = self._escort(fl, threatened, blocked) if threatened else None
        if spot is None and self.screens:
            spot = self._screen_spot(fl, blocked)
        return False, spot

    def _fly(self, fl: FighterFlight, best: tuple | None, blocked: set, screen: bool) -> None:
        """The flight's move (intercepted on the way under F.1), then its screen (F.3) or its attack (F.2: pinning
        a flight alone in the hex)."""
        b = self.b
        start, h0 = (fl.q, fl.r), fl.heading
        target = fighters.move(b, fl, best, blocked)
        if not fl.alive:
            return
        if self.on_station and best is not None and start != (fl.q, fl.r):
            if not self._intercepted(fl, start, h0):
                return
        if screen:
            self.screening[fl.uid] = fl
            b.say(f"    {fl.label} screens {b.hexname(fl.q, fl.r)} (F.3): -{self.penalty_at((fl.q, fl.r))} to hit "
                  "through it")
        elif target is not None:
            if isinstance(target, FighterFlight) and (target.q, target.r) == (fl.q, fl.r):
                self._pin(fl, target)
            fighters.attack(b, fl, target)

    def _dogfighting(self, fl: FighterFlight) -> bool:
        """F.2: a pinned flight attacks its opponent, nothing else (True), unless the dogfight is over."""
        opp = self.pinned.get(fl.uid)
        if opp is None:
            return False
        if opp.alive and opp.count > 0 and (opp.q, opp.r) == (fl.q, fl.r) and not self._ship_breaks(fl):
            fighters.attack(self.b, fl, opp)
            return True
        self._unpin(fl)
        return False

    # ------------------------------------------------------------ F.2 dogfights
    def _dogfight_spots(self, fl: FighterFlight, attack_from: dict, blocked: set) -> set:
        """F.2: "a fighter flight simply moves into the same hex as a single enemy flight, and attacks normally";
        not a hex with a ship, not a flight already in a dogfight ("Only two flights ... one from either side"), not
        seekers ("Seeker flights may not be pinned"). Worth its kills plus its strike on our ships prevented."""
        b = self.b
        enemy = [f for f in b.flights if f.alive and f.side != fl.side and f.count > 0]
        ships = {(s.q, s.r) for s in b.ships if s.alive}  # a ship there would break the dogfight at once
        per_hex: dict[tuple[int, int], int] = {}
        for f in enemy:
            per_hex[(f.q, f.r)] = per_hex.get((f.q, f.r), 0) + 1
        friendly = [s for s in b.ships if s.alive and s.side == fl.side]
        open_hexes = set()
        for f in enemy:
            spot = (f.q, f.r)
            if (not isinstance(f, FighterFlight) or f.uid in self.pinned or per_hex[spot] > 1 or spot in ships
                    or not friendly):
                continue
            worth = f.worth(friendly[0])
            v = min(fl.count * fl.flight_factor / 3, f.count) * worth + f.count * f.ship_factor * worth
            if spot not in attack_from or v > attack_from[spot][0]:
                attack_from[spot] = (v, f)
            open_hexes.add(spot)
        return blocked - open_hexes

    def _pin(self, fl: FighterFlight, target: FighterFlight) -> None:
        self.pinned[fl.uid] = target
        self.pinned[target.uid] = fl
        self.on_station.pop(target.uid, None)
        if self.screening.pop(target.uid, None) is not None:  # "the screen is canceled immediately"
            self.b.say(f"    {target.label}'s screen is cancelled (F.2)")
        self.b.say(f"    {fl.label} dogfights {target.label} (F.2): both pinned")

    def _unpin(self, fl: FighterFlight) -> None:
        opp = self.pinned.pop(fl.uid, None)
        if opp is not None and self.pinned.get(opp.uid) is fl:
            del self.pinned[opp.uid]

    def _ship_breaks(self, fl: FighterFlight) -> bool:
        """F.2: "If a starship ends its movement in the same hex as a dogfight, the opposing fighter flight must
        move out of the hex, breaking off the dogfight": a ship of either side in the hex ends it for both."""
        return any(s.alive and (s.q, s.r) == (fl.q, fl.r) for s in self.b.ships)

    # ------------------------------------------------------------ F.1 combat space patrol
    def _threatened(self, fl: FighterFlight) -> list:
        """F.1 doctrine: the friendly ships an enemy fighter flight (not pinned, not on station) could strike at its
        next move (within its MA + 1), and those enemy seekers fly at (C.4)."""
        b = self.b
        enemies = [e for e in b.flights if isinstance(e, FighterFlight) and e.alive and e.side != fl.side
                   and e.uid not in self.pinned and e.uid not in self.on_station]
        aimed = {e.target.uid for e in b.flights if isinstance(e, SeekerFlight) and e.alive and e.side != fl.side}
        return [s for s in b.ships if s.alive and s.side == fl.side
                and (s.uid in aimed or any(distance(e.q - s.q, e.r - s.r) <= e.ma + 1 for e in enemies))]

    def _escort(self, fl: FighterFlight, threatened: list, blocked: set) -> tuple | None:
        """F.1 doctrine: no threatened ship within ``COVER`` hexes: move into the hex of the costliest one it
        reaches (then the first), to go on station there at its next activation."""
        ends = first_end_by_hex(self.b.m.doctrine, fl.q, fl.r, fl.heading, fl.ma, no_turns(self.b))
        choices = [(-s.spec.cr, s.uid, (s.q, s.r), ends[(s.q, s.r)][1]) for s in threatened
                   if (s.q, s.r) in ends and (s.q, s.r) not in blocked]
        if not choices:
            return None
        _, _, spot, h = min(choices)
        return None, spot[0], spot[1], h, None

    def _intercepted(self, mover: FighterFlight, start: tuple[int, int], h0: int) -> bool:
        """F.1: patrols intercept ``mover`` along its path; False when it stops (destroyed, pinned or its end hex
        taken by a patrol)."""
        end = (mover.q, mover.r)
        pts = fighter_path(h0, mover.ma).get((end[0] - start[0], end[1] - start[1], mover.heading), ())
        for hx in entered_hexes(start[0], start[1], pts):
            p = self._intercept_at(mover, hx)
            if p is None:
                continue
            if not mover.alive or mover.count <= 0 or mover.uid in self.pinned:
                return False
            if (p.q, p.r) == end or any(q.alive and q.side != mover.side and (q.q, q.r) == end
                                        for q in self.on_station.values()):
                return False  # it stops where it was intercepted
            mover.q, mover.r = end
        return True

    def seeker_entered(self, seekers: Any) -> bool:
        """F.1 for a seeker flight (C.4) that just entered its hex: "seeker flights ... can be intercepted" (never
        pinned, F.2). False when none is left."""
        self._intercept_at(seekers, (seekers.q, seekers.r))
        return seekers.alive and seekers.count > 0

    def _intercept_at(self, mover: Any, hx: tuple[int, int]) -> FighterFlight | None:
        """The patrol (most fighters, then first placed) that intercepts ``mover`` entering ``hx``, moved and
        attacking (F.2: a dogfight in ``hx``); None when no patrol reaches it with half its MA."""
        b = self.b
        alt = b.opt.altitudes if b.opt is not None else None  # G.6: a patrol at the mover's altitude
        patrols = sorted((p for p in self.on_station.values() if p.side != mover.side and p.alive and p.count > 0
                          and (alt is None or alt.same(p, mover))), key=lambda p: (-p.count, p.uid))
        for p in patrols:
            spot = self._reach(p, hx, mover)
            if spot is None:
                continue
            del self.on_station[p.uid]
            self.spent.add(p.uid)
            p.q, p.r, p.heading = spot
            mover.q, mover.r = hx
            b.say(f"    {p.label} intercepts {mover.label} at {b.hexname(*hx)} from {b.hexname(p.q, p.r)} (F.1)")
            if (p.q, p.r) == hx:
                self._pin(p, mover)
            fighters.attack(b, p, mover)
            return p
        return None

    def _reach(self, p: FighterFlight, hx: tuple[int, int], mover: FighterFlight) -> tuple[int, int, int] | None:
        """An allowable hex next to ``hx`` (F.2 on, a fighter flight not yet pinned: ``hx`` itself, a dogfight)
        the patrol reaches with half its MA, as (q, r, heading); None if none."""
        ma = int(p.ma * self.intercept_ma)
        ends = first_end_by_hex(self.b.m.doctrine, p.q, p.r, p.heading, ma, no_turns(self.b))
        if (self.dogfights and isinstance(mover, FighterFlight) and mover.uid not in self.pinned
                and hx in ends and not self._occupied(hx, p.side, mover)):
            return hx[0], hx[1], ends[hx][1]
        best = None
        for dq, dr in DIRS:
            spot = (hx[0] + dq, hx[1] + dr)
            end = ends.get(spot)
            if end is not None and not self._occupied(spot, p.side, mover) and (best is None or end[0] < best[0]):
                best = (end[0], spot, end[1])
        return None if best is None else (best[1][0], best[1][1], best[2])

    def _occupied(self, spot: tuple[int, int], side: int, mover: FighterFlight) -> bool:
        """An opposing element (to ``side``) in ``spot``, other than the intercepted ``mover``."""
        b = self.b
        return (any(s.alive and s.side != side and (s.q, s.r) == spot for s in b.ships)
                or any(f.alive and f is not mover and f.side != side and (f.q, f.r) == spot for f in b.flights))

    # ------------------------------------------------------------ F.3 fighter screens
    def _screen_spot(self, fl: FighterFlight, blocked: set) -> tuple | None:
        """F.3 doctrine: the reachable hex of the friendly ship nearest an enemy ship (then the costliest, then
        the first) where this flight would raise the screen's penalty; as a move (None, q, r, h, None)."""
        b = self.b
        enemies = [s for s in b.ships if s.alive and s.side != fl.side and not s.hidden]
        if not enemies:
            return None
        ends = first_end_by_hex(b.m.doctrine, fl.q, fl.r, fl.heading, fl.ma, no_turns(b))
        choices = []
        for s in b.ships:
            spot = (s.q, s.r)
            if not s.alive or s.side != fl.side or spot in blocked:
                continue
            here = ends.get(spot) if spot != (fl.q, fl.r) else (-1, fl.heading)
            total = self._screen_total(spot)
            if here is None or screen_penalty(total + fl.count, self.bands) <= screen_penalty(total, self.bands):
                continue
            near = min(distance(e.q - s.q, e.r - s.r) for e in enemies)
            choices.append((near, -s.spec.cr, s.uid, spot, here[1]))
        if not choices:
            return None
        _, _, _, spot, h = min(choices)
        return None, spot[0], spot[1], h, None

    def _screen_total(self, spot: tuple[int, int]) -> int:
        return sum(f.count for f in self.screening.values() if f.alive and (f.q, f.r) == spot)

    def penalty_at(self, spot: tuple[int, int]) -> int:
        return screen_penalty(self._screen_total(spot), self.bands)

    def screen_penalty(self, ship: Any, target: Any) -> int:
        """F.3: the greatest screen penalty on the line of sight from ``ship`` to ``target`` (not the attacker's
        hex, always the target's, 4.1)."""
        live = {(f.q, f.r) for f in self.screening.values() if f.alive and f.count > 0}
        if not live:
            return 0
        own = (ship.q, ship.r)
        return max((self.penalty_at(h) for h in hex_line(ship.q, ship.r, target.q, target.r)
                    if h != own and h in live), default=0)

    # ------------------------------------------------------------ bookkeeping
    def unpin_lost(self) -> None:
        """F.2: destroyed flights leave their dogfights (after damage)."""
        for uid, f in list(self.pinned.items()):
            if not f.alive or f.count <= 0:
                self._unpin(f)
                self.pinned.pop(uid, None)


def fighter_doctrine(battle: TableView) -> FighterRules:
    """The battle's fighter doctrine, made when the first fighter option in force asks for it (the options' state
    holds it for the flights, ``Battle.opt.fighters``)."""
    opt = battle.opt
    assert opt is not None  # an optional rule is in force
    doctrine = opt.fighter_doctrine()
    assert isinstance(doctrine, FighterRules)
    return doctrine


__all__ = ["FighterRules", "LongRangePart", "VariantsPart", "fighter_doctrine", "screen_penalty"]
