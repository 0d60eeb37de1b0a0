"""The optional rules inside Appendix B (``--option B.14``, ``B.18``, ``B.22``), with their numbers from the ruleset.

Each is the one optional rule of an equipment section, and takes that section's number:

- B.14 Marines, Shipboard Combat: "defending marine squads are not sacrificed in order to destroy boarding parties
  on a 1:1 basis; instead, the opposing forces engage in shipboard combat until one or the other has been
  eliminated. Only after all defending marine squads have been removed can the starship be captured. During the
  End Phase, the defending player rolls a number of dice equal to the number of marine squads on the starship ...
  Roll 1-2 3-5 6 Number of Hits None One Two. Each hit results in the elimination of an attacking boarding party.
  After casualties are removed, roll one die on the above chart for each surviving boarding party; each hit
  eliminates one defending marine squad." (``play.shipboard_combat``)
- B.18 Screens, Bleed-Through: "Roll one die per point of damage inflicted; on a result of 6, that point is not
  absorbed by screens, and is instead resolved normally." (``play.bleed_through``; played in
  :func:`drydock.engine.combat.absorb_screens`, wherever screens absorb damage)
- B.22 Stealth, Battery-Specific Lock-On: "Instead of rolling once for each attacking starship, roll once per
  weapons battery. If the lock-on roll fails, none of the weapons from that battery may attack, although other
  weapons from that ship may proceed". (``play.battery_lock_on``)

Readings: the bleed-through dice are rolled for the points that reach the screens, before the screen-trait dice;
a bled point is rolled on the damage chart with the weapon's traits ("resolved normally"). The lock-on roll of a
battery is the stealth roll of the core game (B.22: a die per stealth level, any 1 fails), made when the battery
first fires at that target in the Combat Phase.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.core.rules.play_rules import PlayRules
from drydock.engine.dice import d6
from drydock.engine.table_view import TableView

#: the sections played here
EQUIPMENT_OPTIONS = frozenset({"B.14", "B.18", "B.22"})


class EquipmentRules:
    """The B.14, B.18 and B.22 options of a matchup (immutable: one per matchup, shared by its battles)."""

    def __init__(self, on: frozenset[str], play: PlayRules) -> None:
        #: B.14: hits by die face 1-6 (index 0 unused), or () when the option is off
        self.shipboard: tuple[int, ...] = ()
        if "B.14" in on:
            table = play["shipboard_combat"]["hits"]
            self.shipboard = (0, *(int(table[str(face)]) for face in range(1, 7)))
        #: B.18: the lowest face on which a damage point bleeds through the screens; 0 when the option is off
        self.bleed = int(play["bleed_through"]["passes"]) if "B.18" in on else 0
        #: B.22: the lock-on roll is made per weapons battery
        self.per_battery = "B.22" in on and play["battery_lock_on"]["roll_per"] == "battery"

    # ------------------------------------------------------------ B.14 shipboard combat
    def mean_hits(self) -> Fraction:
        """The chart's mean hits per die (5/6 by the book): what the doctrine counts a die as."""
        return Fraction(sum(self.shipboard[1:]), 6)

    def parties_needed(self, hull_left: int, boarders: int, defenders: int) -> int:
        """Boarding parties still to land to take a ship this End Phase, by the chart's mean: the defenders' dice
        kill some first; the survivors must both reach the unchecked hull boxes and kill every defender."""
        mean = self.mean_hits()
        lost = -(-defenders * mean.numerator // mean.denominator)
        outfight = -(-defenders * mean.denominator // mean.numerator) if mean else hull_left
        return max(hull_left, outfight) + lost - boarders

    def shipboard_combat(self, battle: TableView) -> None:
        """End Phase, before captures: on every ship with boarders and defending squads aboard, the defenders
        roll a die per squad (each hit kills a party), then each surviving party rolls (each hit kills a squad)."""
        hits = self.shipboard
        for s in battle.alive():
            if s.boarders <= 0 or s.marines_left <= 0:
                continue
            rng = battle.rng
            dice = [d6(rng) for _ in range(s.marines_left)]
            killed = min(sum(hits[f] for f in dice), s.boarders)
            s.boarders -= killed
            back = [d6(rng) for _ in range(s.boarders)]
            lost = min(sum(hits[f] for f in back), s.marines_left)
            s.marines_left -= lost
            if battle.log is not None:
                battle.say(f"  shipboard combat (B.14) aboard {s.label}: defenders roll {dice} -> {killed} boarding "
                           f"part{'y' if killed == 1 else 'ies'} killed; boarders roll {back} -> {lost} squad(s) "
                           f"killed; {s.boarders} boarding parties and {s.marines_left} defending squads left")

    # ------------------------------------------------------------ B.22 battery-specific lock-on
    def lock_on(self, battle: TableView, ship: Any, battery: str, target: Any) -> bool:
        """A battery's lock-on roll at a stealth ``target``: a die per stealth level, any 1 fails (B.22)."""
        dice = [d6(battle.rng) for _ in range(target.stealth)]
        ok = 1 not in dice
        if battle.log is not None:
            battle.say(f"    stealth lock-on (B.22, per battery) {ship.label} {battery} vs {target.label}: {dice} -> "
                       f"{'ok' if ok else 'fail'}")
        return ok
