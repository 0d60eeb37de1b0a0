"""The rules each side of a battle plays under, named (issue 45): the ruleset, the house-rule file and any faction
entry in play, with the ships under each.

A ship fights, scores and is rated under the rules in force for it (:func:`drydock.core.fielding.rules_in_force`):
with ``--rules``, that file's faction entry for its faction or else the file's common rules; without, its fleet's
own ``rules:`` file (with that file's faction entry for its faction), or else the battle's rules (the book). The
battle's tables (2.2 sizes, 4.4 damage, the options' numbers) are the battle's rules. :func:`rules_in_play` groups
the ships of each side by what they play under; :func:`rules_line` and :func:`in_force_lines` are how a battle's
JSON (``rules``, ``in_force``) and its text and HTML headers name them. A tournament has no sides: its designs are
grouped the same way (:func:`entrant_rules`, side ``""``) and named in the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from drydock.core.fielding import design_key
from drydock.core.fleet import Fleet
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.rules.factions import HouseRules, faction_key
from drydock.engine.montecarlo import Summary

SIDES = "AB"


@dataclass(frozen=True)
class RulesInPlay:
    """Ships of one side under one ruleset: its label, the house-rule file it comes from, the faction entry."""

    side: str
    label: str
    file: str | None
    faction: str | None
    ships: tuple[str, ...]

    @property
    def is_book(self) -> bool:
        return self.file is None and self.faction is None and self.label == Ruleset.unity().label

    def words(self) -> str:
        """``Home Guard campaign rules (house rules, 017b5a8e) from house-rules.yaml, its Kzinti faction entry``."""
        return (self.label + (f" from {self.file}" if self.file else "")
                + (f", its {self.faction} faction entry" if self.faction else ""))

    def to_dict(self) -> dict[str, object]:
        if not self.side:  # a tournament's designs
            return {"rules": self.label, "file": self.file, "faction": self.faction, "designs": list(self.ships)}
        return {"side": self.side, "rules": self.label, "file": self.file, "faction": self.faction,
                "ships": list(self.ships)}


def _faction(house: HouseRules, design: Design) -> str | None:
    key = faction_key(design.faction)
    return house.faction_names.get(key, design.faction) if key in house.factions else None


def _fleet_rules_file(fleet: Fleet) -> str | None:
    """The fleet's house-rule file, as a path from where the fleet file was read (the fleet names it relative
    to itself)."""
    if fleet.rules_file is None or fleet.file is None or Path(fleet.rules_file).is_absolute():
        return fleet.rules_file
    return str(Path(fleet.file).parent / fleet.rules_file)


def _groups(designs: Sequence[Design], names: Sequence[str], fleets: Sequence[Fleet], battle: Ruleset,
            battle_file: str | None, house: HouseRules | None, rules_file: str | None
            ) -> dict[tuple[str, str | None, str | None], list[str]]:
    """(label, file, faction) -> the names of the designs under it, in order."""
    own: dict[str, Fleet] = {}
    for f in fleets:
        for ship in f.ships():
            own.setdefault(design_key(ship), f)
    groups: dict[tuple[str, str | None, str | None], list[str]] = {}
    for design, name in zip(designs, names, strict=True):
        label, file, faction = battle.label, battle_file, None
        fleet: Fleet | None = own.get(design_key(design)) if house is None else None
        if house is not None and house.is_scoped(design):  # --rules: its faction entry
            label, file, faction = house.for_design(design).label, rules_file, _faction(house, design)
        elif fleet is not None and not fleet.rules_for(design).is_book:  # the fleet's own rules
            label, file, faction = fleet.rules_for(design).label, _fleet_rules_file(fleet), _faction(fleet.house,
                                                                                                 design)
        groups.setdefault((label, file, faction), []).append(name)
    return groups


def rules_in_play(sides: tuple[Sequence[Design], Sequence[Design]], labels: tuple[Sequence[str], Sequence[str]],
                  fleets: tuple[Sequence[Fleet], Sequence[Fleet]], rules: Ruleset | None = None,
                  house: HouseRules | None = None, rules_file: str | None = None) -> list[RulesInPlay]:
    """Each side's ships grouped by the rules they play under, in ship order (``labels``: the battle's ship labels,
    ``A1 Majestic``; ``fleets``: each side's fleet files; ``rules``/``house``/``rules_file``: ``--rules``)."""
    battle = rules or Ruleset.unity()
    battle_file = rules_file if not battle.is_book else None
    out: list[RulesInPlay] = []
    for side, (designs, names) in enumerate(zip(sides, labels, strict=True)):
        ids = [name.split(" ", 1)[0] for name in names]
        groups = _groups(designs, ids, fleets[side], battle, battle_file, house, rules_file)
        out += [RulesInPlay(SIDES[side], label, file, faction, tuple(ships))
                for (label, file, faction), ships in groups.items()]
    return out


def entrant_rules(designs: Sequence[Design], names: Sequence[str], fleets: Sequence[Fleet],
                  rules: Ruleset | None = None, house: HouseRules | None = None,
                  rules_file: str | None = None) -> list[RulesInPlay]:
    """A tournament's designs (``names``: as its ranking names them) grouped by the rules they play under, as
    :func:`rules_in_play` groups a side's ships (``fleets``: every fleet file entered)."""
    battle = rules or Ruleset.unity()
    groups = _groups(designs, names, fleets, battle, rules_file if not battle.is_book else None, house, rules_file)
    return [RulesInPlay("", label, file, faction, tuple(who)) for (label, file, faction), who in groups.items()]


def rules_line(groups: list[RulesInPlay], rules: Ruleset | None = None) -> str:
    """The battle's ``rules``: ``Unity v2.0`` when every ship and the tables are the book's; else the tables' rules
    and each side's (``A: ... for A1, A2; ... for A4``)."""
    battle = rules or Ruleset.unity()
    if all(g.label == battle.label and g.faction is None for g in groups):  # one ruleset for every ship and the tables
        files = {g.file for g in groups if g.file}
        return battle.label + (f" from {files.pop()}" if len(files) == 1 else "")
    sides = []
    for side in dict.fromkeys(g.side for g in groups):  # A then B; a tournament's one group of designs ("")
        mine = [g for g in groups if g.side == side]
        if len(mine) == 1 and side:
            sides.append(f"{side}: {mine[0].words()}")
        else:
            sides.append((f"{side}: " if side else "")
                         + "; ".join(f"{g.words()} for {', '.join(g.ships)}" for g in mine))
    return f"{battle.label} (the battle's tables); " + "; ".join(sides)


def in_force_lines(groups: list[RulesInPlay]) -> list[str]:
    """The house rules and faction entries in play, for the battle's ``in_force`` (book groups say nothing)."""
    out = []
    for g in groups:
        if g.is_book:
            continue
        what = f"{g.faction} faction entry" if g.faction else "house rules"
        who = f"{g.side}: {', '.join(g.ships)}" if g.side else ", ".join(g.ships)
        out.append(f"{what} ({who}): {g.label}" + (f" from {g.file}" if g.file else ""))
    return out


def name_rules(summary: Summary, groups: list[RulesInPlay], rules: Ruleset | None = None) -> None:
    """Name the rules in play in ``summary``'s ``rules`` (its header's ``rules:`` line) and ``in_force``."""
    line = rules_line(groups, rules)
    summary.house_rules = None if line == Ruleset.unity().label else line
    named = in_force_lines(groups)
    summary.in_force = [n for n in summary.in_force if n not in named] + named  # the options first, then the rules


__all__ = ["RulesInPlay", "entrant_rules", "in_force_lines", "name_rules", "rules_in_play", "rules_line"]
