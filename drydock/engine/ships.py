"""Ship tables for play: a design read once into plain slotted records (no pydantic in the hot loop).

:class:`ShipSpec` holds what never changes (tracks, weapon tables, systems, CR) and is built once
per matchup from :func:`drydock.core.validation.rate`; :class:`ShipState` is one ship in one battle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TypeVar

from drydock.core.arcs import arc_components
from drydock.core.calc import Rating
from drydock.core.dac import dac_for
from drydock.core.fielding import rated_design, with_trait_codes  # noqa: F401  (re-exported)
from drydock.core.model import ArcValues, Battery, Design, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.rules.play_rules import PlayRules
from drydock.core.validation import rate
from drydock.engine.dice import DamageTally, Rng
from drydock.engine.hexgrid import DEFENSIVE_NAMES, arc_mask
from drydock.engine.tables import (
    ALWAYS_NOT_SIMULATED,
    COMPANION_NOT_SIMULATED,
    COMPANION_TRAITS,
    SCATTER_IMP,
    SIMULATED_SYSTEMS,
    SIMULATED_TRAITS,
    SYSTEM_NOTES,
    TELESCOPIC_IMP,
    TRAIT_NOTES,
)

_T = TypeVar("_T")


def copy_slots(source: object, twin: _T, names: tuple[str, ...]) -> _T:
    """``twin`` given every attribute of ``names`` that ``source`` has: a shallow copy that also works when the
    engine is compiled (hatch_build.py), where ``copy.copy`` cannot make an instance without its ``__init__``."""
    for name in names:
        if hasattr(source, name):
            setattr(twin, name, getattr(source, name))
    return twin


class LegacyStateView(Protocol):
    """A legacy ship's own counters (:class:`drydock.engine.legacy_rules.LegacyState`, which builds on these
    tables: named by what the engine uses, so that this module imports no rule module, even for types)."""

    rng: random.Random | None
    armor_left: int
    sys_hits: int
    ecm_hits: int




class ModeSpec:
    """One weapon mode's play figures (C.5 traits decoded to flags)."""

    __slots__ = ("label", "bands", "rof", "acc", "imp_by_band", "dmg", "range_mods", "imp_mod", "npr",
                 "mdl", "bls", "crn", "rpt", "frl", "vlt", "cts", "dly", "dsr", "inc", "knt", "slow",
                 "exp", "seeking", "traits", "long", "prx")

    def __init__(self, mode: WeaponMode, play: PlayRules | None = None) -> None:
        play = play or Ruleset.unity().play
        t = mode.traits
        ts = set(t)
        self.label = mode.label or "primary"
        self.traits = t
        self.seeking = mode.seeking
        self.bands = mode.range or (0, 0, 0)
        self.long = mode.long_range  # a seeker's MA (C.4)
        self.rof = mode.rof
        self.acc = mode.acc
        self.dmg = mode.dmg
        mods = play.range_modifiers  # 4.2 / C.5, from the ruleset
        key = frozenset(ts & {t for k in mods for t in k})
        self.range_mods = mods.get(key, mods[frozenset()])
        if "Sct" in ts:
            self.imp_by_band = SCATTER_IMP
        elif "Tls" in ts:
            self.imp_by_band = TELESCOPIC_IMP
        else:
            self.imp_by_band = (mode.imp, mode.imp, mode.imp)
        imp = play.impact_modifiers  # C.5, from the ruleset (the largest when several apply)
        self.imp_mod = max((imp[x] for x in ts if x in imp), default=0, key=abs)
        self.npr = "NPr" in ts
        self.mdl = "Mdl" in ts
        self.bls = "Bls" in ts
        self.crn = "Crn" in ts
        self.rpt = "Rpt" in ts
        self.frl = "FrL" in ts
        self.vlt = "Vlt" in ts
        self.cts = "Cts" in ts
        self.dly = "Dly" in ts
        self.dsr = "Dsr" in ts
        self.inc = "Inc" in ts
        self.knt = "Knt" in ts
        self.slow = t.count("Slw")
        self.exp = "Exp" in ts
        #: C.5 Proximity; the Captain's Companion's Proximity 0/2/3 too (D5.1, the radius: engine.companion_play)
        self.prx = "Prx" in ts or "Prx0" in ts or "Prx2" in ts or "Prx3" in ts

    def band(self, rng: int) -> int:
        """0 short, 1 medium, 2 long, -1 cannot attack (4.1; Bls, Crn C.5)."""
        s, m, lo = self.bands
        if rng <= s:
            return -1 if self.bls else 0
        if rng <= m:
            return 1
        if rng <= lo:
            return -1 if self.crn else 2
        return -1


#: BankSpec's attributes (a module constant: compiled classes keep no ``__slots__`` to read)
BANK_SLOTS = ("battery", "battery_name", "entry", "mask", "def_mask", "mounts", "size", "modes",
             "slow", "exp", "value", "long", "seeker", "dfn")


class BankSpec:
    """A bank: mounts of one battery firing into one arc designation (A.1, C.3)."""

    __slots__ = BANK_SLOTS

    def __init__(self, battery: int, battery_name: str, entry: str, arc: str, mounts: int, size: int,
                 modes: list[ModeSpec], value: float, rules: Ruleset | None, twin_of: BankSpec | None = None) -> None:
        if twin_of is not None:  # __copy__
            copy_slots(twin_of, self, BANK_SLOTS)
            return
        if rules is None:
            raise TypeError("a bank is built with its ruleset (None only for a copy)")
        self.battery = battery
        self.battery_name = battery_name
        self.entry = entry
        self.mask = arc_mask("".join(sorted(arc_components(arc, rules))))
        self.def_mask = 1 << DEFENSIVE_NAMES[arc] if arc in DEFENSIVE_NAMES else 0
        self.mounts = mounts
        self.size = size
        self.modes = [m for m in modes if not m.seeking]
        #: the seeking mode (C.4) of a seeker bank; a bank with any seeking mode launches seekers
        self.seeker = next((m for m in modes if m.seeking), None)
        if self.seeker is not None:
            self.modes = []
        self.dfn = any("Dfn" in m.traits for m in modes)
        self.slow = max((m.slow for m in modes), default=0)  # C.5: a dual-mode weapon reloads if either mode is Slow
        self.exp = any(m.exp for m in modes)
        self.value = value
        self.long = max((m.long for m in self.modes), default=0)

    def __copy__(self) -> BankSpec:
        return BankSpec(self.battery, self.battery_name, self.entry, "", self.mounts, self.size, self.modes,
                        self.value, None, twin_of=self)


#: ShipSpec's attributes (a module constant: compiled classes keep no ``__slots__`` to read)
SPEC_SLOTS = ("name", "title", "cr", "hull", "engine_track", "weapons_track", "shield_track",
             "shield_arcs", "screens", "dir_screens", "ionized", "cm", "fc", "lrs", "stealth",
             "boosters", "banks", "battery_limits", "battery_names", "equipment", "equipment_limit",
             "not_simulated", "engines", "afb", "flights", "launch_tubes", "hyperdrive", "marines",
             "tractor_beams",
             "stutterdrive", "overthrusters", "shockwave", "system_qty", "design", "mines", "cloak", "flares",
             "probes", "sails", "shuttles", "legacy", "damage_table", "rules_label", "companion", "dac")


class ShipSpec:
    """Everything about a design the engine needs, computed once (A.3 tracks, loss limits, CR)."""

    __slots__ = SPEC_SLOTS

    def __init__(self, design: Design, rules: Ruleset | None = None, name: str | None = None,
                 twin_of: ShipSpec | None = None) -> None:
        if twin_of is not None:  # __copy__
            copy_slots(twin_of, self, SPEC_SLOTS)
            return
        rules = rules or Ruleset.unity()
        companion = rules.play.raw.get("companion")
        design = rated_design(design, rules)  # the design as its ruleset rates it (core.fielding)
        rating = rate(design, rules)
        #: 4.4 damage table of the ruleset (house rules reach the dice here); the ruleset's label
        self.damage_table = rules.play.damage_table
        self.rules_label = rules.label
        #: the Captain's Companion's play numbers under --rules companion (engine.companion_play), else None;
        #: its damage allocation charts (D7.4) for option CC.D7
        self.companion = companion if isinstance(companion, dict) else None
        self.dac = dac_for(rating, rules) if self.companion is not None else None
        self.name = name or design.ship_name or design.class_name or design.title or "ship"
        self.title = design.title
        self.cr = rating.combat_rating
        self.hull = design.hull
        self.engines = design.engines
        self.design = design
        self.read_tracks(design, rating)
        qty = system_counts(design)
        self.read_systems(qty)
        self.read_equipment(rating)
        notes: list[str] = list(ALWAYS_NOT_SIMULATED) + (list(COMPANION_NOT_SIMULATED) if self.companion else [])
        notes += self.read_batteries(design, rating, rules)
        notes += self.system_notes(design, rules, qty)
        self.not_simulated = list(dict.fromkeys(notes))
        #: X.1 Admiralty card / X.2 Nova ship rules (drydock.engine.legacy_rules.ship_spec sets them), else None
        self.legacy: LegacyRulesView | None = None

    def read_tracks(self, design: Design, rating: Rating) -> None:
        """The A.3 tracks (engines, weapons, shields) and the defences beside them: shields by arc (C.2 Directional
        Shields) and screens, overall or by arc (B.18)."""
        t = rating.tracks
        self.engine_track = tuple(t.engines)
        self.weapons_track = tuple(t.weapons)
        self.shield_track = tuple(t.shields) if (design.shields if isinstance(design.shields, int)
                                                  else design.shields.total()) else ()
        self.shield_arcs = None
        if isinstance(design.shields, ArcValues):
            self.shield_arcs = (design.shields.fwd, design.shields.port, design.shields.stbd, design.shields.aft)
        self.dir_screens = None
        self.screens = 0
        if isinstance(design.screens, ArcValues):
            s = design.screens
            self.dir_screens = (s.fwd, s.port, s.stbd, s.aft)
        else:
            self.screens = design.screens

    def read_systems(self, qty: dict[str, int]) -> None:
        """The Appendix B systems the engine plays, from the design's count of each (``qty``)."""
        self.ionized = "Ionized Hull" in qty
        self.afb = "Anti-Fighter Batteries" in qty
        self.flights = qty.get("Carrier", 0)  # B.4: carrier capacity in flights
        self.launch_tubes = "Launch Tubes" in qty  # B.12: doubles the F.5 launch maximum
        self.cm = qty.get("Countermeasures", 0)
        self.fc = qty.get("Fire Control", 0)
        self.lrs = "Long Range Sensors" in qty
        self.stealth = qty.get("Stealth", 0)
        self.boosters = qty.get("Boosters", 0)
        # Appendix B systems played by drydock.engine.systems
        self.system_qty = qty
        self.hyperdrive = "Hyperdrive" in qty                 # B.10
        self.marines = qty.get("Marines", 0)                   # B.14 squads
        self.tractor_beams = qty.get("Tractor Beam", 0)        # B.24
        self.stutterdrive = "Stutterdrive" in qty              # B.23
        self.overthrusters = "Overthrusters" in qty            # B.16
        self.shockwave = "Shockwave" in qty                    # B.19
        self.mines = qty.get("Mines", 0)                       # B.15 markers
        self.cloak = "Cloaking Device" in qty                  # B.5
        self.flares = qty.get("Flares", 0)                     # B.9
        self.probes = qty.get("Probes", 0)                     # B.17
        self.sails = "Solar Sails" in qty                      # B.21
        self.shuttles = qty.get("Shuttlecraft", 0)             # B.20, with option F.5 only

    def read_equipment(self, rating: Rating) -> None:
        """Equipment items (A.3, B intro): one "battery" for loss limits; value = SU per item."""
        self.equipment: list[tuple[str, float]] = []
        for item in rating.systems:
            if item.type == "E":
                for _ in range(max(item.qty, 0)):
                    self.equipment.append((item.name, item.su / max(item.qty, 1)))
        self.equipment_limit = rating.equipment_loss_limit or 0

    def read_batteries(self, design: Design, rating: Rating, rules: Ruleset) -> list[str]:
        """The banks of every battery with their A.3 loss limits and names; returns what the engine does not
        simulate of them (C.5 traits, dual seeking/direct-fire modes)."""
        self.banks: list[BankSpec] = []
        self.battery_limits = list(rating.battery_loss_limits)
        self.battery_names = [b.name for b in design.weapons]
        notes: list[str] = []
        for i, (battery, br) in enumerate(zip(design.weapons, rating.batteries, strict=True)):
            modes = [ModeSpec(m, rules.play) for m in battery.modes]
            notes += self.trait_notes(battery)
            if any(m.seeking for m in modes) and any(not m.seeking for m in modes):
                notes.append(f"{self.name}: {battery.name}: dual seeking/direct-fire modes: only the seeking mode is "
                             "used")
            for bank, bk in zip(battery.banks, br.banks, strict=True):
                value = bk.su / max(bank.mounts, 1)
                self.banks.append(BankSpec(i, battery.name, bk.entry, bank.arc, bank.mounts, bank.mount_size,
                                           modes, value, rules))
        return notes

    def system_notes(self, design: Design, rules: Ruleset, qty: dict[str, int]) -> list[str]:
        """A note for each Appendix B system the engine does not simulate, with its share of the CR (A.5)."""
        notes = []
        for system in qty:
            if system not in SIMULATED_SYSTEMS:
                share = cr_share(design, rules, self.cr, system)
                notes.append(f"{self.name}: {system}: {SYSTEM_NOTES.get(system, 'not simulated')} ({share} of its CR)")
        return notes

    def trait_notes(self, battery: Battery) -> list[str]:
        """A note for each C.5 trait of ``battery``'s modes that the engine does not simulate (the Companion's own
        traits are simulated under its rules)."""
        return [f"{self.name}: {battery.name}: {TRAIT_NOTES.get(tr) or f'{tr}: trait not simulated'}"
                for m in battery.modes for tr in m.traits
                if tr not in SIMULATED_TRAITS and not (self.companion and tr in COMPANION_TRAITS)]

    @property
    def battery_count(self) -> int:
        return len(self.battery_limits)

    def __copy__(self) -> ShipSpec:
        return ShipSpec(self.design, twin_of=self)


def system_counts(design: Design) -> dict[str, int]:
    """How many of each system (Appendix B) ``design`` carries, by name, in the order it lists them."""
    qty: dict[str, int] = {}
    for e in design.systems:
        qty[e.name] = qty.get(e.name, 0) + e.qty
    return qty


def cr_share(design: Design, rules: Ruleset, cr: int, system: str) -> str:
    """The share of the design's CR that ``system`` accounts for: 1 - CR without it / CR (A.5), as "12%"."""
    if cr <= 0:
        return "0%"
    without = rate(design.model_copy(update={"systems": [e for e in design.systems if e.name != system]}),
                   rules).combat_rating
    return f"{100 * (cr - without) / cr:.0f}%"


class DacView(Protocol):
    """D7: a Companion ship's damage allocation charts (:class:`drydock.engine.companion_dac.DacState`) as E.1's
    repairs read them."""

    @property
    def crossed(self) -> dict[str, set[int]]: ...  # chart ("weapons", "systems") -> crossed locations

    def repair(self, ship: ShipState, chart: str) -> list[str]: ...  # D7.3: one location back, named


class CompanionState(Protocol):
    """A Captain's Companion ship's own state (:class:`drydock.engine.companion_play.CompanionShip`, also its rules) as
    the engine's other modules read it: ``ShipState.cc``. Named here because companion_play builds on this module."""

    tallies: int  # D5.3 Persistent tally marks
    hulk: bool  # D5.3: disabled, still on the board
    shipboard: bool  # B.14 Shipboard Combat in play (its set-up says so): a hulk's capture waits for its defenders

    @property
    def play(self) -> dict[str, Any]: ...  # play.companion (the Companion's numbers)
    engaged_turn: int  # D1: the turn and combined CR of this turn's attackers
    engaged_cr: int

    @property
    def slag(self) -> dict[str, int]: ...  # D5.4: blackened boxes per track (they stay crossed)

    @property
    def dac(self) -> DacView | None: ...  # D7 (CC.D7)

    def engaged(self, turn: int) -> int: ...  # D1: the combined CR attacking it this turn


class ShipRules(Protocol):
    """What a ship's rules do in the Combat and End Phases (4.2-4.5): :class:`drydock.engine.ship_rules.UnityRules`
    is the book's; the Captain's Companion (:class:`drydock.engine.companion_play.CompanionShip`) and Appendix X
    (:class:`drydock.engine.legacy_rules.LegacyRules`) subclass it. Named here so a ship holds its rules without
    this module importing them (they build on these tables). ``battle`` is the battle as a
    :class:`drydock.engine.table_view.TableView`, typed loosely here (that module names this one's types)."""

    @classmethod
    def combat_start(cls, battle: Any) -> None: ...

    def declare(self, battle: Any, ship: ShipState, enemies: list[ShipState], flights: list[Any]) -> list[Any]: ...

    def fire(self, rng: Rng, attack: Attack) -> int: ...

    def attack_penalty(self, band: int, penalty: int, log: list[str] | None, what: str) -> int | None: ...

    def receive(self, rng: Rng, attack: Attack) -> int: ...

    def burst(self, rng: Rng, attacker: ShipState, target: ShipState, mode: ModeSpec, weapons: int, size: int,
              band: int, log: list[str] | None, what: str, distance: int, hex_: tuple[int, int]) -> int: ...

    def mark_damage(self, rng: Rng, target: ShipState, mode: ModeSpec, dpoints: int, arc: int,
                    reroll: Callable[[int], bool] | None = None) -> tuple[DamageTally, int, int, int]: ...

    def seeker_damage(self, rng: Rng, target: ShipState, mode: ModeSpec, hits: int, arc: int,
                      impact: Callable[[Rng, int, int], int], reroll: Callable[[int], bool] | None,
                      ) -> tuple[int, DamageTally, int]: ...

    def plain_damage(self, rng: Rng, target: ShipState, rolls: int, tally: DamageTally) -> None: ...

    def flight_fighters(self, size: int) -> int: ...

    def variant_flights(self) -> bool: ...

    def apply(self, ship: ShipState, log: list[str] | None) -> bool: ...

    def shipboard_combat(self) -> None: ...  # B.14 is played (the Companion's hulks wait for their defenders)

    def inert(self, ship: ShipState) -> bool: ...


class LegacyRulesView(ShipRules, Protocol):
    """What the engine calls of a ship's X.1 Admiralty / X.2 Nova rules (:class:`drydock.engine.legacy_rules.
    LegacyRules`)."""

    @property
    def kind(self) -> str: ...

    @property
    def fighters(self) -> int: ...  # fighters a flight begins with (X.2: three)

    @property
    def stealth(self) -> bool: ...

    @property
    def weapon_boxes(self) -> int: ...

    @property
    def ecm_track(self) -> tuple[int, ...]: ...

    def new_state(self) -> LegacyStateView: ...

    def absorb_armor(self, target: ShipState, points: int) -> int: ...


#: ShipState's attributes (a module constant: compiled classes keep no ``__slots__`` to read)
STATE_SLOTS = ("spec", "side", "uid", "label", "q", "r", "heading", "facing", "speed", "prev_slips",
             "alive", "left_board", "hull_hits", "eng_hits", "wpn_hits", "shd_hits", "p_hull", "p_eng",
             "p_wpn", "p_shd", "shield_arcs", "screens", "dir_screens", "bank_alive", "bank_spent",
             "bank_fired", "bank_dfn", "battery_lost", "equipment_alive", "equipment_lost", "boosters_left",
             "cm", "fc", "lrs", "stealth", "warming", "hyper_total", "hyper_eng",
             "jumped", "marines_left", "boarders", "beams_turn", "beams_used", "captured",
             "mines_left", "cloaked", "detected", "cloak_turns", "marker",
             "flares_left", "probes_left", "wind", "legacy", "reinforced", "range_x", "er_mod", "cc",
             "casualties", "bleed", "rules")


class ShipState:
    """One ship during one battle (1.2-1.5: tracks as counts of checked boxes)."""

    __slots__ = STATE_SLOTS

    def __init__(self, spec: ShipSpec, side: int, uid: int, label: str, rules: ShipRules) -> None:
        self.spec = spec
        #: the ship's rules for volleys at it, damage marking and the End Phase (4.2-4.5): Unity's, the Companion's
        #: or Appendix X's (drydock.engine.variants.rules_for chooses them from the spec)
        self.rules = rules
        self.side = side
        self.uid = uid
        self.label = label
        self.q = self.r = 0
        self.heading = self.facing = 0
        self.speed = spec.engine_track[0] if spec.engine_track else 0  # 3.2: turn 1 prev = engine rating
        self.casualties = 0  # C.5 Deadly: hull boxes checked off as crew casualties (no E.3 explosion)
        self.bleed = 0  # B.18 Bleed-Through (--option B.18): the face on which a point passes the screens; 0 off
        self.prev_slips = (0, 0)
        self.alive = True
        self.left_board = False
        self.hull_hits = self.eng_hits = self.wpn_hits = self.shd_hits = 0
        self.p_hull = self.p_eng = self.p_wpn = self.p_shd = 0
        self.shield_arcs = list(spec.shield_arcs) if spec.shield_arcs else None
        self.screens = spec.screens
        self.dir_screens = list(spec.dir_screens) if spec.dir_screens else None
        self.bank_alive = [b.mounts for b in spec.banks]
        self.bank_spent = [0] * len(spec.banks)
        self.bank_fired = [-99] * len(spec.banks)
        self.bank_dfn = [-99] * len(spec.banks)  # turn a Dfn bank fired in the Fighter Phase
        self.battery_lost = [0] * spec.battery_count
        self.equipment_alive = [True] * len(spec.equipment)
        self.equipment_lost = 0
        self.boosters_left = spec.boosters
        self.cm = spec.cm
        self.fc = spec.fc
        self.lrs = spec.lrs
        self.stealth = spec.stealth
        self.warming = False      # B.10: hyperdrive warm-up under way ("H/" orders)
        self.hyper_total = 0
        self.hyper_eng = 0        # engine hits at the last warm-up roll (an engine hit resets the total)
        self.jumped = False
        self.marines_left = spec.marines   # B.14 squads aboard
        self.boarders = 0                  # enemy boarding parties aboard
        self.captured = False
        self.beams_turn = -1               # B.24: turn of the beams_used count
        self.beams_used = 0
        self.mines_left = spec.mines
        self.cloaked = False      # B.5: under cloak this turn ("C/" orders)
        self.detected = False
        self.cloak_turns = 0      # consecutive turns cloaked
        self.marker: ShipState | None = None  # what the enemy sees of a cloaked ship: it as it cloaked
        self.flares_left = spec.flares
        self.probes_left = spec.probes
        self.wind: int | None = None  # B.21: the direction the solar wind blows toward (ships with sails)
        self.legacy: LegacyStateView | None = spec.legacy.new_state() if spec.legacy is not None else None  # X.1/X.2
        # optional rules (engine_rating and shield read er_mod and reinforced; the core game leaves them unset)
        self.reinforced = -1      # E.6: the defensive arc reinforced this turn (-1: none)
        #: G.4 nebula, E.7: the effective range of an actual range against a target (None: the core game)
        self.range_x: Callable[[int, Any], int] | None = None
        self.er_mod = 0           # S.8 shakedown cruise: the prototype's engine rating change
        #: the Captain's Companion in play: its state (an engine.companion_play.CompanionShip, set by its setup), else
        #: None
        self.cc: CompanionState | None = None

    def __copy__(self) -> ShipState:
        return copy_slots(self, ShipState(self.spec, self.side, self.uid, self.label, self.rules), STATE_SLOTS)

    @property
    def engine_rating(self) -> int:
        """First unchecked engine box (1.2); 0 when all are checked; solar sails (B.21) adjust it."""
        t = self.spec.engine_track
        er = t[self.eng_hits] if self.eng_hits < len(t) else 0
        if self.wind is not None:
            # B.21 solar sails, by the heading against the wind: into it -50%, one hexside off downwind +50%
            # (rounded up); two hexsides off, or straight downwind (unspecified, open question 12): unchanged
            rel = (self.heading - self.wind) % 6
            if rel == 3:
                er -= er // 2
            elif rel in (1, 5):
                er += (er + 1) // 2
        if self.er_mod:  # S.8 shakedown cruise (an option; 0 in the core game)
            er = max(0, er + self.er_mod)
        return er

    def shield(self, arc: int) -> int:
        """Current shield rating facing defensive arc ``arc`` (1.2, B.7)."""
        if self.shield_arcs is not None:
            v = self.shield_arcs[arc]
        else:
            t = self.spec.shield_track
            v = t[self.shd_hits] if self.shd_hits < len(t) else 0
        if self.reinforced >= 0:  # E.6 (an option; -1 in the core game): +1 in the reinforced arc, -1 opposite
            v += (arc == self.reinforced) - (arc == 3 - self.reinforced)
        return v

    @property
    def hidden(self) -> bool:
        """Cloaked and not detected (B.5): it cannot be attacked and the enemy sees only its marker."""
        return self.cloaked and not self.detected

    @property
    def hull_left(self) -> int:
        return self.spec.hull - self.hull_hits


class Attack(NamedTuple):  # below ShipState: a compiled NamedTuple may not name a class defined after it (mypyc)
    """One volley as fired (4.2-4.4): ``weapons`` mounts of ``mode`` fired by ``attacker`` at ``target`` at range
    ``band`` (``size``: mounts per weapon, C.5 Fire-Linked). ``log``/``what``: where and under what name the rolls are
    logged (None: no log). ``penalty``: -1s fire control may cancel (flares in the line of sight B.9, terrain G,
    evasion D.3); ``bonus``: +1s (a face-up probe near the target, B.17; S.8). ``reroll(die) -> bool``: E.2 directed
    damage re-rolls; ``even_impacts``: in a nebula "any even impact roll ... automatically succeeds" (G.4)."""

    attacker: ShipState
    target: ShipState
    mode: ModeSpec
    weapons: int
    size: int
    band: int
    log: list[str] | None = None
    what: str = ""
    penalty: int = 0
    bonus: int = 0
    reroll: Callable[[int], bool] | None = None
    even_impacts: bool = False
