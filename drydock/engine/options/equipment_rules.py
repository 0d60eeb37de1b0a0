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
from drydock.engine.companion_hulk import capture_cleared, hulks
from drydock.engine.dice import d6
from drydock.engine.table_view import TableView

#: the sections played here
EQUIPMENT_OPTIONS = frozenset({"B.14", "B.18", "B.22"})
#: B.14 doctrine: the End Phases of shipboard combat a boarding is weighed over, the chance of clearing the defenders
#: that makes it worthwhile, and the most parties and squads the chance is computed for exactly (the mean beyond)
BOARD_ROUNDS = 3
BOARD_ODDS = Fraction(1, 2)
EXACT_BOARDERS = 16


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
        self._dist: dict[int, dict[int, Fraction]] = {}  # hits by number of dice (B.14 chart)
        self._clear: dict[tuple[int, int, int], Fraction] = {}  # clear_chance

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

    def _hits(self, dice: int) -> dict[int, Fraction]:
        """The chance of each number of hits from ``dice`` dice on the chart (exact)."""
        out = self._dist.get(dice)
        if out is None:
            out = {0: Fraction(1)}
            for _ in range(dice):
                nxt: dict[int, Fraction] = {}
                for k, p in out.items():
                    for face in range(1, 7):
                        h = k + self.shipboard[face]
                        nxt[h] = nxt.get(h, Fraction(0)) + p / 6
                out = nxt
            self._dist[dice] = out
        return out

    def clear_chance(self, boarders: int, defenders: int, rounds: int = BOARD_ROUNDS) -> Fraction:
        """The chance that ``boarders`` parties aboard eliminate ``defenders`` squads within ``rounds`` End Phases of
        shipboard combat (defenders' dice first, then the survivors', by the chart; exact)."""
        if defenders <= 0:
            return Fraction(1)
        if boarders <= 0 or rounds <= 0:
            return Fraction(0)
        key = (boarders, defenders, rounds)
        out = self._clear.get(key)
        if out is None:
            out = Fraction(0)
            for k, p in self._hits(defenders).items():
                left = boarders - k
                if left <= 0:
                    continue
                for m, q in self._hits(left).items():
                    out += p * q * self.clear_chance(left, defenders - m, rounds - 1)
            self._clear[key] = out
        return out

    def boarding_chance(self, squads: int, marines: int, hull_left: int, boarders: int, defenders: int
                        ) -> Fraction | None:
        """The doctrine under B.14: is sending ``squads`` (of the ``marines`` the ship has left) at a ship with
        ``hull_left`` unchecked hull boxes, ``boarders`` parties and ``defenders`` squads aboard worthwhile? Parties
        stay aboard from one End Phase to the next and the capture waits for the hull boxes the guns take, so it is
        when the ship's marines could capture it ("boarding parties ... equal to or greater than the number of
        unchecked hull boxes") and the parties aboard would more likely than not clear its defenders within
        :data:`BOARD_ROUNDS` End Phases (:data:`BOARD_ODDS`). Returns that chance, or None. Beyond
        :data:`EXACT_BOARDERS` parties and squads the chart's mean decides (:meth:`parties_needed`)."""
        if boarders + marines < hull_left or squads <= 0:
            return None
        if boarders + squads + defenders > EXACT_BOARDERS:
            return Fraction(1) if squads >= self.parties_needed(0, boarders, defenders) else None
        chance = self.clear_chance(boarders + squads, defenders)
        return chance if chance >= BOARD_ODDS else None

    def shipboard_combat(self, battle: TableView) -> None:
        """End Phase, before captures: on every ship with boarders and defending squads aboard, the defenders
        roll a die per squad (each hit kills a party), then each surviving party rolls (each hit kills a squad)."""
        hits = self.shipboard
        disabled = hulks(battle)  # D5.3: parties aboard a disabled ship fight its squads too
        for s in battle.alive() + disabled:
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
        if disabled:
            capture_cleared(battle)

    # ------------------------------------------------------------ B.22 battery-specific lock-on
    def lock_on(self, battle: TableView, ship: Any, battery: str, target: Any) -> bool:
        """A battery's lock-on roll at a stealth ``target``: a die per stealth level, any 1 fails (B.22)."""
        dice = [d6(battle.rng) for _ in range(target.stealth)]
        ok = 1 not in dice
        if battle.log is not None:
            battle.say(f"    stealth lock-on (B.22, per battery) {ship.label} {battery} vs {target.label}: {dice} -> "
                       f"{'ok' if ok else 'fail'}")
        return ok
