"""Fuzzing the traded files of issue 27 through the CLI: fleets, libraries, house rules with factions,
workbook parts and tournament state files (:mod:`tests.fuzz_surfaces`); since issue 33 play tables and Nova
records fought in a battle; since issue 42 the worked campaign's file (shown as a page, fought, ordered, repaired,
conceded), its map (a campaign started on it) and its orders.

Each surface runs in a child process under memory and CPU limits (:mod:`tests.hostile.child`); every
mutated case must exit 0, 1 or 2 with no traceback and, when it fails, only ``drydock: error:``
lines (one per problem the file holds), each case within :data:`SLOWEST` seconds. Raise the
counts locally for a longer search (``python -m tests.fuzz_surfaces fleet 2000``).
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import ROOT
from tests.hostile.child import run_python

CASES = {"fleet": 60, "library": 60, "rules": 40, "workbook": 40, "state": 40, "play": 30, "nova": 30, "campaign": 60,
         "campaign-file": 40, "campaign-map": 30, "campaign-orders": 30,  # issue 42: the worked campaign's files
         "league": 60}  # issue 47: a T.2 league file
SLOWEST = 5.0


@pytest.mark.parametrize("surface", list(CASES))
def test_mutated_traded_files_end_in_one_line(surface: str) -> None:
    code = ("import json; from tests.fuzz_surfaces import run; "
            f"print(json.dumps(run({surface!r}, {CASES[surface]})))")
    res = run_python(code, cwd=ROOT, memory=1024 * 1024 * 1024, cpu=120, timeout=300)
    assert res.code == 0, res.stderr[-3000:]
    stats = json.loads(res.stdout.strip().splitlines()[-1])
    assert stats["cases"] == CASES[surface]
    assert stats["bad"] == [], json.dumps(stats["bad"][:3], indent=1)[:4000]
    assert stats["slowest"] < SLOWEST, stats
    assert set(stats["codes"]) - {"0"}, stats  # the mutations reach the error paths
