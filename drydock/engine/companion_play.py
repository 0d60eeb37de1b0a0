"""The Captain's Companion (2025) in battle: its D5 weapon traits and optional rules D1, D3, D7 and B1.

Only ships rated under ``--rules companion`` (a ruleset whose ``play`` table has the ``companion`` entry) get a
:class:`CompanionShip` (``ShipState.cc``), set by :func:`setup`; the battle reaches it only through each ship's rules
(``ShipState.rules``: :class:`~drydock.engine.ship_rules.UnityRules`'s steps).
The rule text is quoted beside each piece; tests/engine/test_companion_play.py checks each against the book's examples.

- D5.1 Proximity 0-3: :func:`proximity_radius` (the volleys: :mod:`drydock.engine.proximity`).
- D5.2 Enveloping 0-3 (the facings: :func:`enveloping_hits`) and Scattershot; D5.3 Deadly (disabling) and
  Persistent; D5.4 Slag: :meth:`CompanionShip.volley` (seekers: :meth:`CompanionShip.seeker_spread`) and
  :meth:`CompanionShip.apply`; Persistent's roll at the start of each Combat Phase: :meth:`CompanionShip.combat_start`
  (:func:`persistent_phase`); the disabled ship on the board: :mod:`drydock.engine.companion_hulk`.
- D1 engagement limit (``CC.D1``): :meth:`CompanionShip.declare`; D3 alternate damage table (``CC.D3``);
  D7 random damage allocation (``CC.D7``, or ``CC.D7a``/``CC.D7b`` for one side; with D7.3 under E.1 damage control):
  :mod:`drydock.engine.companion_dac`.
- B1 extended game board (``CC.B1``): :func:`extended_board`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from drydock.core.rules.play_rules import PlayRules
from drydock.engine.combat import (
    BAND_NAMES,
    DiceRecorder,
    Reroll,
    damage_value,
    impact_shield,
    roll_impact_nebula,
    screen_target,
    to_hit_modifier,
)
from drydock.engine.companion_dac import DacState
from drydock.engine.companion_hulk import board_hulk, drift, hulks
from drydock.engine.companion_options import NO_OPTIONS, CompanionOptions
from drydock.engine.damage import lose_items, mark_shields, mark_weapons
from drydock.engine.dice import (
    DamageTally,
    Rng,
    apply_damage_die,
    d6,
    roll_damage,
    roll_hits,
    roll_impact,
    roll_repeating,
)
from drydock.engine.hexgrid import DEFENSIVE, geometry
from drydock.engine.ship_rules import UnityRules
from drydock.engine.ships import Attack, ModeSpec, ShipState
from drydock.engine.systems import boarding_target
from drydock.engine.table_view import TableView
from drydock.engine.tables import AI_RESULT_VALUE, COMPANION_TRAITS, DISRUPTIVE_REROLL_FROM
from drydock.errors import DrydockError

ENVELOPING = {"Env0": 0, "Env1": 1, "Env2": 2, "Env3": 3}
TRACKS = ("hull", "engine", "weapon", "shield")


def enveloping_hits(level: int, hits: int, normal: str, chosen: Sequence[str] = ()) -> dict[str, int]:
    """D5.2: the hits each defensive facing takes from a volley of Enveloping ``level`` weapons.

    0: "Half of this total (rounded up) is applied to the normal defensive facing; the remainder is
    applied as evenly as possible to the other three facings" (an uneven remainder goes to the facings
    in ``chosen`` order, else the book order fwd, port, stbd, aft). 1 and 2: full hits on the normal
    facing and on the one or two facings the attacker ``chosen``; 3: full hits on every facing.
    """
    others = [f for f in (list(chosen) + [f for f in DEFENSIVE if f not in chosen]) if f != normal]
    out = dict.fromkeys(DEFENSIVE, 0)
    if level == 0:
        out[normal] = -(-hits // 2)
        rest = hits - out[normal]
        for i, facing in enumerate(others):
            out[facing] = rest // 3 + (1 if i < rest % 3 else 0)
        return out
    if level not in (1, 2, 3):
        raise ValueError(f"Enveloping level {level} is not 0-3")
    picked = others[:level] if level < 3 else others
    if level < 3 and len([f for f in chosen if f != normal]) < level:
        raise ValueError(f"Enveloping {level} needs {level} facing(s) chosen besides the normal one")
    for facing in (normal, *picked):
        out[facing] = hits
    return out


def persistent_phase(tallies: int, rolls: Sequence[int], armored: bool = False) -> int:
    """D5.3: at the start of a Combat Phase roll one die per tally; "Erase one tally mark for each even
    damage roll result" (against Armored targets a 1 erases one too; Unity has no Armored hull, so battles never
    pass ``armored``). Returns the tallies left."""
    if len(rolls) != tallies:
        raise ValueError(f"{tallies} tally marks roll {tallies} dice, not {len(rolls)}")
    erased = sum(1 for r in rolls if r % 2 == 0 or (armored and r == 1))
    return tallies - erased


def spreads(mode: ModeSpec) -> bool:
    """Does ``mode`` carry D5.2 Enveloping or Scattershot (the traits that change how hits and impact dice fall)?"""
    return "Sst" in mode.traits or any(t in ENVELOPING for t in mode.traits)


def companion_play(play: PlayRules) -> dict[str, Any] | None:
    """The Companion's play numbers of a ruleset, or None when the Companion is not in play."""
    table = play.raw.get("companion")
    return table if isinstance(table, dict) else None


def check_sections(sections: tuple[str, ...], play: PlayRules) -> None:
    """Refuse the Companion's optional rules (``CC.*``) unless the Companion ruleset is in play."""
    cc = [s for s in sections if s.startswith("CC.")]
    if cc and companion_play(play) is None:
        raise DrydockError(f"{', '.join(cc)}: the Captain's Companion's optional rules need --rules companion")


def extended_board(board: tuple[int, int], options: tuple[str, ...] | list[str], play: PlayRules) -> tuple[int, int]:
    """B1: "a fourth game board section can be added to the game board": the board's length (columns, the
    distance between the set-up edges) grows from three sections to four, rounded up; the width is unchanged."""
    if not any(str(o).strip().upper() == "CC.B1" for o in options):
        return board
    table = companion_play(play)
    if table is None:
        raise DrydockError("CC.B1: the Captain's Companion's optional rules need --rules companion")
    was, now = table["extended_board"]["sections"]
    return (-(-board[0] * now // was), board[1])


def proximity_radius(mode: ModeSpec, play: dict[str, Any] | None) -> int:
    """D5.1: Proximity 0/1/2/3 attack "each element within N hexes of the target hex" (Unity's Prx: 1)."""
    if play is None:
        return 1
    levels = play["proximity_radius"]["levels"]
    return max((levels[t] for t in mode.traits if t in levels), default=1)


def doctrine_factor(mode: ModeSpec, ionized: bool) -> float:
    """How much more (or less) damage value a mode's Companion traits give than Unity's expected damage counts
    (the doctrine's planning tables, not a rule): Enveloping 1/2/3 score "full hits" on 2/3/4 facings (x2/x3/x4;
    Enveloping 0 only spreads them); Persistent: each damage die is odd half the time and a tally mark rolls a die
    a turn until an even one erases it (2 dice expected), so x2; Deadly: each damage point is one "@" hull box
    instead of a damage die (and draws no Persistent tallies). Scattershot keeps the expectation; Slag, Proximity
    0/2/3's area are not counted."""
    traits = set(mode.traits)
    env = next((ENVELOPING[t] for t in traits if t in ENVELOPING), 0)
    factor = float(max(env + 1, 1)) if env else 1.0
    if "Dly" in traits:
        return factor * AI_RESULT_VALUE["hull"] / damage_value(mode.cts, mode.inc, mode.knt, True, mode.dsr, ionized)
    if "Prs" in traits:
        factor *= 2.0
    return factor


class CompanionShip(UnityRules):
    """One ship's Companion rules and state in one battle: "@" boxes, tally marks, slagged boxes, DACs, engagement.
    The variant of :class:`~drydock.engine.ship_rules.UnityRules` a ship rated under the Companion plays
    (``ShipState.rules``, also ``ShipState.cc``): its volleys (:meth:`receive`), damage (:meth:`mark_damage`) and
    End Phase (:meth:`apply`) override Unity's."""

    __slots__ = ("play", "options", "rng", "deadly", "p_deadly", "tallies", "slag", "p_slag", "dac", "hulk",
                 "engaged_turn", "engaged_cr", "shipboard")

    def __init__(self, ship: ShipState, play: dict[str, Any], options: CompanionOptions, rng: Rng) -> None:
        self.play = play
        self.options = options  # D1, D3, D7 in force (read once from the sections: drydock.engine.companion_options)
        self.rng = rng  # D7.2 location dice in the End Phase
        self.deadly = 0         # D5.3: "@" boxes on the hull track not yet crossed
        self.p_deadly = 0       # "@" to draw in the End Phase
        self.tallies = 0        # D5.3 Persistent tally marks
        self.slag = dict.fromkeys(TRACKS, 0)    # D5.4: blackened boxes per track
        self.p_slag = dict.fromkeys(TRACKS, 0)
        d7 = options.random_damage[ship.side]  # D7.1 note 3: one side only (CC.D7a/b)
        self.dac = DacState(ship.spec.dac) if d7 and ship.spec.dac is not None else None
        self.hulk = False       # D5.3: disabled, still on the board (drydock.engine.companion_hulk)
        self.shipboard = False  # B.14 Shipboard Combat in play (set by its set-up: options.shipboard_combat)
        self.engaged_turn = 0   # D1: the combined CR of this turn's attackers
        self.engaged_cr = 0

    # ------------------------------------------------------------ D5.3 at the Combat Phase's start; D1
    @classmethod
    def combat_start(cls, battle: TableView) -> None:
        """D5.3 Persistent: "At the start of the following Combat Phase, roll one damage die per tally mark" -- every
        ship with tally marks rolls before the first declaration, whether or not any ship declares fire ("Repeat
        this process each game turn until no tally marks remain (or the target is destroyed)"). Disabled ships drift
        first (their Movement Phase, :func:`drydock.engine.companion_hulk.drift`). Once per Combat Phase for all
        Companion ships (:func:`drydock.engine.ship_rules.start_combat`)."""
        if hulks(battle):
            drift(battle)
        for s in battle.ships:
            rules = s.rules
            if isinstance(rules, CompanionShip) and s.alive and rules.tallies:
                rules.persistent_roll(battle, s)

    def declare(self, battle: TableView, ship: ShipState, enemies: list[ShipState], flights: list[Any]) -> list[Any]:
        """The doctrine's declarations for ``ship``. D1: "A single target may not be attacked by multiple enemy ships
        in a single Combat Phase whose combined combat rating is more than three times its own" and "it may not
        declare any weapons fire against a target that has already reached this limit": a second (third ...)
        attacker only within the limit; the first, alone, is not "multiple" ships and may fire whatever its CR."""
        limit = self.options.engagement_limit
        if limit:
            factor = self.play["engagement_limit"]["factor"]
            enemies = [e for e in enemies if e.cc is None or e.cc.engaged(battle.turn) == 0  # "multiple enemy ships"
                       or e.cc.engaged(battle.turn) + ship.spec.cr <= factor * e.spec.cr]
        decl = battle.m.doctrine.declare(ship, enemies, battle.turn, flights)
        if ship.marines_left and boarding_target(ship, enemies) is None and hulks(battle, 1 - ship.side):
            board_hulk(battle, ship)  # D5.3 "A disabled starship with any boarding parties on board is captured"
        if limit:
            for e in {id(d.target): d.target for d in decl if isinstance(d.target, ShipState)}.values():
                if e.cc is not None:
                    e.cc.engaged_cr = e.cc.engaged(battle.turn) + ship.spec.cr
                    e.cc.engaged_turn = battle.turn
        return decl

    def attack_bonus(self, target: ShipState) -> int:
        """D2.1's rows the engine plays (``play.companion.attack_modifiers``): "Target's engine rating is zero
        (unless target is Immobile) +1" -- a ship built with engines whose engine track is fully checked."""
        row = self.play.get("attack_modifiers", {}).get("rows", {}).get("engine_zero")
        if not row or row.get("played") != "played":
            return 0
        return int(row.get("modifier", 0)) if any(target.spec.engine_track) and target.engine_rating == 0 else 0

    def engaged(self, turn: int) -> int:
        return self.engaged_cr if self.engaged_turn == turn else 0

    def persistent_roll(self, battle: TableView, ship: ShipState) -> None:
        """D5.3: "roll one damage die per tally mark, indicating the results on the appropriate damage tracks
        ... to be applied at the end of the phase. Erase one tally mark for each even damage roll result. No other
        weapon traits apply to this continuing damage." (Unity has no Armored hull: a 1 erases nothing.)"""
        tally = DamageTally()
        faces = [d6(battle.rng) for _ in range(self.tallies)]
        for face in faces:
            self.mark_die(face, tally, ionized=ship.spec.ionized)
        self.tallies = persistent_phase(self.tallies, faces)
        self.mark(ship, tally)
        battle.say(f"  {ship.label} persistent damage (D5.3): dice {faces} -> marked: hull {tally.hull}, "
                   f"engines {tally.engine}, weapons {tally.weapon}, shields {tally.shield}; {self.tallies} tally "
                   "mark(s) left")

    # ------------------------------------------------------------ damage dice (4.4 or D3)
    def mark_die(self, face: int, tally: DamageTally, *, cts: bool = False, inc: bool = False, knt: bool = False,
                 ionized: bool = False, table: dict[int, str] | None = None) -> None:
        """One damage die's marks: the 4.4 table (``table``), or under CC.D3 two tracks per die ("A volley of
        weapons with DMG 2 scores two hits. Four dice are rolled, coming up 2, 3, 5, and 6. As a result, two
        hull damage boxes (3,5), two engine boxes (2,6), two weapon boxes (2,3), and two system boxes (5,6)")."""
        if not self.options.alternate_damage:
            apply_damage_die(face, tally, cts=cts, inc=inc, knt=knt, ionized=ionized,
                             table=table or {1: "hull", 2: "hull", 3: "hull", 4: "engine", 5: "weapon", 6: "shield"})
            return
        if knt:
            tally.hull += 1
        if ionized and face == 1:  # B.11: a damage result of 1 is negated
            return
        for kind in self.play["alternate_damage"]["table"][str(face)]:
            if kind == "hull":
                tally.hull += 0 if inc else (face if cts else 1)
            else:
                setattr(tally, kind, getattr(tally, kind) + 1)

    # ------------------------------------------------------------ one volley
    @classmethod
    def setup(cls, battle: TableView) -> None:
        """Every ship rated under the Companion gets its :class:`CompanionShip` as its rules (``ShipState.rules``)
        and Companion state (``ShipState.cc``), with the battle's options; Unity ships keep theirs."""
        setup(battle)

    def shipboard_combat(self) -> None:
        """D5.3 under B.14: "a ship is not captured until all defending Marine squads have been eliminated"."""
        self.shipboard = True

    def receive(self, rng: Rng, attack: Attack) -> int:
        return self.volley(rng, *attack)

    def burst(self, rng: Rng, attacker: ShipState, target: ShipState, mode: ModeSpec, weapons: int, size: int,
              band: int, log: list[str] | None, what: str, distance: int, hex_: tuple[int, int]) -> int:
        """D5.1: "Starships within the area of effect use the location of the target hex" for their facing; -1
        beyond the target hex."""
        return self.volley(rng, attacker, target, mode, weapons, size, band, log, what, min(distance, 1), 0, None,
                           False, hex_ if distance else None)

    def mark_damage(self, rng: Rng, target: ShipState, mode: ModeSpec, dpoints: int, arc: int,
                    reroll: Reroll = None) -> tuple[DamageTally, int, int, int]:
        """``dpoints`` at ``arc`` through the screens (B.18), then :meth:`damage` (D3, D5.3, D5.4) and marked; the
        "@" drawn wait in ``p_deadly``. (tally, screens checked, 0, 0): no B.14 sacrifice (Deadly draws "@")."""
        tally = DamageTally()
        if dpoints <= 0:
            return tally, 0, 0, 0
        used, normal, excess = screen_target(rng, target, dpoints, mode, arc)
        self.damage(rng, target, mode, normal, excess, tally, reroll)
        self.mark(target, tally)
        return tally, used, 0, 0

    def seeker_damage(self, rng: Rng, target: ShipState, mode: ModeSpec, hits: int, arc: int,
                      impact: Callable[[Rng, int, int], int], reroll: Reroll) -> tuple[int, DamageTally, int]:
        """Seekers with D5.2 Enveloping or Scattershot spread as a volley (:meth:`seeker_spread`: the points are
        the damage done); others as Unity's, through :meth:`mark_damage`."""
        if not spreads(mode):
            return super().seeker_damage(rng, target, mode, hits, arc, impact, reroll)
        tally = DamageTally()
        points = self.seeker_spread(rng, target, mode, hits, arc, tally)
        self.mark(target, tally)
        return points, tally, 0

    def volley(self, rng: Rng, attacker: ShipState, target: ShipState, mode: ModeSpec, weapons: int,
               size: int, band: int, log: list[str] | None, what: str, penalty: int, bonus: int, reroll: Reroll,
               even_impacts: bool, origin: tuple[int, int] | None = None) -> int:
        """:func:`drydock.engine.combat.fire_volley` at a Companion target: to-hit (4.2) as in Unity, then the
        D5 traits. ``origin``: the hex the defensive facing is judged from (D5.1: "Starships within the area of
        effect use the location of the target hex for this purpose"); the attacker's hex when None."""
        mod = to_hit_modifier(mode, band, target.cm + target.cloaked + penalty, attacker.fc) + bonus
        mod += self.attack_bonus(target)
        rec: DiceRecorder | None = None
        if log is not None:
            rec = DiceRecorder(rng)
            rng = rec
        hits, rolls = _roll_hits(rng, mode, weapons, size, mod)
        hit_faces = rec.take() if rec is not None else []
        oq, orr = origin if origin is not None else (attacker.q, attacker.r)
        normal = geometry(oq - target.q, orr - target.r, target.facing)[2]
        traits = set(mode.traits)
        env = next((ENVELOPING[t] for t in traits if t in ENVELOPING), None)
        tally = DamageTally()
        lines: list[str] = []
        deadly, tallies, dmg_faces = self._spread(rng, target, mode, hits, band, normal, even_impacts, reroll, rec,
                                                  lines if log is not None else None, tally)
        dly, prs, slg = "Dly" in traits, "Prs" in traits, "Slg" in traits
        self.mark(target, tally)
        if log is not None and rec is not None:
            log.append(f"    {what}: {weapons}x {mode.label} at {BAND_NAMES[band]} range, to-hit {mode.acc}+ mod "
                       f"{mod:+d}: dice {hit_faces} -> hits per die {rolls} = {hits} hit(s)"
                       + (f"; Enveloping {env} (D5.2)" if env is not None else ""))
            log.extend(lines)
            if lines:  # as Unity's volley: no damage line without a hit
                log.append(f"      damage dice {dmg_faces} -> marked: hull {tally.hull}, engines {tally.engine}, "
                           f"weapons {tally.weapon}, shields {tally.shield}"
                           + (f"; {deadly} '@' (Deadly, D5.3)" if dly else "")
                           + (f"; {tallies} tally mark(s) (Persistent, D5.3)" if prs else "")
                           + ("; Slag (D5.4)" if slg else ""))
        return sum(tally.as_tuple()) + deadly

    def _spread(self, rng: Rng, target: ShipState, mode: ModeSpec, hits: int, band: int, normal: int,
                even_impacts: bool, reroll: Reroll, rec: DiceRecorder | None, lines: list[str] | None,
                tally: DamageTally) -> tuple[int, int, list[int]]:
        """``hits`` on the facings D5.2 Enveloping gives them (``normal``: the defensive arc hit), each facing's impact
        roll (D5.2 Scattershot: x DMG dice, a point each), screens (B.18) and damage into ``tally``.
        Returns ("@" drawn, tally marks made, the screens' and damage dice when recorded)."""
        traits = set(mode.traits)
        env = next((ENVELOPING[t] for t in traits if t in ENVELOPING), None)
        if env is None:
            per_facing = {DEFENSIVE[normal]: hits}
        else:  # D5.2: the attacker chooses the weakest other facings (lowest shield, then fewest screens)
            others = sorted((f for f in range(4) if f != normal),
                            key=lambda f: (impact_shield(mode, target.shield(f)),
                                           target.dir_screens[f] if target.dir_screens is not None else 0, f))
            per_facing = enveloping_hits(env, hits, DEFENSIVE[normal], [DEFENSIVE[f] for f in others][:max(env, 1)]
                                         if env in (1, 2) else [DEFENSIVE[f] for f in others])
        dmg_faces: list[int] = []
        sst = "Sst" in traits
        deadly = tallies = 0
        for facing, n in per_facing.items():
            if n <= 0:
                continue
            arc = DEFENSIVE.index(facing)
            shield = impact_shield(mode, target.shield(arc))
            imp = mode.imp_by_band[band]
            dice = n * imp * (mode.dmg if sst else 1)  # D5.2 Scattershot: "the number of dice rolled is multiplied"
            if shield == 0:
                points = dice
            else:
                points = 0
                for _ in range(dice):
                    points += roll_impact(rng, shield, mode.imp_mod) if not even_impacts else \
                        roll_impact_nebula(rng, shield, mode.imp_mod)
            imp_faces = rec.take() if rec is not None else []
            dpoints = points if sst else points * mode.dmg  # Scattershot: "each die ... a single point of damage"
            used = normal_rolls = excess = 0
            if dpoints:
                used, normal_rolls, excess = screen_target(rng, target, dpoints, mode, arc)
                d, t = self.damage(rng, target, mode, normal_rolls, excess, tally, reroll)
                deadly, tallies = deadly + d, tallies + t
            if rec is not None:
                dmg_faces += rec.take()  # the screens' and damage dice of this facing
            if lines is not None:
                lines.append(f"      {facing}: {n} hit(s) x impact {imp} vs shield {shield}"
                             + (" (Scattershot: x DMG dice, a point each)" if sst else "")
                             + (f": dice {imp_faces}" if imp_faces else " (no roll)")
                             + f" -> {dpoints} damage point(s)" + (f"; screens checked {used}" if used else ""))
        return deadly, tallies, dmg_faces

    @staticmethod
    def spreads(mode: ModeSpec) -> bool:
        return spreads(mode)

    def seeker_spread(self, rng: Rng, target: ShipState, mode: ModeSpec, hits: int, arc: int,
                      tally: DamageTally) -> int:
        """C.4 seekers with D5.2 Enveloping or Scattershot (the Companion prohibits neither on seeking weapons; Unity
        C.4 bars only range-based traits): their ``hits`` on the defensive ``arc`` (judged from the hex the seekers
        vacated) spread and roll as a ship's volley at medium range's IMP, into ``tally``. Returns the damage done
        ("@" and boxes)."""
        before = sum(tally.as_tuple())
        deadly = self._spread(rng, target, mode, hits, 1, arc, False, None, None, None, tally)[0]
        return sum(tally.as_tuple()) - before + deadly


    def damage(self, rng: Rng, target: ShipState, mode: ModeSpec, normal: int, excess: int,
               tally: DamageTally, reroll: Reroll = None) -> tuple[int, int]:
        """The damage of ``normal`` points with the weapon's traits and ``excess`` points without (B.18) on this
        ship, into ``tally`` (ships' volleys and seekers alike). Deadly draws "@" instead of rolling (D5.3), Persistent
        makes tally marks, Slag counts the boxes it crosses (D5.4). Returns ("@" drawn, tally marks made)."""
        traits = set(mode.traits)
        deadly = tallies = 0
        if "Dly" in traits:  # D5.3: "No damage rolls are made for Deadly weapons": an "@" per point of damage
            deadly = normal
        else:
            before = tally.as_tuple()
            for _ in range(normal):
                tallies += self._damage_roll(rng, tally, mode, target, reroll, "Prs" in traits)
            if "Slg" in traits:
                after = tally.as_tuple()
                for i, k in ((0, "hull"), (2, "engine"), (3, "weapon"), (4, "shield")):
                    self.p_slag[k] += after[i] - before[i]
        for _ in range(excess):  # B.18: screens exceeded: these rolls ignore the weapon's traits
            self._damage_roll(rng, tally, None, target, reroll, False)
        self.p_deadly += deadly
        self.tallies += tallies
        return deadly, tallies

    def plain_damage(self, rng: Rng, target: ShipState, rolls: int, tally: DamageTally) -> None:
        """Damage rolls without traits (fighters 5.4, mines B.15) on this ship by the table in force (4.4, or D3)."""
        for _ in range(rolls):
            self._damage_roll(rng, tally, None, target, None, False)

    def _damage_roll(self, rng: Rng, tally: DamageTally, mode: ModeSpec | None, target: ShipState,
                     reroll: Reroll, persistent: bool) -> int:
        """One damage die (Unity's traits on it, or none); returns the tally marks it adds (D5.3: "Each time a
        Persistent weapon rolls an odd damage result, make a tally mark": with Disruptive every result rolled counts).

        Under CC.D3 Disruptive keeps its trigger, the die's face (C.5: "record the result of any die that comes up
        4-6, and then reroll it. Each die continues to be re-rolled in this fashion until it comes up 1-3"); D3
        only changes what each face marks ("the following table can be used instead of the one on p.CR20")."""
        ion = target.spec.ionized
        if not self.options.alternate_damage:
            rec = DiceRecorder(rng) if persistent else None
            roll_damage(rec or rng, tally, cts=bool(mode and mode.cts), inc=bool(mode and mode.inc),
                        knt=bool(mode and mode.knt), dsr=bool(mode and mode.dsr), ionized=ion,
                        table=target.spec.damage_table, reroll=reroll)
            if rec is None:
                return 0
            faces = rec.faces[1:] if reroll is not None and len(rec.faces) > 1 and reroll(rec.faces[0]) else rec.faces
            return sum(f % 2 for f in faces)
        face = d6(rng)
        if reroll is not None and reroll(face):
            face = d6(rng)
        faces = [face]
        while mode is not None and mode.dsr and face >= DISRUPTIVE_REROLL_FROM:
            face = d6(rng)
            faces.append(face)
        for f in faces:
            self.mark_die(f, tally, cts=bool(mode and mode.cts), inc=bool(mode and mode.inc),
                          knt=bool(mode and mode.knt), ionized=ion)
        return sum(f % 2 for f in faces) if persistent else 0

    # ------------------------------------------------------------ the End Phase (4.5)
    def apply(self, ship: ShipState, log: list[str] | None) -> bool:
        """4.5 with the Companion: hull boxes, then D5.3 "@" in the first uncrossed boxes; "Once all boxes on the
        hull track have either a cross or '@', the starship is disabled. A disabled ship is considered destroyed
        for victory purposes but remains on the game board" (scored now; it stays as a hulk that drifts and can be
        captured: :mod:`drydock.engine.companion_hulk`); D5.4 slagged boxes; D7 losses by the DACs. True: scored."""
        spec = ship.spec
        if log is not None and (ship.p_hull or ship.p_eng or ship.p_wpn or ship.p_shd or self.p_deadly):
            log.append(f"  {ship.label}: hull +{ship.p_hull}, '@' +{self.p_deadly}, engines +{ship.p_eng}, "
                       f"weapons +{ship.p_wpn}, shields +{ship.p_shd}")
        free = spec.hull - ship.hull_hits
        over = max(0, ship.p_hull - free)  # "Any further hull damage suffered by a disabled ship will 'overlap'"
        ship.hull_hits += ship.p_hull - over
        self.deadly = max(0, self.deadly - over)
        add = min(self.p_deadly, spec.hull - ship.hull_hits)
        ship.hull_hits += add
        self.deadly += add
        if ship.p_eng:
            ship.eng_hits = min(len(spec.engine_track), ship.eng_hits + ship.p_eng)
        self._weapons_and_systems(ship, log)
        hits = {"hull": ship.hull_hits, "engine": ship.eng_hits, "weapon": ship.wpn_hits, "shield": ship.shd_hits}
        for k in TRACKS:
            self.slag[k] = min(hits[k], self.slag[k] + self.p_slag[k])
            self.p_slag[k] = 0
        ship.p_hull = ship.p_eng = ship.p_wpn = ship.p_shd = self.p_deadly = 0
        if ship.hull_hits >= spec.hull:
            self._disabled(ship, log)
            return True
        return False

    def _weapons_and_systems(self, ship: ShipState, log: list[str] | None) -> None:
        """4.5: the weapons and shields damage marked, by D7's DACs when in play (D7.1's tracks, or a die on the
        DAC per box: unity-items), else as Unity's items."""
        dac = self.dac
        if dac is not None and dac.tracks is not None:  # D7.1's tracks (play.companion.dac.tracks: hull)
            ship.wpn_hits = dac.cross(self.rng, ship, "weapons", ship.wpn_hits, ship.p_wpn, log)
        elif drop := mark_weapons(ship):
            if dac is not None:
                dac.lose(self.rng, ship, "weapons", drop, log)
            else:
                lose_items(ship, drop, log)
        if ship.p_shd:
            if dac is not None and dac.tracks is not None:  # D7.1's systems track beside Unity's shields
                dac.sys_hits = dac.cross(self.rng, ship, "systems", dac.sys_hits, ship.p_shd, log)
            elif dac is not None:  # unity-items: a System (shield) result rolls one die on the systems DAC
                dac.lose(self.rng, ship, "systems", ship.p_shd, log)
            _unity_shields(ship)

    def _disabled(self, ship: ShipState, log: list[str] | None) -> None:
        """D5.3: every hull box crossed or "@": destroyed, or disabled (a hulk on the board), and captured at once
        with boarding parties aboard (B.14: once no defending squad is left)."""
        ship.alive = False
        self.hulk = self.deadly > 0  # "remains on the game board" (drydock.engine.companion_hulk)
        if log is not None:
            log.append(f"  {ship.label} is " + (f"disabled (D5.3: {self.deadly} '@' uncrossed; destroyed for "
                                                "victory purposes; it stays on the board)" if self.deadly
                                                else "destroyed"))
        waits = self.shipboard and self.play["disabled_capture"]["shipboard_combat"] == "defenders eliminated"
        if self.hulk and ship.boarders and not (waits and ship.marines_left):
            # "A disabled starship with any boarding parties on board is captured"; with B.14 Shipboard Combat
            # "not ... until all defending Marine squads have been eliminated" (companion_hulk.capture_cleared)
            ship.captured, self.hulk = True, False
            if log is not None:
                log.append(f"  {ship.label} is captured: {ship.boarders} boarding parties aboard (D5.3)")

    def inert(self, ship: ShipState) -> bool:
        """D5.3: a disabled ship ("@" uncrossed) is not destroyed, so it does not explode (E.3); nor one with crew
        casualties (C.5)."""
        return ship.casualties > 0 or self.deadly > 0

    def mark(self, ship: ShipState, tally: DamageTally) -> None:
        """``tally`` marked on this ship, pending until the End Phase (4.5)."""
        ship.p_hull += tally.hull + tally.casualties
        ship.p_eng += tally.engine
        ship.p_wpn += tally.weapon
        if ship.spec.shield_track or self.dac is not None:
            ship.p_shd += tally.shield  # D7: a System result without shields still rolls on the systems DAC

    def regainable(self, track: str, hits: int) -> bool:
        """D5.4: "Boxes crossed off damage tracks by Slag weapons cannot be regained" (E.1 damage control)."""
        return hits > self.slag[track]


def _roll_hits(rng: Rng, mode: ModeSpec, weapons: int, size: int, mod: int) -> tuple[int, list[int]]:
    """4.2 to-hit exactly as :func:`drydock.engine.combat.fire_volley` rolls it (Fire-Linked, Repeating, Volley)."""
    hits = 0
    rolls: list[int] = []
    if mode.frl:
        dice = int(rng.random() * 6) + 1 if mode.vlt else mode.rof
        for _ in range(dice):
            h = roll_hits(rng, mode.acc, mod, 1)
            if h and mode.rpt:
                h += roll_repeating(rng)
            rolls.append(h)
            hits += h * weapons * size
        return hits, rolls
    for _ in range(weapons):
        dice = int(rng.random() * 6) + 1 if mode.vlt else mode.rof
        for _ in range(dice):
            h = roll_hits(rng, mode.acc, mod, size)
            if h and mode.rpt:
                h += roll_repeating(rng)
            rolls.append(h)
            hits += h
    return hits, rolls


def _unity_shields(ship: ShipState) -> None:
    """4.5: the shields track's boxes (B.7: the weakest arc lowered first), as Unity."""
    if ship.spec.shield_track:
        mark_shields(ship)


def setup(battle: TableView) -> None:
    """Give every ship rated under the Companion its :class:`CompanionShip` as its rules (``ShipState.rules``) and
    Companion state (``ShipState.cc``); Unity ships keep their rules and ``cc = None``."""
    options = battle.m.in_force.companion if battle.m.in_force is not None else NO_OPTIONS
    for s in battle.ships:
        play = s.spec.companion
        if play is not None and s.spec.legacy is None:
            s.rules = s.cc = CompanionShip(s, play, options, battle.rng)


__all__ = ["COMPANION_TRAITS", "CompanionShip", "check_sections", "companion_play", "doctrine_factor", "extended_board",
           "proximity_radius", "setup"]
