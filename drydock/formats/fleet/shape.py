"""The fleet file's shape (YAML or JSON): the pydantic models ``drydock schema --fleet`` prints, and its error.

A fleet file names designs by path, relative to the fleet file (or holds a design
inline), with the ships built to each::

    fleet: Home Guard
    battle_size: medium            # 2.2 name or a number of CR
    rules: house-rules.yaml        # optional, relative to this file
    ships:
      - design: ../designs/majestic.yaml
        names: [Majestic]          # one ship per name
        ids: [BC-01]               # optional; otherwise numbered
      - design: ../designs/comet-frigate.yaml
        count: 2

Reading it is :mod:`drydock.formats.fleet.read`, a fleet workbook :mod:`drydock.formats.fleet.workbook`,
writing either :mod:`drydock.formats.fleet.write`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from drydock.errors import DrydockSyntaxError


class FleetFileError(DrydockSyntaxError):
    """A fleet file is malformed, or names a design that cannot be read."""


class ShipFile(BaseModel):
    """One entry of a fleet: a design and the ships built to it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    design: str | dict[str, Any] = Field(description="design file, relative to the fleet file, or a design inline")
    class_name: str | None = Field(default=None, alias="class",
                                   description="which design, when the file holds several (by class name)")
    names: list[str] = Field(default=[], description="one ship per name")
    ids: list[str] = Field(default=[], description="ship IDs, in the order of names; otherwise numbered")
    count: int | None = Field(default=None, ge=1, description="number of ships (default: one per name, or 1)")


class FleetFile(BaseModel):
    """A drydock fleet file (YAML or JSON)."""

    model_config = ConfigDict(extra="forbid")
    fleet: str = Field(default="", description="fleet name")
    battle_size: str | int | None = Field(
        default=None, description="2.2 battle size (very small, small, medium, large, very large) or a CR limit")
    rules: str | None = Field(default=None, description="house-rule file, relative to the fleet file")
    ships: list[ShipFile] = Field(min_length=1)


def json_schema() -> dict[str, Any]:
    """JSON Schema of the fleet file."""
    schema = FleetFile.model_json_schema(by_alias=True)
    schema["title"] = "drydock fleet"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
