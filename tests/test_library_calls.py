"""Every command's work is a library call returning a result with its exit status (issue 21): check, ssd,
battle, tournament and analyze called without click, as a program embedding drydock would.

Expected values come from the rulebook: a hull-1 design has 1 x 31 x 5 = 155 SU (A.1) and 30 engines at
EF 6 use 180, so it is over space; the published Majestic is legal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drydock.cli.check_files import check_files
from drydock.cli.ssd_files import print_files
from drydock.engine.ai import DEFAULT_DOCTRINE
from drydock.errors import DrydockError
from drydock.insight.analysis_run import analyze_files
from drydock.insight.battle_run import run_battle
from drydock.insight.tournament_run import run_tournament
from drydock.resources import examples_dir

ROOT = Path(__file__).resolve().parent.parent
MAJESTIC = str(examples_dir() / "designs" / "majestic.yaml")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    over = tmp_path / "over.yaml"
    over.write_text("class: Over\nhull: 1\nengines: 30\n", encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text("class: Broken\nhull: [\n", encoding="utf-8")
    return {"over": str(over), "broken": str(broken)}


def test_check_files_reports_every_input_in_order_with_its_exit_status(files):
    legal = check_files([MAJESTIC])
    assert legal.exit_status == 0 and not any(": OVER_SPACE" in line for line in legal.lines)
    result = check_files([files["over"], files["broken"], MAJESTIC])
    assert result.exit_status == 1
    over = [line for line in result.lines if "OVER_SPACE" in line]
    assert over == [f"{files['over']}: OVER_SPACE Over: uses 180 SU of 155 (25 over): engines 25 would fit "
                    "(saves 30 SU)"]
    (message,) = result.messages
    assert message.startswith(f"drydock: error: {files['broken']}:3:1: not valid YAML")
    streams = [err for err, _ in result.output]  # the over-space design's lines come before the broken file's
    assert streams.index(True) > result.output.index((False, over[0]))


def test_print_files_returns_the_booklet_and_goes_past_a_bad_file(files):
    pytest.importorskip("weasyprint")
    said: list[str] = []
    run = print_files([MAJESTIC, files["broken"]], warn=said.append)
    assert run.pdf.startswith(b"%PDF") and len(run.booklet.sheets) == 1 and run.html is None
    assert run.exit_status == 1 and len(said) == 1 and "not valid YAML" in said[0]
    assert print_files([MAJESTIC], html=True).html.startswith("<!DOCTYPE html>")


def test_run_battle_fights_exactly_the_runs_asked_and_warns_as_it_goes(files):
    said: list[str] = []
    run = run_battle(MAJESTIC, files["over"], runs=12, seed=5, turns=4, board=(32, 18),
                     doctrine=(DEFAULT_DOCTRINE, DEFAULT_DOCTRINE), plan=(None, None), warn=said.append)
    s = run.summary
    assert s.runs == 12 and s.a_wins + s.draws + s.b_wins == 12 and run.game is None
    assert run.exit_status == 0 and run.data["runs"] == 12
    # an illegal design fights, with a warning
    assert said == ["drydock: warning: OVER-class: illegal design (uses 180 SU of 155 (25 over): engines 25 "
                    "would fit (saves 30 SU)); fought as written"]
    assert "12 battles, seed 5" in run.text()[0]


def test_run_tournament_fights_every_pairing(tmp_path):
    names = ["comet-frigate", "kestrel-corvette", "shade-raider"]
    files = [str(examples_dir() / "designs" / f"{n}.yaml") for n in names]
    run = run_tournament(files, runs=4, seed=1, turns=5, board=(32, 18), doctrine=DEFAULT_DOCTRINE, jobs=1,
                         report_file=str(tmp_path / "t.html"))
    # three designs: 3 x 2 / 2 pairings, each a plan game raced and its equilibrium pairing fought 4 times
    pairings = run.data["pairings"]
    assert len(pairings) == 3 and all(p["a_wins"] + p["b_wins"] + p["draws"] == p["runs"] == 4 for p in pairings)
    assert run.data["battles_fought"] == sum(p["battles"] for p in pairings) >= 4 * 3
    assert run.exit_status == 0 and (tmp_path / "t.html").exists()
    assert json.loads(run.json())["runs"] == 4 and run.text().startswith("3 designs, 4 battles per pairing")


def test_analyze_files_refuses_a_nova_record_and_analyses_a_design_once(tmp_path):
    fleet = examples_dir() / "fleets" / "home-guard.yaml"
    run = analyze_files([MAJESTIC, MAJESTIC, str(fleet)], 2)
    # the fleet file names four designs, the Majestic among them: each analysed once, however often given
    assert len(run.analyses) == 4 and len({a.title for a in run.analyses}) == 4
    assert run.exit_status == 0 and len(json.loads(run.json())) == 4
    nova = ROOT / "examples" / "legacy" / "nova" / "nova-majestic-typed.nova"
    with pytest.raises(DrydockError, match="convert it first"):
        analyze_files([str(nova)], 2)
