"""The Captain's Companion in battle (issue 24): each play rule against its text, and seeded battles.

Rule text: ../shared/seeds/002_54d44d0a28cdba4b.txt (D1, D3, D5.1-D5.4, D7.2, D7.3, B1). Dice are scripted
(:class:`Faces`) so every expected number is worked by hand from the rule.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from drydock.core.dac import shift
from drydock.core.rules.play_options import check_combination
from drydock.engine.battle import Battle, Matchup
from drydock.engine.combat import damage_value
from drydock.engine.companion_options import companion_options
from drydock.engine.companion_play import (
    CompanionShip,
    doctrine_factor,
    enveloping_hits,
    extended_board,
    persistent_phase,
    proximity_radius,
)
from drydock.engine.dice import DamageTally
from drydock.engine.expectations import MatchTables
from drydock.engine.montecarlo import build_matchup, run_seed, simulate
from drydock.engine.options import InForce
from drydock.engine.options.combat_rules import damage_control
from drydock.engine.options.explosions import Explosions
from drydock.engine.proximity import proximity
from drydock.engine.settings import BattleSettings
from drydock.engine.ship_rules import UNITY as UNITY_RULES
from drydock.engine.ships import ModeSpec, ShipSpec, ShipState
from drydock.engine.small_craft import small_hits
from drydock.engine.table_view import Declaration
from drydock.engine.tables import AI_RESULT_VALUE
from drydock.errors import DrydockError
from drydock.formats import read_designs
from drydock.formats.houserules import load_ruleset
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

CC = load_ruleset("companion")
UNITY = load_ruleset(None)


class Faces(random.Random):
    """A scripted die: ``random()`` gives the listed faces in turn (then raises, so no die goes unplanned). A
    ``random.Random``, so that the compiled engine takes it wherever a battle's dice go."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 0.5) / 6


class Always(Faces):
    def __init__(self, face: int) -> None:
        super().__init__()
        self.face = face

    def random(self) -> float:
        return (self.face - 0.5) / 6


def design(traits: str = "", stats: str = "1x4+/1/1", shields: int = 0, hull: int = 6, extra: str = "") -> str:
    return f"""
class: Probe{abs(hash((traits, stats, shields, hull, extra)))}
hull: {hull}
engines: 4
shields: {shields}
weapons:
  - {{name: Gun, range: 4-8-12, stats: {stats}, traits: [{traits}], banks: [ABCDEF]}}
{extra}"""


def ship(text: str, uid: int = 0, on: frozenset[str] = frozenset(), rng: object = None) -> ShipState:
    s = ShipState(ShipSpec(from_yaml(text, rules=CC)[0], CC), uid % 2, uid, f"S{uid}", UNITY_RULES)
    s.rules = s.cc = CompanionShip(s, s.spec.companion, companion_options(on), rng)  # type: ignore[arg-type]
    return s


def battle_of(ships: list[ShipState], rng: random.Random, turn: int = 1) -> Battle:
    """A real battle holding ``ships`` where the test placed them, its dice ``rng``, at game turn ``turn`` (a
    stand-in battle would not reach the compiled engine, which checks its argument types)."""
    bt = Battle(Matchup([ships[0].spec], [ships[-1].spec]), rng, log=False)  # set-up rolls no die (2.3)
    bt.ships, bt.flights, bt.turn = list(ships), [], turn
    return bt


def fire(att: ShipState, tgt: ShipState, dice: Faces, weapons: int = 1) -> int:
    tgt.q, tgt.r = 2, 0
    mode = att.spec.banks[0].modes[0]
    return tgt.cc.volley(dice, att, tgt, mode, weapons, 1, 0, None, "", 0, 0, None, False)  # type: ignore[arg-type]


# ------------------------------------------------------------------ D5.2 Enveloping, Scattershot
def test_enveloping_2_scores_full_hits_on_three_facings() -> None:
    """D5.2: "A volley of Enveloping 2 weapons scores full hits against the normal defensive facing and against
    two of the three remaining facings". One hit (die 5 at 4+, +1 short range) on an unshielded target: three
    facings take 1 hit each, IMP 1 x DMG 1 -> 3 damage dice; faces 1, 2, 3 are hull hits (4.4) -> 3 hull boxes."""
    att, tgt = ship(design("Enveloping 2")), ship(design(), 1)
    assert fire(att, tgt, Faces(5, 1, 2, 3)) == 3
    assert (tgt.p_hull, tgt.p_eng, tgt.p_wpn) == (3, 0, 0)


def test_enveloping_0_only_spreads_the_hits() -> None:
    """D5.2: Enveloping 0: "Half of this total (rounded up) is applied to the normal defensive facing; the
    remainder is applied as evenly as possible to the other three facings." One hit stays one damage die."""
    att, tgt = ship(design("Enveloping 0")), ship(design(), 1)
    assert fire(att, tgt, Faces(5, 1)) == 1 and tgt.p_hull == 1


def test_enveloping_levels() -> None:
    """D5.2, the facings a volley's hits go to (:func:`enveloping_hits`, what :meth:`CompanionShip.volley` calls).
    0: half rounded up to the normal facing, the rest as evenly as possible over the other three; 1: "if the volley
    scores three hits, a total of six hits are applied"; 2: two facings besides the normal one; 3: every facing."""
    assert enveloping_hits(0, 5, "fwd") == {"fwd": 3, "port": 1, "stbd": 1, "aft": 0}
    assert enveloping_hits(0, 8, "aft") == {"fwd": 2, "port": 1, "stbd": 1, "aft": 4}
    hits = enveloping_hits(1, 3, "fwd", ["aft"])
    assert hits == {"fwd": 3, "port": 0, "stbd": 0, "aft": 3} and sum(hits.values()) == 6
    assert enveloping_hits(2, 3, "fwd", ["port", "aft"]) == {"fwd": 3, "port": 3, "stbd": 0, "aft": 3}
    assert enveloping_hits(3, 2, "stbd") == dict.fromkeys(("fwd", "port", "stbd", "aft"), 2)
    with pytest.raises(ValueError):
        enveloping_hits(2, 3, "fwd", ["port"])


def test_scattershot_six_dice_against_a_4_a_point_each() -> None:
    """D5.2 Scattershot: DMG 3, two hits: six dice against a 4+ (shield 3: 4.3 a die above the shield); "each die
    that equals or exceeds the target number inflicts a single point of damage": dice 1, 4, 6, 3, 5, 2 -> 3 points,
    3 damage dice (faces 1, 2, 3: three hull boxes, 4.4)."""
    att, tgt = ship(design("Scattershot", "1x4+/1/3")), ship(design(shields=3), 1)
    assert fire(att, tgt, Faces(5, 5, 1, 4, 6, 3, 5, 2, 1, 2, 3), weapons=2) == 3
    assert (tgt.p_hull, tgt.p_eng, tgt.p_wpn) == (3, 0, 0)


def test_scattershot_rolls_dmg_times_the_dice_a_point_each() -> None:
    """D5.2 Scattershot: "the number of dice rolled is multiplied by the weapon's DMG. However, each die that equals
    or exceeds the target number inflicts a single point of damage." One hit, IMP 1, DMG 3 vs shield 2: 3 impact dice
    3, 2, 5 -> 2 succeed (4.3: die > shield) -> 2 damage dice (faces 1, 4: a hull and an engine box). Unity would roll
    one impact die and score DMG 3 points from it."""
    att, tgt = ship(design("Scattershot", "1x4+/1/3")), ship(design(shields=2), 1)
    assert fire(att, tgt, Faces(5, 3, 2, 5, 1, 4)) == 2
    assert (tgt.p_hull, tgt.p_eng) == (1, 1)


# ------------------------------------------------------------------ D5.3 Persistent


def test_persistent_book_example() -> None:
    """D5.3: "a starship is hit by three Persistent weapons with DMG 2. One hit is deflected by Screens. Four damage
    dice are rolled, coming up 2, 3, 3, and 6. Two tally marks are made" ... "In Game Turn 4, two damage dice are
    rolled, coming up 1 and 4. One tally mark is erased." In Unity terms: three hits (to-hit 5, 5, 5) vs shield 2,
    impact dice 3, 1, 4 (one deflected) -> 2 x DMG 2 = 4 damage dice."""
    att, tgt = ship(design("Persistent", "1x4+/1/2")), ship(design(shields=2), 1)
    fire(att, tgt, Faces(5, 5, 5, 3, 1, 4, 2, 3, 3, 6), weapons=3)
    assert tgt.cc.tallies == 2
    assert (tgt.p_hull, tgt.p_shd) == (3, 1)  # 4.4: 2, 3, 3 hull; 6 shield

    class Field:
        rng = Faces(1, 4)
        lines: list[str] = []

        def say(self, line: str) -> None:
            self.lines.append(line)

    tgt.p_hull = tgt.p_shd = 0
    tgt.cc.persistent_roll(Field(), tgt)
    assert tgt.cc.tallies == 1
    assert (tgt.p_hull, tgt.p_eng) == (1, 1)  # "indicating the results on the appropriate damage tracks"


def test_persistent_phase_erases_a_mark_per_even_die() -> None:
    """D5.3: "two damage dice are rolled, coming up 1 and 4. One tally mark is erased. (If the target were Armored,
    both tally marks would be erased.)" (:func:`persistent_phase`, what :meth:`CompanionShip.persistent_roll` calls;
    Unity has no Armored hull, so a battle never passes ``armored``: "initial damage rolls of 1 do not add tally
    marks" against Armored targets is not played)."""
    assert persistent_phase(2, [1, 4]) == 1
    assert persistent_phase(2, [1, 4], armored=True) == 0
    with pytest.raises(ValueError):
        persistent_phase(2, [4])


# ------------------------------------------------------------------ D5.4 Slag
def test_slag_boxes_are_not_regained_by_damage_control() -> None:
    """D5.4: "Boxes crossed off damage tracks by Slag weapons cannot be regained, either via Damage Control (p.CR21)
    or Regeneration". A Slag hit rolling a 4 crosses an engine box (4.4); E.1 damage control rolling 4 ("4
    Engines") cannot regain it, while a box crossed by an ordinary weapon comes back."""
    att, tgt = ship(design("Slag")), ship(design(), 1)
    fire(att, tgt, Faces(5, 4))
    assert tgt.p_eng == 1 and tgt.cc.p_slag["engine"] == 1
    tgt.cc.apply(tgt, None)
    assert tgt.eng_hits == 1 and tgt.cc.slag["engine"] == 1

    table = {"4": "engine", "5": "weapon", "6": "shield"}
    assert damage_control(battle_of([att, tgt], Always(4), 2), tgt, table, 3) == []
    plain = ship(design(), 1)
    plain.eng_hits = 1
    assert damage_control(battle_of([att, plain], Always(4), 2), plain, table, 3) == ["engine"]


# ------------------------------------------------------------------ D5.1 Proximity 0-3
@pytest.mark.parametrize(("trait", "radius"), [("Proximity 0", 0), ("Proximity", 1), ("Proximity 2", 2),
                                               ("Proximity 3", 3)])
def test_proximity_levels_radius(trait: str, radius: int) -> None:
    """D5.1: "Proximity 0 weapons make a separate attack against each element (friend or foe) in the target hex"
    ... "Proximity 1 ... within one hex" ... "Proximity 2 ... within two hexes" ... "Proximity 3 ... within three
    hexes of the target hex"."""
    spec = ShipSpec(from_yaml(design(trait), rules=CC)[0], CC)
    assert proximity_radius(spec.banks[0].modes[0], spec.companion) == radius


@pytest.mark.parametrize(("trait", "hit"), [("Proximity", False), ("Proximity 2", True)])
def test_proximity_2_reaches_two_hexes(trait: str, hit: bool) -> None:
    """D5.1: a bystander two hexes from the target hex is attacked by Proximity 2, not by Proximity (1). Every die
    a 5: hits at 4+ even at -1, no shields, damage 5 = a weapons box (4.4)."""
    att, tgt, by = ship(design(trait)), ship(design(), 1), ship(design(), 3)
    tgt.q, tgt.r, by.q, by.r, att.q = 5, 0, 7, 0, 0

    class Field:
        rng = Always(5)
        log = None
        opt = None  # the core game: no G.6 altitudes
        flights: list[object] = []

        def alive(self, side: int | None = None) -> list[ShipState]:
            return [att, tgt, by]

        def say(self, line: str) -> None:
            pass

    proximity(Field(), att, tgt, att.spec.banks[0].modes[0], 1, 1, 0)  # type: ignore[arg-type]
    assert (by.p_wpn > 0) is hit


# ------------------------------------------------------------------ D3, D1, D7, B1, C5/C6
def test_alternate_damage_table_example() -> None:
    """D3: "Four dice are rolled, coming up 2, 3, 5, and 6. As a result, two hull damage boxes (3,5), two engine
    boxes (2,6), two weapon boxes (2,3), and two system boxes (5,6) are crossed off" (Unity: the shields track)."""
    s = ship(design(), on=frozenset({"CC.D3"}))
    tally = DamageTally()
    for face in (2, 3, 5, 6):
        s.cc.mark_die(face, tally)
    assert (tally.hull, tally.engine, tally.weapon, tally.shield) == (2, 2, 2, 2)


def test_engagement_limit() -> None:
    """D1: "A single target may not be attacked by multiple enemy ships in a single Combat Phase whose combined combat
    rating is more than three times its own: e.g., a starship with a combat rating of 90 may only be attacked by enemy
    starships with a combined combat rating of 270 or less" and "it may not declare any weapons fire against a target
    that has already reached this limit"."""
    att, tgt = ship(design(), 0, frozenset({"CC.D1"})), ship(design(), 1)
    seen: list[list[ShipState]] = []

    class Doctrine:
        def declare(self, ship: ShipState, enemies: list[ShipState], turn: int, flights: list[object]) -> list:
            seen.append(enemies)
            return [Declaration(0, e, 0, 0) for e in enemies]

    class Field:
        ships = [att, tgt]
        turn = 3
        m = type("M", (), {"doctrine": Doctrine()})()

    limit = 3 * tgt.spec.cr
    tgt.cc.engaged_turn, tgt.cc.engaged_cr = 3, limit - att.spec.cr  # exactly at the limit with this attacker
    att.cc.declare(Field(), att, [tgt], [])
    assert seen[-1] == [tgt] and tgt.cc.engaged_cr == limit
    tgt.cc.engaged_cr = limit - att.spec.cr + 1  # one over
    att.cc.declare(Field(), att, [tgt], [])
    assert seen[-1] == []
    tgt.cc.engaged_cr = 0  # the first attacker alone is not "multiple enemy ships": it fires whatever its CR
    tgt.spec.cr, cr = 1, tgt.spec.cr
    att.cc.declare(Field(), att, [tgt], [])
    assert seen[-1] == [tgt]
    tgt.spec.cr = cr


def test_engagement_limit_book_numbers() -> None:
    """D1: "a starship with a combat rating of 90 may only be attacked by enemy starships with a combined combat
    rating of 270 or less": with 200 already engaged a CR 70 attacker may declare, a CR 71 one may not; a target
    at 270 takes no one more."""
    seen: list[list[ShipState]] = []

    class Doctrine:
        def declare(self, ship: ShipState, enemies: list[ShipState], turn: int, flights: list[object]) -> list:
            seen.append(enemies)
            return []

    class Field:
        turn = 1
        m = type("M", (), {"doctrine": Doctrine()})()

    tgt = ship(design(), 1)
    tgt.spec.cr, cr = 90, tgt.spec.cr
    for attacker_cr, engaged, allowed in ((70, 200, True), (71, 200, False), (1, 270, False)):
        att = ship(design(), 0, frozenset({"CC.D1"}))
        att.spec.cr = attacker_cr
        tgt.cc.engaged_turn, tgt.cc.engaged_cr = 1, engaged
        att.cc.declare(Field(), att, [tgt], [])
        assert (seen[-1] == [tgt]) is allowed, (attacker_cr, engaged)
    tgt.spec.cr = cr


def test_d7_shift() -> None:
    """D7.2: "If the same result is rolled again, shift one location to the right" (the repair, D7.3, is played by
    the DAC of :func:`test_random_damage_allocation_book_rolls`)."""
    assert shift(2, {2}) == 3


BOOK_SYCAMORE = """
class: Sycamore
hull: 8
engines: 5
shields: 0
weapons:
  - {name: Fusion Torpedo, range: 5-10-15, stats: 1x3+/1/1, banks: [2AB]}
  - {name: Shock Cannon, range: 4-8-12, stats: 1x4+/1/3, banks: [2ABC, 2DEF]}
  - {name: Laser Cannon, range: 2-4-6, stats: 1x2+/1/1, traits: [Accurate], banks: [3ABCDEF]}
"""


def test_random_damage_allocation_book_rolls() -> None:
    """D7.2: "rolling a 3 on Sycamore's weapons DAC results in the loss of one Shock Cannon (B) and one Laser Cannon
    (C)" (the book's Sycamore: 2 A, 4 B, 3 C -> 1 AC 2 AC 3 BC 4 B 5 B 6 B by D7.4); "If the same result is rolled
    again, shift one location to the right" (3 again -> 4: one Shock Cannon); "If a 6 is rolled a second time, shift
    back to location 1" (6, 6 -> 6 then 1: a Shock Cannon, then a Torpedo and a Laser). D7.3: "Whenever a box on the
    weapons or systems track is regained, choose one location on the relevant DAC and erase the line previously drawn
    through it. The revealed letter(s) indicate which weapons or systems are repaired." (The book's own D7.3 example,
    location 2 = a Torpedo and a Shock Cannon, fits neither its chart nor D7.2's roll of 3; not tested.)"""
    s = ship(BOOK_SYCAMORE, on=frozenset({"CC.D7"}))
    dac = s.cc.dac
    assert dac.charts["weapons"] == (("A", "C"), ("A", "C"), ("B", "C"), ("B",), ("B",), ("B",))
    names = s.spec.battery_names
    dac.lose(Faces(3, 3, 6, 6), s, "weapons", 4, None)
    lost = dict(zip(names, s.battery_lost, strict=True))
    assert lost == {"Fusion Torpedo": 1, "Shock Cannon": 3, "Laser Cannon": 2}
    assert dac.crossed["weapons"] == {1, 3, 4, 6}
    out = dac.repair(s, "weapons")  # the owner's choice: the location whose letters are worth most (3: B and C)
    assert out == ["weapons DAC location 3", "Shock Cannon [2ABC]", "Laser Cannon [3ABCDEF]"]
    assert dac.crossed["weapons"] == {1, 4, 6}
    assert dict(zip(names, s.battery_lost, strict=True)) == {"Fusion Torpedo": 1, "Shock Cannon": 2, "Laser Cannon": 1}


def test_extended_board_and_refusals() -> None:
    """B1: "a fourth game board section can be added": 32 columns of three sections -> 43 (32 x 4 / 3 rounded up).
    The Companion's options need its ruleset; C5/C6 pivot classes have no Unity counterpart."""
    assert extended_board((32, 18), ["CC.B1"], CC.play) == (43, 18)
    assert extended_board((32, 18), ["E.1"], CC.play) == (32, 18)
    with pytest.raises(DrydockError, match="need --rules companion"):
        extended_board((32, 18), ["cc.b1"], UNITY.play)
    with pytest.raises(DrydockError, match="need --rules companion"):
        InForce(("CC.D7",), None, (), UNITY.play)
    for pivots in ("CC.C5", "CC.C6"):
        with pytest.raises(DrydockError, match="Pivot Classes"):
            check_combination([pivots])
    assert InForce(("CC.D7", "CC.D3", "CC.D1", "E.1"), None, (), CC.play).names()[:3] == [
        "CC.D1 Engagement Limit", "CC.D3 Alternate Damage Table", "CC.D7 Random Damage Allocation"]


# ------------------------------------------------------------------ seeded battles
def designs(path: str) -> list:
    return read_designs(ROOT / path, rules=CC)[:1]


def logs(a: str, b: str, seeds: range, **opts: object) -> list[str]:
    m = build_matchup(designs(a), designs(b), BattleSettings(rules=CC, **opts))  # type: ignore[arg-type]
    out: list[str] = []
    for i in seeds:
        out += m.fight(random.Random(run_seed(1, i)), log=True).log
    return out


def test_companion_example_fights_every_trait() -> None:
    """The Companion example (every D5 trait) fought under --rules companion with D7, D3 and E.1: each trait and
    option shows in the seeded logs, and no trait is left "not simulated"."""
    m = build_matchup(designs("examples/companion/sycamore.yaml"), designs("examples/designs/majestic.yaml"),
                      BattleSettings(rules=CC))
    assert not [n for n in m.not_simulated if "Sycamore" in n]
    text = "\n".join(logs("examples/companion/sycamore.yaml", "examples/designs/comet-frigate.yaml", range(12),
                          options=("CC.D7", "CC.D3", "E.1")))
    assert re.search(r"Enveloping 2 \(D5\.2\)", text)
    assert re.search(r"; [1-9]\d* '@' \(Deadly", text)
    assert re.search(r"; [1-9]\d* tally mark\(s\) \(Persistent", text)
    assert "persistent damage (D5.3)" in text
    assert "Scattershot: x DMG dice" in text
    assert re.search(r"Shock Cannon .*-> B1 .*\n(.*\n)*.*Slag \(D5\.4\)", text)
    assert "weapons DAC (D7.2)" in text and "systems DAC (D7.2)" in text


def test_engagement_limit_in_battle() -> None:
    """D1 in battle: two Majestics (CR 188 each) against a Comet frigate (CR 87, limit 261): with CC.D1 at most one
    of them declares fire at it in a Combat Phase; without it both do in some turn."""

    def most_attackers(text: list[str]) -> int:
        best = count = 0
        for line in text:
            if line.startswith("== turn"):
                count = 0
            elif line.startswith("    range to B1"):
                count += 1
                best = max(best, count)
        return best

    a, b = "examples/designs/majestic.yaml", "examples/designs/comet-frigate.yaml"
    m = build_matchup(designs(a) * 2, designs(b), BattleSettings(rules=CC, options=("CC.D1",)))
    limited = []
    free = []
    fm = build_matchup(designs(a) * 2, designs(b), BattleSettings(rules=CC))
    for i in range(6):
        limited += m.fight(random.Random(run_seed(1, i)), log=True).log
        free += fm.fight(random.Random(run_seed(1, i)), log=True).log
    assert most_attackers(limited) == 1
    assert most_attackers(free) == 2


def test_extended_board_in_battle() -> None:
    """B1 in battle: the log's board is 43 x 18 with CC.B1 (32 x 18 by default)."""
    text = logs("examples/companion/sycamore.yaml", "examples/designs/majestic.yaml", range(1),
                options=("CC.B1",))
    assert any(line.endswith("board 43x18") for line in text)


def test_companion_example_simulated() -> None:
    """The example fought as ``drydock battle`` fights it: 20 seeded runs, every run decided or drawn."""
    s = simulate(designs("examples/companion/sycamore.yaml"), designs("examples/designs/majestic.yaml"),
                 BattleSettings(rules=CC, options=("CC.D7",)), runs=20, seed=1)
    assert s.runs == 20


def test_fighters_roll_on_the_alternate_table() -> None:
    """D3 "can be used instead of the one on p.CR20" for every damage roll: a fighter's hit (IMP 1, DMG 1, no
    shield) rolls one die, 1 -> "Hull & Engine"."""
    tgt = ship(design(), 1, frozenset({"CC.D3"}))
    points, tally = small_hits(Faces(1), tgt, 1, 0)
    assert points == 1 and (tally.hull, tally.engine) == (1, 1) and (tgt.p_hull, tgt.p_eng) == (1, 1)


def test_doctrine_counts_the_companion_traits() -> None:
    """The doctrine's expected-damage tables (not a rule): Enveloping 2 "scores full hits against the normal
    defensive facing and against two of the three remaining facings" -> x3; Persistent: a damage die is odd half the
    time and a tally mark rolls until an even die erases it (2 dice on average) -> x2; the Companion's Deadly: one
    '@' hull box per damage point instead of a damage die (Unity's Deadly value per die, crew casualties included)."""

    plain, env2 = ship(design()), ship(design("Enveloping 2"))
    prs, dly = ship(design("Persistent")), ship(design("Deadly"))

    def mode(s: ShipState) -> ModeSpec:
        return s.spec.banks[0].modes[0]

    assert doctrine_factor(mode(env2), False) == 3.0 and doctrine_factor(mode(prs), False) == 2.0
    assert doctrine_factor(mode(dly), False) == AI_RESULT_VALUE["hull"] / damage_value(False, False, False, True,
                                                                                       False, False)
    target = ship(design(), 1).spec
    base, tripled = MatchTables(plain.spec, target), MatchTables(env2.spec, target)
    assert tripled.ed[0][4][0] == pytest.approx(3 * base.ed[0][4][0])
    unity_target = ShipSpec(from_yaml(design())[0])
    assert MatchTables(plain.spec, unity_target).ed[0][4][0] == base.ed[0][4][0]


def test_alternate_damage_table_in_battle() -> None:
    """D3 in battle: "A volley of weapons with DMG 2 scores two hits. Four dice are rolled ... two hull damage boxes
    (3,5), two engine boxes (2,6), two weapon boxes (2,3), and two system boxes (5,6)": two boxes per die. With CC.D3
    every damage roll of the Sycamore's Shock Cannons and Fusion Torpedoes at the Majestic (no Knockout or Cutting
    trait, no Ionized Hull, no screens) marks exactly twice as many boxes as dice; without it, as many."""
    pattern = re.compile(r"damage dice \[([\d, ]+)\] -> marked: hull (\d+), engines (\d+), weapons (\d+), "
                         r"shields (\d+)")

    def ratios(options: tuple[str, ...]) -> set[Fraction]:
        out = set()
        ours = False
        for line in logs("examples/companion/sycamore.yaml", "examples/designs/majestic.yaml", range(12),
                         options=options):
            if re.match(r"    \S.* -> ", line):
                ours = re.match(r"    (Shock Cannon|Fusion Torpedo) \[\w+\] -> B1", line) is not None
            m = pattern.search(line)
            if m and ours:
                out.add(Fraction(sum(int(m.group(i)) for i in range(2, 6)), len(m.group(1).split(","))))
        return out

    assert ratios(("CC.D3",)) == {2}
    assert ratios(()) == {1}


def test_proximity_2_and_repairs_in_battle() -> None:
    """D5.1 in battle: a Proximity 2 battery attacks the other Comet of a pair near its target ("each element
    within two hexes of the target hex"); D7.3 with E.1: a regained weapons box erases a weapons DAC location."""
    text = "\n".join(logs("examples/companion/sycamore.yaml", "examples/designs/comet-frigate.yaml", range(24),
                          options=("CC.D7", "E.1")))  # a repair of a crossed weapons box is rare: 24 battles
    assert re.search(r"weapons \(weapons DAC location \d", text)
    prx2 = ROOT / "examples/companion/sycamore.yaml"
    body = prx2.read_text().replace("Proximity 0", "Proximity 2")
    a = from_yaml(body, rules=CC)
    b = read_designs(ROOT / "examples/designs/comet-frigate.yaml", rules=CC)[:1] * 2
    m = build_matchup(a, b, BattleSettings(rules=CC))
    lines = [x for i in range(12) for x in m.fight(random.Random(run_seed(1, i)), log=True).log]
    assert any(re.match(r"\s+proximity -> B\d Comet", x) for x in lines)


def test_unity_traits_play_the_same_under_the_companion(tmp_path: Path) -> None:
    """The Companion changes only its own traits, options and D2.1's engine-rating-zero row: every pair of the Unity
    example designs (none with Deadly, whose Companion reading differs) fights roll for roll the same battle under
    --rules companion, that row set to +0 by a house rule, as under the book (winner, turns, VPs, survivors),
    although the Companion's volley and End Phase code plays them."""
    house = tmp_path / "cc0.yaml"
    house.write_text("base: companion\nplay:\n  companion:\n    attack_modifiers:\n      rows:\n"
                     "        engine_zero: {modifier: 0}\n", encoding="utf-8")
    cc0 = load_ruleset(str(house))
    names = sorted((ROOT / "examples/designs").glob("*.yaml"))
    assert not [p for p in names if "Deadly" in p.read_text() or "Dly" in p.read_text()]
    for a in names:
        for b in names:
            unity = build_matchup(read_designs(a)[:1], read_designs(b)[:1])
            cc = build_matchup(read_designs(a, rules=cc0)[:1], read_designs(b, rules=cc0)[:1],
                               BattleSettings(rules=cc0))
            ru, rc = (m.fight(random.Random(run_seed(1, 0))) for m in (unity, cc))
            assert (ru.winner, ru.turns, ru.vp, ru.survived) == (rc.winner, rc.turns, rc.vp, rc.survived), (a, b)


def test_a_disabled_ship_does_not_explode() -> None:
    """D5.3: "A disabled ship is considered destroyed for victory purposes but remains on the game board" -- it is not
    destroyed, so E.3 ("a destroyed ship ... explodes") does not apply; once every "@" is crossed it is destroyed and
    explodes as usual."""
    disabled, destroyed = ship(design(), 0), ship(design(), 1)
    disabled.cc.deadly = 2

    e3 = Explosions(battle_of([disabled, destroyed], Faces()), InForce(("E.3",), None, (), CC.play))
    for s in (disabled, destroyed):
        e3.destroyed(s, s.spec.cr, "destroyed", True)
    assert e3.pending == [destroyed]
