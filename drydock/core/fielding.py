"""The rules each ship fights under and the combat rating it is fielded at: one home for every consumer.

A battle, its report, its VP target (2.2) and a tournament's scoring all read the CR given here, which is the
figure ``drydock rate`` prints: the Appendix A rating (A.2) under the rules in force for that design (a
bundled ruleset, a house-rule file, a fleet's ``rules:``, a faction entry), or the CR of record of an
Admiralty card (X.1) or a Nova record (X.2) (:func:`drydock.core.admiralty_card.cr_of_record`).

The rules in force for a design are the battle's (``--rules``, else the book), unless the design came with
rules of its own (a fleet's ``rules:`` or a faction entry): those travel with the battle as ``ship_rules``,
pairs of (:func:`design_key`, ruleset), so that worker processes and a tournament's pairings find them
again for the same design.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from drydock.core.admiralty_card import cr_of_record
from drydock.core.model import Design, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.validation import rate

#: (design key, the ruleset that design fights under), for designs whose rules are not the battle's.
ShipRules = tuple[tuple[str, Ruleset], ...]


def design_key(design: Any) -> str:
    """A short stable hash of a design's content (names and IDs included): how ``ship_rules`` find it."""
    dump = design.model_dump(mode="json", by_alias=True) if hasattr(design, "model_dump") else repr(design)
    blob = json.dumps(dump, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def rules_in_force(design: Any, rules: Ruleset | None, ship_rules: ShipRules | None = None) -> Ruleset | None:
    """The ruleset ``design`` fights under: its own (``ship_rules``) if it has one, else the battle's ``rules``."""
    if ship_rules:
        key = design_key(design)
        for k, r in ship_rules:
            if k == key:
                return r
    return rules


def with_trait_codes(design: Design, rules: Ruleset) -> Design:
    """``design`` with every trait written by its ruleset code (a design read without the ruleset keeps the names)."""

    def codes(m: WeaponMode) -> WeaponMode:
        return m.model_copy(update={"traits": tuple(rules.trait_code(t) or t for t in m.traits)})

    weapons = tuple(b.model_copy(update={"primary": codes(b.primary),
                                         "secondary": codes(b.secondary) if b.secondary is not None else None})
                    for b in design.weapons)
    return design.model_copy(update={"weapons": weapons})


def rated_design(design: Design, rules: Ruleset) -> Design:
    """``design`` as ``rules`` rate it: under the Captain's Companion, traits as players write them ("Enveloping
    2") by their codes (Env2), as ``rate`` reads a file under those rules; otherwise as it is."""
    if isinstance(rules.play.raw.get("companion"), dict):
        return with_trait_codes(design, rules)
    return design


def fielded_cr(design: Any, rules: Ruleset | None = None) -> int:
    """The CR ``design`` is fielded at under ``rules`` (None: the book): A.2, or the X.1/X.2 CR of record."""
    if getattr(design, "kind", None) == "nova":
        return cr_of_record(design).value
    rules = rules or Ruleset.unity()
    return cr_of_record(design, rate(rated_design(design, rules), rules).combat_rating).value
