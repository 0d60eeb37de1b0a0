"""The design model: immutable pydantic records of a Unity starship design (A.1-A.6).

These records say *what* a design is, not whether it is legal: any combination of
values that has the right shape loads, and :func:`drydock.validate` reports every
broken rule. Traits are stored as canonical abbreviations (``"Pr1"``), systems by
canonical name (``"Countermeasures"``), banks as normalised arc designations.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from drydock.errors import InvalidValueError


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    def __init__(self, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:  # pydantic's error never escapes the public API (issue 10)
            raise InvalidValueError.from_validation(type(self).__name__, exc) from None

    @classmethod
    def model_validate(cls, obj: Any, **kwargs: Any) -> Any:
        try:
            return super().model_validate(obj, **kwargs)
        except ValidationError as exc:
            raise InvalidValueError.from_validation(cls.__name__, exc) from None


class ArcValues(_Model):
    """Four per-arc values: directional shield ratings (B.7) or directional screens (B.18)."""

    fwd: int = 0
    port: int = 0
    stbd: int = 0
    aft: int = 0

    def total(self) -> int:
        return self.fwd + self.port + self.stbd + self.aft

    def items(self) -> list[tuple[str, int]]:
        return [("fwd", self.fwd), ("port", self.port), ("stbd", self.stbd), ("aft", self.aft)]


class TechLevels(_Model):
    """Technology levels -2..+2 per A.4 category."""

    engines: int = 0
    shields: int = 0
    weapons: int = 0
    fighters: int = 0

    def is_zero(self) -> bool:
        return not (self.engines or self.shields or self.weapons or self.fighters)


class WeaponMode(_Model):
    """One stat line of a weapon battery: range bands (or seeker MA), ROF x ACC / IMP / DMG, traits."""

    label: str | None = None
    """Name of a secondary mode ("Close Defense"); ``None`` for the primary mode."""
    range: tuple[int, int, int] | None = None
    """Short-medium-long range bands (A.1, 1.3); ``None`` for seeking weapons."""
    ma: int | None = None
    """Seeker movement allowance (C.4); ``None`` for ordinary weapons."""
    rof: int
    acc: int
    imp: int
    dmg: int
    traits: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _range_or_ma(self) -> WeaponMode:
        if (self.range is None) == (self.ma is None):
            raise ValueError("a weapon mode has either range bands or a seeker MA, not both or neither")
        return self

    @property
    def seeking(self) -> bool:
        return self.ma is not None

    @property
    def long_range(self) -> int:
        """L in the A.1/A.2 formulas: the long range band, or a seeker's MA."""
        if self.ma is not None:
            return self.ma
        assert self.range is not None
        return self.range[2]


class Bank(_Model):
    """A weapon bank: ``mounts`` mounts of ``mount_size`` weapons each, firing into ``arc`` (A.1, C.3).

    ``arc`` is a normalised designation: component letters ("ACE"), an alternate code
    ("FH", C.1) or a defensive arc ("Fwd"). See :mod:`drydock.core.arcs`.
    """

    arc: str
    mounts: int = 1
    mount_size: int = 1


class Battery(_Model):
    """A weapon battery: one weapon type, optionally dual-mode (C.2), in one or more banks."""

    name: str
    primary: WeaponMode
    secondary: WeaponMode | None = None
    banks: tuple[Bank, ...] = ()
    stated_loss_limit: int | None = None
    """Loss limit as written in a source (Drake); ``None`` when not stated."""

    @property
    def modes(self) -> tuple[WeaponMode, ...]:
        return (self.primary,) if self.secondary is None else (self.primary, self.secondary)

    @property
    def weapon_count(self) -> int:
        """Mounts in the battery: boxes on the display, weapons for the track and loss limit (A.3)."""
        return sum(b.mounts for b in self.banks)


class SystemEntry(_Model):
    """A starship system (A.5, Appendix B) with its quantity: levels, munitions, capacity or flights."""

    name: str
    qty: int = 1


class StatedValues(_Model):
    """Figures a source states about a design (Drake header, tracks); kept to compare, never trusted."""

    combat_rating: int | None = None
    hull: tuple[int, ...] | None = None
    engines: tuple[int, ...] | None = None
    weapons: tuple[int, ...] | None = None
    shields: tuple[int, ...] | None = None
    equipment_loss_limit: int | None = None


class Design(_Model):
    """A Unity starship design (Appendix A)."""

    faction: str = ""
    class_name: str = Field(default="", alias="class")
    type: str = ""
    hull: int
    engines: int = 0
    shields: int | ArcValues = 0
    screens: int | ArcValues = 0
    extra_directional_screens: ArcValues | None = None
    """Directional screens written beside standard ``screens`` (A.5 notes [6], [7] forbid having both).

    Kept, never dropped, so that ``validate()`` reports ``SCREENS_MIXED``; the rating uses
    the standard screens only, as the Drydock does (Z.2)."""
    tech: TechLevels = TechLevels()
    weapons: tuple[Battery, ...] = ()
    systems: tuple[SystemEntry, ...] = ()
    ship_id: str = ""
    ship_name: str = ""
    stated: StatedValues | None = None
    notes: tuple[str, ...] = ()
    """Free notes carried with the design (e.g. legacy-conversion notes); shown by rate and on the SSD."""

    @property
    def directional_shields(self) -> bool:
        return isinstance(self.shields, ArcValues)

    @property
    def directional_screens(self) -> bool:
        return isinstance(self.screens, ArcValues)

    @property
    def title(self) -> str:
        """``Faction CLASS-class Type`` as on the display sheet (A.6)."""
        parts = [self.faction, f"{self.class_name.upper()}-class" if self.class_name else "", self.type]
        return " ".join(p for p in parts if p)
