"""A ship's rules for the Combat and End Phases: the volley (4.2-4.4), damage marking with screens and armor (B.18,
4.4) and marked damage taking effect (4.5), in one class a ruleset variant subclasses.

:class:`UnityRules` plays the Unity Rulebook. A variant overrides only what it changes:
:class:`drydock.engine.companion_play.CompanionShip` (the Captain's Companion, D3/D5/D7) and
:class:`drydock.engine.legacy_rules.LegacyRules` (Appendix X: X.1 Admiralty cards, X.2 Nova ships). Each ship holds
its rules from the moment it is built (``ShipState.rules``, :func:`drydock.engine.variants.rules_for`); the engine calls
``ship.rules.<step>(...)`` and never asks which variant a ship plays. Optional rules are not variants: they stay
on the battle's hook bus (``Battle.opt``, :mod:`drydock.engine.options.state`); docs/development.md has the recipe
for both.

Which ship's rules act: a volley is the *attacker's* (:meth:`UnityRules.fire`: Nova attack dice, X.2), the target's
rules say what may reach it (:meth:`UnityRules.attack_penalty`: X.1 stealth) and resolve it
(:meth:`UnityRules.receive`); every damage point a ship takes -- ships' volleys, seekers (C.4), fighters and mines
(5.4, B.15) -- is marked by the *target's* rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drydock.engine.combat import (
    BAND_NAMES,
    DiceRecorder,
    Reroll,
    impact_shield,
    roll_impact_nebula,
    sacrifice_marines,
    screen_target,
    to_hit_modifier,
)
from drydock.engine.damage import lose_items, mark_shields, mark_weapons
from drydock.engine.dice import (
    DamageTally,
    Rng,
    hits_by_face,
    impact_by_face,
    roll_damage,
    roll_hits,
    roll_impact,
    roll_repeating,
)
from drydock.engine.hexgrid import DEFENSIVE, geometry
from drydock.engine.ships import Attack, ModeSpec, ShipRules, ShipSpec, ShipState
from drydock.engine.table_view import TableView


class UnityRules:
    """The Unity Rulebook's Combat Phase and End Phase for one ship (the default rules of every ship)."""

    __slots__ = ()

    # ------------------------------------------------------------ the variant's set-up (drydock.engine.variants)
    @classmethod
    def for_spec(cls, spec: ShipSpec) -> ShipRules | None:
        """The rules this variant gives a ship of ``spec`` when the battle builds it, or None (not its ship, or its
        rules come at :meth:`setup`). Unity's are the registry's default."""
        return None

    @classmethod
    def setup(cls, battle: TableView) -> None:
        """The battle-level step of this rules class once the ships are built, before deployment is logged
        (:func:`drydock.engine.variants.set_up` calls it once per registered variant). Unity: nothing."""

    # ------------------------------------------------------------ the Combat Phase's start and declarations (4.0)
    @classmethod
    def combat_start(cls, battle: TableView) -> None:
        """The battle-level step of this rules class at the start of each Combat Phase, before the first declaration
        (:func:`start_combat` calls it once per rules class in play). Unity: nothing."""

    def declare(self, battle: TableView, ship: ShipState, enemies: list[ShipState], flights: list[Any]) -> list[Any]:
        """This ship's (``ship``) Combat Phase declarations at the ``enemies`` and enemy ``flights`` in view (4.0,
        4.1): the doctrine's."""
        decl: list[Any] = battle.m.doctrine.declare(ship, enemies, battle.turn, flights)
        return decl

    # ------------------------------------------------------------ the volley (4.2-4.4)
    def fire(self, rng: Rng, attack: Attack) -> int:
        """A volley fired by this ship (``attack.attacker``); returns the boxes marked. The target's rules say whether
        it may be attacked (:meth:`attack_penalty`) and resolve it (:meth:`receive`)."""
        rules = attack.target.rules
        pen = rules.attack_penalty(attack.band, attack.penalty, attack.log, attack.what)
        if pen is None:
            return 0
        return rules.receive(rng, attack if pen == attack.penalty else attack._replace(penalty=pen))

    def attack_penalty(self, band: int, penalty: int, log: list[str] | None, what: str) -> int | None:
        """The to-hit penalty of an attack at this ship at range ``band`` (``penalty``: what the field already
        gives), or None when it cannot be attacked there. Unity: unchanged."""
        return penalty

    def receive(self, rng: Rng, attack: Attack) -> int:
        """4.2-4.4 at this ship (``attack.target``): to-hit, impact, damage; the damage marked by :meth:`mark_damage`.

        Fire-Linked (C.5): the weapons form one volley: ROF dice of one weapon, each hit x weapons. The penalty, bonus,
        re-roll and nebula of the :class:`~drydock.engine.ships.Attack` apply as it says."""
        attacker, target, mode, weapons, size, band, log, what, penalty, bonus, reroll, even_impacts = attack
        # B.5: a detected cloaked target is -1
        mod = to_hit_modifier(mode, band, target.cm + target.cloaked + penalty, attacker.fc) + bonus
        rolls: list[int] | None = None
        rec: DiceRecorder | None = None
        if log is not None:
            rolls = []
            rec = DiceRecorder(rng)
            rng = rec
        hits = volley_hits(rng, mode, weapons, size, mod, rolls)
        hit_faces = rec.take() if rec is not None else []
        arc = geometry(attacker.q - target.q, attacker.r - target.r, target.facing)[2]
        shield = impact_shield(mode, target.shield(arc))
        imp = mode.imp_by_band[band]
        points = hits * imp if shield == 0 else impact_points(rng, mode, hits * imp, shield, even_impacts)
        imp_faces = rec.take() if rec is not None else []
        dpoints = points * mode.dmg
        tally, screens_used, saved, bled = self.mark_damage(rng, target, mode, dpoints, arc, reroll)
        if log is not None and rec is not None:
            log += _volley_lines(attack, mod, hit_faces, rolls or [], hits, arc, shield, imp_faces, points, dpoints,
                                 (tally, screens_used, saved, bled), rec.take())
        return sum(tally.as_tuple())

    def burst(self, rng: Rng, attacker: ShipState, target: ShipState, mode: ModeSpec, weapons: int, size: int,
              band: int, log: list[str] | None, what: str, distance: int, hex_: tuple[int, int]) -> int:
        """C.5 Proximity: the volley's rolls at this ship ``distance`` hexes from the target hex ``hex_`` (-1 per
        hex, as a volley fired at it by ``attacker``)."""
        return attacker.rules.fire(rng, Attack(attacker, target, mode, weapons, size, band, log, what, distance))

    # ------------------------------------------------------------ damage marking (B.18, 4.4)
    def mark_damage(self, rng: Rng, target: ShipState, mode: ModeSpec, dpoints: int, arc: int,
                    reroll: Reroll = None) -> tuple[DamageTally, int, int, int]:
        """The damage step of every volley and seeker attack at this ship (4.4): ``dpoints`` damage points at
        defensive ``arc`` meet its screens (B.18), its armor (:meth:`absorb_armor`), then one damage die each on
        its table (4.4, or a house rule's) with the weapon's traits (none past the screens), E.2's re-roll
        (``reroll``) and B.14's marine sacrifice; the marks are pending until the End Phase (4.5). Returns (the
        tally, screens checked, marine squads sacrificed, points that bled through the screens under option B.18
        Bleed-Through)."""
        tally = DamageTally()
        if dpoints <= 0:
            return tally, 0, 0, 0
        screened = target.bleed and (target.screens if target.dir_screens is None else target.dir_screens[arc])
        screens_used, normal, excess = screen_target(rng, target, dpoints, mode, arc)
        bled = normal if screened else 0  # B.18 Bleed-Through: the points that passed the screens
        normal = self.absorb_armor(target, normal)
        ion = target.spec.ionized
        table = target.spec.damage_table  # 4.4, from the ruleset
        for _ in range(normal):
            roll_damage(rng, tally, cts=mode.cts, inc=mode.inc, knt=mode.knt, dly=mode.dly, dsr=mode.dsr,
                        ionized=ion, table=table, reroll=reroll)
        for _ in range(excess):
            roll_damage(rng, tally, ionized=ion, table=table, reroll=reroll)
        saved = sacrifice_marines(target, tally)
        mark(target, tally)
        target.casualties += tally.casualties
        return tally, screens_used, saved, bled

    def absorb_armor(self, target: ShipState, points: int) -> int:
        """The damage points left to roll for after this ship's armor took its share (Unity ships have none)."""
        return points

    def seeker_damage(self, rng: Rng, target: ShipState, mode: ModeSpec, hits: int, arc: int,
                      impact: Callable[[Rng, int, int], int], reroll: Reroll) -> tuple[int, DamageTally, int]:
        """C.4 / 5.4: ``hits`` of seekers at this ship's defensive ``arc``: impact at medium range's IMP (``impact``:
        4.3's roll, or G.4's in a nebula), then the one damage step (:meth:`mark_damage`). Returns (impact points,
        the tally, marine squads sacrificed)."""
        shield = impact_shield(mode, target.shield(arc))
        imp = mode.imp_by_band[1]
        points = hits * imp if shield == 0 else sum(impact(rng, shield, mode.imp_mod) for _ in range(hits * imp))
        tally, _, saved, _ = self.mark_damage(rng, target, mode, points * mode.dmg, arc, reroll)
        return points, tally, saved

    def plain_damage(self, rng: Rng, target: ShipState, rolls: int, tally: DamageTally) -> None:
        """``rolls`` damage dice without traits (fighters 5.4, mines B.15, E.3 explosions, G.1 asteroids) into
        ``tally``, after armor, on this ship's table (4.4, or a house rule's)."""
        for _ in range(self.absorb_armor(target, rolls)):
            roll_damage(rng, tally, ionized=target.spec.ionized, table=target.spec.damage_table)

    def flight_fighters(self, size: int) -> int:
        """The fighters a flight of ``size`` launched by this ship begins with (5.0: all of them)."""
        return size

    def variant_flights(self) -> bool:
        """Whether this ship's fighter flights take F.4's variants (interceptors, bombers ...) when in force."""
        return True

    # ------------------------------------------------------------ the End Phase (4.5)
    def apply(self, ship: ShipState, log: list[str] | None) -> bool:
        """4.5: marked damage takes effect. Returns True if the ship is destroyed (hull track full)."""
        spec = ship.spec
        if log is not None and (ship.p_hull or ship.p_eng or ship.p_wpn or ship.p_shd):
            log.append(f"  {ship.label}: hull +{ship.p_hull}, engines +{ship.p_eng}, weapons +{ship.p_wpn}, "
                       f"shields +{ship.p_shd}")
        ship.hull_hits += ship.p_hull
        if ship.p_eng:
            ship.eng_hits = min(len(spec.engine_track), ship.eng_hits + ship.p_eng)
        drop = mark_weapons(ship)
        if drop:
            lose_items(ship, drop, log)
        if ship.p_shd and spec.shield_track:
            mark_shields(ship)
        ship.p_hull = ship.p_eng = ship.p_wpn = ship.p_shd = 0
        if ship.hull_hits >= spec.hull:
            ship.alive = False
            if log is not None:
                log.append(f"  {ship.label} is destroyed")
            return True
        return False

    def shipboard_combat(self) -> None:
        """B.14 Shipboard Combat is played in this battle (its set-up says so to every ship's rules). Unity: nothing
        changes (boarding reads the rule itself)."""

    def inert(self, ship: ShipState) -> bool:
        """Destroyed but rendered inert, so it does not explode (E.3): C.5 Deadly "If any of a ship's hull boxes
        were checked off due to crew casualties"."""
        return ship.casualties > 0


#: the rules of every ship that plays no variant (they keep no state: one instance serves all)
UNITY = UnityRules()


def volley_hits(rng: Rng, mode: ModeSpec, weapons: int, size: int, mod: int, rolls: list[int] | None) -> int:
    """4.2: the hits of ``weapons`` mounts of ``mode`` at to-hit modifier ``mod`` (each die's hits appended to
    ``rolls``). Fire-Linked (C.5): ROF dice of one weapon, each hit x weapons."""
    acc = mode.acc
    hits = 0
    if mode.frl:
        dice = int(rng.random() * 6) + 1 if mode.vlt else mode.rof
        for _ in range(dice):
            h = roll_hits(rng, acc, mod, 1)
            if h and mode.rpt:
                h += roll_repeating(rng)
            if rolls is not None:
                rolls.append(h)
            hits += h * weapons * size
        return hits
    faces = hits_by_face(acc, mod, size)  # one die drawn per roll: its hits by face (the same draws)
    for _ in range(weapons):
        dice = int(rng.random() * 6) + 1 if mode.vlt else mode.rof
        for _ in range(dice):
            h = faces[int(rng.random() * 6) + 1] if faces is not None else roll_hits(rng, acc, mod, size)
            if h and mode.rpt:
                h += roll_repeating(rng)
            if rolls is not None:
                rolls.append(h)
            hits += h
    return hits


def impact_points(rng: Rng, mode: ModeSpec, rolls: int, shield: int, even_impacts: bool) -> int:
    """4.3: the points of impact of ``rolls`` impact dice against ``shield`` (none rolled at shield 0; G.4 in a
    nebula: ``even_impacts``)."""
    if shield == 0:
        return rolls
    points = 0
    im = mode.imp_mod
    faces = None if even_impacts else impact_by_face(shield, im)
    if faces is not None:  # one die drawn per point: its result by face (the same draws)
        for _ in range(rolls):
            points += faces[int(rng.random() * 6) + 1]
    else:
        for _ in range(rolls):
            points += roll_impact(rng, shield, im) if not even_impacts else roll_impact_nebula(rng, shield, im)
    return points


def _volley_lines(attack: Attack, mod: int, hit_faces: list[int], rolls: list[int], hits: int, arc: int, shield: int,
                  imp_faces: list[int], points: int, dpoints: int, marked: tuple[DamageTally, int, int, int],
                  dmg_faces: list[int]) -> list[str]:
    """The log lines of one volley (4.2-4.4): its dice, hits, impact and the damage marked."""
    mode = attack.mode
    tally, screens_used, saved, bled = marked
    out = [f"    {attack.what}: {attack.weapons}x {mode.label} at {BAND_NAMES[attack.band]} range, to-hit {mode.acc}+ "
           f"mod {mod:+d}: dice {hit_faces} -> hits per die {rolls} = {hits} hit(s)",
           f"      impact {mode.imp_by_band[attack.band]} per hit vs {DEFENSIVE[arc]} shield {shield}"
           + (f" (mod {mode.imp_mod:+d})" if mode.imp_mod else "")
           + (f": dice {imp_faces}" if imp_faces or shield else " (no roll)")
           + f" -> {points} point(s) of impact; {dpoints} damage point(s)"
           + (f"; screens checked {screens_used}" if screens_used else "")
           + (f"; {bled} bled through the screens (B.18)" if bled else "")]
    if dpoints:
        out.append(f"      damage dice {dmg_faces} -> marked: hull {tally.hull}, crew casualties {tally.casualties}, "
                   f"engines {tally.engine}, weapons {tally.weapon}, shields {tally.shield}"
                   + (f"; {saved} marine squad(s) sacrificed to cancel as many casualties (B.14)" if saved else ""))
    return out


def start_combat(battle: TableView) -> None:
    """4.0: the start of a Combat Phase, before the first declaration: each rules class in play (in the order of
    the ships playing it first) takes its battle-level step (:meth:`UnityRules.combat_start`; the Companion's D5.3
    Persistent rolls and disabled ships' drift)."""
    for kind in dict.fromkeys(type(s.rules) for s in battle.ships):
        kind.combat_start(battle)


def mark(target: ShipState, tally: DamageTally) -> None:
    """4.4: ``tally``'s results marked on ``target``, pending until the End Phase (crew casualties are hull boxes,
    C.5 Deadly)."""
    target.p_hull += tally.hull + tally.casualties
    target.p_eng += tally.engine
    target.p_wpn += tally.weapon
    if target.spec.shield_track:
        target.p_shd += tally.shield


__all__ = ["UNITY", "UnityRules", "impact_points", "mark", "start_combat", "volley_hits"]
