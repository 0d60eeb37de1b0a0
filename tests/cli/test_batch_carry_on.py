"""A bad file never stops a batch (issue 10): good, bad, good through every multi-file command.

Each command must do both good files, name the bad one in one clean stderr line,
write its report where it has one, and exit 1 at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.hostile.child import run_cli

GOOD = (ROOT / "examples/designs/comet-frigate.yaml").read_text()
AE_GOOD = (ROOT / "tests/fixtures/legacy/dumbo-v1.txt").read_text()
NOVA_GOOD = (ROOT / "tests/fixtures/legacy/nova-majestic-typed.txt").read_text()
#: Bad files of every kind: a limit, a syntax error, an alias bomb, bytes that are not UTF-8.
BAD_DESIGNS = {
    "limit": "class: Bad\nhull: 100000000\n",
    "syntax": "class: [unclosed\n",
    "alias": "class: Bad\nhull: 4\nnotes: &a [*a]\n",
    "bytes": b"class: \xff\xfe\nhull: 4\n",
}


def _files(tmp: Path, bad: str | bytes, folder: str = "") -> list[str]:
    names = [f"{folder}1-good.yaml", f"{folder}2-bad.yaml", f"{folder}3-good.yaml"]
    for name, content in zip(names, (GOOD, bad, GOOD.replace("Comet", "Meteor")), strict=True):
        p = tmp / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return names


def _one_failure(stderr: str, name: str) -> None:
    errors = [line for line in stderr.splitlines() if line.startswith("drydock: error:")]
    assert len(errors) == 1 and name in errors[0], stderr
    assert "Traceback" not in stderr


@pytest.mark.parametrize("bad", list(BAD_DESIGNS))
def test_rate_rates_every_good_file(tmp_path: Path, bad: str) -> None:
    files = _files(tmp_path, BAD_DESIGNS[bad])
    run = run_cli(["rate", *files], cwd=tmp_path)
    assert run.code == 1
    assert "COMET-class" in run.stdout and "METEOR-class" in run.stdout
    _one_failure(run.stderr, "2-bad.yaml")


def test_rate_json_lists_the_good_files(tmp_path: Path) -> None:
    import json

    files = _files(tmp_path, BAD_DESIGNS["limit"])
    run = run_cli(["rate", "--json", *files], cwd=tmp_path)
    assert run.code == 1
    assert [d["file"] for d in json.loads(run.stdout)] == ["1-good.yaml", "3-good.yaml"]


def test_check_checks_every_good_file(tmp_path: Path) -> None:
    files = _files(tmp_path, BAD_DESIGNS["alias"])
    run = run_cli(["check", *files], cwd=tmp_path)
    assert run.code == 1
    _one_failure(run.stderr, "2-bad.yaml")


def test_ssd_prints_every_good_file(tmp_path: Path) -> None:
    from pypdf import PdfReader

    files = _files(tmp_path, BAD_DESIGNS["syntax"])
    run = run_cli(["ssd", *files, "-o", "fleet.pdf", "--per-page", "1", "--no-roster"], cwd=tmp_path)
    assert run.code == 1, run.stderr
    _one_failure(run.stderr, "2-bad.yaml")
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "fleet.pdf").pages)
    assert "COMET" in text and "METEOR" in text


def test_convert_directory_converts_every_good_file(tmp_path: Path) -> None:
    _files(tmp_path, BAD_DESIGNS["bytes"], folder="in/")
    run = run_cli(["convert", "in", "-o", "out/", "--to", "json"], cwd=tmp_path)
    assert run.code == 1
    _one_failure(run.stderr, "2-bad.yaml")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["1-good.json", "3-good.json"]
    assert "converted 2 files (2 designs), 1 failed" in run.stderr


@pytest.mark.parametrize(("source", "good", "bad"), [
    ("admiralty", AE_GOOD, AE_GOOD.replace("Sonic Cannon", "Sonic // Cannon")),  # a name Drake cannot write
    ("admiralty", AE_GOOD, AE_GOOD.replace("Marines (14)", "Marines (1000000000000)")),
    ("admiralty", AE_GOOD, "\x00\x01 not a design"),
    ("nova", NOVA_GOOD, NOVA_GOOD.replace("HULL: 14", "HULL: 1000000000000")),
    ("nova", NOVA_GOOD, "NAME:\n" + "a" * 3000 + "-class\n"),
])
def test_legacy_conversion_converts_every_good_file_and_writes_the_report(tmp_path: Path, source: str, good: str,
                                                                           bad: str) -> None:
    for name, text in (("1-good.txt", good), ("2-bad.txt", bad), ("3-good.txt", good)):
        (tmp_path / "in").mkdir(exist_ok=True)
        (tmp_path / "in" / name).write_text(text, encoding="utf-8")
    run = run_cli(["convert", "--from", source, "in", "-o", "out", "--report", "report.csv"], cwd=tmp_path)
    assert run.code == 1, run.stderr
    assert run.clean(), run.stderr
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    ext = ".drake" if source == "admiralty" else ".yaml"
    assert written == sorted([f"1-good{ext}", f"3-good{ext}", "report.csv"])
    report = (tmp_path / "out/report.csv").read_text(encoding="utf-8")
    assert "2-bad.txt" in report and report.count("failed") == 1
    assert "1 failed" in run.stdout and "2-bad" in run.stdout


def test_a_failed_write_counts_for_that_file_only(tmp_path: Path) -> None:
    files = _files(tmp_path, GOOD, folder="in/")
    out = tmp_path / "out"
    out.mkdir()
    (out / "2-bad.json").mkdir()  # a folder where the output file should go: writing fails
    run = run_cli(["convert", "in", "-o", "out/", "--to", "json", "--force"], cwd=tmp_path)
    assert run.code == 1, run.stderr
    assert len(files) == 3 and (out / "1-good.json").is_file() and (out / "3-good.json").is_file()
    _one_failure(run.stderr, "out/2-bad.json")
