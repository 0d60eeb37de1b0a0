"""D7.1's numbered weapons and systems tracks in battle (``--option CC.D7``, ``play.companion.dac.tracks``).

Rule text: ../shared/seeds/002_54d44d0a28cdba4b.txt, D7.1 ("each box contains a '0' or '1' (ships of hull size 5 or
less may have boxes with '2' or more)") and D7.2 ("Each time a non-zero box on the weapons or systems damage track is
crossed off, roll dice equal to the number in the box (usually just one) and consult the relevant DAC"). The engine
crosses the boxes the SSD prints (``drydock ssd --dac``): tests/core/test_dac.py has the layout.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from drydock.core.dac import LOCATIONS
from drydock.core.validation import rate
from drydock.engine.companion_options import companion_options
from drydock.engine.companion_play import CompanionShip
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.settings import BattleSettings
from drydock.engine.ship_rules import UNITY as UNITY_RULES
from drydock.engine.ships import ShipSpec, ShipState
from drydock.formats import read_designs
from drydock.formats.houserules import load_ruleset
from drydock.formats.native import from_yaml
from drydock.render.sheet import sheet_from_rating
from tests.helpers import ROOT

CC = load_ruleset("companion")
D7 = companion_options(("CC.D7",))  # the Companion's switches as a battle reads them


class Faces(random.Random):
    """A scripted die: the listed faces in turn (then raises, so no die goes unplanned)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 0.5) / 6


BOOK_SYCAMORE = (ROOT / "tests" / "fixtures" / "companion" / "book-sycamore.yaml").read_text()  # has its Source


def ship(text: str, rng: random.Random, rules: object = CC) -> ShipState:
    s = ShipState(ShipSpec(from_yaml(text, rules=rules)[0], rules), 0, 0, "S0", UNITY_RULES)  # type: ignore[arg-type]
    s.rules = s.cc = CompanionShip(s, s.spec.companion, D7, rng)
    return s


def test_a_weapon_result_crosses_the_printed_box() -> None:
    """The book's Sycamore prints WPN 0 1 1 1 0 1 1 1: the first Weapon result crosses the 0 box and rolls nothing;
    the next two cross 1 and 1 and roll two dice (3, then 3 again: shifted to 4): one Shock Cannon and one Laser
    Cannon, then one Shock Cannon (D7.2's own roll of 3). The track's box count is the ship's hull, not Unity's
    four weapons boxes."""
    log: list[str] = []
    s = ship(BOOK_SYCAMORE, Faces(3, 3))
    printed = {t.key: t.values for t in sheet_from_rating(rate(s.spec.design, CC), CC, dac=True).tracks}
    assert s.cc.dac.tracks["weapons"] == printed["weapons"] == (0, 1, 1, 1, 0, 1, 1, 1)
    s.p_wpn = 1
    s.cc.apply(s, log)
    assert s.wpn_hits == 1 and sum(s.battery_lost) == 0
    assert "S0 weapons track (D7.1): box 1 crossed (0): 0 DAC dice" in [x.strip() for x in log]
    s.p_wpn = 2
    s.cc.apply(s, log)
    assert s.wpn_hits == 3
    assert dict(zip(s.spec.battery_names, s.battery_lost, strict=True)) == {
        "Fusion Torpedo": 0, "Shock Cannon": 2, "Laser Cannon": 1}
    assert "S0 weapons track (D7.1): boxes 2-3 crossed (1 1): 2 DAC dice" in [x.strip() for x in log]
    s.p_wpn = 20  # past the last box: the rest of the track, 1 0 1 1 1, four dice on the four uncrossed locations
    s.cc.rng = Faces(1, 1, 1, 1)
    s.cc.apply(s, None)
    assert s.wpn_hits == 8 and s.cc.dac.crossed["weapons"] == set(range(1, 7)) and not any(s.bank_alive)


@settings(max_examples=60, deadline=None)
@given(hull=st.integers(1, 24), guns=st.lists(st.integers(1, 6), min_size=1, max_size=4),
       screens=st.integers(0, 9), hyperdrive=st.booleans(),
       faces=st.lists(st.integers(1, 6), min_size=2 * LOCATIONS, max_size=2 * LOCATIONS))
def test_crossing_every_box_loses_exactly_the_ships_items(hull: int, guns: list[int], screens: int,
                                                          hyperdrive: bool, faces: list[int]) -> None:
    """Whatever the hull, the charts and the dice: the boxes of each track roll six dice in all (one per location),
    so crossing every box loses every weapon, Screen and system on the charts, each once; before the last box, no
    more than the crossed locations hold."""
    weapons = "\n".join(f"  - {{name: Gun{i}, range: 2-4-6, stats: 1x4+/1/1, banks: [{n}ABCDEF]}}"
                        for i, n in enumerate(guns))
    text = (f"class: Prop\nhull: {hull}\nengines: 2\nshields: 0\nscreens: {screens}\nweapons:\n{weapons}\n"
            + ("systems: [Hyperdrive]\n" if hyperdrive else ""))
    s = ship(text, Faces(*faces))
    assert sum(s.cc.dac.tracks["weapons"]) == sum(s.cc.dac.tracks["systems"] or (LOCATIONS,)) == LOCATIONS
    s.p_wpn = hull - 1
    s.cc.apply(s, None)
    assert sum(s.battery_lost) == sum(len(s.cc.dac.charts["weapons"][k - 1]) for k in s.cc.dac.crossed["weapons"])
    s.p_wpn, s.p_shd = 1, hull
    s.cc.apply(s, None)
    assert s.battery_lost == [n for n in guns] and not any(s.bank_alive)
    assert s.screens == 0 and not any(s.equipment_alive)
    assert s.wpn_hits == hull and s.cc.dac.sys_hits == (hull if screens or hyperdrive else 0)


def test_the_other_reading_keeps_unitys_tracks(tmp_path: Path) -> None:
    """``play.companion.dac.tracks: unity-items``: no D7.1 tracks; each item Unity's weapons countdown loses rolls
    one weapons-DAC die (the Companion example: 6 4 2, two dice for the first Weapon result)."""
    house = tmp_path / "items.yaml"
    house.write_text("base: companion\nplay:\n  companion:\n    dac: {tracks: unity-items}\n", encoding="utf-8")
    items = load_ruleset(str(house))
    text = (ROOT / "examples/companion/sycamore.yaml").read_text()
    s = ship(text, Faces(1, 2), items)
    assert s.cc.dac.tracks is None and s.spec.weapons_track == (6, 4, 2)
    log: list[str] = []
    s.p_wpn = 1
    s.cc.apply(s, log)
    assert s.wpn_hits == 1 and len(s.cc.dac.crossed["weapons"]) == 2
    assert not [x for x in log if "track (D7.1)" in x]


def test_seeded_battles_cross_the_tracks_and_regain_boxes() -> None:
    """In battle (CC.D7 with E.1): Weapon and System results cross D7.1's boxes and roll their numbers, and a
    regained weapons box erases a weapons-DAC location (D7.3)."""
    a = read_designs(ROOT / "examples/companion/sycamore.yaml", rules=CC)[:1]
    b = read_designs(ROOT / "examples/designs/comet-frigate.yaml", rules=CC)[:1]
    m = build_matchup(a, b, BattleSettings(rules=CC, options=("CC.D7", "E.1")))
    text = "\n".join(x for i in range(24) for x in m.fight(random.Random(run_seed(1, i)), log=True).log)
    assert re.search(r"weapons track \(D7\.1\): box(es)? [\d-]+ crossed \([01 ]+\): \d DAC di", text)
    assert re.search(r"systems track \(D7\.1\): box(es)? [\d-]+ crossed", text)
    assert re.search(r"weapons \(weapons DAC location \d", text)
