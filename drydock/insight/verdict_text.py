"""The verdict of ``drydock battle`` in a player's words (issue 36), and the lines that explain it.

One verdict first (:func:`verdict_line`): who is favoured and how strongly, "95% sure" backed by the interval of
the game's value (:attr:`~drydock.engine.plan_game.PlanGame.low` .. ``high``), the wins, draws and losses of the
battles behind it; or "too close to call" (and "it depends on how you fly it" when the pairings of the best
plans go both ways, or "on the doctrine" when the doctrine turned it). Every later line explains it with the
same numbers: the plans (:func:`plans_line`), the matrix (:func:`format_game`), the doctrine
(:func:`doctrine_line`). The words are defined in docs/verdicts.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.engine.deployment import STRATEGY_SEP
from drydock.engine.montecarlo import Summary, verdict, wilson
from drydock.engine.plan_game import DRAWISH, EVEN, PlanGame, Strategy

#: a side is "heavily favoured" when the interval's end nearer even is at least this far from it, "clearly
#: favoured" at :data:`CLEAR`, "slightly favoured" when even its far end is nearer even than that, else
#: "favoured" (A wins - B wins per battle): the words never claim more, or less, than the interval
HEAVY, CLEAR = 0.5, 0.2
#: the verdict's battles at least this share draws: the verdict says "mostly draws" before who wins the rest
MOSTLY = Fraction(1, 2)


def _signed(x: float | Fraction) -> str:
    return f"{float(x):+.2f}"


def _pct(k: int, n: int) -> str:
    return f"{100 * k / max(n, 1):.0f}%"


def _rates(s: Summary) -> str:
    return (f"A wins {_pct(s.a_wins, s.runs)}, draws {_pct(s.draws, s.runs)}, B wins {_pct(s.b_wins, s.runs)} "
            f"of {s.runs} battles")


def _two_ways(g: PlanGame) -> bool:
    """Some pairing of the best plans is clearly A's and another clearly B's (95% intervals of their cells)."""
    cells = [g.cells[i][j] for i, p in enumerate(g.solution.row) if p for j, q in enumerate(g.solution.col) if q]
    return any(c.interval()[0] > 0 for c in cells) and any(c.interval()[1] < 0 for c in cells)


def _doctrine_turned(g: PlanGame) -> bool:
    """A reply under another doctrine joined the game and the given doctrines alone called it otherwise."""
    joined = any(s.doctrine != g.given[0] for s in g.plans_a) or any(s.doctrine != g.given[1] for s in g.plans_b)
    return joined and g.base_call != g.call()


def side_name(s: Summary, side: int) -> str:
    """``side B (Vigilant)``: the side and its first ship's design."""
    labels = (s.labels_a, s.labels_b)[side]
    names = list(dict.fromkeys(lab.split(" ", 1)[-1] for lab in labels))
    return f"side {'AB'[side]} ({', '.join(names[:2])}{', ...' if len(names) > 2 else ''})"


def verdict_line(s: Summary, g: PlanGame) -> str:
    """The one verdict: its words follow the value's interval only; the battles behind it back it."""
    call = g.call()
    value = (f"A's wins minus losses per battle {_signed(g.value)}, 95% sure between {_signed(g.low)} and "
             f"{_signed(g.high)}")
    if call in ("A", "B"):
        near, far = (g.low, g.high) if call == "A" else (-g.high, -g.low)
        strength = ("heavily favoured" if near >= HEAVY else "clearly favoured" if near >= CLEAR
                    else "slightly favoured" if far < CLEAR else "favoured")
        who = side_name(s, 'AB'.index(call))
        if Fraction(s.draws, max(s.runs, 1)) >= MOSTLY:  # the draws dominate: say so before who wins the rest
            return (f"verdict: mostly draws ({_pct(s.draws, s.runs)}); when a side wins it is {who}, {strength}, "
                    f"95% sure: {_rates(s)}; {value}")
        return f"verdict: {who} is {strength}, 95% sure: {_rates(s)}; {value}"
    if Fraction(s.draws, max(s.runs, 1)) >= DRAWISH:
        return f"verdict: no decision: {_pct(s.draws, s.runs)} draws; {_holder(s, g)}: {_rates(s)}; {value}"
    if _doctrine_turned(g):
        head = "too close to call: it depends on the doctrine each side flies"
    elif _two_ways(g):
        head = "too close to call: it depends on how you fly it"
    elif call == "even":
        head = f"too close to call: even within {float(EVEN):.2f}"
    else:
        head = "too close to call"
    if Fraction(s.draws, max(s.runs, 1)) >= MOSTLY:
        head += f": mostly draws ({_pct(s.draws, s.runs)})"
    return f"verdict: {head}: {_rates(s)}; {value}"


def _holder(s: Summary, g: PlanGame) -> str:
    who = [k for k in (0, 1) if "evade" in (g.plans_a, g.plans_b)[k][g.chosen[k]].plans]
    if len(who) != 1:
        return "neither side forces a decision"
    side = who[0]
    return f"{side_name(s, side)} can hold a draw by keeping away"


def mix_words(names: list[str], shares: tuple[Fraction, ...]) -> str:
    parts = [(n, p) for n, p in zip(names, shares, strict=True) if p]
    if len(parts) == 1:
        return parts[0][0]
    return " or ".join(f"{n} {100 * float(p):.0f}%" for n, p in parts)


def plans_line(g: PlanGame) -> str:
    """How the verdict was reached, in words."""
    stopped = ("exactly as many battles as asked (--exact-runs)" if g.exact else
               "stopped at the battles --runs allows" if g.stopped != "decided" else
               "stopped when the verdict was decided" if g.call() != "open" else
               "the race stopped when its interval decided it, the verdict's battles widened it again")
    left = "".join(f"; side {'AB'[side]} {_other(g, side, ss)} was not checked"
                   for side, ss in sorted(g.unchecked.items()))
    return (f"plans: the best plans fly A {mix_words(g.names_a(), g.solution.row)}, "
            f"B {mix_words(g.names_b(), g.solution.col)}; "
            f"{len(g.plans_a)}x{len(g.plans_b)} plans tried in {g.rounds} round{'s' * (g.rounds > 1)}, "
            f"{g.battles} battles in all ({stopped}){left}")


def _set_up(s: Strategy) -> str:
    return s.plans[0].partition(STRATEGY_SEP)[2]


def _other(g: PlanGame, side: int, strategies: list[Strategy]) -> str:
    """``flying cautious``, ``from another set-up``, or both joined with "or"."""
    given = g.given[side]
    home = _set_up((g.plans_a, g.plans_b)[side][0])
    doctrines = sorted({s.doctrine.name for s in strategies if s.doctrine != given})
    parts = ([f"flying {'/'.join(doctrines)}"] if doctrines else []) + \
        (["from another set-up"] if any(_set_up(s) != home for s in strategies) else [])
    return " or ".join(parts) or f"flying {given.name}"


def doctrine_line(g: PlanGame) -> str:
    """What the check of the replies (the other doctrine, the other set-ups) tried and what it found."""
    a, b = g.given
    flown = f"both sides {a.name}" if a == b else f"side A {a.name}, side B {b.name}"
    parts = []
    for side in (0, 1):
        replies = g.replies.get(side, [])
        home = _set_up((g.plans_a, g.plans_b)[side][0])
        joined = [s for s in (g.plans_a, g.plans_b)[side] if s.doctrine != g.given[side] or _set_up(s) != home]
        if not replies and not joined:
            continue
        opened = [r for r in replies if r[4] == "open"]
        name = "AB"[side]
        if joined:
            shares = (g.solution.row, g.solution.col)[side]
            used = [s for s, p in zip((g.plans_a, g.plans_b)[side], shares, strict=True) if p and s in joined]
            better = _other(g, side, joined).removeprefix("flying ")
            parts.append(f"side {name} does better {better} with some plans: they joined its plans"
                         + (f" and the best plans fly them ({', '.join(s.name(g.given[side]) for s in used)})"
                            if used else ", but the best plans do not fly them"))
        elif opened:
            parts.append(f"side {name} {_other(g, side, [r[0] for r in opened])} is not settled within the "
                         "check's battles (counted in the interval as measured)")
        else:
            best = (max if side == 0 else min)(replies, key=lambda r: r[1])
            parts.append(f"side {name} {_other(g, side, [r[0] for r in replies])} does no better against the other "
                         f"side's best plans (its best: {best[0].name(g.given[side])}, {_signed(best[1])} for A)")
    for side, left in sorted(g.unchecked.items()):
        parts.append(f"side {'AB'[side]} {_other(g, side, left)} was not checked (no battles left: "
                     "not in the game, nor in its interval)")
    what = "the other doctrine" + (" or set-up" if any(_set_up(s) for s in g.plans_a) else "")
    if not parts:
        return f"doctrine: {flown}"
    text = f"doctrine: {flown}; each side may fly {what} with any plan: " + "; ".join(parts)
    if _doctrine_turned(g):
        was = {"A": "side A favoured", "B": "side B favoured"}.get(g.base_call, "too close to call")
        text += f"; with the given doctrines alone it was {was}: the doctrine decides this match-up"
    return text


def format_game(g: PlanGame) -> str:
    """The matrix as text: each cell A wins / draws / B wins of its battles, rows A's plans, columns B's, with
    how often the best plans fly each."""
    heads = [n + ("" if j in g.live_b else "*") for j, n in enumerate(g.names_b())]
    width = max(15, *(len(h) + 1 for h in heads), *(len(_counts(c)) + 1 for row in g.cells for c in row))
    names = g.names_a()
    rows_w = max(14, *(len(n) + 8 for n in names))
    lines = ["plan matrix: each cell is A wins / draws / B wins of the battles fought with that pair of plans "
             "(rows: A's plans, columns: B's); % = how often the best plans fly it; * = dropped early, clearly "
             "worse",
             " " * rows_w + "".join(f"{h:>{width}}" for h in heads),
             " " * rows_w + "".join(f"{f'{100 * float(q):.0f}%':>{width}}" for q in g.solution.col)]
    for i, (name, p, row) in enumerate(zip(names, g.solution.row, g.cells, strict=True)):
        label = f"{name}{'' if i in g.live_a else '*'} {100 * float(p):.0f}%"
        lines.append(f"{label:<{rows_w}}" + "".join(f"{_counts(c):>{width}}" for c in row))
    return "\n".join(lines)


def _counts(c: Any) -> str:
    return f"{c.a_wins}/{c.draws}/{c.b_wins}" if c.runs else "-"


def game_dict(g: PlanGame) -> dict[str, Any]:
    """The JSON ``plan_game`` object."""
    s = g.solution
    return {
        "method": "exact linear programming (Fractions): the mixed equilibrium of the zero-sum game of "
                  "doctrine and plan, fought until its value's interval decided the verdict",
        "payoff": "(A wins - B wins) / battles",
        "plans_a": g.names_a(), "plans_b": g.names_b(),
        "race": {"first_runs": g.first, "rounds": g.rounds, "exact": g.exact,
                 "left_a": [g.names_a()[i] for i in g.live_a], "left_b": [g.names_b()[j] for j in g.live_b]},
        "battles": g.battles,
        "cells": [[c.to_dict() for c in row] for row in g.cells],
        "value": round(float(s.value), 4),
        "value_exact": str(s.value),
        "value_interval": {"low": round(g.low, 4), "high": round(g.high, 4), "z": round(g.z, 4)},
        "call": g.call(),
        "strategy_a": [round(float(p), 4) for p in s.row],
        "strategy_b": [round(float(q), 4) for q in s.col],
        "chosen": {"a": g.names_a()[g.chosen[0]], "b": g.names_b()[g.chosen[1]]},
        "doctrine_check": {"given": [g.given[0].name, g.given[1].name], "before": g.base_call,
                           "replies": [{"side": "AB"[side], "plans": s2.name(g.given[side]),
                                        "payoff": round(float(v), 4), "low": round(lo, 4), "high": round(hi, 4),
                                        "status": st}
                                       for side in (0, 1) for s2, v, lo, hi, st in g.replies.get(side, [])],
                           "unchecked": [{"side": "AB"[side], "plans": s2.name(g.given[side])}
                                         for side, left in sorted(g.unchecked.items()) for s2 in left]},
        "line": plans_line(g),
    }


def plain_verdict(s: Summary) -> str:
    """The verdict of one pairing fought (``--plan``, ``--no-robustness``): its wins, draws and losses, Wilson 95%."""
    n = max(s.runs, 1)

    def part(label: str, k: int) -> str:
        lo, hi = wilson(k, s.runs)
        return f"{label} {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"

    rates = ", ".join((part("A wins", s.a_wins), part("draws", s.draws), part("B wins", s.b_wins)))
    if Fraction(s.draws, n) >= DRAWISH:
        return f"verdict: no decision: {100 * s.draws / n:.0f}% draws; neither side forces a decision ({rates})"
    v = verdict(s)
    head = "too close to call" if v == "even" else f"side {v} favoured"
    return f"verdict: {head} as flown (one pairing of plans, not the plan game: {rates})"
