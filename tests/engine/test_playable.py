"""The engine plays or refuses, before the first turn, every number a design can state (issue 42).

Shield ratings above 5 (A.1) are played by the 4.3 maximum-roll rule up to 10 (play.high_shields); a house rule may
refuse them instead. Negative shields and screens, and a volley past limits.BATTLE_DICE, are refused in one line.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from drydock import limits
from drydock.core.model import ArcValues, Bank, Battery
from drydock.core.rules import Ruleset
from drydock.engine.dice import impact_probability
from drydock.engine.montecarlo import build_matchup, simulate
from drydock.engine.playable import check_playable, highest_shield, volley_dice
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec
from drydock.errors import DrydockError
from drydock.formats.houserules import load_house_rules
from tests.helpers import ROOT, design, example, mode
from tests.hostile.child import run_cli

KESTREL = ROOT / "examples/designs/kestrel-corvette.yaml"


def kestrel(**changes: object):  # type: ignore[no-untyped-def]
    return example("kestrel-corvette").model_copy(update=changes)


def test_the_impact_roll_reads_shields_above_5_by_the_maximum_roll_rule() -> None:
    """4.3: a natural 6 that cannot succeed is re-rolled, re-roll + 5 + modifiers: shield 6 is pierced on a 6 then
    2-6 (5/36), shield 10 on a 6 then a 6 (1/36), shield 11 never (unmodified), Pr1 (+1) pierces 11 on 6, 6."""
    assert impact_probability(5, 0) == Fraction(1, 6)
    assert impact_probability(6, 0) == Fraction(5, 36)
    assert impact_probability(10, 0) == Fraction(1, 36)
    assert impact_probability(11, 0) == 0
    assert impact_probability(11, 1) == Fraction(1, 36)


@pytest.mark.parametrize("shields", [6, 10])
def test_a_kestrel_with_shields_6_to_10_fights(shields: int) -> None:
    """The crash of issue 42 (IndexError in the doctrine's tables): shields 6 and 10, the limit, now fight."""
    s = simulate([kestrel(shields=shields)], [example("kestrel-corvette")], runs=4, seed=1)
    assert s.a_wins + s.b_wins + s.draws == 4


def test_shields_past_10_and_below_0_are_refused_before_the_battle() -> None:
    with pytest.raises(DrydockError, match=r"shield rating 11 cannot be played: a battle plays shield ratings 0 to "
                                           r"10 \(A.1, 4.3"):
        build_matchup([kestrel(shields=11)], [example("kestrel-corvette")])
    with pytest.raises(DrydockError, match=r"shield rating -1 cannot be played: a shield rating is 0 or more"):
        build_matchup([kestrel(shields=-1)], [example("kestrel-corvette")])
    build_matchup([kestrel(shields=0)], [example("kestrel-corvette")])


def test_directional_shields_each_arc_at_the_limit_and_past_it() -> None:
    build_matchup([kestrel(shields=ArcValues(fwd=10, port=2, stbd=2, aft=0))], [example("kestrel-corvette")])
    with pytest.raises(DrydockError, match="shield rating 11 cannot"):
        build_matchup([kestrel(shields=ArcValues(fwd=11, port=2, stbd=2, aft=0))], [example("kestrel-corvette")])
    with pytest.raises(DrydockError, match="shield rating -1 cannot"):
        build_matchup([kestrel(shields=ArcValues(fwd=3, port=2, stbd=2, aft=-1))], [example("kestrel-corvette")])


def test_negative_screens_are_refused() -> None:
    build_matchup([kestrel(screens=0)], [example("kestrel-corvette")])
    with pytest.raises(DrydockError, match=r"-1 screens cannot be played: screens are 0 or more \(B.18\)"):
        build_matchup([kestrel(screens=-1)], [example("kestrel-corvette")])
    with pytest.raises(DrydockError, match=r"-2 screens cannot be played"):
        build_matchup([kestrel(screens=ArcValues(fwd=1, port=0, stbd=0, aft=-2))], [example("kestrel-corvette")])


def test_the_other_reading_refuses_shields_above_the_rulesets_maximum(tmp_path: Path) -> None:
    rules = tmp_path / "refuse.yaml"
    rules.write_text("play:\n  high_shields: {play: refuse}\n", encoding="utf-8")
    ruleset = load_house_rules(str(rules)).base
    assert (highest_shield(ruleset), highest_shield(Ruleset.unity())) == (5, 10)
    settings = BattleSettings(rules=ruleset)
    build_matchup([kestrel(shields=5)], [example("kestrel-corvette")], settings)
    with pytest.raises(DrydockError, match=r"shield rating 6 cannot be played: a battle plays shield ratings 0 to 5 "
                                           r"\(the rules' high_shields reading is refuse"):
        build_matchup([kestrel(shields=6)], [example("kestrel-corvette")], settings)


def test_volley_dice_at_the_limit_and_one_past() -> None:
    big = Battery(name="Big", primary=mode("3-6-9", "1000x4/1/1"), banks=(Bank(arc="FF", mounts=100),))
    one = Battery(name="One", primary=mode("3-6-9", "1x4/1/1"), banks=(Bank(arc="FF", mounts=1),))
    at = ShipSpec(design(hull=10, weapons=[big]))
    assert volley_dice(at) == limits.BATTLE_DICE.value
    check_playable(at, None)
    past = ShipSpec(design(hull=10, weapons=[big, one]))
    with pytest.raises(limits.LimitError, match="dice of one volley"):
        check_playable(past, None)


def test_the_command_fights_shields_6_and_refuses_11_in_one_line(tmp_path: Path) -> None:
    text = KESTREL.read_text(encoding="utf-8")
    for shields in (6, 11):
        (tmp_path / f"k{shields}.yaml").write_text(text.replace("shields: 2", f"shields: {shields}"), encoding="utf-8")
    run = run_cli(["battle", "k6.yaml", str(KESTREL), "--runs", "4", "--no-robustness"], cwd=tmp_path)
    assert run.code == 0, run.stderr
    assert "internal error" not in run.stderr
    run = run_cli(["battle", "k11.yaml", str(KESTREL), "--runs", "4"], cwd=tmp_path)
    assert run.code == 2
    assert run.stderr.strip().splitlines()[-1].startswith(
        "drydock: error: Free Traders KESTREL-class Corvette: shield rating 11 cannot be played")


def test_hull_below_1_and_negative_engines_are_refused_and_the_limits_fight() -> None:
    k = [example("kestrel-corvette")]
    build_matchup([kestrel(hull=1, engines=0)], k)
    with pytest.raises(DrydockError, match=r"hull size 0 cannot be played: a ship has at least one hull box \(1.2\)"):
        build_matchup([kestrel(hull=0)], k)
    with pytest.raises(DrydockError, match=r"engine rating -1 cannot be played: an engine rating is 0 or more"):
        build_matchup([kestrel(engines=-1)], k)

