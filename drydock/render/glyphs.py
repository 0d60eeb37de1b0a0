"""Characters the display sheet's fonts cannot draw (issue 34): named before they print as empty boxes.

The sheet prints every name and note in the bundled DejaVu Sans fonts (regular, bold, condensed, subset to
1,239 glyphs). A character they lack goes to whatever system font has it (WeasyPrint's fallback): an emoji in a
note printed as an empty box on a machine without an emoji font, with no word said. :func:`missing_glyphs`
names each text field holding such a character, so that ``drydock ssd`` warns in one line per field; whether a
system font draws it depends on the machine, and the warning says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from drydock.core.model import Design
from drydock.resources import templates_dir

#: The fonts the sheet's stylesheet loads (templates/ssd.css.j2): a character must be in each of them.
SHEET_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")


@cache
def drawable() -> frozenset[int]:
    """The code points every sheet font has a glyph for."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from fontTools.ttLib import TTFont

    sets = [frozenset(TTFont(templates_dir() / "fonts" / name, lazy=True).getBestCmap())
            for name in SHEET_FONTS]
    return frozenset.intersection(*sets)


def _fields(d: Design) -> Iterator[tuple[str, str]]:
    """(field, text) of everything a sheet prints from the design as written."""
    yield from (("faction", d.faction), ("class", d.class_name), ("type", d.type), ("ship name", d.ship_name),
                ("ship ID", d.ship_id))
    for i, battery in enumerate(d.weapons, 1):
        yield f"battery {i} name", battery.name
        for mode in battery.modes:
            if mode.label:
                yield f"battery {i} mode", mode.label
    for entry in d.systems:
        yield "system", entry.name
    for i, note in enumerate(d.notes, 1):
        yield f"note {i}", note


def missing_glyphs(d: Design) -> list[str]:
    """One line per field holding characters the sheet's fonts lack, naming the field and the characters."""
    have = drawable()
    out = []
    for field, text in _fields(d):
        lacking = list(dict.fromkeys(c for c in text or "" if ord(c) not in have and not c.isspace()))
        if lacking:
            chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in lacking)
            out.append(f"{field}: the sheet's fonts (bundled DejaVu Sans) have no glyph for {chars}: it prints "
                       "from a system font that has one, or as an empty box")
    return out
