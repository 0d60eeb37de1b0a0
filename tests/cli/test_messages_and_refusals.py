"""The rough edges of issue 26, each through the real command: progress labels off a pipe, option messages,
one rounding of a share, ``ssd -o ship.png``, one exit status for a missing file or an unknown format,
help texts, and every output path checked before any work."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from tests.helpers import ROOT

EX = ROOT / "examples" / "designs"
COMET, KESTREL, VIGILANT, HARRIER = (EX / f"{n}.yaml" for n in
                                     ("comet-frigate", "kestrel-corvette", "vigilant-cruiser",
                                      "harrier-missile-destroyer"))
DRYDOCK = [sys.executable, "-m", "drydock"]


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


# ------------------------------------------------------------------ progress never into a pipe


@pytest.mark.parametrize("args", [
    ["battle", COMET, KESTREL, "--runs", "200", "--no-robustness"],
    ["tournament", COMET, KESTREL, "--runs", "20", "--jobs", "1"],
])
def test_no_progress_label_in_a_real_pipe(args):
    res = subprocess.run([*DRYDOCK, *map(str, args)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""  # stderr is a pipe: no "battles" label, no bar
    assert "battles" in res.stdout


def test_legacy_conversion_prints_no_progress_into_a_pipe(tmp_path):
    res = subprocess.run([*DRYDOCK, "convert", "--from", "admiralty", str(ROOT / "examples" / "legacy" / "admiralty"),
                          "-o", str(tmp_path / "ae")], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert "Converting" not in res.stderr + res.stdout


# ------------------------------------------------------------------ option messages


@pytest.mark.parametrize("option, value, message", [
    ("--runs", "0", "--runs must be at least 1, not 0"),
    ("--runs", "-5", "--runs must be at least 1, not -5"),
    ("--jobs", "0", "--jobs must be at least 1, not 0"),
    ("--turns", "0", "--turns must be at least 1, not 0"),
])
def test_too_small_is_not_past_the_limit(option, value, message):
    res = run("battle", COMET, KESTREL, option, value)
    assert res.exit_code == 2
    assert res.stderr.strip() == f"drydock: error: {message}"


def test_tournament_jobs_below_zero():
    res = run("tournament", COMET, KESTREL, "--jobs", "-1")
    assert res.exit_code == 2 and "--jobs must be at least 0, not -1" in res.stderr and "limit" not in res.stderr


# ------------------------------------------------------------------ one rounding of a survival rate


def test_survival_rounds_half_up_in_both_reports():
    from drydock.engine.montecarlo import Summary, format_summary

    s = Summary(400, survived_a=[381], survived_b=[1], labels_a=["A1 X"], labels_b=["B1 Y"])
    s.a_wins, s.b_wins, s.draws = 381, 1, 18
    text = format_summary(s, 1)
    assert "A1 X                            95.3%" in text  # 381/400 = 95.25% exactly: half up, as the report
    assert "A wins   95.3%" in text and "B wins    0.3%" in text  # 1/400 = 0.25%
    from drydock.insight.numbers import pct

    assert pct(__import__("fractions").Fraction(381, 400)) == "95.3%"


def test_battle_prints_one_figure_per_survival_rate():
    res = run("battle", VIGILANT, HARRIER, "--count-b", "2", "--runs", "400", "--no-robustness")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    start = lines.index("survival:")
    summary = {}
    for line in lines[start + 1:]:
        if not line.startswith("  ") or line.startswith("  -"):
            break
        ship, figure = line.rsplit(None, 1)
        summary[ship.strip()] = figure
    report = {line.split(" survived ")[0].strip(): line.split(" survived ")[1].split(";")[0]
              for line in lines if " survived " in line}
    assert summary and summary == report


# ------------------------------------------------------------------ ssd -o ship.png


def test_ssd_refuses_a_png_name(tmp_path):
    res = run("ssd", COMET, "-o", tmp_path / "ship.png")
    assert res.exit_code == 2 and "ssd writes PDF; name the file .pdf" in res.stderr and "pdftoppm" in res.stderr
    assert not (tmp_path / "ship.png").exists()
    res = run("ssd", COMET, "-o", tmp_path / "ship.pdf", "--html", tmp_path / "ship.txt")
    assert res.exit_code == 2 and "ssd writes HTML" in res.stderr


# ------------------------------------------------------------------ one exit status for a missing file / format


COMMANDS = [["rate"], ["check"], ["show"], ["ssd", "-o", "{tmp}/x.pdf"], ["convert", "-o", "{tmp}/x.yaml"],
            ["analyze"], ["battle", str(COMET)], ["tournament", str(COMET)],
            ["convert", "--from", "admiralty", "-o", "{tmp}/ae"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:3]))
def test_a_missing_file_exits_2_everywhere(command, tmp_path):
    args = [a.format(tmp=tmp_path) for a in command] + [str(tmp_path / "nope.yaml")]
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert res.stderr.strip() == f"drydock: error: {tmp_path / 'nope.yaml'}: no such file or directory"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [c for c in COMMANDS if c[0] in ("rate", "check", "show", "ssd", "convert")
                                     and "--from" not in c], ids=lambda c: c[0])
def test_an_unknown_format_exits_2_everywhere(command, tmp_path):
    args = [a.format(tmp=tmp_path) for a in command] + ["--from", "bogus", str(COMET)]
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert "unknown format 'bogus'" in res.stderr


# ------------------------------------------------------------------ help texts


def test_convert_help_says_standard_input_is_sniffed():
    text = " ".join(run("convert", "--help").stdout.split())
    assert "YAML by default" not in text
    assert "standard input and unknown extensions are recognised by their content" in text


def test_rules_variables_cite_b21_for_solar_sails():
    line = next(t for t in run("rules", "--variables").stdout.splitlines() if "solar sails" in t)
    assert "(B.21)" in line


# ------------------------------------------------------------------ outputs checked before any work


@pytest.mark.parametrize("option", ["--report", "--log"])
def test_battle_refuses_an_existing_output_before_fighting(tmp_path, option):
    target = tmp_path / ("out.html" if option == "--report" else "log.txt")
    target.write_text("mine")
    res = subprocess.run([*DRYDOCK, "battle", str(COMET), str(KESTREL), "--runs", "1000", option, str(target)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 2
    assert res.stderr.strip() == f"drydock: error: {target}: already exists (use --force to overwrite)"
    assert res.stdout == "" and target.read_text() == "mine"


def test_analyze_refuses_an_existing_report_first(tmp_path):
    target = tmp_path / "a.html"
    target.write_text("mine")
    res = run("analyze", COMET, "--report", target)
    assert res.exit_code == 2 and "already exists" in res.stderr and res.stdout == ""


def test_tournament_report_checked_first_and_a_rerun_resumes(tmp_path):
    report, state = tmp_path / "t.html", tmp_path / "t.json"
    report.write_text("mine")
    args = ["tournament", COMET, KESTREL, "--runs", "20", "--jobs", "1", "--report", report]
    res = run(*args)
    assert res.exit_code == 2 and "already exists" in res.stderr and report.read_text() == "mine"
    report.unlink()
    args += ["--state", state]
    first = run(*args)
    assert first.exit_code == 0, first.output
    assert report.read_text().startswith("<!DOCTYPE html>") and state.exists()
    again = run(*args)  # "rerun the same command" (README): the finished tournament, its report rewritten
    assert again.exit_code == 0, again.output
    def table(out):
        return out.split(" battles in ")[0].rsplit("\n", 1)[0]

    assert table(again.stdout) == table(first.stdout)
    assert json.loads(state.read_text())


def test_tournament_state_and_report_must_differ_from_inputs(tmp_path):
    res = run("tournament", COMET, KESTREL, "--state", COMET)
    assert res.exit_code == 2 and "is also an input" in res.stderr


# ------------------------------------------------------------------ legacy posts given to rate/check


LEGACY = ROOT / "examples" / "legacy"


@pytest.mark.parametrize("path, kind", [
    (LEGACY / "admiralty" / "dumbo-v1.ae", "admiralty"), (LEGACY / "admiralty" / "dumbo-v2.ae", "admiralty"),
    (LEGACY / "admiralty" / "razorthorn-houseruled.ae", "admiralty"),
    (LEGACY / "nova" / "nova-majestic-rulebook.nova", "nova"), (LEGACY / "nova" / "nova-majestic-typed.nova", "nova"),
], ids=lambda p: p.name if isinstance(p, Path) else p)
@pytest.mark.parametrize("command", ["rate", "check"])
def test_a_legacy_post_names_the_conversion(path, kind, command):
    res = run(command, path)
    assert res.exit_code == 1
    edition = "an Admiralty Edition (X.1)" if kind == "admiralty" else "a Nova (X.2)"
    assert res.stderr.strip() == (f"drydock: error: {path}: this looks like {edition} design, not a Unity one; "
                                  f"convert it first: drydock convert --from {kind} {path} -o FOLDER/")
    piped = run(command, "-", input=path.read_bytes())
    # issue 46: a hint a shell can run ('-' reads standard input; it said '<stdin>')
    assert piped.stderr.strip().endswith(f"convert it first: drydock convert --from {kind} - -o FOLDER/")


def test_unity_parse_errors_stay_as_they_were(tmp_path):
    bad = tmp_path / "bad.drake"
    bad.write_text("Imperial X-class Y (10)\n--\nHull: 3 x 1\n")
    res = run("rate", bad)
    assert "looks like" not in res.stderr and f"{bad}:3:" in res.stderr


# ------------------------------------------------------------------ every structural mistake at once


MISTAKES = ("class: X\nhull: 4\nengine: 2\nsheilds: 1\nweapons:\n  - name: G\n    range: 2-4-6\n    stats: 1x4/1\n"
            "    banks: [A]\n")


@pytest.mark.parametrize("command, code", [("rate", 1), ("check", 1), ("show", 2)])
def test_a_design_file_reports_every_structural_mistake(tmp_path, command, code):
    path = tmp_path / "ship.yaml"
    path.write_text(MISTAKES)
    res = run(command, path)
    assert res.exit_code == code
    assert res.stderr.splitlines() == [
        f"drydock: error: {path}:3:1: key engine: unknown key 'engine' (did you mean engines?)",
        f"drydock: error: {path}:4:1: key sheilds: unknown key 'sheilds' (did you mean shields or ship_id?)",
        f"drydock: error: {path}:8:5: key weapons[0].stats (G): weapon stats must look like ROFxACC+/IMP/DMG, "
        "e.g. 2x5+/1/1: '1x4/1'",
    ]


def test_mistakes_are_bounded(tmp_path):
    path = tmp_path / "ship.yaml"
    path.write_text("class: X\nhull: 4\n" + "".join(f"bad{i}: 1\n" for i in range(30)))
    lines = run("rate", path).stderr.splitlines()
    assert len(lines) == 21 and lines[-1] == f"drydock: error: {path}: ... and 10 more mistake(s)"
    assert lines[0].startswith(f"drydock: error: {path}:3:1: key bad0: unknown key 'bad0'")
    assert lines[19].startswith(f"drydock: error: {path}:22:1: key bad19: unknown key 'bad19'")


def test_mistakes_of_several_weapons_and_banks(tmp_path):
    path = tmp_path / "ship.yaml"
    path.write_text("class: X\nhull: 4\nweapons:\n  - {name: A, range: 2-4, stats: 1x4+/1/1, banks: [A]}\n"
                    "  - {name: B, range: 2-4-6, stats: 1x4+/1/1, banks: ['%%', '2 3']}\n")
    lines = run("check", path).stderr.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"drydock: error: {path}:4:") and "weapons[0].range (A)" in lines[0]
    assert "weapons[1].banks[0] (B): bank entry must look like xARCy" in lines[1] and "'%%'" in lines[1]
    assert "weapons[1].banks[1] (B)" in lines[2] and lines[2].startswith(f"drydock: error: {path}:5:")


def test_a_drake_file_reports_every_structural_mistake(tmp_path):
    path = tmp_path / "two.drake"
    path.write_text("Imperial X-class Y (10)\n--\nHull: 4-3-2-1\nEngines: 2-1 x\nWeapons: 2-1\nShields: 1-1\n--\n"
                    "Gun | AB [] // (1)\n2-4-6 | 1x4/1\n--\nEquipment: Hyperdrive [] // (1)\n\n"
                    "Imperial Z-class Y (10)\n--\nHull: 4-3-2-1\nWeapons: 1\nFoo bar baz\n")
    lines = run("check", path).stderr.splitlines()
    assert [line.split(": ")[2] for line in lines] == [f"{path}:4:10", f"{path}:9:9", f"{path}:17:1"]
    assert "a track must be numbers" in lines[0] and "stat line must look like" in lines[1]
    assert "unrecognised line" in lines[2] and "battery has no stat line" not in "\n".join(lines)  # no cascade
