"""The Companion's registry (play_options.COMPANION_OPTIONS, the D2.1 rows of the companion ruleset), what
``drydock rules options --rules companion`` prints and what docs/companion.md says agree on what is played and
what is declared, and every declared part is in the battle reports' not-simulated lines."""

from __future__ import annotations

import re

from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.core.rules.companion import ATTACK_MODIFIERS
from drydock.core.rules.play_options import COMPANION_OPTIONS
from drydock.engine.tables import COMPANION_NOT_SIMULATED
from tests.helpers import ROOT

PAGE = (ROOT / "docs" / "companion.md").read_text(encoding="utf-8")


def _doc_row(section: str) -> str:
    rows = [line for line in PAGE.splitlines() if line.startswith("| ") and f"`{section}`" in line.split("|")[1]]
    assert rows, f"docs/companion.md has no row for {section}"
    return rows[0]


def test_options_played_or_declared_alike_in_registry_listing_and_docs() -> None:
    out = CliRunner().invoke(cli, ["rules", "options", "--rules", "companion"]).output
    for o in COMPANION_OPTIONS:
        listed = re.search(rf"^  {re.escape(o.section)}\s+(yes|no)\s", out, re.M)
        assert listed and (listed.group(1) == "yes") == o.simulated, o.section
        if o.variant and o.section[:-1] in {x.section for x in COMPANION_OPTIONS}:
            continue  # CC.D7a/b share CC.D7's row family
        row = _doc_row(o.section)
        assert ("not simulated" in row) == (not o.simulated), o.section


def test_d21_rows_alike_in_ruleset_and_docs() -> None:
    for row in ATTACK_MODIFIERS.values():
        assert f"| {row['quote']} | {row['played']} |" in PAGE, row["quote"]


def test_every_declared_part_is_in_the_reports() -> None:
    reports = " ".join(COMPANION_NOT_SIMULATED)
    for part in ("C5/C6", "C7a", "C8", "D7.1"):
        assert part in reports
    for row in ATTACK_MODIFIERS.values():
        assert (row["quote"] in reports) == (row["played"] == "declared"), row["quote"]
