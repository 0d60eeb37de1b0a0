"""Admiralty (X.1) and Nova (X.2) ships in play (issue 25): each rule tested against its Appendix X text.

Sources: Unity Rulebook v2.0 Appendix X (pp.68-70, seed 003) and the Nova rulebook's damage checks (pp.14-15,
seed 001). Ships: the bundled AE Dumbo (examples/legacy/admiralty/dumbo-v1.ae, # Source: MJ12 forum 2008,
stated CR 277) and the Nova rulebook's MAJESTIC-class BC (examples/legacy/nova/nova-majestic-typed.nova,
CR 344), whose lost shield icons and armor boxes a test fills in by hand where a rule needs them.
"""

from __future__ import annotations

import random

import pytest

from drydock.convert import batch
from drydock.core.rules import Ruleset
from drydock.engine.battle import Battle, Matchup
from drydock.engine.combat import fire_volley
from drydock.engine.legacy_rules import (
    NovaModeSpec,
    absorb_armor,
    nova_to_hit,
    nova_volley,
    prc_shield,
    ship_spec,
)
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec, ShipState
from drydock.engine.tables import DAMAGE_TABLE
from drydock.engine.variants import rules_for
from drydock.errors import DrydockError
from drydock.formats import read_designs
from drydock.formats.native import from_yaml
from tests.helpers import ROOT

LEGACY = ROOT / "examples" / "legacy"
MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"


def _apply(s, log, faces):
    """4.5 with the legacy rules, the End Phase's dice scripted (the battle's rng, given at set-up)."""
    s.legacy.rng = faces
    return s.rules.apply(s, log)


class Faces:
    """A random source that rolls the given d6 faces in order (d6 = int(random() * 6) + 1)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 1e-9


def dumbo():
    return batch.convert_file(LEGACY / "admiralty" / "dumbo-v1.ae", "admiralty").designs[0]


def nova(shields: str = "4 5 6 6 6", armor: str = "ooo oo oo", hull: str = "ooooo oooo ooooo"):
    text = (LEGACY / "nova" / "nova-majestic-typed.nova").read_text()
    text = text.replace("SHIELDS: ?", f"SHIELDS: {shields}").replace("ARMOR: ?", f"ARMOR: {armor}")
    text = text.replace("HULL: 14", f"HULL: {hull}")
    return batch.convert_text(text, "nova", file="majestic.nova").designs[0]


def state(spec: ShipSpec, side: int = 0) -> ShipState:
    return ShipState(spec, side, side, f"{'AB'[side]}1 {spec.name}", rules_for(spec))


# ------------------------------------------------------------------ X.1 Admiralty Edition
def test_ae_card_tracks_and_cr_in_play():
    spec = ship_spec(dumbo())
    assert spec.engine_track == (3, 3, 3, 2, 2, 2, 1, 1) and spec.shield_track == (4, 4, 3, 3, 2, 2, 1, 1)
    assert spec.cr == 277 and spec.legacy.kind == "admiralty" and spec.weapons_track == ()


def test_ae_engine_or_shield_hit_checks_two_boxes():
    """X.1: "If the result is an engine or shield hit, check off two boxes from the appropriate track, instead
    of just one." """
    s = state(ship_spec(dumbo()))
    s.p_eng, s.p_shd = 1, 1
    _apply(s, None, Faces())
    assert (s.eng_hits, s.shd_hits) == (2, 2) and s.engine_rating == 3 and s.shield(0) == 3
    s.p_eng, s.p_shd = 1, 1
    _apply(s, None, Faces())
    assert s.engine_rating == 2 and s.shield(0) == 2  # boxes 5 of 3 3 3 2 2 2 1 1 and 4 4 3 3 2 2 1 1


def test_ae_weapon_hit_rolls_twice_on_the_weapon_damage_chart():
    """X.1: "If the result is a weapon hit, roll twice on the weapon damage chart of the Admiralty ship card."
    Dumbo's chart: 1-2 X (Super Charger), 3-5 Y (Stomp Gun), 6 Z (Sonic Cannon)."""
    s = state(ship_spec(dumbo()))
    names = s.spec.battery_names
    s.p_wpn = 1
    log: list[str] = []
    _apply(s, log, Faces(3, 6))
    assert s.battery_lost[names.index("Stomp Gun")] == 1 and s.battery_lost[names.index("Sonic Cannon")] == 1
    assert s.battery_lost[names.index("Super Charger")] == 0
    s.p_wpn = 1
    _apply(s, log, Faces(6, 1))  # the Sonic Cannon is gone: no effect; 1 -> a Super Charger
    assert s.battery_lost[names.index("Sonic Cannon")] == 1 and s.battery_lost[names.index("Super Charger")] == 1
    assert any("chart 6: no effect" in line for line in log)


def test_ae_stealth_extra_penalty_and_no_long_range():
    """X.1 Stealth: "All attacks against an Admiralty target equipped with Stealth incur an additional -1 to-hit
    penalty. In addition, no attacks can be made against such a target at long range." """
    d = dumbo()
    d = d.model_copy(update={"notes": (*d.notes, "AE option Stealth: AE stealth in Unity play (X.1)")})
    target = state(ship_spec(d), 1)
    attacker = state(ship_spec(read_designs(MAJESTIC)[0]))
    mode = attacker.spec.banks[0].modes[0]
    assert target.rules.attack_penalty(2, 0, None, "") is None  # long range: no attack
    assert target.rules.attack_penalty(1, 0, None, "") == 1
    assert fire_volley(random.Random(1), attacker, target, mode, 1, 1, 2) == 0
    assert attacker.rules.attack_penalty(1, 0, None, "") == 0  # a Unity ship: no change


def test_ae_rules_items_are_listed_as_not_simulated_with_their_share():
    """X.1: traits with "No equivalent; use Admiralty rules" (Increased Hits, Range-Based DMG/ROF ...)."""
    d = batch.convert_file(LEGACY / "admiralty" / "razorthorn-houseruled.ae", "admiralty").designs[0]
    notes = ship_spec(d).not_simulated
    hits = [n for n in notes if "Increased Hits" in n]
    assert hits and all("of the Unity re-rating" in n for n in hits)
    assert any("Critical Hit Save" in n and "not simulated" in n for n in notes)


# ------------------------------------------------------------------ X.2 Nova Edition
def test_nova_record_without_shields_names_the_fix():
    record = batch.convert_file(LEGACY / "nova" / "nova-majestic-typed.nova", "nova").designs[0]
    with pytest.raises(DrydockError, match="SHIELDS line of the Nova display"):
        ship_spec(record)


def test_nova_setup_hull_systems_thrust_shields_cr():
    """X.2: "the shield rating is equal to seven minus the value of the first unchecked shield dice icon";
    "engine rating is equivalent to the value in its first unchecked thrust box"; 13 hull boxes 5/4/4 -> hull
    size 9, bullets in system boxes 2 and 4 (here 5/4/5: hull 10, bullets 2 and 4)."""
    spec = ship_spec(nova())
    assert spec.shield_track == (3, 2, 1, 1, 1) and spec.engine_track == (4, 3, 2, 1, 1)
    assert spec.hull == 10 and spec.legacy.system_boxes == 4 and spec.legacy.bullets == (2, 4)
    assert spec.cr == 344 and spec.cm == 1  # ECM 1 1 1: a -1 on each to-hit die against it
    assert spec.legacy.armor == 7


def test_nova_acc_imp_dmg_and_attack_dice():
    """X.2: "All Nova weapons are ACC 5+, unless they possess the Accurate (Acr) trait"; "IMP 1, unless ... Dx2
    or Dx3 ... IMP 2 or IMP 3"; "All Nova weapons are DMG 1"; the number of to-hit dice from the attack-dice
    string, shifted by "the bank's arc modifier and any applicable weapon damage modifier"."""
    spec = ship_spec(nova())
    by = {b.entry: (b.battery_name, b.modes[0]) for b in spec.banks}
    name, beam = by["FF"]
    assert name == "Fusion Beams" and isinstance(beam, NovaModeSpec)
    assert (beam.acc, beam.imp_by_band, beam.dmg) == (5, (3, 3, 3), 1)
    assert by["FX2"][1].imp_by_band == (2, 2, 2)
    turret = by["FX2"][1]  # 6 5 3 2 2 1 1 1 0 0 0 0, arc modifier -2
    assert turret.dice(0) == 3 and turret.dice(1) == 2 and turret.dice(9) == 0
    assert beam.dice(0) == 7


def test_nova_bonus_dice_worked_example():
    """X.2: "A starship is making an attack with six dice against a target at short range (+1). The weapons are
    ACC 5+. The to-hit dice are rolled, coming up 1, 1, 3, 4, 6, and 6. This results in three hits, along with a
    dice bonus of +4. An additional four to-hit dice are rolled, coming up 3, 3, 4, and 6." The book's total,
    "six hits", is an erratum (conversion.md OQ13): 3, 3, 4, 6 at +1 are 4, 4, 5, 7, two more hits: five."""
    hits, first, extra = nova_to_hit(Faces(1, 1, 3, 4, 6, 6, 3, 3, 4, 6), 6, 5, 1)
    assert first == [1, 1, 3, 4, 6, 6] and extra == [3, 3, 4, 6] and hits == 5
    # "Any rolls of 1 or 6 on these bonus dice do not provide additional to-hit dice."
    hits, _, extra = nova_to_hit(Faces(6, 6, 6), 1, 5, 0)
    assert extra == [6] and hits == 2


def test_nova_prc_halves_the_shield_rounded_up():
    """X.2: "Piercing (Prc) weapons treat the target's shield rating as if it were 50% its actual value
    (rounded up)." """
    assert [prc_shield(s) for s in range(6)] == [0, 1, 1, 2, 2, 3]


def test_nova_armor_boxes_before_damage_rolls():
    """X.2: "All armor boxes on a Nova starship must be checked off before any damage rolls are made." """
    s = state(ship_spec(nova(armor="ooo")))
    assert absorb_armor(s, 2) == 0 and s.legacy.armor_left == 1
    assert absorb_armor(s, 4) == 3 and s.legacy.armor_left == 0


def test_nova_damage_table_and_damage_checks():
    """X.2: "1-3 Hull Hit ... 4-5 System Hit ... 6 No Effect"; "When a system box containing a bullet is checked
    off, conduct damage checks"; "Once all of a starship's system boxes have been checked off, additional damage
    rolls of 4 or 5 have no effect." Nova p.15: "never check off a ship's last remaining thrust box, weapon hit,
    ECM box, or shield die icon." A Unity roll of 4 (engine) or 5 (weapon) is a system hit; 6 (shield) nothing."""
    s = state(ship_spec(nova()))
    s.p_hull, s.p_eng, s.p_shd = 2, 1, 3
    _apply(s, None, Faces())
    assert s.hull_hits == 2 and s.legacy.sys_hits == 1 and s.shd_hits == 0
    s.p_wpn = 1  # system box 2 carries a bullet: thrust 1 -> 2 boxes, weapons 3 -> 1, ECM 5 -> 0, shields 2 -> 2
    _apply(s, None, Faces(1, 3, 5, 2))
    assert (s.eng_hits, s.wpn_hits, s.legacy.ecm_hits, s.shd_hits) == (2, 1, 0, 2)
    assert s.engine_rating == 2 and s.shield(0) == 1 and s.cm == 1
    s.p_eng = 2  # boxes 3 and 4 (a bullet): 2 more boxes each, never the last of a track
    _apply(s, None, Faces(1, 1, 1, 1))
    assert (s.eng_hits, s.wpn_hits, s.legacy.ecm_hits, s.shd_hits) == (4, 3, 2, 4) and s.cm == 1
    s.p_eng = 3  # all system boxes are checked: no effect
    _apply(s, None, Faces())
    assert s.legacy.sys_hits == 4 and s.alive


def test_nova_not_simulated_lists_unreadable_parts_and_legacy_systems():
    record = nova()
    record = record.model_copy(update={"notes": (*record.notes, "Nova system Escort: not yet adapted; Nova rules "
                                                                "p.18 (X.2)")})
    notes = ship_spec(record).not_simulated
    assert any("Escort" in n and "share of the X.2 CR cannot be computed" in n for n in notes)


def test_mixed_battle_is_fought_and_scores_the_crs_of_record():
    """An AE card and a Nova ship against the Unity Majestic: victory points use the CRs of record (277, 344)."""
    a = [ship_spec(dumbo()), ship_spec(nova())]
    b = [ship_spec(read_designs(MAJESTIC)[0])]
    m = Matchup(a, b, BattleSettings(turns=8))
    assert m.vp_target == -(-(277 + 344) * 3 // 5)
    results = [m.fight(random.Random(seed)) for seed in range(6)]
    # B scores 277 / 344 for a destroyed ship, half rounded up (139 / 172) for one jumping out (B.10)
    scores_b = {x + y for x in (0, 277, 139) for y in (0, 344, 172)}
    assert all(r.vp[1] in scores_b and r.vp[0] in (0, 188, 94) for r in results)
    battle = Battle(m, random.Random(0), False)
    battle.destroy(battle.ships[0], "destroyed")
    battle.destroy(battle.ships[1], "destroyed")
    assert battle.vp == [0, 277 + 344]
    log = m.fight(random.Random(2), log=True).log
    assert any("Nova attack" in line for line in log)
    again = [m.fight(random.Random(seed)) for seed in range(6)]
    assert [(r.winner, r.vp, r.turns) for r in results] == [(r.winner, r.vp, r.turns) for r in again]


def test_nova_cr_modifier_drones_and_three_fighter_flights():
    """X.2: "a starship with shield dice icons of [..] and a combat rating of 344 would have its combat rating
    increased by +5%, to 361"; "Drones are considered C.4: Seeking Weapons (p.40) with the following
    characteristics: 360 degree firing arc; MA 8; ROF 3; ACC 5+; IMP 1; DMG 1; Exp."; "Each Nova fighter flight
    begins the game with three individual fighters, instead of six." """
    text = (LEGACY / "nova" / "nova-majestic-typed.nova").read_text().replace("SHIELDS: ?", "SHIELDS: 4 5 6 6 6")
    text = text.replace("SYSTEMS: Fire Control; Hyperdrive", "SYSTEMS: Fire Control; Hyperdrive; Drones (2); "
                        "Carrier (2)") + "CR MODIFIER: +5%\n"
    record = batch.convert_text(text, "nova", file="majestic.nova").designs[0]
    spec = ship_spec(record)
    assert spec.cr == 361
    drones = [b for b in spec.banks if b.battery_name == "Drones"]
    assert len(drones) == 2 and all(b.seeker is not None for b in drones)
    m = drones[0].seeker
    assert (m.long, m.rof, m.acc, m.imp_by_band, m.dmg, m.exp) == (8, 3, 5, (1, 1, 1), 1, True)
    from drydock.engine.fighters import FighterFlight

    carrier = state(spec)
    assert spec.flights == 2 and FighterFlight(1, 0, carrier, 0, 0, 0, "f").count == 3
    unity = state(ship_spec(read_designs(MAJESTIC)[0]))
    assert FighterFlight(2, 0, unity, 0, 0, 0, "f").count == 6


@pytest.mark.parametrize("acc", [4, 5])
@pytest.mark.parametrize("mod", [-3, -2, -1, 0, 1, 2])
def test_nova_one_die_every_face(acc, mod):
    """One Nova to-hit die against every face of the first die, its bonus die and any 4.2 re-roll: a natural 1
    misses, a die hits on face + mod >= ACC, a 6 that cannot hit so is re-rolled (re-roll + 5 + mod >= ACC);
    an unmodified 1 or 6 of the first roll (never of the bonus die) adds a bonus die (X.2)."""
    def hit(face: int, reroll: int | None) -> int:
        if face == 1:
            return 0
        if face == 6 and 6 + mod < acc:
            return int(reroll + 5 + mod >= acc)
        return int(face + mod >= acc)

    def rerolls(face: int) -> list[int | None]:
        return list(range(1, 7)) if face == 6 and 6 + mod < acc else [None]

    for f in range(1, 7):
        for rf in rerolls(f):
            for b in (range(1, 7) if f in (1, 6) else [None]):
                for rb in (rerolls(b) if b is not None else [None]):
                    faces = [x for x in (f, rf, b, rb) if x is not None]
                    expected = hit(f, rf) + (hit(b, rb) if b is not None else 0)
                    hits, _, extra = nova_to_hit(Faces(*faces), 1, acc, mod)
                    assert hits == expected and len(extra) == (f in (1, 6)), (f, rf, b, rb)


# ------------------------------------------------------------------ one damage step for every volley (issue 35)
ALL_HULL = {"play": {"damage_table": {"table": {"4": "hull", "5": "hull", "6": "hull"}}}}
PLAIN = "class: Plain\nhull: 12\nengines: 4\nshields: {shields}\n"


class Always:
    """Every die comes up ``face``."""

    def __init__(self, face: int) -> None:
        self.face = face

    def random(self) -> float:
        return (self.face - 1) / 6 + 1e-9


def nova_at(target_design: str, rules=None, **kw):
    """A Nova MAJESTIC's first bank fires at a Unity ship two hexes off, every die a 4; returns the target."""
    rules = Ruleset.from_data(rules) if rules else None
    attacker = state(ship_spec(nova()))
    target = state(ShipSpec(from_yaml(target_design)[0], rules), 1)
    target.q = 2
    mode = attacker.spec.banks[0].modes[0]
    assert isinstance(mode, NovaModeSpec)
    nova_volley(Always(4), attacker, target, mode, 1, 0, None, "", 0, 0, **kw)
    return target


def test_a_nova_volley_marks_by_the_targets_damage_table():
    """4.4 by the target's table: every damage die a 4 is an engine hit by the book, a hull hit under a house rule
    whose table reads 4-6 as hull (before issue 35 a Nova volley rolled on the book's table whatever the rules)."""
    book = nova_at(PLAIN.format(shields=0))
    assert book.p_eng > 0 and book.p_hull == 0
    house = nova_at(PLAIN.format(shields=0), ALL_HULL)
    assert (house.p_hull, house.p_eng) == (book.p_eng, 0)


def test_a_nova_volley_offers_every_damage_die_to_the_e2_reroll():
    """E.2 directed damage: the attacker's re-roll choice is asked about each damage die of a Nova volley too."""
    asked: list[int] = []
    target = nova_at(PLAIN.format(shields=0), reroll=lambda face: asked.append(face) is None and False)
    assert asked == [4] * target.p_eng and asked


def test_a_nova_volley_in_a_nebula_scores_every_even_impact_die():
    """G.4: "any even impact roll ... automatically succeeds" -- X.2 keeps Unity's impact roll in a nebula
    ("Unless ... the battle is in a nebula (G.4), the Nova saving throw ... may be used instead"). A 4 against
    shields 5 fails, but not in a nebula."""
    assert nova_at(PLAIN.format(shields=5)).p_eng == 0
    assert nova_at(PLAIN.format(shields=5), even_impacts=True).p_eng > 0


def test_a_nova_ship_keeps_its_own_damage_table_under_house_rules():
    """X.2: "1-3 Hull Hit ... 4-5 System Hit ... 6 No Effect" is the Nova ship's table, read off the book's 4.4
    faces, whatever a house rule does to Unity's table."""
    assert ship_spec(nova(), Ruleset.from_data(ALL_HULL)).damage_table == DAMAGE_TABLE
