"""Every command's work is a library call returning a result with its exit status (issue 21): check, ssd, convert,
battle, tournament, analyze, examples, rate, rate --watch, new, show, rules and schema called without click, as a
program embedding drydock would.

Expected values come from the rulebook: a hull-1 design has 1 x 31 x 5 = 155 SU (A.1) and 30 engines at
EF 6 use 180, so it is over space; the published Majestic is legal.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from drydock.engine.ai import DEFAULT_DOCTRINE
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError
from drydock.insight.analysis_run import analyze_files
from drydock.insight.battle_run import run_battle
from drydock.insight.check_files import check_files
from drydock.insight.ssd_files import print_files
from drydock.insight.tournament_run import run_tournament
from drydock.resources import examples_dir
from tests.helpers import ROOT

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
    run = run_battle(MAJESTIC, files["over"],
                     BattleSettings(turns=4, board=(32, 18), doctrine=(DEFAULT_DOCTRINE, DEFAULT_DOCTRINE),
                                    plan=(None, None)),
                     runs=12, seed=5, warn=said.append)
    s = run.summary
    assert s.runs == 12 and s.a_wins + s.draws + s.b_wins == 12 and run.game is None
    assert run.exit_status == 0 and run.data["runs"] == 12
    # an illegal design fights, with a warning
    assert said == ["drydock: warning: OVER-class: illegal design (uses 180 SU of 155 (25 over): engines 25 "
                    "would fit (saves 30 SU)); fought as written"]
    text = run.text()  # the verdict first (issue 36), then the summary of the battles behind it
    assert text[0].startswith("verdict: ") and "12 battles, seed 5" in text[1]


def test_run_tournament_fights_every_pairing(tmp_path):
    names = ["comet-frigate", "kestrel-corvette", "shade-raider"]
    files = [str(examples_dir() / "designs" / f"{n}.yaml") for n in names]
    run = run_tournament(files, BattleSettings(turns=5, board=(32, 18), doctrine=DEFAULT_DOCTRINE), runs=4, seed=1,
                         jobs=1, report_file=str(tmp_path / "t.html"))
    # three designs: 3 x 2 / 2 pairings, each a plan game raced and its equilibrium pairing fought 4 times; the
    # header says what was fought (issue 45: the verdict battles and the plan games' battles, not RUNS alone)
    pairings = run.data["pairings"]
    assert len(pairings) == 3 and all(p["a_wins"] + p["b_wins"] + p["draws"] == p["runs"] == 4 for p in pairings)
    assert run.data["battles_fought"] == sum(p["battles"] for p in pairings) >= 4 * 3
    assert run.exit_status == 0 and (tmp_path / "t.html").exists()
    assert json.loads(run.json())["runs"] == 4 and run.text().startswith("3 designs, 4 verdict battles a pairing (")


def test_analyze_files_refuses_a_nova_record_and_analyses_a_design_once(tmp_path):
    fleet = examples_dir() / "fleets" / "home-guard.yaml"
    run = analyze_files([MAJESTIC, MAJESTIC, str(fleet)], 2)
    # the fleet file names four designs, the Majestic among them: each analysed once, however often given
    assert len(run.analyses) == 4 and len({a.title for a in run.analyses}) == 4
    assert run.exit_status == 0 and len(json.loads(run.json())) == 4
    nova = ROOT / "examples" / "legacy" / "nova" / "nova-majestic-typed.nova"
    with pytest.raises(DrydockError, match="convert it first"):
        analyze_files([str(nova)], 2)


HOME_GUARD = str(examples_dir() / "fleets" / "home-guard.yaml")


def test_convert_files_converts_a_fleet_alone_and_designs_past_a_bad_file(files, tmp_path):
    """home-guard.yaml lists four designs (majestic, vanguard-destroyer, kestrel-corvette, comet-frigate; 1 + 2 + 4
    + 2 ships): the fleet converts to one workbook of four designs, and back to a fleet file."""
    from drydock.cli.convert_files import convert_files
    from drydock.formats.fleet.read import read_fleet

    book = tmp_path / "guard.xlsx"
    run = convert_files([HOME_GUARD], str(book))
    assert run.fleet and run.exit_status == 0 and run.written == [(HOME_GUARD, str(book), 4)]
    assert run.messages == [f"converted fleet {HOME_GUARD} (4 designs) -> {book}"]
    assert [e.count for e in read_fleet(str(book)).entries] == [1, 2, 4, 2]
    with pytest.raises(DrydockError, match="one fleet file at a time"):
        convert_files([HOME_GUARD, MAJESTIC], str(tmp_path / "two.yaml"))
    out = tmp_path / "out"
    run = convert_files([MAJESTIC, files["broken"]], f"{out}/", to="drake")
    assert not run.fleet and run.exit_status == 1 and (out / "majestic.drake").is_file()
    assert [name for name, _ in run.failed] == [files["broken"]]
    assert run.messages[0].startswith("drydock: error: ") and "not valid YAML" in run.messages[0]
    assert run.messages[-1] == f"converted 1 file (1 design), 1 failed -> {out}/"


def test_rate_watch_rates_again_after_each_save_and_keeps_watching_a_broken_file(tmp_path):
    """The published Majestic (engines 4) is CR 188; at engines 3 its CR is 182 (as the real-process test in
    test_unix_manners.py sees). A save that breaks the file is shown as an error, and the watch goes on."""
    from drydock.cli.watch import CLEAR, rate_watch

    ship = tmp_path / "ship.yaml"
    ship.write_text(Path(MAJESTIC).read_text())
    saves = iter([lambda: ship.write_text(ship.read_text().replace("engines: 4", "engines: 3")),
                  lambda: ship.write_text("class: Broken\nhull: [\n")])
    said: list[tuple[str, bool]] = []

    def save(_: float) -> None:
        next(saves)()
        os.utime(ship, (ship.stat().st_mtime + 5,) * 2)  # a new modification time even on coarse clocks

    run = rate_watch((str(ship),), None, echo=lambda text, err: said.append((text, err)), tty=True, cycles=2,
                     sleep=save)
    assert run.runs == 3 and run.exit_status == 0
    reports = [text for text, err in said if not err]
    assert len(reports) == 3 and all(text.startswith(CLEAR) for text in reports)
    assert "CR 188" in reports[0] and "CR 182" in reports[1] and reports[2] == CLEAR
    errors = [text for text, err in said if err and text.startswith("drydock: error:")]
    assert len(errors) == 1 and "not valid YAML" in errors[0]
    assert sum(text.endswith("watching 1 file(s); Ctrl-C to stop\n") for text, _ in said) == 3
    with pytest.raises(DrydockError, match="not standard input"):
        rate_watch(("-",), None, echo=lambda text, err: None)


def test_rate_files_rates_past_a_bad_file_with_its_exit_status(files):
    """The published Majestic is CR 188 (as in test_rate_watch_... above); a broken file fails alone."""
    from drydock.insight.rate_files import rate_files

    assert rate_files((MAJESTIC,), None).exit_status == 0
    text, messages, failed = rated = rate_files((files["broken"], MAJESTIC), None)
    assert failed and rated.exit_status == 1 and "CR 188" in text
    assert len(messages) == 1 and "not valid YAML" in messages[0]


def test_example_files_lists_copies_and_never_replaces_without_force(tmp_path):
    from drydock.cli.example_files import example_files

    run = example_files()
    assert run.exit_status == 0 and run.copied == [] and Path(MAJESTIC) in run.files
    assert run.files == sorted(run.files) and not any(p.name.startswith(".") for p in run.files)
    told: list[Path] = []
    copied = example_files(tmp_path, copied=told.append)
    assert told == copied.copied and len(told) == len(run.files)
    assert (tmp_path / "designs" / "majestic.yaml").read_bytes() == Path(MAJESTIC).read_bytes()
    with pytest.raises(DrydockError, match="already exists"):
        example_files(tmp_path)
    assert len(example_files(tmp_path, force=True).copied) == len(run.files)


def test_new_file_writes_a_starter_that_passes_check_and_never_replaces_without_force(tmp_path):
    """``drydock new``'s work: the starter design is legal (check finds no error), an existing file is kept
    unless ``force``, and only .yaml/.yml/.xlsx are written."""
    from drydock.cli.new_file import new_file

    target = tmp_path / "x.yaml"
    run = new_file(target)
    assert run.exit_status == 0 and run.path == target and run.kind == "a commented starter design"
    assert run.text == f"wrote a commented starter design to {target}; next: drydock check {target}\n"
    assert check_files([str(target)]).exit_status == 0
    with pytest.raises(DrydockError, match="already exists"):
        new_file(target)
    assert new_file(target, force=True).exit_status == 0
    with pytest.raises(DrydockError, match="writes .yaml"):
        new_file(tmp_path / "x.txt")
    book = new_file(tmp_path / "y.xlsx")
    assert book.kind == "a blank live workbook" and book.path.read_bytes().startswith(b"PK\x03\x04")


def test_show_files_prints_every_design_in_one_document_that_reads_back_the_same(tmp_path):
    """``drydock show``'s work. A.6: a Drake block opens with ``Faction CLASS-class Type``; the Comet
    (examples/designs/comet-frigate.yaml) is the Kzinti Comet-class Frigate, hull 5. What is shown reads back
    as the same designs (Drake, YAML and JSON alike)."""
    from drydock.cli.show_files import show_files
    from drydock.formats import read_designs
    from drydock.formats.drake import from_drake
    from drydock.formats.native import from_json, from_yaml

    comet = str(examples_dir() / "designs" / "comet-frigate.yaml")
    originals = read_designs(MAJESTIC) + read_designs(comet)
    drake = show_files([MAJESTIC, comet])
    assert drake.exit_status == 0 and "Kzinti Comet-class Frigate" in drake.text
    assert from_drake(drake.text) == originals
    assert from_yaml(show_files([MAJESTIC, comet], "yaml").text) == originals
    shown = show_files([comet], "json")
    assert json.loads(shown.text)[0]["hull"] == 5 and from_json(shown.text) == originals[1:]
    with pytest.raises(DrydockError, match="fleet file, not a design"):
        show_files([str(examples_dir() / "fleets" / "home-guard.yaml")])


def test_rules_listing_gives_the_book_or_house_values_and_the_options_alone():
    """``drydock rules``' work. A.1's trait table: Kinetic (Knt) x3.0, Piercing-1 (Pr1) x1.5; the example house
    rules make Kinetic x2.5 (examples/house-rules.yaml). The options view is listed on its own."""
    from drydock.cli.rules_listing import rules_listing

    def multipliers(run):
        return {t["abbr"]: Fraction(t["multiplier"]) for t in json.loads(run.text)["traits"]
                if t["multiplier"] is not None}  # Defensive (Dfn) has an addition instead (A.1)

    book = rules_listing(("traits",), as_json=True)
    assert book.exit_status == 0 and multipliers(book)["Knt"] == 3 and multipliers(book)["Pr1"] == Fraction(3, 2)
    assert set(json.loads(book.text)) == {"rules", "traits"}
    house = rules_listing(("traits",), as_json=True, rules_file=str(examples_dir() / "house-rules.yaml"))
    assert multipliers(house)["Knt"] == Fraction(5, 2) and multipliers(house)["Pr1"] == Fraction(3, 2)
    assert "companion" in json.loads(rules_listing(list_bundled=True, as_json=True).text)
    options = json.loads(rules_listing(("options",), as_json=True).text)
    assert options and all("section" in o or "name" in o for o in options)
    with pytest.raises(DrydockError, match="on its own"):
        rules_listing(("options", "traits"))
    assert rules_listing(variables=True).text.endswith("\n")


def test_schema_text_describes_the_design_fleet_and_library_files():
    """``drydock schema``'s work: the design file's schema has the A.1 keys (hull, engines, shields, weapons)
    and lists the A.1 traits; the fleet file's needs ``ships``; the text is the schema as JSON."""
    from drydock.cli.schema_text import schema_text

    design = schema_text()
    assert design.exit_status == 0 and json.loads(design.text) == design.schema
    assert {"hull", "engines", "shields", "weapons"} <= set(design.schema["properties"])
    assert "Pr1" in design.text and "Knt" in design.text
    fleet = schema_text("fleet").schema
    assert fleet["title"] == "drydock fleet" and "ships" in fleet["required"]
    assert schema_text("library").schema["title"] == "drydock weapon library"
    with pytest.raises(DrydockError, match="unknown schema"):
        schema_text("nope")


def test_write_designs_writes_by_the_extension_reads_back_and_never_replaces_without_force(tmp_path):
    """The library's writer (issue 35): the format by the extension (or ``fmt``), atomically, an existing file kept
    unless ``force``; what it writes reads back as the same design, CR 188 for the published Majestic."""
    from drydock import rate, read_designs, write_designs

    majestic = read_designs(MAJESTIC)[0]
    for name in ("m.yaml", "m.json", "m.drake", "m.xlsx"):
        write_designs(tmp_path / name, [majestic])
        back = read_designs(tmp_path / name)[0]
        assert rate(back).combat_rating == 188, name
    write_designs(tmp_path / "notation.txt", [majestic], fmt="yaml")
    assert (tmp_path / "notation.txt").read_text(encoding="utf-8").startswith(("faction:", "class:", "#", "-"))
    with pytest.raises(DrydockError, match="already exists"):
        write_designs(tmp_path / "m.yaml", [majestic])
    write_designs(tmp_path / "m.yaml", [majestic], force=True)
