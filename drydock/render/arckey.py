"""The arc key printed on display sheets: the twelve component arcs, the four defensive arcs, and the
alternate codes the fleet uses spelled out (4.1, C.1, B intro; weapons.md §1, §3).

Geometry: bearings clockwise from the ship's facing (up). The six hex rows leave through the hexsides at
0°, 60°, ... and the six spines through the vertices at 30°, 90°, ... Arcs A-F lie between two rows
(B 0-60°, D 60-120°, F 120-180°, E 180-240°, C 240-300°, A 300-360°); arcs G-L are centred on a row
(G 0°, I 60°, K 120°, L 180°, J 240°, H 300°). The defensive arcs are four quarters centred on 0°, 90°,
180° and 270° (Fwd, Stbd, Aft, Port). The diagram is one bundled SVG image (the letters drawn as outlines of
the bundled font), so that a page draws it as one picture; the codes the fleet uses are text beside it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from drydock.core.rules import Ruleset
from drydock.resources import templates_dir

if TYPE_CHECKING:  # fontTools loads for printing only
    from fontTools.ttLib import TTFont

#: Component arcs A-F: label bearing (degrees, the middle of the sector between two rows).
AF_BEARINGS = {"B": 30, "D": 90, "F": 150, "E": 210, "C": 270, "A": 330}
#: Component arcs G-L: label bearing (the row each is centred on).
GL_BEARINGS = {"G": 0, "I": 60, "K": 120, "L": 180, "J": 240, "H": 300}
#: Defensive arcs: label bearing; their boundaries lie near 45°, 135°, 225°, 315° (a staircase, B intro).
DEFENSIVE_BEARINGS = {"Fwd": 0, "Stbd": 90, "Aft": 180, "Port": 270}
KEY_MM = 22.0
"""Side of each of the two square diagrams."""


KEY_FILE = "arckey.svg"
"""The bundled key diagram (templates/arckey.svg), written by :func:`key_svg`; a test keeps it current."""


def _point(bearing: float, radius: float, c: float) -> tuple[float, float]:
    rad = math.radians(bearing)
    return round(c + radius * math.sin(rad), 2), round(c - radius * math.cos(rad), 2)


def _line(b: float, r0: float, r1: float, c: float, extra: str = "") -> str:
    return '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000" stroke-width="0.25"{}/>'.format(
        *_point(b, r0, c), *_point(b, r1, c), extra)


def _ship(c: float) -> str:
    hexagon = " ".join("{},{}".format(*_point(b, 2.4, c)) for b in range(30, 390, 60))
    nose = "{},{} {},{} {},{}".format(*_point(0, 2.0, c), *_point(140, 1.3, c), *_point(220, 1.3, c))
    return (f'<polygon points="{hexagon}" fill="#fff" stroke="#000" stroke-width="0.3"/>'
            f'<polygon points="{nose}" fill="#000"/>')


def _text(font: TTFont, text: str, x: float, y: float, size: float) -> str:
    """``text`` centred on (x, y) as outlines of the bundled font (no font needed to draw the key)."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from fontTools.pens.svgPathPen import SVGPathPen

    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    units = font["head"].unitsPerEm
    names = [cmap[ord(ch)] for ch in text]
    width = sum(glyphs[n].width for n in names)
    k = size / units
    pen_x = x - width * k / 2
    out = []
    cap = units * 0.73  # DejaVu capital height
    for n in names:
        pen = SVGPathPen(glyphs)
        glyphs[n].draw(pen)
        out.append(f'<path transform="translate({round(pen_x, 3)} {round(y + cap * k / 2, 3)}) '
                   f'scale({round(k, 6)} {round(-k, 6)})" d="{pen.getCommands()}"/>')
        pen_x += glyphs[n].width * k
    return "".join(out)


def key_svg(size: float = KEY_MM) -> str:
    """The two diagrams side by side: component arcs A-L, defensive arcs; letters as font outlines."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from fontTools.ttLib import TTFont

    bold = TTFont(templates_dir() / "fonts" / "DejaVuSansCondensed-Bold.ttf")
    plain = TTFont(templates_dir() / "fonts" / "DejaVuSansCondensed.ttf")
    c, r, gap = size / 2, size / 2 - 0.3, 2.0
    rows = "".join(_line(b, 2.2, r, c) for b in range(0, 360, 60))
    dashed = ' stroke-dasharray="0.8 0.6" stroke-opacity="0.6"'
    spines = "".join(_line(b, 2.2, r, c, dashed) for b in range(30, 390, 60))
    labels = "".join(f'<circle cx="{x}" cy="{y}" r="1.45" fill="#fff"/>' + _text(bold, k, x, y, 2.5)
                     for k, b in AF_BEARINGS.items() for x, y in [_point(b, size * 0.27, c)])
    rings = "".join(f'<circle cx="{x}" cy="{y}" r="1.35" fill="#fff"/>' + _text(plain, k, x, y, 2.3)
                    for k, b in GL_BEARINGS.items() for x, y in [_point(b, size * 0.43, c)])
    d = size + gap
    bounds = "".join(_line(b, 2.2, r, c) for b in (45, 135, 225, 315))
    quarters = "".join(f'<rect x="{round(x - 2.6, 2)}" y="{round(y - 1.4, 2)}" width="5.2" height="2.8" fill="#fff"/>'
                       + _text(bold, k, x, y, 2.3)
                       for k, b in DEFENSIVE_BEARINGS.items() for x, y in [_point(b, size * 0.36, c)])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * size + gap}mm" height="{size}mm" '
            f'viewBox="0 0 {2 * size + gap} {size}"><!-- arc key (4.1, C.1, B intro): written by '
            f'drydock.render.arckey.key_svg -->\n'
            f'<g>{rows}{spines}{_ship(c)}{labels}{rings}</g>\n'
            f'<g transform="translate({d} 0)">{bounds}{_ship(c)}{quarters}</g>\n</svg>\n')


def spelled_codes(codes: tuple[str, ...] | list[str] = (), rules: Ruleset | None = None) -> tuple[str, ...]:
    """The alternate codes (C.1) in ``codes`` spelled out ("PH = ACE (Port Half)"), and the defensive arcs
    used as firing arcs."""
    rules = rules or Ruleset.unity()
    alternate = rules.data.arcs.alternate
    spelled = [f"{code} = {alternate[code].standard} ({alternate[code].name})" for code in codes if code in alternate]
    defensive = [code for code in codes if code in rules.data.arcs.defensive]
    if defensive:
        spelled.append(f"{', '.join(defensive)}: the whole defensive arc as a firing arc (C.1)")
    return tuple(spelled)
