"""The play rules the battle engine fights by, as data with their sections: the ruleset's ``play`` table.

``UNITY["play"]`` is this mapping, so a house-rule file overrides any entry (``play: {damage_table:
{"6": hull}}``) for ``rate``, ``battle`` and ``tournament`` alike. :class:`PlayRules` validates it once,
when the ruleset is built. The 2.2 battle sizes (names, fleet limits, VP targets) are
``UNITY["battle_sizes"]``, their one home.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drydock import numbers
from drydock.core.rules.play_ranges import check_play
from drydock.errors import RulesError

#: 2.2: "Battle Size Very Small Small Medium Large Very Large Fleet Limit 400 700 1000 1500 2000 VP Target 240 420
#: 600 900 1200"
BATTLE_SIZES: dict[str, Any] = {
    "section": "2.2",
    "names": ["very small", "small", "medium", "large", "very large"],
    "limits": [400, 700, 1000, 1500, 2000],
    "vp_targets": [240, 420, 600, 900, 1200],
}

PLAY: dict[str, Any] = {
    # 4.2 / C.5: to-hit range modifiers (short, medium, long) by the weapon's range traits ("" = none).
    "range_modifiers": {"section": "4.2, C.5", "table": {
        "": [1, 0, -1], "Dfs": [2, 0, -2], "Fcs": [-1, 0, 1], "Dfs+Fcs": [-2, 0, 2], "Gid": [0, 0, 0]}},
    # C.5: impact die modifiers of the piercing traits.
    "impact_modifiers": {"section": "C.5", "table": {"Pr1": 1, "Pr2": 2, "NPr": -1}},
    # 4.4: "1-3 Hull Hit ... 4 Engine Hit ... 5 Weapon Hit ... 6 Shield Hit".
    "damage_table": {"section": "4.4", "table": {
        "1": "hull", "2": "hull", "3": "hull", "4": "engine", "5": "weapon", "6": "shield"}},
    # 2.2: every VP target is 60% of its fleet limit; battle size "auto" applies it to the larger side's CR.
    "vp_target_ratio": {"section": "2.2", "value": "3/5"},
    # A.1: "No ship may have a shield rating greater than 5"; 4.3: "modifiers may create a situation in which an
    # impact roll cannot succeed; e.g. a -1 modifier against a target with a shield rating of 5. In such cases,
    # re-roll any die that comes up 6 (before modifiers) and add 5, along with any other modifiers." An illegal
    # design fought as written with a shield rating above 5 is played by that maximum-roll rule ("maximum-roll":
    # 6 + 5 = 11 beats a shield of 10 unmodified) up to "highest" (a rating above it is refused before the battle),
    # or refused ("refuse", the other reading: no shield above the ruleset's maximum is played).
    "high_shields": {"section": "A.1, 4.3", "play": "maximum-roll", "highest": 10},
    # ---------------------------------------------------------------- the options' numbers (D, E, G, S)
    # D.1: "each die that comes up 1 or 2 results in the loss of one engine box".
    "emergency_thrust": {"section": "D.1", "loss_up_to": 2},
    # D.3: "Engine Rating 1-2 3-5 6-9 10+ To-Hit Penalty None -1 -2 -3" (lowest engine rating of each band).
    "evasive_penalty": {"section": "D.3", "bands": [[1, 0], [3, -1], [6, -2], [10, -3]]},
    # D.5: "None One Two Three or UTurn ... plus 1 ... plus 3 ... plus 6".
    "freeform_turn_cost": {"section": "D.5", "costs": [0, 1, 3, 6]},
    # E.1: "one-third the number of remaining hull boxes, rounded up"; "4 Engines ... 5 Weapons ... 6 Shields".
    "damage_control": {"section": "E.1", "hull_per_die": 3,
                       "table": {"4": "engine", "5": "weapon", "6": "shield"}},
    # E.2: "The result of each to-hit die is modified by an additional -1 penalty".
    "directed_damage": {"section": "E.2", "to_hit": -1},
    # E.3: "Each die that rolls a 4, 5, or 6 results in one hit against a target in the same hex ... adjacent
    # hexes, a hit is scored on each result of 5 or 6. If the target is tiny, subtract -1". IMP/DMG are not
    # stated: 1 and 1, like mines and asteroid fields (play.md open question 9).
    "explosions": {"section": "E.3", "same_hex": 4, "adjacent": 5, "tiny": -1, "imp": 1, "dmg": 1},
    # E.4: 10% at the first hull box, 20% at a third (rounded up), 20% at two thirds, 50% when destroyed.
    "partial_vp": {"section": "E.4", "first_box": 10, "one_third": 20, "two_thirds": 20, "destroyed": 50},
    # E.6: "+1 to the shield rating against ... the indicated defensive arc, and subtract -1 ... opposing arc".
    "shield_reinforcement": {"section": "E.6", "bonus": 1, "max_shield": 5},
    # E.7: "Hull Size 1-3 4-8 9-15 16-24 25-35 Number of TAGs One Two Three Four Five"; 3 dice per TAG;
    # untagged targets at double range; automatic tagging within 10 hexes.
    "target_acquisition": {"section": "E.7", "tags": [[3, 1], [8, 2], [15, 3], [24, 4], [35, 5]], "dice": 3,
                           "untagged_range_factor": 2, "auto_range": 10},
    # ---------------------------------------------------------------- F: fighter options (F.5 is in tables.py)
    # F.1: "a flight cannot use more than one-half its available movement allowance (MA) in order to intercept".
    "combat_space_patrol": {"section": "F.1", "intercept_ma": "1/2"},
    # F.3: "Number of Fighters 1-3 4-9 10-15 16+ Penalty None -1 -2 -3" (fewest fighters of each band).
    "fighter_screens": {"section": "F.3", "bands": [[1, 0], [4, -1], [10, -2], [16, -3]]},
    # F.4: each variant's fighters per flight, dice per fighter, the die that hits a ship / a fighter flight, its
    # saving throw (heavy: "on a result of 4-6, the hit is ignored", -1 per IMP above 1) and the die that loses a
    # second fighter (light: "on a 1-2, a second fighter is also eliminated"); 0 = none.
    # "field": which variants the carriers field: "doctrine" (the doctrine's mix) or one variant for every flight.
    "fighter_variants": {"section": "F.4", "field": "doctrine", "variants": {
        "assault": {"fighters": 4, "dice": 2, "hit_ship": 5, "hit_flight": 5, "save": 0, "second_loss": 0},
        "bomber": {"fighters": 5, "dice": 1, "hit_ship": 4, "hit_flight": 6, "save": 0, "second_loss": 0},
        "heavy": {"fighters": 4, "dice": 1, "hit_ship": 5, "hit_flight": 5, "save": 4, "second_loss": 0},
        "interceptor": {"fighters": 5, "dice": 1, "hit_ship": 6, "hit_flight": 4, "save": 0, "second_loss": 0},
        "light": {"fighters": 7, "dice": 1, "hit_ship": 5, "hit_flight": 5, "save": 0, "second_loss": 2}}},
    # F.6: "LRFs have a combat rating and VP value of 60"; hyperspace "if the result is a 5 or 6"; "awards the
    # opposing side 50% of its normal VPs". flights_per_side: how many LRF flights each side fields in a test
    # battle (a house rule may change it); the doctrine jumps a flight out at jump_at fighters or fewer.
    "long_range_fighters": {"section": "F.6", "cr": 60, "hyperspace": 5, "escape_vp": "1/2",
                            "flights_per_side": 2, "jump_at": 2},
    # G.1: a field hits ships on 5-6, fighter flights on 6; IMP 1, DMG 1; -1 to hit per field hex crossed.
    "asteroid_field": {"section": "G.1", "hit": 5, "hit_small": 6, "imp": 1, "dmg": 1, "to_hit": -1},
    # G.2: pull by size (1-5) and distance: "Distance 1 2 3 4 5 6 7 8 9-10 11-13 14-17 18-22 23+ 1 X 1 1 0 0 0 0 0 0
    # 0 0 0 Size of Black Hole 2 3 4 X X X 2 X X 1 X X 1 2 X 1 1 3 0 1 2 0 1 1 0 0 1 0 0 0 0 0 0 5 X X X 3 2 1 1 0".
    # Sizes 2-4 read column by column (triples per distance), sizes 1 and 5 as printed, missing trailing
    # distances 0; size 5 shifted so its horizon is at least size 4's (low confidence: the book's example, size 2
    # at distance 5 pulled 2 hexes, fits none of the readings). X (drawn in) = -1. A house rule may replace rows.
    # "row_reading": "shifted" (these rows) or "printed": the rows of "printed" replace theirs, size 5 exactly as the
    # text prints it ("5 X X X 3 2 1 1 0", the rest 0), so a size-5 hole pulls less than a size-4 one
    # (--terrain black-hole-printed, G.2a).
    "black_hole_pull": {"section": "G.2", "confidence": "L", "distances": [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 14, 18, 23],
                        "rows": {"1": [-1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                                 "2": [-1, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
                                 "3": [-1, -1, -1, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0],
                                 "4": [-1, -1, -1, -1, 3, 2, 1, 1, 0, 0, 0, 0, 0],
                                 "5": [-1, -1, -1, -1, -1, 3, 2, 1, 1, 0, 0, 0, 0]},
                        "row_reading": "shifted",
                        "printed": {"5": [-1, -1, -1, 3, 2, 1, 1, 0, 0, 0, 0, 0, 0]}},
    # G.3: coma and tail hexes give -1 to hit each.
    "comet": {"section": "G.3", "to_hit": -1, "tail_length": 6},
    # G.4: "all ranges are increased by 50% (rounded up)"; "any even impact roll ... automatically succeeds".
    "nebula": {"section": "G.4", "range_increase": "1/2"},
    # G.6: "seven altitude levels; 0 through 6"; "all elements begin the game at altitude level 3"; range between
    # altitudes "greater" = max(hexes + difference, 2 x difference) (the book's examples), "doubled" = hexes + 2 x
    # difference (the other reading, --option G.6a). Proximity (C.5: "each element (friend or foe) in the target
    # hex" and "each element adjacent to the target hex, at a -1 penalty"): "Two elements are considered "adjacent"
    # only if they are in adjacent hexes on the game board and are at the same altitude", so next to the target hex
    # only at the target's altitude; in the target hex "hex" = at every altitude (3.3 stacking: ships share a hex
    # "even if the ships are at different altitude levels"), "altitude" = only at the target's (a house rule).
    "three_d": {"section": "G.6", "levels": [0, 6], "start": 3, "range": "greater", "proximity": "hex"},
    # ---------------------------------------------------------------- the optional rules inside Appendix B
    # B.14 Marines, Shipboard Combat (Optional): "During the End Phase, the defending player rolls a number of dice
    # equal to the number of marine squads on the starship ... Roll 1-2 3-5 6 Number of Hits None One Two ... Each
    # hit results in the elimination of an attacking boarding party. After casualties are removed, roll one die on
    # the above chart for each surviving boarding party; each hit eliminates one defending marine squad."
    "shipboard_combat": {"section": "B.14", "hits": {"1": 0, "2": 0, "3": 1, "4": 1, "5": 1, "6": 2}},
    # B.18 Screens, Bleed-Through (Optional): "Roll one die per point of damage inflicted; on a result of 6, that
    # point is not absorbed by screens, and is instead resolved normally." ``passes``: the lowest face that passes.
    "bleed_through": {"section": "B.18", "passes": 6},
    # B.22 Stealth, Battery-Specific Lock-On (Optional): "Instead of rolling once for each attacking starship, roll
    # once per weapons battery. If the lock-on roll fails, none of the weapons from that battery may attack".
    "battery_lock_on": {"section": "B.22", "roll_per": "battery"},
    # Appendix S: fleet limits [attacker (side A), defender (side B)], VP targets and each scenario's numbers.
    # "It is possible to adjust the size of each scenario ... fleet limits and the VP target are adjusted by the
    # same factor": with battle size auto the VP target scales with the sides' CR against these limits.
    "scenarios": {"section": "S", "table": {
        "S.1": {"fleet_limits": [1200, 600], "vp_target": None, "major": 80, "minor": 40},
        "S.2": {"fleet_limits": [1200, 800], "vp_target": 500},
        # S.3: "The game board is 50% longer than that used in a standard scenario (p.12). The attacking side sets
        # up first, followed by the defending side, in the areas shown below" (the map is lost); the attacker "caught
        # up to the rear guard", the defender was "surprised ... from behind": the defender sets up directly ahead
        # of the attacker's area (S.3) or across the middle of the long board (S.3a, the other reading);
        # drydock.engine.options.chase.
        "S.3": {"fleet_limits": [1200, 800], "vp_target": 500, "board_length": "3/2",
                "defender_setup": "rear-guard"},
        "S.3a": {"fleet_limits": [1200, 800], "vp_target": 500, "board_length": "3/2", "defender_setup": "middle"},
        "S.4": {"fleet_limits": [2000, 2000], "vp_target": 1200, "kill_multipliers": [3, 2]},
        "S.5": {"fleet_limits": [1400, 1400], "vp_target": 700, "asteroids": 12},
        "S.6": {"fleet_limits": [1000, 1400], "vp_target": 600},
        "S.7": {"fleet_limits": [1400, 1000], "vp_target": 600, "exit_after": 100},
        # S.8 attacker: "Fleet Limit: 1200; at least one ship must have a combat rating ≥300" (a house rule may
        # lower it)
        "S.8": {"fleet_limits": [1200, 900], "vp_target": 500, "prototype_vp": 2, "prototype_min_cr": 300},
        "S.9": {"fleet_limits": [1000, 1000], "vp_target": 600},
        "S.10": {"fleet_limits": [1200, 1200], "vp_target": 500, "max_cr": 150},
        "S.11": {"fleet_limits": [1200, 1600], "vp_target": 600, "reinforce_at": 7, "early_kill_vp": 2},
        "S.12": {"fleet_limits": [1400, 1000], "vp_target": 600, "defender_vp": 2},
    }},
}


def _fraction(value: Any, where: str) -> Fraction:
    try:  # the one bounded parser: 1e99999999 is refused before its power of ten is built
        return Fraction(numbers.parse(value))
    except numbers.NumberError as exc:
        raise RulesError(f"rules entry {where}: expected a number or a fraction like 3/5 ({exc}), got "
                         f"{str(value)[:24]!r}") from None


def _ints(value: Any, n: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n or not all(type(v) is int for v in value):
        raise RulesError(f"rules entry {where}: expected a list of {n} whole numbers")
    return tuple(value)


@dataclass(frozen=True)
class PlayRules:
    """The ``play`` table checked and indexed (every number exact)."""

    raw: dict[str, Any]
    range_modifiers: dict[frozenset[str], tuple[int, int, int]]
    impact_modifiers: dict[str, int]
    damage_table: dict[int, str]
    vp_target_ratio: Fraction
    battle_sizes: dict[str, tuple[int, int]]  # "very-small" -> (fleet limit, VP target)
    #: (name as the book prints it, fleet limit, VP target), smallest first (2.2)
    size_table: tuple[tuple[str, int, int], ...] = ()

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    @classmethod
    def from_data(cls, play: dict[str, Any], sizes: dict[str, Any]) -> PlayRules:
        check_play(play, sizes)  # every entry's keys, types and sanity ranges (play_ranges.PLAY_RANGES)
        try:
            mods: dict[frozenset[str], tuple[int, int, int]] = {}
            for key, row in play["range_modifiers"]["table"].items():
                traits = frozenset(t for t in str(key).split("+") if t)
                short, medium, long = _ints(row, 3, f"play.range_modifiers.table.{key}")
                mods[traits] = (short, medium, long)
            imp = {}
            for k, v in play["impact_modifiers"]["table"].items():
                if type(v) is not int:
                    raise RulesError(f"rules entry play.impact_modifiers.table.{k}: expected a whole number")
                imp[str(k)] = v
            table = {}
            for k, v in play["damage_table"]["table"].items():
                if str(k) not in {"1", "2", "3", "4", "5", "6"} or v not in ("hull", "engine", "weapon", "shield"):
                    raise RulesError(f"rules entry play.damage_table.table.{k}: expected faces 1-6 -> hull, "
                                     f"engine, weapon or shield")
                table[int(k)] = v
            if set(table) != set(range(1, 7)):
                raise RulesError("rules entry play.damage_table.table: every face 1-6 needs a result")
            ratio = _fraction(play["vp_target_ratio"]["value"], "play.vp_target_ratio.value")
            names, limits, vps = sizes.get("names"), sizes.get("limits"), sizes.get("vp_targets")
            if not (isinstance(names, list) and isinstance(limits, list) and isinstance(vps, list)
                    and len(names) == len(limits) == len(vps)):
                raise RulesError("rules entry battle_sizes: names, limits and vp_targets must be lists of one "
                                 "length")
            by_name = {"-".join(str(n).split()): (int(li), int(v)) for n, li, v in zip(names, limits, vps,
                                                                                       strict=True)}
        except (KeyError, TypeError, AttributeError) as exc:
            raise RulesError(f"rules entry play: missing or malformed ({exc})") from None
        if frozenset() not in mods:
            raise RulesError("rules entry play.range_modifiers.table: the row \"\" (no range trait) is needed")
        rows = tuple((str(n), int(li), int(v)) for n, li, v in zip(names, limits, vps, strict=True))
        return cls(play, mods, imp, table, ratio, by_name, rows)


__all__ = ["BATTLE_SIZES", "PLAY", "PlayRules"]
