"""Play rules as data: every number the engine uses, with its rulebook section.

The tables a house rule may change (to-hit range modifiers, impact modifiers, the damage table, battle
sizes and VP targets, and the optional rules' numbers) live in the ruleset's ``play`` table
(:mod:`drydock.core.rules.play_rules`); the names below that mirror them are the book's values, read from there.

Sources: ``play.md`` (chapters 1-5), ``weapons.md`` (4.1, C.5), ``systems.md`` (Appendix B).
Readings the reference marks uncertain carry a comment naming the open question.
"""

from __future__ import annotations

from drydock.core.rules import Ruleset
from drydock.core.rules.companion import declared_attack_modifiers

_BOOK = Ruleset.unity().play

#: 0.1: default board (columns x rows), the book's recommended minimum ("a board 32 hexes across and
#: 18 hexes wide"; the standard board is 32 x 27). Use --board to change.
BOARD = (32, 18)

#: 2.3: deployment depth from the short edge.
DEPLOY_DEPTH = 4
#: 2.3: "No more than three ships may be placed in a single hex." (and flights: "No more than three flights")
DEPLOY_STACK = 3

#: 2.2 battle sizes and VP targets, 4.1 / C.5 range modifiers: ``Ruleset.play`` (battle_sizes, range_modifiers).

#: C.5 Sct / Tls: IMP by band (short, medium, long).
SCATTER_IMP = (3, 2, 1)
TELESCOPIC_IMP = (1, 2, 3)

#: C.5 impact die modifiers: ``Ruleset.play.impact_modifiers``.
#: C.5 NPr: an unshielded target counts as shield 1.
NPR_MIN_SHIELD = 1

#: 4.2 / 4.3: the natural roll that always fails, and the re-roll bonus of the maximum-roll rule
#: (natural 6 re-rolled, re-roll + 5 + modifiers). One re-roll only (play.md open question 6).
NATURAL_FAIL = 1
REROLL_ON = 6
REROLL_BONUS = 5

#: 4.4 damage table of the book (d6 -> "hull" 1-3, "engine" 4, "weapon" 5, "shield" 6); a house-ruled table
#: reaches the dice through ``ShipSpec.damage_table``.
DAMAGE_TABLE = _BOOK.damage_table
#: B.11 Ionized Hull negates damage results of 1.
IONIZED_NEGATES = 1
#: C.5 Dsr: damage dice of 4-6 are recorded and re-rolled until 1-3.
DISRUPTIVE_REROLL_FROM = 4
#: C.5 Rpt: follow-up roll for a second hit (5-6) and a third hit (6), unmodified.
REPEATING_SECOND = 5
REPEATING_THIRD = 6

#: B.18 screens: screens a damage point checks, by trait (base 1).
#: ("roll", lo, hi, delta): roll a die per point, lo..hi -> delta screens; ("add", delta): always.
SCREEN_TRAIT_EFFECTS: dict[str, tuple] = {
    "Cts": ("roll", 4, 6, 1),
    "Dly": ("roll", 4, 6, 1),
    "Dsr": ("add", 1),
    "Knt": ("add", 1),
    "Inc": ("roll", 1, 3, -1),
}

#: C.4: MA per forward hex by the target's A-F arc relative to the seeker (boundary: the lower cost)
SEEKER_HEX_COST = (("AB", 1), ("CD", 2), ("EF", 3))
#: C.4: seekers per flight
FLIGHT_SIZE = 6
#: 4.2 / C.5: tiny-target to-hit modifier (Acr: none; Inc or NPr: -2)
TINY = -1
TINY_INC_NPR = -2
#: B.1 / C.4: Anti-Fighter Batteries, to-hit of seekers attacking the ship
AFB_MODIFIER = -1

#: 5.0-5.4 fighters: flight size, MA, MA per forward hex by declared turns (0-3), hit and loss numbers
FIGHTERS_PER_FLIGHT = 6
FIGHTER_MA = 8
FIGHTER_TURN_COST = (1, 1, 2, 3)
FIGHTER_HIT = 5          # 5-6 hits a ship / kills a fighter or seeker (5.4)
FIGHTER_LOSS_ON = 1      # vs fighters: each 1 kills an attacker (5.4)
FIGHTER_AFB_KILL = 1     # B.1: each 1 kills an attacker of a ship with Anti-Fighter Batteries
MAX_FLIGHTS_PER_HEX = 3  # 2.3

#: B.13 Long Range Sensors: effective range = actual - floor(actual / 3).
LRS_DIVISOR = 3

#: B.10: the warm-up total at which a ship enters hyperspace (the opponent scores half its VPs, rounded up).
HYPERSPACE_AT = 10
#: B.14: marines reach (hexes) and squads per Combat Phase by hull size (hull up to -> squads).
MARINE_RANGE = 5
MARINE_SQUADS = ((3, 2), (8, 3), (15, 4), (24, 5), (35, 6))
#: B.24: tractor beam hit numbers (Combat Phase, and defensive fire in the Fighter Phase).
TRACTOR_HIT = 5
TRACTOR_DEFENCE_HIT = 6
#: B.15: a mine die hits a ship on 5-6; doctrine (not a rule): lay mines once an enemy is this close.
MINE_HIT = 5
MINE_LAY_RANGE = 6
#: B.15: fighter flights (and seekers, C.4) and detected cloaked ships are hit by a mine die only on a 6.
MINE_HIT_SMALL = 6
#: B.17 probes as weapons: "RNG 1-3-6, and are ACC 4+. The ROF, IMP, and DMG values are each 1."
PROBE_WEAPON_STATS = {"range": (1, 3, 6), "rof": 1, "acc": 4, "imp": 1, "dmg": 1}
#: B.20 shuttlecraft: MA 4 (instead of 8), a saving throw of 4+ per hit (-1 per IMP above 1; a 6 always saves).
SHUTTLE_MA = 4
SHUTTLE_SAVE = 4
#: B.9 / B.17: flares and probes are placed within this range; 4 face-up flares in a line of sight block
#: it; a face-up probe helps against targets this close to it.
MARKER_RANGE = 10
FLARES_BLOCK = 4
PROBE_REACH = 3
#: B.19: shockwave reach (hexes).
SHOCKWAVE_REACH = 3
#: B.16: overthrusters turn on a die of 4-6.
OVERTHRUST_ON = 4
#: B.23 doctrine (not a rule): a stutterdrive jump must gain this much score per hex moved (scatter risk).
STUTTER_GAIN = 0.15

#: 3.3 stacking: 1d6 + current engine rating, lowest stays.
#: Traits and systems the engine simulates (weapons.md §7, systems.md §6). Anything else found on a
#: design is listed as "not simulated" in every battle report.
SIMULATED_TRAITS = frozenset({
    "Acr", "Bls", "Crn", "Cts", "Dly", "Dsr", "Dfs", "Dfn", "Exp", "FrL", "Fcs", "Gid", "Inc", "Knt", "Mdl",
    "NPr", "Pr1", "Pr2", "Prx", "Rpt", "Sct", "Slw", "Tls", "Vlt",
})
#: The Captain's Companion's D5 traits, simulated under --rules companion (drydock.engine.companion_play).
COMPANION_TRAITS = frozenset({"Env0", "Env1", "Env2", "Env3", "Prs", "Prx0", "Prx2", "Prx3", "Slg", "Sst"})
#: What the engine leaves out of the Captain's Companion (listed in every battle under --rules companion).
COMPANION_NOT_SIMULATED = (
    "Captain's Companion: a disabled ship (D5.3 Deadly) drifts and can be captured, but takes no further damage (no "
    "fire, area effect, explosion or mine reaches it) and does not stack",
    "Captain's Companion: C5/C6 speed-dependent pivots (Unity has no Pivot Classes); D7.1's track layout is the "
    "Core Rulebook's (p.CR17), not among the seeds: D7 plays drydock's reading of it, as ssd --dac prints it "
    "(play.companion.dac.tracks; by default one box per hull point counting down the six DAC locations)",
    "Captain's Companion: C7a vector movement and C8 naval movement (movement systems of the 2025 Core Rulebook; "
    "Unity movement is played)",
    "Captain's Companion: D2.1 attack modifiers of mechanics the seeds do not define: "
    + "; ".join(declared_attack_modifiers()),
)
#: Traits that are harmless without the part of the game they act in.
TRAIT_NOTES = {
    "Acr": None,  # simulated; only acts against tiny targets, of which there are none
    "Dfn": None,  # simulated against seekers; fighters are not in play
}
SIMULATED_SYSTEMS = frozenset({
    "Countermeasures", "Fire Control", "Long Range Sensors", "Boosters", "Ionized Hull", "Stealth",
    "Hyperdrive", "Marines", "Tractor Beam", "Stutterdrive", "Overthrusters", "Mines", "Cloaking Device",
    "Flares", "Probes", "Shockwave", "Solar Sails",
    "Screens", "Directional Screens", "Directional Shielding", "Anti-Fighter Batteries", "Carrier",
    # B.2 auxiliary services have no direct game effect
    "Cargo", "Hospital", "Repair", "Science", "Transport",
})
#: Systems that exist on designs but need parts of the game the engine does not play.
SYSTEM_NOTES = {
    "Launch Tubes": ("doubles the launch rate of option F.5 (launch and recovery), which is off: flights are "
                     "deployed with their carrier at set-up (2.3), so launch tubes change nothing here; simulated "
                     "with --launch-recovery (B.12)"),
    "Shuttlecraft": "shuttles need option F.5 (launch and recovery), which is off: simulated only with "
                    "--launch-recovery (B.20)",
}
#: F.5 Launch & Recovery (option): flights launched / recovered per game turn by hull size, as
#: (highest hull of the band, launch max, recovery max); B.12 launch tubes double the launch max.
LAUNCH_RECOVERY = ((3, 1, 1), (8, 2, 1), (15, 3, 2), (24, 4, 2), (35, 5, 3))
#: Always listed: parts of the core game the engine never plays (none since fighter sideslips, 5.3, were added).
#: (The optional rules, terrain and scenarios left out are one line of their own, from drydock.core.rules.play_options.)
ALWAYS_NOT_SIMULATED: tuple[str, ...] = ()

#: 2.4 / 3.2: game turn 1 previous speed = engine rating (play.md open question 8: printed rating).
#: AI doctrine value of damage results (expected-damage scoring only; not a rule).
AI_RESULT_VALUE = {"hull": 1.0, "engine": 0.5, "weapon": 0.75, "shield": 0.5}
