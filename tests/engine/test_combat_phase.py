"""The Combat Phase as a pipeline (issue 43): grouping volleys is a pure function; lock-on rolls stop only what B.22
says they stop."""

from __future__ import annotations

import random

from drydock.engine.battle import Battle, Matchup
from drydock.engine.combat_phase import group_volleys, lock_on, spend
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.engine.table_view import Declaration, Volley
from drydock.formats.native import from_yaml

# Source: drydock test fixtures (issue 43): one battery of Fire-Linked guns in three banks, one plain gun
LINKED = """
class: Linked
hull: 12
engines: 6
shields: 3
weapons:
  - {name: Linked Gun, range: 3-6-9, stats: 1x4+/1/1, traits: [FrL], banks: [FF, FF, FF]}
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
"""
GHOST = """
class: Ghost
hull: 6
engines: 6
shields: 2
systems: [Stealth]
weapons:
  - {name: Gun, range: 3-6-9, stats: 1x4+/1/1, banks: [FF]}
"""


def test_frl_banks_of_a_battery_fire_one_volley_a_pure_function() -> None:
    spec = ShipSpec(from_yaml(LINKED)[0])
    a, b = object(), object()
    shots = [Volley(1, 0, a, 0, 1), Volley(1, 1, a, 0, 1), Volley(1, 2, b, 0, 1), Volley(1, 3, a, 0, 1)]
    before = list(shots)
    got = group_volleys(spec.banks, shots)
    assert got == [Volley(2, 0, a, 0, 1), Volley(1, 2, b, 0, 1), Volley(1, 3, a, 0, 1)]  # named after the first
    assert shots == before  # nothing it was given changed
    assert group_volleys(spec.banks, [Volley(1, 0, a, 0, 1), Volley(1, 1, a, 0, 2)]) == [
        Volley(1, 0, a, 0, 1), Volley(1, 1, a, 0, 2)]  # another band: another volley


class Dice:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 0.01


def test_the_core_lock_on_roll_stops_every_bank_at_the_stealth_ship_b22() -> None:
    """B.22: a die per stealth level, any 1 fails: the attacking ship's weapons may not attack that target."""
    linked, ghost = ShipSpec(from_yaml(LINKED)[0]), ShipSpec(from_yaml(GHOST)[0])
    bt = Battle(Matchup([linked], [ghost], BattleSettings()), random.Random(1), log=True)
    me, them = bt.ships
    decl = [Declaration(0, them, 0, 1), Declaration(3, them, 0, 1)]
    bt.rng = Dice(1, 5)  # type: ignore[assignment]
    assert lock_on(bt, me, decl) == []
    bt.rng = Dice(4, 5)  # type: ignore[assignment]
    assert lock_on(bt, me, decl) == decl
    assert [v.n for v in spend(bt, me, decl)[0]] == [1, 1]


def test_battery_lock_on_rolls_once_per_battery_b22() -> None:
    """B.22 Battery-Specific Lock-On: "roll once per weapons battery ... other weapons from that ship may proceed"."""
    linked, ghost = ShipSpec(from_yaml(LINKED)[0]), ShipSpec(from_yaml(GHOST)[0])
    bt = Battle(Matchup([linked], [ghost], BattleSettings(options=("B.22",))), random.Random(1), log=True)
    me, them = bt.ships
    decl = [Declaration(0, them, 0, 1), Declaration(1, them, 0, 1), Declaration(3, them, 0, 1)]
    bt.rng = Dice(1, 5, 4, 4)  # type: ignore[assignment]  # the Linked Gun battery fails; the Gun locks on
    assert lock_on(bt, me, decl) == [Declaration(3, them, 0, 1)]
    assert bt.log is not None and sum("per battery" in line for line in bt.log) == 2
