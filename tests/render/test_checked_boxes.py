"""The display sheet prints the boxes a ship has already checked off (1.2: "check off" a box as damage is taken;
Appendix T carries the damage into the next battle): crossed in the HTML (checked.svg) and in the PDF (the
vector renderer's ``x`` runs)."""

from __future__ import annotations

from drydock.core.marked import Marked
from drydock.core.validation import rate
from drydock.render.booklet import build_booklet
from drydock.render.html import checked_runs, render_html
from drydock.render.sheet import sheet_from_rating
from drydock.render.vector import BoxRun, box_run_ops
from tests.helpers import example


def test_checked_runs_split_at_the_checked_boxes() -> None:
    assert checked_runs((8, 7, 6, 5), (), 2) == [[("   8      7   ", "checked", 2), ("   6      5   ", "", 2)]]
    # the Nova bullet (X.2.1) stays on a box not yet checked
    assert [[(s, k) for _, s, k in run] for run in checked_runs((4, 3, 2, 1), (3,), 1)] == [
        [("checked", 1), ("", 2), ("marked", 1)]]


def test_sheet_tracks_carry_the_checked_boxes() -> None:
    d = example("majestic")
    sheet = sheet_from_rating(rate(d), damage=Marked(hull=2, engines=1, shields=1))
    checked = {t.key: t.checked for t in sheet.tracks}
    assert checked == {"hull": 2, "engines": 1, "weapons": 0, "shields": 1}
    plain = sheet_from_rating(rate(d))
    assert all(t.checked == 0 for t in plain.tracks)
    html = render_html(build_booklet([sheet]))
    assert html.count('class="checked"') == 3 and "checked.svg" in html
    assert 'class="checked"' not in render_html(build_booklet([plain]))


def test_vector_cross() -> None:
    ops = box_run_ops(BoxRun(1, 10.0, 10.0, 30.0, "x", 1), 792.0)
    assert ops.count(" m ") == 2 and ops.count(" l S") == 2  # two diagonals, no box outline (the b run draws it)
