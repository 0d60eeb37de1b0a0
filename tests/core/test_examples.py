"""The bundled example designs: all legal, and between them they use every construction option.

The figures below are the calculator's (regression values, not published ones), except the
Majestic's, which are checked against the rulebook in test_majestic.py.
"""

import pytest

from drydock import ArcValues, rate
from drydock.core.rules import Ruleset
from drydock.formats import read_designs
from drydock.resources import examples_dir

FILES = sorted((examples_dir() / "designs").glob("*.yaml"))

EXPECTED = {  # file: (used SU, total SU, ORAT, DRAT, CR)
    "bastion-battleship.yaml": (4032, 5000, None, None, 408),
    "comet-frigate.yaml": (655, 875, None, None, 87),
    "dauntless-dreadnought.yaml": (5737, 6480, None, None, 895),
    "harrier-missile-destroyer.yaml": (777, 1080, None, None, 93),
    "kestrel-corvette.yaml": (341, 495, None, None, 40),
    "majestic.yaml": (1520, 1520, 605, 58, 188),
    "shade-raider.yaml": (1569, 1755, None, None, 106),
    "vigilant-cruiser.yaml": (2157, 2520, None, None, 248),
    "wyvern-carrier.yaml": (2038, 3080, None, None, 827),
}


def all_designs():
    return [d for f in FILES for d in read_designs(f)]


def test_at_least_eight_examples():
    assert len(FILES) >= 8
    assert {f.name for f in FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_example_is_legal_and_rates(path):
    (design,) = read_designs(path)
    r = rate(design)
    assert [p.code for p in r.problems] == []
    used, total, orat, drat, cr = EXPECTED[path.name]
    assert (r.used_su, r.total_su, r.combat_rating) == (used, total, cr)
    if orat is not None:
        assert (r.orat, r.drat) == (orat, drat)


def test_examples_cover_every_option():
    designs = all_designs()
    rules = Ruleset.unity()
    modes = [m for d in designs for b in d.weapons for m in b.modes]
    banks = [k for d in designs for b in d.weapons for k in b.banks]
    systems = {s.name for d in designs for s in d.systems}
    assert any(m.seeking for m in modes), "seekers"
    assert any(b.secondary for d in designs for b in d.weapons), "dual-mode weapons"
    assert any(k.mount_size > 1 for k in banks), "multi-weapon mounts"
    assert any(k.arc in rules.alternate_arcs for k in banks), "alternate arcs"
    assert any(k.arc in ("Fwd", "Port", "Stbd", "Aft") for k in banks), "defensive arcs"
    assert any(isinstance(d.shields, ArcValues) for d in designs), "directional shields"
    assert any(isinstance(d.screens, int) and d.screens for d in designs), "screens"
    assert any(isinstance(d.screens, ArcValues) for d in designs), "directional screens"
    assert "Carrier" in systems, "a carrier"
    assert any(rules.systems[s].type == "M" for s in systems), "munitions"
    assert any(not d.tech.is_zero() for d in designs), "tech levels"
