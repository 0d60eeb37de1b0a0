"""The JSON Schemas for ``drydock schema``: the YAML/JSON design file's (names from the rules in force), the fleet
file's and the weapon library file's, for editors (a library call, as :mod:`drydock.insight.rate_files` is for
``rate``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from drydock.errors import DrydockError
from drydock.formats.fleet import shape as fleet_shape
from drydock.formats.houserules import load_ruleset
from drydock.formats.library import json_schema as library_schema
from drydock.formats.native import json_schema as design_schema


@dataclass
class SchemaRun:
    """What ``drydock schema`` prints: the schema and its JSON text."""

    schema: dict[str, Any]
    #: the schema as indented JSON, for standard output
    text: str
    exit_status: int = 0


def schema_text(kind: str | None = None, *, rules_file: str | None = None) -> SchemaRun:
    """The JSON Schema of the design file (``kind`` None; its trait, system and arc names from ``rules_file``),
    of the fleet file (``"fleet"``) or of the weapon library file (``"library"``)."""
    if kind is None:
        schema = design_schema(load_ruleset(rules_file))
    elif kind == "fleet":
        schema = fleet_shape.json_schema()
    elif kind == "library":
        schema = library_schema()
    else:
        raise DrydockError(f"unknown schema {kind!r} (the design file's, fleet or library)")
    return SchemaRun(schema, json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
