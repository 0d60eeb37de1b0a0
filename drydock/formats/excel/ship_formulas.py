"""The computed cells of a SHIP sheet as formulas (A.1-A.5), each cached with drydock's figure.

Inputs and working figures carry sheet-level names (``Hull``, ``Engines``,
``ShieldFactor``, ``OratEngineRating``, ``WeaponsSU`` ...) and the rules live on the
Rules sheet under workbook names, so a formula reads like the rule it computes:
``=CEILING(ROUND(MAX(Engines,0)*EngineFactor*TLModEngines,6),1)``. Rounding up gets a
tolerance (:mod:`drydock.formats.excel.formulas`) so that binary floating point never
turns an exact 20 into 21.
"""

from __future__ import annotations

from fractions import Fraction as Q
from typing import Any

from openpyxl.worksheet.worksheet import Worksheet

from drydock.core.calc import BankRating, BatteryRating, Rating
from drydock.core.model import ArcValues, Bank, Design
from drydock.core.rules import Ruleset
from drydock.formats.excel import layout as L
from drydock.formats.excel.cells import COMPUTED, WORKING, Cells
from drydock.formats.excel.checks import (
    bank_checks,
    bank_codes,
    battery_key,
    first_of_battery,
    not_whole_cells,
    sheet_codes,
    ship_problems,
    weapon_match,
)
from drydock.formats.excel.formulas import Untranslatable, ceil_x, number, tenth_x, to_excel
from drydock.formats.excel.literals import equals_cell, lookup_value

B, S, CAT = L.BANKS, L.SYSTEMS, L.CATALOGUE_COLUMNS
TECH_NAMES = {"engines": "TLModEngines", "shields": "TLModShields", "weapons": "TLModWeapons",
              "fighters": "TLModFighters"}


def _abs(col: str, first: int, last: int) -> str:
    return f"${col}${first}:${col}${last}"


def ship_names(title: str, weapons_last: int) -> dict[str, str]:
    """Sheet-level names of one SHIP sheet: name -> absolute reference on that sheet."""
    F = L.FIELD
    names = {"Hull": F["hull"].cell, "Engines": F["engines"].cell, "ShieldInput": F["shields"].cell,
             "ScreenInput": F["screens"].cell, "EquivShieldRating": L.ESR_CELL}
    names = {k: "$" + v[0] + "$" + v[1:] for k, v in names.items()}
    cols = list(L.ARC_COLUMNS.values())
    for key, name in (("shields", "ShieldArcs"), ("screens", "ScreenArcs")):
        row = L.DIRECTIONAL_ROWS[key][0]
        names[name] = f"${cols[0]}${row}:${cols[-1]}${row}"
    for cat, col in L.TECH_COLUMNS.items():
        names[TECH_NAMES[cat]] = f"${col}${L.TECH_MOD_ROW}"
    for row, name, _ in L.WORKING_ROWS:
        names[name] = f"${L.SUMMARY_VALUE_COL}${row}"
    for row, key, _ in L.SUMMARY_ROWS:
        if key in L.SUMMARY_NAMES:
            names[L.SUMMARY_NAMES[key]] = f"${L.SUMMARY_VALUE_COL}${row}"
    for key, name in (("key", "BankNo"), ("weapon", "BankWeapon"), ("bank", "BankEntry"), ("used", "BankSU"),
                      ("orat", "BankORAT"), ("mounts", "BankMounts"), ("checks", "BankChecks")):
        names[name] = _abs(B.col(key), B.first_row, B.last_row)
    for key, name in (("name", "SystemEntry"), ("rule", "SystemRule"), ("n", "SystemN"), ("used", "SystemSU")):
        names[name] = _abs(S.col(key), S.first_row, S.last_row)
    return {k: f"{title}!{v}" for k, v in names.items()}


class ShipWriter:
    """Writes the computed cells of one SHIP sheet; ``notes`` collects untranslatable house rules."""

    def __init__(self, ws: Worksheet, cells: Cells, d: Design, r: Rating, rules: Ruleset, notes: list[str]) -> None:
        self.ws, self.cells, self.d, self.r, self.rules, self.notes = ws, cells, d, r, rules, notes
        n_sys = len(rules.systems)
        self.cat_first = L.CATALOGUE_HEADER_ROW + 1
        self.cat_last = self.cat_first + n_sys + len(L.SCREEN_INPUT_ROWS) - 1
        self.cat_rows = {name: self.cat_first + i for i, name in enumerate(rules.systems)}

    # ------------------------------------------------------------------ helpers
    def fx(self, addr: str, formula: str, value: Any, fill: Any = COMPUTED) -> None:
        self.cells.fx(self.ws, addr, formula, value, fill)

    def rule(self, key: str, variables: dict[str, str], where: str) -> str:
        """The ruleset formula ``key`` translated; raises Untranslatable after noting it."""
        try:
            return to_excel(self.rules.data.formulas[key].expr, variables)
        except Untranslatable as exc:
            self._note(f"formulas.{key}", exc)
            raise

    def _note(self, what: str, exc: Exception) -> None:
        line = f"Not translated (value from drydock, will not recalculate): {what}: {exc}"
        if line not in self.notes:
            self.notes.append(line)

    def fx_rule(self, addr: str, build: Any, value: Any, fill: Any = COMPUTED) -> None:
        """A formula built by ``build()``; an untranslatable house rule leaves drydock's value instead."""
        try:
            formula = build()
        except Untranslatable:
            self.cells.put(self.ws, addr, value, fill)
            return
        self.fx(addr, formula, value, fill)

    def cat(self, key: str) -> str:
        return _abs(CAT[key][0], self.cat_first, self.cat_last)

    # ------------------------------------------------------------------ the sheet
    def write(self) -> None:
        self.hull_and_parts()
        self.banks()
        self.catalogue()
        self.systems()
        self.summary()

    def hull_and_parts(self) -> None:
        d, r, rules = self.d, self.r, self.rules
        _total, EF, SF, N, exp_factor = rules.hull_constants(d.hull)
        H = {"H": "Hull"}
        tl = {c: rules.tech_modifiers.get(getattr(d.tech, c, 0), 1) for c in rules.tech_categories}
        self.cells.put(self.ws, f"A{L.TECH_MOD_ROW}", L.TECH_MOD_LABEL, bold=True)
        for cat, col in L.TECH_COLUMNS.items():
            self.fx(f"{col}{L.TECH_MOD_ROW}", f"IFERROR(INDEX(TechMod,MATCH(N({col}{L.TECH_ROW}),TechLevel,0)),1)",
                    tl.get(cat, 1), WORKING)
        work = {name: f"{L.SUMMARY_VALUE_COL}{row}" for row, name, _ in L.WORKING_ROWS}
        self.fx_rule(work["EngineFactor"], lambda: self.rule("engine_factor", H, "EF"), EF, WORKING)
        self.fx_rule(work["ShieldFactor"], lambda: self.rule("shield_factor", H, "SF"), SF, WORKING)
        self.fx_rule(work["TrackBoxes"], lambda: ceil_x(self.rule("track_boxes", H, "N")), N, WORKING)
        band = 'ExpHullFrom,"<="&Hull,ExpHullTo,">="&Hull'
        self.fx(work["ExpendableFactor"], f"IF(COUNTIFS({band})=0,1,SUMIFS(ExpFactor,{band}))", exp_factor, WORKING)
        boosters = [f"${CAT['n'][0]}${self.cat_rows[n]}" for n, s in rules.systems.items()
                    if s.orat_engine == "boosters"]
        sails = [f"${CAT['listed'][0]}${self.cat_rows[n]}" for n, s in rules.systems.items()
                 if s.orat_engine == "sails"]
        ero_vars = {"ER": "MAX(Engines,0)", "BOOSTERS": f"({'+'.join(boosters) or '0'})",
                    "SAILS": f"IF(({'+'.join(sails) or '0'})>0,1,0)"}
        self.fx_rule(work["OratEngineRating"], lambda: self.rule("orat_engine_rating", ero_vars, "ERO"),
                     r.orat_engine_rating, WORKING)
        # Equivalent shield rating of directional shields (A.1, B.7), rounded to a tenth.
        directional = "AND(ShieldInput=\"\",COUNT(ShieldArcs)>0)"
        terms = "+".join(f"EsrWeight_{arc}/(6-MIN(MAX(N({col}{L.DIRECTIONAL_ROWS['shields'][0]}),0),ShieldMax))"
                         for arc, col in L.ARC_COLUMNS.items())
        self.cells.header(self.ws, L.ESR_HEADER[0], L.ESR_HEADER[1])
        self.fx(L.ESR_CELL, f'IF({directional},{tenth_x(f"6-6/({terms})")},"")',
                r.esr if r.esr is not None else "")
        self.fx(work["ShieldRating"], 'IF(EquivShieldRating="",MIN(MAX(N(ShieldInput),0),ShieldMax),'
                                      'EquivShieldRating)', r.shield_rating, WORKING)
        # Used / Remain SU of engines, shields, screens (A.1).
        rows = L.PART_SU_ROWS
        U, R = L.USED_COL, L.REMAIN_COL
        self.fx(f"{U}{rows['engines']}", ceil_x("MAX(Engines,0)*EngineFactor*TLModEngines"), r.engines_su)
        try:
            dir_su = self._system_su_formula("Directional Shielding", "1")
        except Untranslatable:
            dir_su = None
        std_su = ceil_x("ShieldRating*ShieldFactor*TLModShields")
        if dir_su is None:
            self.cells.put(self.ws, f"{U}{rows['shields']}", r.shields_su, COMPUTED)
        else:
            self.fx(f"{U}{rows['shields']}", f'IF(EquivShieldRating="",{std_su},{dir_su})', r.shields_su)
        listed = len(d.systems)
        screens_su = sum(s.su for s in r.systems[listed:])
        first_screen = self.cat_last - len(L.SCREEN_INPUT_ROWS) + 1
        self.fx(f"{U}{rows['screens']}", f"SUM(${CAT['su'][0]}${first_screen}:${CAT['su'][0]}${self.cat_last})",
                screens_su)
        remain = r.total_su
        prev = "TotalSU"
        for part, su in (("engines", r.engines_su), ("shields", r.shields_su), ("screens", screens_su)):
            remain -= su
            self.fx(f"{R}{rows[part]}", f"{prev}-{U}{rows[part]}", remain)
            prev = f"{R}{rows[part]}"
        self.remain_after_parts = remain

    def _system_su_formula(self, name: str, n: str) -> str:
        """SU of system ``name`` with quantity cell ``n``: formula x tech modifier (A.4, A.5), rounded up."""
        rule = self.rules.systems[name]
        x = to_excel(rule.su, self._sys_vars(n))
        if rule.tech_scales_su and rule.tech is not None:
            x = f"{x}*{TECH_NAMES[rule.tech]}"
        return ceil_x(x)

    def _sys_vars(self, n: str) -> dict[str, str]:
        return {"n": n, "H": "Hull", "ER": "MAX(Engines,0)", "ERO": "OratEngineRating", "S": "ShieldRating",
                "ESR": 'N(EquivShieldRating)', "EF": "EngineFactor", "SF": "ShieldFactor", "WSU": "WeaponsSU",
                "WORAT": "WeaponsORAT"}

    # ------------------------------------------------------------------ weapon banks
    def banks(self) -> None:
        d, r = self.d, self.r
        c = {k: B.col(k) for k in B.columns}
        rows: list[dict[str, Any]] = []
        for index, (battery, battery_r) in enumerate(zip(d.weapons, r.batteries, strict=True), 1):
            pairs: list[tuple[Bank | None, BankRating | None]] = list(zip(battery.banks, battery_r.banks, strict=True))
            for k, (bank_k, rating_k) in enumerate(pairs or [(None, None)]):
                rows.append({"bank": bank_k, "rating": rating_k, "battery": battery_r, "first": k == 0,
                             "index": index})
        remain = self.remain_after_parts
        for i in range(B.capacity):
            row = B.first_row + i
            item = rows[i] if i < len(rows) else None
            bank: Bank | None = item["bank"] if item else None
            rating: BankRating | None = item["rating"] if item else None
            br: BatteryRating | None = item["battery"] if item else None
            wf, cf = (WORKING, COMPUTED) if item else (None, None)  # blank rows stay white until used
            t = f'SUBSTITUTE({c["bank"]}{row}&""," ","")'
            digit = (lambda x: f'ISNUMBER(FIND("|"&{x}&"|","|0|1|2|3|4|5|6|7|8|9|"))')  # noqa: E731
            lead = f"IF({digit(f'MID({t},1,1)')},IF({digit(f'MID({t},2,1)')},2,1),0)"
            trail = f"IF(LEN({t})>{lead},IF({digit(f'RIGHT({t},1)')},1,0),0)"
            guard = (lambda f, row=row: f'IF({c["bank"]}{row}="","",{f})')  # noqa: E731
            self.fx(f"{c['mounts']}{row}", guard(f"IF({lead}=0,1,VALUE(LEFT({t},{lead})))"),
                    bank.mounts if bank else "", wf)
            self.fx(f"{c['arc']}{row}", guard(f"UPPER(MID({t},{lead}+1,LEN({t})-{lead}-{trail}))"),
                    bank.arc.upper() if bank else "", wf)
            self.fx(f"{c['per_mount']}{row}", guard(f"IF({trail}=1,VALUE(RIGHT({t},1)),1)"),
                    bank.mount_size if bank else "", wf)
            arc = f"{c['arc']}{row}"
            components = (f'SUMPRODUCT(--((LEN({arc})-LEN(SUBSTITUTE({arc},ComponentArcs,"")))=1))=LEN({arc})')
            arcs_value: Any = ""
            if rating is not None:
                arcs_value = "?" if rating.arcs is None else rating.arcs
            self.fx(f"{c['arcs']}{row}", guard(f'IFERROR(INDEX(ArcCount,MATCH({lookup_value(arc)},ArcCode,0)),'
                                               f'IF(AND(LEN({arc})>0,{components}),LEN({arc}),"?"))'),
                    arcs_value, wf)
            self.fx(f"{c['key']}{row}", battery_key(row), f"{L.BATTERY_KEY_NUMBER}{item['index']}" if item else "",
                    wf)
            m = weapon_match(row)
            b1 = tenth_x(f"INDEX(WeaponRaw,{m})*TLModWeapons")
            b2 = tenth_x(f"INDEX(WeaponRaw2,{m})*TLModWeapons")
            try:
                dual = tenth_x(self.rule("dual_mode_bsur", {"B1": f"({b1})", "B2": f"({b2})"}, "BSUR"))
                bsur_f = f'IFERROR(IF(INDEX(WeaponRaw2,{m})="",{b1},{dual}),0)'
            except Untranslatable:
                bsur_f = None
            active = f'{c["weapon"]}{row}&{c["bank"]}{row}=""'
            bsur_value: Any = br.bsur if br is not None else ""
            if bsur_f is None:
                self.cells.put(self.ws, f"{c['bsur']}{row}", bsur_value, wf)
            else:
                self.fx(f"{c['bsur']}{row}", f'IF({active},"",{bsur_f})', bsur_value, wf)
            mount = f"INDEX(MountMod,MATCH({c['per_mount']}{row},MountSize,0))"
            su_value: Any = rating.su if rating is not None else ""
            try:
                su = ceil_x(self.rule("bank_su", {"BSUR": f"{c['bsur']}{row}", "MOUNTS": f"{c['mounts']}{row}",
                                                  "ARCS": f"{c['arcs']}{row}", "MOUNT": mount}, "SU"))
                self.fx(f"{c['used']}{row}", guard(f'IF(OR(NOT(ISNUMBER({c["arcs"]}{row})),'
                                                   f'ISERROR({mount}),{c["mounts"]}{row}<1),0,{su})'),
                        su_value, cf)
            except Untranslatable:
                self.cells.put(self.ws, f"{c['used']}{row}", su_value, COMPUTED)
            if rating is not None:
                remain -= rating.su
            self.fx(f"{c['remain']}{row}", guard(f"{L.REMAIN_COL}{L.PART_SU_ROWS['screens']}"
                                                 f"-SUM({c['used']}${B.first_row}:{c['used']}{row})"),
                    remain if rating is not None else "", cf)
            self.orat(row, c, m, rating.orat if rating is not None else "", cf)
            ll: Any = br.loss_limit if (br is not None and item and item["first"]) else ""
            bat = f"{c['key']}{row}"
            first = first_of_battery(row)
            weapons = f"SUMIF(BankNo,{equals_cell(bat)},BankMounts)"
            self.fx_rule(f"{c['loss']}{row}", lambda first=first, weapons=weapons: (
                f'IF({first},{ceil_x(self.rule("loss_limit", {"N": weapons}, "LL"))},"")'), ll, cf)
            self.fx(f"{c['checks']}{row}", bank_checks(row, self.rules), self._bank_codes(item), wf)

    def orat(self, row: int, c: dict[str, str], m: str, value: Any, fill: Any) -> None:
        """Bank ORAT (A.2): SU without the weapons TL, x (ERO + L) / L, Expendable factor, rounded up."""
        su = f"{c['used']}{row}"
        untl = f'IF(TLModWeapons=1,{su},{su}/TLModWeapons)'
        untl = f'IF(Option_orat_tech_unapply="round_first",{ceil_x(untl)},{untl})'
        battery_l = f"INDEX(WeaponBatteryL,{m})"
        try:
            orat = self.rule("bank_orat", {"SU": f"({untl})", "ER": "OratEngineRating", "L": battery_l}, "ORAT")
        except Untranslatable:
            self.cells.put(self.ws, f"{c['orat']}{row}", value, fill)
            return
        orat = f"IF({battery_l}>0,{orat},0)"
        exp = (f'IF(INDEX(WeaponExp,{m})=1,IF(Option_expendable_rounding="after",{ceil_x(orat)}*ExpendableFactor,'
               f'({orat})*ExpendableFactor),{orat})')
        self.fx(f"{c['orat']}{row}", f'IF({c["bank"]}{row}="","",IFERROR({ceil_x(exp)},0))', value, fill)

    def _bank_codes(self, item: dict[str, Any] | None) -> str:
        if item is None:
            return ""

        return bank_codes(item, self.d, self.r, self.rules)

    # ------------------------------------------------------------------ systems (A.5)
    def catalogue(self) -> None:
        ws, r, rules, d = self.ws, self.r, self.rules, self.d
        head = L.CATALOGUE_HEADER_ROW
        for letter, header in CAT.values():
            self.cells.header(ws, f"{letter}{head}", header)
        listed = len(d.systems)
        agg: dict[str, dict[str, Any]] = {}
        for entry, s in zip(d.systems, r.systems[:listed], strict=True):
            a = agg.setdefault(entry.name, _empty())
            a["listed"] += 1
            a["n"] += max(entry.qty, 0)
            a["su"] += s.su
            a["orat"] += Q(s.orat)
            a["mult"] *= Q(s.drat_mult)
            a["add"] += Q(s.drat_add)
        col = {k: v[0] for k, v in CAT.items()}
        for name, row in self.cat_rows.items():
            rule = rules.systems[name]
            a = agg.get(name, _empty())
            self.cells.put(ws, f"{col['name']}{row}", name)
            self.cells.put(ws, f"{col['type']}{row}", rule.type)
            named = equals_cell(f"{col['name']}{row}")
            self.fx(f"{col['listed']}{row}", f"COUNTIF(SystemRule,{named})", a["listed"], WORKING)
            self.fx(f"{col['n']}{row}", f'SUMIFS(SystemN,SystemRule,{named},SystemN,">0")', a["n"], WORKING)
            self._catalogue_figures(row, name, a)
        screens = d.screens
        inputs = (
            ("Screens", 'IF(ScreenInput="",0,MAX(ScreenInput,0))',
             screens if isinstance(screens, int) and screens > 0 else 0),
            ("Directional Screens", 'IF(AND(ScreenInput="",COUNT(ScreenArcs)>0),MAX(SUM(ScreenArcs),0),0)',
             max(screens.total(), 0) if isinstance(screens, ArcValues) else 0),
        )
        extra = r.systems[listed:]
        for i, (label, (name, n_formula, n_value)) in enumerate(zip(L.SCREEN_INPUT_ROWS, inputs, strict=True)):
            row = self.cat_last - len(L.SCREEN_INPUT_ROWS) + 1 + i
            self.cells.put(ws, f"{col['name']}{row}", label)
            self.cells.put(ws, f"{col['type']}{row}", rules.systems[name].type if name in rules.systems else "")
            self.fx(f"{col['listed']}{row}", f"IF({col['n']}{row}>0,1,0)", 1 if n_value > 0 else 0, WORKING)
            self.fx(f"{col['n']}{row}", n_formula, n_value, WORKING)
            su = next((s.su for s in extra if s.name == name), 0)
            a = {**_empty(), "listed": 1 if n_value else 0, "n": n_value, "su": su}
            if name in rules.systems:
                self._catalogue_figures(row, name, a)

    def _catalogue_figures(self, row: int, name: str, a: dict[str, Any]) -> None:
        rule = self.rules.systems[name]
        col = {k: v[0] for k, v in CAT.items()}
        listed = f"{col['listed']}{row}"
        n = f"{col['n']}{row}"
        if rule.priced_per is not None and rule.priced_per in self.cat_rows:  # Launch Tubes: the Carrier's flights
            per = f"${col['n']}${self.cat_rows[rule.priced_per]}"
            n = f"IF({per}>0,{per},{n})"
        nvars = self._sys_vars(n)
        shielding = rule.structural == "shields"

        def formula_or_value(key: str, build: Any, value: Any) -> None:
            try:
                self.fx(f"{col[key]}{row}", build(), value, WORKING)
            except Untranslatable as exc:
                self._note(f"systems.{name}.{key}", exc)
                self.cells.put(self.ws, f"{col[key]}{row}", value, WORKING)

        def su() -> str:
            return "0" if shielding else f"IF({listed}=0,0,IFERROR({self._system_su_formula(name, nvars['n'])},0))"

        def field(expr: str | None, default: str) -> str:
            if expr is None or shielding:
                return default
            return f"IF({listed}=0,{default},IFERROR({to_excel(expr, nvars)},{default}))"

        formula_or_value("su", su, a["su"])
        formula_or_value("orat", lambda: field(rule.orat, "0"), a["orat"])
        formula_or_value("drat_mult", lambda: field(rule.drat_mult, "1"), a["mult"])
        formula_or_value("drat_add", lambda: field(rule.drat_add, "0"), a["add"])
        hull = rule.hull_mult
        self.fx(f"{col['hull_mult']}{row}", "1" if hull is None or shielding else f"{number(hull)}^{listed}",
                1 if hull is None or shielding else Q(hull) ** a["listed"], WORKING)

    def systems(self) -> None:
        d, r, rules = self.d, self.r, self.rules
        c = {k: S.col(k) for k in S.columns}
        remain = self.r.total_su - r.engines_su - r.shields_su - sum(s.su for s in r.systems[len(d.systems):]) \
            - r.weapons_su
        start = f"({L.REMAIN_COL}{L.PART_SU_ROWS['screens']}-WeaponsSU)"
        for i in range(S.capacity):
            row = S.first_row + i
            entry = d.systems[i] if i < len(d.systems) else None
            s = r.systems[i] if entry is not None else None
            wf, cf = (WORKING, COMPUTED) if entry is not None else (None, None)
            name = f"{c['name']}{row}"
            rule = f'IF(TRIM({name})="","",IFERROR(VLOOKUP({lookup_value(f"TRIM({name})")},SystemAliasTable,2,0),""))'
            self.fx(f"{c['rule']}{row}", rule,
                    (entry.name if entry.name in rules.systems else "") if entry else "", wf)
            self.fx(f"{c['n']}{row}", f'IF(TRIM({name})="","",IF({c["qty"]}{row}="",1,{c["qty"]}{row}))',
                    entry.qty if entry else "", wf)
            guard = f'IF(TRIM({name})="","",'
            hit = f"MATCH({c['rule']}{row},{self.cat('name')},0)"
            values = {"used": s.su if s else "", "orat": s.orat if s else "", "drat_mult": s.drat_mult if s else "",
                      "drat_add": s.drat_add if s else ""}
            if s is not None:
                remain -= s.su
            for key, cat_key, default in (("used", "su", "0"), ("orat", "orat", "0"), ("drat_mult", "drat_mult", "1"),
                                          ("drat_add", "drat_add", "0")):
                self.fx(f"{c[key]}{row}", f"{guard}IFERROR(INDEX({self.cat(cat_key)},{hit}),{default}))",
                        values[key], cf)
            self.fx(f"{c['remain']}{row}", f"{guard}{start}-SUM({c['used']}${S.first_row}:{c['used']}{row}))",
                    remain if s else "", cf)

    # ------------------------------------------------------------------ summary
    def summary(self) -> None:
        r, rules = self.r, self.rules
        V = L.SUMMARY_VALUE_COL
        row = {key: f"{V}{n}" for n, key, _ in L.SUMMARY_ROWS}
        work = {name: f"{V}{n}" for n, name, _ in L.WORKING_ROWS}
        for n, _name, label in L.WORKING_ROWS:
            self.cells.put(self.ws, f"{L.SUMMARY_LABEL_COL}{n}", label)
        self.fx_rule(row["total_su"], lambda: ceil_x(self.rule("total_su", {"H": "Hull"}, "SU")), r.total_su)
        self.fx(work["WeaponsSU"], f"SUM({_abs(B.col('used'), B.first_row, B.last_row)})", r.weapons_su, WORKING)
        self.fx(work["WeaponsORAT"], f"SUM({_abs(B.col('orat'), B.first_row, B.last_row)})", r.weapons_orat, WORKING)
        self.fx(work["SystemsORAT"], f"SUM({self.cat('orat')})", r.systems_orat, WORKING)
        self.fx(row["used_su"], f"{L.USED_COL}{L.PART_SU_ROWS['engines']}+{L.USED_COL}{L.PART_SU_ROWS['shields']}"
                                f"+WeaponsSU+SUM({self.cat('su')})", r.used_su)
        self.fx(row["remaining_su"], "TotalSU-UsedSU", r.remaining_su)
        self.fx(row["orat"], ceil_x("WeaponsORAT+SystemsORAT"), r.orat)
        eq = "+".join(f"DirScreenEq_{arc}*MAX(N({col}{L.DIRECTIONAL_ROWS['screens'][0]}),0)"
                      for arc, col in L.ARC_COLUMNS.items())
        self.fx(work["HullEquivalent"], f'Hull*PRODUCT({self.cat("hull_mult")})+IF(AND(ScreenInput="",'
                                        f'COUNT(ScreenArcs)>0),{eq},ScreenHullEq*MAX(N(ScreenInput),0))',
                r.hull_equivalent, WORKING)

        def base() -> str:
            b = self.rule("base_drat", {"HULL": "HullEquivalent", "S": "MIN(ShieldRating,ShieldMax)", "H": "Hull"},
                          "DRAT")
            return f'IF(Option_drat_rounding="base_and_final",{ceil_x(b)},{b})'

        self.fx_rule(work["BaseDRAT"], base, r.base_drat, WORKING)
        self.fx(work["DratMultiplier"], f"PRODUCT({self.cat('drat_mult')})", r.drat_multiplier, WORKING)
        self.fx(work["DratAddition"], f"SUM({self.cat('drat_add')})", r.drat_addition, WORKING)
        exact = "(BaseDRAT*DratMultiplier+DratAddition)"
        self.fx(row["drat"], ceil_x(exact), r.drat)
        self.fx_rule(row["crat"], lambda: ceil_x(self.rule(
            "combat_rating", {"ORAT": "ORAT", "DRAT": f'IF(Option_cr_drat="rounded",DRAT,{exact})'}, "CR")),
            r.combat_rating)
        tr = r.tracks
        top = max(rules.hull_constants(h)[3] for h in range(rules.hull_min, rules.hull_max + 1))
        hull_terms = "&".join(f'IF(Hull>{k},"{"-" if k else ""}"&(Hull-{k}),"")' for k in range(rules.hull_max))
        self.fx(row["hull_track"], hull_terms, _track(tr.hull))
        items = f'SUMIF({self.cat("type")},"E",{self.cat("n")})'
        weapons = f"(SUM({_abs(B.col('mounts'), B.first_row, B.last_row)})+{items})"
        shields = 'IF(AND(ShieldInput="",COUNT(ShieldArcs)>0),SUM(ShieldArcs),MAX(N(ShieldInput),0))'
        for key, value, shown in (("engines_track", "MAX(Engines,0)", tr.engines),
                                  ("weapons_track", weapons, tr.weapons), ("shields_track", shields, tr.shields)):
            self.fx(row[key], _track_formula(value, top), _track(shown))
        def equipment_ll() -> str:
            return f'IF({items}>0,{ceil_x(self.rule("loss_limit", {"N": items}, "LL"))},"")'

        self.fx_rule(row["equipment_ll"], equipment_ll,
                     r.equipment_loss_limit if r.equipment_loss_limit is not None else "")
        self.cells.header(self.ws, L.NOT_WHOLE_LABEL[0], L.NOT_WHOLE_LABEL[1])
        self.fx(L.NOT_WHOLE_CELL, not_whole_cells(), "", WORKING)
        self.fx(row["problems"], ship_problems(self.rules), _codes(r, rules))


def _empty() -> dict[str, Any]:
    """A catalogue row's figures before any entry is added: sums 0, DRAT multiplier 1 (exact)."""
    return {"listed": 0, "n": 0, "su": 0, "orat": Q(0), "mult": Q(1), "add": Q(0)}


def _track(values: list[int]) -> str:
    return "-".join(str(v) for v in values)


def _track_formula(value: str, top: int) -> str:
    """An N-box track from ``value`` (A.3): box k = value x (N-k) / N rounded up, joined by '-'."""
    terms = [f'IF(TrackBoxes>{k},"{"-" if k else ""}"&{ceil_x(f"{value}*(TrackBoxes-{k})/TrackBoxes")},"")'
             for k in range(top)]
    return "&".join(terms)


def _codes(r: Rating, rules: Ruleset) -> str:
    found = {p.code for p in r.problems}
    shown = [c for c in sheet_codes(rules) if c in found]
    return " ".join(shown) or "none"
