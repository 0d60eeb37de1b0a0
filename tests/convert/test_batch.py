"""Folder conversion: hundreds of generated AE designs with broken files among them, the report, the CLI."""

import csv
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.convert import batch
from drydock.convert.run import convert_legacy
from drydock.errors import DrydockError
from drydock.formats import read_designs
from drydock.formats.legacy.nova_record import from_yaml
from tests.helpers import FIXTURES
from tests.legacy_generator import generate_folder

FIX = FIXTURES / "legacy"


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ae")
    return folder, generate_folder(folder, 300, broken=9, seed=5)


def test_generated_folder_every_good_design_converts_every_broken_one_is_located(generated, tmp_path):
    folder, expected = generated
    files, missing = batch.plan([folder])
    assert len(files) == 300 and not missing
    results = {Path(r.path): r for r in (batch.convert_file(f, "admiralty", stem=s) for f, s in files)}
    broken = [e for e in expected if e.error_line]
    assert len(broken) == 9
    for e in expected:
        res = results[e.path]
        if e.error_line:
            assert res.failed and f"{e.path}:{e.error_line}:" in res.error
            assert res.reports[0].line == e.error_line
        else:
            assert res.error is None and [r.status for r in res.reports] == ["ok"], res.reports[0].unreadable
            d = res.designs[0]
            assert (d.hull, d.engines, d.shields, len(d.weapons)) == (e.hull, e.engines, e.shields, e.batteries)
            assert res.reports[0].stated_cr == e.cr and res.reports[0].unity_cr is not None


def test_run_writes_outputs_report_and_exit_status(generated, tmp_path):
    folder, expected = generated
    out = tmp_path / "out"
    run = convert_legacy([str(folder)], source="admiralty", outdir=str(out), to="yaml")
    assert run.exit_status == 1  # nine files failed
    assert "300 designs: 291 ok, 0 partial (unreadable parts), 9 failed" in run.summary
    assert run.report_path == out / "report.md" and run.ssd_path is None
    assert len(list(out.glob("*.yaml"))) == 291
    good = next(e for e in expected if not e.error_line)
    (design,) = read_designs(out / f"{good.path.stem}.yaml")
    assert design.hull == good.hull and design.notes
    report = (out / "report.md").read_text(encoding="utf-8")
    bad = next(e for e in expected if e.error_line)
    assert f"{bad.path}:{bad.error_line}:" in report
    # existing outputs are never overwritten without --force
    run = convert_legacy([str(good.path)], source="admiralty", outdir=str(out), to="yaml", report="again.csv")
    assert run.exit_status == 1 and "already exists (use --force" in run.summary
    with pytest.raises(DrydockError, match="report.md: already exists"):  # refused before converting anything
        convert_legacy([str(good.path)], source="admiralty", outdir=str(out), to="yaml")
    run = convert_legacy([str(good.path)], source="admiralty", outdir=str(out), to="yaml", report="again2.csv",
                         force=True)
    assert run.exit_status == 0
    rows = list(csv.DictReader(io.StringIO((out / "again2.csv").read_text(encoding="utf-8"))))
    assert [r["status"] for r in rows] == ["ok"] and rows[0]["stated_cr"] == str(good.cr)


def test_samples_through_click(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    for name in ("dumbo-v1.txt", "dumbo-v2.txt", "razorthorn-houseruled.txt"):
        shutil.copy(FIX / name, src / name)
    (src / "garbage.txt").write_bytes(b"\xff\xfe not text")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(src), "-o", str(out), "--to", "json",
                                                 "--report", "report.csv"])
    assert result.exit_code == 1, result.output
    assert "garbage.txt: not a UTF-8 text file" in result.output
    assert "Traceback" not in result.output
    rows = {Path(r["source"]).name: r for r in csv.DictReader(io.StringIO((out / "report.csv").read_text()))}
    assert rows["dumbo-v1.txt"]["stated_cr"] == "277" and rows["dumbo-v1.txt"]["unity_cr"] == "317"
    assert "Extra Hull Damage -> Kinetic (Knt)" in rows["dumbo-v2.txt"]["mapped"]
    assert "Increased Hits" in rows["razorthorn-houseruled.txt"]["legacy_notes"]
    assert "OVER_SPACE" in rows["razorthorn-houseruled.txt"]["problems"]
    assert rows["garbage.txt"]["status"] == "failed"
    (design,) = read_designs(out / "razorthorn-houseruled.json")
    assert any("Increased Hits" in n for n in design.notes)
    # outputs never replace inputs
    result = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(src / "dumbo-v1.txt"), "-o", str(src),
                                                 "--to", "json"])
    assert (src / "dumbo-v1.json").exists()


def test_nova_through_click_and_bad_options(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["convert", "--from", "nova", str(FIX / "nova-majestic-rulebook.txt"),
                                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    (rec,) = from_yaml((out / "nova-majestic-rulebook.yaml").read_text(encoding="utf-8"))
    assert rec.hull == 9 and rec.weapons[0].imp == 3
    assert "partial" in result.output
    result = CliRunner().invoke(cli, ["convert", "--from", "nova", str(FIX / "nova-majestic-typed.txt"),
                                                 "-o", str(out), "--to", "drake"])
    assert result.exit_code == 2 and "not a Unity design" in result.output
    result = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(tmp_path / "nope"), "-o", str(out),
                                                 "--report", "r2.md"])
    assert result.exit_code == 2 and "no such file or directory" in result.output


def test_report_markdown_lists_each_part():
    res = batch.convert_file(FIX / "razorthorn-houseruled.txt", "admiralty")
    md = batch.report_markdown([res])
    assert "| Source | Line | Design | Status | AE CR (stated) | Unity CR (computed) |" in md
    for heading in ("### Mapped", "### Legacy notes (no Unity equivalent)", "### Readings chosen",
                    "### Unity rules broken"):
        assert heading in md
    assert "Range-Based ROF" in md and "1318" in md and "546" in md


def test_one_bad_design_in_a_post_does_not_stop_the_others(tmp_path):
    good = (FIX / "dumbo-v1.txt").read_text(encoding="utf-8")
    bad = "(90) Broken-Class Scout [X]\nHull: 3 ? 1\nEngines: 2 2 1\nShields: 1 1 1\n"
    path = tmp_path / "post.txt"
    path.write_text(good + "\n" + bad + "\n" + good.split("\n", 1)[1], encoding="utf-8")
    res = batch.convert_file(path, "admiralty")
    assert [r.status for r in res.reports] == ["ok", "failed", "ok"]
    assert f"{path}:16:9:" in res.reports[1].error and res.failed and len(res.designs) == 2


def test_wrong_edition_gets_a_hint():
    res = batch.convert_file(FIX / "nova-majestic-typed.txt", "admiralty")
    assert res.failed and "use --from nova" not in res.error and "convert it with --from nova" in res.error
    res = batch.convert_file(FIX / "dumbo-v1.txt", "nova")
    assert res.failed and "convert it with --from admiralty" in res.error


def test_drydock_convert_from_admiralty_and_nova(tmp_path):
    from drydock.cli.main import cli

    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(FIX / "dumbo-v1.txt"),
                                 str(FIX / "razorthorn-houseruled.txt"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert (out / "dumbo-v1.drake").exists() and (out / "report.md").exists()
    drake = (out / "razorthorn-houseruled.drake").read_text(encoding="utf-8")
    assert "# Point Defense (Kinetic): AE trait Increased Hits" in drake   # legacy notes as Drake comments
    (design,) = read_designs(out / "razorthorn-houseruled.drake")
    assert design.hull == 22 and any("Range-Based ROF" in n for n in design.notes)
    r = CliRunner().invoke(cli, ["convert", "--from", "nova", str(FIX / "nova-majestic-typed.txt"), "-o", str(out),
                                 "--to", "json", "--report", "nova.csv"])
    assert r.exit_code == 0, r.output
    assert (out / "nova-majestic-typed.json").exists() and (out / "nova.csv").exists()
    r = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(FIX / "dumbo-v1.txt"), "-o", str(out)])
    assert r.exit_code == 2 and "already exists" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(FIX / "dumbo-v1.txt"), "-o", str(out),
                                 "--to", "xlsx", "--report", "x.md"])
    assert r.exit_code == 0, r.output
    assert (out / "dumbo-v1.xlsx").exists()


def test_standard_input(tmp_path):
    from drydock.cli.main import cli

    text = (FIX / "dumbo-v2.txt").read_text(encoding="utf-8")
    r = CliRunner().invoke(cli, ["convert", "--from", "admiralty", "-", "-o", str(tmp_path), "--to", "yaml"],
                           input=text)
    assert r.exit_code == 0, r.output
    (design,) = read_designs(tmp_path / "stdin.yaml")
    assert design.class_name == "Dumbo"
