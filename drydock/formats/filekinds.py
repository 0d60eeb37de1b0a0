"""Which kind of drydock file a path holds, by a look at its head: a fleet file or workbook, a weapon library,
a house-rule file, a campaign file (or its map or orders). Folders given to a command skip libraries, rule files and
campaign files when looking for designs."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from drydock.core.rules import UNITY
from drydock.errors import DrydockError
from drydock.formats.files import open_regular
from drydock.formats.safeyaml import load_yaml

#: the sheet that makes a workbook a fleet workbook (:mod:`drydock.formats.excel.fleet_sheet`)
FLEET_SHEET = "Fleet"
_FLEET_KEY = re.compile(r"^(ships|fleet)\s*:", re.MULTILINE)
_LIBRARY_KEY = re.compile(r"^profiles\s*:", re.MULTILINE)
_CAMPAIGN_KEY = re.compile(r"^(drydock_campaign|drydock_map|drydock_orders|orders)\s*:", re.MULTILINE)


def is_fleet_file(path: str | Path) -> bool:
    """Is ``path`` a fleet file (a YAML/JSON mapping with ``ships``) or a workbook with a Fleet sheet?"""
    p = Path(path)
    suffix = p.suffix.lower()
    if str(path) == "-" or not p.is_file():
        return False
    if suffix == ".xlsx":
        try:
            with zipfile.ZipFile(p) as z:
                return f'name="{FLEET_SHEET}"' in z.read("xl/workbook.xml").decode("utf-8", "replace")
        except Exception:  # not a zip we can read (bad CRC, zip version, compression ...): the workbook
            return False  # reader then says what is wrong with it, in one line
    if suffix in (".yaml", ".yml"):
        return bool(_FLEET_KEY.search(_head(p)))
    if suffix == ".json":
        return '"ships"' in _head(p)
    return False


def is_library_file(path: str | Path) -> bool:
    """Is ``path`` a weapon library (top-level ``profiles``)? Folders skip them when looking for designs."""
    p = Path(path)
    return p.suffix.lower() in (".yaml", ".yml", ".json") and (
        bool(_LIBRARY_KEY.search(_head(p))) or '"profiles"' in _head(p))


def is_campaign_file(path: str | Path) -> bool:
    """Is ``path`` a campaign, campaign map or orders file (docs/campaigns.md)? Folders skip them."""
    p = Path(path)
    return p.suffix.lower() in (".yaml", ".yml") and bool(_CAMPAIGN_KEY.search(_head(p)))


def is_rules_file(path: str | Path) -> bool:
    """Is ``path`` a house-rule file (a mapping of rules-table entries, no design)? Folders skip them."""
    p = Path(path)
    if p.suffix.lower() not in (".yaml", ".yml"):
        return False

    try:
        docs = load_yaml(_head(p), file=str(p))  # with drydock's limits: the head may hold an alias bomb
    except DrydockError:
        return False
    data = docs[0] if len(docs) == 1 else None
    return (isinstance(data, dict) and bool(data) and set(data) <= {*UNITY, "factions"}
            and not isinstance(data.get("hull"), int))


def _head(p: Path) -> str:
    try:
        with open_regular(p) as fh:  # only the head: a huge file costs nothing here; a FIFO is never waited on
            return fh.read(20000).decode("utf-8-sig", errors="replace")
    except (OSError, DrydockError):
        return ""
