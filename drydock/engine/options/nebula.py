"""G.4 Nebulae (``--terrain nebula``, the whole board): ranges +50% rounded up, long range sensors cancel it
(``play.nebula.range_increase``); "all cloaked starships are automatically detected" (the table, on entering)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from drydock import numbers
from drydock.engine.options.terrain_rule import TerrainRule
from drydock.engine.ships import ShipState


class Nebula(TerrainRule):
    section = "G.4"
    numbers = ("nebula",)

    def ranges(self, s: ShipState) -> Callable[[int], int] | None:
        """Ranges +50% rounded up; long range sensors cancel it (but do not reduce the range further)."""
        f = Fraction(numbers.parse(self.play["nebula"]["range_increase"]))  # the one bounded parser (checked once)

        def eff(rng: int) -> int:
            if s.lrs:
                return rng
            x = rng * (1 + f)
            return -(-x.numerator // x.denominator)
        return eff


__all__ = ["Nebula"]
