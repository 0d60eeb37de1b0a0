"""Display-sheet conventions and print geometry as data (1.0-1.5, 2.2, A.3; weapons.md §8).

Nothing here computes a rating: the numbers on a sheet come from
:func:`drydock.core.validation.rate`. These tables say how the sheet *shows* them and
how big the printed parts are.
"""

from __future__ import annotations

#: The 2.2 battle sizes (names, fleet limits, VP targets) live in the ruleset: ``Ruleset.play.size_table``.

#: weapons.md §8 / C.5: a trait whose value is shown as "*" instead of a number, and which one.
STAR_FIELDS: dict[str, str] = {
    "Bls": "short",  # Ballistic: no attacks at short range
    "Crn": "long",   # Carronade: no attacks at long range
    "Sct": "imp",    # Scatter: IMP 3/2/1 by band
    "Tls": "imp",    # Telescopic: IMP 1/2/3 by band
    "Vlt": "rof",    # Volatile: roll a die for the number of to-hit dice
}

#: weapons.md §8: the trait whose weapons print as a box plus a diamond (fired once per game).
EXPENDABLE_TRAIT = "Exp"

#: Defensive-arc labels for directional shields and screens (1.2, 1.3, B.7, B.18).
ARC_LABELS: dict[str, str] = {"fwd": "Fwd", "port": "Port", "stbd": "Stbd", "aft": "Aft"}

#: 1.5: one game-turn box per turn; the issue asks for at least ten.
TURNS_FULL_PAGE = 12
TURNS_IN_CELL = 10
#: Least height of a game-turn box (room for movement orders such as "3P1(4) +1"), by sheet size; a sheet
#: that fills a cell or page stretches its turn record over the free height.
TURN_BOX_MM: dict[str, float] = {"quarter": 8.5, "half": 9.0, "page": 12.0, "compact": 12.0, "flow": 8.0}
#: One sheet per page: the sheet is drawn this much larger (boxes 6 mm, type to match) when it fits.
LARGE_SCALE = 1.3

#: Paper sizes in millimetres (width, height), portrait.
PAPER_MM: dict[str, tuple[float, float]] = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}

#: Page margin and gutter between cells, millimetres.
PAGE_MARGIN_MM = 8.0
GUTTER_MM = 4.0

#: Sheets per page -> (columns, rows) of cells on a portrait page.
LAYOUTS: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2)}

#: Size of a damage box (a pencil needs at least 4 mm), the gap between boxes, and the game-turn
#: "attacked" checkbox. Boxes are drawn as CSS gradients in runs, one element per run (fast to lay out).
BOX_MM = 4.6
BOX_GAP_MM = 0.7
CHECKBOX_MM = 4.2
#: Boxes per run on a track line: runs wrap as a whole, and groups of ten are easy to count.
BOXES_PER_RUN = 10

#: Metrics of the bundled DejaVu Sans Condensed (font units): digits are tabular and a space is half a
#: digit, so a number padded with spaces to a fixed width centres itself in its box (tests check these).
FONT_UNITS_PER_EM = 2048
DIGIT_ADVANCE = 1172
SPACE_ADVANCE = 585
#: Characters per numbered box: padding spaces either side of a 1-, 2- or 3-digit number.
NUMBER_PAD: dict[int, int] = {1: 3, 2: 2, 3: 1}

#: The systems printed as the carrier's flights track rather than on the traits line (B.4, B.12).
CARRIER_SYSTEM = "Carrier"
LAUNCH_TUBES_SYSTEM = "Launch Tubes"
#: F.5 Launch & Recovery: flights launched per turn by hull size (upper bound of each band, flights).
LAUNCH_PER_TURN: tuple[tuple[int, int], ...] = ((3, 1), (8, 2), (15, 3), (24, 4), (35, 5))


def launch_per_turn(hull: int) -> int:
    """F.5: the most flights a ship of ``hull`` may launch in one turn (launch tubes double it, B.12)."""
    for top, n in LAUNCH_PER_TURN:
        if hull <= top:
            return n
    return LAUNCH_PER_TURN[-1][1]
