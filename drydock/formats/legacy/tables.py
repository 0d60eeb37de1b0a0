"""Every Appendix X mapping as data: AE traits and options (X.1), Nova traits and systems (X.2).

Each entry carries the Appendix X section (and the page of the legacy rulebook a
"no equivalent" item still needs). A correction is a one-line change here; the
converters hold no mapping of their own. Names are matched by :func:`key`
(lower-case letters and digits only), so "Extra Hull Damage", "extra-hull damage"
and "EXTRA HULL DAMAGE" are one name.

Confidence marks follow the rules reference: H plain text, M reconstructed, L guess.
"""

from __future__ import annotations

from dataclasses import dataclass


def key(text: str) -> str:
    """The lookup key of a name: lower-case letters and digits only."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


@dataclass(frozen=True)
class TraitMapping:
    """An AE weapon trait (X.1 table, Z.3 p.81): its Unity code, or ``None`` = keep AE rules."""

    ae_name: str
    unity: str | None
    section: str = "X.1, Z.3"
    ae_rules: str = ""
    """Where the AE rule lives when there is no Unity equivalent."""
    confidence: str = "H"


_AE_RULES = "AE Core pp.44-47, Annex pp.14-15"

#: X.1 / Z.3: the thirty AE traits in book order; nine have "no equivalent; use Admiralty rules".
AE_TRAITS: tuple[TraitMapping, ...] = (
    TraitMapping("Anti-Fighter", "Acr"),
    TraitMapping("Area Effect", "Prx"),
    TraitMapping("Carronade", "Crn"),
    TraitMapping("Catastrophic", "Cts"),
    TraitMapping("Continuing Damage", "Dsr"),
    TraitMapping("Crew-Killer", "Dly"),
    TraitMapping("Double Damage", None, ae_rules=_AE_RULES),
    TraitMapping("Doubled Range Modifiers", "Dfs"),
    TraitMapping("Extra Hull Damage", "Knt"),
    TraitMapping("Fighter-Exclusive", None, ae_rules=_AE_RULES),
    TraitMapping("Fire-Linked", "FrL"),
    TraitMapping("Halves Shields", None, ae_rules=_AE_RULES),
    TraitMapping("Ignores Shields", "Mdl"),
    TraitMapping("Increased Hits", None, ae_rules=_AE_RULES),
    TraitMapping("Increased Impact", None, ae_rules=_AE_RULES),
    TraitMapping("Inverted Range Modifiers", "Fcs"),
    TraitMapping("Inv Rng-Based DMG/ROF", None, ae_rules=_AE_RULES),
    TraitMapping("Inv Rng-Based IMP", "Tls"),
    TraitMapping("Minimum Range", "Bls"),
    TraitMapping("No Hull Damage", "Inc"),
    TraitMapping("No Range Modifiers", "Gid"),
    TraitMapping("Non-Piercing", "NPr"),
    TraitMapping("Piercing [X]", "Pr*"),
    TraitMapping("Range-Based DMG/ROF", None, ae_rules=_AE_RULES),
    TraitMapping("Range-Based IMP", "Sct"),
    TraitMapping("Repeating", "Rpt"),
    TraitMapping("Slow-Firing", "Slw"),
    TraitMapping("Starship-Exclusive", None, ae_rules=_AE_RULES),
    TraitMapping("Variable DMG/IMP", None, ae_rules=_AE_RULES),
    TraitMapping("Variable ROF", "Vlt"),
)

#: Other spellings players used for the table's names (the table joins DMG/ROF variants in one row).
AE_TRAIT_ALIASES: dict[str, str] = {
    "Range-Based DMG": "Range-Based DMG/ROF",
    "Range-Based ROF": "Range-Based DMG/ROF",
    "Range Based Damage": "Range-Based DMG/ROF",
    "Range Based Rate of Fire": "Range-Based DMG/ROF",
    "Inv Rng-Based DMG": "Inv Rng-Based DMG/ROF",
    "Inv Rng-Based ROF": "Inv Rng-Based DMG/ROF",
    "Inverted Range-Based DMG": "Inv Rng-Based DMG/ROF",
    "Inverted Range-Based ROF": "Inv Rng-Based DMG/ROF",
    "Inverted Range-Based DMG/ROF": "Inv Rng-Based DMG/ROF",
    "Inverted Range-Based IMP": "Inv Rng-Based IMP",
    "Variable DMG": "Variable DMG/IMP",
    "Variable IMP": "Variable DMG/IMP",
    "Variable Damage": "Variable DMG/IMP",
    "Variable Impact": "Variable DMG/IMP",
    "Slow Firing": "Slow-Firing",
    "Slow": "Slow-Firing",
    "Crew Killer": "Crew-Killer",
    "Anti Fighter": "Anti-Fighter",
    "Fire Linked": "Fire-Linked",
    "Fighter Exclusive": "Fighter-Exclusive",
    "Starship Exclusive": "Starship-Exclusive",
}

#: X.1 OQ2: "Piercing [X]" -> Pr1/Pr2 by X; other X values are not covered (M-L).
AE_PIERCING: dict[int, str] = {1: "Pr1", 2: "Pr2"}
AE_PIERCING_CONFIDENCE = "M"

_TRAIT_INDEX: dict[str, TraitMapping] = {key(t.ae_name): t for t in AE_TRAITS}
for _alias, _target in AE_TRAIT_ALIASES.items():
    _TRAIT_INDEX[key(_alias)] = _TRAIT_INDEX[key(_target)]


def ae_trait(name: str) -> TraitMapping | None:
    """The X.1 row for an AE trait name (any case/spelling listed above), or ``None``."""
    return _TRAIT_INDEX.get(key(name))


@dataclass(frozen=True)
class OptionMapping:
    """An AE starship option (X.1 "Starship Options") and what Unity does with it.

    ``action``: ``system`` (becomes Unity system ``unity``), ``capacity`` (capacity / ``divisor``,
    rounded to nearest, becomes ``unity`` or the option's own Unity name), ``legacy`` (no
    equivalent: keep the AE rule, a note on the design), ``ignore`` (X.1 says it is ignored; noted).
    """

    ae_name: str
    action: str
    unity: str | None = None
    section: str = "X.1"
    rule: str = ""
    confidence: str = "H"


#: X.1 1.1 fighters and auxiliary services: capacity / 50, rounded to nearest.
AE_CAPACITY_DIVISOR = 50

AE_OPTIONS: tuple[OptionMapping, ...] = (
    OptionMapping("Anti-Fighter Batteries", "legacy", rule="revamped in Unity; keep the AE rules (Rules Annex p.10)"),
    OptionMapping("Armor Plating", "system", "Ionized Hull", rule="becomes B.11 Ionized Hull"),
    OptionMapping("Cargo", "capacity", "Cargo", rule="Auxiliary Services: capacity / 50, rounded to nearest"),
    OptionMapping("Hospital", "capacity", "Hospital", rule="Auxiliary Services: capacity / 50, rounded to nearest"),
    OptionMapping("Repair", "capacity", "Repair", rule="Auxiliary Services: capacity / 50, rounded to nearest"),
    OptionMapping("Science", "capacity", "Science", rule="Auxiliary Services: capacity / 50, rounded to nearest"),
    OptionMapping("Transport", "capacity", "Transport", rule="Auxiliary Services: capacity / 50, rounded to nearest"),
    OptionMapping("Carrier", "capacity", "Carrier", section="X.1 (1.1)",
                  rule="fighter capacity / 50, rounded to nearest; all capacity becomes ordinary fighters"),
    OptionMapping("Faceted Shielding", "legacy", rule="no equivalent; use the AE rules (Annex pp.11-12)"),
    OptionMapping("Flotillas", "legacy", rule="no equivalent; use the AE rules (Annex pp.12-13)"),
    OptionMapping("Flotilla", "legacy", rule="no equivalent; use the AE rules (Annex pp.12-13)"),
    OptionMapping("Marines", "system", "Marines", confidence="M",
                  rule="Unity marines (B.14); the AE figure is kept as the number of squads (OQ5)"),
    OptionMapping("Boarding Pods", "ignore", rule="ignored: Unity marines board inherently (B.14)"),
    OptionMapping("Teleporters", "ignore", rule="ignored: Unity marines board inherently (B.14)"),
    OptionMapping("Teleports", "ignore", rule="ignored: Unity marines board inherently (B.14)"),
    OptionMapping("Point Defense", "legacy", rule="no equivalent; use the AE rules (Annex p.11)"),
    OptionMapping("Regeneration", "legacy", rule="not (yet) adapted; use the AE rules (Core p.40)"),
    OptionMapping("Screens", "legacy", rule="no equivalent; use the AE rules (Core pp.40-41)"),
    OptionMapping("Stealth", "legacy",
                  rule="AE stealth in Unity play: attacks on this ship get an extra -1 to hit and none at long range"),
)

_OPTION_INDEX: dict[str, OptionMapping] = {key(o.ae_name): o for o in AE_OPTIONS}


def ae_option(name: str) -> OptionMapping | None:
    """The X.1 row for an AE starship option, or ``None`` (then Appendix B applies by name)."""
    return _OPTION_INDEX.get(key(name))


#: AE "Tech Levels E F G S W" letters -> Unity A.4 categories; G has no known meaning (X.1 OQ5).
AE_TECH_LETTERS: dict[str, str | None] = {"E": "engines", "F": "fighters", "G": None, "S": "shields",
                                          "W": "weapons"}

#: X.1 1.1: short = RNG / 3, medium = 2 RNG / 3; rounding not stated (OQ3): nearest, flagged.
AE_RANGE_THIRDS = (1, 2, 3)
AE_RANGE_ROUNDING = "nearest (half up)"

#: X.1 1.1: damage-roll changes for AE cards in Unity play (kept as a legacy note).
AE_DAMAGE_RULE = ("AE damage (X.1): roll on the Unity damage table; an engine or shield hit checks two boxes of "
                  "the AE track; a weapon hit rolls twice on the AE weapon damage chart")

# ---------------------------------------------------------------------------- Nova (X.2)


@dataclass(frozen=True)
class NovaTrait:
    """A Nova weapon trait (X.2 "Combat"): what it does to the Unity-compatible weapon."""

    code: str
    name: str
    effect: str
    unity_trait: str | None = None
    acc: int | None = None
    imp: int | None = None
    seeking: bool = False
    section: str = "X.2"


NOVA_ACC = 5
"""X.2: ACC 5+ for all Nova weapons (4+ with Accurate)."""
NOVA_IMP = 1
"""X.2: IMP 1 for all Nova weapons unless Dx2/Dx3."""
NOVA_DMG = 1
"""X.2: DMG 1 always."""

NOVA_TRAITS: tuple[NovaTrait, ...] = (
    NovaTrait("Acr", "Accurate", "ACC 4+", acc=4),
    NovaTrait("Cts", "Catastrophic", "treated as Kinetic", unity_trait="Knt"),
    NovaTrait("Dx2", "Double Damage", "IMP 2", imp=2),
    NovaTrait("Dx3", "Triple Damage", "IMP 3", imp=3),
    NovaTrait("Prc", "Piercing", "target's shield rating counts 50%, rounded up"),
    NovaTrait("Skr", "Seeker", "C.4 seeking weapon, MA = its Nova short range", seeking=True),
)
_NOVA_TRAIT_INDEX: dict[str, NovaTrait] = {}
for _t in NOVA_TRAITS:
    _NOVA_TRAIT_INDEX[key(_t.code)] = _t
    _NOVA_TRAIT_INDEX[key(_t.name)] = _t


def nova_trait(text: str) -> NovaTrait | None:
    """The X.2 row for a Nova trait code or name; ``None`` = Nova rules (pp.23-25) apply."""
    return _NOVA_TRAIT_INDEX.get(key(text))


NOVA_OTHER_TRAITS_RULE = "Nova rules apply (Nova pp.23-25); not in our sources"


@dataclass(frozen=True)
class NovaSystem:
    """A Nova system (X.2 "Fighters and systems"); ``action`` as for :class:`OptionMapping`
    plus ``drones`` (seeking weapons), ``double`` (level x 2) and ``flights`` (fighters)."""

    nova_name: str
    action: str
    unity: str | None = None
    rule: str = ""
    section: str = "X.2"
    confidence: str = "H"


NOVA_CAPACITY_DIVISOR = 50
NOVA_FIGHTERS_PER_FLIGHT = 3
"""X.2: Nova flights start with three fighters (not six) and may not be F.4 variants."""

#: X.2: "Drones" become C.4 seeking weapons with these statistics.
NOVA_DRONE_WEAPON = {"arc": "TT", "ma": 8, "rof": 3, "acc": 5, "imp": 1, "dmg": 1, "traits": ("Exp",)}

NOVA_SYSTEMS: tuple[NovaSystem, ...] = (
    NovaSystem("Cargo", "capacity", "Cargo", "Auxiliary Services: capacity / 50, rounded to nearest"),
    NovaSystem("Hospital", "capacity", "Hospital", "Auxiliary Services: capacity / 50, rounded to nearest"),
    NovaSystem("Repair", "capacity", "Repair", "Auxiliary Services: capacity / 50, rounded to nearest"),
    NovaSystem("Science", "capacity", "Science", "Auxiliary Services: capacity / 50, rounded to nearest"),
    NovaSystem("Transport", "capacity", "Transport", "Auxiliary Services: capacity / 50, rounded to nearest"),
    NovaSystem("Directional Defenses", "legacy", rule="no equivalent; Nova rules p.17"),
    NovaSystem("Drones", "drones", rule="C.4 seeking weapons: TT, MA 8, ROF 3, ACC 5+, IMP 1, DMG 1, Expendable; "
                                       "one weapon per drone entry unless a quantity is given (OQ11)",
               confidence="M"),
    NovaSystem("Escort", "legacy", rule="not yet adapted; Nova rules p.18"),
    NovaSystem("Fragile Systems", "legacy", rule="no equivalent; Nova rules p.19"),
    NovaSystem("Regenerating", "legacy", rule="not yet adapted; Nova rules p.22"),
    NovaSystem("Reinforced Systems", "legacy", rule="no equivalent; Nova rules p.22"),
    NovaSystem("Scout", "legacy", rule="not yet adapted; Nova rules p.22"),
    NovaSystem("Stealth", "double", "Stealth", "double the rating: Stealth (1) -> Stealth (2)"),
    NovaSystem("Carrier", "flights", "Carrier", "flights 1:1 (OQ11), three fighters per flight", confidence="M"),
    NovaSystem("Fighters", "flights", "Carrier", "flights 1:1 (OQ11), three fighters per flight", confidence="M"),
)
_NOVA_SYSTEM_INDEX = {key(s.nova_name): s for s in NOVA_SYSTEMS}


def nova_system(name: str) -> NovaSystem | None:
    """The X.2 row for a Nova system, or ``None`` (then Appendix B applies by name)."""
    return _NOVA_SYSTEM_INDEX.get(key(name))


#: X.2.1: the middle hull group becomes system boxes; bullets in box ceil(n/2) and the last box.
NOVA_SYSTEM_BOX_GROUP = 1
#: X.2.2: the CR adjustments by shield-dice icon pattern; the patterns are lost (OQ7), so the
#: player names the percentage. 344 x 1.05 = 361.2 -> 361: rounded to nearest (half up).
NOVA_CR_MODIFIERS_PERCENT = (10, 5, 0, -5)
#: X.2.3: shield rating = SHIELD_BASE - value of the first unchecked shield-dice icon.
NOVA_SHIELD_BASE = 7

# ---------------------------------------------------------------------------- AE post idioms (not rules)

#: Ship types players write after the class name (longest match first when a header has no "class" word:
#: "Zhodani Consulate Vrapkenchkinj Light Battlecruiser" -> type "Light Battlecruiser", class "Vrapkenchkinj").
#: A vocabulary of the forum's usage, not a rule; add a type here, not in the reader.
AE_SHIP_TYPES: tuple[str, ...] = (
    "Battleship", "Battle Ship", "Battlecruiser", "Battle Cruiser", "Light Battlecruiser", "Heavy Battlecruiser",
    "Battlestar", "Battle Star", "Dreadnought", "Super Dreadnought", "Superdreadnought", "Dreadnaught",
    "Cruiser", "Heavy Cruiser", "Light Cruiser", "Strike Cruiser", "Command Cruiser", "Escort Cruiser",
    "Destroyer", "Heavy Destroyer", "Light Destroyer", "Destroyer Escort", "Frigate", "Heavy Frigate",
    "Light Frigate", "Corvette", "Escort", "Carrier", "Fleet Carrier", "Light Carrier", "Escort Carrier",
    "Strike Carrier", "Assault Carrier", "Monitor", "Gunboat", "Scout", "Cutter", "Patrol Boat", "Tender",
    "Tug", "Tugboat", "Transport", "Cargo Transport", "Troop Transport", "Freighter", "Tanker", "Liner",
    "Starbase", "Base", "Battle Station", "Station", "Fortress", "Star Fortress", "Mothership", "Flagship",
)

#: A posted band printed as "---". X.1 gives bands from a single RNG only (short = RNG/3, medium = 2 RNG/3).
#: Where the battery has the trait that hides that band (AE Carronade: no long band -> Unity Crn, whose display
#: shows "*" in place of the long band; AE Minimum Range -> Unity Bls, "*" in place of the short band; C.5),
#: the band is recoverable from equal thirds (weapons.md OQ8: "with standard equal bands the hidden band is
#: recoverable (S = L/3, M = 2L/3)"). Otherwise no rule gives it: the reading below is used and stated in the
#: conversion report and on the sheet (the design's notes); the first is the default, the other an option.
AE_HIDING_TRAITS: dict[str, int] = {"Carronade": 2, "Minimum Range": 0}
"""AE trait -> the band (0 short, 2 long) it hides."""
AE_MISSING_BAND_READINGS: dict[str, str] = {
    "empty": "no rule gives a band printed '---' on a battery without Carronade (long) or Minimum Range "
             "(short): it is read as empty, ending where the band before it ends (short: 0), so "
             "'1-8/9-16/---' is 8-16-16 -- the posted numbers kept, nothing added",
    "thirds": "no rule gives a band printed '---' on a battery without Carronade (long) or Minimum Range "
              "(short): X.1's thirds of the longest printed range are used, so '1-8/9-16/---' is RNG 16 -> "
              "5-11-16 (X.1 1.1, rounded to nearest, OQ3)",
}
AE_MISSING_BAND_DEFAULT = "empty"
AE_HIDDEN_BAND_READING = ("the band printed '---' is hidden by the battery's {trait} (Unity {code}: '*' in place of "
                          "that band, C.5); with equal bands it is recovered as equal thirds (weapons.md OQ8)")

#: Players' proposed mappings for AE traits X.1 leaves to the Admiralty rules, as named readings
#: (``convert --reading increased-hits=c3-mounts``). The default keeps X.1's "no equivalent; use Admiralty rules"
#: until a rule settles it; another reading is the proposal, applied as quoted and stated with its quote in the report
#: and the design's notes (which the sheet prints).
AE_PROPOSALS_SOURCE = ("MRCAcct, \"Starmada Unity Conversion Notes\", MJ12 Games forum, 16 April 2017 "
                       "(https://mj12games.com/forum/viewtopic.php?pid=39233)")


@dataclass(frozen=True)
class TraitReading:
    """One reading of an AE trait that X.1 leaves to the Admiralty rules: what it does, and the words it comes from."""

    trait: str
    """The X.1 row it reads (:data:`AE_TRAITS`)."""
    name: str
    does: str
    quote: str = ""
    source: str = ""


AE_TRAIT_READING_DEFAULT = "ae-rules"
AE_TRAIT_READINGS: dict[str, dict[str, TraitReading]] = {
    "increased-hits": {
        "ae-rules": TraitReading("Increased Hits", "ae-rules", "no equivalent; use Admiralty rules (X.1)"),
        "c3-mounts": TraitReading(
            "Increased Hits", "c3-mounts",
            "each weapon becomes a C.3 multi-weapon mount sized by its ACC (6+: 1, 5+: 2, 4+: 3, 3+: 4, 2+: 5 weapons "
            "per mount; above C.3's quad mount, 4)",
            "Increased Hits - Use the C.3 Multi-Weapon Mount rule based on the original ACC value; 6+ = 1 mount, "
            "5+ = 2 mounts, 4+ = 3 mounts, 3+ =4 mounts, 2+ = 5 mounts", AE_PROPOSALS_SOURCE),
    },
    "variable-damage": {
        "ae-rules": TraitReading("Variable DMG/IMP", "ae-rules", "no equivalent; use Admiralty rules (X.1)"),
        "volatile-half": TraitReading(
            "Variable DMG/IMP", "volatile-half",
            "the battery becomes Volatile (Vlt, C.5) with half its weapons (rounded up)",
            "Variable ROF/IMP/DMG - Change Variable to Volatile and 1/2 number of mounts", AE_PROPOSALS_SOURCE),
    },
}
"""reading group -> reading name -> :class:`TraitReading`; the first of each group is the default."""

#: C.3 as the proposal reads Increased Hits: the original ACC -> weapons per mount (a die scores up to 7 - ACC hits).
AE_MOUNT_BY_ACC: dict[int, int] = {6: 1, 5: 2, 4: 3, 3: 4, 2: 5}


def trait_reading_group(trait: str) -> str | None:
    """The reading group of an AE trait row name ("Increased Hits" -> "increased-hits"), or None."""
    return next((group for group, rows in AE_TRAIT_READINGS.items()
                 if rows[AE_TRAIT_READING_DEFAULT].trait == trait), None)
