"""The JSON Schema of the design file (``drydock schema``): every key described, names enumerated, ranges given.

The file models in :mod:`drydock.formats.fileshape` stay permissive (an illegal design
still loads so that ``validate()`` can report every problem). The schema printed for
editors is stricter: it lists the trait, system and arc names of the active ruleset
(so an editor autocompletes them and flags a typo) and the legal numeric ranges
(hull 1-35, shields 0-5 ... A.1, A.4, B.18, C.4).

Names are matched by drydock in any case and with any punctuation (``piercing 1`` is
``Pr1``); the schema accepts the same through a generated case-blind pattern, next
to an ``enum`` of the canonical spellings for completion.
"""

from __future__ import annotations

import re
from typing import Any

from drydock.core.rules import Ruleset
from drydock.formats.fileshape import DesignFile
from drydock.formats.library import extend_design_schema

#: (model, key) -> description. "DesignFile" is the top level.
DESCRIPTIONS: dict[tuple[str, str], str] = {
    ("DesignFile", "faction"): "Faction or empire, printed first in the title (A.6), e.g. 'Imperial'.",
    ("DesignFile", "class"): "Class name, printed as CLASS-class in the title (A.6), e.g. 'Majestic'.",
    ("DesignFile", "type"): "Ship type, e.g. 'Battlecruiser'.",
    ("DesignFile", "hull"): "Hull size (A.1): total SU = H x (H + 30) x 5 by the book.",
    ("DesignFile", "engines"): "Engine rating ER (A.1): costs ER x EF SU.",
    ("DesignFile", "shields"): "Shield rating 0-5 (A.1), or {fwd, port, stbd, aft} for directional shielding "
                               "(B.7).",
    ("DesignFile", "screens"): "Screens (B.18): a number, or {fwd, port, stbd, aft} for directional screens.",
    ("DesignFile", "tech"): "Technology levels -2..+2 per category (A.4); all 0 when left out.",
    ("DesignFile", "weapons"): "Weapon batteries (A.1): one weapon type each, in one or more banks.",
    ("DesignFile", "systems"): "Systems (A.5, Appendix B): names or abbreviations, or {name, qty}.",
    ("DesignFile", "ship_id"): "Ship ID printed in the display sheet's ID box.",
    ("DesignFile", "ship_name"): "Ship name printed in the display sheet's NAME box.",
    ("DesignFile", "stated"): "Figures a source states (checked against the computed ones, never trusted).",
    ("DesignFile", "notes"): "Free notes, shown by `drydock rate` and printed on the SSD.",
    ("ArcsFile", "fwd"): "Forward arc value.",
    ("ArcsFile", "port"): "Port arc value.",
    ("ArcsFile", "stbd"): "Starboard arc value.",
    ("ArcsFile", "aft"): "Aft arc value.",
    ("TechFile", "engines"): "Engines technology level -2..+2 (A.4).",
    ("TechFile", "shields"): "Shields technology level -2..+2 (A.4).",
    ("TechFile", "weapons"): "Weapons technology level -2..+2 (A.4).",
    ("TechFile", "fighters"): "Fighters technology level -2..+2 (A.4).",
    ("ModeFile", "name"): "Label of the secondary mode, e.g. 'Close Defense' (C.2).",
    ("ModeFile", "range"): "Short-medium-long range bands S-M-L in equal thirds, e.g. '4-8-12' (1.3, A.1).",
    ("ModeFile", "ma"): "Seeker movement allowance 4-12 (C.4), given instead of range.",
    ("ModeFile", "stats"): "ROFxACC+/IMP/DMG as on the display sheet, e.g. '2x5+/1/1' (A.1).",
    ("ModeFile", "traits"): "Weapon traits (C.5): abbreviations or full names, any case, e.g. [Pr1, Accurate].",
    ("WeaponFile", "name"): "Battery name as printed on the display sheet.",
    ("WeaponFile", "banks"): "Banks as the Drydock's xARCy entries: x mounts, an arc, y weapons per mount, "
                             "e.g. [2ACE, BCE2, FH, 3Fwd] (A.1, C.1, C.3).",
    ("WeaponFile", "secondary"): "A second firing mode of the same weapon (C.2).",
    ("WeaponFile", "loss_limit"): "Loss limit as a source states it (checked, A.3).",
    ("SystemFile", "name"): "System name or abbreviation (A.5).",
    ("SystemFile", "qty"): "Levels, munitions, squads, flights, beams or capacity (Appendix B).",
    ("TracksFile", "hull"): "Hull track as stated, box values from the first box down (A.3).",
    ("TracksFile", "engines"): "Engine track as stated (A.3).",
    ("TracksFile", "weapons"): "Weapons track as stated (A.3).",
    ("TracksFile", "shields"): "Shield track as stated (A.3).",
    ("StatedFile", "combat_rating"): "Combat rating as stated (A.2).",
    ("StatedFile", "tracks"): "Display-sheet tracks as stated (A.3).",
    ("StatedFile", "equipment_loss_limit"): "Equipment loss limit as stated (A.3).",
}

_STATS_PATTERN = r"^\s*(\d+|\*)\s*[x×X]\s*\d+\s*\+?\s*/\s*(\d+|\*)\s*/\s*\d+\s*$"
_RANGE_PATTERN = r"^\s*(\d+|\*)\s*-\s*\d+\s*-\s*(\d+|\*)\s*$"


def _blind(name: str) -> str:
    """A regex matching ``name`` in any case, with any punctuation or spaces between its letters and digits."""
    chars = [c for c in name if c.isalnum()]
    parts = [f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c) for c in chars]
    return r"[^A-Za-z0-9]*".join(parts)


def _names(canonical: list[str], aliases: list[str], what: str) -> dict[str, Any]:
    """A string that is one of ``canonical`` (for completion) or any spelling drydock accepts."""
    blind = "|".join(_blind(n) for n in sorted(set(canonical + aliases), key=len, reverse=True))
    return {"anyOf": [{"enum": canonical}, {"pattern": rf"^\s*(?:{blind})[^A-Za-z0-9]*$"}],
            "description": f"a {what}"}


def _bank_pattern(rules: Ruleset) -> str:
    codes = list(rules.alternate_arcs) + list(rules.data.arcs.defensive)
    arc = "|".join(_blind(c) for c in sorted(codes, key=len, reverse=True))
    letters = rules.data.arcs.component
    comp = f"[{letters}{letters.lower()}]+"
    return rf"^\s*\d*\s*(?:{arc}|{comp})\s*\d*\s*$"


def _constraints(rules: Ruleset) -> dict[tuple[str, str], dict[str, Any]]:
    top = rules.shield_max
    arc_top = int(rules.data.directional_shields.get("max_per_arc", top))
    tech = sorted(rules.tech_modifiers)
    level = {"minimum": tech[0], "maximum": tech[-1]}
    traits = list(rules.traits) + [t.name for t in rules.traits.values()]
    trait_item = _names(list(rules.traits), [t.name for t in rules.traits.values()], "weapon trait")
    trait_item["anyOf"][0]["enum"] = traits
    systems = list(rules.systems)
    aliases = [a for r in rules.systems.values() for a in r.abbr]
    system_name = _names(systems + aliases, [], "system name or abbreviation")
    return {
        ("DesignFile", "hull"): {"integer": {"minimum": rules.hull_min, "maximum": rules.hull_max}},
        ("DesignFile", "engines"): {"integer": {"minimum": 0}},
        ("DesignFile", "shields"): {"integer": {"minimum": 0, "maximum": top}},
        ("DesignFile", "screens"): {"integer": {"minimum": 0, "maximum": rules.screens_max}},
        ("DesignFile", "systems"): {"items": {"string": system_name}},
        ("ArcsFile", "fwd"): {"integer": {"minimum": 0, "maximum": arc_top}},
        ("ArcsFile", "port"): {"integer": {"minimum": 0, "maximum": arc_top}},
        ("ArcsFile", "stbd"): {"integer": {"minimum": 0, "maximum": arc_top}},
        ("ArcsFile", "aft"): {"integer": {"minimum": 0, "maximum": arc_top}},
        **{("TechFile", c): {"integer": level} for c in ("engines", "shields", "weapons", "fighters")},
        ("ModeFile", "range"): {"string": {"pattern": _RANGE_PATTERN}},
        ("ModeFile", "ma"): {"integer": {"minimum": rules.ma_min, "maximum": rules.ma_max}},
        ("ModeFile", "stats"): {"string": {"pattern": _STATS_PATTERN}},
        ("ModeFile", "traits"): {"items": trait_item},
        ("WeaponFile", "banks"): {"items": {"type": "string", "pattern": _bank_pattern(rules),
                                            "examples": ["2ACE", "BCE2", "FH", "3Fwd"]}},
        ("WeaponFile", "loss_limit"): {"integer": {"minimum": 0}},
        ("SystemFile", "name"): {"string": system_name},
        ("SystemFile", "qty"): {"integer": {"minimum": 1}},
        ("StatedFile", "combat_rating"): {"integer": {"minimum": 0}},
        ("StatedFile", "equipment_loss_limit"): {"integer": {"minimum": 0}},
    }


def _apply(prop: dict[str, Any], extra: dict[str, Any]) -> None:
    """Merge ``extra`` into ``prop``: ``{"integer": {...}}`` goes to the integer branch (of a union too)."""
    for kind, add in extra.items():
        if kind == "items":
            items = prop.setdefault("items", {})
            if "string" in add:  # a list of `str | {name, qty}`: constrain the string branch
                for branch in items.get("anyOf", [items]):
                    if branch.get("type") == "string":
                        branch.pop("type")
                        branch.update(add["string"])
            else:
                if "anyOf" in add:
                    items.pop("type", None)
                items.update(add)
            continue
        for branch in prop.get("anyOf", [prop]):
            if branch.get("type") == kind:
                branch.update(add)


def design_schema(rules: Ruleset | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the design file under ``rules`` (default: the book)."""
    rules = rules or Ruleset.unity()
    schema = extend_design_schema(DesignFile.model_json_schema(by_alias=True))
    models = {"DesignFile": schema, **schema.get("$defs", {})}
    constraints = _constraints(rules)
    for model_name, model in models.items():
        weapon_like = model_name in ("WeaponFile", "WeaponUseFile")  # a library entry has a weapon's keys
        for key, prop in model.get("properties", {}).items():
            prop.pop("title", None)
            text = DESCRIPTIONS.get((model_name, key)) or (
                DESCRIPTIONS.get(("WeaponFile", key)) if weapon_like else None) or DESCRIPTIONS.get(("ModeFile", key))
            if text or not prop.get("description"):
                prop["description"] = text or prop.get("description") or key.replace("_", " ")
            extra = constraints.get((model_name, key)) or (
                (constraints.get(("WeaponFile", key)) or constraints.get(("ModeFile", key))) if weapon_like else None)
            if extra:
                _apply(prop, extra)
    schema["title"] = "drydock design"
    schema["description"] = (f"A Starmada Unity starship design for drydock ({rules.label}). A YAML file may "
                             "also hold several designs as documents separated by ---.")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
