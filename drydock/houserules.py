"""Load a house-rule file (YAML) over the Unity rules: ``drydock rate --rules FILE``.

A file may also scope overrides to one faction (``factions: {Eldar: {...}}``, see
:mod:`drydock.rules.factions`): :func:`load_house_rules` returns every ruleset of
the file, :func:`load_ruleset` the one for designs of no listed faction.
"""

from __future__ import annotations

from pathlib import Path

from drydock.errors import RulesError
from drydock.rules import Ruleset
from drydock.rules.factions import HouseRules


def load_house_rules(path: str | Path | None) -> HouseRules:
    """The Unity rules with the house-rule file at ``path`` merged over them, per faction (``None``: the book)."""
    if path is None:
        return HouseRules.book()
    import yaml

    text = Path(path).read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RulesError(f"{path}: not valid YAML: {exc}") from None
    if data is not None and not isinstance(data, dict):
        raise RulesError(f"{path}: a house-rule file must be a mapping of rules entries")
    try:
        return HouseRules.from_data(data or {})
    except RulesError as exc:
        raise RulesError(f"{path}: {exc}") from None


def load_ruleset(path: str | Path | None) -> Ruleset:
    """The Unity rules, with the house-rule file at ``path`` merged over them (``None``: the book)."""
    return load_house_rules(path).base
