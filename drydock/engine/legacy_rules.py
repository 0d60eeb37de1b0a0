"""Admiralty (X.1) and Nova (X.2) ships in a Unity battle: Appendix X's combat changes, as data and hooks.

A converted AE design fights as its Admiralty card (:mod:`drydock.core.admiralty_card`): its AE engine and
shield tracks, two boxes per engine or shield hit, two rolls on its weapon damage chart per weapon hit,
its stated AE CR for victory points, AE stealth. A Nova record (:class:`~drydock.formats.legacy.nova_record.NovaRecord`)
fights *as it is* -- not through a Unity re-design -- because X.2 plays the Nova display itself: to-hit dice
from the attack-dice string, ACC 5+ (4+ Acr), IMP 1/2/3 (Dx2/Dx3), DMG 1, a bonus die per unmodified 1 or 6,
Prc halving the shield rating, armor boxes before damage rolls, the 1-3 hull / 4-5 system / 6 no effect
table and the Nova damage checks on bulleted system boxes. The parts of the ship that Appendix B plays
(fire control, hyperdrive ...) come from a Unity stand-in with the record's hull, engines and systems.

:func:`ship_spec` builds the play tables of any design (the match-up builder calls it); the rules travel
with the ship as ``ShipSpec.legacy`` and its ``ShipState.rules``: a :class:`LegacyRules`, the variant of
:class:`~drydock.engine.ship_rules.UnityRules` that overrides what Appendix X changes -- a Nova volley
(:meth:`LegacyRules.fire`), AE stealth (:meth:`LegacyRules.attack_penalty`), Nova armor
(:meth:`LegacyRules.absorb_armor`) and the End Phase (:meth:`LegacyRules.apply`) -- so the engine's modules need
not import this one.
What neither source defines is listed as not simulated.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from drydock.core.admiralty_card import admiralty_card, cr_of_record
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.engine.combat import (
    BAND_NAMES,
    Reroll,
    impact_shield,
    roll_impact_nebula,
    to_hit_modifier,
)
from drydock.engine.dice import Rng, d6, mount_die_hits, needs_reroll, roll_impact
from drydock.engine.hexgrid import DEFENSIVE, geometry
from drydock.engine.legacy_notes import admiralty_unplayed, nova_unplayed
from drydock.engine.ship_rules import UnityRules
from drydock.engine.ships import Attack, BankSpec, ModeSpec, ShipRules, ShipSpec, ShipState
from drydock.engine.table_view import TableView
from drydock.engine.tables import ALWAYS_NOT_SIMULATED, DAMAGE_TABLE, FIGHTERS_PER_FLIGHT, SIMULATED_SYSTEMS
from drydock.errors import DrydockError
from drydock.formats.legacy.tables import NOVA_SHIELD_BASE

# ------------------------------------------------------------------ the rules, each with its text
#: X.1 "If the result is an engine or shield hit, check off two boxes from the appropriate track, instead of
#: just one."
AE_BOXES_PER_TRACK_HIT = 2
#: X.1 "If the result is a weapon hit, roll twice on the weapon damage chart of the Admiralty ship card."
AE_CHART_ROLLS = 2
#: X.1 Stealth: "All attacks against an Admiralty target equipped with Stealth incur an additional -1 to-hit
#: penalty. In addition, no attacks can be made against such a target at long range."
AE_STEALTH_PENALTY = 1
AE_STEALTH_NO_BAND = 2
#: X.2 "any attacks made by Nova starships receive a bonus to-hit die for each (unmodified) 1 or 6 resulting
#: from the initial roll. Any rolls of 1 or 6 on these bonus dice do not provide additional to-hit dice."
NOVA_BONUS_FACES = frozenset({1, 6})
#: X.2 "Piercing (Prc) weapons treat the target's shield rating as if it were 50% its actual value (rounded up)."
NOVA_PRC_SHIELD = (1, 2)
#: X.2 damage table: "1-3 Hull Hit ... 4-5 System Hit ... 6 No Effect". It lines up face for face with 4.4
#: (1-3 hull, 4 engine, 5 weapon, 6 shield), so a Unity damage roll on a Nova ship reads: hull -> hull box,
#: engine or weapon -> system box, shield -> no effect.
NOVA_DAMAGE_TABLE = {1: "hull", 2: "hull", 3: "hull", 4: "system", 5: "system", 6: None}
#: Nova pp.14-15 damage checks (seed 001): one die each for thrust, weapon hits, ECM and shields: "on a result
#: of [two faces] check off the first two boxes. On a result of [two faces] check off the first box. On a result
#: of [the rest] there is no damage" ... "never check off a ship's last remaining thrust box, weapon hit, ECM box,
#: or shield die icon." The face glyphs are lost (conversion.md OQ8); two faces each for two boxes and one box
#: leave two for none, so the odds are 1/3 each whichever faces they were. Faces here: 1-2, 3-4, 5-6.
NOVA_CHECK_BOXES = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
NOVA_CHECK_TRACKS = ("thrust", "weapon hits", "ECM", "shields")
#: Readings where the sources leave a choice (listed in every battle report with such a ship).
AE_READINGS = (
    "AE card: a weapon-chart result naming several batteries takes the owner's cheapest weapon among them; a "
    "result naming no battery, or one with no weapons left, has no effect (AE rules, not in our sources)",
    "AE card: equipment is never lost (the card has no weapons track; AE system damage is not in our sources)",
)
NOVA_READINGS = (
    "Nova ship: its ECM rating is a to-hit penalty on every die against it, like countermeasures (X.2 names it "
    "for Nova attackers; Unity attackers by implication; fire control cancels it as B.8 cancels CM)",
    "Nova ship: Unity damage traits act on the X.2 table as on 4.4 (Knt +1 hull, Cts hull = die, Inc no hull, "
    "Dsr re-rolls 4-6, Dly casualties on even dice)",
)


# ------------------------------------------------------------------ Nova weapons as play tables
@dataclass(frozen=True)
class _Mode:
    """What :class:`~drydock.engine.ships.ModeSpec` reads of a weapon mode (a Nova battery has no WeaponMode)."""

    label: str
    range: tuple[int, int, int] | None
    rof: int
    acc: int
    imp: int
    dmg: int
    traits: tuple[str, ...] = ()
    ma: int | None = None

    @property
    def seeking(self) -> bool:
        return self.ma is not None

    @property
    def long_range(self) -> int:
        return self.ma if self.ma is not None else (self.range or (0, 0, 0))[2]


class NovaModeSpec(ModeSpec):
    """A Nova bank's weapon: the attack-dice string, the bank's arc modifier, Prc (X.2)."""

    __slots__ = ("attack_dice", "arc_mod", "prc")

    def __init__(self, mode: _Mode, attack_dice: tuple[int, ...], arc_mod: int, prc: bool) -> None:
        super().__init__(mode)  # type: ignore[arg-type]
        self.attack_dice = attack_dice
        self.arc_mod = arc_mod
        self.prc = prc

    def dice(self, weapon_damage: int) -> int:
        """X.2: "first determine the number of attack dice as described on p.13 of the Nova rulebook ... The only
        relevant attack modifiers are the bank's arc modifier and any applicable weapon damage modifier": one
        entry right per -1."""
        col = self.arc_mod + weapon_damage
        return self.attack_dice[col] if col < len(self.attack_dice) else 0


# ------------------------------------------------------------------ per-ship rules and state
@dataclass
class LegacyState:
    """A legacy ship's own counters in one battle (the Unity ones -- hull, engine, shield hits -- are reused)."""

    rng: random.Random | None = None
    armor_left: int = 0
    sys_hits: int = 0
    ecm_hits: int = 0


@dataclass
class LegacyRules(UnityRules):
    """What a ship of Appendix X plays differently from Unity: ``kind`` is ``admiralty`` (X.1) or ``nova`` (X.2)."""

    kind: str
    chart: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """AE: die -> the batteries (indices) its weapon damage chart names."""
    stealth: bool = False
    armor: int = 0
    system_boxes: int = 0
    bullets: tuple[int, ...] = ()
    ecm_track: tuple[int, ...] = ()
    weapon_boxes: int = 5
    fighters: int = FIGHTERS_PER_FLIGHT
    """Fighters a flight begins with: X.2 "Each Nova fighter flight begins the game with three individual
    fighters, instead of six." (AE carriers use rule 5.0 unchanged, X.1.)"""

    def new_state(self) -> LegacyState:
        return LegacyState(armor_left=self.armor)

    # -------------------------------------------------------- the variant's set-up
    @classmethod
    def for_spec(cls, spec: ShipSpec) -> ShipRules | None:
        """A ship rated under Appendix X plays the rules on its spec (set by :func:`ship_spec`)."""
        return spec.legacy

    @classmethod
    def setup(cls, battle: TableView) -> None:
        """X.1 AE weapon charts and X.2 Nova checks roll the battle's dice in the End Phase."""
        for st in [s.legacy for s in battle.ships if s.legacy is not None]:
            st.rng = battle.rng

    # -------------------------------------------------------- the Combat Phase
    def fire(self, rng: Rng, attack: Attack) -> int:
        """A Nova bank's volley is X.2's (:func:`nova_volley`); any other weapon fires as Unity's."""
        mode = attack.mode
        if not isinstance(mode, NovaModeSpec):
            return super().fire(rng, attack)
        pen = attack.target.rules.attack_penalty(attack.band, attack.penalty, attack.log, attack.what)
        if pen is None:
            return 0
        return nova_volley(rng, attack.attacker, attack.target, mode, attack.weapons, attack.band, attack.log,
                           attack.what, pen, attack.bonus, attack.reroll, attack.even_impacts)

    def attack_penalty(self, band: int, penalty: int, log: list[str] | None, what: str) -> int | None:
        """X.1 AE stealth: no attack at long range, else -1 more to hit."""
        if not self.stealth:
            return penalty
        if band == AE_STEALTH_NO_BAND:
            if log is not None:
                log.append(f"    {what}: no attacks at long range against an AE stealth ship (X.1)")
            return None
        return penalty + AE_STEALTH_PENALTY

    def absorb_armor(self, target: ShipState, points: int) -> int:
        return absorb_armor(target, points)

    def variant_flights(self) -> bool:
        """Appendix X ships' flights stay as their card or record gives them (F.4 variants are Unity's)."""
        return False

    def flight_fighters(self, size: int) -> int:
        """X.2: "Each Nova fighter flight begins the game with three individual fighters, instead of six"."""
        return min(size, self.fighters)

    # -------------------------------------------------------- End Phase (4.5)
    def apply(self, ship: ShipState, log: list[str] | None) -> bool:
        """4.5 with X.1/X.2: marked damage takes effect; True if the ship is destroyed (the dice: the battle's, given
        at :meth:`setup`)."""
        st = ship.legacy
        assert st is not None  # these rules are a legacy ship's own (ShipState.legacy is set with spec.legacy)
        rng = st.rng or random.Random(0)
        if log is not None and (ship.p_hull or ship.p_eng or ship.p_wpn or ship.p_shd):
            log.append(f"  {ship.label} ({self.kind}): hull +{ship.p_hull}, engine results {ship.p_eng}, weapon "
                       f"results {ship.p_wpn}, shield results {ship.p_shd}")
        ship.hull_hits += ship.p_hull
        if self.kind == "admiralty":
            self._admiralty(ship, log, rng)
        else:
            self._nova(ship, log, rng)
        ship.p_hull = ship.p_eng = ship.p_wpn = ship.p_shd = 0
        if ship.hull_hits >= ship.spec.hull:
            ship.alive = False
            if log is not None:
                log.append(f"  {ship.label} is destroyed")
            return True
        return False

    def _admiralty(self, ship: ShipState, log: list[str] | None, rng: random.Random) -> None:
        spec = ship.spec
        ship.eng_hits = min(len(spec.engine_track), ship.eng_hits + AE_BOXES_PER_TRACK_HIT * ship.p_eng)
        if spec.shield_track:
            ship.shd_hits = min(len(spec.shield_track), ship.shd_hits + AE_BOXES_PER_TRACK_HIT * ship.p_shd)
        for _ in range(AE_CHART_ROLLS * ship.p_wpn):
            die = d6(rng)
            lose_chart_weapon(ship, self.chart.get(die, ()), die, log)

    def _nova(self, ship: ShipState, log: list[str] | None, rng: random.Random) -> None:
        st = ship.legacy
        assert st is not None  # these rules are a legacy ship's own (ShipState.legacy is set with spec.legacy)
        for _ in range(ship.p_eng + ship.p_wpn):  # 4-5: a system box; none left: no effect
            if st.sys_hits >= self.system_boxes:
                break
            st.sys_hits += 1
            if st.sys_hits in self.bullets:
                damage_checks(ship, rng, log)


def lose_chart_weapon(ship: ShipState, batteries: tuple[int, ...], die: int, log: list[str] | None) -> None:
    """X.1: one roll on the AE weapon damage chart: the battery it names loses a weapon (its cheapest mount)."""
    spec = ship.spec
    best: tuple[float, int] | None = None
    for i, b in enumerate(spec.banks):
        if b.battery in batteries and ship.bank_alive[i] > 0:
            v = 0.0 if ship.bank_spent[i] > 0 else b.value
            if best is None or v < best[0]:
                best = (v, i)
    if best is None:
        if log is not None:
            log.append(f"    {ship.label}: AE weapon damage chart {die}: no effect")
        return
    i = best[1]
    if ship.bank_spent[i] > 0:
        ship.bank_spent[i] -= 1
    ship.bank_alive[i] -= 1
    ship.battery_lost[spec.banks[i].battery] += 1
    if log is not None:
        log.append(f"    {ship.label}: AE weapon damage chart {die}: loses {spec.banks[i].battery_name} "
                   f"[{spec.banks[i].entry}]")


def damage_checks(ship: ShipState, rng: random.Random, log: list[str] | None) -> None:
    """Nova pp.14-15 (X.2: a bulleted system box checked): one die per track, 2, 1 or 0 boxes, never the last."""
    spec, rules, st = ship.spec, ship.spec.legacy, ship.legacy
    assert rules is not None and st is not None  # a Nova ship's (the End Phase calls this for one only)
    tracks = {"thrust": ("eng_hits", len(spec.engine_track)), "weapon hits": ("wpn_hits", rules.weapon_boxes),
              "ECM": (None, len(rules.ecm_track)), "shields": ("shd_hits", len(spec.shield_track))}
    done = []
    for name in NOVA_CHECK_TRACKS:
        attr, size = tracks[name]
        die = d6(rng)
        n = NOVA_CHECK_BOXES[die]
        now = st.ecm_hits if attr is None else getattr(ship, attr)
        new = max(now, min(now + n, size - 1))
        if attr is None:
            st.ecm_hits = new
        else:
            setattr(ship, attr, new)
        done.append(f"{name} {die}: {new - now}")
    ship.cm = rules.ecm_track[st.ecm_hits] if rules.ecm_track else 0
    if log is not None:
        log.append(f"    {ship.label}: Nova damage checks (bulleted system box): " + ", ".join(done))


def absorb_armor(target: ShipState, points: int) -> int:
    """X.2 "All armor boxes on a Nova starship must be checked off before any damage rolls are made": the damage
    points left to roll for after the target's armor boxes took theirs (one box per point)."""
    st = target.legacy
    if st is None or not st.armor_left or points <= 0:
        return points
    used = min(st.armor_left, points)
    st.armor_left -= used
    return points - used


# ------------------------------------------------------------------ the Combat Phase
def nova_to_hit(rng: Rng, dice: int, acc: int, mod: int) -> tuple[int, list[int], list[int]]:
    """X.2 to-hit: ``dice`` dice, each modified by ``mod`` (4.2: a natural 1 misses, a 6 that cannot hit is
    re-rolled), plus one bonus die per unmodified 1 or 6 of the initial roll. (hits, initial faces, bonus faces)."""
    def one(die: int) -> int:
        if die == 6 and needs_reroll(acc, mod, 1):
            return mount_die_hits(die, acc, mod, 1, d6(rng))
        return mount_die_hits(die, acc, mod, 1)

    first = [d6(rng) for _ in range(dice)]
    hits = sum(one(f) for f in first)
    extra = [d6(rng) for _ in range(sum(1 for f in first if f in NOVA_BONUS_FACES))]
    return hits + sum(one(f) for f in extra), first, extra


def prc_shield(shield: int) -> int:
    """X.2 Prc: the shield rating counts 50%, rounded up."""
    num, den = NOVA_PRC_SHIELD
    return -(-shield * num // den)


def nova_volley(rng: Rng, attacker: ShipState, target: ShipState, mode: NovaModeSpec, weapons: int,
                band: int, log: list[str] | None, what: str, penalty: int, bonus: int, reroll: Reroll = None,
                even_impacts: bool = False) -> int:
    """A Nova bank's attack (X.2): attack dice from the string, bonus dice, IMP by trait, DMG 1; its impact rolls
    as Unity's in a nebula (G.4, ``even_impacts``) and its damage by the one damage step every volley takes
    (the target's rules' :meth:`~drydock.engine.ship_rules.UnityRules.mark_damage`: screens, armor, its table, E.2,
    B.14). X.2 changes only
    "the number of to-hit dice", ACC, bonus dice, IMP/DMG and the shield rating; "Other traits as Nova"."""
    mod = to_hit_modifier(mode, band, target.cm + target.cloaked + penalty, attacker.fc) + bonus
    dice = mode.dice(attacker.wpn_hits) * max(weapons, 0)
    hits, first, extra = nova_to_hit(rng, dice, mode.acc, mod)
    arc = geometry(attacker.q - target.q, attacker.r - target.r, target.facing)[2]
    shield = target.shield(arc)
    if mode.prc:
        shield = prc_shield(shield)
    shield = impact_shield(mode, shield)
    imp = mode.imp_by_band[band]
    impact = roll_impact_nebula if even_impacts else roll_impact
    points = hits * imp if shield == 0 else sum(impact(rng, shield, mode.imp_mod) for _ in range(hits * imp))
    tally = target.rules.mark_damage(rng, target, mode, points * mode.dmg, arc, reroll)[0]
    if log is not None:
        log.append(f"    {what}: Nova attack at {BAND_NAMES[band]} range: {dice} attack dice (arc -{mode.arc_mod}, "
                   f"weapon hits -{attacker.wpn_hits}), ACC {mode.acc}+ mod {mod:+d}: dice {first} + bonus {extra} "
                   f"-> {hits} hit(s); impact {imp} vs {DEFENSIVE[arc]} shield {shield}"
                   + (" (Prc)" if mode.prc else "") + f" -> {points} point(s); marked hull {tally.hull}, "
                   f"engines {tally.engine}, weapons {tally.weapon}, shields {tally.shield}")
    return sum(tally.as_tuple())


# ------------------------------------------------------------------ building the ship tables
def is_nova(design: Any) -> bool:
    return getattr(design, "kind", None) == "nova"


def ship_spec(design: Any, rules: Any = None, name: str | None = None) -> ShipSpec:
    """The play tables of ``design``: a Unity design as it is; an Admiralty card (X.1) and a Nova record (X.2)
    with their rules attached (``spec.legacy``). A Nova record fights as it is, not as a Unity re-design."""
    if is_nova(design):
        spec = ShipSpec(nova_stand_in(design), rules, name)
        spec.legacy = _adapt_nova(spec, design)
        return spec
    spec = ShipSpec(design, rules, name)
    card = admiralty_card(design)
    if card is not None:
        spec.legacy = _adapt_admiralty(spec, design, card, rules)
    return spec


def nova_stand_in(record: Any) -> Any:
    """The Unity design of the parts Appendix B plays for a Nova record (hull, engines, shields, systems), or a
    :class:`~drydock.errors.DrydockError` naming the fix when the record cannot fight."""
    title = record.title or record.class_name or "Nova record"
    if record.shields is None:
        raise DrydockError(f"{title}: the Nova record has no shield rating (its shield-dice icons were illegible in "
                           "the source), so it cannot fight: give the icons on the SHIELDS line of the Nova display "
                           "(e.g. 'SHIELDS: 4 5 6 6 6') and convert it again, or set shield_icons and shields "
                           "(7 - first icon, X.2) in the record")
    return Design(faction=record.faction, class_name=record.class_name, type=record.type,
                  ship_name=record.ship_name, ship_id=record.ship_id, hull=max(record.hull, 1),
                  engines=record.engines, shields=min(record.shields, 5), systems=record.systems)


def _adapt_admiralty(spec: ShipSpec, design: Any, card: Any, rules: Any) -> LegacyRules:
    spec.cr = cr_of_record(design, spec.cr).value  # X.1: the AE CR for victory points
    spec.engine_track = card.engines
    spec.shield_track = card.shields if any(card.shields) else ()
    spec.weapons_track = ()  # weapons are lost by the chart, not by a Unity track
    index = {name: i for i, name in reversed(list(enumerate(spec.battery_names)))}
    chart = {die: tuple(index[n] for n in (card.battery(ch) for ch in letters) if n in index)
             for die, letters in card.chart}
    notes = [f"{spec.name}: {text}" for text in admiralty_unplayed(design, rules)]
    notes += [f"{spec.name}: {text}" for text in AE_READINGS]
    if not card.chart:
        notes.append(f"{spec.name}: AE weapon damage chart not in the source: weapon hits have no effect")
    spec.not_simulated = list(dict.fromkeys([*spec.not_simulated, *notes]))
    stealth = any(n.startswith("AE option Stealth") for n in design.notes)
    if stealth:
        spec.not_simulated.append(f"{spec.name}: AE stealth (X.1) is applied to weapons fire only, not to seekers, "
                                  "fighters or mines attacking it")
    return LegacyRules("admiralty", chart=chart, stealth=stealth)


def _adapt_nova(spec: ShipSpec, record: Any) -> LegacyRules:
    spec.cr = record.combat_rating or 0
    spec.title = record.title
    spec.engine_track = tuple(record.thrust)
    spec.shield_track = tuple(NOVA_SHIELD_BASE - icon for icon in record.shield_icons or ())  # X.2: 7 - icon
    spec.shield_arcs = None
    spec.weapons_track = ()
    # X.2: "1-3 Hull Hit ... 4-5 System Hit ... 6 No Effect" is the Nova ship's own table, read off the book's 4.4
    # faces (4 engine and 5 weapon: a system box, 6 shield: nothing; LegacyRules._nova), whatever a house rule
    # does to Unity's table
    spec.damage_table = DAMAGE_TABLE
    spec.cm = record.ecm[0] if record.ecm else 0
    spec.equipment = []
    spec.equipment_limit = 0
    banks: list[BankSpec] = []
    names: list[str] = []
    unity = Ruleset.unity()
    for w in record.weapons:
        if w.ma is not None and w.rof is None:
            continue  # a Seeker (Skr) battery: no ROF in X.2 -- listed as not simulated
        i = len(names)
        names.append(w.name)
        for b in w.banks:
            if w.ma is not None:  # drones: C.4 seekers, TT, MA 8, ROF 3, ACC 5+, IMP 1, DMG 1, Exp (X.2)
                m = ModeSpec(_Mode("drones", None, w.rof or 1, w.acc, w.imp, w.dmg, w.traits, ma=w.ma))  # type: ignore[arg-type]
            else:
                rof = max(b.dice, 1)  # the AI's estimate; the dice rolled come from the string (X.2)
                m = NovaModeSpec(_Mode("primary", w.range, rof, w.acc, w.imp, w.dmg, w.traits), tuple(w.attack_dice),
                                 b.modifier, "Prc" in w.nova_traits)
            banks.append(BankSpec(i, w.name, f"{b.arc}{b.modifier or ''}", b.arc, 1, 1, [m], 1.0, unity))
    spec.banks = banks
    spec.battery_names = names
    spec.battery_limits = [0] * len(names)
    spec.not_simulated = list(dict.fromkeys([
        *ALWAYS_NOT_SIMULATED,
        *(f"{spec.name}: {n}: not simulated (Appendix B system)" for n in spec.system_qty
          if n not in SIMULATED_SYSTEMS),
        *(f"{spec.name}: {text}" for text in nova_unplayed(record)),
        *(f"{spec.name}: {text}" for text in NOVA_READINGS),
    ]))
    return LegacyRules("nova", armor=record.armor, system_boxes=record.system_boxes, bullets=tuple(record.bullets),
                       ecm_track=tuple(record.ecm), weapon_boxes=record.weapon_hit_boxes or 5,
                       fighters=record.fighters_per_flight)
