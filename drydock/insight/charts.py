"""SVG charts drawn from the bundled templates (``templates/insight/*.svg.j2``).

Python computes the geometry (numbers only); the templates emit the elements. The jinja environment
autoescapes and uses ``StrictUndefined``, so a ship called ``<script>`` is drawn as text. The SVG needs no
network, script or browser: it opens in any viewer, inline in HTML, or in WeasyPrint's PDF.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from drydock.errors import inline
from drydock.insight.numbers import pct, text
from drydock.resources import templates_dir

#: colour-blind-safe palette (Okabe-Ito)
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
Number = Fraction | int | float


@cache
def environment() -> Any:
    return Environment(loader=FileSystemLoader(str(templates_dir() / "insight")), autoescape=True,
                       undefined=StrictUndefined, trim_blocks=False, lstrip_blocks=False, finalize=_inline)


def _inline(value: Any) -> Any:
    """Every text a template prints passes :func:`~drydock.errors.inline` (our own markup passes as it is)."""
    return inline(value) if isinstance(value, str) and not isinstance(value, Markup) else value


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)


def _f(x: Number) -> float:
    """A coordinate (drawing only; figures stay exact elsewhere)."""
    return round(float(x), 2)


def nice_max(v: Number) -> tuple[float, float]:
    """An axis top at or above ``v`` and a tick step (1, 2, 2.5 or 5 times a power of ten)."""
    v = float(v)
    if v <= 0:
        return 1.0, 0.25
    raw = v / 5
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return step * math.ceil(v / step - 1e-9), step


def _ticks(top: float, step: float, y0: float, y1: float, percent: bool) -> list[dict[str, Any]]:
    out = []
    k = 0
    while k * step <= top + 1e-9:
        v = k * step
        places = 0 if float(step).is_integer() else 1 if float(step * 10).is_integer() else 2
        out.append({"y": _f(y0 - (y0 - y1) * v / top),
                    "label": pct(Fraction(v).limit_denominator(1000), 0) if percent else text(
                        Fraction(v).limit_denominator(1000), places)})
        k += 1
    return out


# ------------------------------------------------------------------ bar charts
@dataclass
class Bar:
    series: str
    value: Number
    low: float | None = None
    high: float | None = None


def bar_chart(title: str, groups: list[tuple[str, list[Bar]]], ylabel: str = "", percent: bool = False,
              width: int = 560, height: int = 300, top: Number | None = None) -> str:
    """Grouped vertical bars, with optional error whiskers (e.g. Wilson 95% intervals)."""
    x0, x1, y0, y1 = 60.0, width - 12.0, height - 44.0, 30.0
    peak = max([float(b.high if b.high is not None else b.value) for _, bs in groups for b in bs] + [0])
    axis_top, step = (1.0, 0.2) if percent else nice_max(top if top is not None else peak)
    series = list(dict.fromkeys(b.series for _, bs in groups for b in bs))
    color = {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(series)}
    slot = (x1 - x0) / max(len(groups), 1)
    bw = min(60.0, slot * 0.8 / max(max((len(bs) for _, bs in groups), default=1), 1))

    def y(v: Number) -> float:
        return _f(y0 - (y0 - y1) * min(float(v), axis_top) / axis_top)

    bars, glabels = [], []
    for gi, (glabel, bs) in enumerate(groups):
        left = x0 + gi * slot + (slot - bw * len(bs)) / 2
        glabels.append({"x": _f(x0 + gi * slot + slot / 2), "label": glabel})
        for bi, b in enumerate(bs):
            bx = left + bi * bw
            places = 0 if isinstance(b.value, int) else 2 if abs(float(b.value)) < 10 else 1
            value = pct(b.value) if percent else text(b.value, places)
            err = None
            if b.low is not None and b.high is not None:
                err = (y(b.low), y(b.high))
                value += f" [{pct(b.low)}, {pct(b.high)}]" if percent else ""
            top_y = min(y(b.value), err[1] if err else y0)
            bars.append({"x": _f(bx + 2), "y": y(b.value), "w": _f(bw - 4), "h": _f(y0 - y(b.value)),
                         "color": color[b.series], "cx": _f(bx + bw / 2), "err": err,
                         "tip": f"{glabel} {b.series}: {value}",
                         "value": (pct(b.value) if percent else text(b.value, places)) if bw >= 24 else "",
                         "ty": _f(top_y - 4)})
    legend = []
    if len(series) > 1:
        lx = x0
        for s in series:
            legend.append({"x": _f(lx), "color": color[s], "label": s})
            lx += 24 + 7 * len(s)
    c = {"w": width, "h": height, "title": title, "ylabel": ylabel, "x0": x0, "x1": x1, "y0": y0, "y1": y1,
         "ticks": _ticks(axis_top, step, y0, y1, percent), "bars": bars, "groups": glabels, "legend": legend}
    return render("bars.svg.j2", c=c)


# ------------------------------------------------------------------ line charts
@dataclass
class Series:
    label: str
    points: list[tuple[Number, Number]]
    dashed: bool = False
    color: str | None = None


def line_chart(title: str, series: list[Series], xlabel: str, ylabel: str, width: int = 560,
               height: int = 300) -> str:
    """Lines over a shared x axis (dashed lines for variants, e.g. "with screens")."""
    legend_rows = math.ceil(len(series) / 2)
    x0, x1, y0, y1 = 60.0, width - 14.0, height - 44.0 - 14 * legend_rows, 30.0
    xs = [float(x) for s in series for x, _ in s.points] or [0.0, 1.0]
    xmin, xmax = min(xs), max(max(xs), min(xs) + 1)
    axis_top, step = nice_max(max([float(v) for s in series for _, v in s.points] + [0]))

    def px(x: Number) -> float:
        return _f(x0 + (x1 - x0) * (float(x) - xmin) / (xmax - xmin))

    def py(v: Number) -> float:
        return _f(y0 - (y0 - y1) * float(v) / axis_top)

    out, legend = [], []
    for i, s in enumerate(series):
        color = s.color or PALETTE[i % len(PALETTE)]
        out.append({"label": s.label, "color": color, "dashed": s.dashed,
                    "points": " ".join(f"{px(x)},{py(v)}" for x, v in s.points)})
        legend.append({"x": _f(x0 + (i % 2) * (x1 - x0) / 2), "y": _f(height - 6 - 14 * (legend_rows - 1 - i // 2)),
                       "color": color, "dashed": s.dashed, "label": s.label})
    xstep = max(1, math.ceil((xmax - xmin) / 12))
    xticks = [{"x": px(v), "label": str(v)} for v in range(int(xmin), int(xmax) + 1, xstep)]
    c = {"w": width, "h": height, "title": title, "xlabel": xlabel, "ylabel": ylabel, "x0": x0, "x1": x1,
         "y0": y0, "y1": y1, "ticks": _ticks(axis_top, step, y0, y1, False), "xticks": xticks, "series": out,
         "legend": legend}
    return render("lines.svg.j2", c=c)


# ------------------------------------------------------------------ win-rate matrix
def matrix_chart(title: str, labels: list[str], cells: list[list[tuple[Number, float, float] | None]],
                 note: str = "opponent (column); cell = row's win rate, 95% interval below") -> str:
    """A heat map of row-vs-column win rates or scores (blue above 50%, orange below), with 95% intervals;
    ``note`` says what a cell is."""
    n = len(labels)
    cell = 64.0
    longest = max((len(s) for s in labels), default=4)
    x0 = 12.0 + 6.5 * longest
    y0 = 50.0 + 4.6 * longest
    rows, out = [], []
    for i, lab in enumerate(labels):
        rows.append({"label": lab, "y": _f(y0 + i * cell), "x": _f(x0 + i * cell)})
        for j in range(n):
            v = cells[i][j]
            k: dict[str, Any] = {"x": _f(x0 + j * cell), "y": _f(y0 + i * cell), "value": "", "ci": "",
                                 "ink": "#000", "tip": f"{lab} vs {labels[j]}", "color": "#eee"}
            if v is not None:
                rate, lo, hi = v
                d = float(rate) - 0.5
                k["color"] = _blend("#0072B2" if d >= 0 else "#D55E00", min(1.0, abs(d) * 2))
                k["ink"] = "#fff" if abs(d) > 0.3 else "#000"
                k["value"] = pct(rate, 0)
                k["ci"] = f"{text(Fraction(lo) * 100, 1)}-{text(Fraction(hi) * 100, 1)}%"
                k["tip"] = f"{lab} beats {labels[j]}: {pct(rate)} (95% {pct(lo)}-{pct(hi)})"
            out.append(k)
    # wide enough for the title (13 px bold, about 8 px a character) and the note (11 px, about 6 px)
    w = max(int(x0 + n * cell + 20), 420, 16 + 8 * len(title), 16 + 6 * len(note))
    c = {"w": w, "h": int(y0 + n * cell + 16), "title": title, "rows": rows, "note": note,
         "cells": out, "x0": x0, "y0": y0, "cell": cell, "n": n}
    return render("matrix.svg.j2", c=c)


def _blend(color: str, t: float) -> str:
    """``color`` mixed with white: t = 0 white, 1 the colour."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 + (c - 255) * t):02x}" for c in rgb)


# ------------------------------------------------------------------ hex diagram of arcs
def hex_arcs(title: str, values: list[Number], caption: str = "", size: int = 240,
             peak: Number | None = None) -> str:
    """A hexagon (nose up) cut into twelve 30-degree sectors, each shaded by the firepower that bears there
    (relative to ``peak``, by default the largest of ``values``; pass one peak to compare designs)."""
    cx, cy = size / 2, size / 2 + 6
    apothem = size * 0.36
    peak = float(peak) if peak is not None else max([float(v) for v in values] + [0])
    sectors = []

    def rim(bearing: float) -> tuple[float, float]:
        # hexside midpoints at 0, 60, ... (apothem), vertices at 30, 90, ... (circumradius)
        off = (bearing % 60) - 30
        r = apothem / math.cos(math.radians(30 - abs(off)))
        a = math.radians(bearing)
        return cx + r * math.sin(a), cy - r * math.cos(a)

    for k, v in enumerate(values):
        p1, p2 = rim(30 * k), rim(30 * k + 30)
        mid = math.radians(30 * k + 15)
        share = float(v) / peak if peak else 0.0
        sectors.append({"points": f"{_f(cx)},{_f(cy)} {_f(p1[0])},{_f(p1[1])} {_f(p2[0])},{_f(p2[1])}",
                        "opacity": _f(0.08 + 0.87 * share), "value": text(v, 1) if v else "",
                        "lx": _f(cx + apothem * 1.18 * math.sin(mid)),
                        "ly": _f(cy - apothem * 1.18 * math.cos(mid) + 3),
                        "tip": f"bearing {30 * k}-{30 * k + 30} degrees: {text(v, 2)}"})
    corners = [rim(b) for b in range(30, 390, 60)]
    hexagon = " ".join(f"{_f(x)},{_f(y)}" for x, y in corners)
    s = apothem * 0.16
    ship = f"{_f(cx)},{_f(cy - 2 * s)} {_f(cx + s)},{_f(cy + s)} {_f(cx - s)},{_f(cy + s)}"
    c = {"w": size, "h": size + 22, "title": title, "sectors": sectors, "hexagon": hexagon, "ship": ship,
         "caption": caption, "color": PALETTE[0]}
    return render("hexarcs.svg.j2", c=c)


# ------------------------------------------------------------------ stacked bars (SU breakdown)
def stack_chart(title: str, rows: list[tuple[str, list[tuple[str, Number]]]], unit: str = "SU",
                width: int = 560) -> str:
    """Horizontal 100% stacked bars, one per row (e.g. where each design's space units went)."""
    longest = max((len(r[0]) for r in rows), default=4)
    x0, x1 = 12.0 + 6.5 * longest, width - 12.0
    names = list(dict.fromkeys(name for _, parts in rows for name, _ in parts))
    color = {n: PALETTE[i % len(PALETTE)] if i < len(PALETTE) else _blend(PALETTE[i % len(PALETTE)], 0.55)
             for i, n in enumerate(names)}
    out = []
    for i, (label, parts) in enumerate(rows):
        total = sum(float(v) for _, v in parts) or 1.0
        x = x0
        ps = []
        for name, v in parts:
            w = (x1 - x0) * float(v) / total
            ps.append({"x": _f(x), "w": _f(w), "color": color[name], "tip": f"{name}: {text(v, 0)} {unit} "
                       f"({pct(Fraction(v) / Fraction(total).limit_denominator(10**9))})",
                       "short": pct(Fraction(v) / Fraction(total).limit_denominator(10**9), 0), "show": w > 30})
            x += w
        out.append({"label": label, "y": _f(30 + i * 28), "parts": ps})
    legend, lx, ly = [], x0, 30 + len(rows) * 28 + 8
    for n in names:
        if lx + 24 + 6.5 * len(n) > width:
            lx, ly = x0, ly + 16
        legend.append({"x": _f(lx), "y": _f(ly), "color": color[n], "label": n})
        lx += 24 + 6.5 * len(n)
    c = {"w": width, "h": int(ly + 22), "title": title, "rows": out, "legend": legend, "x0": x0}
    return render("stack.svg.j2", c=c)
