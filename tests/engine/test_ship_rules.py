"""The per-ship rules strategy (engine/ship_rules.py): a seeker's hit takes the one damage step every attack takes,
so a house rule's damage table, E.2's re-roll and B.14's marine sacrifice act on it as on a volley (issue 35)."""

from __future__ import annotations

import random

from drydock.engine.battle import Battle
from drydock.engine.companion_play import CompanionShip
from drydock.engine.legacy_rules import LegacyRules
from drydock.engine.montecarlo import build_matchup
from drydock.engine.seekers import SeekerFlight, attack
from drydock.engine.settings import BattleSettings
from drydock.engine.ship_rules import UNITY, UnityRules
from drydock.engine.ships import ShipState
from drydock.engine.small_craft import small_hits
from drydock.formats.houserules import load_ruleset
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

HOUSE = load_ruleset(ROOT / "examples" / "play-house-rules.yaml")  # "4.4: a 6 is a hull hit at our table"


def launcher(traits: str = "", acc: int = 4) -> str:
    return f"""
# Source: drydock test fixture (issue 35)
class: Launcher
hull: 6
engines: 4
shields: 0
weapons:
  - {{name: Torpedo, ma: 6, stats: 1x{acc}+/1/1, traits: [{traits}], banks: [F]}}
"""


TARGET = """
# Source: drydock test fixture (issue 35)
class: Target
hull: 8
engines: 2
shields: 0
systems: [{name: Marines, qty: 1}]
"""


class Faces(random.Random):
    """Scripted d6 faces, in order (then it raises: no die goes unplanned); a ``random.Random`` so the compiled
    engine takes it."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 0.5) / 6


def seeker_hit(dice: Faces, traits: str = "", rules=None, options: tuple[str, ...] = (),  # type: ignore[no-untyped-def]
               ) -> tuple[Battle, ShipState]:
    """One seeker launched by the launcher (side A) at the target (side B), entering the target's hex from its fore:
    its to-hit die and damage dice come from ``dice`` (the target is unshielded: no impact roll)."""
    match = build_matchup([from_yaml(launcher(traits))[0]], [from_yaml(TARGET)[0]],
                          BattleSettings(rules=rules, options=options))
    bt = Battle(match, random.Random(1), log=True)
    a, t = bt.ships
    t.q, t.r, t.facing = 10, 9, 0
    a.q, a.r = 10, 7
    bt.rng = dice
    bt.launch(a, 0, t, 1)
    flight = bt.flights[-1]
    assert isinstance(flight, SeekerFlight) and flight.count == 1
    attack(bt, flight, (10, 8))
    return bt, t


def test_a_seeker_hit_rolls_on_the_house_rule_damage_table() -> None:
    """4.4 under examples/play-house-rules.yaml ("a 6 is a hull hit at our table (book: shield hit)"): a seeker's
    damage die of 6 is a hull hit, as a volley's is (before issue 35 a seeker rolled on the book's table)."""
    _, book = seeker_hit(Faces(4, 6))  # to-hit 4 (ACC 4+), damage die 6
    assert (book.hull_hits, book.shd_hits) == (0, 0)  # the book: a shield hit, and the target has no shields
    bt, house = seeker_hit(Faces(4, 6), rules=HOUSE)
    assert house.hull_hits == 1
    assert any("damage hull 1+0, engines 0, weapons 0, shields 0" in line for line in bt.log or [])


def test_a_deadly_seeker_casualty_is_cancelled_by_a_marine_squad_b14() -> None:
    """B.14 / C.5 Deadly: "A starship struck by weapons with the Deadly trait may sacrifice one marine squad to
    cancel one crew casualty." A Deadly seeker's damage die of 2 (even: a casualty; 4.4: a hull hit) costs the
    target's one squad, not a second hull box."""
    bt, t = seeker_hit(Faces(4, 2), traits="Dly")
    assert t.marines_left == 0 and t.casualties == 0 and t.hull_hits == 1
    assert any("1 marine squad(s) sacrificed to cancel as many casualties (B.14)" in line for line in bt.log or [])


def test_seekers_launched_directing_damage_re_roll_e2() -> None:
    """E.2: "its use must be stated at the time targets are declared ... The result of each to-hit die is modified
    by an additional -1 penalty. Each damage die can be re-rolled once before its result takes effect." Seekers
    launched under E.2 at a crippled target (the doctrine directs ACC 2+ seekers there, for the hull hits) hit on 3
    (ACC 2+, -1), and their damage die of 4 (an engine hit) is rolled again: 1, a hull hit."""
    match = build_matchup([from_yaml(launcher(acc=2))[0]], [from_yaml(TARGET)[0]], BattleSettings(options=("E.2",)))
    bt = Battle(match, random.Random(1), log=True)
    a, t = bt.ships
    t.q, t.r, a.q, a.r = 10, 9, 10, 7
    t.hull_hits = 6  # 2 of 8 boxes left: a hull hit is the kill
    bt.rng = Faces(2, 3, 4, 1)  # one seeker misses on 2 (-1), the other hits on 3; damage 4, re-rolled: 1
    bt.launch(a, 0, t, 2)
    flight = bt.flights[-1]
    assert isinstance(flight, SeekerFlight) and (flight.count, flight.aim) == (2, -1) and flight.reroll is not None
    assert any("directed damage (E.2): A1 Launcher's seekers re-roll [4, 5, 6]" in line for line in bt.log or [])
    attack(bt, flight, (10, 8))
    assert t.hull_hits == 7 and t.eng_hits == 0


def test_fighters_and_mines_roll_on_the_house_rule_damage_table() -> None:
    """The damage dice without traits (fighters 5.4, mines B.15, E.3, G.1: ``small_hits``) roll on the target's
    table too: under the house rule "a 6 is a hull hit at our table", a fighter's damage die of 6 crosses a hull
    box (IMP 1, the target unshielded: no impact roll)."""
    for rules, hull in ((None, 0), (HOUSE, 1)):
        match = build_matchup([from_yaml(launcher())[0]], [from_yaml(TARGET)[0]], BattleSettings(rules=rules))
        t = Battle(match, random.Random(1), log=False).ships[1]
        points, tally = small_hits(Faces(6), t, 1, 0)
        assert (points, tally.hull, t.p_hull) == (1, hull, hull)


def test_each_ship_plays_its_rules_variant() -> None:
    """Unity's rules by default, one object for all; a Companion ship its own; a legacy ship its card's."""
    match = build_matchup([from_yaml(launcher())[0]], [from_yaml(TARGET)[0]])
    assert all(s.rules is UNITY for s in Battle(match, random.Random(1), log=False).ships)
    cc = load_ruleset("companion")
    ships = Battle(build_matchup([from_yaml(launcher(), rules=cc)[0]], [from_yaml(TARGET, rules=cc)[0]],
                                 BattleSettings(rules=cc)),
                   random.Random(1), log=False).ships
    assert all(isinstance(s.rules, CompanionShip) and s.rules is s.cc for s in ships)
    assert issubclass(LegacyRules, UnityRules) and issubclass(CompanionShip, UnityRules)


#: The homes of the variants (the strategy and its subclasses, and what they build on): they may read a ship's
#: variant state. Every other engine module asks ``ship.rules``.
VARIANT_HOMES = {"ship_rules.py", "ships.py", "legacy_rules.py", "companion_play.py", "companion_hulk.py",
                 "companion_dac.py"}
#: The reads of ``.legacy`` / ``.cc`` left outside them, none in a volley or damage step, each with its reason.
LEFT = {
    ("damage.py", "check_damage"): "before the battle: damage to start with is refused for a variant's ship",
    ("options/combat_rules.py", "damage_control"): "E.1 on a Companion ship: Slag boxes stay, D7.3 repairs by DAC",
}


def test_no_engine_module_asks_which_variant_a_ship_plays() -> None:
    """Issue 35: the volley, damage marking, absorption and the End Phase have one home each, the ship's rules
    (``ship.rules``): no module outside the variants' homes tests ``spec.legacy`` or ``state.cc`` but the few
    listed in ``LEFT`` with their reasons."""
    import ast

    engine = ROOT / "drydock" / "engine"
    found: dict[tuple[str, str], list[int]] = {}
    for path in sorted(engine.rglob("*.py")):
        name = str(path.relative_to(engine))
        if name in VARIANT_HOMES:
            continue
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Attribute) and node.attr in ("legacy", "cc"):
                        found.setdefault((name, fn.name), []).append(node.lineno)
    assert set(found) <= set(LEFT), {k: v for k, v in found.items() if k not in LEFT}
