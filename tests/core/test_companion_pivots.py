"""C5/C6's pivot table as data (declared, not played: Unity designs have no Pivot Class): the formula against the
book's worked examples and its expanded table.

Source: Captain's Companion (2025), C5 and C6 (../shared/seeds/002_*.txt)."""

from __future__ import annotations

import pytest

from drydock.core.rules.companion import pivot_requirement

#: C5's "expanded table" (C6's is the same numbers as hexes): thrust -> speeds by Pivot Class A, B, C, D, F. The
#: printed class A row "9-12" overlaps "7-9": 9 / 3 = 3 puts speed 9 in the +3 row, so the +4 row is 10-12.
EXPANDED = {1: ("1-3", "1-2", "1-2", "1", "1"), 2: ("4-6", "3-5", "3-4", "2-3", "2"),
            3: ("7-9", "6-7", "5-6", "4", "3"), 4: ("10-12", "8-10", "7-8", "5-6", "4"),
            5: ("13-15", "11-12", "9-10", "7", "5"), 6: ("16-18", "13-15", "11-12", "8-9", "6")}


def test_the_books_examples() -> None:
    # C5: "a starship with Pivot Class B and current speed 7 adds +3 per pivot (7 / 2.5 = 2.8, rounded up)"
    assert pivot_requirement("B", 7) == 3
    # C6: "a starship with Pivot Class D and current speed 5 is required to move four hexes between pivots"
    assert pivot_requirement("D", 5) == 4


def test_the_expanded_table() -> None:
    for thrust, cells in EXPANDED.items():
        for cls, cell in zip("ABCDF", cells, strict=True):
            low, _, high = cell.partition("-")
            for speed in range(int(low), int(high or low) + 1):
                assert pivot_requirement(cls, speed) == thrust, (cls, speed)


def test_an_unknown_class_is_refused() -> None:
    with pytest.raises(ValueError, match="Pivot Class"):
        pivot_requirement("E", 5)
