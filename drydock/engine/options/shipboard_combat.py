"""B.14 Marines, Shipboard Combat (``--option B.14``): "defending marine squads are not sacrificed in order to destroy
boarding parties on a 1:1 basis; instead, the opposing forces engage in shipboard combat until one or the other has
been eliminated. Only after all defending marine squads have been removed can the starship be captured. During the
End Phase, the defending player rolls a number of dice equal to the number of marine squads on the starship ... Roll
1-2 3-5 6 Number of Hits None One Two. Each hit results in the elimination of an attacking boarding party. After
casualties are removed, roll one die on the above chart for each surviving boarding party; each hit eliminates one
defending marine squad." (``play.shipboard_combat``)

Boarding and captures (:mod:`drydock.engine.systems`) read it through :meth:`ShipboardCombat.boarding`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from drydock.engine.companion_hulk import capture_cleared, hulks
from drydock.engine.dice import d6
from drydock.engine.options.rule import OptionalRule
from drydock.engine.table_view import Boarding

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


#: the doctrine: the End Phases of shipboard combat a boarding is weighed over, the chance of clearing the defenders
#: that makes it worthwhile, and the most parties and squads the chance is computed for exactly (the mean beyond)
BOARD_ROUNDS = 3
BOARD_ODDS = Fraction(1, 2)
EXACT_BOARDERS = 16


class ShipboardCombat(OptionalRule):
    section = "B.14"
    numbers = ("shipboard_combat",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        table = self.play["shipboard_combat"]["hits"]
        #: hits by die face 1-6 (index 0 unused)
        self.hits: tuple[int, ...] = (0, *(int(table[str(face)]) for face in range(1, 7)))
        self._dist: dict[int, dict[int, Fraction]] = {}  # hits by number of dice (the chart)
        self._clear: dict[tuple[int, int, int], Fraction] = {}  # clear_chance

    def setup(self) -> None:
        """Each ship's rules learn that shipboard combat is played (D5.3: a Companion hulk's capture waits for its
        defenders)."""
        for s in self.battle.ships:
            s.rules.shipboard_combat()

    def boarding(self) -> Boarding | None:
        return self

    def mean_hits(self) -> Fraction:
        """The chart's mean hits per die (5/6 by the book): what the doctrine counts a die as."""
        return Fraction(sum(self.hits[1:]), 6)

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
                        h = k + self.hits[face]
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

    def end_damage(self) -> None:
        """End Phase, before captures: on every ship with boarders and defending squads aboard, the defenders roll a
        die per squad (each hit kills a party), then each surviving party rolls (each hit kills a squad)."""
        battle, hits = self.battle, self.hits
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


__all__ = ["BOARD_ODDS", "BOARD_ROUNDS", "EXACT_BOARDERS", "ShipboardCombat"]
