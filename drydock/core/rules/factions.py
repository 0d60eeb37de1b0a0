"""House rules scoped by faction: ``factions: {Eldar: {...}}`` in a house-rule file.

A house-rule file may hold, beside the usual overrides of the Unity tables, a
``factions`` mapping. Each faction's entry is merged over the file's own overrides
(mappings merge, anything else replaces, as for any house rule) and gives that
faction its own :class:`~drydock.core.rules.Ruleset` (built with
:meth:`Ruleset.from_data`); designs of any other faction use the file's rules. The
faction ruleset is named after the faction, so its ``label`` (printed on ratings,
sheets and rosters) says which rules rated a design.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from drydock.core.model import Design
from drydock.core.rules.names import check_name
from drydock.core.rules.ruleset import Ruleset, _merge
from drydock.core.rules.unity import UNITY
from drydock.errors import RulesError
from drydock.limits import FACTIONS, LimitError


def faction_key(name: str) -> str:
    """Faction names match in any case and spacing (``eldar`` is ``Eldar``)."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class HouseRules:
    """The rules of a run: one ruleset for every design, plus one per faction with its own overrides."""

    base: Ruleset
    factions: dict[str, Ruleset] = field(default_factory=dict)
    """Faction key (see :func:`faction_key`) -> that faction's ruleset."""
    faction_names: dict[str, str] = field(default_factory=dict)
    """Faction key -> the faction's name as written in the house-rule file."""

    @classmethod
    def book(cls) -> HouseRules:
        return cls(Ruleset.unity())

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> HouseRules:
        """Split ``factions`` off a house-rule mapping; build the common ruleset and one per faction."""
        data = dict(data or {})
        scoped = data.pop("factions", None) or {}
        if not isinstance(scoped, dict):
            raise RulesError("rules entry factions: expected a mapping of faction name -> rules overrides")
        if len(scoped) > FACTIONS.value:  # before a ruleset is built (each builds and checks every table)
            raise LimitError("rules entry factions", FACTIONS, value=f"{len(scoped):,} factions")
        first: dict[str, str] = {}
        for name in scoped:
            check_name(name, f"factions.{name}")
            key = faction_key(name)
            if key in first:
                raise RulesError(f"rules entry factions.{name}: the same faction as {first[key]!r} (faction names "
                                 "match in any case and spacing); give it once")
            first[key] = name
        base = Ruleset.from_data(data)
        rulesets: dict[str, Ruleset] = {}
        names: dict[str, str] = {}
        for name, over in scoped.items():
            if not isinstance(over, dict):
                raise RulesError(f"rules entry factions.{name}: expected a mapping of rules overrides")
            if "factions" in over:
                raise RulesError(f"rules entry factions.{name}: factions cannot nest")
            merged = _merge(data, over)
            if "name" not in over:
                merged["name"] = f"{data.get('name', UNITY['name'])} + {name} faction rules"
            try:
                rulesets[faction_key(str(name))] = Ruleset.from_data(merged)
            except RulesError as exc:
                raise RulesError(f"factions.{name}: {exc}") from None
            names[faction_key(str(name))] = str(name)
        return cls(base, rulesets, names)

    def for_faction(self, faction: str) -> Ruleset:
        """The ruleset that rates a design of ``faction``."""
        return self.factions.get(faction_key(faction), self.base)

    def for_design(self, design: Design) -> Ruleset:
        return self.for_faction(design.faction)

    def is_scoped(self, design: Design) -> bool:
        """True when ``design``'s faction has rules of its own."""
        return faction_key(design.faction) in self.factions
