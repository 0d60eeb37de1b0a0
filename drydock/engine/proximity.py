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
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from drydock.engine.combat import BAND_NAMES
from drydock.engine.companion_play import proximity_radius
from drydock.engine.hexgrid import distance
from drydock.engine.seekers import shots_at_flight
from drydock.engine.ships import ModeSpec, ShipState
from drydock.engine.small_craft import surviving


class Element(Protocol):
    """Anything standing on a hex: a starship or a flight."""

    q: int
    r: int


class Field(Protocol):
    """What a Proximity volley needs of the battle (``drydock.engine.battle.Battle`` has it)."""

    rng: random.Random
    log: list[str] | None
    flights: list[Any]

    def alive(self, side: int | None = None) -> list[ShipState]: ...

    def say(self, line: str) -> None: ...


def proximity(battle: Field, ship: ShipState, target: Element, mode: ModeSpec, n: int, size: int,
              band: int) -> None:
    """The volley's rolls at every element but ``target`` in the target hex, and at -1 next to it (C.5)."""
    tq, tr = target.q, target.r
    log = battle.log
    radius = proximity_radius(mode, ship.spec.companion)  # D5.1 Proximity 0-3 under --rules companion; else 1
    opt = getattr(battle, "opt", None)  # the optional rules in force (a stand-in battle may have none)
    alt = opt.moves.altitudes if opt is not None and opt.moves is not None else None  # G.6
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
