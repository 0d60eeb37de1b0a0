"""The arc key printed on display sheets: the twelve component arcs, the four defensive arcs, and the
alternate codes the fleet uses spelled out (4.1, C.1, B intro; weapons.md §1, §3).

Geometry: bearings clockwise from the ship's facing (up). The six hex rows leave through the hexsides at
0°, 60°, ... and the six spines through the vertices at 30°, 90°, ... Arcs A-F lie between two rows
(B 0-60°, D 60-120°, F 120-180°, E 180-240°, C 240-300°, A 300-360°); arcs G-L are centred on a row
(G 0°, I 60°, K 120°, L 180°, J 240°, H 300°). The defensive arcs are four quarters centred on 0°, 90°,
180° and 270° (Fwd, Stbd, Aft, Port). The diagram is drawn as SVG lines; the letters are HTML text in the
bundled font, placed over it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from drydock.rules import Ruleset

#: Component arcs A-F: label bearing (degrees, the middle of the sector between two rows).
AF_BEARINGS = {"B": 30, "D": 90, "F": 150, "E": 210, "C": 270, "A": 330}
#: Component arcs G-L: label bearing (the row each is centred on).
GL_BEARINGS = {"G": 0, "I": 60, "K": 120, "L": 180, "J": 240, "H": 300}
#: Defensive arcs: label bearing; their boundaries lie near 45°, 135°, 225°, 315° (a staircase, B intro).
DEFENSIVE_BEARINGS = {"Fwd": 0, "Stbd": 90, "Aft": 180, "Port": 270}
KEY_MM = 22.0
"""Side of each of the two square diagrams."""


@dataclass(frozen=True)
class Label:
    text: str
    x: float  # mm from the diagram's left edge (label centre)
    y: float  # mm from the top (label centre)
    outer: bool = False


@dataclass(frozen=True)
class ArcKey:
    size: float
    firing_svg: str
    defensive_svg: str
    firing: tuple[Label, ...]
    defensive: tuple[Label, ...]
    codes: tuple[str, ...]
    """Alternate codes spelled out: "PH = ACE (Port Half)"; defensive arcs used as firing arcs."""


def _point(bearing: float, radius: float, c: float) -> tuple[float, float]:
    rad = math.radians(bearing)
    return round(c + radius * math.sin(rad), 2), round(c - radius * math.cos(rad), 2)


def _hex(c: float, r: float) -> str:
    pts = " ".join("{},{}".format(*_point(b, r, c)) for b in range(30, 390, 60))
    return f'<polygon points="{pts}" fill="#fff" stroke="#000" stroke-width="0.3"/>'


def _svg(body: str, size: float) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}mm" height="{size}mm" '
            f'viewBox="0 0 {size} {size}">{body}</svg>')


def _firing_svg(size: float) -> str:
    c, r = size / 2, size / 2 - 0.3
    rows = "".join('<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000" stroke-width="0.25"/>'.format(
        *_point(b, 2.2, c), *_point(b, r, c)) for b in range(0, 360, 60))
    spines = "".join('<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#666" stroke-width="0.2" '
                     'stroke-dasharray="0.8 0.6"/>'.format(*_point(b, 2.2, c), *_point(b, r, c))
                     for b in range(30, 390, 60))
    nose = '<polygon points="{},{} {},{} {},{}" fill="#000"/>'.format(
        *_point(0, 2.0, c), *_point(140, 1.3, c), *_point(220, 1.3, c))
    return _svg(rows + spines + _hex(c, 2.4) + nose, size)


def _defensive_svg(size: float) -> str:
    c, r = size / 2, size / 2 - 0.3
    bounds = "".join('<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000" stroke-width="0.25"/>'.format(
        *_point(b, 2.2, c), *_point(b, r, c)) for b in (45, 135, 225, 315))
    nose = '<polygon points="{},{} {},{} {},{}" fill="#000"/>'.format(
        *_point(0, 2.0, c), *_point(140, 1.3, c), *_point(220, 1.3, c))
    return _svg(bounds + _hex(c, 2.4) + nose, size)


def arc_key(codes: tuple[str, ...] | list[str] = (), rules: Ruleset | None = None, size: float = KEY_MM) -> ArcKey:
    """The key for a sheet (or a fleet) using the alternate or defensive arc ``codes``."""
    rules = rules or Ruleset.unity()
    c = size / 2
    firing = tuple(Label(k, *_point(b, size * 0.27, c)) for k, b in AF_BEARINGS.items()) + \
        tuple(Label(k, *_point(b, size * 0.43, c), outer=True) for k, b in GL_BEARINGS.items())
    quarters = tuple(Label(k, *_point(b, size * 0.36, c)) for k, b in DEFENSIVE_BEARINGS.items())
    alternate = rules.data.arcs.alternate
    spelled = [f"{code} = {alternate[code].standard} ({alternate[code].name})" for code in codes if code in alternate]
    defensive = [code for code in codes if code in rules.data.arcs.defensive]
    if defensive:
        spelled.append(f"{', '.join(defensive)}: the whole defensive arc as a firing arc (C.1)")
    return ArcKey(size, _firing_svg(size), _defensive_svg(size), firing, quarters, tuple(spelled))
