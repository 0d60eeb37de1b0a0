"""Assemble a print job from designs: rate each, build its sheet, add a fleet roster (1.0-1.5, 2.2)."""

from __future__ import annotations

from collections.abc import Iterable

from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.render.sheet import Booklet, Sheet, build_roster, check_printable, sheet_from_rating


def build_booklet(designs: Iterable[Design | Sheet], *, rules: Ruleset | None = None, paper: str = "letter",
                  per_page: int = 1, blank: bool = False, roster: bool | None = None, compact: bool = False,
                  key: bool = True) -> Booklet:
    """A booklet of one sheet per design (or ready-made :class:`Sheet`).

    ``roster=None`` adds the fleet roster page when there is more than one sheet. ``compact`` keeps one-per-page
    sheets at the compact size; ``key=False`` leaves the arc key out.
    """
    rules = rules or Ruleset.unity()
    sheets = [check_printable(d if isinstance(d, Sheet) else sheet_from_rating(rate(d, rules), rules))
              for d in designs]
    with_roster = len(sheets) > 1 if roster is None else roster
    return Booklet(sheets=sheets, roster=build_roster(sheets, rules) if with_roster else None, paper=paper,
                   per_page=per_page, blank=blank, compact=compact, key=key)
