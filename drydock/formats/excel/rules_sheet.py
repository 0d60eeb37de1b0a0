"""The Rules sheet: the active ruleset's tables written into the workbook, each under a named range.

Every SHIP formula reads its factors from here by name (``AccStandard``,
``TraitBeforeMult``, ``Option_cr_drat`` ...), so a workbook written with
``--rules house.yaml`` calculates by the house rules, and editing a table cell here
recalculates every ship. Formula *expressions* (A.1 BSUR, A.5 system costs ...) are
listed for reading; they are translated into the SHIP and Weapons formulas when
drydock writes the workbook (see :mod:`drydock.formats.excel.formulas`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.worksheet import Worksheet

from drydock.core.rules import Ruleset
from drydock.formats.excel.cells import Cells

RULES_SHEET = "Rules"

#: Order of the bits that identify a pair of range-based traits (A.1 p.25 combined multipliers).


def range_bits(rules: Ruleset) -> dict[str, int]:
    """A power of two per range-based trait: the sum of two identifies their pair (A.1, Z.3)."""
    return {code: 2 ** i for i, code in enumerate(sorted(rules.range_based))}


def _num(v: Any) -> float | int | None:
    """A rules number (int, Decimal or Fraction) as a spreadsheet number."""
    if v is None:
        return None
    q = Fraction(v) if not isinstance(v, str) else Fraction(v)
    return int(q) if q.denominator == 1 else float(q)


class RulesWriter:
    """Writes the Rules sheet top to bottom; each table gets named columns."""

    def __init__(self, ws: Worksheet, cells: Cells, rules: Ruleset) -> None:
        self.ws, self.cells, self.rules = ws, cells, rules
        self.row = 1
        self.names: dict[str, str] = {}

    def name(self, name: str, ref: str) -> None:
        self.names[name] = f"'{self.ws.title}'!{ref}" if " " in self.ws.title else f"{self.ws.title}!{ref}"

    def title(self, text: str, note: str = "") -> None:
        self.row += 1
        self.cells.header(self.ws, f"A{self.row}", text)
        if note:
            self.cells.put(self.ws, f"B{self.row}", note)
        self.row += 1

    def table(self, headers: list[tuple[str, str | None]], rows: list[list[Any]],
              formulas: dict[int, Any] | None = None) -> None:
        """Write ``rows`` under ``headers`` [(header, defined name or None)]; name each column's data cells."""
        letters = "ABCDEFGHIJKLMNOP"
        for i, (header, _) in enumerate(headers):
            self.cells.header(self.ws, f"{letters[i]}{self.row}", header)
        first = self.row + 1
        for r, values in enumerate(rows):
            for i, value in enumerate(values):
                addr = f"{letters[i]}{first + r}"
                if isinstance(value, tuple):  # (formula, cached value)
                    self.cells.fx(self.ws, addr, value[0], value[1])
                else:
                    self.cells.put(self.ws, addr, value)
        last = first + max(len(rows), 1) - 1
        for i, (_, name) in enumerate(headers):
            if name:
                self.name(name, f"${letters[i]}${first}:${letters[i]}${last}")
        self.row = last + 1

    def scalar(self, label: str, name: str, value: Any, section: str = "") -> None:
        self.cells.put(self.ws, f"A{self.row}", label)
        self.cells.put(self.ws, f"B{self.row}", value)
        self.cells.put(self.ws, f"C{self.row}", name)
        if section:
            self.cells.put(self.ws, f"D{self.row}", section)
        self.name(name, f"$B${self.row}")
        self.row += 1


def write_rules_sheet(ws: Worksheet, cells: Cells, rules: Ruleset, notes: list[str]) -> dict[str, str]:
    """Fill the Rules sheet; returns {defined name: reference} for the workbook."""
    d = rules.data
    w = RulesWriter(ws, cells, rules)
    cells.put(ws, "A1", f"Rules: {rules.label}", bold=True)
    w.row = 2
    cells.put(ws, "A2", "Written by drydock from the active ruleset. Tables are live: change a factor here and every "
                        "SHIP sheet recalculates. Formula expressions are built into the SHIP formulas when "
                        "drydock writes the workbook.")
    for note in notes:
        w.row += 1
        cells.put(ws, f"A{w.row}", note, bold=True)
    w.row += 1

    w.title("Values and options", "name used in formulas in column C")
    w.scalar("Shield rating maximum", "ShieldMax", rules.shield_max, d.shields.get("section", ""))
    w.scalar("Screens maximum", "ScreensMax", rules.screens_max, d.screens.get("section", ""))
    w.scalar("Screen hull-box equivalent", "ScreenHullEq", _num(rules.screen_hull_eq), d.screens.get("section", ""))
    for arc, value in rules.dir_screen_hull_eq.items():
        w.scalar(f"Directional screen equivalent {arc}", f"DirScreenEq_{arc}", _num(value), "B.18, A.5 [7]")
    for arc, value in rules.esr_weights.items():
        w.scalar(f"Equivalent shield rating weight {arc}", f"EsrWeight_{arc}", _num(value), "A.1, B.7")
    w.scalar("Hull size minimum", "HullMin", rules.hull_min, "A.1")
    w.scalar("Hull size maximum", "HullMax", rules.hull_max, "A.1")
    w.scalar("Seeker MA minimum", "MaMin", rules.ma_min, "C.4")
    w.scalar("Seeker MA maximum", "MaMax", rules.ma_max, "C.4")
    w.scalar("Range-based traits at most", "MaxRangeTraits", d.trait_rules.max_range_based, "A.1")
    for key, opt in d.options.items():
        w.scalar(f"Option {key} ({' / '.join(opt.choices)})", f"Option_{key}", opt.value, opt.section)

    w.title("ACC factors (A.1, Z.3)")
    levels = sorted(set(rules.acc_standard) | set(rules.acc_seeking))
    w.table([("ACC", "AccLevel"), ("Standard", "AccStandard"), ("Seeking", "AccSeeking")],
            [[lv, _num(rules.acc_standard.get(lv)), _num(rules.acc_seeking.get(lv))] for lv in levels])

    w.title("Technology levels (A.4): SU modifier")
    w.table([("Level", "TechLevel"), ("SU x", "TechMod")],
            [[lv, _num(m)] for lv, m in sorted(rules.tech_modifiers.items(), reverse=True)])

    w.title("Multi-weapon mounts (A.1, C.3)")
    w.table([("Weapons per mount", "MountSize"), ("SU x", "MountMod")],
            [[n, _num(m)] for n, m in sorted(rules.mount_modifiers.items())])

    w.title("Expendable ORAT factor by hull size (A.2, Z.3)")
    w.table([("Hull from", "ExpHullFrom"), ("Hull to", "ExpHullTo"), ("ORAT x", "ExpFactor")],
            [[b.hull[0], b.hull[1], _num(b.factor)] for b in rules.expendable_bands])

    w.title("Weapon traits (A.1, C.5)", "derived columns (range/before/after x) are formulas over the multiplier")
    bits = range_bits(rules)
    rows = []
    first = w.row + 1
    for n, (code, t) in enumerate(rules.traits.items()):
        r = first + n
        mult = _num(t.multiplier)
        m = t.multiplier
        is_range = 1 if t.range_based else 0
        req = t.requires
        rows.append([
            code, t.name, mult, t.stage, is_range, bits.get(code, 0),
            (f'IF(AND(E{r}=1,ISNUMBER(C{r})),C{r},1)', mult if is_range and m is not None else 1),
            (f'IF(AND(E{r}=0,D{r}="before",ISNUMBER(C{r})),C{r},1)',
             mult if not is_range and t.stage == "before" and m is not None else 1),
            (f'IF(AND(E{r}=0,D{r}="after",ISNUMBER(C{r})),C{r},1)',
             mult if not is_range and t.stage == "after" and m is not None else 1),
            1 if t.defensive else 0, req.get("rof"), req.get("imp"), req.get("dmg"), t.max_count, t.section,
        ])
    w.table([("Code", "TraitCode"), ("Trait", "TraitName"), ("Multiplier", "TraitMult"), ("Stage", "TraitStage"),
             ("Range-based", "TraitIsRange"), ("Range bit", "TraitRangeBit"), ("Range x", "TraitRangeMult"),
             ("Before x", "TraitBeforeMult"), ("After x", "TraitAfterMult"), ("Defensive", "TraitDefensive"),
             ("Needs ROF", "TraitReqRof"), ("Needs IMP", "TraitReqImp"), ("Needs DMG", "TraitReqDmg"),
             ("Max taken", "TraitMaxCount"), ("Section", None)], rows)

    w.title("Range-based trait pairs (A.1 p.25, Z.3): one combined multiplier", "n/a = not allowed")
    pair_rows = []
    for key, pair_value in d.range_pairs.pairs.items():
        a, b = key.split("+")
        pair_rows.append([bits.get(a, 0) + bits.get(b, 0), key, "n/a" if pair_value is None else _num(pair_value)])
    w.table([("Key (bits)", "PairKey"), ("Pair", None), ("Multiplier", "PairMult")], pair_rows)

    w.title("Forbidden trait pairs (C.5)")
    w.table([("Trait", None), ("Trait", None), ("Section", None)],
            [[p.traits[0], p.traits[1], p.section] for p in d.trait_rules.forbidden_pairs])

    w.title("Firing arcs (C.1, A.1): alternate and defensive arcs", "component arcs A-L count one each")
    arc_rows = [[code, a.standard, len(a.standard), a.name] for code, a in d.arcs.alternate.items()]
    arc_rows += [[code, "", _num(v), "defensive arc"] for code, v in d.arcs.defensive.items()]
    w.table([("Arc", "ArcCode"), ("Standard", None), ("Arcs", "ArcCount"), ("Name", None)], arc_rows)
    w.table([("Component arcs", "ComponentArcs")], [[ch] for ch in d.arcs.component])

    w.title("Systems (A.5)", "variables: n quantity, H hull, ER engines, ERO ORAT engine rating, S shields, "
                             "ESR, EF/SF engine/shield factor, WSU/WORAT weapon SU/ORAT")
    w.table([("System", "SystemName"), ("Type", "SystemType"), ("SU", None), ("ORAT +", None), ("DRAT x", None),
             ("DRAT +", None), ("Hull x", None), ("Tech", None), ("Multiples", "SystemMultiples"),
             ("Section", None)],
            [[name, r.type, r.su, r.orat, r.drat_mult, r.drat_add, _num(r.hull_mult), r.tech or "",
              1 if r.multiples else 0, r.section] for name, r in d.systems.items()])
    w.title("System names and abbreviations")
    aliases = [[alias, name] for name, r in d.systems.items() for alias in [name, *r.abbr]]
    w.table([("Name", "SystemAlias"), ("System", "SystemCanonical")], aliases)

    w.title("Formulas (A.1-A.3)", "translated into the SHIP and Weapons formulas")
    w.table([("Formula", None), ("Expression", None), ("Section", None)],
            [[key, f.expr, f.section] for key, f in d.formulas.items()])
    for col, width in {"A": 44, "B": 28, "C": 22, "D": 12}.items():
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"
    names = w.names
    names["SystemAliasTable"] = names["SystemAlias"].replace("$A$", "$A$").replace(":$A$", ":$B$")
    return names


def define_names(wb: Any, names: dict[str, str]) -> None:
    for name, ref in names.items():
        wb.defined_names[name] = DefinedName(name, attr_text=ref)
