"""Round robins: every design against every other, a matrix of verdicts, and a ranking.

Pairing (i, j) gets the verdict ``drydock battle`` gives (issue 22): the plan game, raced, with design i as
side A (:func:`~drydock.insight.chunks.fight_pairing`), its value (what i can guarantee with its best plan
against j's best reply, (wins - losses) per battle) and its equilibrium pairing fought ``runs`` battles. A
design's score is the share of the points (win 1, draw 1/2) it can guarantee, (1 + value) / 2, averaged
over its opponents. Every pairing is seeded from the master seed and the two designs' fingerprints, so its
result does not depend on ``jobs``, on the order of the list or on which other designs take part. With
``plans=False`` (the one-on-one matrix of a battle report) each pairing is ``runs`` battles at the
doctrine's own range, scored by wins and draws. Finished pairings can be kept in a JSON state file
(written atomically after each pairing), and a rerun with the same designs and options skips them: an
interrupted run resumes.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from drydock import numbers
from drydock.core.fielding import fielded_cr, rules_in_force
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.engine.ai import Style, doctrine_label, doctrine_pair
from drydock.engine.companion_play import extended_board
from drydock.engine.deployment import deployment_in_force
from drydock.engine.montecarlo import CHUNK, build_matchup, wilson
from drydock.engine.options import InForce
from drydock.engine.parallel import worker_pool
from drydock.engine.plan_game import doctrine_budget, race_budget
from drydock.engine.plans import MENU
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError, inline
from drydock.formats import read_bytes, write_atomic
from drydock.insight.chunks import fight_chunk, fight_pairing, pairing_settings, verdict_ok
from drydock.insight.cluster import ClusterLost, run_on_cluster
from drydock.insight.cluster_access import Scheduler
from drydock.insight.numbers import num, pct, rounded, text
from drydock.limits import STATE_FILE, TOURNAMENT_BATTLES, TOURNAMENT_DESIGNS, TURNS, check, to_int

#: 2: each pairing's verdict is the plan game (issue 22); version 1 files (battles at the doctrine's own
#: range) are refused in one line; 3: fought to its decision (issue 36); 4: its value the final matrix's LP value,
#: its replies bounded (issue 45)
STATE_VERSION = 4
Z95 = 1.959963984540054
#: the plans of each pairing are listed when there are at most this many pairings
PAIRINGS_SHOWN = 45
#: a battle's and a tournament's ``rules`` when every ship plays the book (insight.rules_in_play.rules_line)
BOOK_RULES = Ruleset.unity().label


def state_options(s: BattleSettings) -> dict[str, Any]:
    """The battle's settings as the state file keeps them (a ruleset by its label, a ship's own by label and
    fingerprint): the core game's four always, the others only when on, so that the state file of a tournament
    without them is the one an earlier drydock wrote."""
    out: dict[str, Any] = {"board": list(s.board), "floating": s.floating, "turns": s.turns,
                           "doctrine": list(s.doctrine) if isinstance(s.doctrine, tuple) else s.doctrine}
    if s.battle_size != "auto":
        out["battle_size"] = s.battle_size
    if s.launch_recovery:
        out["launch_recovery"] = True
    if s.options:
        out["options"] = list(s.options)
    if s.scenario:
        out["scenario"] = s.scenario
    if s.terrain:
        out["terrain"] = list(s.terrain)
    if s.rules is not None:
        out["rules"] = s.rules.label
    if s.deployment is not None:  # 2.3 chosen deployment (issue 37): one plan for both sides
        out["deployment"] = list(s.deployment) if isinstance(s.deployment, tuple) else s.deployment
    if s.deployments:  # the plan game chooses each side's set-up among these
        out["deployments"] = list(s.deployments)
    if s.ship_rules:  # a fleet's own rules, faction entries: (design key, ruleset)
        out["ship_rules"] = [[k, r.label, r.fingerprint] for k, r in s.ship_rules]
    if s.vp_target is not None:  # a program's own VP target (0: none)
        out["vp_target"] = s.vp_target
    return dict(sorted(out.items()))


def fingerprint(d: Design) -> str:
    """A short stable hash of a design's content."""
    blob = json.dumps(d.model_dump(mode="json", by_alias=True), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def distinct(designs: list[Design]) -> list[Design]:
    """``designs`` with each design kept once: a fleet's copies of one design (only the ship names and
    IDs differ) fight as one."""
    seen: set[str] = set()
    out: list[Design] = []
    for d in designs:
        data = d.model_dump(mode="json", by_alias=True)
        data.pop("ship_name", None)
        data.pop("ship_id", None)
        key = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def pairing_battles(runs: int, plans: bool = True) -> int:
    """The most battles one pairing can fight: with plans, the race of its plan game (at most
    :func:`~drydock.engine.plan_game.race_budget` over the whole menu's pairings), its doctrine check
    (:func:`~drydock.engine.plan_game.doctrine_budget`) and its verdict's battles (at most RUNS); without, RUNS."""
    return race_budget(runs, len(MENU) ** 2) + doctrine_budget(runs) + runs if plans else runs


def check_size(designs: int, runs: int, plans: bool = True) -> None:
    """Designs and the battles a round robin can fight within the limits, before a pairing is built: each
    pairing counted at :func:`pairing_battles` (up to 3 x RUNS with the plan game), not RUNS."""
    check("designs in the tournament", designs, TOURNAMENT_DESIGNS)
    check("battles the tournament can fight (up to 3 x runs a pairing with the plan game)",
          pairing_battles(runs, plans) * (designs * (designs - 1) // 2), TOURNAMENT_BATTLES)


def labels(designs: list[Design]) -> list[str]:
    """A distinct display name per design (``Title``, ``Title #2`` ...)."""
    out: list[str] = []
    for d in designs:
        base = d.class_name or d.title or "design"
        name, k = base, 1
        while name in out:
            k += 1
            name = f"{base} #{k}"
        out.append(name)
    return out


_WORKER: dict[str, Any] = {}


def _init(designs: list[Design], settings: BattleSettings, doctrines: list[str | Style] | None = None,
          plans: bool = False) -> None:
    _WORKER.clear()
    _WORKER["designs"], _WORKER["settings"], _WORKER["doctrines"], _WORKER["plans"] = (designs, settings, doctrines,
                                                                                       plans)


def _chunk(task: tuple[int, int, int, int, int]) -> Any:
    """With plans, pairing (i, j)'s verdict (:func:`fight_pairing`); else runs start..stop of pairing (i, j):
    [wins of i, wins of j, draws, turns]."""
    i, j, seed, start, stop = task
    if _WORKER["plans"]:
        d = _WORKER["designs"]
        return fight_pairing(d[i], d[j], pairing_settings(_WORKER["settings"], _WORKER["doctrines"], i, j), seed,
                             stop)
    last = _WORKER.get("pairing")
    if last is not None and last[0] == (i, j):
        m = last[1]
    else:  # one match-up kept at a time: memory does not grow with the pairings already fought
        d = _WORKER["designs"]
        m = build_matchup([d[i]], [d[j]], pairing_settings(_WORKER["settings"], _WORKER["doctrines"], i, j))
        _WORKER["pairing"] = ((i, j), m)
    return fight_chunk(m, seed, start, stop)


def pair_seed(seed: int, a: str, b: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}/{a}/{b}".encode()).digest()[:8], "big")


@dataclass
class Tournament:
    designs: list[Design]
    runs: int
    seed: int
    settings: BattleSettings
    results: dict[str, dict[str, Any]] = field(default_factory=dict)  # "i-j" -> counts (and verdict), i as side A
    battles_fought: int = 0
    seconds: float = 0.0
    #: one doctrine (name or Style) per design, flown whichever side the design is placed on; None: ``settings``'
    doctrines: list[str | Style] | None = None
    #: each pairing's verdict by the plan game (``drydock tournament``); False: battles at the doctrine's range
    plans: bool = True

    @property
    def doctrine(self) -> str:
        if self.doctrines is not None:
            names = [doctrine_pair(d)[0].name for d in self.doctrines]
            if len(set(names)) > 1:
                groups: dict[str, list[str]] = {}
                for label, name in zip(labels(self.designs), names, strict=True):
                    groups.setdefault(name, []).append(label)
                return "; ".join(f"{name} for {', '.join(who)}" for name, who in groups.items())
            return names[0]
        return doctrine_label(self.settings.doctrine)

    def options(self) -> list[str]:
        """The battle options in force, in words (board, D.4, F.5, battle size, turns)."""
        s = self.settings
        play = (s.rules or Ruleset.unity()).play  # the Companion's CC.* need its ruleset
        w, h = extended_board(s.board, s.options, play)  # CC.B1
        out = [f"board {w}x{h}" + (" floating (D.4)" if s.floating else ""), f"{s.turns} turns"]
        if s.launch_recovery:
            out.append("launch and recovery (F.5)")
        if s.battle_size != "auto":
            out.append(f"battle size {s.battle_size}")
        if s.options or s.scenario or s.terrain:
            out += InForce(s.options, s.scenario, s.terrain, play).names()
        out += deployment_in_force(s)  # 2.3 chosen deployment (issue 37)
        return out  # the rules in play: run_tournament's ``rules`` and ``in_force`` (insight.rules_in_play)

    @property
    def verdict(self) -> str:
        """How a pairing is judged, in words."""
        return ("plan game of doctrine and plan (fought until its value's interval decides; value: the exact LP "
                "value of the final matrix, the verdict's battles counted in)" if self.plans
                else "battles at the doctrine's own range")

    def key(self, i: int, j: int) -> str:
        return f"{i}-{j}"

    def fielded_cr(self, i: int) -> int:
        """Design ``i``'s CR under the rules in force for it, the figure its battles score and ``rate`` prints."""
        d = self.designs[i]
        return fielded_cr(d, rules_in_force(d, self.settings.rules, self.settings.ship_rules))

    def pairs(self) -> list[tuple[int, int]]:
        n = len(self.designs)
        return [(i, j) for i in range(n) for j in range(i + 1, n)]

    # ------------------------------------------------------------ state
    def header(self) -> dict[str, Any]:
        return {"version": STATE_VERSION, "verdict": self.verdict, "seed": self.seed, "runs": self.runs,
                "doctrine": self.doctrine,
                "options": state_options(self.settings),
                "designs": [fingerprint(d) for d in self.designs]}

    def load(self, path: Path) -> None:
        """Take the finished pairings of a state file, after checking its size, that it belongs to this
        tournament, and that every result is a pairing of it whose counts add up to its runs."""
        try:  # a regular file only (a FIFO or a link to /dev/zero is refused), never more than the limit read
            state = json.loads(read_bytes(str(path), STATE_FILE).decode("utf-8"),  # digits bounded before int()
                               parse_int=lambda s: to_int(s, what="a state file number", file=str(path)))
        except DrydockError:
            raise
        except (OSError, ValueError, RecursionError) as exc:
            raise DrydockError(f"{path}: not a tournament state file ({exc})") from None
        if isinstance(state, dict) and state.get("version") != STATE_VERSION:
            raise DrydockError(f"{path}: a state file of another drydock version (state version "
                               f"{state.get('version')!r}, this drydock writes {STATE_VERSION}: each pairing's verdict "
                               "is now the value of the plan game's final matrix, issue 45); use another --state file")
        if not isinstance(state, dict) or {k: state.get(k) for k in self.header()} != self.header():
            raise DrydockError(f"{path}: state of a different tournament (designs, runs, seed or options differ); "
                               "use another --state file")
        results = state.get("results", {})
        keys = {self.key(i, j) for i, j in self.pairs()}
        if not isinstance(results, dict):
            raise DrydockError(f"{path}: 'results' is not a mapping of pairings")
        for key, counts in results.items():
            fields = ("a_wins", "b_wins", "draws", "turns")
            extra = ("runs", "value", "value_low", "value_high", "plans", "battles") if self.plans else ()
            ok = (key in keys and isinstance(counts, dict) and set(counts) == set(fields + extra)
                  and all(type(counts[f]) is int and counts[f] >= 0 for f in fields)
                  and (not self.plans or type(counts["runs"]) is int and 1 <= counts["runs"] <= self.runs)
                  and counts["a_wins"] + counts["b_wins"] + counts["draws"] == counts.get("runs", self.runs)
                  and counts["turns"] <= self.runs * TURNS.value
                  and (not self.plans or verdict_ok(counts, self.runs)))
            if not ok:
                raise DrydockError(f"{path}: result {key!r} is not a finished pairing of this tournament "
                                   f"({', '.join(fields)} adding up to its runs, at most {self.runs}"
                                   + (", the plan game's value, plans and battles)" if self.plans else ")"))
        self.results = dict(results)

    def value(self, i: int, j: int) -> Fraction:
        """What design i can guarantee against design j: the plan game's value, (wins - losses) per battle."""
        if i < j:
            return Fraction(numbers.parse(self.results[self.key(i, j)]["value"], limit=1))  # checked by load()
        return -self.value(j, i)

    def save(self, path: Path) -> None:
        write_atomic(path, json.dumps({**self.header(), "results": self.results}, indent=1), force=True)

    # ------------------------------------------------------------ running
    def run(self, jobs: int = 1, state: Path | None = None,
            progress: Callable[[int], None] | None = None, scheduler: Scheduler | str | None = None) -> None:
        """Fight every pairing not yet in ``results``, in chunks of runs spread over ``jobs`` processes, or over
        the workers of the Dask scheduler at ``scheduler`` (:mod:`drydock.insight.cluster`), saving ``state``
        as each pairing completes. Run k of a pairing uses ``run_seed(pair seed, k)``: the same results."""
        if state is not None and state.exists():
            self.load(state)
        prints = [fingerprint(d) for d in self.designs]
        todo = [(i, j) for i, j in self.pairs() if self.key(i, j) not in self.results]
        if progress and len(todo) < len(self.pairs()):
            progress(self.runs * (len(self.pairs()) - len(todo)))
        step = self.runs if self.plans else CHUNK  # with plans a task is a whole pairing's verdict
        tasks = [(i, j, pair_seed(self.seed, prints[i], prints[j]), k, min(k + step, self.runs))
                 for i, j in todo for k in range(0, self.runs, step)]
        left = {(i, j): -(-self.runs // step) for i, j in todo}
        acc: dict[tuple[int, int], list[int]] = {p: [0, 0, 0, 0] for p in todo}
        start = time.perf_counter()

        def take(task: tuple[int, int, int, int, int], got: Any) -> None:
            pair = (task[0], task[1])
            if self.plans:
                acc[pair] = [got["a_wins"], got["b_wins"], got["draws"], got["turns"]]
            else:
                acc[pair] = [x + y for x, y in zip(acc[pair], got, strict=True)]
            left[pair] -= 1
            if progress:
                progress(task[4] - task[3])
            if not left[pair]:
                a, b, d, t = acc[pair]
                self.results[self.key(*pair)] = {"a_wins": a, "b_wins": b, "draws": d, "turns": t}
                if self.plans:
                    self.results[self.key(*pair)].update(runs=got["runs"], value=got["value"],
                                                         value_low=got["value_low"], value_high=got["value_high"],
                                                         plans=got["plans"], battles=got["battles"])
                self.battles_fought += got["battles"] if self.plans else self.runs
                if state is not None:
                    self.save(state)

        setup = (self.designs, self.settings, self.doctrines, self.plans)
        if scheduler is not None:
            payload = {"designs": self.designs, "settings": self.settings, "doctrines": self.doctrines,
                       "plans": self.plans,
                       "token": hashlib.sha256(json.dumps(self.header(), sort_keys=True).encode()).hexdigest()}
            try:
                run_on_cluster(scheduler, tasks, payload, take)
            except ClusterLost as exc:
                raise ClusterLost(f"{exc}; {self.resume_hint(state)}") from None
        elif self.plans and 1 < jobs and len(tasks) < jobs:  # fewer pairings than processes: race each in all
            for task in tasks:
                i, j, seed = task[:3]
                d = self.designs
                take(task, fight_pairing(d[i], d[j], pairing_settings(self.settings, self.doctrines, i, j), seed,
                                         task[4], jobs=jobs))
        elif jobs <= 1 or len(tasks) <= 1:
            _init(*setup)
            for task in tasks:
                take(task, _chunk(task))
        else:
            with worker_pool(jobs, _init, setup) as pool:
                for task, got in zip(tasks, pool.imap(_chunk, tasks), strict=True):
                    take(task, got)
        self.seconds = time.perf_counter() - start

    def resume_hint(self, state: Path | None) -> str:
        """What a rerun does after an interruption: resume from ``state``, or start again without one."""
        done, total = len(self.results), len(self.pairs())
        if state is None:
            return f"{done} of {total} pairings finished (add --state FILE to keep them across reruns)"
        return f"{done} of {total} pairings are saved in {inline(str(state))}: rerun the same command to fight the rest"

    # ------------------------------------------------------------ results
    def record(self, i: int, j: int) -> tuple[int, int, int]:
        """(wins of i, draws, wins of j) in their pairing."""
        if i < j:
            r = self.results[self.key(i, j)]
            return r["a_wins"], r["draws"], r["b_wins"]
        w, d, lo = self.record(j, i)
        return lo, d, w

    def cell(self, i: int, j: int) -> tuple[Fraction, float, float]:
        """Row i against column j: with plans, the score i can guarantee, (1 + value) / 2, with the 95% interval of
        the value (the plan game's, :func:`~drydock.engine.plan_game.value_interval`); else i's win rate (Wilson)."""
        w, _, lo = self.record(i, j)
        if not self.plans:
            a, b = wilson(w, self.runs)
            return Fraction(w, self.runs), a, b
        score = (1 + self.value(i, j)) / 2
        r = self.results[self.key(min(i, j), max(i, j))]
        low, high = (r["value_low"], r["value_high"]) if i < j else (-r["value_high"], -r["value_low"])
        return score, max(0.0, (1 + low) / 2), min(1.0, (1 + high) / 2)

    def to_dict(self) -> dict[str, Any]:
        names = labels(self.designs)
        n = len(names)
        cells: list[list[tuple[Fraction, float, float] | None]] = [[None] * n for _ in range(n)]
        rows: list[dict[str, Any]] = []
        for i in range(n):
            wins = draws = losses = 0
            scores: list[Fraction] = []
            for j in range(n):
                if i == j:
                    continue
                w, d, lo = self.record(i, j)
                wins, draws, losses = wins + w, draws + d, losses + lo
                cells[i][j] = self.cell(i, j)
                scores.append(cells[i][j][0])  # type: ignore[index]
            games = wins + draws + losses
            score = (sum(scores, Fraction(0)) / len(scores) if self.plans and scores
                     else Fraction(2 * wins + draws, 2 * games) if games else Fraction(0))
            rows.append({"design": names[i], "combat_rating": self.fielded_cr(i),  # X.1/X.2
                         "wins": wins, "draws": draws, "losses": losses, "score": score})
        ranking = sorted(rows, key=lambda r: (-r["score"], r["design"]))
        pairings = []
        for i, j in self.pairs():
            r = self.results[self.key(i, j)]
            p = {"a": names[i], "b": names[j], "runs": r.get("runs", self.runs), "a_wins": r["a_wins"],
                 "b_wins": r["b_wins"], "draws": r["draws"]}
            if self.plans:
                p.update(value=num(self.value(i, j), 4), value_exact=r["value"],
                         value_interval={"low": r["value_low"], "high": r["value_high"]},
                         plans={"a": r["plans"][0], "b": r["plans"][1]}, battles=r["battles"])
            pairings.append(p)

        def entry(c: tuple[Fraction, float, float]) -> dict[str, Any]:
            return {"score" if self.plans else "rate": num(c[0], 4), "ci95": [num(c[1], 4), num(c[2], 4)]}

        return {"runs": self.runs, "seed": self.seed, "doctrine": self.doctrine, "options": self.options(),
                "verdict": self.verdict, "plans": self.plans,
                "designs": rows,
                "ranking": ranking, "cells": cells, "pairings": pairings,
                "matrix": [[None if c is None else entry(c) for c in row] for row in cells],
                "battles_fought": self.battles_fought, "seconds": self.seconds,
                "battles_per_second": self.battles_fought / self.seconds if self.seconds and self.battles_fought
                else None}


def to_json(d: dict[str, Any]) -> dict[str, Any]:
    """The ``drydock tournament --json`` form (exact fractions rounded; the drawing cells dropped)."""
    out = {k: v for k, v in d.items() if k != "cells"}
    out["designs"] = [{**r, "score": num(r["score"], 4)} for r in d["designs"]]
    out["ranking"] = [{**r, "score": num(r["score"], 4)} for r in d["ranking"]]
    return rounded(out)


def fought_words(d: dict[str, Any]) -> str:
    """What each pairing fought, as it was fought (issue 45: never RUNS where the plan game stopped earlier):
    ``100 verdict battles a pairing (324 to 1,060 battles of its plan game; RUNS 1000 at most a pairing of
    plans)``, or ``200 battles per pairing`` without plans."""
    pairings = d.get("pairings") or []
    if not d.get("plans") or not pairings:
        return f"{d['runs']} battles per pairing"
    runs = sorted({p.get("runs", d["runs"]) for p in pairings})
    fought = sorted(p.get("battles", 0) for p in pairings)
    shown = f"{runs[0]}" if len(runs) == 1 else f"{runs[0]} to {runs[-1]}"
    span = f"{fought[0]:,}" if fought[0] == fought[-1] else f"{fought[0]:,} to {fought[-1]:,}"
    return (f"{shown} verdict battles a pairing ({span} battles of its plan game; at most {d['runs']} a pairing "
            "of plans)")


def rules_lines(d: dict[str, Any]) -> list[str]:
    """``rules: ...`` (unless every design plays the book) and ``in force: ...`` (the house rules and faction
    entries), as a battle's header names them (issue 45; ``run_tournament`` fills ``rules`` and ``in_force``)."""
    out = [f"rules: {d['rules']}"] if d.get("rules", BOOK_RULES) != BOOK_RULES else []
    return out + (["in force: " + "; ".join(d["in_force"])] if d.get("in_force") else [])


def format_tournament(d: dict[str, Any]) -> str:
    names = [r["design"] for r in d["designs"]]
    plans = d.get("plans", False)
    lines = [f"{len(names)} designs, {fought_words(d)}, seed {d['seed']}, doctrine {d['doctrine']}",
             "options: " + ", ".join(d["options"]), *rules_lines(d),
             f"verdict of each pairing: {d['verdict']}" if plans else None,
             "ranking (score = " + ("the share of the points, win 1, draw 1/2, a design can guarantee with its best "
                                    "plan against each opponent's best reply, (1 + value) / 2, averaged; W D L: the "
                                    "verdicts' battles, flown from each equilibrium's mix):" if plans
                                    else "(wins + draws/2) / battles):")]
    for k, r in enumerate(d["ranking"], 1):
        lines.append(f"  {k:2}. {r['design']:30} {pct(r['score']):>6}  W {r['wins']} D {r['draws']} L {r['losses']}"
                     f"  CR {r['combat_rating']}")
    lines.append("score the row can guarantee against the column (plan game):" if plans
                 else "win rate of row vs column:")
    width = max(len(n) for n in names)
    lines.append(" " * (width + 3) + " ".join(f"{i + 1:>6}" for i in range(len(names))))
    for i, n in enumerate(names):
        cells = [("-" if c is None else pct(c[0], 0)).rjust(6) for c in d["cells"][i]]
        lines.append(f"{i + 1:>2} {n:{width}}" + " ".join(cells))
    if plans and len(d["pairings"]) <= PAIRINGS_SHOWN:
        lines.append("plans of each pairing (value: the first design's wins - losses per battle it can guarantee):")
        lines += [f"  {p['a']} vs {p['b']}: value {float(p['value']):+.2f}, {p['a']} flies {p['plans']['a']}, "
                  f"{p['b']} flies {p['plans']['b']}" for p in d["pairings"]]
    if d["battles_per_second"]:
        lines.append(f"{d['battles_fought']} battles in {text(d['seconds'], 1)} s: "
                     f"{text(d['battles_per_second'], 0)} battles/s")
    return "\n".join(inline(x) for x in lines if x is not None)  # a name never breaks or forges a line
