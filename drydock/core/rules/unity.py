"""The Starmada Unity v2.0 construction tables, as plain data.

Every factor, table and formula drydock uses lives here, each entry with the
rulebook section beside it, so that a correction is a one-line change and a
house-rule file (``--rules FILE``) can override any entry by the same keys.

Numbers are decimal strings read exactly ("0.43" is the fraction 43/100; no
float and no rounded decimal anywhere). Formulas use the variables listed in
:mod:`drydock.core.rules.ruleset`. Values the reference marks uncertain carry
``confidence`` ("M" reconstructed, "L" guess) and a ``note``. Where the rulebook
leaves a reading open, the decision is recorded beside the entry with the
rulebook's words (``quote``) and, where a player may want the other reading, an
``options`` switch.
"""

from __future__ import annotations

from typing import Any

from drydock.core.rules.play_rules import BATTLE_SIZES, PLAY

UNITY: dict[str, Any] = {
    "name": "Starmada Unity v2.0 (April 2020)",
    "hull": {"section": "A.1", "min": 1, "max": 35},
    "formulas": {
        # A.1: space units and the engine/shield factors.
        "total_su": {"section": "A.1", "expr": "H * (H + 30) * 5"},
        "engine_factor": {"section": "A.1", "expr": "H * (H + 5)"},
        "shield_factor": {"section": "A.1", "expr": "(H + 4) * 9"},
        # A.1: weapon base SU requirement, before traits (rounded to a tenth at the end).
        "bsur": {"section": "A.1", "expr": "L * ROF * ACC * (IMP + 0.25) * (DMG + 0.60)"},
        "seeking_addition": {"section": "A.1, C.4", "expr": "MA * ROF / 3"},
        "defensive_addition": {"section": "A.1, C.5", "expr": "ROF * ACC_SEEK * 2"},
        "dual_mode_bsur": {"section": "A.1, C.2", "expr": "max(B1, B2) + min(B1, B2) / 2"},
        # A.1: bank SU (rounded up).
        "bank_su": {"section": "A.1, C.3", "expr": "BSUR * MOUNTS * (ARCS + 1) * MOUNT"},
        # A.2: bank ORAT (rounded up), before the Expendable hull-size factor.
        "bank_orat": {"section": "A.2", "expr": "SU * (ER + L) / L"},
        # A.2: base DRAT; HULL includes screen hull-box equivalents (A.5 notes [4], [6], [7]).
        "base_drat": {"section": "A.2", "expr": "HULL * 12 / (6 - S)"},
        "combat_rating": {"section": "A.2", "expr": "sqrt(ORAT * DRAT)"},
        # A.3: boxes on the engine/weapons/shield tracks, and loss limits.
        "track_boxes": {"section": "A.3, 1.2", "expr": "max(2, ceil(H / 2))"},
        "loss_limit": {"section": "A.3", "expr": "ceil(N / 2)"},
        # A.5 notes [1], [9]: the engine rating used in all ORATs.
        "orat_engine_rating": {"section": "A.5 [1] [9]", "expr": "(ER + 0.25 * BOOSTERS) * (1.5 if SAILS else 1)",
                               "confidence": "L", "note": "order of boosters and solar sails not stated"},
    },
    "shields": {"section": "A.1", "max": 5},
    "directional_shields": {
        # A.1 / B.7: equivalent shield rating ESR = 6 - 6 / sum(w / (6 - r)), rounded to a tenth.
        "section": "A.1, B.7",
        "weights": {"fwd": "2", "port": "1.5", "stbd": "1.5", "aft": "1"},
        "max_per_arc": 5,
    },
    "screens": {
        "section": "B.18, A.5 [6] [7]",
        # Standard and directional screens together are a design error (SCREENS_MIXED), in every format.
        "quote": "A starship may not have both standard and Directional Screens. (A.5 notes [6] and [7])",
        # hull-box equivalents in the DRAT
        "hull_equivalent": "0.75",
        "directional_hull_equivalent": {"fwd": "0.67", "port": "0.50", "stbd": "0.50", "aft": "0.33"},
    },
    "acc_factors": {
        "section": "A.1, Z.3",
        "standard": {"2": "0.43", "3": "0.35", "4": "0.25", "5": "0.15", "6": "0.10"},
        "seeking": {"2": "0.50", "3": "0.40", "4": "0.30", "5": "0.20", "6": "0.10"},
    },
    "seekers": {"section": "A.1, C.4", "min_ma": 4, "max_ma": 12},
    "weapon_limits": {"section": "A.1", "min_rof": 1, "min_imp": 1, "min_dmg": 1},
    # Limits of the Drydock spreadsheet that the rulebook itself does not set (Z.2). Settled reading:
    # they are warnings (codes DRYDOCK_CAP_*), because the rulebook sets no such limit (A.1: "There is no
    # upper limit to a starship's engine rating (aside from space constraints)."; B.18 and C.5 set no cap
    # on screens, stats, range or the number of traits); options.drydock_caps = "error" makes them errors
    # for players who want Drydock-exact limits.
    "drydock_caps": {
        "section": "Z.2",
        "engines": 12, "screens": 50, "rof": 5, "imp": 5, "dmg": 5, "range": 18, "traits": 5,
        "quote": "Engines: Restricted to values from 0 to 12. / Screens: Restricted to values from 0 to 50. / "
                 "RNG: Restricted to values from -18 to 24. Negative values indicate standard weapons and must "
                 "be in multiples of three (i.e. -3, -6, -9, -12, -15, or -18). / ROF, IMP, DMG: Restricted to "
                 "values from 1 to 5. / Traits: Up to five traits may be entered for each weapon system (or "
                 "mode). (Z.2, Starmada Drydock Instructions)",
    },
    # A.1 p.25 / Z.3 trait multipliers; C.5 trait rules.
    # stage: "before" = applied before the seeking/defensive additions; "after" = after them (A.1).
    "traits": {
        "Acr": {"name": "Accurate", "multiplier": "1.3", "stage": "after", "section": "A.1, C.5"},
        "Bls": {"name": "Ballistic", "multiplier": "0.8", "range_based": True, "section": "A.1, C.5"},
        "Crn": {"name": "Carronade", "multiplier": "0.8", "range_based": True, "section": "A.1, C.5"},
        "Cts": {"name": "Catastrophic", "multiplier": "2.0", "section": "A.1, C.5"},
        "Dly": {"name": "Deadly", "multiplier": "2.0", "section": "A.1, C.5"},
        "Dfs": {"name": "Diffuse", "multiplier": "0.9", "range_based": True, "section": "A.1, C.5"},
        "Dsr": {"name": "Disruptive", "multiplier": "2.0", "section": "A.1, C.5"},
        "Exp": {"name": "Expendable", "multiplier": "0.2", "stage": "after", "section": "A.1, C.5"},
        "FrL": {"name": "Fire-Linked", "multiplier": "1.0", "section": "A.1, C.5"},
        "Fcs": {"name": "Focused", "multiplier": "1.3", "range_based": True, "section": "A.1, C.5"},
        "Gid": {"name": "Guided", "multiplier": "1.1", "range_based": True, "section": "A.1, C.5"},
        "Inc": {"name": "Incapacitating", "multiplier": "0.7", "section": "A.1, C.5"},
        "Knt": {"name": "Kinetic", "multiplier": "3.0", "section": "A.1, C.5"},
        "Mdl": {"name": "Modulating", "multiplier": "2.5", "section": "A.1, C.5"},
        "NPr": {"name": "Non-Piercing", "multiplier": "0.7", "section": "A.1, C.5"},
        "Pr1": {"name": "Piercing-1", "multiplier": "1.5", "section": "A.1, C.5"},
        "Pr2": {"name": "Piercing-2", "multiplier": "2.0", "section": "A.1, C.5"},
        "Prx": {"name": "Proximity", "multiplier": "2.0", "section": "A.1, C.5"},
        "Rpt": {"name": "Repeating", "multiplier": "1.4", "section": "A.1, C.5"},
        "Sct": {"name": "Scatter", "multiplier": "1.7", "range_based": True, "requires": {"imp": 1},
                "section": "A.1, C.5"},
        "Slw": {"name": "Slow", "multiplier": "0.6", "stage": "after", "max_count": 2, "section": "A.1, C.5",
                "confidence": "M", "note": "taken twice: 0.6 x 0.6 (cost not stated)"},
        "Tls": {"name": "Telescopic", "multiplier": "1.9", "range_based": True, "requires": {"imp": 1},
                "section": "A.1, C.5"},
        "Vlt": {"name": "Volatile", "multiplier": "3.5", "requires": {"rof": 1}, "section": "A.1, C.5"},
        "Dfn": {"name": "Defensive", "multiplier": None, "defensive": True, "section": "A.1, C.5"},
    },
    "trait_rules": {
        "section": "A.1, C.5",
        "max_range_based": 2,
        # pairs that may not be taken together
        "forbidden_pairs": [
            {"traits": ["Bls", "Dfn"], "section": "C.5"},
            {"traits": ["Cts", "Inc"], "section": "C.5"},
            {"traits": ["Exp", "Slw"], "section": "C.5"},
            {"traits": ["NPr", "Pr1"], "section": "C.5"},
            {"traits": ["NPr", "Pr2"], "section": "C.5"},
            {"traits": ["Pr1", "Pr2"], "section": "C.5", "confidence": "M",
             "note": "Pr1 and Pr2 together count as a duplicate trait"},
        ],
        "seeker_forbids_range_based": True,
        "seeker_forbids": ["Dfn"],
    },
    # A.1 p.25 / Z.3: one combined multiplier when a weapon has exactly two range-based traits.
    # null = the combination is not allowed.
    "range_pairs": {
        "section": "A.1, Z.3",
        "pairs": {
            "Bls+Crn": "0.5", "Bls+Dfs": "0.6", "Crn+Dfs": "0.9", "Bls+Fcs": "1.1", "Crn+Fcs": "0.7",
            "Dfs+Fcs": "1.4", "Bls+Gid": "0.9", "Crn+Gid": "0.8", "Dfs+Gid": None, "Fcs+Gid": None,
            "Bls+Sct": "1.1", "Crn+Sct": "1.8", "Dfs+Sct": "1.7", "Fcs+Sct": "1.8", "Gid+Sct": "1.7",
            "Bls+Tls": "1.7", "Crn+Tls": "1.2", "Dfs+Tls": "1.5", "Fcs+Tls": "2.8", "Gid+Tls": "2.3",
            "Sct+Tls": None,
        },
    },
    # C.1 / Z.3 firing arcs. Component arcs count 1 each; alternate arcs count as their
    # standard equivalent; defensive arcs used as firing arcs count 1.5 each (A.1).
    "arcs": {
        "section": "4.1, C.1, A.1",
        "component": "ABCDEFGHIJKL",
        "alternate": {
            "FF": {"name": "Forward", "standard": "AB"},
            "AA": {"name": "Aft", "standard": "EF"},
            "PP": {"name": "Port", "standard": "HJ"},
            "SS": {"name": "Starboard", "standard": "IK"},
            "FP": {"name": "Forward Port", "standard": "AC"},
            "FS": {"name": "Forward Starboard", "standard": "BD"},
            "AP": {"name": "Aft Port", "standard": "CE"},
            "AS": {"name": "Aft Starboard", "standard": "DF"},
            "FR": {"name": "Forward Restricted", "standard": "G"},
            "AR": {"name": "Aft Restricted", "standard": "L"},
            "PR": {"name": "Port Restricted", "standard": "C"},
            "SR": {"name": "Starboard Restricted", "standard": "D"},
            "FH": {"name": "Forward Half", "standard": "GHI"},
            "AH": {"name": "Aft Half", "standard": "JKL"},
            "PH": {"name": "Port Half", "standard": "ACE"},
            "SH": {"name": "Starboard Half", "standard": "BDF"},
            "FX": {"name": "Forward Extended", "standard": "ABCD"},
            "AX": {"name": "Aft Extended", "standard": "CDEF"},
            "TR": {"name": "Turret Restricted", "standard": "GHIJK"},
            "TT": {"name": "Turret", "standard": "ABCDEF"},
        },
        "defensive": {"Fwd": "1.5", "Port": "1.5", "Stbd": "1.5", "Aft": "1.5"},
    },
    # A.1 / C.3 multi-weapon mount modifiers by weapons per mount.
    "mounts": {"section": "A.1, C.3", "modifiers": {"1": "1.0", "2": "1.5", "3": "2.0", "4": "2.5"}},
    # A.2 / Z.3 Expendable ORAT factor by hull size (Z.3's "20-27" band is a misprint for 21-27).
    "expendable_orat": {
        "section": "A.2, Z.3",
        "bands": [
            {"hull": [1, 2], "factor": "2.00"},
            {"hull": [3, 5], "factor": "1.75"},
            {"hull": [6, 9], "factor": "1.50"},
            {"hull": [10, 14], "factor": "1.25"},
            {"hull": [15, 20], "factor": "1.00"},
            {"hull": [21, 27], "factor": "0.75"},
            {"hull": [28, 35], "factor": "0.50"},
        ],
    },
    # A.4 technology levels: SU modifier by level, per category.
    "tech_levels": {
        "section": "A.4",
        "modifiers": {"2": "0.5", "1": "0.7", "0": "1.0", "-1": "1.4", "-2": "2.0"},
        "categories": ["engines", "shields", "weapons", "fighters"],
    },
    # Where the rulebook leaves a choice open, the documented best reading and the alternatives.
    "options": {
        # construction.md OQ3: round the DRAT once after systems ("once") or the base too ("base_and_final").
        "drat_rounding": {"value": "once", "choices": ["once", "base_and_final"], "section": "A.2"},
        # A.2 rounds the DRAT up; the CR uses that rounded DRAT ("rounded") or the exact one ("exact").
        "cr_drat": {"value": "rounded", "choices": ["rounded", "exact"], "section": "A.2"},
        # construction.md OQ4: un-apply the weapons TL on the rounded bank SU and round once at the end.
        "orat_tech_unapply": {"value": "once", "choices": ["once", "round_first"], "section": "A.4"},
        # construction.md OQ5: Expendable factor inside the single rounding ("once") or after it.
        "expendable_rounding": {"value": "once", "choices": ["once", "after"], "section": "A.2"},
        # construction.md OQ14, settled: a Defensive weapon's base BSUR uses the Seeking/Defensive ACC
        # column. A.1 prints the column as "Seeking/Defensive", and the Drydock's tables say "Mod2" "is used
        # for seeking/defensive weapons" without restricting it to the addition. "standard" is the other
        # reading (standard column for the base product, seeking column only inside the addition).
        "defensive_base_column": {
            "value": "seeking", "choices": ["seeking", "standard"], "section": "A.1, Z.2",
            "quote": "ACC 2+ 3+ 4+ 5+ 6+ Factor 0.43 0.35 0.25 0.15 0.10 Seeking/Defensive 0.50 0.40 0.30 0.20 "
                     "0.10 (A.1) / Defensive Weapon BSUR Addition = ROF x ACC Factor* x 2 *Use the "
                     "\"Seeking/Defensive\" factor (A.1) / \"Mod1\" is used for standard weapons; \"Mod2\" is "
                     "used for seeking/defensive weapons and for customized range bands. (Z.2)",
        },
        # A bare positive RNG (no Skr trait) in a workbook's Weapons sheet. "drydock" (default): as the
        # Drydock reads it, a seeker's MA needs Skr and any other positive value is a customised range band,
        # which the rulebook gives no cost for (construction.md OQ15): the workbook shows
        # RNG_POSITIVE_NEEDS_SKR and drydock refuses the file. "long_range": a standard weapon's long range
        # with equal bands (12 = 4-8-12; a multiple of 3, like a negative RNG).
        "workbook_positive_rng": {
            "value": "drydock", "choices": ["drydock", "long_range"], "section": "Z.2",
            "quote": "RNG: Restricted to values from -18 to 24. Negative values indicate standard weapons and must "
                     "be in multiples of three (i.e. -3, -6, -9, -12, -15, or -18). A positive value indicates a "
                     "seeking weapon (restricted to values between 4 and 12) or customized range bands. (Z.2)",
        },
        # Drydock-only limits (drydock_caps above): "warning" (default) or "error".
        "drydock_caps": {"value": "warning", "choices": ["warning", "error"], "section": "Z.2"},
    },
    # A.5 systems table (see shared rules systems.md for the decoding and confidence of each cell).
    # Variables: n (quantity), H, ER, ERO (ORAT engine rating), S (shield rating or ESR), EF, SF,
    # WSU (sum of weapon bank SU), WORAT (sum of weapon bank ORAT), ESR.
    # su is multiplied by the tech modifier of `tech` (unless tech_scales_su is false), then rounded up.
    "systems": {
        "Anti-Fighter Batteries": {"section": "B.1", "type": "T", "su": "SF * 1", "drat_mult": "1.2",
                                   "tech": "shields", "abbr": ["AFB"]},
        "Cargo": {"section": "B.2", "type": "T", "su": "n * 50", "multiples": True, "family": "Auxiliary Services",
                  "unit": "capacity"},
        "Hospital": {"section": "B.2", "type": "T", "su": "n * 50", "multiples": True,
                     "family": "Auxiliary Services", "unit": "capacity"},
        "Repair": {"section": "B.2", "type": "T", "su": "n * 50", "multiples": True,
                   "family": "Auxiliary Services", "unit": "capacity"},
        "Science": {"section": "B.2", "type": "T", "su": "n * 50", "multiples": True,
                    "family": "Auxiliary Services", "unit": "capacity"},
        "Transport": {"section": "B.2", "type": "T", "su": "n * 50", "multiples": True,
                      "family": "Auxiliary Services", "unit": "capacity"},
        "Boosters": {"section": "B.3, A.5 [1]", "type": "M", "su": "EF * 0.25 * n", "tech": "engines",
                     "multiples": True, "orat_engine": "boosters"},
        "Carrier": {"section": "B.4, 5.1", "type": "T", "su": "50 * n", "orat": "250 * n", "drat_add": "10 * n",
                    "tech": "fighters", "multiples": True, "unit": "flights"},
        # Settled: Launch Tubes are a trait of the whole carrier, priced from the Carrier's flights; a
        # differing quantity is a warning naming both numbers (SYSTEM_QTY_DIFFERS).
        "Launch Tubes": {"section": "B.12, A.5", "type": "T", "su": "10 * n", "orat": "50 * n", "tech": "fighters",
                         "multiples": True, "unit": "flights", "requires": "Carrier", "priced_per": "Carrier",
                         "note": "A.5: Launch Tubes +10/Flight (SU), +50/Flight (ORAT); B.12: \"The effect of "
                                 "launch tubes is to double the launch maximum\" (no partial effect), so n is "
                                 "the Carrier's flights"},
        "Cloaking Device": {"section": "B.5", "type": "E", "su": "SF * 3", "drat_mult": "2.0", "tech": "shields",
                            "abbr": ["Cloak"]},
        "Countermeasures": {"section": "B.6", "type": "E", "su": "SF * 2 * n", "drat_mult": "1.5 ** n",
                            "tech": "shields", "multiples": True, "abbr": ["CM"], "confidence": "M",
                            "note": "n levels: SU x n, DRAT 1.5^n (construction.md OQ7)"},
        "Directional Shielding": {"section": "B.7, A.5 [2]", "type": "T", "su": "ESR * SF", "tech": "shields",
                                  "structural": "shields"},
        "Fire Control": {"section": "B.8, A.5 [3]", "type": "E", "su": "0.3 * n * WSU", "orat": "0.3 * n * WORAT",
                         "tech": "weapons", "tech_scales_su": False, "multiples": True, "abbr": ["FC"],
                         "confidence": "M", "note": "+30% per level on the ship's weapon totals (OQ8)"},
        "Flares": {"section": "B.9", "type": "M", "su": "5 * n", "orat": "(ERO + 10) * 0.5 * n", "tech": "weapons",
                   "multiples": True},
        "Hyperdrive": {"section": "B.10", "type": "E", "su": "EF * 1", "drat_mult": "1.2", "tech": "engines",
                       "confidence": "M", "note": "DRAT x1.2 from extraction order (systems.md OQ4)"},
        "Ionized Hull": {"section": "B.11, A.5 [4]", "type": "T", "su": "SF * 2", "hull_mult": "1.5",
                         "tech": "shields", "note": "x1.5 on hull boxes only, not screens"},
        "Long Range Sensors": {"section": "B.13, A.5 [5]", "type": "E", "su": "0.5 * WSU", "orat": "0.5 * WORAT",
                               "tech": "weapons", "tech_scales_su": False, "abbr": ["LRS"]},
        "Marines": {"section": "B.14", "type": "M", "su": "10 * n", "orat": "(ERO + 5) * 2 * n", "drat_add": "n",
                    "tech": "weapons", "multiples": True, "unit": "squads"},
        "Mines": {"section": "B.15", "type": "M", "su": "5 * n", "orat": "25 * n", "drat_add": "n",
                  "tech": "fighters", "multiples": True},
        "Overthrusters": {"section": "B.16", "type": "E", "su": "EF * 1", "drat_mult": "1.3", "tech": "engines"},
        "Probes": {"section": "B.17", "type": "M", "su": "5 * n", "orat": "(ERO + 6) * 1 * n", "tech": "fighters",
                   "multiples": True},
        "Screens": {"section": "B.18, A.5 [6]", "type": "T", "su": "30 * n", "tech": "shields",
                    "structural": "screens"},
        "Directional Screens": {"section": "B.18, A.5 [7]", "type": "T", "su": "15 * n", "tech": "shields",
                                "structural": "screens"},
        "Shockwave": {"section": "B.19, A.5 [8]", "type": "T", "su": "S * 100", "orat": "S * (ERO + 3) * 33",
                      "tech": "shields"},
        "Shuttlecraft": {"section": "B.20", "type": "M", "su": "10 * n", "orat": "50 * n", "drat_add": "2 * n",
                         "tech": "fighters", "multiples": True, "abbr": ["Shuttles"]},
        "Solar Sails": {"section": "B.21, A.5 [9]", "type": "T", "su": "0", "orat_engine": "sails",
                        "confidence": "L", "note": "SU not legible; alternative reading ER * EF * 0.5"},
        "Stealth": {"section": "B.22", "type": "E", "su": "SF * 1 * n", "drat_mult": "1.2 ** n", "tech": "shields",
                    "multiples": True, "confidence": "M", "note": "SU SF x1 and DRAT x1.2 per level (reconstructed)"},
        "Stutterdrive": {"section": "B.23", "type": "E", "su": "ER * EF * 0.5", "tech": "engines",
                         "confidence": "M", "note": "SU reconstructed from extraction order"},
        "Tractor Beam": {"section": "B.24", "type": "E", "su": "3 * n", "orat": "(ERO + 1) * 3 * n",
                         "tech": "weapons", "multiples": True, "unit": "beams", "abbr": ["Tractor Beams"],
                         "confidence": "M"},
    },
    # Battle sizes: names, fleet limits and VP targets (2.2), for fleet rosters, sheets and battles.
    "battle_sizes": BATTLE_SIZES,
    # The play rules the battle engine fights by, and the optional rules' numbers (4.x, D-G, S).
    "play": PLAY,
}
