"""Small builders for test designs, and the paths tests read from."""

from __future__ import annotations

from pathlib import Path

import pytest

from drydock.core.arcs import parse_bank
from drydock.core.model import Battery, Design, SystemEntry, WeaponMode
from drydock.engine import compiled
from drydock.formats import read_designs

#: The repository's root, its test fixtures and its bundled example designs (for tests in any folder under tests/).
ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
EXAMPLES = ROOT / "examples" / "designs"

#: A test that patches or subclasses engine internals, or hands the engine a stand-in for a battle or a ship, runs
#: on the Python engine only: a compiled module (hatch_build.py) binds its calls and checks its argument types
#: when it is built. The whole suite runs on the Python engine; .ci/run's compiled part runs the rest, and
#: tests/engine/test_compiled_engine.py shows the two engines play the same battles.
interpreted_only = pytest.mark.skipif(compiled(), reason="patches or stands in for engine internals, which the "
                                                          "compiled engine binds when it is built")


def mode(rng: str | int, stats: str, traits: tuple[str, ...] = (), label: str | None = None) -> WeaponMode:
    """mode("4-8-12", "2x5/1/1") or mode(8, ...) for a seeker with MA 8."""
    rof, acc, imp, dmg = (int(x) for x in stats.replace("x", "/").split("/"))
    if isinstance(rng, int):
        return WeaponMode(label=label, ma=rng, rof=rof, acc=acc, imp=imp, dmg=dmg, traits=traits)
    s, m, long = (int(x) for x in rng.split("-"))
    return WeaponMode(label=label, range=(s, m, long), rof=rof, acc=acc, imp=imp, dmg=dmg, traits=traits)


def battery(name: str, primary: WeaponMode, *banks: str, secondary: WeaponMode | None = None) -> Battery:
    return Battery(name=name, primary=primary, secondary=secondary, banks=tuple(parse_bank(b) for b in banks))


def design(hull: int = 8, engines: int = 0, shields=0, weapons=(), systems=(), **kw) -> Design:
    sys_entries = tuple(SystemEntry(name=s, qty=1) if isinstance(s, str) else SystemEntry(name=s[0], qty=s[1])
                        for s in systems)
    return Design(class_name=kw.pop("class_name", "Test"), hull=hull, engines=engines, shields=shields,
                  weapons=tuple(weapons), systems=sys_entries, **kw)


def majestic() -> Design:
    """Source: Unity Rulebook v2.0, A.6 (Drake example), construction.md §9.2."""
    return design(
        hull=8, engines=4, shields=3, faction="Imperial", class_name="Majestic", type="Battlecruiser",
        weapons=[
            battery("Lightning Turret", mode("4-8-12", "2x5/1/1", ("Pr1",)), "2ACE", "2BDF"),
            battery("Laser Cannon", mode("3-6-9", "1x5/1/1"), "AB", "2AC", "2BD", "EF"),
            battery("Fusion Torpedo", mode("5-10-15", "1x4/3/1"), "4AB"),
        ],
        systems=["Countermeasures", "Hyperdrive"],
    )


def example(name: str) -> Design:
    """The first design of ``examples/designs/NAME.yaml`` (a bundled example; each file carries its source)."""
    return read_designs(str(EXAMPLES / f"{name}.yaml"))[0]
