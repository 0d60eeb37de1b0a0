"""The drydock workbook layout: every sheet name, cell address, column and colour, as data.

The real Drydock's cell addresses are unknown (drydock-workbook.md, open question 1), so
this is drydock's own layout mirroring the Drydock's structure (Z.2): one ``SHIP1``,
``SHIP2``, ... sheet per design (inputs in yellow, computed figures in orange, Used and
Remain SU columns, ORAT/DRAT/CRAT), a ``Weapons`` library holding each distinct weapon
profile once (RNG negative for standard weapons, positive MA plus the ``Skr`` trait for
seekers, ``Primary>Secondary`` rows for secondary modes, up to five traits, BSUR), a
``Drake`` sheet with each ship's Drake text and a hidden ``Tables`` sheet feeding the
drop-downs. The reader and the writer both take every address from here.
"""

from __future__ import annotations

from dataclasses import dataclass

SHIP_PREFIX = "SHIP"
WEAPONS_SHEET = "Weapons"
DRAKE_SHEET = "Drake"
TABLES_SHEET = "Tables"

#: Fill colours (Z.2: yellow inputs, orange formulas/computed figures) and the header grey.
INPUT_FILL = "FFFF99"
COMPUTED_FILL = "FFCC99"
HEADER_FILL = "D9D9D9"
#: Working figures (formulas a player can follow, not read back): pale orange.
WORKING_FILL = "FCE4D6"
#: Conditional formatting: a cell that breaks a rule turns red.
PROBLEM_FILL = "FF7C80"
#: The tab of a SHIP sheet rated by its faction's own house rules.
FACTION_TAB_COLOUR = "7030A0"

TITLE_CELL = "A1"
TITLE_TEXT = "drydock starship design (Starmada Unity)"
DESIGN_TITLE_CELL = "C1"  # computed "Faction CLASS-class Type"


@dataclass(frozen=True)
class Field:
    """One labelled input cell: the label sits in column A of the same row."""

    key: str
    label: str
    cell: str
    kind: str  # "text", "int", "track"


#: Single input cells of a SHIP sheet (yellow). Labels are checked on import.
SHIP_FIELDS: tuple[Field, ...] = (
    Field("faction", "Faction", "B3", "text"),
    Field("class_name", "Class", "B4", "text"),
    Field("type", "Type", "B5", "text"),
    Field("ship_id", "Ship ID", "B6", "text"),
    Field("ship_name", "Ship name", "B7", "text"),
    Field("hull", "Hull size", "B8", "int"),
    Field("engines", "Engines", "B9", "int"),
    Field("shields", "Shields", "B10", "int"),
    Field("screens", "Screens", "B11", "int"),
    Field("stated_cr", "Stated combat rating", "B21", "int"),
    Field("stated_hull", "Stated hull track", "B22", "track"),
    Field("stated_engines", "Stated engines track", "B23", "track"),
    Field("stated_weapons", "Stated weapons track", "B24", "track"),
    Field("stated_shields", "Stated shields track", "B25", "track"),
    Field("stated_equipment_ll", "Stated equipment loss limit", "B26", "int"),
)
FIELD = {f.key: f for f in SHIP_FIELDS}

#: Used / Remain SU beside the engines, shields and screens inputs (orange).
USED_HEADER = ("C2", "Used SU")
REMAIN_HEADER = ("D2", "Remain")
PART_SU_ROWS = {"engines": 9, "shields": 10, "screens": 11}
USED_COL, REMAIN_COL = "C", "D"

#: Directional shields (B.7) and screens (B.18): four arcs per row (yellow). Filled = directional.
ARC_HEADER_ROW = 13
ARC_HEADER_LABEL = "Directional"
ARC_COLUMNS = {"fwd": "B", "port": "C", "stbd": "D", "aft": "E"}
ARC_HEADERS = {"fwd": "Fwd", "port": "Port", "stbd": "Stbd", "aft": "Aft"}
DIRECTIONAL_ROWS = {"shields": (14, "Shields"), "screens": (15, "Screens")}

#: Technology levels (A.4), -2..+2 (yellow).
TECH_HEADER_ROW = 17
TECH_HEADER_LABEL = "Tech levels"
TECH_ROW = 18
TECH_ROW_LABEL = "Level"
TECH_COLUMNS = {"engines": "B", "shields": "C", "weapons": "D", "fighters": "E"}
TECH_HEADERS = {"engines": "Engines", "shields": "Shields", "weapons": "Weapons", "fighters": "Fighters"}

TECH_MOD_ROW = 19
TECH_MOD_LABEL = "SU x (A.4)"

#: The equivalent shield rating of directional shields (A.1, B.7), beside the arcs.
ESR_HEADER = ("F13", "ESR")
ESR_CELL = "F14"

#: The SHIP sheet's number inputs that are not whole numbers, listed by address (the reader refuses each):
#: header and formula cell, right of the summary (a column apart).
NOT_WHOLE_LABEL = ("J3", "Not whole")
NOT_WHOLE_CELL = "J4"

STATED_HEADER = ("A20", "Stated by the source (kept, compared with the computed values)")

#: Computed summary (orange): label in column G, value in column H.
SUMMARY_LABEL_COL, SUMMARY_VALUE_COL = "G", "H"
SUMMARY_ROWS: tuple[tuple[int, str, str], ...] = (
    (3, "total_su", "Total SU"),
    (4, "used_su", "Used SU"),
    (5, "remaining_su", "Remain SU"),
    (6, "orat", "ORAT"),
    (7, "drat", "DRAT"),
    (8, "crat", "CRAT"),
    (9, "hull_track", "Hull track"),
    (10, "engines_track", "Engines track"),
    (11, "weapons_track", "Weapons track"),
    (12, "shields_track", "Shields track"),
    (13, "equipment_ll", "Equipment loss limit"),
    (14, "problems", "Problems"),
)

#: Working figures (orange, formulas) below the summary: label in column G, value in column H,
#: each value cell a sheet-level named range so that formulas read "ORAT", "ShieldFactor" ...
WORKING_ROWS: tuple[tuple[int, str, str], ...] = (
    (15, "EngineFactor", "Engine factor (EF)"),
    (16, "ShieldFactor", "Shield factor (SF)"),
    (17, "TrackBoxes", "Track boxes (A.3)"),
    (18, "ExpendableFactor", "Expendable ORAT x (A.2)"),
    (19, "OratEngineRating", "ORAT engine rating (ERO)"),
    (20, "ShieldRating", "Shield rating (S)"),
    (21, "WeaponsSU", "Weapons SU"),
    (22, "WeaponsORAT", "Weapons ORAT"),
    (23, "SystemsORAT", "Systems ORAT"),
    (24, "HullEquivalent", "Hull boxes + screens (A.2)"),
    (25, "BaseDRAT", "Base DRAT"),
    (26, "DratMultiplier", "DRAT x (systems)"),
    (27, "DratAddition", "DRAT + (systems)"),
)
#: Sheet-level names of the summary cells (column H) and input cells.
SUMMARY_NAMES = {"total_su": "TotalSU", "used_su": "UsedSU", "remaining_su": "RemainSU", "orat": "ORAT",
                 "drat": "DRAT", "crat": "CRAT", "equipment_ll": "EquipmentLossLimit", "problems": "Problems"}


@dataclass(frozen=True)
class Table:
    """A table of input rows: a header row, then ``capacity`` rows; columns name -> (letter, header, input?)."""

    header_row: int
    capacity: int
    columns: dict[str, tuple[str, str, bool]]

    @property
    def first_row(self) -> int:
        return self.header_row + 1

    @property
    def last_row(self) -> int:
        return self.header_row + self.capacity

    def col(self, name: str) -> str:
        return self.columns[name][0]


#: Weapon banks (A.1, Z.2 "xARCy"): rows with the same battery number form one battery. A row whose ``#`` is
#: empty joins the battery of the first row with the same weapon (the Drydock has no ``#``: rows with the same
#: weapon are one battery); the computed ``key`` column shows the battery each row belongs to.
BANKS = Table(28, 30, {
    "battery": ("A", "#", True),
    "name": ("B", "Battery", True),
    "weapon": ("C", "Weapon", True),
    "bank": ("D", "Bank (xARCy)", True),
    "loss_limit": ("E", "Stated loss limit", True),
    "used": ("F", "Used SU", False),
    "remain": ("G", "Remain", False),
    "orat": ("H", "ORAT", False),
    "bsur": ("I", "BSUR", False),
    "mounts": ("J", "Mounts", False),
    "arc": ("K", "Arc", False),
    "per_mount": ("L", "Per mount", False),
    "arcs": ("M", "Arcs", False),
    "loss": ("N", "Loss limit", False),
    "checks": ("O", "Checks", False),
    "key": ("P", "Battery (#)", False),
})
#: The ``key`` of a bank row: ``#n`` for battery number n, ``weapon: NAME`` for unnumbered rows of the weapon NAME.
BATTERY_KEY_NUMBER, BATTERY_KEY_WEAPON = "#", "weapon: "

#: Systems (A.5): name and quantity (yellow), then the computed figures.
SYSTEMS = Table(60, 20, {
    "name": ("A", "System", True),
    "qty": ("B", "Qty", True),
    "used": ("C", "Used SU", False),
    "remain": ("D", "Remain", False),
    "orat": ("E", "ORAT", False),
    "drat_mult": ("F", "DRAT x", False),
    "drat_add": ("G", "DRAT +", False),
    "rule": ("H", "System rule", False),
    "n": ("I", "n", False),
})

#: Free notes (Design.notes), one per row.
NOTES = Table(82, 15, {"note": ("A", "Notes", True)})

#: Every system of the ruleset costed for this ship (A.5), below the notes: the systems rows above
#: look their figures up here by name. Two more rows cost the Screens input (B.18).
CATALOGUE_HEADER_ROW = 100
CATALOGUE_COLUMNS: dict[str, tuple[str, str]] = {
    "name": ("A", "System (A.5)"), "type": ("B", "Type"), "listed": ("C", "Listed"), "n": ("D", "n"),
    "su": ("E", "SU"), "orat": ("F", "ORAT +"), "drat_mult": ("G", "DRAT x"), "drat_add": ("H", "DRAT +"),
    "hull_mult": ("I", "Hull x"),
}
SCREEN_INPUT_ROWS = ("Screens (input)", "Directional Screens (input)")

SHIP_LAST_ROW = NOTES.last_row
SHIP_LAST_COL = "P"
SHIP_COLUMN_WIDTHS = {"A": 28, "B": 24, "C": 22, "D": 14, "E": 16, "F": 10, "G": 24, "H": 30, "I": 8, "J": 8,
                      "K": 8, "L": 10, "M": 7, "N": 10, "O": 26, "P": 22}

#: The Weapons library (Z.2): one row per weapon mode; a secondary mode is the row after its primary,
#: named "Primary>Secondary".
WEAPON_COLUMNS: dict[str, tuple[str, str, bool]] = {
    "name": ("A", "Weapon", True),
    "rng": ("B", "RNG", True),
    "rof": ("C", "ROF", True),
    "acc": ("D", "ACC", True),
    "imp": ("E", "IMP", True),
    "dmg": ("F", "DMG", True),
    "trait1": ("G", "Trait 1", True),
    "trait2": ("H", "Trait 2", True),
    "trait3": ("I", "Trait 3", True),
    "trait4": ("J", "Trait 4", True),
    "trait5": ("K", "Trait 5", True),
    "bsur": ("L", "BSUR", False),
    "max_range": ("M", "RNG (max)", False),
}
#: Working columns of the Weapons sheet (formulas, A.1 order of application): key -> (letter, header).
WEAPON_WORKING: dict[str, tuple[str, str]] = {
    "L": ("N", "L"), "seeker": ("O", "Seeker"),
    "code1": ("P", "Code 1"), "code2": ("Q", "Code 2"), "code3": ("R", "Code 3"), "code4": ("S", "Code 4"),
    "code5": ("T", "Code 5"),
    "acc_x": ("U", "ACC x"), "acc_seek": ("V", "ACC seek"), "base": ("W", "Base"), "range_x": ("X", "Range x"),
    "before_x": ("Y", "Traits x"), "seek_add": ("Z", "Seek +"), "dfn_add": ("AA", "Dfn +"),
    "after_x": ("AB", "After x"), "raw": ("AC", "BSUR raw"), "raw2": ("AD", "2nd mode raw"),
    "battery_L": ("AE", "Battery L"), "exp": ("AF", "Expendable"), "checks": ("AG", "Checks"),
}
#: Spare library rows that carry the working formulas, for weapons a player adds.
WEAPON_SPARE_ROWS = 24  # the Drydock's Weapons tab holds 24 entries (Z.2): a blank workbook holds as many
TRAIT_KEYS = ("trait1", "trait2", "trait3", "trait4", "trait5")
WEAPONS_HEADER_ROW = 1
WEAPON_COLUMN_WIDTHS = {"A": 30, "B": 9, "C": 6, "D": 6, "E": 6, "F": 6, "G": 9, "H": 9, "I": 9, "J": 9, "K": 12,
                        "L": 9, "M": 10}
#: Separator between a primary weapon and its secondary mode in a library name (Z.2).
MODE_SEPARATOR = ">"
#: The trait that marks a seeking weapon in the library (Z.2); the positive RNG is its MA.
SEEKER_TRAIT = "Skr"

DRAKE_HEADER = "Drake notation (A.6): copy column A"
DRAKE_COLUMN_WIDTH = 70

#: Hidden lookup lists for the drop-downs: column letter -> header.
TABLE_COLUMNS = {"arcs": ("A", "Firing arcs"), "traits": ("B", "Traits"), "systems": ("C", "Systems"),
                 "banks": ("D", "Bank entries (xARCy)")}
