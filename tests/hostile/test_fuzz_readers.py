"""Fuzzing every reader (issue 10): each input either reads (and rates) or raises DrydockError, fast.

Two kinds per reader: mutations of the bundled samples (:mod:`tests.fuzz`, run in a
child process under memory and CPU limits, so an alias bomb or a quadratic regex
fails the test instead of the machine), and hypothesis-generated inputs in process
(small, so safe). The case counts below are what the suite runs; raise them locally
(``python -m tests.fuzz yaml 5000``) for a longer search.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drydock.errors import MISTAKES_MAX, DrydockError
from tests.fuzz import reader
from tests.helpers import ROOT
from tests.hostile.child import run_python

#: Mutated inputs per reader in the suite (about 1,500 in all).
MUTATIONS = {"yaml": 300, "json": 200, "drake": 300, "admiralty": 300, "nova": 300, "xlsx": 60, "play": 200,
             "nova-record": 200,  # issue 33: house rules over the play tables, Nova records (X.2)
             "campaign": 200, "campaign-map": 150, "campaign-orders": 100,  # issue 42: campaign files, maps, orders
             "posts": 80, "movement-orders": 300}  # issue 42: forum posts, half stuttered to the line limit; orders
# The slowest single input is measured by bench/bench_worst_case.py (house style 9: no timed unit tests).


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_mutated_samples_read_or_raise_drydock_error(kind: str) -> None:
    code = f"import json; from tests.fuzz import run; print(json.dumps(run({kind!r}, {MUTATIONS[kind]})))"
    res = run_python(code, cwd=ROOT)
    assert res.code == 0, res.stderr[-3000:]
    stats = json.loads(res.stdout.strip().splitlines()[-1])
    assert stats["cases"] == MUTATIONS[kind]
    assert stats["bad"] == [], json.dumps(stats["bad"][:3], indent=1)[:4000]
    assert stats["read"] > 0 and stats["refused"] > 0, stats  # the mutations reach both outcomes
    assert stats["slowest"] < 10, stats  # issue 42: no input hangs a reader (the child's CPU limit is the backstop)


def _check(kind: str, data: object) -> None:
    from drydock.core.validation import rate

    try:
        for design in reader(kind)(data):
            rate(design)
    except DrydockError as exc:
        lines = str(exc).split("\n")  # several mistakes of one file: one line each (issue 26)
        assert len(lines) <= MISTAKES_MAX + 1 and all(0 < len(x) <= 600 for x in lines)


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_yamlish = st.text(alphabet=st.sampled_from(list("hull:engines weapons[]{}-&*!|>'\"#0123456789x/\n\t ,.?%@\\é")),
                   max_size=200)


@FUZZ
@given(st.one_of(st.text(max_size=300), _yamlish))
def test_yaml_reader_random_text(text: str) -> None:
    _check("yaml", text)


@FUZZ
@given(st.one_of(st.text(max_size=300), st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["hull", "class", "engines", "shields", "screens", "weapons", "systems", "notes", "name", "qty", "banks",
         "stats", "range", "ma", "fwd", "tech", "stated", "x"]), inner, max_size=5), max_leaves=20).map(json.dumps)))
def test_json_reader_random_text(text: str) -> None:
    _check("json", text)


_drakeish = st.lists(st.sampled_from([
    "Imperial MAJESTIC-class Battlecruiser (107)", "Hull: 8 7 6 5", "Engines: 4-3-2-1", "Shields: 3", "--",
    "Lightning Turret | 4-8-12 | 2x5+/1/1 | Pr1 | ACE [][] | BDF [][]", "Countermeasures, Hyperdrive", "Screens: 2",
    "Fwd 4", "Tech: E+1", "[] [] []", "99999999999", "#", "Mines [][][]", "| | |", "x" * 50]), max_size=12).map(
    "\n".join)


@FUZZ
@given(st.one_of(st.text(max_size=300), _drakeish))
def test_drake_reader_random_text(text: str) -> None:
    _check("drake", text)


_aeish = st.lists(st.sampled_from([
    "(277) Dumbo-Class DreadNose [Elephantine]", "Hull: 8 7 6 5 4 3 2 1", "Engines: 3 3 3 2", "Shields: 4 4 3",
    "Weapons: X / X / Y", "[X] Super Charger, 4/8/12, 5+, 1/2/1, Extra Hull Damage", "[AB] [AB]",
    "Specials: Hyperdrive; Marines (14)", "Fighters: Wing: (6), 5+", "Tech Levels: E+1 W-1", "(", "[", "1/1/1",
    "Battery A: x, 1/2/3, 4+, 1/1/1", "Sonic // Cannon, 2/4/6, 3+, 4/1/1"]), max_size=12).map("\n".join)


@FUZZ
@given(st.one_of(st.text(max_size=300), _aeish))
def test_admiralty_reader_random_text(text: str) -> None:
    _check("admiralty", text)


_novaish = st.lists(st.sampled_from([
    "NAME:", "Imperial MAJESTIC-class BC (344)", "SYSTEMS: Fire Control; Hyperdrive", "ARMOR: ?", "HULL: 14",
    "HULL: 5/4/5", "THRUST: 4 3 2 1 1", "WEAPONS: o 1 2 3 4", "ECM: 1 1 1 o o", "SHIELDS: ⚀ ⚁", "SHIELDS: ?",
    "WEAPONS | ARCS | RANGE | ATTACK DICE", "Fusion Beams (Dx3) | [FF] | 5-10-15 | 7 5 3 2 2 1 1 1 0 0 0 0",
    "CR MODIFIER: +5%", "<input type=\"checkbox\"/>", "\t\t", "a-class (1)"]), max_size=12).map("\n".join)


@FUZZ
@given(st.one_of(st.text(max_size=300), _novaish))
def test_nova_reader_random_text(text: str) -> None:
    _check("nova", text)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400) | st.binary(max_size=60).map(lambda b: b"PK\x03\x04" + b))
def test_xlsx_reader_random_bytes(data: bytes) -> None:
    _check("xlsx", data)
