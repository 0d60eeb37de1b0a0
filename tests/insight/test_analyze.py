"""``drydock analyze``: exact expected damage against the rules' probabilities (4.2-4.4, B.18, C.5)."""

import random
from fractions import Fraction

import pytest

from drydock.engine.combat import fire_volley
from drydock.engine.ship_rules import UNITY
from drydock.engine.ships import ShipSpec, ShipState
from drydock.formats.native import from_yaml
from drydock.insight.analyze import REFERENCE_WEAPONS, analyse, hits_to_destroy, screen_need, volley


def design(stats: str, traits: str = "", banks: str = "[2AB]", rng: str = "3-6-9", extra: str = "") -> object:
    text = f"""
faction: Test
class: Probe
type: Test
hull: 6
engines: 2
shields: 0
{extra}
weapons:
  - name: Gun
    range: {rng}
    stats: {stats}
    traits: [{traits}]
    banks: {banks}
"""
    return from_yaml(text)[0]


def test_plain_weapon_by_band_and_shield():
    a = analyse(design("1x4+/1/1"), screens=1)
    assert a.longest == 9 and sorted(a.total) == list(range(1, 10))
    # short +1: a 4+ weapon hits on 3-6 (4/6); medium 4-6 (1/2); long -1: 5-6 (1/3); two mounts
    for r, p_hit in ((1, Fraction(2, 3)), (3, Fraction(2, 3)), (4, Fraction(1, 2)), (6, Fraction(1, 2)),
                     (7, Fraction(1, 3)), (9, Fraction(1, 3))):
        assert a.total[r][0] == 2 * p_hit
        # impact vs shield s: a natural 1 fails, else die > s (4.3): (6 - s) / 6 for s = 1..5
        for s in range(1, 6):
            assert a.total[r][s] == 2 * p_hit * Fraction(6 - s, 6)
    # one screen absorbs the first damage point of the turn (B.18): E[max(0, H - 1)], H ~ Bin(2, 1/2)
    assert a.screened[5][0] == Fraction(1, 4)
    assert analyse(design("1x4+/1/1"), screens=2).screened[5][0] == 0


def test_piercing_cutting_and_repeating():
    # Pr1 against shields 5: die + 1 > 5 on 5-6 (a natural 1 still fails)
    a = analyse(design("1x4+/1/1", "Pr1", banks="[A]"), screens=0)
    assert a.total[5][5] == Fraction(1, 2) * Fraction(2, 6)
    # Cts: a hull result of 1-3 marks that many hull boxes: expected marks per die 6/6 + 3/6 = 3/2
    a = analyse(design("1x4+/1/1", "Cts", banks="[A]"), screens=0)
    assert a.total[5][0] == Fraction(1, 2) * Fraction(3, 2)
    # Rpt: a die that hits rolls again, 5-6 one more hit, then 6 another: E extra = 1/3 + 1/3 * 1/6
    a = analyse(design("1x4+/1/1", "Rpt", banks="[A]"), screens=0)
    assert a.total[5][0] == Fraction(1, 2) * (1 + Fraction(1, 3) + Fraction(1, 18))


def test_screen_checks_by_trait():
    from drydock.engine.ships import ModeSpec

    plain = design("1x4+/1/1").weapons[0]
    assert plain.modes[0].traits == ()
    assert screen_need(ModeSpec(plain.modes[0])) == (0, 1)  # the need law of a plain point is one screen
    knt = ModeSpec(design("1x4+/1/1", "Knt").weapons[0].modes[0])
    assert screen_need(knt) == (0, 0, 1)
    cts = ModeSpec(design("1x4+/1/1", "Cts").weapons[0].modes[0])
    assert screen_need(cts) == (0, Fraction(1, 2), Fraction(1, 2))


@pytest.mark.parametrize("stats,traits", [("2x4+/1/1", "Cts"), ("1x3+/2/1", "Rpt"), ("2x5+/1/2", "Inc")])
def test_screened_expectation_matches_the_engine(stats, traits):
    """The exact screened figure against 20,000 seeded volleys of the engine's own fire_volley."""
    att = design(stats, traits, banks="[2A]")
    tgt = design("1x4+/1/1", extra="screens: 2").model_copy(update={"shields": 2})
    a = analyse(att, screens=2)
    exact = a.screened[5][2]
    aspec, tspec = ShipSpec(att), ShipSpec(tgt)
    shooter = ShipState(aspec, 0, 0, "A", UNITY)
    bank = aspec.banks[0]
    rng = random.Random(7)
    n, total = 20_000, 0
    for _ in range(n):
        target = ShipState(tspec, 1, 1, "B", UNITY)
        target.q, target.r = 4, 0
        total += fire_volley(rng, shooter, target, bank.modes[0], bank.mounts, bank.size, 1)
    assert abs(total / n - float(exact)) < 0.04 * max(1.0, float(exact))


def test_endurance_matches_the_design_note():
    # construction.md 5: for IMP 1 / DMG 1 hits, 12 H / (6 - S) hits destroy the ship (no screens)
    d = design("1x4+/1/1").model_copy(update={"shields": 3})
    assert hits_to_destroy(ShipSpec(d), REFERENCE_WEAPONS[0]) == Fraction(12 * 6, 3)


def test_arcs_and_breakdown():
    a = analyse(design("1x4+/1/1", banks="[2G]"))
    # G covers bearings 330-30: sectors 11 and 0 only
    assert a.arcs[0] > 0 and a.arcs[11] > 0 and all(v == 0 for v in a.arcs[1:11])
    parts = dict((n, v) for n, v, _ in a.su)
    assert parts["Gun"] > 0 and "engines" in parts and a.cr["combat_rating"] > 0


def test_analysis_limits_refuse_before_work_and_volleys_are_computed_once(tmp_path):
    """Found by the CLI fuzz: a bank of 1,000 mounts at ROF 1,000 ran for minutes, and range 1000-1000-1000 for
    12 s. Each volley is now computed once per bank, mode, band and shield, and the dice are limited first.
    (The time it takes is measured by bench/bench_worst_case.py, not asserted here.)"""
    from click.testing import CliRunner

    from drydock.cli.main import cli
    from drydock.formats.native import to_yaml
    from drydock.limits import LimitError
    from tests.helpers import battery, design, mode

    far = design(hull=30, engines=2, weapons=[battery("Far", mode("1000-1000-1000", "1x5/1/1"), "1000A")])
    a = analyse(far)
    spec = ShipSpec(far)
    bank = spec.banks[0]
    m = bank.modes[0]
    for rng in (1, 333, 334, 667, 1000):  # the cached volleys are the ones computed afresh, band by band
        for shield in (0, 3, 5):
            fresh = volley(m, bank.mounts, bank.size, m.band(rng), shield, spec.fc, a.screens)
            assert a.total[rng][shield] == fresh.marks, (rng, shield)
    # 4.2: short range is +1 to hit, so ACC 5+ hits on 4+ (1/2); unshielded, each hit of IMP 1 DMG 1 marks a box
    assert a.longest == 1000 and a.total[1][0] == 1000 * Fraction(1, 2)
    huge = design(hull=30, engines=2, weapons=[battery("Huge", mode("3-6-9", "1000x5/1/1"), "1000A")])
    with pytest.raises(LimitError, match=r"dice of its volleys .* \(1000000\) is past drydock's limit of 100,000"):
        analyse(huge)
    path = tmp_path / "huge.yaml"
    path.write_text(to_yaml(huge), encoding="utf-8")
    out = CliRunner().invoke(cli, ["analyze", str(path)])
    assert out.exit_code == 2 and "limit of 100,000 (analysis dice" in out.output and "Traceback" not in out.output
