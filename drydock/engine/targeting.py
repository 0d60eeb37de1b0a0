"""Fire and targeting of the doctrines (4.1, issues 6 and 14).

Each battery fires at the target (ship or seeker/fighter flight) where its banks together do the most expected
damage; a bank that cannot bear on that target fires at its own best target (FrL banks of a battery at one
target form one volley). A flight is worth the expected damage of the seekers or fighters it is expected to
lose. Expendable weapons fire only at a range where they do at least ``EXPENDABLE_FRACTION`` of their best
expected damage. Seekers never target a detected cloaked ship (B.5).
"""

from __future__ import annotations

from typing import Any

from drydock.engine.combat import effective_range, expected_hits_per_weapon
from drydock.engine.expectations import MatchTables
from drydock.engine.hexgrid import geometry
from drydock.engine.seekers import tiny_modifier
from drydock.engine.ships import BankSpec, ModeSpec, ShipSpec, ShipState
from drydock.engine.table_view import Declaration

EXPENDABLE_FRACTION = 0.75
#: declarations memoised per matchup before the memo is cleared
DECLARED_LIMIT = 100_000

#: an enemy ship as a ship sees it: (ship, effective range, arc mask, defensive arc towards it, its shield, tables)
ShipSight = tuple[ShipState, int, int, int, int, MatchTables]
#: an enemy flight as a ship sees it: (flight, effective range, arc mask, defensive arc, left, worth of one)
FlightSight = tuple[Any, int, int, int, int, float]
#: one bank's option at one target: (expected value, target, mode index (-1: launch seekers), band)
Option = tuple[float, object, int, int]


class Targeting:
    """The fire half of :class:`~drydock.engine.ai.Doctrine` (it needs only the match-up's tables)."""

    #: declarations at ships only, by what they depend on: (bank, index of the target, mode, band)
    _declared: dict[tuple, list[tuple[int, int, int, int]]]

    def table(self, att: ShipSpec, dfn: ShipSpec) -> MatchTables:  # pragma: no cover - Doctrine's
        raise NotImplementedError

    def declare(self, ship: ShipState, enemies: list[ShipState], turn: int, flights: list | tuple = ()
                ) -> list[Declaration]:
        """Declarations (bank, target, mode index, band) for ``ship`` (4.1).

        Targets are enemy ships (``ShipState``) or enemy flights (``SeekerFlight``, ``FighterFlight``; mode index
        -1 = launch seekers, C.4); ``munitions.sweep_declarations`` adds minefields (B.15). Shooting a
        flight is worth the expected damage of the seekers or fighters it is expected to kill.
        """
        geo = self.ship_sights(ship, enemies)
        fgeo = flight_sights(ship, flights)
        shots = ready_mounts(ship, turn)
        memo_key = None
        if not fgeo:  # at ships only, the choice is memoised on all it depends on (issue 22 speed)
            memo_key = (id(ship.spec), tuple(shots), tuple((id(t), deff, mask, my_arc, es, e.cloaked)
                                                      for e, deff, mask, my_arc, es, t in geo))
            hit = self._declared.get(memo_key)
            if hit is not None:
                return [Declaration(i, geo[k][0], mi, band) for i, k, mi, band in hit]
        options = bank_options(ship, shots, geo, fgeo)
        chosen = battery_targets(ship.spec, options)
        out = []
        for i in sorted(chosen):
            _, tgt, mi, band = options[i][chosen[i]]
            out.append(Declaration(i, tgt, mi, band))
        if memo_key is not None:
            self.remember(memo_key, geo, out)
        return out

    def ship_sights(self, ship: ShipState, enemies: list[ShipState]) -> list[ShipSight]:
        """Each enemy ship as ``ship`` sees it (4.1): (ship, effective range, arc mask, ``ship``'s defensive arc
        towards it, its shield facing ``ship``, the match-up's tables)."""
        geo = []
        for e in enemies:
            dist, mask, my_arc = geometry(e.q - ship.q, e.r - ship.r, ship.facing)
            their_arc = geometry(ship.q - e.q, ship.r - e.r, e.facing)[2]
            geo.append((e, effective_range(ship, dist, e), mask, my_arc, e.shield(their_arc),
                        self.table(ship.spec, e.spec)))
        return geo

    def remember(self, memo_key: tuple, geo: list[ShipSight], out: list[Declaration]) -> None:
        """Memoise the declarations at ships only by the index of each target in ``geo`` (issue 22 speed)."""
        if len(self._declared) > DECLARED_LIMIT:
            self._declared.clear()
        index = {id(g[0]): k for k, g in enumerate(geo)}
        self._declared[memo_key] = [(i, index[id(tgt)], mi, band) for i, tgt, mi, band in out]


def flight_sights(ship: ShipState, flights: list | tuple) -> list[FlightSight]:
    """Each enemy flight still in play as ``ship`` sees it (4.1, 5.4, C.4): (flight, effective range, arc mask,
    ``ship``'s defensive arc towards it, fighters or seekers left, the worth of one of them to ``ship``)."""
    fgeo = []
    for fl in flights:
        left = fl.count - fl.kills
        if left <= 0 or not fl.alive:
            continue
        dist, mask, my_arc = geometry(fl.q - ship.q, fl.r - ship.r, ship.facing)
        worth = fl.worth(ship)
        fgeo.append((fl, effective_range(ship, dist, fl), mask, my_arc, left, worth))
    return fgeo


def ready_mounts(ship: ShipState, turn: int) -> list[int]:
    """The mounts each bank may fire this turn (0: none): not a slow weapon still reloading (C.5 Slow), not a
    Dfn bank that fired in this turn's Fighter Phase (C.5), not a bank with nothing to fire."""
    return [0 if (b.slow and turn - ship.bank_fired[i] <= b.slow)
            or (b.dfn and ship.bank_dfn[i] == turn)  # C.5: fired in this turn's Fighter Phase
            or (not b.modes and b.seeker is None) else ship.bank_alive[i] - ship.bank_spent[i]
            for i, b in enumerate(ship.spec.banks)]


def bank_options(ship: ShipState, shots: list[int], geo: list[ShipSight], fgeo: list[FlightSight]
                 ) -> dict[int, dict[int, Option]]:
    """Every bank's options (4.1): bank -> target's id -> (expected value, target, mode index, band); banks
    with no target left out."""
    options: dict[int, dict[int, Option]] = {}
    for i, b in enumerate(ship.spec.banks):
        n = shots[i]
        if n <= 0:
            continue
        opts = ship_options(i, b, n, geo)
        if b.seeker is None and not b.exp:
            flight_options(ship, b, n, fgeo, opts)
        if opts:
            options[i] = opts
    return options


def ship_options(i: int, b: BankSpec, n: int, geo: list[ShipSight]) -> dict[int, Option]:
    """Bank ``i``'s options at enemy ships in its arcs (4.1): its ``n`` mounts' expected damage in the best mode.
    Expendable weapons only at ``EXPENDABLE_FRACTION`` of their best; seekers never at a detected cloaked ship
    (B.5)."""
    opts: dict[int, Option] = {}
    for e, deff, mask, my_arc, es, t in geo:
        if not (b.mask & mask or b.def_mask >> my_arc & 1):
            continue
        v = t.bank_ed(i, deff, es)
        if v <= 0:
            continue
        if b.exp and v < EXPENDABLE_FRACTION * max(row[es] for row in t.ed[i]):
            continue
        if b.seeker is not None:
            if e.cloaked:  # B.5: a detected cloaked ship may not be targeted by seekers
                continue
            opts[id(e)] = (v * n, e, -1, -1)
        else:
            mi = t.mode[i][deff][es]
            opts[id(e)] = (v * n, e, mi, b.modes[mi].band(deff))
    return opts


def flight_options(ship: ShipState, b: BankSpec, n: int, fgeo: list[FlightSight], opts: dict[int, Option]) -> None:
    """Add a direct-fire bank's options at enemy flights in its arcs to ``opts`` (4.1, 4.2 tiny targets): the
    fighters or seekers its ``n`` mounts are expected to kill (at most those left) times their worth, in the
    best mode."""
    for fl, deff, mask, my_arc, left, worth in fgeo:
        if not (b.mask & mask or b.def_mask >> my_arc & 1):
            continue
        for mi, m in enumerate(b.modes):
            band = m.band(deff)
            if band < 0:
                continue
            kills = n * expected_hits_per_weapon(m.acc, tiny_mod(m, band, ship.fc), b.size, m.rof, m.vlt, m.rpt)
            v = min(kills, left) * worth
            if v > 0 and v > opts.get(id(fl), (0.0,))[0]:
                opts[id(fl)] = (v, fl, mi, band)


def battery_targets(spec: ShipSpec, options: dict[int, dict[int, Option]]) -> dict[int, int]:
    """Bank -> the id of its target (4.1): each battery fires at the target where its banks together do the most;
    banks that cannot bear on that target fire at their own best target."""
    chosen: dict[int, int] = {}
    for battery in range(len(spec.battery_limits)):
        banks = [i for i in options if spec.banks[i].battery == battery]
        if not banks:
            continue
        totals: dict[int, float] = {}
        for i in banks:
            for key, o in options[i].items():
                totals[key] = totals.get(key, 0.0) + o[0]
        target = max(totals, key=lambda k: totals[k])
        for i in banks:
            chosen[i] = target if target in options[i] else max(options[i], key=lambda k: options[i][k][0])
    return chosen


def tiny_mod(mode: ModeSpec, band: int, fire_control: int) -> int:
    """The to-hit modifier of ``mode`` at a tiny target (fighters, seekers, minefields) in ``band``, with
    fire control cancelling penalties (4.2)."""
    rm = mode.range_mods[band]
    pos = rm if rm > 0 else 0
    neg = (-rm if rm < 0 else 0) - tiny_modifier(mode)
    neg = neg - fire_control if neg > fire_control else 0
    return pos - neg
