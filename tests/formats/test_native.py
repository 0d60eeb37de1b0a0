"""The native YAML/JSON design file: round trips, errors naming file/line/key, JSON Schema."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drydock import ArcValues, Design
from drydock.errors import DesignFileError, DrydockError
from drydock.formats.native import from_json, from_yaml, json_schema, to_json, to_yaml
from tests.design_generator import random_design
from tests.helpers import majestic

MAJESTIC_YAML = """\
faction: Imperial
class: Majestic
type: Battlecruiser
hull: 8
engines: 4
shields: 3                 # or {fwd: 3, port: 2, stbd: 2, aft: 1}
screens: 0
tech: {engines: 0, shields: 0, weapons: 0, fighters: 0}   # optional
weapons:
  - name: Lightning Turret
    range: 4-8-12
    stats: 2x5+/1/1
    traits: [Pr1]
    banks: [2ACE, 2BDF]
  - name: Laser Cannon
    range: 3-6-9
    stats: 1x5+/1/1
    banks: [AB, 2AC, 2BD, EF]
  - name: Fusion Torpedo
    range: 5-10-15
    stats: 1x4+/3/1
    banks: [4AB]
systems: [Countermeasures, Hyperdrive]
"""


def test_issue_example_file_reads_as_the_majestic():
    assert from_yaml(MAJESTIC_YAML) == [majestic().model_copy(update={"class_name": "Majestic"})]


def test_full_names_and_lower_case_are_accepted():
    text = MAJESTIC_YAML.replace("[Pr1]", "[piercing-1]").replace("Countermeasures", "countermeasures")
    d = from_yaml(text)[0]
    assert d.weapons[0].primary.traits == ("Pr1",)
    assert d.systems[0].name == "Countermeasures"


def test_seeker_secondary_mode_and_quantities():
    text = """
class: Sampler
hull: 12
engines: 3
shields: {fwd: 3, port: 2, stbd: 2, aft: 1}
screens: {fwd: 2, port: 1, stbd: 1, aft: 0}
tech: {weapons: 1}
weapons:
  - name: Swarm Missile
    ma: 8
    stats: 2x4+/1/2
    banks: [2FF]
  - name: Ion Cannon
    range: 6-12-18
    stats: 1x5+/1/1
    banks: [FH2]
    secondary: {name: Close Defense, range: 2-4-6, stats: 1x4+/1/1}
systems: [{name: Marines, qty: 4}, Hyperdrive]
"""
    d = from_yaml(text)[0]
    assert d.weapons[0].primary.ma == 8
    assert d.weapons[1].secondary.label == "Close Defense"
    assert d.weapons[1].banks[0].arc == "FH" and d.weapons[1].banks[0].mount_size == 2
    assert d.shields == ArcValues(fwd=3, port=2, stbd=2, aft=1)
    assert d.tech.weapons == 1
    assert d.systems[0].qty == 4
    assert from_yaml(to_yaml(d)) == [d]


@pytest.mark.parametrize("mutation,line,key", [
    (("hull: 8", "hull: eight"), 4, "hull"),
    (("stats: 1x4+/3/1", "stats: 1x4/3"), 21, "weapons[2].stats"),
    (("banks: [4AB]", "banks: [4AB, 2-X]"), 22, "weapons[2].banks[1]"),
    (("    banks: [4AB]", "    banks: [4AB]\n    colour: red"), 23, "weapons[2].colour"),
    (("range: 3-6-9", "range: three"), 16, "weapons[1].range"),
    (("engines: 4", "engines: [4]"), 5, "engines"),
])
def test_errors_name_file_line_and_key(mutation, line, key):
    text = MAJESTIC_YAML.replace(*mutation)
    with pytest.raises(DesignFileError) as exc:
        from_yaml(text, file="ship.yaml")
    err = exc.value
    assert err.file == "ship.yaml"
    assert err.line == line
    assert f"key {key}" in str(err)
    assert str(err).startswith(f"ship.yaml:{line}")


def test_not_yaml_at_all():
    with pytest.raises(DesignFileError, match="not valid YAML") as exc:
        from_yaml("class: [unclosed\nhull: 3\n", file="x.yaml")
    assert exc.value.line is not None


def test_not_a_mapping():
    with pytest.raises(DesignFileError, match="must be a mapping"):
        from_yaml("- 1\n- 2\n")


def test_missing_hull():
    with pytest.raises(DesignFileError, match="key hull: required, but missing"):
        from_yaml("class: X\n")


def test_errors_are_drydock_errors():
    assert issubclass(DesignFileError, DrydockError)


def test_several_designs_in_one_file():
    text = to_yaml([majestic(), majestic().model_copy(update={"class_name": "Regal"})])
    assert [d.class_name for d in from_yaml(text)] == ["Majestic", "Regal"]
    listed = "- " + MAJESTIC_YAML.replace("\n", "\n  ").rstrip() + "\n"
    assert len(from_yaml(listed)) == 1


def test_json_round_trip_and_error():
    assert from_json(to_json(majestic())) == [majestic()]
    with pytest.raises(DesignFileError) as exc:
        from_json('{"hull": 3,\n "class": }', file="s.json")
    assert exc.value.line == 2


def test_schema_describes_the_file():
    schema = json_schema()
    assert "hull" in schema["required"]
    assert {"class", "weapons", "systems", "shields", "screens", "tech"} <= set(schema["properties"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.booleans())
def test_yaml_and_json_round_trip(rng: random.Random, legal: bool):
    d = random_design(rng, legal=legal)
    assert from_yaml(to_yaml(d)) == [d]
    assert from_json(to_json(d)) == [d]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_only_drydock_errors(text):
    try:
        designs = from_yaml(text)
    except DrydockError:
        return
    assert all(isinstance(d, Design) for d in designs)
