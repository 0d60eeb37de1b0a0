"""Appendix G terrain: the ``--terrain`` spelling, seeded placement, and what terrain does to movement and fire.

Spelling (``--terrain``, repeatable): ``asteroids[:N]`` (N single asteroids, G.1; default 6),
``asteroid-field[:SIZE]`` (G.1, size 1-5, default 3), ``black-hole[:SIZE]`` (G.2, default 2;
``black-hole-printed[:SIZE]``: G.2a, the pull table's size 5 as printed), ``comet``
(G.3), ``nebula`` (G.4, the whole board), ``planet[:SIZE]`` (G.5, default 2) and ``three-d`` (G.6, altitudes;
``three-d-doubled``: G.6a, the other reading of its range).

Placement: the book leaves it to the scenario; each battle draws it from its own random generator, centres
uniformly among the hexes at least ``SIZE + 1`` from the set-up areas (so no set-up hex is inside terrain),
a distribution that is its own point image, so swapping the sides changes nothing on average.

What terrain does to fighter flights, seekers, minefields and hidden cloaked ships, and the black hole's pull on all
of them, is in :mod:`drydock.engine.options.terrain_elements`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from drydock.engine.hazards import DEADLY, pull_distance
from drydock.engine.hazards import pull_step as hazards_pull_step
from drydock.engine.hexgrid import DIRS, distance, from_offset, hex_line, to_offset
from drydock.errors import DrydockError

KINDS = {"asteroids": ("G.1", 6, 1, 40), "asteroid-field": ("G.1", 3, 1, 5), "black-hole": ("G.2", 2, 1, 5),
         "black-hole-printed": ("G.2a", 2, 1, 5),
         "comet": ("G.3", 0, 0, 0), "nebula": ("G.4", 0, 0, 0), "planet": ("G.5", 2, 1, 5),
         "three-d": ("G.6", 0, 0, 0), "three-d-doubled": ("G.6a", 0, 0, 0)}
_SPEC = re.compile(r"^\s*([a-z-]+)\s*(?::\s*(\d{1,3}))?\s*$")


@dataclass(frozen=True)
class TerrainPiece:
    section: str
    kind: str
    n: int

    @property
    def spec(self) -> str:
        return f"{self.kind}:{self.n}" if self.n else self.kind


def parse_terrain(text: str) -> TerrainPiece:
    """One ``--terrain`` value, or a DrydockError quoting it and the spelling."""
    m = _SPEC.match(text.lower())
    kind = m.group(1) if m else ""
    if kind not in KINDS:
        raise DrydockError(f"--terrain {text[:30]!r}: expected one of " + ", ".join(
            f"{k}[:N]" if KINDS[k][1] else k for k in KINDS) + " (G)")
    section, default, lo, hi = KINDS[kind]
    n = int(m.group(2)) if m and m.group(2) else default
    if not hi and m and m.group(2):
        raise DrydockError(f"--terrain {text[:30]!r}: {kind} takes no size")
    if hi and not lo <= n <= hi:
        raise DrydockError(f"--terrain {text[:30]!r}: {kind} size/count must be {lo}-{hi} ({section})")
    return TerrainPiece(section, kind, n)


class Terrain:
    """The terrain of one battle: hexes that destroy what enters them and block sight (asteroid, planet,
    comet nucleus, event horizon), asteroid-field dice per hex, hexes that cost -1 to hit (fields, coma,
    tail), black holes, and whether the battle is in a nebula."""

    def __init__(self) -> None:
        self.deadly: set[tuple[int, int]] = set()
        #: what each deadly hex holds, for the log ("an asteroid", "a planet", "a comet's nucleus", "an event horizon")
        self.what: dict[tuple[int, int], str] = {}
        self.fields: dict[tuple[int, int], int] = {}
        self.murk: set[tuple[int, int]] = set()  # G.3 coma and tail hexes
        self.holes: list[tuple[int, int, int]] = []
        self.planets: list[tuple[int, int, int]] = []  # G.5: (q, r, size), for orbits (drydock.engine.orbits)
        self.nebula = False
        self.placed: list[str] = []

    def place(self, pieces: tuple[TerrainPiece, ...], rng: random.Random, board: tuple[int, int],
              depth: int, tail_length: int, wind: int | None = None) -> None:
        """Place ``pieces``; ``wind``: the B.21 solar wind's direction, if a ship has sails (G.3: "If using B.21:
        Solar Sails (p.37), the comet's tail extends in the direction of the solar wind"), else the tail's
        direction is rolled ("determine the direction randomly before the scenario begins")."""
        w, h = board
        for p in pieces:
            if p.kind == "nebula":
                self.nebula = True
                self.placed.append("nebula (G.4): the whole board")
                continue
            if p.kind.startswith("three-d"):  # G.6: nothing on the board (drydock.engine.options.altitude)
                self.placed.append(f"three-dimensional play ({p.section}): altitudes 0-6, every ship at 3")
                continue
            reach = p.n if p.kind in ("asteroid-field", "black-hole", "black-hole-printed", "planet") else 1
            cols = [c for c in range(depth + reach, w - depth - reach)] or [w // 2]
            rows = [r for r in range(reach, h - reach)] or [h // 2]
            count = p.n if p.kind == "asteroids" else 1
            for _ in range(count):
                c, r = rng.choice(cols), rng.choice(rows)
                q, rr = from_offset(c, r)
                tail = ""
                if p.kind == "asteroids":
                    self._deadly({(q, rr)}, "an asteroid")
                elif p.kind == "asteroid-field":
                    for x in _disc(q, rr, p.n):
                        self.fields[x] = self.fields.get(x, 0) + 1
                elif p.kind == "planet":
                    self._deadly(_disc(q, rr, p.n), "a planet")
                    self.planets.append((q, rr, p.n))
                elif p.kind.startswith("black-hole"):
                    self.holes.append((q, rr, p.n))
                    self._deadly(_disc(q, rr, p.n), "an event horizon")
                else:  # G.3 comet: nucleus, coma (the six hexes around it), a tail (B.21: with the solar wind)
                    self._deadly({(q, rr)}, "a comet's nucleus")
                    self.murk.update(_disc(q, rr, 1) - {(q, rr)})
                    k6 = wind if wind is not None else int(rng.random() * 6)
                    d = DIRS[k6]
                    self.murk.update((q + d[0] * k, rr + d[1] * k) for k in range(2, tail_length + 2))
                    tail = f", tail toward direction {k6}" + (" with the solar wind (B.21)" if wind is not None
                                                              else "")
                self.placed.append(f"{p.spec} ({p.section}) at {to_offset(q, rr)}{tail}")

    def _deadly(self, hexes: set[tuple[int, int]], what: str) -> None:
        self.deadly.update(hexes)
        for x in hexes:
            self.what[x] = what

    def avoid(self) -> dict[tuple[int, int], int]:
        """Hex -> dice for the doctrine's path scoring (a deadly hex counts as many dice as a ship can bear)."""
        out = dict(self.fields)
        for x in self.deadly:
            out[x] = DEADLY
        return out

    def sight(self, q1: int, r1: int, q2: int, r2: int) -> int:
        """Terrain to-hit penalty on a line of sight (G.1 fields not cumulative, G.3 coma/tail per hex);
        ``BLOCKED`` when an asteroid, planet, nucleus or event horizon lies on it. 4.1: "Line of sight is never
        considered to pass through the hex occupied by the attacker, but always passes through the target's hex":
        every hex of the line but the attacker's (a target in a field hex is fired at through it)."""
        pen = 0
        for x in hex_line(q1, r1, q2, r2)[1:]:
            if x in self.deadly:
                return BLOCKED
            if x in self.fields:
                pen += 1
            if x in self.murk:
                pen += 1
        return pen


BLOCKED = 99


def _disc(q: int, r: int, n: int) -> set[tuple[int, int]]:
    return {(q + dq, r + dr) for dq in range(-n, n + 1) for dr in range(-n, n + 1) if distance(dq, dr) <= n}


def pull_step(q: int, r: int, hq: int, hr: int, occupied: set[tuple[int, int]], rng: random.Random
              ) -> tuple[int, int]:
    """One hex closer to the black hole's centre (G.2); of two such hexes the first clockwise not occupied by
    an opposing element (the owner's choice: either keeps the heading): :func:`drydock.engine.hazards.pull_step`."""
    return hazards_pull_step(q, r, hq, hr, occupied)


__all__ = ["BLOCKED", "DEADLY", "KINDS", "Terrain", "TerrainPiece", "parse_terrain", "pull_distance", "pull_step"]
