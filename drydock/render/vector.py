"""Sheet parts drawn as PDF vector content instead of laid out by WeasyPrint (1.5; issue 13 speed).

The game-turn record that fills a sheet's free height and the page footers are simple geometry: a grid of
ruled boxes with a checkbox and a number each, and two lines of text. Laying them out in CSS (a grid whose
rows share the height left under the sheet) cost about half of each sheet's layout time, and the footers a
WeasyPrint document of their own. Both booklet renderers (:mod:`drydock.render.pdf` and
:mod:`drydock.render.compose`) draw them with the functions here, so they draw the same pixels.

Text uses the bundled DejaVu Sans Condensed, subset to the characters below and embedded once per booklet as
simple TrueType fonts with WinAnsi encoding (text stays selectable and searchable).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from typing import Any

from drydock.render.tables import CHECKBOX_MM, TURN_BOX_MM
from drydock.resources import templates_dir

PT_PER_MM = 72 / 25.4
PT_PER_PX = 0.75
"""WeasyPrint positions are CSS px (1/96 in); PDF user space is points (1/72 in)."""
ALPHABET = "".join(chr(c) for c in range(32, 127)) + "\u00b7\u2013\u2014"
"""The characters vector text may use (others print as ``?``)."""
FONTS = {"/DDCond": "DejaVuSansCondensed.ttf", "/DDCondBold": "DejaVuSansCondensed-Bold.ttf"}
VECTOR_NAMES = {"/DDCond": "DDVECT+DD-Cond", "/DDCondBold": "DDVECT+DD-Cond-Bold"}
"""PDF font names (the tag says the font was embedded for vector text; ``DD-`` as WeasyPrint names the others)."""
FOOTER_LEFT = "drydock \u00b7 Starmada Unity display sheets \u00b7 print at actual size"
FOOTER_PT = 7.0
FOOTER_GREY = 0x44 / 255
TURN_NUMBER_PT = 7.0
LINE_MM = 0.3
"""Stroke of the turn record's rules and checkboxes (the sheet's drawn boxes use the same)."""
CELL_PAD_MM = 0.6


@dataclass(frozen=True)
class EmbeddedFont:
    """A bundled TrueType font subset to :data:`ALPHABET`: its file, metrics and WinAnsi widths."""

    base: str
    data: bytes
    widths: tuple[int, ...]  # per WinAnsi code 32..255, 1/1000 em
    bbox: tuple[int, int, int, int]
    ascent: int
    descent: int
    cap_height: int

    def width(self, text: str, size: float) -> float:
        """Advance width of ``text`` at ``size`` points (no kerning)."""
        return sum(self.widths[b - 32] for b in encode(text)) * size / 1000


def encode(text: str) -> bytes:
    """``text`` in WinAnsi (cp1252), unknown characters as ``?``; control characters never reach the PDF."""
    clean = "".join(c if c in ALPHABET else "?" for c in text)
    return clean.encode("cp1252")


VECTOR_DIR = "fonts/vector"
"""Where the subset fonts live, under the templates directory, with ``metrics.json``: generated from the bundled
fonts by ``python -m drydock.render.vector`` (a test checks they agree), so that printing needs no fontTools."""


def subset_font(name: str) -> EmbeddedFont:
    """The bundled font ``name`` (a key of :data:`FONTS`) subset to :data:`ALPHABET` with fontTools (the generator)."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from fontTools import subset
    from fontTools.ttLib import TTFont

    source = TTFont(templates_dir() / "fonts" / FONTS[name])
    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.layout_features = []
    options.hinting = True
    sub = subset.Subsetter(options)
    sub.populate(text=ALPHABET)
    sub.subset(source)
    out = BytesIO()
    source.save(out)
    upem = source["head"].unitsPerEm
    cmap = source.getBestCmap()
    hmtx = source["hmtx"]
    widths = []
    for code in range(32, 256):
        char = bytes([code]).decode("cp1252", errors="replace")
        glyph = cmap.get(ord(char)) if char in ALPHABET else None
        widths.append(round(hmtx[glyph][0] * 1000 / upem) if glyph else 0)
    head, os2 = source["head"], source["OS/2"]

    def em(v: int) -> int:
        return round(v * 1000 / upem)

    return EmbeddedFont(
        base=VECTOR_NAMES[name], data=out.getvalue(), widths=tuple(widths),
        bbox=(em(head.xMin), em(head.yMin), em(head.xMax), em(head.yMax)),
        ascent=em(os2.sTypoAscender), descent=em(os2.sTypoDescender),
        cap_height=em(getattr(os2, "sCapHeight", 0) or os2.sTypoAscender))


def _metrics(f: EmbeddedFont) -> dict[str, Any]:
    return {"base": f.base, "widths": list(f.widths), "bbox": list(f.bbox), "ascent": f.ascent,
            "descent": f.descent, "cap_height": f.cap_height}


def build_vector_fonts() -> None:
    """Write the subset fonts and their metrics into the templates directory (run when the alphabet changes)."""
    folder = templates_dir() / VECTOR_DIR
    folder.mkdir(exist_ok=True)
    metrics = {}
    for name, file in FONTS.items():
        f = subset_font(name)
        (folder / file).write_bytes(f.data)
        metrics[name] = _metrics(f)
    lines = [f" {json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in metrics.items()]
    (folder / "metrics.json").write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


@cache
def font(name: str) -> EmbeddedFont:
    """The bundled font ``name`` (a key of :data:`FONTS`) as pre-subset in :data:`VECTOR_DIR`."""
    folder = templates_dir() / VECTOR_DIR
    m = json.loads((folder / "metrics.json").read_text(encoding="utf-8"))[name]
    return EmbeddedFont(base=m["base"], data=(folder / FONTS[name]).read_bytes(), widths=tuple(m["widths"]),
                        bbox=tuple(m["bbox"]), ascent=m["ascent"], descent=m["descent"], cap_height=m["cap_height"])


def font_resources(pdf: Any) -> Any:
    """A ``/Font`` resource dictionary with the vector fonts, made in the pikepdf ``pdf`` (once per booklet)."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from pikepdf import Array, Dictionary, Name, Stream

    fonts = Dictionary()
    for name in FONTS:
        f = font(name)
        file = Stream(pdf, f.data)
        file.Length1 = len(f.data)
        descriptor = pdf.make_indirect(Dictionary(
            Type=Name.FontDescriptor, FontName=Name("/" + f.base), Flags=32, FontBBox=Array(f.bbox), ItalicAngle=0,
            Ascent=f.ascent, Descent=f.descent, CapHeight=f.cap_height, StemV=80, FontFile2=file))
        fonts[name] = pdf.make_indirect(Dictionary(
            Type=Name.Font, Subtype=Name.TrueType, BaseFont=Name("/" + f.base), FirstChar=32, LastChar=255,
            Widths=Array(f.widths), Encoding=Name.WinAnsiEncoding, FontDescriptor=descriptor))
    return pdf.make_indirect(fonts)


def _num(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _string(text: str) -> str:
    raw = encode(text)
    out = []
    for b in raw:
        ch = chr(b)
        if ch in "\\()":
            out.append("\\" + ch)
        elif 32 <= b < 127:
            out.append(ch)
        else:
            out.append(f"\\{b:03o}")
    return "(" + "".join(out) + ")"


def text_op(name: str, size: float, x: float, y: float, text: str) -> str:
    """PDF operators drawing ``text`` with its baseline starting at (x, y) points (PDF user space)."""
    return f"BT {name} {_num(size)} Tf {_num(x)} {_num(y)} Td {_string(text)} Tj ET"


@dataclass(frozen=True)
class TurnGrid:
    """A game-turn record (1.5) to draw: its box in CSS px on its page (top-left origin), in the sheet's scale."""

    page: int
    x1: float
    y1: float
    x2: float
    y2: float
    turns: int
    columns: int
    scale: float = 1.0

    def moved(self, page: int, dx: float, dy: float) -> TurnGrid:
        return TurnGrid(page, self.x1 + dx, self.y1 + dy, self.x2 + dx, self.y2 + dy, self.turns, self.columns,
                        self.scale)


@dataclass(frozen=True)
class BoxRun:
    """A run of damage boxes to draw (1.2, 1.3): its box in CSS px on its page, its kind and its number of boxes.

    Kinds: ``b`` a damage box, ``m`` a multi-weapon mount (C.3, a box doubled by an inner square), ``k`` the
    bullet of a marked box (X.2.1; drawn over the box its ``b`` run draws), ``x`` the cross of a box already
    checked off (1.2: carried damage; drawn over its ``b`` box too).
    """

    page: int
    x1: float
    y1: float
    x2: float
    kind: str
    boxes: int

    def moved(self, page: int, dx: float, dy: float) -> BoxRun:
        return BoxRun(page, self.x1 + dx, self.y1 + dy, self.x2 + dx, self.kind, self.boxes)


def box_runs(found: dict[str, Any], prefix: str) -> list[BoxRun]:
    """The box runs among the anchors ``found`` (name -> page, x1, y1, x2), named ``<prefix><n>-<kind><boxes>``."""
    out = []
    for name, mark in found.items():
        if name.startswith(prefix):
            spec = name.rsplit("-", 1)[1]
            out.append(BoxRun(mark.page, mark.x1, mark.y1, mark.x2, spec[0], int(spec[1:])))
    return out


TILE = 5.3
"""The box tile of box.svg, multi.svg and marked.svg (one box pitch), in the units the shapes below use."""
_BOX = (0.5, 4.3, 0.3)  # box.svg: a square at 0.5 of side 4.3, 0.3 line: 4.6 mm outside (tables.BOX_MM)
_INNER = (1.2, 2.9, 0.2)  # multi.svg: the inner square
_BULLET = (4.2, 1.1, 0.45)  # marked.svg: a solid dot, centre and radius
_KAPPA = 0.5523
_CROSS = (0.8, 4.5, 0.45)  # checked.svg: two diagonals from (0.8, 0.8) to (4.5, 4.5), line width


def box_run_ops(run: BoxRun, page_h_pt: float) -> str:
    """PDF operators drawing ``run``'s boxes (outlines only: they are drawn over the page, numbers and all)."""
    unit = (run.x2 - run.x1) / run.boxes / TILE * PT_PER_PX  # points per tile unit
    top = page_h_pt - run.y1 * PT_PER_PX
    ops = []
    for i in range(run.boxes):
        left = run.x1 * PT_PER_PX + i * TILE * unit
        if run.kind == "k":
            cx, cy, r = left + _BULLET[0] * unit, top - _BULLET[1] * unit, _BULLET[2] * unit
            k = r * _KAPPA
            ops.append(f"{_num(cx + r)} {_num(cy)} m {_num(cx + r)} {_num(cy + k)} {_num(cx + k)} {_num(cy + r)} "
                       f"{_num(cx)} {_num(cy + r)} c {_num(cx - k)} {_num(cy + r)} {_num(cx - r)} {_num(cy + k)} "
                       f"{_num(cx - r)} {_num(cy)} c {_num(cx - r)} {_num(cy - k)} {_num(cx - k)} {_num(cy - r)} "
                       f"{_num(cx)} {_num(cy - r)} c {_num(cx + k)} {_num(cy - r)} {_num(cx + r)} {_num(cy - k)} "
                       f"{_num(cx + r)} {_num(cy)} c f")
            continue
        if run.kind == "x":
            a, b, line = (v * unit for v in _CROSS)
            ops.append(f"{_num(line)} w 1 J {_num(left + a)} {_num(top - a)} m {_num(left + b)} {_num(top - b)} l S "
                       f"{_num(left + b)} {_num(top - a)} m {_num(left + a)} {_num(top - b)} l S 0 J")
            continue
        shapes = [_BOX, _INNER] if run.kind == "m" else [_BOX]
        for at, side, line in shapes:
            ops.append(f"{_num(line * unit)} w {_num(left + at * unit)} {_num(top - (at + side) * unit)} "
                       f"{_num(side * unit)} {_num(side * unit)} re S")
    return "q 0 0 0 RG 0 0 0 rg 0 J 0 j\n" + "\n".join(ops) + "\nQ"


def turn_rows(turns: int, columns: int) -> int:
    return -(-turns // columns)


def least_height_mm(size: str, turns: int, columns: int) -> float:
    """The least height (mm, before the sheet's scale) of a turn record of ``size``: its rows at their least."""
    return turn_rows(turns, columns) * TURN_BOX_MM[size]


def turn_grid_ops(grid: TurnGrid, page_h_pt: float) -> str:
    """PDF operators drawing ``grid``: ruled boxes sharing the height, each with an "attacked" checkbox and its
    turn number at the top left (room below for movement orders)."""
    s = grid.scale * PT_PER_MM  # points per sheet millimetre
    left, top = grid.x1 * PT_PER_PX, page_h_pt - grid.y1 * PT_PER_PX
    width, height = (grid.x2 - grid.x1) * PT_PER_PX, (grid.y2 - grid.y1) * PT_PER_PX
    rows = turn_rows(grid.turns, grid.columns)
    cw, rh = width / grid.columns, height / rows
    line = LINE_MM * s
    ops = ["q 0 0 0 RG 0 0 0 rg", f"{_num(line)} w 0 J 0 j"]
    # outer frame and rules, each stroke inside the box as the CSS borders were
    h = line / 2
    ops.append(f"{_num(left + h)} {_num(top - height + h)} {_num(width - line)} {_num(height - line)} re S")
    for c in range(1, grid.columns):
        x = left + c * cw - h
        ops.append(f"{_num(x)} {_num(top - height)} m {_num(x)} {_num(top)} l S")
    for r in range(1, rows):
        y = top - r * rh + h
        ops.append(f"{_num(left)} {_num(y)} m {_num(left + width)} {_num(y)} l S")
    box, pad = CHECKBOX_MM * s, (CELL_PAD_MM + LINE_MM) * s
    number = TURN_NUMBER_PT * grid.scale
    bold = font("/DDCondBold")
    for n in range(grid.turns):
        r, c = divmod(n, grid.columns)
        x, y = left + c * cw + pad, top - r * rh - pad
        ops.append(f"{_num(x + h)} {_num(y - box + h)} {_num(box - line)} {_num(box - line)} re S")
        baseline = y - box / 2 - (bold.cap_height * number / 1000) / 2
        ops.append(text_op("/DDCondBold", number, x + box + 1.0 * s, baseline, str(n + 1)))
    ops.append("Q")
    return "\n".join(ops)


def footer_ops(number: int, total: int, page_w_mm: float, page_h_mm: float, margin_mm: float) -> str:
    """PDF operators for a page's footer: what the booklet is at the left, "page n of m" at the right."""
    regular = font("/DDCond")
    baseline = (margin_mm / 2) * PT_PER_MM - (regular.cap_height * FOOTER_PT / 1000) / 2
    right_text = f"page {number} of {total}"
    right = (page_w_mm - margin_mm) * PT_PER_MM - regular.width(right_text, FOOTER_PT)
    grey = _num(FOOTER_GREY)
    return "\n".join([
        f"q {grey} g",
        text_op("/DDCond", FOOTER_PT, margin_mm * PT_PER_MM, baseline, FOOTER_LEFT),
        text_op("/DDCond", FOOTER_PT, right, baseline, right_text),
        "Q",
    ])


def save(pdf: Any) -> bytes:
    """A pikepdf document as compact, reproducible PDF bytes (the same input gives the same bytes)."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from pikepdf import ObjectStreamMode

    out = BytesIO()
    pdf.save(out, compress_streams=True, object_stream_mode=ObjectStreamMode.generate, deterministic_id=True)
    return out.getvalue()


def stamp_pages(pdf: bytes, ops: list[str]) -> bytes:
    """``pdf`` with ``ops[i]`` drawn over page ``i`` (after its own content, in a clean graphics state)."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    import pikepdf

    doc = pikepdf.open(BytesIO(pdf))
    fonts = font_resources(doc)
    for page, extra in zip(doc.pages, ops, strict=True):
        resources = page.obj.get("/Resources")
        if resources is None:
            resources = page.obj.Resources = pikepdf.Dictionary()
        own = resources.get("/Font")
        if own is None:
            own = resources.Font = pikepdf.Dictionary()
        for name in FONTS:
            own[name] = fonts[name]
        page.contents_add(pikepdf.Stream(doc, b"q\n"), prepend=True)
        page.contents_add(pikepdf.Stream(doc, b"\nQ\n" + extra.encode("ascii")))
    return save(doc)


if __name__ == "__main__":
    build_vector_fonts()
