"""A whole design against drydock's sanity limits (:mod:`drydock.limits`), and the public API's type check.

:func:`check_design` is called by every reader and by :func:`drydock.core.calc.calculate`: past a
limit it raises :class:`~drydock.limits.LimitError` naming the field, before any list or loop is
built from the value. The limits themselves, with their reasons, are the table in ``limits.py``.
"""

from __future__ import annotations

from typing import Any

from drydock.core.model import ArcValues, Design, WeaponMode
from drydock.core.rules import Ruleset
from drydock.limits import (
    BANKS,
    BATTERIES,
    ENGINES,
    HULL,
    MOUNT_SIZE,
    MOUNTS,
    NOTES,
    QUANTITY,
    RANGE,
    SCREENS,
    SHIELDS,
    STAT,
    STATED,
    SYSTEMS,
    TECH,
    TEXT,
    TRACK_BOXES,
    TRAITS,
    Limit,
    LimitError,
)


def require_design(design: Any, rules: Any = None) -> Design:
    """The public API's one type check: ``design`` must be a Design (``rules`` a Ruleset or None)."""
    if not isinstance(design, Design):
        raise TypeError(f"expected a drydock.Design, got {type(design).__name__} (read files with "
                        "drydock.formats.read_designs)")
    if rules is not None and not isinstance(rules, Ruleset):
        raise TypeError(f"rules must be a drydock.Ruleset or None, got {type(rules).__name__}")
    return design


def check_design(design: Design, *, file: str | None = None) -> Design:
    """Raise :class:`LimitError` for any value or size of ``design`` past a sanity limit; return the design."""
    c = _Checker(file, design.class_name or design.title)
    c.num("hull", design.hull, HULL)
    c.num("engines", design.engines, ENGINES)
    for key, limit in (("shields", SHIELDS), ("screens", SCREENS)):
        value = getattr(design, key)
        if isinstance(value, ArcValues):
            for arc, v in value.items():
                c.num(f"{key}.{arc}", v, limit)
            c.num(f"{key} (total)", value.total(), limit)
        else:
            c.num(key, value, limit)
    extra = getattr(design, "extra_directional_screens", None)
    if isinstance(extra, ArcValues):
        for arc, v in extra.items():
            c.num(f"directional_screens.{arc}", v, SCREENS)
    for cat in ("engines", "shields", "weapons", "fighters"):
        c.num(f"tech.{cat}", getattr(design.tech, cat), TECH)
    c.count("weapons", design.weapons, BATTERIES)
    for i, b in enumerate(design.weapons):
        c.text(f"weapons[{i}].name", b.name)
        c.count(f"weapons[{i}].banks", b.banks, BANKS)
        for mode in b.modes:
            _check_mode(c, f"weapons[{i}]", mode)
        for k, bank in enumerate(b.banks):
            c.num(f"weapons[{i}].banks[{k}] mounts", bank.mounts, MOUNTS)
            c.num(f"weapons[{i}].banks[{k}] mount size", bank.mount_size, MOUNT_SIZE)
            c.text(f"weapons[{i}].banks[{k}] arc", bank.arc)
        c.num(f"weapons[{i}] mounts (total)", sum(bank.mounts for bank in b.banks), MOUNTS)
        if b.stated_loss_limit is not None:
            c.num(f"weapons[{i}].loss_limit", b.stated_loss_limit, STATED)
    c.count("systems", design.systems, SYSTEMS)
    for i, s in enumerate(design.systems):
        c.text(f"systems[{i}].name", s.name)
        c.num(f"systems[{i}].qty ({s.name[:40]})", s.qty, QUANTITY)
    c.count("notes", design.notes, NOTES)
    for i, note in enumerate(design.notes):
        c.text(f"notes[{i}]", note)
    for key in ("faction", "class_name", "type", "ship_id", "ship_name"):
        c.text(key, getattr(design, key))
    st = design.stated
    if st is not None:
        for key in ("combat_rating", "equipment_loss_limit"):
            value = getattr(st, key)
            if value is not None:
                c.num(f"stated.{key}", value, STATED)
        for key in ("hull", "engines", "weapons", "shields"):
            track = getattr(st, key)
            if track is not None:
                c.count(f"stated.tracks.{key}", track, TRACK_BOXES)
                for v in track:
                    c.num(f"stated.tracks.{key}", v, STATED)
    return design


def _check_mode(c: _Checker, where: str, m: WeaponMode) -> None:
    if m.label is not None:
        c.text(f"{where}.secondary.name", m.label)
    for key in ("rof", "acc", "imp", "dmg"):
        c.num(f"{where} {key.upper()}", getattr(m, key), STAT)
    if m.range is not None:
        for band in m.range:
            c.num(f"{where}.range", band, RANGE)
    if m.ma is not None:
        c.num(f"{where}.ma", m.ma, RANGE)
    c.count(f"{where}.traits", m.traits, TRAITS)
    for t in m.traits:
        c.text(f"{where}.traits", t)


class _Checker:
    def __init__(self, file: str | None, name: str) -> None:
        self.file = file
        self.name = name[:60]

    def _what(self, field: str) -> str:
        return f"{self.name}: {field}" if self.name else field

    def num(self, field: str, value: int, limit: Limit) -> None:
        if not -limit.value <= value <= limit.value:
            raise LimitError(self._what(field), limit, file=self.file, value=value)

    def count(self, field: str, items: tuple | list, limit: Limit) -> None:
        if len(items) > limit.value:
            raise LimitError(f"{self._what(field)}: {len(items):,} entries", limit, file=self.file)

    def text(self, field: str, value: str) -> None:
        if len(value) > TEXT.value:
            raise LimitError(f"{self._what(field)}: {len(value):,} characters", TEXT, file=self.file)
