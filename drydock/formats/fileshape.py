"""The shape of the native design file (YAML or JSON): the pydantic models a file is checked against.

The models are permissive on purpose (an illegal design still loads; ``validate()`` reports it);
:mod:`drydock.formats.schema` adds the names and ranges for editors, :mod:`drydock.formats.native`
turns a checked file into a :class:`~drydock.core.model.Design`, :mod:`drydock.formats.library`
fills weapon profiles in first. :func:`key_path` and :func:`trim_loc` name a key in error messages.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ArcsFile(_File):
    """Per-arc values for directional shields or screens."""

    fwd: int = 0
    port: int = 0
    stbd: int = 0
    aft: int = 0


class TechFile(_File):
    """Technology levels -2..+2 (A.4)."""

    engines: int = 0
    shields: int = 0
    weapons: int = 0
    fighters: int = 0


class ModeFile(_File):
    """A secondary weapon mode (C.2)."""

    name: str | None = Field(default=None, description="mode label, e.g. 'Close Defense'")
    range: str | None = Field(default=None, description="S-M-L range bands, e.g. '4-8-12'")
    ma: int | None = Field(default=None, description="seeker movement allowance 4-12, instead of range")
    stats: str = Field(description="ROFxACC/IMP/DMG as on the display sheet, e.g. '2x5+/1/1'")
    traits: list[str] = Field(default=[], description="trait abbreviations or names, e.g. [Pr1]")


class WeaponFile(ModeFile):
    """A weapon battery: one weapon, its banks, and optionally a secondary mode."""

    name: str = Field(description="battery name as printed on the display")
    banks: list[str] = Field(default=[], description="Drydock bank entries xARCy, e.g. [2ACE, BCE2, 3Fwd]")
    secondary: ModeFile | None = None
    loss_limit: int | None = Field(default=None, description="loss limit as stated by a source (checked)")


class SystemFile(_File):
    name: str
    qty: int = Field(default=1, description="levels, munitions, flights or capacity")


class TracksFile(_File):
    hull: list[int] | None = None
    engines: list[int] | None = None
    weapons: list[int] | None = None
    shields: list[int] | None = None


class StatedFile(_File):
    """Figures stated by a source; kept as stated and compared with the computed ones."""

    combat_rating: int | None = None
    tracks: TracksFile | None = None
    equipment_loss_limit: int | None = None


class DesignFile(_File):
    """A drydock native design file (YAML or JSON)."""

    faction: str = ""
    class_name: str = Field(default="", alias="class")
    type: str = ""
    hull: int
    engines: int = 0
    shields: int | ArcsFile = 0
    screens: int | ArcsFile = 0
    directional_screens: ArcsFile | None = None
    """Directional screens written beside standard ``screens`` (forbidden, A.5 [6] [7]; kept and reported)."""
    tech: TechFile | None = None
    weapons: list[WeaponFile] = []
    systems: list[str | SystemFile] = []
    ship_id: str = ""
    ship_name: str = ""
    stated: StatedFile | None = None
    notes: list[str] = []


# ------------------------------------------------------------------ where a key is, for messages


def key_path(loc: tuple) -> str:
    out = ""
    for p in loc:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top)"


def trim_loc(loc: tuple, lines: Mapping[tuple, object] | None) -> tuple:
    loc = tuple(loc)
    while loc and lines is not None and loc not in lines:
        loc = loc[:-1]
    return loc
