"""C.5 Proximity (Prx): the separate attack rolls a Proximity volley makes around its target.

C.5: "A separate attack roll is made against each element (friend or foe) in the target hex. In addition, an
attack roll is made against each element adjacent to the target hex, at a -1 penalty." and "If a Proximity
weapon is fired at a target one hex away, the firing starship is also attacked." Elements are starships,
fighter flights and seeker flights alike. B.22 (systems.md): stealth has "No effect on ... Proximity weapons",
so a failed lock-on does not stop a Proximity volley (see ``Battle``'s Combat Phase) and is not rolled here.

Under ``--rules companion`` (D5.1): "Proximity 0 weapons make a separate attack against each element (friend or foe)
in the target hex", Proximity 2 and 3 "within two / three hexes of the target hex"; Unity's -1 applies to every
element outside the target hex (reading: Proximity 1 is Unity's Proximity).

G.6 Three-Dimensional Play: "adjacent" only "at the same altitude", so an element next to the target hex is attacked
only at the target's altitude; one in the target hex at every altitude
(:meth:`~drydock.engine.options.altitude.Altitudes.in_burst`, play.three_d.proximity).

C.5: "A Proximity weapon may be fired at an empty hex." :func:`aim`: the doctrine fires a Proximity volley declared
at a ship at the empty hex (an :class:`EmptyHex`) where its expected hits on enemy ships, less those on its own side
(the firing ship included), are highest, when that is more than at the ship (not under G.6, whose burst follows the
target's altitude).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from drydock.engine.combat import BAND_NAMES, effective_range, expected_hits_per_weapon, to_hit_modifier
from drydock.engine.companion_play import proximity_radius
from drydock.engine.hexgrid import DIRS, decompose, distance, geometry, to_offset
from drydock.engine.munitions import Minefield, sweep
from drydock.engine.options.terrain import BLOCKED
from drydock.engine.seekers import shots_at_flight
from drydock.engine.ships import ModeSpec, ShipState
from drydock.engine.small_craft import surviving
from drydock.engine.table_view import Declaration, OptionsView, TableView


class Element(Protocol):
    """Anything standing on a hex: a starship or a flight."""

    q: int
    r: int


class Field(Protocol):
    """What a Proximity volley needs of the battle (``drydock.engine.battle.Battle`` has it)."""

    rng: random.Random
    log: list[str] | None
    flights: list[Any]

    @property
    def opt(self) -> OptionsView | None: ...  # G.6 altitudes, G terrain (None in the core game)

    def alive(self, side: int | None = None) -> list[ShipState]: ...

    def say(self, line: str) -> None: ...


def proximity(battle: Field, ship: ShipState, target: Element, mode: ModeSpec, n: int, size: int,
              band: int) -> None:
    """The volley's rolls at every element but ``target`` in the target hex, and at -1 next to it (C.5)."""
    tq, tr = target.q, target.r
    log = battle.log
    radius = proximity_radius(mode, ship.spec.companion)  # D5.1 Proximity 0-3 under --rules companion; else 1
    opt = battle.opt  # the optional rules in force
    alt = opt.altitudes if opt is not None else None  # G.6
    for e in battle.alive():
        if e is target or e.hidden:
            continue
        d = distance(e.q - tq, e.r - tr)
        if d <= radius and (alt is None or alt.in_burst(e, target, d)):
            what = f"proximity -> {e.label}" if log is not None else ""
            e.rules.burst(battle.rng, ship, e, mode, n, size, band, log, what, d, (tq, tr))  # D5.1 for the Companion
    for f in battle.flights:
        if f is target or not f.alive or f.count - f.kills <= 0:
            continue
        d = distance(f.q - tq, f.r - tr)
        # tiny targets (5.3): hits kill one each; the -1 next to the target hex as for ships
        if d <= radius and (alt is None or alt.in_burst(f, target, d)):
            hits, per = shots_at_flight(battle.rng, mode, n, size, band, ship.fc, penalty=min(d, 1))
            hits = surviving(battle.rng, f, hits, mode.imp_by_band[band])  # B.20 shuttle saves
            f.kills += hits
            if log is not None:
                battle.say(f"    proximity -> {f.label}: {n}x at {BAND_NAMES[band]} range vs tiny target"
                           f"{' at -1' if d else ''}: hits {per} -> {hits} killed (End Phase)")


#: an empty hex must do this many more expected hits than the declared target to be chosen instead
AIM_MARGIN = 1e-9


class EmptyHex:
    """The target hex of a Proximity volley fired at an empty hex (C.5)."""

    __slots__ = ("q", "r", "label")

    def __init__(self, q: int, r: int) -> None:
        self.q, self.r = q, r
        self.label = f"empty hex {to_offset(q, r)}"


def burst_value(battle: Field, ship: ShipState, mode: ModeSpec, size: int, band: int, q: int, r: int) -> float:
    """Expected hits per weapon of a Proximity volley at hex (q, r) on the enemy's starships less those on the
    firing side's own (C.5: full in the target hex, -1 next to it; D5.1's radius under ``--rules companion``)."""
    radius = proximity_radius(mode, ship.spec.companion)
    full = expected_hits_per_weapon(mode.acc, to_hit_modifier(mode, band, 0, ship.fc), size, mode.rof, mode.vlt,
                                    mode.rpt)
    near = expected_hits_per_weapon(mode.acc, to_hit_modifier(mode, band, 0, ship.fc) - 1, size, mode.rof,
                                    mode.vlt, mode.rpt)
    v = 0.0
    for e in battle.alive():
        if e.hidden:
            continue
        d = distance(e.q - q, e.r - r)
        if d <= radius:
            v += (full if d == 0 else near) * (1 if e.side != ship.side else -1)
    return v


def aim(battle: Field, ship: ShipState, decl: list[Declaration]) -> list[Declaration]:
    """``decl`` with each Proximity volley declared at a ship turned on the empty hex next to an enemy ship where
    :func:`burst_value` is highest, when that beats the declared target (C.5: "may be fired at an empty hex")."""
    banks = ship.spec.banks
    if not any(mi >= 0 and banks[i].modes[mi].prx for i, _, mi, _ in decl):
        return decl
    opt = battle.opt
    if opt is not None and opt.altitudes is not None:
        return decl  # G.6: the burst's altitude is the target's
    terrain = opt.terrain if opt is not None else None
    taken = {(e.q, e.r) for e in battle.alive()} | {(f.q, f.r) for f in battle.flights if f.alive}
    # in an order relative to the firing ship's facing (ties go the same way whichever side fires: rule 8)
    empty = sorted({(e.q + dq, e.r + dr) for e in battle.alive(1 - ship.side) if not e.hidden for dq, dr in DIRS}
                   - taken, key=lambda x: decompose(x[0] - ship.q, x[1] - ship.r, ship.facing))
    out = []
    for i, target, mi, band in decl:
        b = banks[i]
        if mi < 0 or not b.modes[mi].prx or not isinstance(target, ShipState):
            out.append(Declaration(i, target, mi, band))
            continue
        mode = b.modes[mi]
        best: ShipState | EmptyHex = target
        best_v = burst_value(battle, ship, mode, b.size, band, target.q, target.r)
        for q, r in empty:
            dist, mask, my_arc = geometry(q - ship.q, r - ship.r, ship.facing)
            if not (b.mask & mask or b.def_mask >> my_arc & 1):
                continue
            hb = mode.band(effective_range(ship, dist))
            if hb < 0 or (terrain is not None and terrain.sight(ship.q, ship.r, q, r) >= BLOCKED):
                continue
            v = burst_value(battle, ship, mode, b.size, hb, q, r)
            if v > best_v + AIM_MARGIN:
                best, best_v, band = EmptyHex(q, r), v, hb
        out.append(Declaration(i, best, mi, band))
    return out


def sweep_or_burst(battle: TableView, ship: ShipState, target: Minefield | EmptyHex, mode: ModeSpec, n: int, size: int,
                   band: int, what: str) -> None:
    """A volley at a minefield (B.15 minesweeping) or a Proximity volley at an empty hex (C.5)."""
    if isinstance(target, Minefield):
        sweep(battle, ship, target, mode, n, size, band, what)
        return
    if battle.log is not None:
        battle.say(f"    {what}: {n}x at {BAND_NAMES[band]} range at an empty hex (C.5)")
    proximity(battle, ship, target, mode, n, size, band)
