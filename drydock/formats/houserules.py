"""Load a house-rule file (YAML) over the Unity rules: ``drydock rate --rules FILE``.

A file may also scope overrides to one faction (``factions: {Eldar: {...}}``, see
:mod:`drydock.core.rules.factions`): :func:`load_house_rules` returns every ruleset of
the file, :func:`load_ruleset` the one for designs of no listed faction.

A rules file is bounded before it is read (:data:`MAX_RULES_BYTES`, :data:`MAX_RULES_DEPTH`),
must be UTF-8 YAML without aliases, and every failure is one clean
:class:`~drydock.errors.RulesError` line naming the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drydock import limits
from drydock.core.rules import Ruleset
from drydock.core.rules.companion import BUNDLED
from drydock.core.rules.factions import HouseRules
from drydock.core.rules.ruleset import _merge
from drydock.errors import DrydockError, RulesError, yaml_hint
from drydock.formats.files import open_regular

MAX_RULES_BYTES = limits.RULES_FILE.value  # every sanity limit is listed in drydock/limits.py
MAX_RULES_DEPTH = limits.RULES_DEPTH.value


def bundled_names() -> dict[str, str]:
    """Bundled ruleset name -> its one-line description (``drydock rules --list``)."""
    return {name: text for name, (text, _) in BUNDLED.items()}


def is_bundled(path: str | Path | None) -> bool:
    """True when ``--rules`` names a bundled ruleset (a bare name such as ``companion``, not a path)."""
    return isinstance(path, str) and path in BUNDLED


def _with_base(data: Any, path: str | Path) -> Any:
    """A house-rule mapping with ``base: NAME`` merged over that bundled ruleset's data."""
    if not isinstance(data, dict) or "base" not in data:
        return data

    data = dict(data)
    base = data.pop("base")
    if not isinstance(base, str) or base not in BUNDLED:
        raise RulesError(f"{path}: base must name a bundled ruleset ({', '.join(BUNDLED)}), not {str(base)[:40]!r}")
    over = BUNDLED[base][1]
    merged = _merge(over, data)
    if "name" not in data:
        merged["name"] = f"{over['name']} + {Path(path).name}"
    return merged


def load_house_rules(path: str | Path | None) -> HouseRules:
    """The Unity rules with the house-rule file at ``path`` merged over them, per faction (``None``: the book).

    ``path`` may instead name a bundled ruleset (``companion``, ``seeker-fix``); a file may build on
    one with ``base: NAME`` (its entries merged over the bundled ones).
    """
    if path is None:
        return HouseRules.book()
    if is_bundled(path):
        return HouseRules.from_data(BUNDLED[str(path)][1])

    try:
        with open_regular(path) as fh:  # a FIFO, device or directory is refused, never waited on
            raw = fh.read(MAX_RULES_BYTES + 1)
    except DrydockError as exc:
        raise RulesError(str(exc)) from None
    except OSError as exc:
        raise RulesError(f"{path}: cannot read the rules file: {exc.strerror or exc}") from None
    if len(raw) > MAX_RULES_BYTES:
        raise RulesError(f"{path}: a rules file may be at most {MAX_RULES_BYTES:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesError(f"{path}: not UTF-8 text (byte {exc.start + 1})") from None
    data = _parse_yaml(text, path)
    if data is not None and not isinstance(data, dict):
        raise RulesError(f"{path}: a house-rule file must be a mapping of rules entries")
    data = _with_base(data, path)
    try:
        return HouseRules.from_data(data or {})
    except DrydockError as exc:  # RulesError, or a LimitError (too many factions)
        raise RulesError(f"{path}: {exc}") from None


def load_ruleset(path: str | Path | None) -> Ruleset:
    """The Unity rules, with the house-rule file at ``path`` merged over them (``None``: the book)."""
    return load_house_rules(path).base


def _parse_yaml(text: str, path: str | Path) -> Any:
    # lazy: PyYAML loads for YAML files only
    import yaml

    from drydock.formats.safeyaml import ScalarErrors

    class _Loader(ScalarErrors, yaml.SafeLoader):
        """Safe YAML without aliases (no expansion bombs) and with bounded nesting."""

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                mark = self.peek_event().start_mark
                raise RulesError(f"{path}:{mark.line + 1}: YAML aliases (*name) are not allowed in rules files "
                                 "(a value starting with * is read as one: quote it, e.g. \"*-6-12\")")
            self._depth = getattr(self, "_depth", 0) + 1
            try:
                if self._depth > MAX_RULES_DEPTH:
                    mark = self.peek_event().start_mark
                    raise RulesError(f"{path}:{mark.line + 1}: nested more than {MAX_RULES_DEPTH} levels deep")
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1

        def unreadable(self, node: Any, message: str) -> Exception:
            return RulesError(f"{path}:{node.start_mark.line + 1}: {message}")

    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        where = f"{path}:{line + 1}" if line is not None else str(path)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]

        raise RulesError(f"{where}: not valid YAML: {yaml_hint(problem)}") from None
    except RecursionError:
        raise RulesError(f"{path}: not valid YAML: nested too deeply") from None
