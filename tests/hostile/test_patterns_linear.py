"""Every pattern in linear time (issue 42): the cases players' files reached, and every pattern at the line limit.

The first tests are the cases found by hand (an arcs line of 40 bracket groups, a Specials line of blanks before
an unclosed parenthesis, movement orders of blanks and digits): each now ends in well under a second where it
took minutes. The last feeds every pattern in drydock (:mod:`tests.patterns`) runs of the units a backtracking
engine stumbles on, at the legacy line limit, in child processes that are killed past a few seconds; a pattern
that never returns is named with the attack that hung it. Figures: ``python -m tests.patterns 4000``.
"""

from __future__ import annotations

import pytest

from drydock import limits
from drydock.engine.movement import OrderSyntaxError, parse_orders
from tests.helpers import ROOT
from tests.hostile.child import run_cli
from tests.patterns import audit

AE = (ROOT / "tests/fixtures/legacy/dumbo-v1.txt").read_text(encoding="utf-8")
ARCS_40 = "[AB] " * 40 + "junk!"  # 233 characters: 2^40 ways to split the blanks before
SPECIALS_SPACES = "Specials: Hyperdrive; Marines" + " " * 2_000 + "(14"
SPECIALS_TABS = "Specials: Hyperdrive; Marines" + "\t" * 3_900 + "(14"


@pytest.mark.parametrize("line", [ARCS_40, SPECIALS_SPACES, SPECIALS_TABS], ids=["arcs", "spaces", "tabs"])
def test_a_hostile_post_line_converts_at_once(tmp_path, line: str) -> None:  # type: ignore[no-untyped-def]
    post = AE.replace("Specials: Hyperdrive; Armor Plating; Marines (14)", line)
    (tmp_path / "post.txt").write_text(post, encoding="utf-8")
    run = run_cli(["convert", "--from", "admiralty", "post.txt", "-o", "out"], cwd=tmp_path, cpu=20, timeout=60)
    assert run.code in (0, 1) and run.clean(), run.stderr[-2000:]
    assert run.seconds < 30  # catastrophic backtracking took minutes here; start-up and conversion take ~1 s


@pytest.mark.parametrize("text", [" " * 400 + "x", "1" * 5_000, "(" + " " * 60 + "!", "4P2(6)" + " " * 60 + "+1x"])
def test_movement_orders_refuse_hostile_text_in_one_line(text: str) -> None:
    with pytest.raises(OrderSyntaxError) as err:
        parse_orders(text)
    assert "\n" not in str(err.value) and len(str(err.value)) < 200


def test_movement_orders_at_the_limit_and_one_past() -> None:
    at = "4P2(6) +1".ljust(limits.ORDERS_TEXT.value)
    assert parse_orders(at).pivot == 1
    with pytest.raises(OrderSyntaxError, match="at most 64 characters"):
        parse_orders(at + " ")


def test_every_pattern_runs_in_linear_time_at_the_line_limit() -> None:
    rows = audit(limits.LEGACY_LINE.value, quick=True)
    assert len(rows) > 100  # every pattern of the package was found (153 when this was written)
    slow = [w for w in rows if w.seconds > 1.0]  # linear patterns take about a millisecond at 4,000 characters
    assert not slow, "\n".join(f"{w.where}: {w.method} {w.seconds:.2f} s on {w.attack[:30]!r}..." for w in slow)
