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

from drydock.engine.dice import d6
from drydock.engine.options.rule import OptionalRule
from drydock.engine.table_view import Boarding, TableView

if TYPE_CHECKING:  # a type-only import: the package's InForce
    from drydock.engine.options import InForce


class ShipboardCombat(OptionalRule):
    section = "B.14"
    numbers = ("shipboard_combat",)

    def __init__(self, battle: TableView, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        table = self.play["shipboard_combat"]["hits"]
        #: hits by die face 1-6 (index 0 unused)
        self.hits: tuple[int, ...] = (0, *(int(table[str(face)]) for face in range(1, 7)))

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

    def end_damage(self) -> None:
        """End Phase, before captures: on every ship with boarders and defending squads aboard, the defenders roll a
        die per squad (each hit kills a party), then each surviving party rolls (each hit kills a squad)."""
        battle, hits = self.battle, self.hits
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


__all__ = ["ShipboardCombat"]
