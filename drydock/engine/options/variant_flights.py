"""F.4 Fighter Variants (``--option F.4``): each carrier's flights are assault, bomber, heavy, interceptor or light
flights, chosen at battle time (``play.fighter_variants.field``: the doctrine's mix or one variant for every
carrier); the flight classes and the readings: :mod:`drydock.engine.options.fighter_variants`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drydock.engine.fighters import FighterFlight, Shuttle
from drydock.engine.options.fighter_rules import fighter_doctrine
from drydock.engine.options.fighter_variants import SIDES, become, doctrine_mix, is_lrf, variant_class
from drydock.engine.options.rule import OptionalRule
from drydock.errors import RulesError

if TYPE_CHECKING:  # type-only imports: the package's InForce, the battle as the options see it
    from drydock.engine.options import InForce
    from drydock.engine.options.host import OptionHost


class FighterVariants(OptionalRule):
    section = "F.4"
    numbers = ("fighter_variants",)

    def __init__(self, battle: OptionHost, in_force: InForce) -> None:
        super().__init__(battle, in_force)
        table = self.play["fighter_variants"]
        self.field: str = table["field"]
        if self.field != "doctrine" and self.field not in table["variants"]:
            raise RulesError(f"rules entry play.fighter_variants.field: {str(self.field)[:30]!r} is not doctrine or "
                             f"a variant ({', '.join(table['variants'])})")
        self.classes = {k: variant_class(k, v) for k, v in table["variants"].items()}
        self.lrf_classes = {k: variant_class(k, v, lrf=True) for k, v in table["variants"].items()}
        self.assigned: set[int] = set()
        self.interceptors = [0, 0]  # interceptor flights each side still to field
        fighter_doctrine(battle).variants = self

    def place(self) -> None:
        """Each side's mix, knowing both fleets (after F.6's flights are placed), and the flights on the table."""
        b = self.battle
        counts = [0, 0]
        for s in b.ships:
            if s.rules.variant_flights():
                counts[s.side] += s.spec.flights
        for f in b.flights:
            if is_lrf(f):
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

    def assign_new(self) -> None:
        """Flights not yet given a variant get one (in the order they came into play)."""
        b = self.battle
        for f in b.flights:
            if f.uid in self.assigned or not isinstance(f, FighterFlight) or isinstance(f, Shuttle):
                continue
            self.assigned.add(f.uid)
            if not f.carrier.rules.variant_flights() and not is_lrf(f):  # X.2 flights stay as they are
                continue
            name = self.field
            if name == "doctrine":
                name = "interceptor" if self.interceptors[f.side] > 0 else "bomber"
                if name == "interceptor":
                    self.interceptors[f.side] -= 1
            fresh = f.count == f.size
            become(f, (self.lrf_classes if is_lrf(f) else self.classes)[name])
            if fresh:
                f.count = f.size
            if b.log is not None:
                b.say(f"  {f.label}: {name} flight, {f.count} fighters (F.4)")


__all__ = ["FighterVariants"]
