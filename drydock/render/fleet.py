"""Booklets of fleets: one sheet per ship, each rated under its faction's rules (1.0-1.5, 2.2).

Ships of a faction with house rules of its own (:mod:`drydock.core.rules.factions`) say so
on their sheet (a note naming the rules) and on the roster (after the class).
"""

from __future__ import annotations

from dataclasses import replace

from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.render.admiralty_sheet import as_printed
from drydock.render.booklet import build_booklet
from drydock.render.sheet import Booklet, Sheet, sheet_from_rating


def ship_sheet(design: Design, rules: Ruleset, scoped: bool = False) -> Sheet:
    """The sheet of one ship (NAME and ID come from the design); ``scoped`` adds a note naming its rules.
    A converted Admiralty design prints as its AE card (X.1, :func:`drydock.render.admiralty_sheet.as_printed`)."""
    sheet = as_printed(sheet_from_rating(rate(design, rules), rules), design)
    if scoped:
        sheet = replace(sheet, notes=(*sheet.notes, f"Rules: {rules.label}"))
    return sheet


def fleet_booklet(ships: list[tuple[Design | Sheet, Ruleset, bool]], *, rules: Ruleset, roster: bool | None = None,
                  **opts: object) -> Booklet:
    """A booklet of (design, its rules, faction-scoped?) ships; the roster marks faction-scoped ships.
    A ready-made :class:`Sheet` (a Nova record's, X.2) goes in as it is."""
    sheets = [d if isinstance(d, Sheet) else ship_sheet(d, r, scoped) for d, r, scoped in ships]
    booklet = build_booklet(sheets, rules=rules, roster=roster, **opts)  # type: ignore[arg-type]
    if booklet.roster is not None:
        rows = tuple(replace(row, title=f"{row.title} [{d.faction} house rules]") if scoped and isinstance(d, Design)
                     else row
                     for row, (d, _, scoped) in zip(booklet.roster.rows, ships, strict=True))
        booklet.roster = replace(booklet.roster, rows=rows)
    return booklet
