"""The stopping rule and the doctrine check of the plan game (issue 36), on games of known value.

The battles are replaced by draws of known probabilities (the same for a pairing, seed and run, as battles
are), so that the error rates can be counted over hundreds of games in a second: a mirror (a symmetric game,
value 0) must be called "too close to call" at least 95% of the time however often the interval is looked at;
a clear match-up must be called for its side; a doctrine that turns a match-up must join the game; a mixed
equilibrium must not make the other doctrine look like a flip. ``bench/bench_verdict.py`` measures the same
on real battles."""

from __future__ import annotations

import hashlib
from types import SimpleNamespace

import pytest

from drydock.engine import plan_game as pg
from drydock.engine import plan_verdict as pv
from drydock.engine.plan_cells import Cell
from drydock.formats import read_designs
from drydock.insight.verdict_text import doctrine_line, plans_line, verdict_line
from tests.helpers import ROOT

EX = ROOT / "examples" / "designs"
MAJ, VIG = (read_designs(EX / f"{n}.yaml")[:1] for n in ("majestic", "vigilant-cruiser"))
CYCLE = {"close": 0, "hold": 1, "standoff": 2, "evade": 3}


def fake_battles(monkeypatch: pytest.MonkeyPatch, odds) -> None:  # type: ignore[no-untyped-def]
    """Replace the battles: run i of a pairing is a win for A with probability odds(pairing)[0], for B with
    [1], else a draw, from a hash of the pairing, the seed and i (the same run is the same battle)."""

    def fight(side_a, side_b, jobs_list, settings=None, *, seed, jobs=1, stage="", progress=None):  # type: ignore
        out = []
        for pairing, start, stop in jobs_list:
            pa, pb = odds(pairing)
            c = Cell()
            for i in range(start, stop):
                u = int.from_bytes(hashlib.sha256(f"{pairing}/{seed}/{i}".encode()).digest()[:8], "big") / 2 ** 64
                c.runs += 1
                if u < pa:
                    c.a_wins += 1
                elif u < pa + pb:
                    c.b_wins += 1
                else:
                    c.draws += 1
            out.append(c)
        return out

    monkeypatch.setattr(pg, "fight_cells", fight)
    # every plan flies its own way (four a side under each doctrine), and no ship tables are built
    monkeypatch.setattr(pg, "game_matchup", lambda *a, **k: None)
    monkeypatch.setattr(pg, "distinct_plans", lambda m, side: [(p,) for p in CYCLE])


def mirror(pairing: tuple[str, str, str, str]) -> tuple[float, float]:
    """A symmetric game (value 0) that is not flat: close beats hold beats standoff beats close by 0.3 (a
    rock-paper-scissors of plans, each side's payoff the other's negative), evade draws most battles."""
    _, a, _, b = pairing
    ka, kb = CYCLE[a], CYCLE[b]
    if 3 in (ka, kb) or ka == kb:
        return (0.1, 0.1) if 3 in (ka, kb) else (0.45, 0.45)
    return (0.6, 0.3) if (kb - ka) % 3 == 1 else (0.3, 0.6)


def test_mirrors_are_too_close_to_call_at_least_95_percent(monkeypatch):
    """300 mirrors at RUNS 300 (the race looks at the interval up to six times, then the verdict's battles): a
    side is called in at most 5% of them (the looks' correction keeps it well under)."""
    fake_battles(monkeypatch, mirror)
    calls = [pg.plan_game(MAJ, VIG, runs=300, seed=s).call() for s in range(300)]
    wrong = sum(c in ("A", "B") for c in calls)
    assert wrong <= 15, calls


def test_clear_matchups_are_called_for_their_side(monkeypatch):
    """A side that wins 65% against 25% whatever anyone flies is called for in at least 95% of 100 games, at a
    few rounds' battles, both ways round."""
    fake_battles(monkeypatch, lambda p: (0.65, 0.25))
    games = [pg.plan_game(MAJ, VIG, runs=1000, seed=s) for s in range(100)]
    assert sum(g.call() == "A" for g in games) >= 95
    assert sorted(g.race_battles for g in games)[50] <= 1000  # decided early: half of them within half the cap
    fake_battles(monkeypatch, lambda p: (0.25, 0.65))
    assert sum(pg.plan_game(MAJ, VIG, runs=1000, seed=s).call() == "B" for s in range(100)) >= 95


def test_a_doctrine_that_turns_the_match_up_joins_the_game(monkeypatch):
    """A flip like the issue's (+0.16 aggressive, -0.90 cautious; here +0.40, so that the given doctrines alone
    decide it within RUNS): the cautious plans of B join the game, the verdict is side B's, and the doctrine
    line says the doctrine decides it (the given doctrines alone called it for A)."""
    fake_battles(monkeypatch, lambda p: (0.03, 0.93) if p[2] == "cautious" else (0.65, 0.25))
    g = pg.plan_game(MAJ, VIG, runs=1000, seed=1)
    assert g.base_call == "A" and g.call() == "B"
    assert any(s.doctrine.name == "cautious" for s, q in zip(g.plans_b, g.solution.col, strict=True) if q)
    s = SimpleNamespace(runs=100, a_wins=3, b_wins=93, draws=4, labels_a=["A1 Majestic"], labels_b=["B1 Vigilant"])
    line = doctrine_line(g)
    assert "side B does better cautious" in line and line.endswith("the doctrine decides this match-up")
    assert verdict_line(s, g).startswith("verdict: side B (Vigilant) is heavily favoured")  # type: ignore[arg-type]
    assert "(cautious)" in plans_line(g)


def test_a_mixed_equilibrium_gives_no_false_flip(monkeypatch):
    """A mixed equilibrium (the rock-paper-scissors above, tilted to A by 0.2 in every cell) under either
    doctrine alike: the check fights each cautious plan against B's whole mix, not one pure pairing of it, and
    finds that it does no better: no flip, the verdict stays A's."""

    def tilted(p):  # type: ignore[no-untyped-def]
        a, b = mirror(p)
        return a + 0.1, b - 0.1

    fake_battles(monkeypatch, tilted)
    g = pg.plan_game(MAJ, VIG, runs=1000, seed=3)
    assert sum(1 for q in g.solution.col if q) > 1 or sum(1 for p in g.solution.row if p) > 1  # mixed
    assert g.call() == "A" and g.base_call == "A"
    assert all(st != "better" for r in g.replies.values() for *_, st in r)
    assert "the doctrine decides" not in doctrine_line(g)


@pytest.mark.parametrize("low,high,head", [
    (0.55, 0.8, "side A (Majestic) is heavily favoured"), (0.25, 0.6, "side A (Majestic) is clearly favoured"),
    (0.02, 0.4, "side A (Majestic) is favoured,"), (0.02, 0.15, "side A (Majestic) is slightly favoured"),
    (-0.7, -0.3, "side B (Vigilant) is clearly favoured"),
    (-0.05, 0.08, "too close to call: even within 0.10"), (-0.3, 0.4, "too close to call"),
])
def test_the_verdict_line_follows_the_interval(low, high, head):
    """The words come from the interval alone (its end nearer even for the strength), and the later lines
    never name another side as favoured."""
    cells = [[Cell(100, 40, 30, 30, 100)]]
    agg = pg.DOCTRINES["aggressive"]
    g = pg.PlanGame([pg.Strategy(agg, ("close",))], [pg.Strategy(agg, ("close",))], cells,
                    pg.solve([[cells[0][0].payoff]]), (0, 0), 16, 100, low=low, high=high)
    s = SimpleNamespace(runs=100, a_wins=40, b_wins=30, draws=30, labels_a=["A1 Majestic"], labels_b=["B1 Vigilant"])
    line = verdict_line(s, g)  # type: ignore[arg-type]
    assert line.startswith(f"verdict: {head}") and f"between {low:+.2f} and {high:+.2f}" in line
    for later in (plans_line(g), doctrine_line(g)):
        assert "favoured" not in later


def test_a_reply_never_fought_is_left_out_and_named(monkeypatch):
    """Issue 45: a reply the check has no battles for is not counted as +-1 (the interval of --deployment choose
    was "between -1.00 and +0.95" while its battles went 7/2/91): it is left out of the game and its interval,
    and the plans line names it."""
    fake_battles(monkeypatch, lambda p: (0.45, 0.35))  # close to even: both sides' replies would be checked
    monkeypatch.setattr(pg, "doctrine_budget", lambda runs: 0)  # no battles left for the check
    monkeypatch.setattr(pg, "race_budget", lambda runs, cells: 16 * cells)  # round 1 only
    g = pg.plan_game(MAJ, VIG, runs=200, seed=1)
    assert {s.doctrine.name for side in (0, 1) for s in g.unchecked.get(side, [])} == {"cautious"}
    assert not any(st == "open" for r in g.replies.values() for *_, st in r)
    assert g.low > -1 and g.high < 1  # the game's own interval: no reply counted as every battle won or lost
    assert "flying cautious was not checked" in plans_line(g)
    assert "was not checked (no battles left" in doctrine_line(g)


def test_the_value_is_the_final_matrix_and_ties_are_fought():
    """Issue 45: round 1 a tie (every cell won 16 of 16), the verdict's battles spread over every tied plan; when
    they show one plan worse, the value is the LP value of the final matrix (+1), not the score of the mix the
    race kept (a missile boat printed +0.63 where its final matrix said +1.00)."""
    agg = pg.DOCTRINES["aggressive"]
    cells = [[Cell(16, 16, 0, 0, 16) for _ in range(2)] for _ in range(2)]
    sol = pg.solve([[c.payoff for c in row] for row in cells])
    g = pg.PlanGame([pg.Strategy(agg, ("close",)), pg.Strategy(agg, ("hold",))],
                    [pg.Strategy(agg, ("close",)), pg.Strategy(agg, ("evade",))], cells, sol, (0, 0), 16, 64)
    mix = pv.verdict_mix(g)
    assert all(mix.row) and all(mix.col)  # every tied plan flies in the verdict's battles
    drawn = pv.verdict_draws(g, 100, 1)
    assert {(i, j) for _, i, j, _ in drawn} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    # the verdict's new runs: A's first plan wins 60%, loses 40% of them; its second wins them all
    fought = [(run, i, j, (0 if run % 5 < 3 else 1) if i == 0 else 0) for run, i, j, _ in drawn]
    pv.refine(g, fought)
    assert g.value == 1 and g.solution.row == (0, 1)
    assert g.low <= 1 and g.high == 1 and g.low > 0.5


def test_draws_that_dominate_are_named_first():
    """Issue 45: "side B is favoured" when 73% of the battles were draws said too little: the verdict names the
    draws first, then who wins the rest; an undecided one says "mostly draws" too."""
    cells = [[Cell(100, 5, 22, 73, 100)]]
    agg = pg.DOCTRINES["aggressive"]
    s = SimpleNamespace(runs=100, a_wins=5, b_wins=22, draws=73, labels_a=["A1 Majestic"], labels_b=["B1 Vigilant"])
    for low, high, head in ((-0.3, -0.05, "verdict: mostly draws (73%); when a side wins it is side B (Vigilant), "
                                          "favoured, 95% sure: A wins 5%, draws 73%, B wins 22% of 100 battles"),
                            (-0.3, 0.05, "verdict: too close to call: mostly draws (73%): A wins 5%")):
        g = pg.PlanGame([pg.Strategy(agg, ("close",))], [pg.Strategy(agg, ("close",))], cells,
                        pg.solve([[cells[0][0].payoff]]), (0, 0), 16, 100, low=low, high=high)
        assert verdict_line(s, g).startswith(head)  # type: ignore[arg-type]


def test_a_tournament_header_says_what_was_fought():
    """Issue 45: "200 battles per pairing" where each pairing's verdict fought 100: the header names the verdict's
    battles and the plan games' battles; without plans, RUNS battles a pairing (exactly what was fought)."""
    from drydock.insight.tournament import fought_words
    d = {"runs": 200, "plans": True, "pairings": [{"runs": 100, "battles": 324}, {"runs": 100, "battles": 1060}]}
    assert fought_words(d) == ("100 verdict battles a pairing (324 to 1,060 battles of its plan game; at most 200 a "
                               "pairing of plans)")
    assert fought_words({**d, "plans": False}) == "200 battles per pairing"
