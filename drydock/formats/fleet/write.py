"""Writing a fleet: a fleet file (YAML or JSON, every design inline), a fleet workbook (a ``SHIPn`` sheet per
design and a live ``Fleet`` sheet), or Drake (each design once)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from drydock.core.fleet import Fleet, rate_fleet
from drydock.formats import FORMATS
from drydock.formats.native import design_to_data
from drydock.formats.safeyaml import yaml_dumper


def fleet_to_data(fleet: Fleet, rules_file: str | None = None) -> dict[str, Any]:
    """The fleet-file mapping with every design inline (a self-contained fleet); ``rules_file`` its ``rules:``."""
    out: dict[str, Any] = {}
    if fleet.name:
        out["fleet"] = fleet.name
    if fleet.battle_size is not None:
        out["battle_size"] = fleet.battle_size
    if rules_file is not None:
        out["rules"] = rules_file
    ships = []
    for e in fleet.entries:
        item: dict[str, Any] = {"design": design_to_data(e.design)}
        if e.names:
            item["names"] = list(e.names)
        if e.ids:
            item["ids"] = list(e.ids)
        if e.count != max(len(e.names), 1):
            item["count"] = e.count
        ships.append(item)
    out["ships"] = ships
    return out


def fleet_to_yaml(fleet: Fleet, rules_file: str | None = None) -> str:
    return yaml.dump(fleet_to_data(fleet, rules_file), Dumper=yaml_dumper(), sort_keys=False, allow_unicode=True,
                     width=100)


def fleet_to_json(fleet: Fleet, rules_file: str | None = None) -> str:
    return json.dumps(fleet_to_data(fleet, rules_file), indent=2, ensure_ascii=False) + "\n"


def fleet_to_xlsx(fleet: Fleet, rules_file: str | None = None) -> bytes:
    """The Drydock workbook of the fleet's designs (SHIPn per design, each under its faction's rules) plus a
    live Fleet sheet (:mod:`drydock.formats.excel.fleet_sheet`)."""
    # lazy: openpyxl loads for workbooks only
    from drydock.formats.excel.fleet_sheet import write_fleet_sheet
    from drydock.formats.excel.write import to_xlsx

    return to_xlsx([e.design for e in fleet.entries], rules=fleet.house.base, rules_for=fleet.rules_for,
                   decorate=lambda wb, cells: write_fleet_sheet(wb, cells, fleet, rate_fleet(fleet), rules_file))


FLEET_WRITERS: dict[str, Callable[[Fleet, str | None], str | bytes]] = {
    "yaml": fleet_to_yaml, "json": fleet_to_json, "xlsx": fleet_to_xlsx}


def write_fleet(fleet: Fleet, fmt: str, rules_file: str | None = None) -> str | bytes:
    """The fleet as ``fmt``: yaml/json fleet files (designs inline), a fleet workbook, or Drake (designs once).
    ``rules_file``: the fleet's house-rule file as the written file should name it."""
    if fmt in FLEET_WRITERS:
        return FLEET_WRITERS[fmt](fleet, rules_file)
    return FORMATS[fmt].write([e.design for e in fleet.entries], rules=fleet.house.base)


def rules_path_for(fleet: Fleet, output: str) -> str | None:
    """The fleet's house-rule file relative to where ``output`` is written (the working folder for '-')."""
    if fleet.rules_file is None or fleet.file is None:
        return None
    target = os.path.abspath(os.path.join(os.path.dirname(fleet.file) or ".", fleet.rules_file))
    where = os.path.dirname(os.path.abspath(output)) if output != "-" else os.getcwd()
    return Path(os.path.relpath(target, where)).as_posix()
