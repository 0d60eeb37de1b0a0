"""Many battles of one matchup: per-run seeds derived from the master seed, so results are identical
whatever the number of worker processes; Wilson 95% intervals for the win/draw/loss rates."""

from __future__ import annotations

import gc
import hashlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from drydock import limits
from drydock.core.fielding import rules_in_force
from drydock.core.marked import Marked
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.validation import validate
from drydock.engine.ai import DEFAULT_DOCTRINE, DOCTRINES, doctrine_label, doctrine_pair
from drydock.engine.battle import NO_VP_TARGET, BattleResult, Matchup
from drydock.engine.companion_play import extended_board
from drydock.engine.deployment import deployment_in_force, split_plan
from drydock.engine.doctrine_kit import DoctrineKit
from drydock.engine.legacy_rules import ship_spec
from drydock.engine.parallel import worker_pool
from drydock.engine.plans import plan_label
from drydock.engine.playable import check_playable
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec, with_trait_codes
from drydock.errors import DrydockError, inline
from drydock.formats import read_designs

Z95 = 1.959963984540054
CHUNK = 50


def run_seed(master: int, index: int) -> int:
    """The seed of run ``index``: SHA-256 of "master/index" (stable across processes and platforms)."""
    return int.from_bytes(hashlib.sha256(f"{master}/{index}".encode()).digest()[:8], "big")


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Summary:
    runs: int
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    turns: int = 0
    vp_a: int = 0
    vp_b: int = 0
    survived_a: list[int] = field(default_factory=list)
    survived_b: list[int] = field(default_factory=list)
    labels_a: list[str] = field(default_factory=list)
    labels_b: list[str] = field(default_factory=list)
    not_simulated: list[str] = field(default_factory=list)
    vp_target: int = 0
    #: the doctrines, as :func:`~drydock.engine.ai.doctrine_label` names them
    doctrine: str = DEFAULT_DOCTRINE
    #: the plans flown (:func:`~drydock.engine.plans.plan_label`), None: the doctrine's own range
    plan: str | None = None
    #: ships of each side that left the board (3.3), summed over all runs
    exits_a: int = 0
    exits_b: int = 0
    avoidable_exits: int = 0
    #: the optional rules, scenario and terrain in force ("E.1 Damage Control"), and the house rules' label
    in_force: list[str] = field(default_factory=list)
    house_rules: str | None = None

    def add(self, r: BattleResult) -> None:
        if r.winner == 0:
            self.a_wins += 1
        elif r.winner == 1:
            self.b_wins += 1
        else:
            self.draws += 1
        self.turns += r.turns
        self.vp_a += r.vp[0]
        self.vp_b += r.vp[1]
        self.exits_a += r.exits[0]
        self.exits_b += r.exits[1]
        self.avoidable_exits += r.avoidable_exits
        for i, s in enumerate(r.survived[0]):
            self.survived_a[i] += s
        for i, s in enumerate(r.survived[1]):
            self.survived_b[i] += s

    def to_dict(self) -> dict[str, Any]:
        n = max(self.runs, 1)

        def rate(k: int) -> dict[str, float | list[float]]:
            lo, hi = wilson(k, self.runs)
            return {"rate": k / n, "ci95": [lo, hi]}

        return {
            "runs": self.runs,
            "doctrine": self.doctrine,
            "plan": self.plan,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "a_win": rate(self.a_wins),
            "b_win": rate(self.b_wins),
            "draw": rate(self.draws),
            "mean_turns": self.turns / n,
            "mean_vp_a": self.vp_a / n,
            "mean_vp_b": self.vp_b / n,
            "vp_target": self.vp_target,
            "exits": {"a": self.exits_a, "b": self.exits_b, "avoidable": self.avoidable_exits,
                      "per_100_ships": 100 * (self.exits_a + self.exits_b)
                      / max(1, self.runs * (len(self.labels_a) + len(self.labels_b)))},
            "survival": {
                "a": [{"ship": lab, "rate": s / n} for lab, s in zip(self.labels_a, self.survived_a, strict=True)],
                "b": [{"ship": lab, "rate": s / n} for lab, s in zip(self.labels_b, self.survived_b, strict=True)],
            },
            "not_simulated": self.not_simulated,
            "in_force": self.in_force,
            "rules": self.house_rules or "Unity v2.0",
        }


# ------------------------------------------------------------------ workers
_WORKER: dict[str, Matchup] = {}


def _init_worker(side_a: list[Design], side_b: list[Design], settings: BattleSettings) -> None:
    _WORKER["m"] = build_matchup(side_a, side_b, settings)


def _run_chunk(args: tuple[int, int, int]) -> list[BattleResult]:
    master, start, stop = args
    m = _WORKER["m"]
    # no cycle collection during the chunk (issue 22 speed): battles are freed by reference counting, and each full
    # collection scans the matchup's growing memos (about 6% of the time); the collector runs between chunks
    enabled = gc.isenabled()
    gc.disable()
    try:
        return [m.fight(random.Random(run_seed(master, i))) for i in range(start, stop)]
    finally:
        if enabled:
            gc.enable()


def build_matchup(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *,
                  damage: tuple[Sequence[Marked | None], Sequence[Marked | None]] | None = None,
                  specs: dict[int, ShipSpec] | None = None, kit: DoctrineKit | None = None) -> Matchup:
    """Ship tables for both sides (one :class:`ShipSpec` per distinct design), each ship under the rules in force
    for it (``settings.rules``, its own in ``settings.ship_rules``); ``damage``: see :class:`Matchup`.

    Match-ups of the same designs under the same rules (the plan game's pairings, which differ in their doctrines
    and plans only) may share ``specs``, the ShipSpecs by ``id(design)`` (filled in here; the caller holds the
    designs), and ``kit``, the doctrine's tables of those specs (:class:`~drydock.engine.doctrine_kit.DoctrineKit`:
    used where it fits, see ``matchup.doctrine.kit``)."""
    settings = settings or BattleSettings()
    cache: dict[int, ShipSpec] = {} if specs is None else specs
    settings = split_plan(settings)  # plan game strategies plan@deployment
    rules = settings.rules  # house rules (--rules): the ships and the play tables under them
    ship_rules = settings.ship_rules  # a fleet's own rules, faction entries: those ships under them
    if settings.options:  # B1 extended game board (--rules companion --option CC.B1), held to the board limit
        board = extended_board(settings.board, settings.options, (rules or Ruleset.unity()).play)
        limits.check("the board's columns once extended (CC.B1)", board[0], limits.BOARD)
        settings = replace(settings, board=board)

    def spec(d: Design) -> ShipSpec:
        if id(d) not in cache:
            # Admiralty cards and Nova records with their rules (X.1, X.2); the CR of the rules in force
            ruleset = rules_in_force(d, rules, ship_rules)
            cache[id(d)] = ship_spec(d, ruleset)
            check_playable(cache[id(d)], ruleset)  # numbers the play rules cannot read: refused before turn 1
        return cache[id(d)]

    # the command's limits for programs too: ships per side, and each side fits its half of the board (2.3)
    limits.check_battle(runs=1, jobs=1, turns=settings.turns, board=settings.board, ships=(len(side_a), len(side_b)))
    m = Matchup([spec(d) for d in side_a], [spec(d) for d in side_b], settings, damage=damage, kit=kit)
    if settings.vp_target is not None:  # the settings' own VP target (0: none, fought to the end: T.1(5))
        m.vp_target = settings.vp_target or NO_VP_TARGET
    return m


def simulate(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *, runs: int,
             seed: int, jobs: int = 1, progress: Callable[[int], None] | None = None,
             on_result: Callable[[BattleResult], None] | None = None) -> Summary:
    """Fight ``runs`` battles under ``settings`` (None: the core game); run i uses
    ``random.Random(run_seed(seed, i))``.

    ``progress(n)`` is called with the number of runs finished since the last call; ``on_result(r)`` with
    every result, in run order (with ``settings.record`` each carries its ``stats``). ``runs`` and ``jobs`` are
    held to the command's limits (:func:`drydock.limits.check_battle`) before any battle is built.
    """
    settings = settings or BattleSettings()
    limits.check_battle(runs=runs, jobs=max(jobs, 1), turns=settings.turns, board=settings.board,
                        ships=(max(len(side_a), 1), max(len(side_b), 1)))
    m = build_matchup(side_a, side_b, settings)
    la, lb = m.labels()
    summary = Summary(runs, survived_a=[0] * len(la), survived_b=[0] * len(lb), labels_a=la, labels_b=lb,
                      not_simulated=m.not_simulated, vp_target=m.vp_target,
                      in_force=m.in_force_names() + deployment_in_force(settings),
                      house_rules=m.house_rules,
                      doctrine=doctrine_label(settings.doctrine), plan=plan_label(settings.plan))
    chunks = [(seed, i, min(i + CHUNK, runs)) for i in range(0, runs, CHUNK)]
    if jobs <= 1 or runs <= CHUNK:
        _WORKER["m"] = m
        for c in chunks:
            for r in _run_chunk(c):
                summary.add(r)
                if on_result:
                    on_result(r)
            if progress:
                progress(c[2] - c[1])
        return summary

    with worker_pool(jobs, _init_worker, (side_a, side_b, settings)) as pool:
        for c, results in zip(chunks, pool.imap(_run_chunk, chunks), strict=True):
            for r in results:
                summary.add(r)
                if on_result:
                    on_result(r)
            if progress:
                progress(c[2] - c[1])
    return summary


def verdict(s: Summary) -> str:
    """"A" or "B" when that side wins more than half of the decisive battles with 95% confidence (Wilson),
    else "even"."""
    decisive = s.a_wins + s.b_wins
    lo, hi = wilson(s.a_wins, decisive)
    return "A" if lo > 0.5 else "B" if hi < 0.5 else "even"


def robustness(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *, runs: int,
               seed: int, jobs: int = 1, done: Summary | None = None) -> dict[str, Summary]:
    """The match-up with both sides under each doctrine in turn and, when the sides were given different
    doctrines, under that pairing too (same runs and seeds); keyed by :func:`doctrine_label`. ``done`` is a
    summary already fought."""
    settings = settings or BattleSettings()
    asked = doctrine_pair(settings.doctrine)
    pairings = [(DOCTRINES[n], DOCTRINES[n]) for n in DOCTRINES]
    if asked not in pairings:
        pairings.append(asked)
    out: dict[str, Summary] = {}
    for pair in pairings:
        label = doctrine_label(pair)
        if done is not None and done.doctrine == label:
            out[label] = done
        else:
            out[label] = simulate(side_a, side_b, replace(settings, doctrine=pair), runs=runs, seed=seed, jobs=jobs)
    return out


def robustness_line(by_doctrine: dict[str, Summary]) -> str:
    """One line: side A's share of decisive battles under each doctrine and whether the verdict holds."""
    parts = []
    verdicts = {}
    for name, s in by_doctrine.items():
        decisive = s.a_wins + s.b_wins
        share = f"{100 * s.a_wins / decisive:.1f}%" if decisive else "n/a"
        verdicts[name] = verdict(s)
        parts.append(f"{_shown(name)} A {share}")
    text = "robustness: " + " / ".join(parts) + " of decisive battles: "
    if len(set(verdicts.values())) == 1:
        v = next(iter(verdicts.values()))
        return text + ("too close to call under every doctrine" if v == "even"
                       else f"side {v} favoured under every doctrine (robust)")
    changes = ", ".join(f"{_shown(k)}: {'even' if v == 'even' else 'side ' + v}" for k, v in verdicts.items())
    return text + f"the verdict changes with the doctrine ({changes}); treat it as unsettled"


def _target(vp: int) -> str:
    return "none (S.1: the survivors decide)" if vp >= NO_VP_TARGET else str(vp)


def _shown(label: str) -> str:
    """A doctrine label inside a list: a per-side pairing in brackets."""
    return f"({label})" if "," in label else label


def one_battle_log(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *,
                   seed: int) -> BattleResult:
    """Run 0 of a matchup with its full turn-by-turn log (same seed as run 0 of :func:`simulate`)."""
    m = build_matchup(side_a, side_b, settings)
    return m.fight(random.Random(run_seed(seed, 0)), log=True)


def read_side(spec: str, count: int = 1) -> list[Design]:
    """A fleet from ``spec``: one file or a comma-separated list; every design in each file, x ``count``."""
    if count < 1:
        raise DrydockError(f"a side needs at least one ship (count {count})")
    limits.check("ships per side", count, limits.SHIPS, low=1)
    designs: list[Design] = []
    for name in (p.strip() for p in spec.split(",")):
        if name:
            designs.extend(read_designs(name))
    if not designs:
        raise DrydockError(f"{spec}: no designs")
    limits.check("ships per side", len(designs) * count, limits.SHIPS, low=1)
    return designs * count


def check_sides(designs: list[Design], settings: BattleSettings) -> None:
    """Refuse, in one line, a design whose numbers the play rules cannot read (:mod:`drydock.engine.playable`),
    as :func:`build_matchup` would, before a caller warns about anything else."""
    for d in {id(d): d for d in designs}.values():
        ruleset = rules_in_force(d, settings.rules, settings.ship_rules)
        check_playable(ship_spec(d, ruleset), ruleset)


def illegal_designs(designs: list[Design], rules: Ruleset | None = None) -> list[str]:
    """One line per distinct design that breaks a construction rule (it still fights as written)."""
    out = []
    for d in {id(d): d for d in designs}.values():
        if getattr(d, "kind", None) == "nova":  # a Nova record (X.2) is not built by Appendix A
            continue
        errors = [p for p in validate(with_trait_codes(d, rules) if rules else d, rules) if p.is_error]
        if errors:
            high = any(p.code == "SHIELDS_ABOVE_5" for p in errors)  # played by a stated reading (A.1, 4.3)
            out.append(f"{d.title or d.class_name}: illegal design ({errors[0].message}"
                       + (f"; {len(errors) - 1} more problem(s)" if len(errors) > 1 else "") + "); fought as written"
                       + (" (shields above 5 by the 4.3 maximum-roll rule: play.high_shields)" if high else ""))
    return out


def format_summary(s: Summary, seed: int, by_doctrine: dict[str, Summary] | None = None) -> str:
    """The text report of ``drydock battle``."""
    d = s.to_dict()

    def pct(x: float) -> str:
        return f"{100 * x:5.1f}%"

    def share(k: int) -> str:
        """``k`` of the runs as a percentage rounded half up from the exact count, as every report rounds it."""
        tenths = (2000 * k + s.runs) // (2 * s.runs) if s.runs else 0
        return f"{tenths // 10:3d}.{tenths % 10}%"

    lines = [f"A: {', '.join(s.labels_a)}", f"B: {', '.join(s.labels_b)}",
             f"{s.runs} battles, seed {seed}, VP target {_target(s.vp_target)}, "
             + (f"doctrines {s.doctrine}" if "," in s.doctrine else f"{s.doctrine} doctrine")
             + (f", plans {s.plan}" if s.plan and "," in s.plan else f", plan {s.plan}" if s.plan else "")]
    if s.house_rules:
        lines.append(f"rules: {s.house_rules}")
    if s.in_force:
        lines.append("in force: " + "; ".join(s.in_force))
    for key, label, k in (("a_win", "A wins", s.a_wins), ("b_win", "B wins", s.b_wins), ("draw", "draws", s.draws)):
        r = d[key]
        lines.append(f"  {label:7} {share(k)}  95% CI [{pct(r['ci95'][0])}, {pct(r['ci95'][1])}]")
    lines.append(f"mean turns {d['mean_turns']:.2f}; mean VP A {d['mean_vp_a']:.1f}, B {d['mean_vp_b']:.1f}")
    if s.exits_a or s.exits_b:
        lines.append(f"left the board: {d['exits']['per_100_ships']:.1f} per 100 ships "
                     f"(A {s.exits_a}, B {s.exits_b})")
    lines.append("survival:")
    for labels, survived in ((s.labels_a, s.survived_a), (s.labels_b, s.survived_b)):
        for label, k in zip(labels, survived, strict=True):
            lines.append(f"  {label:30} {share(k)}")
    if s.not_simulated:  # no empty heading (issue 36)
        lines.append("not simulated:")
        lines += [f"  - {n}" for n in s.not_simulated]
    if by_doctrine:
        lines.append(robustness_line(by_doctrine))
    return "\n".join(inline(x) for x in lines)  # a name never breaks or forges a line
