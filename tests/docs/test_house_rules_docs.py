"""Issue 26: house-rule keys documented (docs/house-rules.md, ``drydock rules --help``), ``drydock rules systems``
printing type and quantity as a house-rule file writes them, and a hint to quote a value starting with ``*``."""

from __future__ import annotations

import re
import subprocess
import sys

import yaml
from click.testing import CliRunner

from drydock.cli.main import cli
from tests.docs.test_readme import expected_exit, sh_commands
from tests.helpers import ROOT

DOC = ROOT / "docs" / "house-rules.md"
MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def test_the_page_commands_run_as_written(tmp_path):
    commands = sh_commands(DOC.read_text(encoding="utf-8"))
    assert len(commands) >= 3
    for number, command in commands:  # in a folder of their own: the page starts by copying the examples there
        res = subprocess.run(command.replace("drydock ", f"{sys.executable} -m drydock ", 1), shell=True, cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
        assert res.returncode == expected_exit(command), f"docs/house-rules.md:{number}: {command}\n{res.stderr}"


def test_the_page_system_example_loads_and_rates(tmp_path):
    block = re.search(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    rules = tmp_path / "house.yaml"
    rules.write_text("name: doc example\n" + block, encoding="utf-8")
    ship = tmp_path / "ship.yaml"
    ship.write_text(MAJESTIC.read_text().replace("systems: [", "systems: [{name: Point Defence Grid, qty: 2}, "))
    res = run("rate", "--rules", rules, ship)
    assert res.exit_code == 0, res.output
    # DRAT x1.1 on the Majestic (ceil(58 x 1.1) = 64)
    assert "Point Defence Grid x2" in res.stdout and "DRAT x1.1" in res.stdout and "DRAT 64" in res.stdout
    table = run("rules", "systems", "--rules", rules).stdout
    line = next(t for t in table.splitlines() if t.startswith("Point Defence Grid"))
    assert "E equipment" in line and "multiples: true" in line


def test_rules_systems_type_is_what_the_file_accepts():
    out = run("rules", "systems").stdout
    assert "type: E|M|T or its name, multiples: true" in " ".join(out.split())
    assert re.search(r"^Marines\s+-\s+M munitions .* multiples: true", out, re.M)
    assert re.search(r"^Hyperdrive\s+\S+\s+E equipment .* one only", out, re.M)
    import json

    systems = json.loads(run("rules", "systems", "--json").stdout)["systems"]
    hyper = next(s for s in systems if s["name"] == "Hyperdrive")
    assert (hyper["type"], hyper["type_name"]) == ("E", "equipment")
    # what the table says the file accepts, the file accepts
    for s in systems[:5]:
        data = {"systems": {"Copy": {"type": s["type"], "su": "1", "multiples": s["quantity"].startswith("multiples")}}}
        assert run("rules", "systems", "--rules", _write(data)).exit_code == 0


def _write(data):
    import tempfile

    fh = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    yaml.safe_dump(data, fh)
    fh.close()
    return fh.name


def test_rules_help_documents_the_keys():
    text = run("rules", "--help").stdout
    for key in ("formulas.NAME", "traits.ABBR", "systems.NAME", "type: E|M|T", "multiples: true", "options.NAME",
                "factions.FACTION", "docs/house-rules.md", '"*-6-12"'):
        assert key in text, key


def test_an_unquoted_star_range_says_to_quote_it(tmp_path):
    ship = tmp_path / "ship.yaml"
    ship.write_text("class: X\nhull: 4\nweapons:\n  - name: G\n    range: *-6-12\n    stats: 1x4/1/1\n"
                    "    banks: [A]\n")
    res = run("rate", ship)
    assert res.exit_code == 1
    assert f"{ship}:5:12: not valid YAML: found undefined alias (a value starting with * or & is a YAML alias " \
           'or anchor: quote it, e.g. range: "*-6-12")' in res.stderr
    rules = tmp_path / "r.yaml"
    rules.write_text("traits:\n  Bls: {note: *x}\n")
    res = run("rate", "--rules", rules, MAJESTIC)
    assert res.exit_code == 2 and 'quote it, e.g. "*-6-12"' in res.stderr
