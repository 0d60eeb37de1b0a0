"""The last gaps of issue 23: F.3 screens on fire at flights, G.6 ranges and altitudes, D.9 towing."""

from __future__ import annotations

import random
from pathlib import Path

from drydock.engine.battle import Battle
from drydock.engine.fighters import FighterFlight
from drydock.engine.hexgrid import from_offset
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.small_craft import screened_hits
from drydock.formats import read_designs

ROOT = Path(__file__).resolve().parent.parent


def design(name: str):  # type: ignore[no-untyped-def]
    return read_designs(str(ROOT / f"examples/designs/{name}.yaml"))[0]


CARRIER = design("wyvern-carrier")
MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")


# ------------------------------------------------------------------ F.3 fighter screens
def screened_shot(screen: bool, seed: int = 5) -> Battle:
    """Side A's Majestic at mid-board, heading 0; side B's flight 3 hexes ahead; with ``screen``, two side B flights
    (12 fighters) screen the hex between. Side B's carrier is cloaked (out of the fight): the only target is the
    flight. One Combat Phase."""
    m = build_matchup([MAJESTIC], [CARRIER], options=("F.3",))
    b = Battle(m, random.Random(seed), log=True)
    q, r = from_offset(16, 9)
    ship, carrier = b.ships
    ship.q, ship.r, ship.heading, ship.facing = q, r, 0, 0
    carrier.cloaked = True
    target = FighterFlight(201, 1, carrier, q + 3, r, 3, "target")
    screens = [FighterFlight(202 + k, 1, carrier, q + 2, r, 3, f"screen{k}") for k in range(2)]
    b.flights = [target] + (screens if screen else [])
    b.opt.fighters.screening = {f.uid: f for f in screens} if screen else {}
    b.log.clear()
    b.combat()
    return b


def test_f3_screen_penalises_ship_fire_at_a_flight() -> None:
    """F.3: "Screening fighter flights force all attacks made through their hex (even friendly attacks) to suffer a
    to-hit penalty ... 1-3 None, 4-9 -1, 10-15 -2, 16+ -3"; "Multiple flights may combine their efforts by screening
    in the same hex; the total number of fighters in all flights is used". All attacks, so fire at a fighter flight
    (or a seeker flight) through the hex too: two flights of 6 in the hex between are 12 fighters, -2; a flight
    shot at in its own screened hex is behind the screen too (4.1: the line of sight "always passes through the
    target's hex"), and the attacker's own hex never counts."""
    b = screened_shot(True)
    ship = b.ships[0]
    target, screen = b.flights[0], b.flights[1]
    assert b.opt.flight_penalty(ship, target) == 2
    assert b.opt.flight_penalty(ship, screen) == 2  # the screen's own hex is the target's hex
    b.opt.fighters.screening = {screen.uid: screen}  # 6 fighters: -1
    assert b.opt.flight_penalty(ship, target) == 1
    b.opt.fighters.screening = {}
    assert b.opt.flight_penalty(ship, target) == 0


def test_f3_screen_takes_effect_on_fire_at_a_flight_in_a_seeded_battle() -> None:
    """The same seeded Combat Phase with and without the screen: with it, the Majestic's fire at the flight is
    logged at -2 (F.3), and the dice give another result; without it, no screen."""
    with_screen, without = screened_shot(True), screened_shot(False)
    shots = [line for line in with_screen.log if "vs tiny target" in line]
    assert shots and all("screen -2 (F.3)" in line for line in shots)
    assert not any("screen -" in line for line in without.log)
    assert [x for x in without.log if "vs tiny target" in x]
    assert with_screen.log != without.log


class Faces:
    """A random source that yields the given d6 faces, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 1e-9


def test_f3_screen_penalises_fighter_attacks_with_the_maximum_roll_rule() -> None:
    """F.3: "all attacks made through their hex" (a fighter's attack on the ship in a screened hex: the line of sight
    "always passes through the target's hex", 4.1); 4.2: "modifiers may create a situation in which a to-hit roll
    cannot succeed; e.g. a -2 modifier for a weapon with ACC 5+. In such cases, re-roll any die that comes up 6
    (before modifiers) and add 5". A standard flight hits on 5+: at -1 only the 6 hits; at -2 the 6 is re-rolled,
    3 + 5 - 2 = 6 hits, 1 + 5 - 2 = 4 misses."""
    assert screened_hits(Faces([]), [6, 5, 4, 1], 5, 1) == 1
    assert screened_hits(Faces([3]), [6, 5, 4, 1], 5, 2) == 1
    assert screened_hits(Faces([1]), [6, 5, 4, 1], 5, 2) == 0
    assert screened_hits(Faces([2, 1]), [6, 6, 5], 5, 3) == 0  # -3: 2 + 5 - 3 = 4, 1 + 5 - 3 = 3
    assert screened_hits(Faces([]), [6, 5, 4, 1], 4, 1) == 2  # a bomber (F.4, 4+) at -1: the 6 and the 5


def test_f3_screened_fighter_attacks_in_seeded_battles() -> None:
    """Carriers on both sides with F.3: flights that screen their own carrier make the enemy fighters' attacks on it
    suffer the screen's penalty (logged), where the core game has none."""
    m = build_matchup([CARRIER, MAJESTIC], [CARRIER, VIGILANT], options=("F.3",))
    logs = [m.fight(random.Random(run_seed(7, i)), log=True).log for i in range(3)]
    lines = [x for log in logs for x in log if "screen -" in x]
    assert any(" attacks A1 Wyvern" in x or " attacks B1 Wyvern" in x for x in lines)
    core = build_matchup([CARRIER, MAJESTIC], [CARRIER, VIGILANT])
    assert not any("screen -" in x for i in range(3) for x in core.fight(random.Random(run_seed(7, i)), log=True).log)
