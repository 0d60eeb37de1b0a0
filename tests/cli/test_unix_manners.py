"""Unix manners (issue 12): formats on standard input by sniffing or --from, ``-o -``, ``show`` of many files,
``examples --copy`` twice, no progress bars off a terminal, ``rate --watch``, and Nova records that go on
through the ordinary commands."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.formats import sniff_format
from tests.helpers import ROOT

MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"
KESTREL = ROOT / "examples" / "designs" / "kestrel-corvette.yaml"
NOVA = ROOT / "examples" / "legacy" / "nova" / "nova-majestic-typed.nova"
DRYDOCK = Path(sys.executable).parent / "drydock"


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def test_sniffing_tells_the_formats_apart():
    drake = run("show", MAJESTIC).stdout
    assert sniff_format(drake.encode()) == "drake"
    assert sniff_format(MAJESTIC.read_bytes()) == "yaml"
    assert sniff_format(b"# a comment\n\n{\"hull\": 3}") == "json"
    assert sniff_format(b"---\nclass: X\nhull: 2\n") == "yaml"
    assert sniff_format(b"PK\x03\x04rest") == "xlsx"
    assert sniff_format(b"- kind: nova\n  hull: 3\n") == "yaml"


@pytest.mark.parametrize("fmt", ["drake", "yaml", "json"])
def test_every_text_format_rates_from_stdin(fmt):
    text = run("show", MAJESTIC, "--format", fmt).stdout
    res = run("rate", "-", input=text)
    assert res.exit_code == 0, res.output
    assert "ORAT 605   DRAT 58   CR 188" in res.stdout
    assert run("check", "-", input=text).exit_code == 0


def test_workbook_on_stdin_and_from_option(tmp_path):
    book = tmp_path / "fleet.xlsx"
    assert run("convert", MAJESTIC, "-o", book).exit_code == 0
    res = run("rate", "-", input=book.read_bytes())
    assert "CR 188" in res.stdout
    odd = tmp_path / "ship.dat"
    odd.write_text(run("show", MAJESTIC).stdout)
    assert "CR 188" in run("rate", "--from", "drake", odd).stdout
    assert "CR 188" in run("rate", odd).stdout  # no known extension: recognised by content


def test_real_pipe_show_into_rate():
    show = subprocess.Popen([DRYDOCK, "show", MAJESTIC], stdout=subprocess.PIPE)
    res = subprocess.run([DRYDOCK, "rate", "-"], stdin=show.stdout, capture_output=True, text=True, timeout=60)
    show.stdout.close()
    assert show.wait(timeout=60) == 0
    assert res.returncode == 0 and "CR 188" in res.stdout, res.stderr


def test_ssd_writes_pdf_to_stdout_and_show_takes_many_files(tmp_path):
    res = subprocess.run([DRYDOCK, "ssd", MAJESTIC, "-o", "-"], capture_output=True, timeout=300, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith(b"%PDF-") and res.stdout.rstrip().endswith(b"%%EOF")
    assert not (tmp_path / "-").exists()
    out = run("show", MAJESTIC, KESTREL, "--format", "json").stdout
    assert [d["class"] for d in json.loads(out)] == ["Majestic", "Kestrel"]


def test_examples_copy_twice(tmp_path):
    dest = tmp_path / "ex"
    assert run("examples", "--copy", dest).exit_code == 0
    res = run("examples", "--copy", dest)
    assert res.exit_code == 2 and "already exists (use --force to overwrite)" in res.stderr
    res = run("examples", "--copy", dest, "--force")
    assert res.exit_code == 0 and (dest / "designs" / "majestic.yaml").read_text() == MAJESTIC.read_text()


def test_no_progress_bar_off_a_terminal(tmp_path):
    res = run("convert", ROOT / "examples" / "designs", "-o", tmp_path / "out", "--to", "drake")
    assert res.exit_code == 0
    assert res.stderr.strip() == f"converted 9 files (9 designs) -> {tmp_path / 'out'}"
    res = run("convert", "--from", "admiralty", ROOT / "examples" / "legacy" / "admiralty", "-o", tmp_path / "ae")
    assert res.exit_code == 0 and "Converting" not in res.output


def test_nova_records_rate_check_show_and_print(tmp_path):
    out = tmp_path / "nova"
    res = run("convert", "--from", "nova", NOVA, "-o", out)
    assert res.exit_code == 0, res.output
    record = out / "nova-majestic-typed.yaml"
    rated = run("rate", record)
    assert rated.exit_code == 0, rated.output
    assert "Imperial MAJESTIC-class BC (344)" in rated.stdout and "Nova record (X.2)" in rated.stdout
    (item,) = json.loads(run("rate", "--json", record).stdout)
    assert item["kind"] == "nova" and item["combat_rating"] == 344 and item["rules"]["book"] is True
    assert run("check", record).exit_code == 0
    assert json.loads(run("show", record, "--format", "json").stdout)[0]["hull"] == item["hull"]
    res = run("show", record)
    assert res.exit_code == 2 and "not a Unity design" in res.stderr
    pdf = tmp_path / "nova.pdf"
    res = run("ssd", record, MAJESTIC, "-o", pdf)
    assert res.exit_code == 0, res.output
    assert pdf.read_bytes().startswith(b"%PDF-")


def test_rate_watch_in_a_real_process(tmp_path):
    ship = tmp_path / "ship.yaml"
    ship.write_text(MAJESTIC.read_text())
    log = tmp_path / "out.txt"
    with log.open("w") as fh:
        proc = subprocess.Popen([DRYDOCK, "rate", "--watch", ship], stdout=fh, stderr=subprocess.DEVNULL)
    try:
        _wait_for(log, "CR 188")
        time.sleep(0.1)
        ship.write_text(MAJESTIC.read_text().replace("engines: 4", "engines: 3"))
        os.utime(ship, (time.time() + 5, time.time() + 5))  # a new mtime even on coarse clocks
        _wait_for(log, "CR 182")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_rate_watch_stopped_with_ctrl_c_exits_130(tmp_path):
    """docs/limits.md: 130 interrupted (Ctrl-C), as for every other command; one line, no traceback."""
    ship = tmp_path / "ship.yaml"
    ship.write_text(MAJESTIC.read_text())
    log = tmp_path / "out.txt"
    with log.open("w") as fh:
        proc = subprocess.Popen([DRYDOCK, "rate", "--watch", ship], stdout=fh, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(log, "CR 188")
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    assert proc.returncode == 130
    assert err.splitlines()[-1] == "drydock: interrupted" and "Traceback" not in err


def _wait_for(path: Path, text: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if text in path.read_text():
            return
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared in: {path.read_text()[-500:]}")
