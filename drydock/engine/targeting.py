"""Fire and targeting of the doctrines (4.1, issues 6 and 14).

Each battery fires at the target (ship or seeker/fighter flight) where its banks together do the most expected
damage; a bank that cannot bear on that target fires at its own best target (FrL banks of a battery at one
target form one volley). A flight is worth the expected damage of the seekers or fighters it is expected to
lose. Expendable weapons fire only at a range where they do at least ``EXPENDABLE_FRACTION`` of their best
expected damage. Seekers never target a detected cloaked ship (B.5).
"""

from __future__ import annotations

from drydock.engine.combat import effective_range, expected_hits_per_weapon
from drydock.engine.expectations import MatchTables
from drydock.engine.hexgrid import geometry
from drydock.engine.seekers import tiny_modifier
from drydock.engine.ships import ModeSpec, ShipSpec, ShipState
from drydock.engine.table_view import Declaration

EXPENDABLE_FRACTION = 0.75
#: declarations memoised per matchup before the memo is cleared
DECLARED_LIMIT = 100_000


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
        out = []
        spec = ship.spec
        geo = []
        for e in enemies:
            dist, mask, my_arc = geometry(e.q - ship.q, e.r - ship.r, ship.facing)
            their_arc = geometry(ship.q - e.q, ship.r - e.r, e.facing)[2]
            geo.append((e, effective_range(ship, dist, e), mask, my_arc, e.shield(their_arc), self.table(spec, e.spec)))
        fgeo = []
        for fl in flights:
            left = fl.count - fl.kills
            if left <= 0 or not fl.alive:
                continue
            dist, mask, my_arc = geometry(fl.q - ship.q, fl.r - ship.r, ship.facing)
            worth = fl.worth(ship)
            fgeo.append((fl, effective_range(ship, dist, fl), mask, my_arc, left, worth))
        # the mounts each bank may fire now (0: none)
        shots = [0 if (b.slow and turn - ship.bank_fired[i] <= b.slow)
                 or (b.dfn and ship.bank_dfn[i] == turn)  # C.5: fired in this turn's Fighter Phase
                 or (not b.modes and b.seeker is None) else ship.bank_alive[i] - ship.bank_spent[i]
                 for i, b in enumerate(spec.banks)]
        memo_key = None
        if not fgeo:  # at ships only, the choice is memoised on all it depends on (issue 22 speed)
            memo_key = (id(spec), tuple(shots), tuple((id(t), deff, mask, my_arc, es, e.cloaked)
                                                 for e, deff, mask, my_arc, es, t in geo))
            hit = self._declared.get(memo_key)
            if hit is not None:
                return [Declaration(i, geo[k][0], mi, band) for i, k, mi, band in hit]
        # every bank's options: target -> (expected value, mode index, band)
        options: dict[int, dict[int, tuple[float, object, int, int]]] = {}
        for i, b in enumerate(spec.banks):
            n = shots[i]
            if n <= 0:
                continue
            opts: dict[int, tuple[float, object, int, int]] = {}
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
            if b.seeker is None and not b.exp:
                for fl, deff, mask, my_arc, left, worth in fgeo:
                    if not (b.mask & mask or b.def_mask >> my_arc & 1):
                        continue
                    for mi, m in enumerate(b.modes):
                        band = m.band(deff)
                        if band < 0:
                            continue
                        kills = n * expected_hits_per_weapon(m.acc, tiny_mod(m, band, ship.fc), b.size, m.rof,
                                                             m.vlt, m.rpt)
                        v = min(kills, left) * worth
                        if v > 0 and v > opts.get(id(fl), (0.0,))[0]:
                            opts[id(fl)] = (v, fl, mi, band)
            if opts:
                options[i] = opts
        # each battery fires at the target where its banks together do the most; banks that cannot
        # bear on that target fire at their own best target
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
        for i in sorted(chosen):
            _, tgt, mi, band = options[i][chosen[i]]
            out.append(Declaration(i, tgt, mi, band))
        if memo_key is not None:
            if len(self._declared) > DECLARED_LIMIT:
                self._declared.clear()
            index = {id(g[0]): k for k, g in enumerate(geo)}
            self._declared[memo_key] = [(i, index[id(tgt)], mi, band) for i, tgt, mi, band in out]
        return out


def tiny_mod(mode: ModeSpec, band: int, fire_control: int) -> int:
    """The to-hit modifier of ``mode`` at a tiny target (fighters, seekers, minefields) in ``band``, with
    fire control cancelling penalties (4.2)."""
    rm = mode.range_mods[band]
    pos = rm if rm > 0 else 0
    neg = (-rm if rm < 0 else 0) - tiny_modifier(mode)
    neg = neg - fire_control if neg > fire_control else 0
    return pos - neg
