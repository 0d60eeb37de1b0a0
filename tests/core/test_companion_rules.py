"""The bundled rulesets: Captain's Companion (2025) D5 traits and the "Fixing Seekers" proposal.

Source: Starmada Captain's Companion (February 2025) D5 (../shared/seeds/002_*.txt), read as
drydock/core/rules/companion.py records; "Fixing Seekers" forum post (its worked example).
Reference weapon: 6-12-18, 1x4+/1/1 = 18 x 1 x 0.25 x 1.25 x 1.6 = 9.0 before traits (A.1).
"""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from drydock import validate
from drydock.core.calc import mode_bsur
from drydock.core.rules import Ruleset
from drydock.errors import RulesError
from drydock.formats.houserules import load_house_rules, load_ruleset
from drydock.formats.text import parse_traits
from tests.helpers import ROOT, battery, design, mode

C = load_ruleset("companion")
SF = load_ruleset("seeker-fix")


def bsur(traits: tuple[str, ...], rules: Ruleset = C) -> Fraction:
    return mode_bsur(mode("6-12-18", "1x4/1/1", traits), rules)


@pytest.mark.parametrize(("traits", "expected"), [
    ((), "9.0"), (("Slg",), "10.8"), (("Prs",), "14.4"), (("Env2",), "28.8"), (("Prx3",), "36.0"),
    (("Dly",), "13.5"), (("Sst",), "9.0"), (("Env0",), "10.8"), (("Env1",), "20.7"), (("Env3",), "36.9"),
    (("Prx0",), "13.5"), (("Prx",), "18.0"), (("Prx2",), "27.0"),
])
def test_companion_trait_bsur(traits, expected):
    assert bsur(traits) == Fraction(expected)


def test_unity_deadly_unchanged_without_the_ruleset():
    assert bsur(("Dly",), Ruleset.unity()) == 18
    assert Ruleset.unity().trait_code("Slag") is None


@pytest.mark.parametrize(("written", "code"), [
    ("Enveloping 2", "Env2"), ("Proximity 0", "Prx0"), ("Proximity 1", "Prx"), ("Proximity", "Prx"),
    ("Proximity 3", "Prx3"), ("Slag", "Slg"), ("Scattershot", "Sst"), ("Persistent", "Prs"), ("Deadly", "Dly"),
    ("env3", "Env3"), ("prx1", "Prx"),
])
def test_traits_as_players_write_them(written, code):
    assert parse_traits(f"Acr, {written}", C) == ("Acr", code)


@pytest.mark.parametrize("pair", [("Dly", "Inc"), ("Prs", "Inc"), ("Env0", "Env2"), ("Prx", "Prx3")])
def test_prohibited_pairs(pair):
    d = design(weapons=[battery("Gun", mode("6-12-18", "1x4/1/1", pair), "1A")])
    codes = [p.code for p in validate(d, C)]
    assert "TRAIT_PAIR_FORBIDDEN" in codes
    assert "TRAIT_PAIR_FORBIDDEN" not in [p.code for p in validate(
        design(weapons=[battery("Gun", mode("6-12-18", "1x4/1/1", pair[:1]), "1A")]), C)]


def test_seeker_fix_worked_example():
    """MA 6, ROF 2, ACC 4+, IMP 1, DMG 2: 6 x 2 x 0.25 x 1.25 x 2.6 = 9.75 (9.8), + (9.8 x 6 x 2 x 0.2)^0.5
    = 4.8: 14.6. drydock rounds once, at the end: 9.75 + 23.4^0.5 = 14.587 -> 14.6, the post's figure."""
    assert mode_bsur(mode(6, "2x4/1/2"), SF) == Fraction("14.6")
    # the book's seeker pricing is untouched: 6 x 2 x 0.30 x 1.25 x 2.6 + 6 x 2 / 3 = 15.7
    assert mode_bsur(mode(6, "2x4/1/2"), Ruleset.unity()) == Fraction("15.7")
    # a direct-fire weapon is priced as in the book
    assert mode_bsur(mode("6-12-18", "1x4/1/1"), SF) == 9


def test_house_file_builds_on_a_bundled_ruleset(tmp_path):
    f = tmp_path / "mine.yaml"
    f.write_text("base: companion\ntraits:\n  Slg: {multiplier: '1.5'}\n")
    rules = load_ruleset(f)
    assert bsur(("Slg",), rules) == Fraction("13.5")
    assert bsur(("Env2",), rules) == Fraction("28.8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("base: compannion\n")
    with pytest.raises(RulesError, match="base must name a bundled ruleset"):
        load_house_rules(bad)


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "drydock", *args], capture_output=True, text=True, check=False)


def test_cli_rules_list_and_rate():
    out = _run("rules", "--list")
    assert out.returncode == 0 and out.stdout.splitlines()[0].startswith("companion ")
    assert "seeker-fix" in out.stdout
    rated = _run("rate", "--json", "--rules", "companion", "examples/designs/majestic.yaml")
    assert rated.returncode == 0, rated.stderr
    data = json.loads(rated.stdout)
    assert data[0]["rules"]["name"].endswith("Captain's Companion (2025)")
    missing = _run("rate", "--rules", "no-such-ruleset", "examples/designs/majestic.yaml")
    assert missing.returncode == 2 and "no-such-ruleset" in missing.stderr


def test_companion_design_round_trips_through_every_text_format():
    from drydock.core.validation import rate
    from drydock.formats.drake import from_drake, to_drake
    from drydock.formats.native import from_json, from_yaml, to_json, to_yaml

    text = (ROOT / "examples/companion/sycamore.yaml").read_text()
    [d] = from_yaml(text, rules=C)
    assert [m.traits for b in d.weapons for m in b.modes] == [("Env2", "Prs"), ("Prx0", "Slg"), ("Sst", "Dly")]
    assert from_drake(to_drake(d, rules=C), rules=C) == [d]
    assert from_yaml(to_yaml(d), rules=C) == [d]
    assert from_json(to_json(d), rules=C) == [d]
    # Drake as players type it: full names with their level
    drake = to_drake(d, rules=C).replace("(Env2, Prs)", "(Enveloping 2, Persistent)")
    assert from_drake(drake, rules=C) == [d]
    r = rate(d, C)
    assert [b.bsur for b in r.batteries] == [Fraction("49.9"), Fraction("16.2"), Fraction("5.4")]
    assert r.legal
