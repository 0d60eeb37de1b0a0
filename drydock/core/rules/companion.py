"""The bundled rulesets (``--rules companion``, ``--rules seeker-fix``) as house-rule data over Unity.

Each is a plain mapping of the same keys as :data:`drydock.rules.unity.UNITY`, merged over the book
exactly as a house-rule file is (:meth:`drydock.rules.Ruleset.from_data`), with the source's words
beside each reading (``quote``). A player's own house-rule file builds on one with ``base: NAME``.

- ``companion``: the *Starmada Captain's Companion* (February 2025), D5 weapon traits. The D5 table is
  scrambled by PDF extraction; the reading settled here is recorded in :data:`D5_READING`.
- ``seeker-fix``: the "Fixing Seekers" forum proposal by the rulebook's author.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.core.rules.unity import UNITY

#: D5 as extracted (../shared/seeds/002_*.txt lines 313-328): the multipliers of the two
#: four-level traits are printed in one column, one line per level, with the trait name on the
#: second line of its block. Reading: each block of four multipliers, top to bottom, is levels 0-3.
#: Evidence: Proximity 1 is "the 'default' version, p.CR22" and Unity's Proximity is x2.0 (A.1), the
#: second value of its block; the values rise with the area affected (0 < 1 < 2 < 3), as Enveloping's
#: do with the facings hit (Enveloping 3 hits all four facings, 4.1 ~ 4 x the single-facing cost).
D5_READING: dict[str, Any] = {
    "section": "D5 (Captain's Companion 2025)",
    "quote": "TRAIT MODIFIER PROHIBITED / Deadly x1.5 Incapacitating / x1.2 / Enveloping x2.3 / (0/1/2/3) x3.2 / "
             "x4.1 / Persistent x1.6 Incapacitating / x1.5 / Proximity x2.0 / (0/1/2/3) x3.0 / x4.0 / Slag x1.2 / "
             "Scattershot x1.0 (D5, as extracted) / Proximity 1 weapons (the \"default\" version, p.CR22) (D5.1)",
    "reading": "Enveloping 0-3 = x1.2 / x2.3 / x3.2 / x4.1; Proximity 0-3 = x1.5 / x2.0 / x3.0 / x4.0",
}

_D5 = "D5 (Captain's Companion)"
_READ = "reading: " + D5_READING["reading"]


def _trait(name: str, multiplier: str, aliases: tuple[str, ...] = (), note: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "multiplier": multiplier, "section": _D5, "quote": D5_READING["quote"]}
    if aliases:
        out["aliases"] = list(aliases)
    if note:
        out["note"] = note
    return out


def _levels(codes: tuple[str, ...]) -> list[dict[str, Any]]:
    """Two levels of one trait together are a duplicate trait (as Piercing-1 with Piercing-2, C.5)."""
    return [{"traits": [a, b], "section": _D5, "note": "two levels of one trait"}
            for i, a in enumerate(codes) for b in codes[i + 1:]]


_CORE = "a mechanic of the 2025 Core Rulebook, not among the seeds"

#: D2.1's table, row by row (../shared/seeds/002_*.txt lines 269-293): key -> its words, how drydock plays it.
ATTACK_MODIFIERS: dict[str, dict[str, Any]] = {
    "engine_zero": {"quote": "Target's engine rating is zero (unless target is Immobile) +1", "modifier": 1,
                    "played": "played",
                    "reading": "a target whose engine track is fully checked (current engine rating 0); Immobile is "
                               "a ship built without engines (no engine boxes), which takes no bonus"},
    "running_silent": {"quote": "Running Silent (attacker and/or target) -1/-2", "played": "declared", "note": _CORE},
    "cutting": {"quote": "Cutting (optional) -1", "played": "declared", "note": _CORE},
    "inc_vs_tiny": {"quote": "Incapacitating, Non-Phasing, Non-Piercing vs. fighter flight or minefield -1",
                    "played": "unity", "note": "C.5 (Inc, NPr against tiny targets); Unity has no Non-Phasing trait"},
    "seeker_vs_afb": {"quote": "Seeker vs. Anti-Fighter Batteries -1", "played": "unity", "note": "B.1, C.4"},
    "sustained_fire": {"quote": "Sustained firing at same target +1/+2/&c.", "played": "declared", "note": _CORE},
    "sweeping": {"quote": "Sweeping (optional) +1", "played": "declared", "note": _CORE},
    "defensive_fire": {"quote": "Defensive fire (local/area) -1/-2", "played": "declared", "note": _CORE},
    "cloak_or_cm": {"quote": "Target is cloaked & detected or has Countermeasures* -1", "played": "unity",
                    "note": "B.5 and B.6 (Unity's Countermeasures count per level); the footnote's 'only the greater "
                            "penalty' pairs it with Jamming, which is declared"},
    "fire_control": {"quote": "Firing ship has Enhanced Fire Control (if negative modifiers apply) +1",
                     "played": "unity", "note": "B.8 Fire Control (+1 a level, only cancelling negatives)"},
    "flares_asteroids": {"quote": "Flares or asteroid field in line of sight -1 per hex", "played": "unity",
                         "note": "B.9, G.1"},
    "tiny_target": {"quote": "Target is a fighter flight or minefield (unless Accurate) -1", "played": "unity",
                    "note": "4.2, C.5 Accurate"},
    "comet": {"quote": "Cometary coma/tail in line of sight -1 per hex", "played": "unity", "note": "G.3"},
    "jammed": {"quote": "Firing ship is Jammed or Target is defensively Jammed* -1/-2/-3", "played": "declared",
               "note": _CORE},
    "tdar": {"quote": "Target painted by TDAR +1/+2/+3", "played": "declared", "note": _CORE},
    "command_group": {"quote": "Firing ship is part of a valid command group +1", "played": "declared", "note": _CORE},
    "bright_return": {"quote": "Target has Bright Return +1", "played": "declared", "note": _CORE},
}


def pivot_requirement(pivot_class: str, speed: int, divisors: dict[str, Any] | None = None) -> int:
    """C5's thrust per pivot (and C6's hexes between pivots): current speed / the class's divisor, rounded up
    ("a starship with Pivot Class B and current speed 7 adds +3 per pivot (7 / 2.5 = 2.8, rounded up)")."""
    table = divisors or COMPANION_PLAY["pivots"]["divisors"]
    if pivot_class not in table:
        raise ValueError(f"C5: Pivot Class {pivot_class!r} ({', '.join(table)})")
    d = Fraction(str(table[pivot_class]))
    return -(-Fraction(speed) // d)


def declared_attack_modifiers(rows: dict[str, Any] | None = None) -> list[str]:
    """D2.1's rows drydock does not play, each as its words (for the battle reports and the docs)."""
    return [r["quote"] for r in (rows or ATTACK_MODIFIERS).values() if r.get("played") == "declared"]


#: The numbers of the Companion's play rules (a house-rule file may change them: ``play: {companion: ...}``).
COMPANION_PLAY: dict[str, Any] = {
    # D1: "may only be attacked by enemy starships with a combined combat rating of 270 or less" (CR 90).
    "engagement_limit": {"section": "D1", "factor": 3,
                         "quote": "A single target may not be attacked by multiple enemy ships in a single Combat "
                                  "Phase whose combined combat rating is more than three times its own"},
    # D3: "ROLL DAMAGE RESULT 1 Hull & Engine 2 Engine & Weapon 3 Hull & Weapon 4 Weapon & System 5 Hull & System
    # 6 Engine & System". Unity's fourth track is the shields track: a System result marks it.
    "alternate_damage": {"section": "D3", "table": {
        "1": ["hull", "engine"], "2": ["engine", "weapon"], "3": ["hull", "weapon"],
        "4": ["weapon", "shield"], "5": ["hull", "shield"], "6": ["engine", "shield"]}},
    # D5.1: "Proximity 0 weapons make a separate attack against each element (friend or foe) in the target hex"
    # ... "within one / two / three hexes of the target hex". Unity's -1 next to the target hex (C.5) is kept
    # for every element outside it (reading: Proximity 1 is Unity's Proximity).
    "proximity_radius": {"section": "D5.1", "levels": {"Prx0": 0, "Prx": 1, "Prx2": 2, "Prx3": 3}},
    # B1: "a fourth game board section can be added to the game board": the distance between the set-up edges
    # grows by a third (reading: the standard board is three sections end to end).
    "extended_board": {"section": "B1", "sections": [3, 4]},
    # D7.4: "the six DAC locations". D7.1's tracks (``tracks``) are laid out by the 2025 Core Rulebook's SSD rules
    # (p.CR17), which the seeds do not hold. drydock's reading, "hull": each track has one box per hull point and
    # counts down the six locations as A.3 counts down a rating (box k = ceil(6 x (H - k) / H)), each box numbered
    # by the locations it crosses. Evidence: the numbers sum to the six locations, so crossing every box loses every
    # letter; a box holds 2 or more exactly when the hull is under 6 ("hull size 5 or less"); the book's Sycamore
    # (its hull track starts at 8) prints the systems track 0 1 1 1 0 1 1 1, this countdown for hull 8 rounded up
    # as A.3 rounds (6 6 5 4 3 3 2 1), and its weapons track ends with the same five boxes 1 0 1 1 1 though its
    # charts hold nine weapons and eleven system letters: the tracks count locations, not items. The other readings keep
    # Unity's rate of loss (Unity's weapons track has N = max(2, ceil(H/2)) boxes, A.3; a hull-box track loses half
    # as much per Weapon result): "unity-boxes", the six locations counted down over Unity's N boxes (both tracks;
    # 2s up to hull 10); "unity-items", Unity's tracks kept, a weapons box numbered by the items Unity's countdown
    # loses and each System result one systems-DAC die (what drydock played before). bench/bench_d7_tracks.py
    # measures whom D7 for one side favours under each (D7.1 note 3: the standard side, "minor, yet distinct").
    "dac": {"section": "D7.1, D7.4", "locations": 6, "tracks": "hull",
            "quote": "The weapons and systems damage tracks no longer provide a \"countdown\" of how many items "
                     "remain operational. Instead, each box contains a \"0\" or \"1\" (ships of hull size 5 or "
                     "less may have boxes with \"2\" or more)."},
    # D2.1: "Several circumstances can modify the attack roll. These are summarized below." Each row of the table
    # with its words; ``played``: "played" (the engine applies ``modifier`` under the Companion), "unity" (Unity's 4.2
    # table already applies it: not applied twice), "declared" (a mechanic of the 2025 Core Rulebook the seeds do
    # not define: listed as not simulated in every battle under the ruleset).
    "attack_modifiers": {"section": "D2.1", "rows": ATTACK_MODIFIERS},
    # C5: "the thrust required to pivot while conducting Cinematic movement (p.CR15) continues to increase with
    # speed: PIVOT CLASS THRUST REQUIRED A Current Speed / 3 B Current Speed / 2.5 C Current Speed / 2 D Current
    # Speed / 1.5 F Current Speed / 1 [...] Round all fractions up"; C6 the same divisors give the "REQUIRED
    # MOVEMENT" between pivots of Reactionless movement. Data only: Unity designs have no Pivot Class (declared).
    "pivots": {"section": "C5, C6", "divisors": {"A": 3, "B": "5/2", "C": 2, "D": "3/2", "F": 1}},
    # D5.3: a disabled ship is captured by any party aboard; under B.14 Shipboard Combat only once its defenders are
    # gone (until then the parties fight them each End Phase, as aboard a live ship). "any party": the other reading,
    # the first party aboard captures it under B.14 too (drydock.engine.companion_hulk).
    "disabled_capture": {"section": "D5.3", "parties": 1, "shipboard_combat": "defenders eliminated",
                         "quote": "A disabled starship with any boarding parties on board is captured. ... If using "
                                  "the Shipboard Combat option (p.CR30) a ship is not captured until all defending "
                                  "Marine squads have been eliminated."},
}

COMPANION: dict[str, Any] = {
    "name": "Starmada Unity v2.0 + Captain's Companion (2025)",
    "traits": {
        # Replaces Unity's Deadly (x2.0, crew casualties, C.5) under the Companion (D5.3: disabling).
        "Dly": _trait("Deadly", "1.5", note="Companion D5.3 Deadly replaces Unity's x2.0"),
        "Env0": _trait("Enveloping 0", "1.2", note=_READ),
        "Env1": _trait("Enveloping 1", "2.3", note=_READ),
        "Env2": _trait("Enveloping 2", "3.2", note=_READ),
        "Env3": _trait("Enveloping 3", "4.1", note=_READ),
        "Prs": _trait("Persistent", "1.6"),
        "Prx0": _trait("Proximity 0", "1.5", note=_READ),
        # Proximity 1 is the "default" version, Unity's Proximity (x2.0): the same code, Prx.
        "Prx": _trait("Proximity", "2.0", aliases=("Proximity 1", "Prx1"), note=_READ),
        "Prx2": _trait("Proximity 2", "3.0", note=_READ),
        "Prx3": _trait("Proximity 3", "4.0", note=_READ),
        "Slg": _trait("Slag", "1.2"),
        "Sst": _trait("Scattershot", "1.0"),
    },
    # The Companion's play rules: what the battle engine plays under this ruleset (drydock.engine.companion_play).
    "play": {"companion": COMPANION_PLAY},
    "trait_rules": {
        "forbidden_pairs": [
            *UNITY["trait_rules"]["forbidden_pairs"],
            {"traits": ["Dly", "Inc"], "section": _D5},
            {"traits": ["Prs", "Inc"], "section": _D5},
            *_levels(("Env0", "Env1", "Env2", "Env3")),
            *_levels(("Prx0", "Prx", "Prx2", "Prx3")),
        ],
    },
}

#: "Fixing Seekers" (forum post by the rulebook's author): the base BSUR "normally, using the base MA
#: as the Range value" (standard ACC column), then + (BSUR x MA x ROF x 0.2)^0.5. drydock rounds once,
#: at the end, as A.1 rounds every BSUR; the post rounds each step to a tenth (9.8 + 4.8 = 14.6),
#: which gives the same figure on its worked example.
SEEKER_FIX: dict[str, Any] = {
    "name": "Starmada Unity v2.0 + Fixing Seekers (forum proposal)",
    "formulas": {
        "bsur": {"section": "Fixing Seekers",
                 "expr": "L * ROF * (ACC_STD if MA > 0 else ACC) * (IMP + 0.25) * (DMG + 0.60)",
                 "note": "a seeker's base BSUR uses the standard ACC column and MA as the range"},
        "seeking_addition": {"section": "Fixing Seekers", "expr": "sqrt(B * MA * ROF * 0.2 * 10 ** 24) / 10 ** 12",
                             "note": "B is the seeker's BSUR before the addition; (...)^0.5 taken as "
                                     "sqrt(x * 10^24) / 10^12, so the root is exact to 10^-12 and the BSUR's "
                                     "rounding to a tenth is decided by the root, not its approximation"},
    },
}

#: Bundled ruleset name -> (one line description, house-rule data over Unity).
BUNDLED: dict[str, tuple[str, dict[str, Any]]] = {
    "companion": ("Captain's Companion (2025) D5 traits: Deadly x1.5, Enveloping 0-3, Persistent, Proximity 0-3, "
                  "Slag, Scattershot", COMPANION),
    "seeker-fix": ("'Fixing Seekers' forum proposal: base BSUR at MA range + (BSUR x MA x ROF x 0.2)^0.5",
                   SEEKER_FIX),
}
