"""``drydock convert`` and ``drydock show``: formats by extension, stdin/stdout, directories, no overwrites."""

from __future__ import annotations

from click.testing import CliRunner

from drydock.cli.main import cli
from tests.helpers import FIXTURES, ROOT

MAJESTIC = (FIXTURES / "majestic.drake").read_text(encoding="utf-8").split("\n", 1)[1]


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_show_prints_drake_yaml_json():
    r = run("show", str(FIXTURES / "majestic.drake"))
    assert r.exit_code == 0 and r.output == MAJESTIC
    r = run("show", str(FIXTURES / "majestic.drake"), "--format", "yaml")
    assert "combat_rating: 185" in r.output
    r = run("show", str(FIXTURES / "majestic.drake"), "--format", "json")
    assert '"combat_rating": 185' in r.output


def test_convert_drake_yaml_drake_via_files_and_stdio(tmp_path):
    y = tmp_path / "m.yaml"
    assert run("convert", str(FIXTURES / "majestic.drake"), "-o", str(y)).exit_code == 0
    d = tmp_path / "m.drake"
    assert run("convert", str(y), "-o", str(d)).exit_code == 0
    assert d.read_text(encoding="utf-8") == MAJESTIC
    r = run("convert", "-", "--from", "drake", "-o", "-", "--to", "drake", input=MAJESTIC)
    assert r.exit_code == 0 and r.stdout == MAJESTIC


def test_convert_never_overwrites_without_force_and_never_an_input(tmp_path):
    src = tmp_path / "m.drake"
    src.write_text(MAJESTIC, encoding="utf-8")
    out = tmp_path / "m.yaml"
    out.write_text("keep", encoding="utf-8")
    r = run("convert", str(src), "-o", str(out))
    assert r.exit_code == 2 and "already exists" in r.stderr and out.read_text() == "keep"
    assert run("convert", str(src), "-o", str(out), "--force").exit_code == 0
    r = run("convert", str(src), "-o", str(src), "--to", "drake", "--force")
    assert r.exit_code == 2 and "input" in r.stderr and src.read_text(encoding="utf-8") == MAJESTIC


def test_convert_directory_keeps_going_past_bad_files(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.drake").write_text(MAJESTIC, encoding="utf-8")
    (src / "b.txt").write_text("not a design\n", encoding="utf-8")
    (src / "c.yaml").write_text("class: Tiny\nhull: 1\n", encoding="utf-8")
    (src / "notes.md").write_text("ignored", encoding="utf-8")
    r = run("convert", str(src), "-o", str(tmp_path / "out"), "--to", "json")
    assert r.exit_code == 1
    assert "b.txt:1:1: expected a header line" in r.stderr
    assert "converted 2 files (2 designs), 1 failed" in r.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.json", "c.json"]


def test_rate_and_check_read_drake(tmp_path):
    r = run("rate", str(FIXTURES / "majestic.drake"))
    assert r.exit_code == 0 and "CR 188" in r.output
    bad = tmp_path / "bad.drake"
    bad.write_text("X Y-class Z\nHull: eight\n", encoding="utf-8")
    r = run("check", str(bad))
    assert r.exit_code == 1 and "bad.drake:2:7: a track must be numbers" in r.stderr and "Traceback" not in r.output


def test_convert_to_and_from_xlsx_and_rate_it(tmp_path):
    x = tmp_path / "fleet.xlsx"
    yaml_example = ROOT / "examples" / "designs" / "majestic.yaml"
    assert run("convert", str(FIXTURES / "majestic.drake"), str(yaml_example), "-o", str(x)).exit_code == 0
    r = run("rate", str(x))
    assert r.exit_code == 0 and r.output.count("CR 188") == 2
    r = run("show", str(x))
    assert r.output.startswith(MAJESTIC) and "Imperial Majestic-class Battlecruiser (188)" in r.output
    r = run("convert", str(x), "-o", "-", "--to", "xlsx")
    assert r.exit_code == 0 and r.stdout_bytes[:2] == b"PK"
    r = run("show", str(x), "--format", "xlsx")
    assert r.exit_code == 2 and "'xlsx' is not one of" in r.stderr


def test_convert_reads_and_writes_under_house_rules(tmp_path):
    rules = tmp_path / "house.yaml"
    rules.write_text('formulas:\n  combat_rating: {expr: "sqrt(ORAT * DRAT) - 3"}\n', encoding="utf-8")
    out = tmp_path / "m.yaml"
    assert run("convert", str(FIXTURES / "majestic.drake"), "-o", str(out), "--rules", str(rules)).exit_code == 0
    assert "combat_rating" not in out.read_text(encoding="utf-8")  # 185 is what these rules compute
    r = run("show", str(out), "--rules", str(rules))
    assert r.output.startswith("# * combat rating under house rules: ")  # marked as rate marks it (issue 26)
    assert r.output.splitlines()[1] == "Imperial MAJESTIC-class Battlecruiser (185*)"
    assert run("show", str(out)).output.startswith("Imperial MAJESTIC-class Battlecruiser (188)\n")
