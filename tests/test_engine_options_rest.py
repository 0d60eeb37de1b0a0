"""The last movement options, S.3 The Chase and G.6 three-dimensional play (issue 23): each mechanic against the rule
text, and a seeded battle showing it takes effect."""

from __future__ import annotations

import random
from pathlib import Path

from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.options import chase, scenarios
from drydock.formats import read_designs

ROOT = Path(__file__).resolve().parent.parent


def design(name: str):  # type: ignore[no-untyped-def]
    return read_designs(str(ROOT / f"examples/designs/{name}.yaml"))[0]


MAJESTIC = design("majestic")
VIGILANT = design("vigilant-cruiser")
COMET = design("comet-frigate")
SHADE = design("shade-raider")


def fights(sides, n=8, **kw):  # type: ignore[no-untyped-def]
    m = build_matchup(*sides, **kw)
    return [m.fight(random.Random(run_seed(7, i)), log=True) for i in range(n)]


# ------------------------------------------------------------------ S.3 The Chase
def test_s3_long_board_and_set_up_areas() -> None:
    """S.3: "The game board is 50% longer than that used in a standard scenario (p.12)": 32 x 1.5 = 48 columns,
    18 rows; 33 x 1.5 = 49.5, rounded up to 50. The attacker "caught up to the rear guard": the defender's area is
    the four columns ahead of the attacker's four (2.3: "within four hexes" of the edge), columns 4-7; the other
    reading (S.3a) puts it across the middle of the long board: (48 - 4) / 2 = 22, columns 22-25."""
    s3 = {"board_length": "3/2", "defender_setup": "rear-guard"}
    s3a = {"board_length": "3/2", "defender_setup": "middle"}
    assert chase.long_board((32, 18), s3) == (48, 18)
    assert chase.long_board((33, 18), s3) == (50, 18)
    assert chase.defender_columns(48, s3) == range(4, 8)
    assert chase.defender_columns(48, s3a) == range(22, 26)
    # "each defending starship that moves off the game board via the edge opposite the attacking side": side A sets
    # up at the west edge, so the east edge
    assert scenarios.EXIT_EDGE["S.3"] == scenarios.EXIT_EDGE["S.3a"] == "east"


def test_s3_matchup_plays_on_the_long_board_with_the_chase_set_up() -> None:
    m = build_matchup([COMET, COMET, COMET], [SHADE, SHADE], scenario="S.3")
    assert m.board == (48, 18) and m.doctrine.board == (48, 18)
    assert build_matchup([COMET], [SHADE]).board == (32, 18)
    r = m.fight(random.Random(run_seed(7, 0)), log=True)
    placed = [line for line in r.log if " sets up at " in line]
    assert len(placed) == 2
    for line in placed:  # "(col,row) heading 0": in columns 4-7, heading east
        col = int(line.split(" at (")[1].split(",")[0])
        assert 4 <= col <= 7 and "heading 0 facing 0" in line


def test_s3_defender_runs_for_the_far_edge_and_scores_by_it() -> None:
    """S.3 victory: "each defending starship that moves off the game board via the edge opposite the attacking side
    awards VPs to the defending side, not the attacking side"; the attacker gives chase and fires on the way."""
    sides = ([VIGILANT, VIGILANT, VIGILANT], [MAJESTIC, MAJESTIC])
    core = fights(sides)
    for scen in ("S.3", "S.3a"):
        got = fights(sides, scenario=scen)
        assert [(r.winner, r.vp) for r in got] != [(r.winner, r.vp) for r in core]
        assert all(any(f"breaks out ({scen}): side B scores" in line for line in r.log) for r in got)
        # rear guard: the attacker fires on the way and scores; the middle reading: out of reach (equal speeds)
        assert any(" attacks:" in line for r in got for line in r.log) == (scen == "S.3")
        assert any(r.vp[0] > 0 for r in got) == (scen == "S.3")
        for r in got:  # a defender that leaves by the east edge is not scored for side A
            assert not any(line.startswith("  B") and "left the board: side A scores" in line and " 0 VP" not in line
                           for line in r.log)
