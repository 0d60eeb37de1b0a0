"""Rule checks as formulas: the problem codes a SHIP sheet shows live, the same codes ``drydock check`` gives.

Each check is a spreadsheet condition mirroring one rule of :mod:`drydock.core.validation`
(codes listed there). A weapon row (Weapons sheet) gets its mode's codes, a bank row
its battery's weapon codes and its own (arc, mounts), and the SHIP ``Problems`` cell
every code found on the ship, in :func:`sheet_codes` order. Codes the sheet cannot check
(stated-value warnings, customised range bands) are left to ``drydock check``.
"""

from __future__ import annotations

from typing import Any

from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.validation import _check_mode
from drydock.formats.excel import layout as L
from drydock.formats.excel.literals import contains, equals, equals_cell, lookup_value, text

#: What the workbook reader refuses in a Weapons row (:mod:`drydock.formats.excel.read` names the same code): the
#: ship's Problems cell shows them for every library row, used by a bank or not, since drydock refuses the file.
WEAPON_INPUT_CODES = ("WEAPON_LISTED_TWICE", "SECONDARY_WITHOUT_PRIMARY", "RNG_REQUIRED", "RNG_INVALID",
                      "RNG_NOT_MULTIPLE_OF_3", "RNG_POSITIVE_NEEDS_SKR", "WEAPON_STAT_INVALID")
WEAPON_CODES_HEAD = ("ACC_OUT_OF_RANGE", "ROF_INVALID", "IMP_INVALID", "DMG_INVALID", "SEEKER_MA_OUT_OF_RANGE",
                     "UNKNOWN_TRAIT", "DUPLICATE_TRAIT")
WEAPON_CODES_TAIL = ("TRAIT_PAIR_FORBIDDEN", "TOO_MANY_RANGE_TRAITS", "RANGE_TRAIT_PAIR_INVALID",
                     "SEEKER_RANGE_TRAIT", "SEEKER_DEFENSIVE", "SEEKER_TRAIT_FORBIDDEN")
#: What the reader refuses in a bank row: a battery whose weapon is not in the library, a row with neither
#: a battery number nor a weapon.
BANK_INPUT_CODES = ("UNKNOWN_WEAPON", "BANK_NO_WEAPON")
BANK_CODES = ("BATTERY_NO_BANKS", "UNKNOWN_ARC", "BANK_MOUNTS_INVALID", "MOUNT_SIZE_INVALID")
SHIP_HEAD = ("NOT_A_WHOLE_NUMBER",
             "HULL_OUT_OF_RANGE", "ENGINES_NEGATIVE", "SHIELDS_ABOVE_5", "SHIELDS_NEGATIVE", "SCREENS_OUT_OF_RANGE",
             "TECH_LEVEL_OUT_OF_RANGE", "OVER_SPACE")
SYSTEM_CODES = ("SYSTEM_QTY_WITHOUT_NAME",
                "UNKNOWN_SYSTEM", "SYSTEM_IS_STRUCTURAL", "SYSTEM_QTY_INVALID", "SYSTEM_DUPLICATE", "SYSTEM_REQUIRES")

WC = {k: v[0] for k, v in L.WEAPON_COLUMNS.items()}
WW = {k: v[0] for k, v in L.WEAPON_WORKING.items()}


def _requires(rules: Ruleset) -> dict[str, list[tuple[str, str, int]]]:
    """code -> [(trait, stat, needed)] for the traits that need a stat value (C.5)."""
    out: dict[str, list[tuple[str, str, int]]] = {}
    for code, t in rules.traits.items():
        for key, need in t.requires.items():
            out.setdefault(f"TRAIT_REQUIRES_{key.upper()}_{need}", []).append((code, key, need))
    return out


def weapon_codes(rules: Ruleset) -> list[str]:
    return [*WEAPON_INPUT_CODES, *WEAPON_CODES_HEAD, *sorted(_requires(rules)), *WEAPON_CODES_TAIL]


def sheet_codes(rules: Ruleset) -> list[str]:
    """Every code a SHIP sheet checks, in the order its Problems cell lists them."""
    return [*SHIP_HEAD, *weapon_codes(rules), *BANK_INPUT_CODES, *BANK_CODES, *SYSTEM_CODES]


def _whole(x: str) -> str:
    """The text or number ``x`` is a whole number (the reader's ``[+-]?digits``, or a whole numeric cell)."""
    return f'IFERROR(VALUE({x})=INT(VALUE({x})),FALSE)'


def not_whole(cell: str) -> str:
    """The cell is filled with something other than a whole number (the reader refuses it)."""
    t = f'TRIM({cell}&"")'
    return f'AND({t}<>"",NOT({_whole(t)}))'


def not_whole_cells() -> str:
    """The SHIP sheet's number inputs outside the bank rows that hold no whole number, by address, as the reader
    reads them: a directional row only when its standard cell leaves it to be read (Z.2: standard wins)."""
    F = L.FIELD
    cells = [(f.cell, "TRUE") for f in L.SHIP_FIELDS if f.kind == "int"]
    shields, screens = F["shields"].cell, F["screens"].cell
    read = {"shields": f'TRIM({shields}&"")=""',
            "screens": f'NOT(IFERROR(VALUE(TRIM({screens}&""))=0,FALSE))'}  # extra arcs beside screens are kept
    for key, (row, _) in L.DIRECTIONAL_ROWS.items():
        cells += [(f"{col}{row}", read[key]) for col in L.ARC_COLUMNS.values()]
    cells += [(f"{col}{L.TECH_ROW}", "TRUE") for col in L.TECH_COLUMNS.values()]
    s = L.SYSTEMS
    cells += [(f"{s.col('qty')}{r}", "TRUE") for r in range(s.first_row, s.last_row + 1)]
    bad = [(c, not_whole(c) if when == "TRUE" else f"AND({when},{not_whole(c)})") for c, when in cells]
    bad += [(f.cell, not_a_track(f.cell)) for f in L.SHIP_FIELDS if f.kind == "track"]
    return "TRIM(" + "&".join(f'IF({cond},"{c} ","")' for c, cond in bad) + ")"


def not_a_track(cell: str) -> str:
    """A stated track cell the reader refuses: not whole numbers separated by '-' or spaces (4-3-2-1)."""
    t = f'TRIM({cell}&"")'
    digits = t
    for d in "0123456789":
        digits = f'SUBSTITUTE({digits},"{d}","")'
    ok = (f'AND(LEN(SUBSTITUTE(SUBSTITUTE({digits},"-","")," ",""))=0,ISNUMBER(FIND(LEFT({t},1),"0123456789")),'
          f'ISNUMBER(FIND(RIGHT({t},1),"0123456789")),ISERROR(FIND("--",SUBSTITUTE({t}," ",""))))')
    return f'AND({t}<>"",IF(ISNUMBER({cell}),{cell}<>INT({cell}),NOT({ok})))'


def rng_checks(r: int) -> list[tuple[str, str]]:
    """The RNG cell of Weapons row ``r`` as the reader takes it (Z.2: -L standard, +MA with Skr, "S-M-L" text)."""
    cell, seeker = f"{WC['rng']}{r}", f"{WW['seeker']}{r}=1"
    t = f'TRIM({cell}&"")'
    sml = f'AND(NOT(ISNUMBER({cell})),ISNUMBER(FIND("-",MID({t},2,99))))'
    num = f"IF(ISNUMBER({cell}),{cell},VALUE({t}))"
    whole = f"AND(NOT({sml}),{_whole(t)})"
    return [
        ("RNG_REQUIRED", f'AND(NOT({sml}),IFERROR({num}=0,{t}=""))'),
        ("RNG_INVALID", f'IF({sml},OR(LEN({t})-LEN(SUBSTITUTE({t},"-",""))<>2,NOT(ISNUMBER({WW["L"]}{r}))),'
                        f'AND({t}<>"",NOT({_whole(t)})))'),
        ("RNG_NOT_MULTIPLE_OF_3", f'AND({whole},MOD(ABS({num}),3)<>0,OR({num}<0,'
                                  f'AND(NOT({seeker}),Option_workbook_positive_rng="long_range")))'),
        ("RNG_POSITIVE_NEEDS_SKR", f'AND({whole},{num}>0,NOT({seeker}),Option_workbook_positive_rng="drydock")'),
    ]


def library_checks(r: int) -> list[tuple[str, str]]:
    """Weapons row ``r``: a name listed twice, a secondary mode not right below its primary (Z.2), a stat that
    is missing or not whole (the reader refuses each)."""
    name = f'TRIM({WC["name"]}{r}&"")'
    gt = f'ISNUMBER(FIND("{L.MODE_SEPARATOR}",{name}))'
    if r == L.WEAPONS_HEADER_ROW + 1:
        orphan = gt
    else:
        above = f'TRIM({WC["name"]}{r - 1}&"")'
        orphan = (f'AND({gt},OR({above}="",ISNUMBER(FIND("{L.MODE_SEPARATOR}",{above})),'
                  f'IFERROR(TRIM(LEFT({name},FIND("{L.MODE_SEPARATOR}",{name})-1))<>{above},TRUE)))')
    stats = [f'TRIM({WC[k]}{r}&"")' for k in ("rof", "imp", "dmg")]
    stats.append(f'SUBSTITUTE(TRIM({WC["acc"]}{r}&""),"+","")')
    return [
        ("WEAPON_LISTED_TWICE", f"AND(NOT({gt}),COUNTIF(WeaponName,{equals_cell(name)})>1)"),
        ("SECONDARY_WITHOUT_PRIMARY", orphan),
        *rng_checks(r),
        ("WEAPON_STAT_INVALID", "OR(" + ",".join(f"NOT({_whole(x)})" for x in stats) + ")"),
    ]


# ------------------------------------------------------------------ the battery of a bank row (SHIP sheet)
def battery_key(row: int) -> str:
    """The battery of bank row ``row``: ``#n`` for its number; without one, the battery of the first row with
    the same weapon (its number, or ``weapon: NAME`` when that row has none either); "" without number and weapon."""
    B = L.BANKS
    a, w = B.col("battery"), B.col("weapon")
    num, weapon = f'TRIM({a}{row}&"")', f'TRIM({w}{row}&"")'
    first = f"MATCH({lookup_value(weapon)},${w}${B.first_row}:${w}${B.last_row},0)"
    its_num = f'TRIM(INDEX(${a}${B.first_row}:${a}${B.last_row},{first})&"")'
    its_weapon = f'TRIM(INDEX(${w}${B.first_row}:${w}${B.last_row},{first})&"")'
    n, k = text(L.BATTERY_KEY_NUMBER), text(L.BATTERY_KEY_WEAPON)
    return (f'IF({num}<>"",{n}&{num},IF({weapon}="","",IFERROR(IF({its_num}<>"",{n}&{its_num},{k}&{its_weapon}),'
            f'{k}&{weapon})))')


def first_of_battery(row: int) -> str:
    """Bank row ``row`` is the first row of its battery."""
    B = L.BANKS
    key = f"{B.col('key')}{row}"
    return f'AND({key}<>"",COUNTIF({B.col("key")}${B.first_row}:{key},{equals_cell(key)})=1)'


def weapon_match(row: int) -> str:
    """The Weapons library row (counted from its first data row) of bank row ``row``'s battery weapon; names
    are literal text (``*``, ``?`` and ``~`` escaped), matched without case as the Drydock's pull-downs do."""
    key = f"{L.BANKS.col('key')}{row}"
    weapon = f'TRIM(INDEX(BankWeapon,MATCH({lookup_value(key)},BankNo,0))&"")'
    return f"MATCH({lookup_value(weapon)},WeaponName,0)"


def _concat(conditions: list[tuple[str, str]]) -> str:
    return "&".join(f'IF({cond},{text(code + " ")},"")' for code, cond in conditions)


# ------------------------------------------------------------------ weapon rows (Weapons sheet)
def weapon_checks(r: int, rules: Ruleset) -> str:
    """Codes for the weapon mode on Weapons row ``r``, each followed by a space."""
    codes = f"{WW['code1']}{r}:{WW['code5']}{r}"
    cells = [f"{WW[f'code{i}']}{r}" for i in range(1, 6)]
    acc = f'VALUE(SUBSTITUTE({WC["acc"]}{r}&"","+",""))'
    seeker = f"{WW['seeker']}{r}=1"

    def look(col: str, cell: str, default: str) -> str:
        return f"IFERROR(INDEX({col},MATCH({cell},TraitCode,0)),{default})"

    count = "(" + "+".join(look("TraitIsRange", c, "0") for c in cells) + ")"
    bits = "(" + "+".join(look("TraitRangeBit", c, "0") for c in cells) + ")"
    has = (lambda t: f'COUNTIF({codes},{equals(t)})>0')  # noqa: E731
    conds: list[tuple[str, str]] = [
        *library_checks(r),
        ("ACC_OUT_OF_RANGE", f"ISERROR(MATCH({acc},AccLevel,0))"),
        ("ROF_INVALID", f"{WC['rof']}{r}<1"),
        ("IMP_INVALID", f"{WC['imp']}{r}<1"),
        ("DMG_INVALID", f"{WC['dmg']}{r}<1"),
        ("SEEKER_MA_OUT_OF_RANGE", f"AND({seeker},OR({WW['L']}{r}<MaMin,{WW['L']}{r}>MaMax))"),
        ("UNKNOWN_TRAIT", f'COUNTIF({codes},{equals("?")})>0'),
        ("DUPLICATE_TRAIT", "OR(" + ",".join(
            f"IFERROR(COUNTIF({codes},{c})>INDEX(TraitMaxCount,MATCH({c},TraitCode,0)),FALSE)" for c in cells) + ")"),
    ]
    values = {"rof": f"{WC['rof']}{r}", "imp": f"{WC['imp']}{r}", "dmg": f"{WC['dmg']}{r}", "acc": acc}
    for code, needs in sorted(_requires(rules).items()):
        conds.append((code, "OR(" + ",".join(f"AND({has(t)},{values[k]}<>{need})" for t, k, need in needs) + ")"))
    pairs = rules.data.trait_rules.forbidden_pairs
    conds.append(("TRAIT_PAIR_FORBIDDEN",
                  "OR(" + ",".join(f"AND({has(p.traits[0])},{has(p.traits[1])})" for p in pairs) + ")"
                  if pairs else "FALSE"))
    conds.append(("TOO_MANY_RANGE_TRAITS", f"{count}>MaxRangeTraits"))
    conds.append(("RANGE_TRAIT_PAIR_INVALID", f'AND({count}<=MaxRangeTraits,{count}=2,'
                                              f'IFERROR(INDEX(PairMult,MATCH({bits},PairKey,0))="n/a",FALSE))'))
    tr = rules.data.trait_rules
    conds.append(("SEEKER_RANGE_TRAIT", f"AND({seeker},{count}>0)" if tr.seeker_forbids_range_based else "FALSE"))
    for code, defensive in (("SEEKER_DEFENSIVE", True), ("SEEKER_TRAIT_FORBIDDEN", False)):
        ts = [t for t in tr.seeker_forbids if t in rules.traits and rules.traits[t].defensive == defensive]
        conds.append((code, f"AND({seeker},OR({','.join(has(t) for t in ts)}))" if ts else "FALSE"))
    # a bad input (RNG "far") makes some conditions errors (AND does not short-circuit): each is false then
    conds = [(code, cond if cond == "FALSE" else f"IFERROR({cond},FALSE)") for code, cond in conds]
    return f'IF({WC["name"]}{r}="","",{_concat(conds)})'


def mode_codes(mode: Any, rules: Ruleset) -> str:
    """drydock's codes for one weapon mode, in the order :func:`weapon_checks` writes them."""
    found: list[Any] = []
    _check_mode(mode, rules, "", "", found.append)
    got = {p.code for p in found}
    return "".join(f"{c} " for c in weapon_codes(rules) if c in got)


# ------------------------------------------------------------------ bank rows (SHIP sheet)
def bank_checks(row: int, rules: Ruleset) -> str:
    B = L.BANKS
    c = {k: B.col(k) for k in B.columns}
    first = first_of_battery(row)
    m = weapon_match(row)
    weapon = f'IFERROR(INDEX(WeaponChecks,{m})&IF(INDEX(WeaponRaw2,{m})="","",INDEX(WeaponChecks,{m}+1)),"")'
    unknown = f'IF(ISERROR({m}),"UNKNOWN_WEAPON ","")'
    no_banks = f'IF(COUNTIFS(BankNo,{equals_cell(c["key"] + str(row))},BankEntry,"<>")=0,"BATTERY_NO_BANKS ","")'
    inputs = "&".join(f'{c[k]}{row}' for k in ("battery", "name", "weapon", "bank", "loss_limit"))
    no_weapon = f'IF(AND(TRIM({inputs})<>"",{c["key"]}{row}=""),"BANK_NO_WEAPON ","")'
    no_weapon += (f'&IF(AND(TRIM({inputs})<>"",OR({not_whole(c["battery"] + str(row))},'
                  f'{not_whole(c["loss_limit"] + str(row))})),"NOT_A_WHOLE_NUMBER ","")')
    bank = (f'IF({c["bank"]}{row}="","",IF(NOT(ISNUMBER({c["arcs"]}{row})),"UNKNOWN_ARC ","")'
            f'&IF({c["mounts"]}{row}<1,"BANK_MOUNTS_INVALID ","")'
            f'&IF(ISERROR(MATCH({c["per_mount"]}{row},MountSize,0)),"MOUNT_SIZE_INVALID ",""))')
    return f'IF({first},{unknown}&{weapon}&{no_banks},"")&{no_weapon}&{bank}'


def bank_codes(item: dict[str, Any], d: Design, r: Any, rules: Ruleset) -> str:
    """drydock's codes for one bank row, in the order :func:`bank_checks` writes them."""
    text = ""
    battery = next(b for b, br in zip(d.weapons, r.batteries, strict=True) if br is item["battery"])
    if item["first"]:
        text += "".join(mode_codes(m, rules) for m in battery.modes)
        if not battery.banks:
            text += "BATTERY_NO_BANKS "
    bank, rating = item["bank"], item["rating"]
    if bank is not None:
        if rating.arcs is None:
            text += "UNKNOWN_ARC "
        if bank.mounts < 1:
            text += "BANK_MOUNTS_INVALID "
        if bank.mount_size not in rules.mount_modifiers:
            text += "MOUNT_SIZE_INVALID "
    return text


# ------------------------------------------------------------------ the ship's Problems cell
def ship_problems(rules: Ruleset) -> str:
    tech = ",".join(f"ISERROR(MATCH(N({col}{L.TECH_ROW}),TechLevel,0))" for col in L.TECH_COLUMNS.values())
    shields_dir = 'AND(ShieldInput="",COUNT(ShieldArcs)>0)'
    screens_dir = 'AND(ScreenInput="",COUNT(ScreenArcs)>0)'
    conds: list[tuple[str, str]] = [
        ("NOT_A_WHOLE_NUMBER", f'OR(${L.NOT_WHOLE_CELL[0]}${L.NOT_WHOLE_CELL[1:]}<>"",'
                               f'COUNTIF(BankChecks,{contains("NOT_A_WHOLE_NUMBER")})>0)'),
        ("HULL_OUT_OF_RANGE", "OR(Hull<HullMin,Hull>HullMax)"),
        ("ENGINES_NEGATIVE", "N(Engines)<0"),
        ("SHIELDS_ABOVE_5", f"IF({shields_dir},MAX(ShieldArcs)>ShieldMax,N(ShieldInput)>ShieldMax)"),
        ("SHIELDS_NEGATIVE", f"IF({shields_dir},MIN(ShieldArcs)<0,N(ShieldInput)<0)"),
        ("SCREENS_OUT_OF_RANGE", f"IF({screens_dir},OR(MIN(ScreenArcs)<0,SUM(ScreenArcs)>ScreensMax),"
                                 f"OR(N(ScreenInput)<0,N(ScreenInput)>ScreensMax))"),
        ("TECH_LEVEL_OUT_OF_RANGE", f"OR({tech})"),
        ("OVER_SPACE", "UsedSU>TotalSU"),
    ]
    for code in [*weapon_codes(rules), *BANK_INPUT_CODES, *BANK_CODES]:
        where = "WeaponChecks" if code in WEAPON_INPUT_CODES else "BankChecks"  # drydock reads every library row
        conds.append((code, f'COUNTIF({where},{contains(code)})>0'))
    systems = rules.systems
    structural = [n for n, s in systems.items() if s.structural]
    single = [n for n, s in systems.items() if not s.multiples]
    listed_range = f"{L.CATALOGUE_COLUMNS['listed'][0]}${L.CATALOGUE_HEADER_ROW + 1}:" \
                   f"{L.CATALOGUE_COLUMNS['listed'][0]}${L.CATALOGUE_HEADER_ROW + len(systems)}"
    s = L.SYSTEMS
    qty = f"${s.col('qty')}${s.first_row}:${s.col('qty')}${s.last_row}"
    conds += [
        ("SYSTEM_QTY_WITHOUT_NAME", f'SUMPRODUCT((TRIM(SystemEntry)="")*(TRIM({qty}&"")<>""))>0'),
        ("UNKNOWN_SYSTEM", 'SUMPRODUCT((TRIM(SystemEntry)<>"")*(SystemRule=""))>0'),
        ("SYSTEM_IS_STRUCTURAL", "OR(" + ",".join(f'COUNTIF(SystemRule,{equals(n)})>0' for n in structural) + ")"
         if structural else "FALSE"),
        ("SYSTEM_QTY_INVALID", 'OR(SUMPRODUCT((SystemRule<>"")*(SystemN<1))>0'
         + "".join(f',COUNTIFS(SystemRule,{equals(n)},SystemN,">1")>0' for n in single) + ")"),
        ("SYSTEM_DUPLICATE", f'COUNTIF(${listed_range},">1")>0'),
    ]
    def needs(n: str, q: str, per: str | None) -> str:
        """validation.py's order: the required system missing; else a quantity priced per another system's
        that differs from it is a warning (SYSTEM_QTY_DIFFERS, not on the sheet); else more than it covers."""
        qty = f"SUMIF(SystemRule,{equals(n)},SystemN)"
        over = f"{qty}>SUMIF(SystemRule,{equals(q)},SystemN)"
        if per is not None:
            over = (f"AND(NOT(AND(COUNTIF(SystemRule,{equals(per)})>0,{qty}<>SUMIF(SystemRule,{equals(per)},"
                    f"SystemN))),{over})")
        return f"AND(COUNTIF(SystemRule,{equals(n)})>0,OR(COUNTIF(SystemRule,{equals(q)})=0,{over}))"

    req = [(n, s.requires, s.priced_per) for n, s in systems.items() if s.requires]
    conds.append(("SYSTEM_REQUIRES", "OR(" + ",".join(needs(n, q, per) for n, q, per in req) + ")"
                  if req else "FALSE"))
    # a text in a number cell makes some conditions errors: each is false then (NOT_A_WHOLE_NUMBER names it)
    conds = [(code, cond if cond == "FALSE" else f"IFERROR({cond},FALSE)") for code, cond in conds]
    found = _concat(conds)
    return f'IF(({found})="","none",TRIM({found}))'
