"""A deliberately small, independent reference rater for the differential test (issue 9).

Written from ``../shared/rules/construction.md`` and ``systems.md`` alone, in exact
``Fraction`` arithmetic, sharing no code with ``drydock/core/calc.py`` or ``drydock/core/rules``: its
own tables (typed from the rules text), its own roundings, its own arc counting. It reads
a :class:`drydock.core.model.Design` (only as a record of values) and returns plain figures.

Readings are drydock's documented defaults (docs/house-rules.md, "Readings"): DRAT rounded once after
systems, CR from the rounded DRAT, weapons TL un-applied on the rounded bank SU and
rounded once, Expendable factor inside the single rounding, Defensive base product from
the Seeking/Defensive column, several levels of a DRAT multiplier multiply (m^n), Fire
Control / LRS on the ship's weapon totals, Launch Tubes priced from the Carrier's flights.
"""

from __future__ import annotations

from fractions import Fraction as F
from math import ceil, isqrt

# ---------------------------------------------------------------- tables (construction.md §1-§7)
ACC_STD = {2: F("0.43"), 3: F("0.35"), 4: F("0.25"), 5: F("0.15"), 6: F("0.10")}
ACC_SEEK = {2: F("0.50"), 3: F("0.40"), 4: F("0.30"), 5: F("0.20"), 6: F("0.10")}
MULT = {"Acr": "1.3", "Bls": "0.8", "Crn": "0.8", "Cts": "2.0", "Dly": "2.0", "Dfs": "0.9", "Dsr": "2.0",
        "Exp": "0.2", "FrL": "1.0", "Fcs": "1.3", "Gid": "1.1", "Inc": "0.7", "Knt": "3.0", "Mdl": "2.5",
        "NPr": "0.7", "Pr1": "1.5", "Pr2": "2.0", "Prx": "2.0", "Rpt": "1.4", "Sct": "1.7", "Slw": "0.6",
        "Tls": "1.9", "Vlt": "3.5"}
MULT = {k: F(v) for k, v in MULT.items()}
RANGE_BASED = {"Bls", "Crn", "Dfs", "Fcs", "Gid", "Sct", "Tls"}
AFTER = {"Acr", "Exp", "Slw"}
PAIRS = {"Bls Crn": "0.5", "Bls Dfs": "0.6", "Crn Dfs": "0.9", "Bls Fcs": "1.1", "Crn Fcs": "0.7",
         "Dfs Fcs": "1.4", "Bls Gid": "0.9", "Crn Gid": "0.8", "Bls Sct": "1.1", "Crn Sct": "1.8",
         "Dfs Sct": "1.7", "Fcs Sct": "1.8", "Gid Sct": "1.7", "Bls Tls": "1.7", "Crn Tls": "1.2",
         "Dfs Tls": "1.5", "Fcs Tls": "2.8", "Gid Tls": "2.3"}
PAIRS = {k: F(v) for k, v in PAIRS.items()}
ALTERNATE = {"FF": "AB", "AA": "EF", "PP": "HJ", "SS": "IK", "FP": "AC", "FS": "BD", "AP": "CE", "AS": "DF",
             "FR": "G", "AR": "L", "PR": "C", "SR": "D", "FH": "GHI", "AH": "JKL", "PH": "ACE", "SH": "BDF",
             "FX": "ABCD", "AX": "CDEF", "TR": "GHIJK", "TT": "ABCDEF"}
DEFENSIVE_ARCS = {"Fwd", "Port", "Stbd", "Aft"}
MOUNT = {1: F(1), 2: F("1.5"), 3: F(2), 4: F("2.5")}
TL = {2: F("0.5"), 1: F("0.7"), 0: F(1), -1: F("1.4"), -2: F(2)}
EXPENDABLE = [(2, F(2)), (5, F("1.75")), (9, F("1.5")), (14, F("1.25")), (20, F(1)), (27, F("0.75")),
              (35, F("0.5"))]
ESR_WEIGHT = {"fwd": F(2), "port": F("1.5"), "stbd": F("1.5"), "aft": F(1)}
DIR_SCREEN = {"fwd": F("0.67"), "port": F("0.50"), "stbd": F("0.50"), "aft": F("0.33")}

# systems.md §1 and §5: (type, category, SU per unit as (basis, factor), ORAT per unit, DRAT x, DRAT +)
EQUIPMENT = {"Cloaking Device", "Countermeasures", "Fire Control", "Hyperdrive", "Long Range Sensors",
             "Overthrusters", "Stealth", "Stutterdrive", "Tractor Beam"}
MUNITIONS = {"Boosters", "Flares", "Marines", "Mines", "Probes", "Shuttlecraft"}
CATEGORY = {"Anti-Fighter Batteries": "shields", "Boosters": "engines", "Carrier": "fighters",
            "Launch Tubes": "fighters", "Cloaking Device": "shields", "Countermeasures": "shields",
            "Fire Control": None, "Flares": "weapons", "Hyperdrive": "engines", "Ionized Hull": "shields",
            "Long Range Sensors": None, "Marines": "weapons", "Mines": "fighters", "Overthrusters": "engines",
            "Probes": "fighters", "Screens": "shields", "Directional Screens": "shields", "Shockwave": "shields",
            "Shuttlecraft": "fighters", "Stealth": "shields", "Stutterdrive": "engines", "Tractor Beam": "weapons"}


QUARTER, THREE_FIFTHS, HALF, THREE_HALVES = F(1, 4), F(3, 5), F(1, 2), F(3, 2)
THREE_TENTHS, SIX_FIFTHS, THIRTEEN_TENTHS = F(3, 10), F(6, 5), F(13, 10)


def tenth(x: F) -> F:
    """Nearest tenth, halves up (construction.md §0 r1)."""
    return F(int(x * 10 + HALF), 10) if x >= 0 else -tenth(-x)


def up(x: F) -> int:
    """Rounded up (construction.md §0)."""
    return ceil(x)


def boxes(value: int, n: int) -> list[int]:
    """Track boxes ceil(value x (N - k) / N), A.3 (integer ceiling division)."""
    return [-((-value * (n - k)) // n) for k in range(n)]


def bsur(mode, tl: F) -> F:  # type: ignore[no-untyped-def]
    """construction.md §3.8, with the Defensive base from the Seeking/Defensive column (settled reading)."""
    seeking = mode.ma is not None
    defensive = "Dfn" in mode.traits
    factor = ACC_SEEK[mode.acc] if seeking or defensive else ACC_STD[mode.acc]
    long = mode.ma if seeking else mode.range[2]
    x = long * mode.rof * factor * (mode.imp + QUARTER) * (mode.dmg + THREE_FIFTHS)
    ranged = sorted(t for t in mode.traits if t in RANGE_BASED)
    if len(ranged) == 2:
        x *= PAIRS[" ".join(ranged)]
    else:
        for t in ranged:
            x *= MULT[t]
    for t in mode.traits:
        if t not in RANGE_BASED and t not in AFTER and t != "Dfn":
            x *= MULT[t]
    if seeking:
        x += F(mode.ma * mode.rof, 3)
    if defensive:
        x += mode.rof * ACC_SEEK[mode.acc] * 2
    for t in mode.traits:
        if t in AFTER:
            x *= MULT[t]
    return tenth(x * tl)


def arcs(arc: str) -> F:
    if arc in DEFENSIVE_ARCS:
        return THREE_HALVES
    return len(ALTERNATE.get(arc, arc))


def esr(shields) -> F:  # type: ignore[no-untyped-def]
    total = sum(ESR_WEIGHT[k] / (6 - getattr(shields, k)) for k in ESR_WEIGHT)
    return tenth(6 - 6 / total)


def rate(d) -> dict:  # type: ignore[no-untyped-def]
    """Every figure of design ``d``, as drydock's differential test compares them."""
    H, ER = d.hull, d.engines
    tl = {c: TL[getattr(d.tech, c)] for c in ("engines", "shields", "weapons", "fighters")}
    EF, SF = H * (H + 5), (H + 4) * 9
    N = max(2, (H + 1) // 2)
    out: dict = {"total_su": H * (H + 30) * 5}
    qty = {s.name: s.qty for s in d.systems}
    ero = (ER + QUARTER * qty.get("Boosters", 0)) * (THREE_HALVES if "Solar Sails" in qty else 1)
    out["engines_su"] = up(ER * EF * tl["engines"])
    directional = not isinstance(d.shields, int)
    s_eff = esr(d.shields) if directional else d.shields
    out["esr"] = s_eff if directional else None
    out["shields_su"] = up(s_eff * SF * tl["shields"])
    batteries = []
    w_su = w_orat = 0
    for b in d.weapons:
        modes = [b.primary] + ([b.secondary] if b.secondary is not None else [])
        each = [bsur(m, tl["weapons"]) for m in modes]
        final = each[0] if len(each) == 1 else tenth(max(each) + min(each) / 2)
        longs = [m.ma if m.ma is not None else m.range[2] for m in modes]
        L = max(longs)
        expendable = any("Exp" in m.traits for m in modes)
        exp = next(f for top, f in EXPENDABLE if H <= top) if expendable else 1
        banks = []
        for k in b.banks:
            su = up(final * k.mounts * (arcs(k.arc) + 1) * MOUNT[k.mount_size])
            orat = up(su / tl["weapons"] * (ero + L) / L * exp)
            banks.append((su, orat))
        su, orat = sum(x for x, _ in banks), sum(y for _, y in banks)
        count = sum(k.mounts for k in b.banks)
        batteries.append({"bsur": final, "modes": each, "banks": banks, "su": su, "orat": orat,
                          "loss_limit": up(F(count, 2))})
        w_su += su
        w_orat += orat
    out["batteries"] = batteries
    out["weapons_su"] = w_su
    systems = []
    listed = [(s.name, s.qty) for s in d.systems]
    if isinstance(d.screens, int):
        if d.screens:
            listed.append(("Screens", d.screens))
    elif sum(getattr(d.screens, k) for k in DIR_SCREEN):
        listed.append(("Directional Screens", sum(getattr(d.screens, k) for k in DIR_SCREEN)))
    mult, add, equipment, munitions = 1, 0, 0, {}
    ionized = False
    for name, n in listed:
        su, orat, m, a = _system(name, n, qty, H, ER, ero, s_eff, EF, SF, w_su, w_orat)
        cat = CATEGORY.get(name)
        su_total = up(su * (tl[cat] if cat else 1))
        systems.append((name, su_total, orat, m, a))
        mult *= m
        add += a
        ionized |= name == "Ionized Hull"
        if name in EQUIPMENT:
            equipment += n
        if name in MUNITIONS:
            munitions[name] = list(range(n, 0, -1))
    out["systems"] = systems
    out["systems_su"] = sum(s[1] for s in systems)
    out["orat"] = orat_total = up(w_orat + sum(s[2] for s in systems))
    hull_eq = H * (THREE_HALVES if ionized else 1)
    if isinstance(d.screens, int):
        hull_eq += F(3, 4) * d.screens
    else:
        hull_eq += sum(DIR_SCREEN[k] * getattr(d.screens, k) for k in DIR_SCREEN)
    drat = up(hull_eq * 12 / (6 - s_eff) * mult + add)
    out["drat"] = drat
    product = orat_total * drat
    root = isqrt(product)
    out["combat_rating"] = root if root * root == product else root + 1
    weapons_track = sum(sum(k.mounts for k in b.banks) for b in d.weapons) + equipment
    shield_total = sum(getattr(d.shields, k) for k in ESR_WEIGHT) if directional else d.shields
    out["tracks"] = {"hull": list(range(H, 0, -1)), "engines": boxes(ER, N), "weapons": boxes(weapons_track, N),
                     "shields": boxes(shield_total, N), "munitions": munitions}
    out["equipment_loss_limit"] = up(F(equipment, 2)) if equipment else None
    return out


def _system(name, n, qty, H, ER, ero, s, EF, SF, w_su, w_orat):  # type: ignore[no-untyped-def]
    """(SU before the tech modifier, ORAT addition, DRAT multiplier, DRAT addition), systems.md §1, §5."""
    zero, one = 0, 1
    table = {
        "Anti-Fighter Batteries": lambda: (SF, zero, SIX_FIFTHS, zero),
        "Cargo": lambda: (50 * n, zero, one, zero), "Hospital": lambda: (50 * n, zero, one, zero),
        "Repair": lambda: (50 * n, zero, one, zero), "Science": lambda: (50 * n, zero, one, zero),
        "Transport": lambda: (50 * n, zero, one, zero),
        "Boosters": lambda: (EF * QUARTER * n, zero, one, zero),
        "Carrier": lambda: (50 * n, 250 * n, one, 10 * n),
        "Launch Tubes": lambda: (10 * qty.get("Carrier", n), 50 * qty.get("Carrier", n), one, zero),
        "Cloaking Device": lambda: (SF * 3, zero, 2, zero),
        "Countermeasures": lambda: (SF * 2 * n, zero, THREE_HALVES ** n, zero),
        "Fire Control": lambda: (THREE_TENTHS * n * w_su, THREE_TENTHS * n * w_orat, one, zero),
        "Flares": lambda: (5 * n, (ero + 10) * HALF * n, one, zero),
        "Hyperdrive": lambda: (EF, zero, SIX_FIFTHS, zero),
        "Ionized Hull": lambda: (SF * 2, zero, one, zero),
        "Long Range Sensors": lambda: (HALF * w_su, HALF * w_orat, one, zero),
        "Marines": lambda: (10 * n, (ero + 5) * 2 * n, one, n),
        "Mines": lambda: (5 * n, 25 * n, one, n),
        "Overthrusters": lambda: (EF, zero, THIRTEEN_TENTHS, zero),
        "Probes": lambda: (5 * n, (ero + 6) * n, one, zero),
        "Screens": lambda: (30 * n, zero, one, zero),
        "Directional Screens": lambda: (15 * n, zero, one, zero),
        "Shockwave": lambda: (s * 100, s * (ero + 3) * 33, one, zero),
        "Shuttlecraft": lambda: (10 * n, 50 * n, one, 2 * n),
        "Solar Sails": lambda: (zero, zero, one, zero),
        "Stealth": lambda: (SF * n, zero, SIX_FIFTHS ** n, zero),
        "Stutterdrive": lambda: (ER * EF * HALF, zero, one, zero),
        "Tractor Beam": lambda: (3 * n, (ero + 1) * 3 * n, one, zero),
    }
    return table[name]()
