"""Expected-damage tables the doctrines plan with (issues 6 and 14).

Each match-up precomputes, per bank, the expected damage of one mount against each enemy design at every
(effective, B.13) range and shield rating, choosing the better mode of a dual-mode weapon per cell (C.2);
seeker banks (C.4) do the same damage at any range. :func:`bank_rows` gives a ship's live banks with them.
"""

from __future__ import annotations

from functools import cache

from drydock.engine.combat import expected_damage
from drydock.engine.companion_play import doctrine_factor
from drydock.engine.hexgrid import geometry
from drydock.engine.seekers import seeker_expected
from drydock.engine.ships import ShipSpec, ShipState

MAX_SHIELD = 5
SEEKER_REACH = 64  # table length for seeker banks (any range on the board)


class MatchTables:
    """Expected-damage tables of one attacker design against one defender design."""

    __slots__ = ("ed", "mode", "by_range", "max_range", "best")

    def __init__(self, att: ShipSpec, dfn: ShipSpec) -> None:
        self.max_range = max((b.long for b in att.banks), default=0)
        n = self.max_range + 1
        # a column per shield rating the defender can present: 0-5, or up to its highest (A.1, 4.3: high_shields)
        top = max(MAX_SHIELD, max(dfn.shield_arcs or dfn.shield_track[:1] or (0,)))
        # indexed by *effective* range (B.13): callers convert the actual range first
        self.ed: list[list[list[float]]] = []  # [bank][effective range][shield]
        self.mode: list[list[list[int]]] = []
        for b in att.banks:
            if b.seeker is not None:  # C.4: no range limit; the same expected damage at every range
                per = [seeker_expected(b.seeker, sh, dfn.afb, dfn.ionized)  # C.4: mounts x ROF seekers
                       * (3.5 if b.seeker.vlt else b.seeker.rof) for sh in range(top + 1)]
                self.ed.append([per] * SEEKER_REACH)
                self.mode.append([[-1] * (top + 1)] * SEEKER_REACH)
                continue
            e_b, m_b = [], []
            for r in range(n):
                e_r, m_r = [], []
                for s in range(top + 1):
                    best, bi = 0.0, -1
                    for i, m in enumerate(b.modes):
                        band = m.band(r)
                        if band < 0:
                            continue
                        v = expected_damage(m, band, b.size, s, dfn.cm, att.fc, dfn.ionized)
                        if dfn.companion is not None:  # the Captain's Companion's D5 traits (companion_play)
                            v *= doctrine_factor(m, dfn.ionized)
                        if v > best:
                            best, bi = v, i
                    e_r.append(best)
                    m_r.append(bi)
                e_b.append(e_r)
                m_b.append(m_r)
            self.ed.append(e_b)
            self.mode.append(m_b)
        s0 = mean_shield(dfn)
        far = self.max_range * 2 + 2
        # by actual range, for the preferred-range doctrine: the banks that bear on one target hex (4.1)
        self.by_range = []
        for r in range(far + 1):
            rr = r - r // 3 if att.lrs else r
            self.by_range.append(max((sum(self.ed[i][rr][s0] * att.banks[i].mounts for i in bearing
                                          if 0 < rr < len(self.ed[i]))
                                      for bearing in bearing_sets(tuple((b.mask, b.def_mask) for b in att.banks), r)),
                                     default=0.0))
        self.best = max(self.by_range, default=0.0)

    def bank_ed(self, bank: int, rng: int, shield: int) -> float:
        e = self.ed[bank]
        return e[rng][shield] if rng < len(e) else 0.0


#: from this range on the distinct arcs of a ring repeat with period 2 (checked to range 150 in the tests)
RING_PERIODIC = 5


def ring_arcs(r: int) -> frozenset[tuple[int, int]]:
    """The distinct (component-arc mask, defensive arc) of the hexes at range ``r`` (4.1: a hex cut by a
    boundary is in both arcs)."""
    return _ring_arcs(r if r < RING_PERIODIC + 2 else RING_PERIODIC + (r - RING_PERIODIC) % 2)


@cache
def _ring_arcs(r: int) -> frozenset[tuple[int, int]]:
    out = set()
    for dq in range(-r, r + 1):
        for dr in range(max(-r, -dq - r), min(r, -dq + r) + 1):
            if max(abs(dq), abs(dr), abs(dq + dr)) == r:
                _, mask, arc = geometry(dq, dr, 0)
                out.add((mask, arc))
    return frozenset(out)


def bearing_sets(arcs: tuple[tuple[int, int], ...], r: int) -> tuple[tuple[int, ...], ...]:
    """For banks with (arc mask, defensive-arc mask) ``arcs``: the sets of banks that can bear on one target
    hex at range ``r`` (so a port-half and a starboard-half bank add up only where a hex is in both)."""
    return _bearing_sets(arcs, ring_arcs(r))


@cache
def _bearing_sets(arcs: tuple[tuple[int, int], ...], ring: frozenset) -> tuple[tuple[int, ...], ...]:
    sets = {tuple(i for i, (bm, dm) in enumerate(arcs) if bm & mask or dm >> arc & 1) for mask, arc in ring}
    return tuple(sorted(sets))


def mean_shield(spec: ShipSpec) -> int:
    if spec.shield_arcs is not None:
        return round(sum(spec.shield_arcs) / 4)
    return spec.shield_track[0] if spec.shield_track else 0


def bank_rows(ship: ShipState, table: MatchTables) -> list[tuple[int, int, int, list[list[float]]]]:
    """(arc mask, defensive-arc mask, working mounts, expected damage [range][shield]) per live bank."""
    return [(b.mask, b.def_mask, ship.bank_alive[i], table.ed[i])
            for i, b in enumerate(ship.spec.banks) if ship.bank_alive[i]]
