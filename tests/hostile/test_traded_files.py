"""Issue 27 (hostile input, round 3), through the CLI: outputs over inputs, internal errors, special files,
sizes multiplied by fleets, libraries, faction rules and tournaments, and forged text.

Every case runs ``drydock`` in a child process with memory and CPU limits (:mod:`tests.hostile.child`) and
checks the promise: one ``drydock: error:`` line (no traceback), exit 1 or 2, quickly, nothing lost.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError
from tests.helpers import ROOT
from tests.hostile.child import run_cli

DESIGNS = ROOT / "examples/designs"


def _two(tmp: Path) -> None:
    shutil.copy(DESIGNS / "comet-frigate.yaml", tmp / "ship.html")  # an input read by content, named like a report
    shutil.copy(DESIGNS / "kestrel-corvette.yaml", tmp / "k.yaml")


def _refused(run, *names: str) -> None:  # type: ignore[no-untyped-def]
    assert run.code in (1, 2), (run.code, run.stderr)
    assert run.clean() and len(run.err_lines) == 1 and run.stderr.startswith("drydock: error:"), run.stderr
    for name in names:
        assert name in run.stderr


# ------------------------------------------------------------------ outputs over inputs
@pytest.mark.parametrize("args", [
    ["analyze", "ship.html", "--report", "ship.html", "--force"],
    ["battle", "ship.html", "k.yaml", "--runs", "2", "--no-robustness", "--report", "ship.html", "--force"],
    ["tournament", "ship.html", "k.yaml", "--runs", "2", "--jobs", "1", "--report", "ship.html", "--force"],
    ["tournament", "ship.html", "k.yaml", "--runs", "2", "--jobs", "1", "--state", "k.yaml"],
])
def test_a_report_or_state_never_replaces_an_input(tmp_path: Path, args: list[str]) -> None:
    _two(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    run = run_cli(args, cwd=tmp_path)
    _refused(run, "is also an input")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_design_inside_a_fleet_is_an_input_too(tmp_path: Path) -> None:
    _two(tmp_path)
    (tmp_path / "fl").mkdir()
    shutil.copy(DESIGNS / "kestrel-corvette.yaml", tmp_path / "fl/d.svg")
    (tmp_path / "fl/fleet.yaml").write_text("fleet: F\nships:\n  - design: d.svg\n")
    before = (tmp_path / "fl/d.svg").read_bytes()
    run = run_cli(["battle", "fl/fleet.yaml", "ship.html", "--runs", "2", "--no-robustness",
                   "--report", "fl/d.svg", "--force"], cwd=tmp_path)
    _refused(run, "fl/d.svg", "is also an input")
    assert (tmp_path / "fl/d.svg").read_bytes() == before


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_battle_log_and_report_on_one_file_are_refused_before_fighting(tmp_path: Path, force: list[str]) -> None:
    _two(tmp_path)
    run = run_cli(["battle", "ship.html", "k.yaml", "--runs", "2", "--no-robustness", "--log", "x.html",
                   "--report", "x.html", *force], cwd=tmp_path)
    _refused(run, "x.html", "same file")
    assert not (tmp_path / "x.html").exists()


def test_a_new_output_never_replaces_a_file_that_appeared_meanwhile(tmp_path: Path) -> None:
    from drydock.formats.files import write_new_or_replace

    target = tmp_path / "out.yaml"
    target.write_text("the other process's result\n")  # appeared after this run checked that it was free
    with pytest.raises(DrydockError, match="already exists"):
        write_new_or_replace(target, b"ours\n", force=False)
    assert target.read_text() == "the other process's result\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.yaml"]  # no temporary file left behind
    write_new_or_replace(target, b"ours\n", force=True)
    assert target.read_text() == "ours\n"
    write_new_or_replace(tmp_path / "new.yaml", b"new\n", force=False)
    assert (tmp_path / "new.yaml").read_text() == "new\n"


# ------------------------------------------------------------------ internal errors (exit 3) become one line
def _design_using(lib: str, profile: str) -> str:
    return (f"class: User\nhull: 6\nengines: 2\nlibrary: [{lib}]\n"
            f"weapons:\n  - {{use: '{profile}', banks: [FX]}}\n")


def test_a_thousand_deep_profile_use_chain_is_a_limit_not_a_crash(tmp_path: Path) -> None:
    profiles = ["  - {name: P0, range: 4-8-12, stats: 1x5+/1/1}"]
    profiles += [f"  - {{name: P{i}, use: P{i - 1}}}" for i in range(1, 1000)]
    (tmp_path / "lib.yaml").write_text("profiles:\n" + "\n".join(profiles) + "\n")
    (tmp_path / "d.yaml").write_text(_design_using("lib.yaml", "P999"))
    run = run_cli(["rate", "d.yaml"], cwd=tmp_path)
    _refused(run, "lib.yaml", "profile use chain")
    (tmp_path / "d.yaml").write_text(_design_using("lib.yaml", "P50"))  # within the limit: rates
    assert run_cli(["rate", "d.yaml"], cwd=tmp_path).code == 0


def test_twelve_hundred_chained_includes_are_a_limit_not_a_crash(tmp_path: Path) -> None:
    for i in range(1200):
        inc = f"include: [l{i + 1}.yaml]\n" if i < 1199 else ""
        (tmp_path / f"l{i}.yaml").write_text(f"{inc}profiles:\n  - {{name: G{i}, range: 4-8-12, stats: 1x5+/1/1}}\n")
    (tmp_path / "d.yaml").write_text(_design_using("l0.yaml", "G0"))
    run = run_cli(["rate", "d.yaml"], cwd=tmp_path)
    _refused(run, "library include depth")


@pytest.mark.parametrize("setting", ["..=5", ".=5", "[]=1", f"weapons[{'9' * 5000}].range=3"])
def test_bad_set_keys_are_one_line(tmp_path: Path, setting: str) -> None:
    _two(tmp_path)
    run = run_cli(["rate", "k.yaml", "--set", setting], cwd=tmp_path)
    _refused(run, "--set")


def test_rate_from_a_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    proc = subprocess.run(["sh", "-c", 'exec "$0" -m drydock rate - <&-', sys.executable], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith("drydock: error: <stdin>: standard input is closed")


# ------------------------------------------------------------------ special files, by what they are
def test_a_library_include_naming_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "lib.yaml").write_text("include: [pipe.yaml]\nprofiles:\n  - {name: G, range: 4-8-12, "
                                       "stats: 1x5+/1/1}\n")
    (tmp_path / "d.yaml").write_text(_design_using("lib.yaml", "G"))
    run = run_cli(["rate", "d.yaml"], cwd=tmp_path, timeout=30)
    _refused(run, "pipe.yaml", "FIFO")
    (tmp_path / "d2.yaml").write_text(_design_using("pipe.yaml", "G"))  # a design's library: FIFO too
    _refused(run_cli(["rate", "d2.yaml"], cwd=tmp_path, timeout=30), "pipe.yaml", "FIFO")


@pytest.mark.parametrize("kind", ["fifo", "zero", "dir"])
def test_a_tournament_state_that_is_not_a_file_is_refused(tmp_path: Path, kind: str) -> None:
    _two(tmp_path)
    state = tmp_path / "state.json"
    if kind == "fifo":
        os.mkfifo(state)
    elif kind == "zero":
        state.symlink_to("/dev/zero")
    else:
        state.mkdir()
    run = run_cli(["tournament", "ship.html", "k.yaml", "--runs", "2", "--jobs", "1", "--state", "state.json"],
                  cwd=tmp_path, timeout=30, memory=512 * 1024 * 1024)
    if kind == "dir":  # click's own check of --state: a usage error, exit 2
        assert run.code == 2 and run.clean() and "state.json' is a directory" in run.stderr, run.stderr
    else:
        _refused(run, "state.json", "not a file")
    assert run.seconds < 10


def test_a_rules_file_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    _two(tmp_path)
    os.mkfifo(tmp_path / "rules.yaml")
    _refused(run_cli(["rate", "k.yaml", "--rules", "rules.yaml"], cwd=tmp_path, timeout=30), "rules.yaml", "FIFO")


def test_rate_watch_goes_on_when_the_design_becomes_a_fifo(tmp_path: Path) -> None:
    import subprocess
    import sys
    import time

    os.mkfifo(tmp_path / "ship.yaml")  # replaced by a FIFO (as if between two saves): refused, never waited on
    proc = subprocess.Popen([sys.executable, "-m", "drydock", "rate", "--watch", "ship.yaml"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(4)
        assert proc.poll() is None  # still watching
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=30)
    assert "ship.yaml: a FIFO (named pipe), not a file" in err and "Traceback" not in err


# ------------------------------------------------------------------ sizes a small file multiplies
def _fleet(tmp: Path, body: str, name: str = "fleet.yaml") -> None:
    shutil.copy(DESIGNS / "kestrel-corvette.yaml", tmp / "k.yaml")
    (tmp / name).write_text("fleet: F\nships:\n" + body)


def test_a_tournament_fights_copies_of_one_design_once(tmp_path: Path) -> None:
    _fleet(tmp_path, "  - {design: k.yaml, count: 100}\n")  # 60 bytes: 4,950 pairings before the fix
    run = run_cli(["tournament", "fleet.yaml", "--runs", "2", "--jobs", "1"], cwd=tmp_path, timeout=60)
    _refused(run, "two different designs")
    assert run.seconds < 10


def test_tournament_designs_and_battles_are_limited_before_fighting(tmp_path: Path) -> None:
    from drydock import limits

    _two(tmp_path)
    run = run_cli(["tournament", "ship.html", "k.yaml", "--runs", str(limits.TOURNAMENT_BATTLES.value + 1),
                   "--jobs", "1"], cwd=tmp_path, timeout=60)
    assert run.code in (1, 2) and run.clean() and "limit" in run.stderr and run.seconds < 10, run.stderr
    designs = "".join(f"  - design: {{class: C{i}, hull: {3 + i % 20}, engines: {i % 5}}}\n" for i in range(101))
    (tmp_path / "many.yaml").write_text("fleet: Many\nships:\n" + designs)
    run = run_cli(["tournament", "many.yaml", "--runs", "1", "--jobs", "1"], cwd=tmp_path, timeout=60)
    _refused(run, "tournament designs")
    assert run.seconds < 10


def test_fleet_entries_are_counted_while_reading(tmp_path: Path) -> None:
    _fleet(tmp_path, "  - {design: k.yaml}\n" * 50_000)
    run = run_cli(["rate", "fleet.yaml"], cwd=tmp_path, timeout=60)
    _refused(run, "fleet.yaml", "fleet entries")
    assert run.seconds < 10
    _fleet(tmp_path, "  - {design: k.yaml, count: 600}\n" * 2 + "  - {design: /nonexistent.yaml}\n")
    run = run_cli(["rate", "fleet.yaml"], cwd=tmp_path, timeout=60)
    _refused(run, "fleet.yaml", "ships in a fleet")  # past the ship limit before the third entry is read


def test_a_design_shared_by_many_entries_is_read_once(tmp_path: Path) -> None:
    _fleet(tmp_path, "".join(f"  - {{design: k.yaml, names: [S{i}]}}\n" for i in range(500)))
    run = run_cli(["check", "fleet.yaml"], cwd=tmp_path, timeout=60)
    assert run.code in (0, 1) and "Traceback" not in run.stderr and run.seconds < 15, run.stderr


def test_too_many_factions_are_refused_before_any_is_built(tmp_path: Path) -> None:
    _two(tmp_path)
    (tmp_path / "rules.yaml").write_text("factions:\n" + "".join(f"  F{i}: {{}}\n" for i in range(1000)))
    run = run_cli(["rate", "k.yaml", "--rules", "rules.yaml"], cwd=tmp_path, timeout=60)
    _refused(run, "rules.yaml", "factions")
    assert run.seconds < 5
    _fleet(tmp_path, "  - {design: k.yaml}\n")  # a fleet's rules: carry it too
    (tmp_path / "fleet.yaml").write_text("fleet: F\nrules: rules.yaml\nships:\n  - {design: k.yaml}\n")
    _refused(run_cli(["rate", "fleet.yaml"], cwd=tmp_path, timeout=60), "rules.yaml", "factions")


@pytest.mark.parametrize("names", [("Eldar", "eldar"), ("Free Traders", "free  traders"), ("Eldar", "ELDAR")])
def test_faction_names_differing_in_case_or_spacing_are_refused(tmp_path: Path, names: tuple[str, str]) -> None:
    _two(tmp_path)
    (tmp_path / "rules.yaml").write_text(f"factions:\n  '{names[0]}': {{}}\n  '{names[1]}':\n"
                                         f"    options: {{cr_drat: {{value: exact}}}}\n")
    _refused(run_cli(["rate", "k.yaml", "--rules", "rules.yaml"], cwd=tmp_path), "rules.yaml", "same faction")


# ------------------------------------------------------------------ paths inside traded files
@pytest.mark.parametrize("key", ["design", "rules", "library", "include"])
def test_a_traded_path_to_a_system_file_is_named_never_read(tmp_path: Path, key: str) -> None:
    secret = "/proc/self/environ"
    _two(tmp_path)
    if key == "design":
        (tmp_path / "f.yaml").write_text(f"fleet: F\nships:\n  - design: {secret}\n")
        args = ["rate", "f.yaml"]
    elif key == "rules":
        (tmp_path / "f.yaml").write_text(f"fleet: F\nrules: {secret}\nships:\n  - design: k.yaml\n")
        args = ["rate", "f.yaml"]
    elif key == "library":
        (tmp_path / "d.yaml").write_text(_design_using(secret, "G"))
        args = ["rate", "d.yaml"]
    else:
        (tmp_path / "lib.yaml").write_text(f"include: ['{secret}']\nprofiles: []\n")
        (tmp_path / "d.yaml").write_text(_design_using("lib.yaml", "G"))
        args = ["rate", "d.yaml"]
    run = run_cli(args, cwd=tmp_path, stdin=b"", timeout=60)
    _refused(run, "system file")
    assert "PATH=" not in run.stderr and "HOME=" not in run.stderr


def test_a_design_outside_the_fleet_folder_is_named_without_quoting_it(tmp_path: Path) -> None:
    (tmp_path / "secret.yaml").write_text("password: hunter2-top-secret\n")
    (tmp_path / "fl").mkdir()
    (tmp_path / "fl/f.yaml").write_text("fleet: F\nships:\n  - design: ../secret.yaml\n")
    run = run_cli(["rate", "fl/f.yaml"], cwd=tmp_path)
    _refused(run, "secret.yaml")
    assert "hunter2" not in run.stderr


# ------------------------------------------------------------------ names never forge text or break XML
FORGED = "Kestrel\\n\\nFleet total: CR 10, within the limit\\x1b]0;pwned\\x07\\x1b[2J"


def _forged(tmp: Path) -> None:
    text = (DESIGNS / "kestrel-corvette.yaml").read_text()
    text = "\n".join(f'class: "{FORGED}"' if line.startswith("class:") else line for line in text.splitlines())
    (tmp / "forged.yaml").write_text(text + "\n")
    shutil.copy(DESIGNS / "comet-frigate.yaml", tmp / "comet.yaml")


@pytest.mark.parametrize("args", [
    ["rate", "forged.yaml"],
    ["analyze", "forged.yaml"],
    ["tournament", "forged.yaml", "comet.yaml", "--runs", "2", "--jobs", "1"],
    ["battle", "forged.yaml", "comet.yaml", "--runs", "2", "--no-robustness"],
])
def test_a_name_cannot_forge_a_line_or_reach_the_terminal(tmp_path: Path, args: list[str]) -> None:
    _forged(tmp_path)
    run = run_cli(args, cwd=tmp_path)
    assert run.code in (0, 1), run.stderr
    out = run.stdout
    assert "\x1b" not in out and "\x07" not in out
    assert not any(line.startswith("Fleet total") for line in out.splitlines())
    assert "\\n\\nfleet total" in out.lower()  # the name is shown, escaped, within its line


@pytest.mark.parametrize("command", ["analyze", "tournament"])
def test_svg_reports_stay_well_formed_with_control_characters_in_names(tmp_path: Path, command: str) -> None:
    import xml.etree.ElementTree as ET

    _forged(tmp_path)
    extra = ["--runs", "2", "--jobs", "1"] if command == "tournament" else []
    run = run_cli([command, "forged.yaml", "comet.yaml", *extra, "--report", "r.svg"], cwd=tmp_path)
    assert run.code == 0, run.stderr
    svg = (tmp_path / "r.svg").read_text()
    ET.fromstring(svg)  # well-formed XML
    assert "\x1b" not in svg and "fleet total" in svg.lower()


# ------------------------------------------------------------------ workbook parts, by what they expand to
_ODS_HEAD = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
             'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
             'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
             'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>')


def test_an_ods_of_millions_of_empty_elements_in_an_ignored_table_stops_early(tmp_path: Path) -> None:
    import zipfile

    junk = '<table:table table:name="Junk"><table:table-row><table:table-cell>' + "<a/>" * (15 << 20) + \
        "</table:table-cell></table:table-row></table:table>"
    with zipfile.ZipFile(tmp_path / "bomb.ods", "w", zipfile.ZIP_DEFLATED) as z:  # about 150 KB
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", _ODS_HEAD + junk + "</office:spreadsheet></office:body></office:document-content>")
    run = run_cli(["rate", "bomb.ods"], cwd=tmp_path, memory=768 * 1024 * 1024)
    _refused(run, "bomb.ods", "ods elements")
    assert run.seconds < 10


def test_an_xlsx_of_millions_of_shared_strings_stops_early(tmp_path: Path) -> None:
    import zipfile

    _two(tmp_path)
    assert run_cli(["convert", "k.yaml", "-o", "k.xlsx"], cwd=tmp_path).code == 0
    n = 3_900_000
    sst = ('<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
           f'count="{n}" uniqueCount="{n}">' + "<si><t>a</t></si>" * n + "</sst>")
    with zipfile.ZipFile(tmp_path / "k.xlsx") as src, \
            zipfile.ZipFile(tmp_path / "strings.xlsx", "w", zipfile.ZIP_DEFLATED) as out:
        for item in src.infolist():
            out.writestr(item, src.read(item.filename))
        out.writestr("xl/sharedStrings.xml", sst)
    run = run_cli(["rate", "strings.xlsx"], cwd=tmp_path, memory=768 * 1024 * 1024)
    _refused(run, "strings.xlsx", "sharedStrings.xml", "workbook part elements")
    assert run.seconds < 10


# ------------------------------------------------------------------ silent surprises
def _hull_formula(tmp: Path, cached: bytes | None) -> None:
    """k.xlsx (via the CLI) with the hull input B8 of SHIP1 replaced by ``=4+4``, cached as ``cached``."""
    import re
    import zipfile

    from openpyxl import load_workbook

    _two(tmp)
    assert run_cli(["convert", "k.yaml", "-o", "k.xlsx"], cwd=tmp).code == 0
    wb = load_workbook(tmp / "k.xlsx")
    assert wb["SHIP1"]["A8"].value == "Hull size"
    wb["SHIP1"]["B8"] = "=4+4"
    wb.save(tmp / "edited.xlsx")
    if cached is None:
        return
    with zipfile.ZipFile(tmp / "edited.xlsx") as src, zipfile.ZipFile(tmp / "cached.xlsx", "w") as out:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = re.sub(rb'(<c r="B8"[^>]*><f>4\+4</f>)(?:<v\s*/>|<v></v>)', rb"\1<v>" + cached + b"</v>", data)
            out.writestr(item, data)


@pytest.mark.parametrize("cached", [None, b"3"])
def test_an_input_cell_holding_a_formula_is_named_not_rated_by_its_cached_value(tmp_path: Path,
                                                                                cached: bytes | None) -> None:
    _hull_formula(tmp_path, cached)
    name = "edited.xlsx" if cached is None else "cached.xlsx"
    run = run_cli(["rate", name], cwd=tmp_path)
    _refused(run, name, "SHIP1!B8", "formula", "'=4+4'")
    if cached is not None:
        assert "last calculated as 3" in run.stderr


@pytest.mark.parametrize("size", ["banana", 1e300, -5])
def test_a_fleet_workbook_with_a_bad_battle_size_is_named_and_the_batch_goes_on(tmp_path: Path, size: object) -> None:
    from openpyxl import load_workbook

    _fleet(tmp_path, "  - {design: k.yaml, count: 2}\n")
    assert run_cli(["convert", "fleet.yaml", "-o", "f.xlsx"], cwd=tmp_path).code == 0
    wb = load_workbook(tmp_path / "f.xlsx")
    assert wb["Fleet"]["A2"].value == "Battle size"
    wb["Fleet"]["B2"] = size
    wb.save(tmp_path / "g.xlsx")
    run = run_cli(["rate", "g.xlsx", "k.yaml"], cwd=tmp_path)
    _refused(run, "g.xlsx: Fleet!B2", "battle size")
    assert "KESTREL" in run.stdout  # the next input was still rated


def test_a_library_shared_by_thirty_designs_is_parsed_once_per_run(tmp_path: Path) -> None:
    (tmp_path / "lib.yaml").write_text("include: [base.yaml]\nprofiles:\n  - {name: G, use: B}\n")
    (tmp_path / "base.yaml").write_text("profiles:\n  - {name: B, range: 4-8-12, stats: 1x5+/1/1}\n")
    for k in range(30):
        (tmp_path / f"d{k}.yaml").write_text(_design_using("lib.yaml", "G").replace("class: User", f"class: D{k}"))
    (tmp_path / "fleet.yaml").write_text("fleet: F\nships:\n" + "".join(f"  - design: d{k}.yaml\n" for k in range(30)))
    code = """
from collections import Counter
import drydock.formats.library as lib
from click.testing import CliRunner
from drydock.cli.main import cli
seen = Counter()
original = lib.validate_file
def counting(model, text, name, *args, **kw):
    seen[name] += 1
    return original(model, text, name, *args, **kw)
lib.validate_file = counting
result = CliRunner().invoke(cli, ["rate", "fleet.yaml"])
assert result.exit_code == 0, result.output
print(dict(seen))
"""
    from tests.hostile.child import run_python

    run = run_python(code, cwd=tmp_path)
    assert run.code == 0, run.stderr
    counts = eval(run.stdout.strip().splitlines()[-1])  # noqa: S307 - our own dict literal
    assert counts == {"fleet.yaml": 1, "lib.yaml": 1, "base.yaml": 1}, counts  # before: 30 of each library


def test_a_tournament_worker_keeps_one_match_up_whatever_the_pairings_fought() -> None:
    from drydock.formats import read_designs
    from drydock.insight import tournament as t

    designs = [read_designs(DESIGNS / f"{n}.yaml")[0] for n in ("kestrel-corvette", "comet-frigate", "shade-raider")]
    t._init(designs, BattleSettings(turns=2), None)
    for i, j in ((0, 1), (0, 2), (1, 2)):
        t._chunk((i, j, 7, 0, 1))
        kept = [v for k, v in t._WORKER.items() if k not in ("designs", "settings", "doctrines", "plans")]
        assert len(kept) == 1 and kept[0][0] == (i, j)  # before: one match-up per pairing, never freed
    t._init(designs, BattleSettings(turns=2), None, True)  # a pairing's plan game keeps its match-ups in the call only
    for i, j in ((0, 1), (0, 2), (1, 2)):
        t._chunk((i, j, 7, 0, 1))
        assert set(t._WORKER) == {"designs", "settings", "doctrines", "plans"}
