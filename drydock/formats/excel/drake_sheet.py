"""The workbook's ``Drake`` sheet built by formulas from the SHIP sheets (A.6), so that it follows every edit.

For each ship a hidden helper row holds the Drake text in parts (header and ID block, screens,
tracks, one part per battery, systems) and their join, each a formula over that ship's input and
computed cells and the Weapons library; column A then shows the text one line per cell (the
k-th line of the join), so that copying column A gives the Drake text ``drydock show`` prints
for the design as edited. Each formula carries drydock's text as its cached value.

What a formula does not follow: a battery added in new bank rows (its lines appear when drydock
writes the workbook again), names that need ``Faction:``/``Class:``/``Type:`` lines or contain
``|`` (written as drydock's text), and more lines than the rows reserved (a few spare per ship).
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.errors import DrydockError
from drydock.formats.drake import ship_to_drake
from drydock.formats.drake.read import ARC_LABELS, HOUSE_MARK
from drydock.formats.excel import layout as L
from drydock.formats.excel.cells import HEADER, WORKING, Cells
from drydock.formats.excel.literals import lookup_value

NL = "CHAR(10)"
SEP = f'{NL}&"--"&{NL}'
#: Spare line rows per ship, for lines an edit adds (a directional arc, a munition ...).
SPARE_LINES = 6
#: The helper columns: the join, then the parts.
JOIN_COL, FIRST_PART_COL = 3, 4
#: Excel's longest formula (8,192 characters), with room to spare.
MAX_FORMULA = 8000
#: The hidden columns holding each systems row's (equipment, traits, munitions) fragment.
FRAGMENT_COL = 60
_CAT_TYPE = L.CATALOGUE_COLUMNS["type"][0]
_CAT_NAME = L.CATALOGUE_COLUMNS["name"][0]


def _col(n: int) -> str:
    return get_column_letter(n)


def _q(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _join(parts: list[str], sep: str) -> str:
    """Non-empty ``parts`` joined by ``sep`` (TEXTJOIN: Excel 2019+, LibreOffice 5.2+; each part written once)."""
    if not parts:
        return '""'
    return f"_xlfn.TEXTJOIN({sep},TRUE,{','.join(parts)})"


def _signed(cell: str) -> str:
    return f'IF(N({cell})>0,"+"&N({cell}),N({cell})&"")'


class DrakeWriter:
    """The formula parts of one ship's Drake text (``s`` is the SHIP sheet's name)."""

    def __init__(self, s: str, design: Design, rules: Ruleset, weapons_last: int, arcs: str) -> None:
        self.s, self.d, self.rules, self.weapons_last, self.arcs = s, design, rules, weapons_last, arcs
        self.mark = "" if rules.is_book else HOUSE_MARK

    def ref(self, addr: str) -> str:
        return f"{self.s}!${addr[0]}${addr[1:]}" if addr[1:].isdigit() else f"{self.s}!{addr}"

    def field(self, key: str) -> str:
        return self.ref(L.FIELD[key].cell)

    def summary(self, key: str) -> str:
        row = next(n for n, k, _ in L.SUMMARY_ROWS if k == key)
        return self.ref(f"{L.SUMMARY_VALUE_COL}{row}")

    # ------------------------------------------------------------------ parts
    def head(self, static: list[str]) -> str:
        """Header line, ID/NAME, the names lines drydock needs (static) and the Tech line."""
        f = self.field
        cr = f'IF(ISNUMBER({f("stated_cr")}),{f("stated_cr")}&"",{self.summary("crat")}&{_q(self.mark)})'
        # a class of several words as typed, as drydock's Drake writer has it (no '_' the player never typed)
        header = (f'TRIM({f("faction")}&" "&TRIM({f("class_name")})&"-class "&{f("type")}'
                  f'&" ("&{cr}&")")')
        lines = [f'TRIM("ID: "&{f("ship_id")})', f'TRIM("NAME: "&{f("ship_name")})', *map(_q, static)]
        tech = [self.ref(f"{col}{L.TECH_ROW}") for col in L.TECH_COLUMNS.values()]
        letters = "".join(k[0].upper() for k in L.TECH_COLUMNS)
        tech_text = "&".join(f'{_q((" " if i else "Tech: ") + letter)}&{_signed(c)}'
                             for i, (letter, c) in enumerate(zip(letters, tech, strict=True)))
        zero = "AND(" + ",".join(f"N({c})=0" for c in tech) + ")"
        lines.append(f'IF({zero},"",{tech_text})')
        return f"{header}&{SEP}&{_join(lines, NL)}"

    def _arcs(self, row: int) -> tuple[str, str]:
        """(any arc filled, the four "-Fwd: n" lines) of a directional row."""
        cells = [self.ref(f"{col}{row}") for col in L.ARC_COLUMNS.values()]
        any_filled = "OR(" + ",".join(f'{c}<>""' for c in cells) + ")"
        lines = f"&{NL}&".join(f'"-{ARC_LABELS[arc]}: "&N({c})' for arc, c in zip(L.ARC_COLUMNS, cells, strict=True))
        return any_filled, lines

    def screens(self) -> str:
        n = self.field("screens")
        directional, lines = self._arcs(L.DIRECTIONAL_ROWS["screens"][0])
        plain = f'IF(N({n})<>0,"Screens: "&N({n}),"")'
        return f'IF({directional},IF(N({n})<>0,"Screens: "&N({n}),"Screens:")&{NL}&{lines},{plain})'

    def tracks(self) -> str:
        f, s = self.field, self.summary

        def track(stated: str, computed: str) -> str:
            return f'IF({f(stated)}<>"",{f(stated)},{s(computed)})'

        out = [f'"Hull: "&{track("stated_hull", "hull_track")}',
               f'"Engines: "&{track("stated_engines", "engines_track")}',
               f'"Weapons: "&{track("stated_weapons", "weapons_track")}']
        directional, lines = self._arcs(L.DIRECTIONAL_ROWS["shields"][0])
        shown = f'OR({f("stated_shields")}<>"",{directional},N({f("shields")})<>0)'
        out.append(f'IF({shown},"Shields: "&{track("stated_shields", "shields_track")},"")')
        out.append(f'IF({directional},{lines},"")')
        return _join(out, NL)

    def weapon_row(self, rows: list[int]) -> str:
        """The row of the battery's weapon in the Weapons library (a helper cell)."""
        w = L.WEAPON_COLUMNS["name"][0]
        key = f"{self.s}!${L.BANKS.col('weapon')}${rows[0]}"
        return f"MATCH({lookup_value(key)},{L.WEAPONS_SHEET}!${w}$2:${w}${self.weapons_last},0)"

    def battery(self, rows: list[int], secondary: bool, index: str) -> str:
        """One battery: ``Name | ACE [][]| BDF [][] // (LL)`` and its mode lines, from its bank rows."""
        b, s = L.BANKS, self.s
        first = rows[0]
        key = f"{s}!${b.col('weapon')}${first}"
        exp = f"IFERROR(INDEX(WeaponExp,MATCH({lookup_value(key)},WeaponName,0)),0)=1"
        box = f'IF({exp},"[]<>","[]")'

        def bank(r: int) -> str:
            c = {k: f"{s}!${b.col(k)}${r}" for k in ("bank", "arc", "per_mount", "mounts")}
            arc = f'IFERROR(INDEX({self.arcs},MATCH({lookup_value(c["arc"])},{self.arcs},0)),{c["arc"]})'  # own case
            return (f'IF(OR(TRIM({c["bank"]})="",NOT(ISNUMBER({c["mounts"]}))),"",{arc}&IF(N({c["per_mount"]})>1,'
                    f'{c["per_mount"]},"")&" "&REPT({box},{c["mounts"]}))')

        banks = _join([bank(r) for r in rows], '"| "')
        stated, computed = f"{s}!${b.col('loss_limit')}${first}", f"{s}!${b.col('loss')}${first}"
        ll = f'IF({stated}<>"",{stated},{computed})'
        name = f"{s}!${b.col('name')}${first}"
        line = f'{name}&" | "&IF(({banks})="","",({banks})&" ")&"// ("&{ll}&")"'
        modes = [self.mode(key, index, primary=True)]
        if secondary:
            modes.append(self.mode(key, index, primary=False))
        return _join([line, *modes], NL)

    def mode(self, key: str, index: str, *, primary: bool) -> str:
        """A mode line from the Weapons library row named ``key`` (primary) or the row after it, ``key>Label``
        (secondary, Z.2)."""
        w = L.WEAPON_COLUMNS
        last = self.weapons_last

        def col(k: str) -> str:
            return f"{L.WEAPONS_SHEET}!${w[k][0]}$2:${w[k][0]}${last}"

        match = index
        label = '""'
        if not primary:  # the library row after the primary is "Primary>Label"
            match = f"({index}+1)"
            text = f'MID(INDEX({col("name")},{match}),LEN({key})+2,200)'
            label = f'IF({text}="","",{text}&": ")'

        def at(k: str) -> str:
            return f"INDEX({col(k)},{match})"

        rng = at("rng")
        rng_text = (f'IF(ISNUMBER({rng}),IF({rng}<0,(-{rng}/3)&"-"&(-2*{rng}/3)&"-"&(-{rng}),"MA "&{rng}),{rng})')
        stats = f'{at("rof")}&"x"&{at("acc")}&"+/"&{at("imp")}&"/"&{at("dmg")}'
        traits = _join([f'IF(OR({at(t)}="",{at(t)}="{L.SEEKER_TRAIT}"),"",{at(t)})' for t in L.TRAIT_KEYS], '", "')
        text = f'{label}&{rng_text}&" | "&{stats}&IF(({traits})="",""," ("&({traits})&")")'
        return f'IFERROR({text},"")'

    def note_cells(self) -> list[str]:
        t = L.NOTES
        return [f"{self.s}!${t.col('note')}${r}" for r in range(t.first_row, t.last_row + 1)]

    def system_rows(self) -> list[tuple[str, str, str]]:
        """Per systems row of the SHIP sheet: its (equipment, traits, munitions) fragment formulas."""
        t, s = L.SYSTEMS, self.s
        last_cat = L.CATALOGUE_HEADER_ROW + len(self.rules.systems) + len(L.SCREEN_INPUT_ROWS)
        units = [n for n, r in self.rules.systems.items() if r.unit is not None]
        equipment, traits, munitions = [], [], []
        for r in range(t.first_row, t.last_row + 1):
            name = f"{s}!${t.col('name')}${r}"
            rule = f"{s}!${t.col('rule')}${r}"
            shown = f"IF({rule}<>\"\",{rule},TRIM({name}))"
            qty = f"{s}!${t.col('n')}${r}"
            kind = (f"IFERROR(INDEX({s}!${_CAT_TYPE}${L.CATALOGUE_HEADER_ROW + 1}:${_CAT_TYPE}${last_cat},"
                    f"MATCH({rule},{s}!${_CAT_NAME}${L.CATALOGUE_HEADER_ROW + 1}:${_CAT_NAME}${last_cat},0)),\"T\")")
            empty = f'TRIM({name})=""'
            equipment.append(f'IF(OR({empty},{kind}<>"E"),"",TRIM({shown}&" "&REPT("[]",N({qty}))))')
            unit = "OR(" + ",".join(f"{rule}={_q(u)}" for u in units) + ")" if units else "FALSE"
            traits.append(f'IF(OR({empty},{kind}="E",{kind}="M"),"",{shown}&IF(OR(N({qty})<>1,{unit}),'
                          f'" ("&{qty}&")",""))')
            munitions.append(f'IF(OR({empty},{kind}<>"M"),"",{shown}&": "&{qty})')
        return list(zip(equipment, traits, munitions, strict=True))

    def systems(self, fragments: list[tuple[str, str, str]]) -> str:
        """Equipment (with its loss limit), Traits and one line per munition, in the design's order, from the
        cells holding each row's fragments."""
        equipment, traits, munitions = (list(x) for x in zip(*fragments, strict=True))
        eq = _join(equipment, '"| "')
        stated = self.field("stated_equipment_ll")
        ll = f'IF({stated}<>"",{stated},N({self.summary("equipment_ll")}))'
        eq_line = f'IF(AND(({eq})="",{stated}=""),"","Equipment: "&IF(({eq})="","",({eq})&" ")&"// ("&{ll}&")")'
        tr = _join(traits, '", "')
        return _join([eq_line, f'IF(({tr})="","","Traits: "&({tr}))', _join(munitions, NL)], NL)


def write_drake_sheet(ws: Worksheet, cells: Cells, designs: list[Design], rules_of: list[Ruleset],
                      weapons_last: int, arcs: str, library_rows: list[list[int]]) -> None:
    """The Drake sheet: per ship, helper formulas (hidden columns) and its lines in column A; ``arcs`` is the
    range listing every arc code as the rules write it (the Tables sheet); ``library_rows[i][k]`` is design i's
    battery k's row in the Weapons library (counted from its first data row)."""
    cells.put(ws, "A1", L.DRAKE_HEADER, HEADER, bold=True)
    row = 2
    last_part = FIRST_PART_COL
    for i, (d, rules) in enumerate(zip(designs, rules_of, strict=True), start=1):
        try:
            text = ship_to_drake(d, rules)
        except DrydockError as exc:
            text = f"# cannot be written as Drake: {exc}"
            cells.put(ws, f"A{row}", text)
            row += 2
            continue
        lines = text.split("\n")
        w = DrakeWriter(f"{L.SHIP_PREFIX}{i}", d, rules, weapons_last, arcs)
        indexes = []
        for k, rows in enumerate(_bank_rows(d)):  # each battery's library row, below its part
            addr = f"{_col(FIRST_PART_COL + 3 + k)}{row + 1}"
            cells.fx(ws, addr, w.weapon_row(rows), library_rows[i - 1][k], WORKING)
            indexes.append(addr)
        fragments: list[tuple[str, str, str]] = []
        for k, (values, triple) in enumerate(zip(_fragment_texts(d, rules), w.system_rows(), strict=False)):
            refs = []
            for j, (formula, value) in enumerate(zip(triple, values, strict=True)):
                addr = f"{_col(FRAGMENT_COL + j)}{row + k}"
                cells.fx(ws, addr, formula, value, WORKING)
                refs.append(addr)
            equipment, trait, munition = refs  # one cell per fragment: equipment, traits, munitions
            fragments.append((equipment, trait, munition))
        parts = _parts(w, d, lines, fragments, indexes)
        col = FIRST_PART_COL
        part_refs = []
        for formula, value in zip(parts, _part_texts(d, text), strict=True):
            addr = f"{_col(col)}{row}"
            if len(formula) > MAX_FORMULA:  # past Excel's formula length: drydock's text, not live
                cells.put(ws, addr, value, WORKING)
            else:
                cells.fx(ws, addr, formula, value, WORKING)
            part_refs.append(addr)
            col += 1
        last_part = max(last_part, col)
        join = f"{_col(JOIN_COL)}{row}"
        head, screens, tracks, *rest = part_refs
        batteries, systems = rest[:-1], rest[-1]
        bats = _join(batteries, NL)
        notes = _join([f'IF(TRIM({c})="","","# "&{c})' for c in w.note_cells()], NL)
        cells.fx(ws, join, _join([_join([head, screens, tracks, bats, systems], SEP), notes], NL), text, WORKING)
        height = max(len(lines) + SPARE_LINES, L.SYSTEMS.capacity)
        for k in range(height):
            cells.fx(ws, f"A{row + k}", _line(join, k + 1), lines[k] if k < len(lines) else "")
        row += height + 1
    ws.column_dimensions["A"].width = L.DRAKE_COLUMN_WIDTH
    for c in [*range(JOIN_COL - 1, last_part + 1), *range(FRAGMENT_COL, FRAGMENT_COL + 3)]:
        ws.column_dimensions[_col(c)].hidden = True
    ws.freeze_panes = "A2"
    ws.print_area = f"A1:A{max(row, 2)}"


def _fragment_texts(d: Design, rules: Ruleset) -> list[tuple[str, str, str]]:
    """drydock's (equipment, traits, munitions) fragment of each systems row (cached values)."""
    out = []
    for n in range(L.SYSTEMS.capacity):
        entry = d.systems[n] if n < len(d.systems) else None
        if entry is None:
            out.append(("", "", ""))
            continue
        rule = rules.systems.get(entry.name)
        kind = rule.type if rule is not None else "T"
        name = entry.name
        shown = entry.qty != 1 or (rule is not None and rule.unit is not None)
        out.append((f"{name} {'[]' * entry.qty}".rstrip() if kind == "E" else "",
                    (f"{name} ({entry.qty})" if shown else name) if kind not in ("E", "M") else "",
                    f"{name}: {entry.qty}" if kind == "M" else ""))
    return out


def _bank_rows(d: Design) -> list[list[int]]:
    """The SHIP sheet rows of each battery's banks, as drydock writes them."""
    rows, r = [], L.BANKS.first_row
    for battery in d.weapons:
        n = max(len(battery.banks), 1)
        rows.append(list(range(r, r + n)))
        r += n
    return rows


def _parts(w: DrakeWriter, d: Design, lines: list[str], fragments: list[tuple[str, str, str]],
           indexes: list[str]) -> list[str]:
    """The part formulas: head, screens, tracks, one per battery (its bank rows as written), systems."""
    static = [ln for ln in lines[1:] if ln.split(":")[0] in ("Faction", "Class", "Type")]
    return [w.head(static), w.screens(), w.tracks(),
            *(w.battery(x, bt.secondary is not None, idx)
              for x, bt, idx in zip(_bank_rows(d), d.weapons, indexes, strict=True)),
            w.systems(fragments)]


def _line(join: str, k: int) -> str:
    """The k-th line of the text in ``join`` ("" past the last)."""
    mark = "CHAR(1)"
    start = "1" if k == 1 else f"FIND({mark},SUBSTITUTE({join},{NL},{mark},{k - 1}))+1"
    end = f"IFERROR(FIND({mark},SUBSTITUTE({join},{NL},{mark},{k})),LEN({join})+1)"
    return f'IFERROR(MID({join},{start},{end}-({start})),"")'


def _part_texts(d: Design, text: str) -> list[str]:
    """drydock's text of each part (the cached values): the sections of ``text``, batteries split."""
    notes = [f"# {n}" if n else "#" for n in d.notes]
    if notes:
        text = text[: -len("\n".join(notes)) - 1]  # the note lines end the text, outside the parts
    sections = text.split("\n--\n")
    head, rest = "\n--\n".join(sections[:2]), sections[2:]
    screens = rest.pop(0) if rest and rest[0].startswith("Screens") else ""
    tracks = rest.pop(0) if rest and rest[0].startswith("Hull:") else ""
    lines = rest.pop(0).split("\n") if d.weapons and rest else []
    batteries = []
    for battery in d.weapons:
        n = 1 + len(battery.modes)
        batteries.append("\n".join(lines[:n]))
        lines = lines[n:]
    return [head, screens, tracks, *batteries, rest[0] if rest else ""]


def drake_lines(values: list[Any]) -> str:
    """Column A as text (LibreOffice's values): the ships separated by one blank line, as ``drydock show``."""
    blocks: list[str] = []
    current: list[str] = []
    for v in values:
        if v in (None, ""):
            if current:
                blocks.append("\n".join(current))
                current = []
        else:
            current.append(str(v))
    if current:
        blocks.append("\n".join(current))
    return "\n\n".join(blocks) + "\n" if blocks else ""
