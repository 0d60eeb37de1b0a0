"""The Weapons sheet's working columns: each mode's BSUR as formulas over its row and the Rules sheet (A.1).

Order of application (A.1): base product L x ROF x ACC x (IMP+.25) x (DMG+.6); the
range-based multipliers (one combined figure for a pair, Z.3); the other "before"
multipliers; plus the seeking and defensive additions; times the "after"
multipliers (Accurate, Expendable, Slow). The unrounded result (``BSUR raw``) is what
the SHIP sheet multiplies by the weapons technology modifier before rounding to a
tenth (A.4). Cached values are drydock's own figures for the same steps.
"""

from __future__ import annotations

from fractions import Fraction as Q
from typing import Any

from openpyxl.worksheet.worksheet import Worksheet

from drydock.core.calc import mode_bsur
from drydock.core.model import WeaponMode
from drydock.core.rules import Ruleset
from drydock.formats.excel import layout as L
from drydock.formats.excel.cells import WORKING, Cells
from drydock.formats.excel.formulas import Untranslatable, tenth_x, to_excel
from drydock.formats.excel.literals import equals, lookup_value

C = {k: v[0] for k, v in L.WEAPON_COLUMNS.items()}
W = {k: v[0] for k, v in L.WEAPON_WORKING.items()}
CODES = ("code1", "code2", "code3", "code4", "code5")


def _look(column: str, cell: str, default: str) -> str:
    return f"IFERROR(INDEX({column},MATCH({cell},TraitCode,0)),{default})"


def _sum(parts: list[str]) -> str:
    return "+".join(parts)


def _prod(parts: list[str]) -> str:
    return "*".join(parts)


class ModeFigures:
    """drydock's working figures for one mode (the cached values of its row), as exact fractions.

    Rules values may be Decimals or Fractions (whatever the ruleset holds); each is taken into
    ``Fraction`` once, so the arithmetic here never mixes the two.
    """

    def __init__(self, mode: WeaponMode, rules: Ruleset) -> None:
        known = rules.traits
        traits = list(mode.traits)
        self.L = mode.long_range
        self.exp = "Exp" in traits
        self.seeker = 1 if mode.ma is not None else 0
        defensive = any(known[t].defensive for t in traits if t in known)
        acc_seek = rules.acc_seeking.get(mode.acc, 0)
        if self.seeker or (defensive and rules.option("defensive_base_column") == "seeking"):
            acc = acc_seek
        else:
            acc = rules.acc_standard.get(mode.acc, 0)
        self.acc_x, self.acc_seek = Q(acc), Q(acc_seek)
        f = rules.formulas
        wv = {"L": mode.long_range, "MA": mode.ma or 0, "ROF": mode.rof, "ACC": acc, "ACC_SEEK": acc_seek,
              "ACC_STD": rules.acc_standard.get(mode.acc, 0), "IMP": mode.imp, "DMG": mode.dmg,
              "TRAITS": len(traits), "B": 0}  # WEAPON_VARIABLES (rules.ruleset)
        self.base = Q(f["bsur"](**wv))
        ranged = [t for t in traits if t in rules.range_based]
        self.range_x = Q(1)
        if len(ranged) == 2:
            combo = rules.range_pairs.get(frozenset(ranged))
            self.range_x = Q(combo) if combo is not None else Q(1)
        else:
            for t in ranged:
                self.range_x *= Q(known[t].multiplier or 1)
        self.before_x = self.after_x = Q(1)
        for t in traits:
            rule = known.get(t)
            if rule is None or rule.range_based or rule.multiplier is None:
                continue
            if rule.stage == "after":
                self.after_x *= Q(rule.multiplier)
            else:
                self.before_x *= Q(rule.multiplier)
        wv["B"] = self.base * self.range_x * self.before_x
        self.seek_add = Q(f["seeking_addition"](**wv)) if mode.ma is not None else Q(0)
        self.dfn_add = Q(f["defensive_addition"](**wv)) if defensive else Q(0)
        self.raw = (self.base * self.range_x * self.before_x + self.seek_add + self.dfn_add) * self.after_x
        self.bsur = mode_bsur(mode, rules)


def write_working(ws: Worksheet, cells: Cells, rules: Ruleset, rows: list[tuple[str, WeaponMode, str | None]],
                  notes: list[str]) -> int:
    """Working formulas for every library row plus spare rows; returns the last row carrying formulas."""
    for key, (col, header) in L.WEAPON_WORKING.items():
        cells.header(ws, f"{col}{L.WEAPONS_HEADER_ROW}", header)
        ws.column_dimensions[col].width = 24 if key == "checks" else 9
    first = L.WEAPONS_HEADER_ROW + 1
    last = first + len(rows) + L.WEAPON_SPARE_ROWS - 1
    figures = [ModeFigures(mode, rules) for _, mode, _ in rows]
    for n in range(last - first + 1):
        r = first + n
        item = rows[n] if n < len(rows) else None
        fig = figures[n] if item else None
        nxt = rows[n + 1] if n + 1 < len(rows) else None
        second = figures[n + 1] if nxt is not None and nxt[2] is not None and item and item[2] is None else None
        _row(ws, cells, rules, r, item, fig, second, notes)
    return last


def _guard(r: int, formula: str) -> str:
    return f'IF(${C["name"]}{r}="","",{formula})'


def _row(ws: Worksheet, cells: Cells, rules: Ruleset, r: int, item: Any, fig: ModeFigures | None,
         second: ModeFigures | None, notes: list[str]) -> None:
    def put(key: str, formula: str, value: Any) -> None:
        cells.fx(ws, f"{W[key]}{r}", _guard(r, formula), value if fig is not None else "", WORKING if fig else None)

    rng, traits = f"{C['rng']}{r}", f"{C['trait1']}{r}:{C['trait5']}{r}"
    put("L", f'IF(ISNUMBER({rng}),ABS({rng}),IFERROR(VALUE(MID({rng},FIND("-",{rng},FIND("-",{rng},2)+1)+1,9)),'
             f'ABS(VALUE({rng}))))', fig.L if fig else "")
    # The seeker test is repeated where a figure needs it, not read from the seeker cell: LibreOffice 7.4's
    # threaded formula-group calculation (groups of 100 rows or more) read a stale seeker cell in row 2, so
    # a seeker's ACC multiplier came from the standard column (tests/formats/test_xlsx_live.py, SHIP8 of drawn-any).
    is_seeker = f"COUNTIF({traits},{equals(L.SEEKER_TRAIT)})>0"
    put("seeker", f"IF({is_seeker},1,0)", fig.seeker if fig else "")
    codes = list(item[1].traits) if item else []
    for i, key in enumerate(CODES):
        cell = f"{C[L.TRAIT_KEYS[i]]}{r}"
        shown = [t for t in ([L.SEEKER_TRAIT] if item and item[1].ma is not None else []) + codes][i:i + 1]
        value = "" if not shown or shown[0] == L.SEEKER_TRAIT else shown[0]
        put(key, f'IF(OR(TRIM({cell})="",LOWER(TRIM({cell}))="{L.SEEKER_TRAIT.lower()}"),"",'
                 f'IFERROR(INDEX(TraitCode,MATCH({lookup_value(f"TRIM({cell})")},TraitCode,0)),'
                 f'IFERROR(INDEX(TraitCode,MATCH({lookup_value(f"TRIM({cell})")},TraitName,0)),"?")))', value)
    code_cells = [f"{W[k]}{r}" for k in CODES]
    code_range = f"{W['code1']}{r}:{W['code5']}{r}"
    acc = f'VALUE(SUBSTITUTE({C["acc"]}{r}&"","+",""))'
    defensive = f"({_sum([_look('TraitDefensive', c, '0') for c in code_cells])})>0"
    seek_col = f'OR({is_seeker},AND({defensive},Option_defensive_base_column="seeking"))'
    put("acc_x", f"IFERROR(IF({seek_col},INDEX(AccSeeking,MATCH({acc},AccLevel,0)),"
                 f"INDEX(AccStandard,MATCH({acc},AccLevel,0))),0)", fig.acc_x if fig else "")
    put("acc_seek", f"IFERROR(INDEX(AccSeeking,MATCH({acc},AccLevel,0)),0)", fig.acc_seek if fig else "")
    v = {"L": f"{W['L']}{r}", "ROF": f"{C['rof']}{r}", "ACC": f"{W['acc_x']}{r}", "IMP": f"{C['imp']}{r}",
         "DMG": f"{C['dmg']}{r}", "MA": f"IF({is_seeker},{W['L']}{r},0)", "ACC_SEEK": f"{W['acc_seek']}{r}",
         "ACC_STD": f"IFERROR(INDEX(AccStandard,MATCH({acc},AccLevel,0)),0)",
         "TRAITS": f"SUMPRODUCT(--(LEN({code_range})>0))", "B": "0"}
    count = _sum([_look("TraitIsRange", c, "0") for c in code_cells])
    bits = _sum([_look("TraitRangeBit", c, "0") for c in code_cells])
    put("range_x", f"IF(({count})=2,IFERROR(1*INDEX(PairMult,MATCH({bits},PairKey,0)),1),"
                   f"{_prod([_look('TraitRangeMult', c, '1') for c in code_cells])})", fig.range_x if fig else "")
    put("before_x", _prod([_look("TraitBeforeMult", c, "1") for c in code_cells]), fig.before_x if fig else "")
    put("after_x", _prod([_look("TraitAfterMult", c, "1") for c in code_cells]), fig.after_x if fig else "")
    for key, expr_key, cond in (
        ("base", "bsur", None),
        ("seek_add", "seeking_addition", is_seeker),
        ("dfn_add", "defensive_addition", defensive),
    ):
        value = getattr(fig, key) if fig else ""
        if key != "base":
            v["B"] = f"({W['base']}{r}*{W['range_x']}{r}*{W['before_x']}{r})"
        try:
            formula = to_excel(rules.data.formulas[expr_key].expr, v)
        except Untranslatable as exc:
            _note(notes, f"formulas.{expr_key}: {exc}")
            cells.put(ws, f"{W[key]}{r}", value, WORKING)
            continue
        put(key, formula if cond is None else f"IF({cond},{formula},0)", value)
    put("raw", f"({W['base']}{r}*{W['range_x']}{r}*{W['before_x']}{r}+{W['seek_add']}{r}+{W['dfn_add']}{r})"
               f"*{W['after_x']}{r}", fig.raw if fig else "")
    nxt = f"{C['name']}{r + 1}"
    me = f"{C['name']}{r}"
    put("raw2", f'IF(AND(ISERROR(FIND("{L.MODE_SEPARATOR}",{me})),LEFT({nxt},LEN({me})+1)={me}&"{L.MODE_SEPARATOR}"),'
                f'{W["raw"]}{r + 1},"")', second.raw if second else "")
    put("battery_L", f'IF({W["raw2"]}{r}="",{W["L"]}{r},MAX({W["L"]}{r},{W["L"]}{r + 1}))',
        (max(fig.L, second.L) if second else fig.L) if fig else "")
    exp_here = f'COUNTIF({code_range},{equals("Exp")})>0'
    exp_next = f'AND({W["raw2"]}{r}<>"",COUNTIF({W["code1"]}{r + 1}:{W["code5"]}{r + 1},{equals("Exp")})>0)'
    exp_value: int | str = ""
    if item:
        exp_value = 1 if (fig and fig.exp) or (second is not None and second.exp) else 0
    put("exp", f"IF(OR({exp_here},{exp_next}),1,0)", exp_value)
    cells.fx(ws, f"{C['bsur']}{r}", _guard(r, tenth_x(f"{W['raw']}{r}")),
             fig.bsur if fig else "")
    cells.fx(ws, f"{C['max_range']}{r}", _guard(r, f"{W['L']}{r}"), fig.L if fig else "")


def _note(notes: list[str], text: str) -> None:
    line = f"Not translated (value from drydock, will not recalculate): {text}"
    if line not in notes:
        notes.append(line)
