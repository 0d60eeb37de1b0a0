"""Fighting the plan game's cells and its verdict's battles (issues 22 and 36), the same whatever ``--jobs``.

A **pairing** is (A's doctrine, A's plan, B's doctrine, B's plan). Run i of every pairing uses the seed
``run_seed(seed, i)`` (common random numbers), so a cell's runs ``start .. stop - 1`` are the same battles in
one process or many. The **verdict's battles** fly the equilibrium's mix: run i draws A's strategy and B's
from their equilibrium shares with their own hashes of the seed and i (:func:`mix_draw`, exact fractions, not
the battle's dice), then fights run i of that pairing: where the race already fought that run of that cell,
it is the same battle.
"""

from __future__ import annotations

import gc
import hashlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from drydock.core.model import Design
from drydock.engine.battle import BattleResult, Matchup
from drydock.engine.doctrine_kit import DoctrineKit
from drydock.engine.montecarlo import build_matchup, run_seed
from drydock.engine.parallel import worker_pool
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec

Z95 = 1.959963984540054
CHUNK = 25
#: (A's doctrine, A's plan, B's doctrine, B's plan)
Pairing = tuple[str, str, str, str]


@dataclass
class Cell:
    """The battles of one pairing of strategies: ``upto`` runs 0 .. upto - 1 fought in rounds, plus any later
    run the verdict's battles drew for it."""

    runs: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    upto: int = 0
    #: the verdict's runs at or past ``upto`` counted in, with their winner (a later round fights them again)
    extra: dict[int, int | None] = field(default_factory=dict)

    @property
    def payoff(self) -> Fraction:
        return Fraction(self.a_wins - self.b_wins, max(self.runs, 1))

    def variance(self) -> float:
        """The variance of one battle's payoff (win 1, draw 0, loss -1), with one pseudo-battle of each outcome
        added, so that a cell of few battles that all ended alike is not taken as certain."""
        n = self.runs + 3
        pa, pb = (self.a_wins + 1) / n, (self.b_wins + 1) / n
        return pa + pb - (pa - pb) ** 2

    def add(self, other: Cell) -> None:
        """Count ``other``'s battles (other runs of the same pairing) in."""
        self.runs, self.a_wins = self.runs + other.runs, self.a_wins + other.a_wins
        self.b_wins, self.draws = self.b_wins + other.b_wins, self.draws + other.draws

    def count(self, run: int, winner: int | None) -> bool:
        """Count run ``run`` (a verdict's battle) in unless it was fought already; True if it was new."""
        if run < self.upto or run in self.extra:
            return False
        self.extra[run] = winner
        self._tally(winner, 1)
        return True

    def forget(self, start: int, stop: int) -> None:
        """Take out the verdict's runs in ``start .. stop - 1`` (a round is about to count them as its own)."""
        for run in [r for r in self.extra if start <= r < stop]:
            self._tally(self.extra.pop(run), -1)

    def _tally(self, winner: int | None, k: int) -> None:
        self.runs += k
        if winner == 0:
            self.a_wins += k
        elif winner == 1:
            self.b_wins += k
        else:
            self.draws += k

    def interval(self) -> tuple[float, float]:
        """A 95% normal interval for the payoff (a difference of two multinomial shares)."""
        n = max(self.runs, 1)
        pa, pb = self.a_wins / n, self.b_wins / n
        half = Z95 * math.sqrt(max(0.0, pa + pb - (pa - pb) ** 2) / n)
        return pa - pb - half, pa - pb + half

    def to_dict(self) -> dict[str, Any]:
        return {"runs": self.runs, "a_wins": self.a_wins, "b_wins": self.b_wins, "draws": self.draws,
                "payoff": round(float(self.payoff), 4)}


# ------------------------------------------------------------------ workers: one process's match-ups
class _Fights:
    """One process's match-ups of a plan game: the sides and settings, and each pairing's Matchup once built. The
    pairings differ in their doctrines and plans only, so they share the designs' ShipSpecs and the doctrine's
    tables of them (``specs``, ``kit``: :func:`~drydock.engine.montecarlo.build_matchup`)."""

    def __init__(self, side_a: list[Design], side_b: list[Design], settings: BattleSettings,
                 like: _Fights | None = None) -> None:
        self.sides, self.settings = (side_a, side_b), settings
        self.matchups: dict[tuple[Pairing, bool], Matchup] = {}
        #: the ShipSpecs by id(design) and the doctrine's kit, shared with ``like`` (the same sides and rules)
        self.specs: dict[int, ShipSpec] = like.specs if like is not None else {}
        self.kit: DoctrineKit | None = like.kit if like is not None else None

    def build(self, settings: BattleSettings) -> Matchup:
        """A Matchup of the sides under ``settings`` (these settings with other doctrines, plans or records)."""
        m = build_matchup(*self.sides, settings, specs=self.specs, kit=self.kit)
        self.kit = m.doctrine.kit
        return m

    def matchup(self, pairing: Pairing, record: bool = False) -> Matchup:
        """The pairing's Matchup: the settings with its doctrines and plans (``record``: results carry stats)."""
        key = (pairing, record)
        m = self.matchups.get(key)
        if m is None:
            da, pa, db, pb = pairing
            m = self.matchups[key] = self.build(replace(self.settings, doctrine=(da, db), plan=(pa, pb),
                                                        record=record))
        return m

    def shares(self, side_a: list[Design], side_b: list[Design], settings: BattleSettings) -> bool:
        """Whether match-ups of these sides (the same lists) under ``settings`` have this one's ShipSpecs: the
        same rules in force (the settings may differ in everything else)."""
        return (self.sides[0] is side_a and self.sides[1] is side_b and self.settings.rules is settings.rules
                and self.settings.ship_rules == settings.ship_rules)


#: the worker process's match-ups (set by :func:`_init_game`)
_GAME: list[_Fights] = []
#: this process's match-ups of the game fought last (a round, the check, the verdict), kept for the next call
#: (issue 45: a Matchup's doctrine tables took a fifth of a one-process verdict when each round built them again)
_LOCAL: list[_Fights] = []
LOCAL_KEEP = 2


def _local(side_a: list[Design], side_b: list[Design], settings: BattleSettings) -> _Fights:
    """The match-ups of these sides (the same lists) under these settings, built once a game in this process (with
    the ShipSpecs and doctrine tables of the game's other settings: the verdict's recorded battles, the plans'
    menu)."""
    for f in _LOCAL:
        if f.sides[0] is side_a and f.sides[1] is side_b and f.settings == settings:
            return f
    f = _Fights(side_a, side_b, settings, next((f for f in _LOCAL if f.shares(side_a, side_b, settings)), None))
    _LOCAL[:] = [f, *_LOCAL][:LOCAL_KEEP]
    return f


def game_matchup(side_a: list[Design], side_b: list[Design], settings: BattleSettings) -> Matchup:
    """A Matchup of these sides under ``settings`` that shares this process's plan game of them (its ShipSpecs and
    doctrine tables): the plan menu's match-ups, the verdict's labels."""
    f = next((f for f in _LOCAL if f.shares(side_a, side_b, settings)), None) or _local(side_a, side_b, settings)
    return f.build(settings)


def _init_game(side_a: list[Design], side_b: list[Design], settings: BattleSettings) -> None:
    _GAME[:] = [_Fights(side_a, side_b, settings)]


def _run_cell(args: tuple[Pairing, int, int, int], game: _Fights | None = None) -> tuple[int, int, int]:
    """Runs start..stop of one pairing: (A wins, B wins, draws)."""
    game = _GAME[0] if game is None else game
    pairing, master, start, stop = args
    m = game.matchup(pairing)
    out = [0, 0, 0]
    enabled = gc.isenabled()
    gc.disable()  # as montecarlo's chunks: battles are freed by reference counting
    try:
        for i in range(start, stop):
            w = m.fight(random.Random(run_seed(master, i))).winner
            out[2 if w is None else w] += 1
    finally:
        if enabled:
            gc.enable()
    return out[0], out[1], out[2]


def _run_verdict(args: tuple[list[tuple[int, Pairing]], int, bool], game: _Fights | None = None
                 ) -> list[BattleResult]:
    """The verdict's runs, each with its pairing."""
    game = _GAME[0] if game is None else game
    todo, master, record = args
    return [game.matchup(pairing, record).fight(random.Random(run_seed(master, i))) for i, pairing in todo]


def _tasks_run(tasks: list[Any], fn: Callable[..., Any], side_a: list[Design], side_b: list[Design],
               settings: BattleSettings, jobs: int, tick: Callable[[Any], None]) -> list[Any]:
    """``fn`` over ``tasks`` in this process or ``jobs`` workers, results in task order, ``tick`` after each."""
    results = []
    if jobs <= 1 or len(tasks) <= 1:
        game = _local(side_a, side_b, settings)
        for t in tasks:
            results.append(fn(t, game))
            tick(t)
        return results
    with worker_pool(jobs, _init_game, (side_a, side_b, settings)) as pool:
        for t, r in zip(tasks, pool.imap(fn, tasks), strict=True):
            results.append(r)
            tick(t)
    return results


def fight_cells(side_a: list[Design], side_b: list[Design], jobs_list: list[tuple[Pairing, int, int]],
                settings: BattleSettings | None = None, *, seed: int, jobs: int = 1, stage: str = "",
                progress: Callable[[str, int, int], None] | None = None) -> list[Cell]:
    """The battles of runs ``start .. stop - 1`` of each ``(pairing, start, stop)``, one :class:`Cell` each, under
    ``settings`` (None: the core game) with each pairing's doctrines and plans. ``progress(stage, done, total)``
    after each chunk."""
    settings = settings or BattleSettings()
    tasks = [(k, (p, seed, i, min(i + CHUNK, stop))) for k, (p, start, stop) in enumerate(jobs_list)
             for i in range(start, stop, CHUNK)]
    total = sum(stop - start for _, start, stop in jobs_list)
    done = [0]

    def tick(t: Any) -> None:
        done[0] += t[3] - t[2]
        if progress:
            progress(stage, done[0], total)

    if progress:
        progress(stage, 0, total)
    results = _tasks_run([t for _, t in tasks], _run_cell, side_a, side_b, settings, jobs, tick)
    cells = [Cell() for _ in jobs_list]
    for (k, (_, _, start, stop)), (a, b, d) in zip(tasks, results, strict=True):
        c = cells[k]
        c.runs += stop - start
        c.a_wins, c.b_wins, c.draws = c.a_wins + a, c.b_wins + b, c.draws + d
    return cells


def mix_draw(seed: int, run: int, side: str, mix: tuple[Fraction, ...]) -> int:
    """The strategy ``side`` ("a" or "b") flies in the verdict's run ``run``: drawn from ``mix`` with a uniform
    fraction from SHA-256 of "seed/mix-side/run" (not the battle's dice, which stay run_seed(seed, run)'s)."""
    u = Fraction(int.from_bytes(hashlib.sha256(f"{seed}/mix-{side}/{run}".encode()).digest()[:8], "big"), 2 ** 64)
    acc = Fraction(0)
    last = 0
    for k, p in enumerate(mix):
        if p:
            acc += p
            last = k
            if u < acc:
                return k
    return last


def fight_verdict(side_a: list[Design], side_b: list[Design], draws: list[tuple[int, Pairing]],
                  settings: BattleSettings | None = None, *, seed: int, jobs: int = 1,
                  progress: Callable[[str, int, int], None] | None = None) -> list[BattleResult]:
    """The verdict's battles: run i of its drawn pairing for each ``(i, pairing)``, in run order, under ``settings``
    (None: the core game; recorded with ``settings.record``)."""
    settings = settings or BattleSettings()
    tasks = [(draws[k:k + CHUNK], seed, settings.record) for k in range(0, len(draws), CHUNK)]
    done = [0]

    def tick(t: Any) -> None:
        done[0] += len(t[0])
        if progress:
            progress("fighting the verdict", done[0], len(draws))

    if progress:
        progress("fighting the verdict", 0, len(draws))
    out: list[BattleResult] = []
    for chunk in _tasks_run(tasks, _run_verdict, side_a, side_b, settings, jobs, tick):
        out += chunk
    return out
