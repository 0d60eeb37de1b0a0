"""Load a house-rule file (YAML) over the Unity rules: ``drydock rate --rules FILE``."""

from __future__ import annotations

from pathlib import Path

from drydock.errors import RulesError
from drydock.rules import Ruleset


def load_ruleset(path: str | Path | None) -> Ruleset:
    """The Unity rules, with the house-rule file at ``path`` merged over them (``None``: the book)."""
    if path is None:
        return Ruleset.unity()
    import yaml

    text = Path(path).read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RulesError(f"{path}: not valid YAML: {exc}") from None
    try:
        return Ruleset.from_data(data or {})
    except RulesError as exc:
        raise RulesError(f"{path}: {exc}") from None
