"""Nova records with a negative shield rating or CR are reported with problem codes by check and rate, and refused
by battle in one line (issue 42); a record at 0 is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from drydock.engine.montecarlo import build_matchup
from drydock.errors import DrydockError
from drydock.formats.legacy.nova import parse_nova
from drydock.formats.legacy.nova_record import check_record, convert_nova, to_yaml
from tests.helpers import FIXTURES, example
from tests.hostile.child import run_cli


def _record(**changes: object):  # type: ignore[no-untyped-def]
    # Source: Nova Rulebook v1.1, "Ship Displays" (seed 001_56b4578349fdaea4.txt): the rulebook's Majestic
    path = FIXTURES / "legacy" / "nova-majestic-typed.txt"
    (disp,) = parse_nova(path.read_text(encoding="utf-8"), file=str(path))
    rec, _ = convert_nova(disp)
    return rec.model_copy(update={"shields": 3, **changes})


def codes(record) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.code for p in check_record(record) if p.is_error]


def test_negative_shields_and_cr_are_problems_and_zero_is_not() -> None:
    assert codes(_record(shields=0, combat_rating=0, nova_cr=0)) == []
    assert codes(_record(shields=-1)) == ["NOVA_SHIELDS_NEGATIVE"]
    assert codes(_record(combat_rating=-1)) == ["NOVA_CR_NEGATIVE"]
    assert codes(_record(nova_cr=-344)) == ["NOVA_CR_NEGATIVE"]


def test_battle_refuses_them_before_the_first_turn() -> None:
    k = [example("kestrel-corvette")]
    build_matchup([_record(shields=0)], k)
    with pytest.raises(DrydockError, match="shield rating -1 cannot be played"):
        build_matchup([_record(shields=-1)], k)
    with pytest.raises(DrydockError, match=r"combat rating -1 cannot be played: victory points are a share of it"):
        build_matchup([_record(combat_rating=-1)], k)


def test_rate_and_check_say_so(tmp_path: Path) -> None:
    (tmp_path / "neg.yaml").write_text(to_yaml([_record(shields=-2, combat_rating=-50)]), encoding="utf-8")
    rated = run_cli(["rate", "neg.yaml"], cwd=tmp_path)
    assert rated.code == 0, rated.stderr
    assert "  ERROR   NOVA_SHIELDS_NEGATIVE shield rating -2 is below 0" in rated.stdout
    assert "  ERROR   NOVA_CR_NEGATIVE combat_rating -50 is below 0" in rated.stdout
    checked = run_cli(["check", "neg.yaml"], cwd=tmp_path)
    assert checked.code == 1
    assert [line.split()[1] for line in checked.stdout.splitlines()] == ["NOVA_SHIELDS_NEGATIVE", "NOVA_CR_NEGATIVE"]
