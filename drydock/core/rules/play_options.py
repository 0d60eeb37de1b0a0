"""Every optional rule (Appendices D, E, F), terrain type (G) and scenario (S) of the Unity rulebook as data.

One entry per section: its name, a one-line summary from the rule text, whether the battle engine
simulates it, and what it needs or excludes. ``drydock rules options`` prints this table; ``battle``
and ``tournament`` accept its sections with ``--option``, ``--scenario`` and ``--terrain``. The numbers
an option plays by live in the ruleset's ``play`` table (:mod:`drydock.core.rules.play_rules`), so a
house-rule file can change them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drydock.core.suggest import did_you_mean
from drydock.errors import DrydockError


@dataclass(frozen=True)
class PlayOption:
    section: str
    name: str
    kind: str  # "equipment", "movement", "combat", "fighter", "terrain", "scenario"
    summary: str
    simulated: bool
    note: str = ""
    #: sections this one needs in play (E.3 needs B.9 flares, a system the engine always plays)
    requires: tuple[str, ...] = ()
    #: sections it may not be combined with, each with the reason
    excludes: dict[str, str] = field(default_factory=dict)
    #: what of the section's text the engine leaves out, declared: every report of a battle with it in force lists
    #: it as not simulated (``not_simulated_lines``)
    left_out: tuple[str, ...] = ()

    @property
    def variant(self) -> bool:
        """A variant the rule text offers inside a section (D.2z, D.8r, E.5r, E.7a), not a section of its own."""
        return self.section[-1].isalpha()

    def to_dict(self) -> dict[str, object]:
        return {"section": self.section, "variant": self.variant, "name": self.name, "kind": self.kind,
                "summary": self.summary,
                "simulated": self.simulated, "note": self.note, "requires": list(self.requires),
                "excludes": dict(self.excludes), "left_out": list(self.left_out)}


_EDGE_SCENARIOS = {"S.2": "S.2 scores ships that leave by the attacker's edge; a floating board has none (D.4)",
                   "S.3": "S.3 scores ships that leave by the far edge; a floating board has none (D.4)",
                   "S.3a": "S.3a scores ships that leave by the far edge; a floating board has none (D.4)",
                   "S.7": "S.7 scores ships that leave by the defender's edge; a floating board has none (D.4)"}

#: What the engine leaves out of the terrain text (issue 37), declared in every report of a battle with that terrain.
_FLIGHTS_3D = ("with G.6 three-dimensional play, fighter flights choose their moves without regard to terrain (they "
               "still suffer it)")
_DOCTRINE_SIGHT = ("a ship's doctrine picks its targets among those in sight, but does not move to open or close a "
                   "line of sight")
_NO_PULL_DOCTRINE = ("a ship's doctrine weighs the next End Phase's pull and never ends a move where the pull draws it "
                     "in or holds it until it does (three turns ahead, an enemy pulled into its way included) while "
                     "an order gets away: a ship without engines, drifting, is still drawn in")
#: Appendix S: "Set up as for a standard scenario (p.12)": players place their ships; drydock mirrors a fixed set-up.
_SETUP = ("the scenario's own set-up: each side's ships are placed by the mirrored standard set-up (2.3) or a "
          "--deployment plan (S.3's defender in its chase columns), not where the scenario's map would put them")

#: The sections the battle engine simulates (a one-line change when one more is implemented).
SIMULATED = frozenset({
    "D.2", "D.2z", "D.3", "D.4", "D.5", "E.1", "E.2", "E.3", "E.4", "E.5", "E.5r", "E.6", "E.7", "E.7a",
    "F.1", "F.2", "F.3", "F.4", "F.5", "F.6", "F.7", "D.1", "D.6", "D.8", "D.8r", "S.2", "S.7",
    "G.1", "G.2", "G.2a", "G.3", "G.4", "G.5", "S.1", "S.4", "S.5", "S.6", "S.8", "S.9", "S.10", "S.11", "S.12",
    "D.7", "D.9", "S.3", "S.3a", "G.6", "G.6a", "B.14", "B.18", "B.22"})

OPTIONS: tuple[PlayOption, ...] = (
    # ------------------------------------------------------------------ Appendix B: the optional rules inside it
    # The section is the equipment's (B.14 Marines, B.18 Screens, B.22 Stealth): each holds one optional rule.
    PlayOption("B.14", "Shipboard Combat", "equipment",
               "B.14 Marines' option: defending squads are not sacrificed 1:1 as boarders land; End Phase: a die per "
               "defending squad (1-2 none, 3-5 one, 6 two hits, each kills a boarding party), then a die per "
               "surviving party kills defenders; no capture while a defending squad remains", "B.14" in SIMULATED,
               "play.shipboard_combat; the doctrine boards a ship whose defenders its parties can outfight: it counts "
               "the defending squads at 5/6 of a hit per die (the chart's mean), not 1:1; a ship struck by Deadly "
               "weapons still sacrifices squads for casualties"),
    PlayOption("B.18", "Bleed-Through", "equipment",
               "B.18 Screens' option: a die per damage point inflicted into screens; on a 6 the point is not "
               "absorbed and is rolled on the damage chart (with the weapon's traits)", "B.18" in SIMULATED,
               "play.bleed_through; wherever screens absorb damage (weapons fire and seekers); the dice are rolled "
               "before the screen-trait dice; the doctrine does not weigh screens in either game"),
    PlayOption("B.22", "Battery-Specific Lock-On", "equipment",
               "B.22 Stealth's option: the lock-on dice are rolled per weapons battery, not per attacking ship; a "
               "failed roll stops only that battery", "B.22" in SIMULATED,
               "play.battery_lock_on; each battery firing at a stealth ship rolls as it fires (a fire-linked "
               "volley once); the doctrine does not weigh stealth in either game"),
    # ------------------------------------------------------------------ Appendix D: movement options
    PlayOption("D.1", "Emergency Thrust", "movement",
               "'E/' doubles the engine rating for the requirement; End Phase: a die per unchecked engine box, "
               "each 1-2 checks one", "D.1" in SIMULATED,
               "the doctrine thrusts when the best order thrust opens outscores its best ordinary order by more than "
               "the engine boxes it expects to lose"),
    PlayOption("D.2", "Etheric Drag", "movement",
               "the previous speed is halved (rounded down) in the engine requirement", "D.2" in SIMULATED),
    PlayOption("D.2z", "Etheric Drag (maximised)", "movement",
               "variant of D.2: the previous speed counts as 0 in the engine requirement", "D.2z" in SIMULATED,
               excludes={"D.2": "D.2z is the maximised form of D.2; choose one"}),
    PlayOption("D.3", "Evasive Action", "movement",
               "'Z/' doubles the requirement; attacks by and against the ship -1/-2/-3 by its engine rating "
               "3-5/6-9/10+ (the worse of two evaders only)", "D.3" in SIMULATED,
               "the doctrine evades when the exchange of fire at the end of its orders is against it and the doubled "
               "requirement is legal"),
    PlayOption("D.4", "Floating Game Board", "movement",
               "the board floats so that no ship leaves it", "D.4" in SIMULATED,
               "the board is unbounded (the proviso that a float may not push another element off is moot)",
               excludes=_EDGE_SCENARIOS),
    PlayOption("D.5", "Freeform Turns", "movement",
               "requirement = speed difference + 0/1/3/6 for 0/1/2/3-or-U turns; slips never reduce later "
               "requirements", "D.5" in SIMULATED),
    PlayOption("D.6", "Graded Turns", "movement",
               "forward segments between turns differ by at most one (an implied 0 before a leading turn)",
               "D.6" in SIMULATED, "the doctrine takes the best-scoring graded order of its menu"),
    PlayOption("D.7", "Rolls", "movement",
               "'@/' costs +3 requirement, -1 per one-hexside turn; swaps arcs A/B, C/D, E/F, H/I, J/K and "
               "port/starboard", "D.7" in SIMULATED,
               "an inverted ship plays as its design's mirror image; the doctrine rolls when its best order with "
               "the arcs swapped outscores its best order without (a damaged side turned away, a stronger side or "
               "better arc brought to bear)"),
    PlayOption("D.8", "Sequential Movement", "movement",
               "ships move one at a time, alternating (3.1), each knowing where earlier ships went", "D.8" in SIMULATED,
               "each ship's orders are chosen as it moves, from where the ships moved before it are; prefixes of the "
               "Orders Phase (cloak, hyperdrive) are kept"),
    PlayOption("D.8r", "Random Movement Initiative", "movement",
               "variant of D.8: a shuffled red/black deck decides which side moves next", "D.8r" in SIMULATED,
               requires=("D.8",)),
    PlayOption("D.9", "Towing", "movement",
               "'T/': ships in one hex, same speed and heading, tow a friend at ceil(sum(hull x ER of towers) / "
               "sum of hulls)", "D.9" in SIMULATED,
               "a ship with no engine rating left drifts off the board (3.2, 3.3); a friend meets it (within two "
               "moves) in its hex at its speed and heading, then tows it ('T/') to a stop on the board; a second "
               "friend joins when one tower cannot stop the drift on the board and the two tow faster; the towed "
               "ship rolls for mines and terrain on its tower's path"),
    # ------------------------------------------------------------------ Appendix E: combat options
    PlayOption("E.1", "Damage Control", "combat",
               "End Phase: ceil(unchecked hull / 3) repair dice; 4 engine, 5 weapons, 6 shields; one box per "
               "track", "E.1" in SIMULATED,
               "weapons and equipment come back most valuable first (loss limits may be contravened)"),
    PlayOption("E.2", "Directed Damage", "combat",
               "-1 to hit; each damage die may be re-rolled once (not Dsr, not fighters)", "E.2" in SIMULATED,
               "the doctrine re-rolls faces worth less than a fresh die (hull counts double against a target with "
               "a third of its hull left) and directs a volley when that outweighs the -1; the -1 is not a "
               "penalty fire control cancels (reading)"),
    PlayOption("E.3", "Explosions", "combat",
               "a destroyed ship rolls hull-size dice at each element within one hex (same hex 4+, adjacent 5+, "
               "tiny -1), then leaves a face-down flare", "E.3" in SIMULATED,
               "a ship destroyed by a fighter attack explodes at once, before the next flight activates; a ship with "
               "any crew casualty (Deadly, C.5) does not explode", requires=("B.9",)),
    PlayOption("E.4", "Partial Victory Points", "combat",
               "10% of VPs at the first hull box, +20% at a third, +20% at two thirds, +50% when destroyed",
               "E.4" in SIMULATED),
    PlayOption("E.5", "Sequential Combat", "combat",
               "the damage of each attacking ship takes effect at once; explosions follow at once", "E.5" in SIMULATED,
               "fighters and seekers killed by weapons fire still go at the End Phase"),
    PlayOption("E.5r", "Random Combat Initiative", "combat",
               "variant of E.5: a shuffled red/black deck decides which side attacks next", "E.5r" in SIMULATED),
    PlayOption("E.6", "Shield Reinforcement", "combat",
               "+1 shield in one defensive arc, -1 in the opposite (not at shield 0 or 5)", "E.6" in SIMULATED,
               "the doctrine reinforces the arc facing the nearest enemy"),
    PlayOption("E.7", "Target Acquisition", "combat",
               "TAGs by hull 1/2/3/4/5; 3d6 >= distance tags; untagged targets count at double range",
               "E.7" in SIMULATED,
               "the doctrine tags the nearest enemies in sight, one TAG each in turn; it does not weigh the doubled "
               "range when it chooses where to move"),
    PlayOption("E.7a", "Target Acquisition (automatic)", "combat",
               "variant of E.7: TAGs placed without a roll, within 10 hexes", "E.7a" in SIMULATED,
               excludes={"E.7": "E.7a is the automatic variant of E.7; choose one"}),
    # ------------------------------------------------------------------ Appendix F: fighter options
    PlayOption("F.1", "Combat Space Patrol", "fighter",
               "a flight on station intercepts an enemy flight entering a hex, using up to half its MA",
               "F.1" in SIMULATED,
               "a flight with no attack in reach goes on station within 2 hexes of a friendly ship that enemy fighters "
               "could strike or seekers fly at (else it joins that ship); the patrol with most fighters intercepts at "
               "the first hex it can"),
    PlayOption("F.2", "Dogfights", "fighter",
               "a flight may enter an enemy flight's hex and attack; both are pinned until one is gone",
               "F.2" in SIMULATED,
               "a lone enemy fighter flight is worth its kills plus the strike on our ships that pinning it prevents; "
               "patrols dogfight the flights they intercept"),
    PlayOption("F.3", "Fighter Screens", "fighter",
               "screening flights give -1/-2/-3 to attacks through their hex by 4-9/10-15/16+ fighters",
               "F.3" in SIMULATED,
               "a flight with no attack in reach (and no patrol to fly) screens the friendly ship nearest the enemy "
               "when that raises the penalty; screens penalise all attacks through the hex: ship weapons fire at "
               "ships, flights and seekers (Defensive fire too), and fighter attacks (not a Proximity volley's rolls)"),
    PlayOption("F.4", "Fighter Variants", "fighter",
               "assault, bomber, heavy, interceptor and light flights", "F.4" in SIMULATED,
               "chosen at battle time (no CR change): the doctrine fields one interceptor per enemy fighter flight "
               "(at most half its own), the rest bombers; play.fighter_variants.field in a house rule fixes one "
               "variant"),
    PlayOption("F.5", "Launch & Recovery", "fighter",
               "flights start aboard; launch 1-5 and recover 1-3 a turn by hull size", "F.5" in SIMULATED),
    PlayOption("F.6", "Long Range Fighters", "fighter",
               "carrier-less flights worth 60 CR/VP each; hyperspace on 5-6", "F.6" in SIMULATED,
               "each side fields play.long_range_fighters.flights_per_side (2) flights by its first ship, their CR "
               "added to its own; a flight down to 2 fighters tries to jump out (its foe scores 30 VP, not 60)",
               excludes={"S.1": "S.1's defender is one ship alone in the dark; F.6 gives each side long range "
                                "fighters"}),
    PlayOption("F.7", "Random Fighter Initiative", "fighter",
               "a shuffled red/black deck decides which side activates a flight next", "F.7" in SIMULATED),
    # ------------------------------------------------------------------ Appendix G: terrain
    PlayOption("G.1", "Asteroids", "terrain",
               "an asteroid destroys what enters it (ships, flights, seekers) and blocks sight; a field (size 1-5) "
               "hits ships on 5-6, flights and seekers on 6, per hex entered, IMP 1 DMG 1, -1 to hit per field hex "
               "on the line of sight", "G.1" in SIMULATED,
               "placed at random between the set-up areas; ships and fighter flights steer round asteroids, and of "
               "equally good moves take the one rolling the fewest field dice; a hidden cloaked ship's field hits "
               "wait until it is seen; a starship weapon's line of sight counts the target's hex (4.1), at ships, "
               "flights, seekers and minefields alike",
               left_out=(_FLIGHTS_3D, _DOCTRINE_SIGHT)),
    PlayOption("G.2", "Black Holes", "terrain",
               "an event horizon (size 1-5) destroys what enters it and blocks sight; End Phase pull of every "
               "element and minefield by the size x distance table", "G.2" in SIMULATED,
               "the pull table is scrambled in the text: the reading in the ruleset (play.black_hole_pull) is low "
               "confidence, a house rule may replace its rows; G.2a reads size 5 as printed; opposing elements "
               "equidistant: a die decides which side moves first; ships weigh the pull like any other hazard and "
               "fighter flights never end a move where the pull would carry them into the event horizon",
               left_out=(_NO_PULL_DOCTRINE, _FLIGHTS_3D),
               excludes={"G.1": "black holes are not used with other terrain (G.2)",
                         "G.3": "black holes are not used with other terrain (G.2)",
                         "G.4": "black holes are not used with other terrain (G.2)",
                         "G.5": "black holes are not used with other terrain (G.2)"}),
    PlayOption("G.2a", "Black Holes (size 5 as printed)", "terrain",
               "variant of G.2: the pull table's size-5 row as the text prints it (X X X 3 2 1 1 0), not shifted "
               "past size 4's", "G.2a" in SIMULATED, "--terrain black-hole-printed[:SIZE]: the other reading of "
               "the scrambled table (play.black_hole_pull.printed)",
               left_out=(_NO_PULL_DOCTRINE, _FLIGHTS_3D),
               excludes={"G.2": "G.2a is G.2 with the other reading of the pull table; choose one",
                         "G.1": "black holes are not used with other terrain (G.2)",
                         "G.3": "black holes are not used with other terrain (G.2)",
                         "G.4": "black holes are not used with other terrain (G.2)",
                         "G.5": "black holes are not used with other terrain (G.2)"}),
    PlayOption("G.3", "Comets", "terrain",
               "a nucleus destroys what enters it and blocks; coma and tail hexes give -1 to hit each; the tail "
               "follows the solar wind (B.21) when a ship has sails", "G.3" in SIMULATED,
               left_out=(_FLIGHTS_3D, _DOCTRINE_SIGHT)),
    PlayOption("G.4", "Nebulae", "terrain",
               "ranges +50% (rounded up; long range sensors cancel it), even impact rolls always succeed, "
               "cloaked ships detected", "G.4" in SIMULATED,
               "every impact roll: ship weapons, fighters, seekers, mines, asteroid fields, explosions, shockwaves"),
    PlayOption("G.5", "Planets", "terrain",
               "a planet (size 1-5) destroys what enters it and blocks sight", "G.5" in SIMULATED,
               "orbits ('1[6]1(8)' orders, turns free while next to the planet): the doctrine orbits when its pose "
               "score rates a run in, an orbit and a run out higher than its own choice",
               left_out=("the doctrine does not orbit under G.6 three-dimensional play (it plans altitude changes)",
                         _FLIGHTS_3D, _DOCTRINE_SIGHT)),
    PlayOption("G.6", "Three-Dimensional Play", "terrain",
               "altitudes 0-6, all from 3; a change moves a hex forward, +2 speed, +1 requirement; range = the "
               "greater of hexes + altitude difference and twice the difference", "G.6" in SIMULATED,
               "--terrain three-d; the doctrine spends forward hexes on altitude changes that bring "
               "the range to the nearest enemy nearer its preferred range; explosions reach the same altitude only; "
               "boarding and shockwaves use the range between altitudes; fighter and seeker flights keep an altitude "
               "(their launcher's at launch), pay a hex of movement per level changed while they fly at their "
               "target's altitude, and attack only at it; fire, tractor beams and shockwaves reach them over the "
               "range between altitudes"),
    PlayOption("G.6a", "Three-Dimensional Play (doubled difference)", "terrain",
               "variant of G.6: range = hexes + twice the altitude difference (the book's examples contradict it)",
               "G.6a" in SIMULATED, "--terrain three-d-doubled: the other parse of the range sentence",
               excludes={"G.6": "G.6a is G.6 with the other reading of the range; choose one"}),
    # ------------------------------------------------------------------ Appendix S: scenarios
    PlayOption("S.1", "Alone in the Dark", "scenario",
               "one defender (CR 400-600) against twice its CR; VPs not scored: the survivors' CR decides",
               "S.1" in SIMULATED,
               "side B is the lone defender", left_out=(_SETUP,)),
    PlayOption("S.2", "Breakout", "scenario",
               "the defender scores its ships that leave by the attacker's edge; 500 VP", "S.2" in SIMULATED,
               "side B, the defender, runs for side A's edge from the start (the fastest legal exit, else the order "
               "ending nearest it); a side gone before either reaches the target: the VPs decide (reading)",
               excludes={"D.4": _EDGE_SCENARIOS["S.2"]}, left_out=(_SETUP,)),
    PlayOption("S.3", "The Chase", "scenario",
               "a board 50% longer; the defender scores its ships that leave by the far edge; 500 VP",
               "S.3" in SIMULATED,
               "the set-up map is lost ('in the areas shown below'): side A, the attacker, sets up at its west edge, "
               "side B in the four columns ahead of it ('caught up to the rear guard'), all heading east, on a board "
               "50% longer; side B runs for the east edge from the start, side A gives chase (reading; S.3a is "
               "the other)",
               excludes={"D.4": _EDGE_SCENARIOS["S.3"]}, left_out=(_SETUP,)),
    PlayOption("S.3a", "The Chase (defender in the middle)", "scenario",
               "variant of S.3: the defender sets up across the middle of the long board", "S.3a" in SIMULATED,
               "the other reading of the lost map: side B starts about half a standard board ahead of side A",
               excludes={"D.4": _EDGE_SCENARIOS["S.3a"]}, left_out=(_SETUP,)),
    PlayOption("S.4", "Fleet Action", "scenario",
               "first ship destroyed worth x3, second x2; 1200 VP", "S.4" in SIMULATED, left_out=(_SETUP,)),
    PlayOption("S.5", "Hide & Seek", "scenario",
               "a dozen asteroids scattered mid-board (G.1); 700 VP", "S.5" in SIMULATED,
               "the marked area is lost from the text: the asteroids go between the set-up areas", left_out=(_SETUP,)),
    PlayOption("S.6", "Hit & Run", "scenario",
               "the attacker scores a ship in full once it has lost more than half its hull, nothing more; "
               "600 VP", "S.6" in SIMULATED,
               "side A is the attacker", left_out=(_SETUP,)),
    PlayOption("S.7", "On Patrol", "scenario",
               "the defender scores its ships leaving by its own edge once it has 100 VP; 600 VP",
               "S.7" in SIMULATED,
               "side B, the defender, fights until it has 100 VP for destroying enemies, then runs for its own edge",
               excludes={"D.4": _EDGE_SCENARIOS["S.7"]}, left_out=(_SETUP,)),
    PlayOption("S.8", "The Shakedown Cruise", "scenario",
               "the attacker's highest-CR ship is a prototype: a die at its first attack gives -1/+1 to hit, "
               "-1/+1 ER; its loss scores double; 500 VP", "S.8" in SIMULATED,
               "side A is the attacker; it needs a ship of CR 300 or more (play.scenarios.table.S.8)",
               left_out=(_SETUP,)),
    PlayOption("S.9", "Storms in Space", "scenario",
               "a die each End Phase: random headings / no turns / nothing / -1 and no long range / no attacks; "
               "600 VP", "S.9" in SIMULATED,
               "no turns: ships and fighter flights alike; a random heading turns a pivoted facing with it",
               left_out=(_SETUP,)),
    PlayOption("S.10", "Tin Can Dustup", "scenario",
               "no ship above CR 150; 500 VP", "S.10" in SIMULATED, left_out=(_SETUP,)),
    PlayOption("S.11", "To the Rescue", "scenario",
               "the defender in two halves; the second arrives when its End Phase dice total 7; attackers lost "
               "before that score double; 600 VP", "S.11" in SIMULATED,
               "side B is the defender; the Reinforcements area is lost from the text: they arrive in the set-up "
               "area of side B", left_out=(_SETUP,)),
    PlayOption("S.12", "The Trap", "scenario",
               "the defender scores double VPs; 600 VP", "S.12" in SIMULATED,
               "side A is the attacker; the set-up areas are lost from the text: a standard set-up",
               left_out=(_SETUP,)),
)

#: The Captain's Companion's optional rules (``--option CC.D7`` ...), in force only under ``--rules companion``
#: (a ruleset whose ``play`` table has the ``companion`` entry): drydock.engine.companion_play plays them. They
#: are not counted with the Unity rulebook's sections above.
_NO_PIVOT_CLASS = ("not simulated: the seed defines the pivot table in full (current speed / the Pivot Class's "
                   "divisor, rounded up: play.companion.pivots), but Pivot Classes A-F and the Cinematic/Reactionless "
                   "systems it modifies are the 2025 Core Rulebook's (p.CR15), not among the seeds; a Unity design "
                   "carries no Pivot Class and no stated reading gives it one, and a Unity turn costs by the 3.2 "
                   "requirement")
_CORE_MOVEMENT = ("not simulated: a movement system of the 2025 Core Rulebook, which replaces Unity's 3.0 movement "
                  "(orders, thrust, turns) rather than adding to it; the doctrine plans Unity orders")
#: D7.1 note 3: "It is possible for one side to use the standard rules and the other to use this option--the player
#: using the standard system will have a minor, yet distinct, advantage."
_ONE_SIDE = "D7.1 note 3: one side may use the standard rules and the other this option"
#: options that give one side a rule: a battle's choice, refused by ``tournament`` (its sides are file order)
ONE_SIDE_OPTIONS = frozenset({"CC.D7a", "CC.D7b"})
COMPANION_OPTIONS: tuple[PlayOption, ...] = (
    PlayOption("CC.B1", "Extended Game Board", "companion",
               "a fourth game board section: the distance between the set-up edges grows by a third (rounded up)",
               True, "reading: the standard board is three sections end to end; the width is unchanged"),
    PlayOption("CC.C5", "Cinematic Movement pivots", "companion",
               "pivot thrust = current speed / 3, 2.5, 2, 1.5, 1 by Pivot Class A-F, rounded up", False,
               _NO_PIVOT_CLASS),
    PlayOption("CC.C6", "Reactionless Movement pivots", "companion",
               "forward hexes between pivots = current speed / 3, 2.5, 2, 1.5, 1 by Pivot Class, rounded up", False,
               _NO_PIVOT_CLASS),
    PlayOption("CC.C7a", "Vector Movement (alternate)", "companion",
               "thrust vectors in directions A-F, consolidated with the ship's existing vectors (C7a.2); no EOM marker",
               False, _CORE_MOVEMENT + " (C7a: 'This system requires use of the \"A-F\" rosette printed on the game "
               "board (p.CR3)')"),
    PlayOption("CC.C8", "Naval Movement", "companion",
               "speed not tracked; thrust = 1 a hex forward, the first pivot free, PP/SS 1, U 2 (C8.2)", False,
               _CORE_MOVEMENT + " (C8: 'Except as noted below, rules C1 through C4 remain unchanged': C1-C4 are the "
               "Core Rulebook's)"),
    PlayOption("CC.D1", "Engagement Limit", "companion",
               "a target may not be attacked in one Combat Phase by ships whose combined CR exceeds 3x its own",
               True, "the doctrine declares fire only at targets still under the limit; fighters and mines are exempt"),
    PlayOption("CC.D3", "Alternate Damage Table", "companion",
               "each damage die marks two tracks: 1 hull & engine, 2 engine & weapon, 3 hull & weapon, 4 weapon & "
               "system, 5 hull & system, 6 engine & system", True,
               "Unity's shields track is the system track"),
    PlayOption("CC.D7", "Random Damage Allocation", "companion",
               "a crossed weapons (systems) track box rolls the dice it holds (D7.1: 0 or 1, 2+ at hull 5 or less) on "
               "the weapons (systems) DAC; a location rolled again shifts one to the right; damage control erases a "
               "location (D7.3)", True,
               "reading (play.companion.dac.tracks): one box per hull point counting down the six locations; a "
               "System result crosses a systems box and Unity's shields box"),
    PlayOption("CC.D7a", "Random Damage Allocation (side A only)", "companion",
               "variant of CC.D7: side A's ships lose items by their DACs, side B's by the standard loss limits",
               True, _ONE_SIDE, excludes={"CC.D7": "CC.D7a is CC.D7 for one side; choose one",
                                          "CC.D7b": "CC.D7 for both sides is --option CC.D7"}),
    PlayOption("CC.D7b", "Random Damage Allocation (side B only)", "companion",
               "variant of CC.D7: side B's ships lose items by their DACs, side A's by the standard loss limits",
               True, _ONE_SIDE, excludes={"CC.D7": "CC.D7b is CC.D7 for one side; choose one",
                                          "CC.D7a": "CC.D7 for both sides is --option CC.D7"}),
)

BY_SECTION: dict[str, PlayOption] = {o.section: o for o in OPTIONS + COMPANION_OPTIONS}

#: B.9 flares, required by E.3, is a system the engine always plays.
ALWAYS_IN_PLAY = frozenset({"B.9"})


def _norm(section: str) -> str:
    s = section.strip().upper()
    return s[:-1] + s[-1].lower() if s and s[-1] in "ZRAB" and len(s) > 3 else s


def lookup(section: str, kind: str | None = None) -> PlayOption:
    """The entry for ``section`` ("E.1", "e.1"), or a DrydockError naming it and the known sections."""
    entry = BY_SECTION.get(_norm(section))
    if entry is None or (kind is not None and entry.kind != kind) or (kind is None and entry.kind == "scenario"):
        wanted = [o.section for o in OPTIONS if (o.kind == kind if kind else o.kind != "scenario")]
        what = "scenario" if kind == "scenario" else "optional rule"
        raise DrydockError(f"unknown {what} {section[:20]!r}{did_you_mean(_norm(section), wanted)} "
                           f"(drydock rules options lists them)")
    return entry


def check_combination(options: list[str], scenario: str | None = None,
                      terrain: list[str] | None = None) -> tuple[str, ...]:
    """The sections in force (sorted, deduplicated) after refusing unknown or contradictory ones by name."""
    chosen = [lookup(s) for s in options]
    if scenario:
        chosen.append(lookup(scenario, "scenario"))
    for t in terrain or ():
        chosen.append(lookup(t, "terrain"))
    sections = {o.section for o in chosen}
    for o in chosen:
        if not o.simulated:
            why = o.note.removeprefix("not simulated: ") if o.note.startswith("not simulated") else "not yet"
            raise DrydockError(f"{o.section} {o.name} is not simulated ({why}); drydock rules options lists "
                               "what is")
        for need in o.requires:
            if need not in sections and need not in ALWAYS_IN_PLAY:
                raise DrydockError(f"{o.section} {o.name} needs {need} {BY_SECTION[need].name} (--option {need})")
        for other, why in o.excludes.items():
            if other in sections:
                raise DrydockError(f"{o.section} and {other} cannot be combined: {why}")
    return tuple(sorted(sections, key=section_key))


def section_key(section: str) -> tuple[str, int, str]:
    letter, _, rest = section.partition(".")
    digits = "".join(ch for ch in rest if ch.isdigit())
    return letter, int(digits or 0), rest[len(digits):]


def counts() -> dict[str, tuple[int, int]]:
    """(simulated, total) sections per kind and overall ("all"); variants (D.2z ...) not counted."""
    out: dict[str, tuple[int, int]] = {}
    for o in (o for o in OPTIONS if not o.variant):
        s, t = out.get(o.kind, (0, 0))
        out[o.kind] = (s + o.simulated, t + 1)
    out["all"] = (sum(s for s, _ in out.values()), sum(t for _, t in out.values()))
    return out


def not_simulated_lines(in_force: tuple[str, ...] | list[str] = ()) -> list[str]:
    """What a battle report lists as not simulated of the optional rules, terrain and scenarios: with sections
    ``in_force``, the count line and what each of them leaves out (its ``left_out``); without, only the sections
    not simulated, if any (so the core game's report and log are as they were)."""
    s, t = counts()["all"]
    left = [o.section for o in OPTIONS if not o.simulated and not o.variant]
    if not in_force and not left:
        return []
    line = (f"optional rules, terrain and scenarios: {s} of {t} sections simulated, when asked for with --option, "
            f"--terrain or --scenario" + (f"; not simulated: {', '.join(left)}" if left else "")
            + " (drydock rules options)")
    out = [line]
    for section in in_force:
        o = BY_SECTION.get(section)
        if o is not None:
            out += [f"{o.section} {o.name}: {item}" for item in o.left_out]
    return out


def format_options() -> str:
    """The text table of ``drydock rules options``."""
    lines = []
    kind = None
    for o in OPTIONS:
        if o.kind != kind:
            kind = o.kind
            s, t = counts()[kind]
            lines.append(f"{kind} ({s} of {t} simulated)")
        mark = "yes" if o.simulated else "no "
        lines.append(f"  {o.section:5} {mark}  {o.name}: {o.summary}")
        if o.note:
            lines.append(f"               {o.note}")
    s, t = counts()["all"]
    variants = ", ".join(o.section for o in OPTIONS if o.variant)
    lines.append(f"{s} of {t} sections simulated (variants {variants} not counted)")
    return "\n".join(lines) + "\n"


def format_companion_options() -> str:
    """The Captain's Companion's optional rules (``drydock rules options --rules companion``)."""
    lines = ["Captain's Companion (--rules companion; --option CC.B1 ...)"]
    for o in COMPANION_OPTIONS:
        lines.append(f"  {o.section:6} {'yes' if o.simulated else 'no '}  {o.name}: {o.summary}")
        if o.note:
            lines.append(f"               {o.note}")
    return "\n".join(lines) + "\n"
