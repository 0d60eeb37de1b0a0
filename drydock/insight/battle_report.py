"""Battle reports that explain: many battles' statistics (:class:`~drydock.engine.observe.BattleStats`) added up.

For each side: combat rating and the share of its space units the engine does not simulate, mean damage
dealt per battery and per range band, mean turns to the first kill, how the battles ended, and what became
of each ship. Everything is counted exactly (ints); means and rates are rounded only for print and JSON
(:mod:`drydock.insight.numbers`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from drydock.core.fielding import ShipRules, fielded_cr, rules_in_force
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.engine.ai import DEFAULT_DOCTRINE, Style, doctrine_label, doctrine_pair
from drydock.engine.battle import BattleResult, Matchup
from drydock.engine.deployment import deployment_in_force
from drydock.engine.legacy_notes import ae_rules_batteries
from drydock.engine.montecarlo import Summary, build_matchup, simulate, wilson
from drydock.engine.observe import END_KINDS, LOSS_KINDS
from drydock.engine.plan_cells import fight_verdict, game_matchup
from drydock.engine.plan_game import PlanGame
from drydock.engine.plan_verdict import verdict_draws
from drydock.engine.settings import BattleSettings
from drydock.engine.tables import COMPANION_TRAITS, SIMULATED_SYSTEMS, SIMULATED_TRAITS
from drydock.errors import inline
from drydock.insight.numbers import num, pct, rounded, text

BANDS = ("short", "medium", "long", "seekers", "fighters")
DOCTRINE_DEFAULT = DEFAULT_DOCTRINE


def unsimulated_su(design: Design, launch_recovery: bool = False, rules: Ruleset | None = None) -> tuple[int, int]:
    """(SU spent on what the engine does not simulate, SU used): systems outside ``SIMULATED_SYSTEMS`` (but
    launch tubes under option F.5, B.12) and batteries with a trait outside ``SIMULATED_TRAITS``."""
    if getattr(design, "kind", None) == "nova":  # a Nova record has no SU (X.2): its not-simulated list says it
        return 0, 0
    r = rate(design, rules)
    traits = SIMULATED_TRAITS  # under --rules companion its D5 traits are played too (engine.companion_play)
    if rules is not None and "companion" in rules.play.raw:
        traits = traits | COMPANION_TRAITS
    played = SIMULATED_SYSTEMS | ({"Launch Tubes", "Shuttlecraft"} if launch_recovery else set())
    out = sum(s.su for s in r.systems if s.name not in played)
    legacy = ae_rules_batteries(design)  # X.1: batteries with traits kept under "use Admiralty rules"
    for battery, br in zip(design.weapons, r.batteries, strict=True):
        if any(t not in traits and (rules is None or rules.trait_code(t) not in traits)
               for m in battery.modes for t in m.traits) or battery.name in legacy:
            out += br.su
    return out, r.used_su


@dataclass
class SideInfo:
    label: str
    ships: list[str]
    cr: int
    unsimulated_su: int
    used_su: int
    nova_records: int = 0
    """Nova records on the side (X.2): they have no SU, so the SU share leaves them out."""


@dataclass
class BattleReport:
    """Counts over many battles of one matchup, fed one :class:`BattleResult` at a time (:meth:`add`)."""

    sides: tuple[SideInfo, SideInfo]
    doctrine: str = DOCTRINE_DEFAULT
    runs: int = 0
    damage: Counter = field(default_factory=Counter)  # (side, ship, source, band) -> boxes marked
    ends: Counter = field(default_factory=Counter)  # END_KINDS -> battles
    lengths: Counter = field(default_factory=Counter)  # turns -> battles
    first_kill: list[list[int]] = field(default_factory=lambda: [[], []])
    losses: Counter = field(default_factory=Counter)  # (side, ship, kind) -> battles
    loss_turns: Counter = field(default_factory=Counter)  # (side, ship) -> sum of turns lost

    @classmethod
    def for_sides(cls, side_a: list[Design], side_b: list[Design], labels: tuple[list[str], list[str]],
                  doctrine: str = DOCTRINE_DEFAULT, launch_recovery: bool = False, extra_cr: int = 0,
                  rules: Ruleset | None = None, ship_rules: ShipRules | None = None) -> BattleReport:
        """``extra_cr``: CR each side fields beside its ships (F.6 long range fighters). Each ship counts the CR
        of the rules in force for it (``rules``, or its own in ``ship_rules``), as the battle does."""
        infos = []
        for name, designs, labs in (("A", side_a, labels[0]), ("B", side_b, labels[1])):
            un = used = 0
            cr = extra_cr
            for d in designs:
                in_force = rules_in_force(d, rules, ship_rules)
                u, t = unsimulated_su(d, launch_recovery, in_force)
                un, used, cr = un + u, used + t, cr + fielded_cr(d, in_force)  # X.1/X.2 CRs of record
            nova = sum(1 for d in designs if getattr(d, "kind", None) == "nova")
            infos.append(SideInfo(name, labs, cr, un, used, nova))
        return cls((infos[0], infos[1]), doctrine)

    def add(self, r: BattleResult) -> None:
        st = r.stats
        if st is None:
            raise ValueError("battle reports need results recorded with record=True")
        self.runs += 1
        self.damage.update(st.damage)
        self.ends[st.end] += 1
        self.lengths[r.turns] += 1
        for side in (0, 1):
            first = st.first_kill[side]
            if first is not None:
                self.first_kill[side].append(first)
        for (side, ship), (kind, turn) in st.lost.items():
            self.losses[(side, ship, kind)] += 1
            self.loss_turns[(side, ship)] += turn

    # ------------------------------------------------------------ figures
    def mean(self, total: int) -> Fraction:
        return Fraction(total, max(self.runs, 1))

    def band_damage(self, side: int) -> dict[str, Fraction]:
        out = {b: 0 for b in BANDS}
        for (s, _, _, band), v in self.damage.items():
            if s == side:
                out[band] += v
        return {b: self.mean(v) for b, v in out.items()}

    def battery_damage(self, side: int) -> list[tuple[str, str, dict[str, Fraction]]]:
        """(ship, source, {band: mean}) for every ship and battery that marked damage."""
        rows: dict[tuple[int, str], dict[str, int]] = {}
        for (s, ship, src, band), v in sorted(self.damage.items()):
            if s == side:
                rows.setdefault((ship, src), {})[band] = rows.get((ship, src), {}).get(band, 0) + v
        return [(self.sides[side].ships[ship], src, {b: self.mean(v) for b, v in bands.items()})
                for (ship, src), bands in sorted(rows.items())]

    def to_dict(self) -> dict[str, Any]:
        """The ``report`` object of ``drydock battle --json``."""
        n = max(self.runs, 1)
        sides = []
        for i, info in enumerate(self.sides):
            fk = self.first_kill[i]
            ships = []
            for k, label in enumerate(info.ships):
                lost = {kind: self.losses[(i, k, kind)] for kind in LOSS_KINDS}
                gone = sum(lost.values())
                ships.append({
                    "ship": label,
                    "survived": num(Fraction(self.runs - gone, n)),
                    **{kind.replace(" ", "_"): num(Fraction(v, n)) for kind, v in lost.items()},
                    "mean_turn_lost": num(Fraction(self.loss_turns[(i, k)], gone), 2) if gone else None,
                })
            batteries = [{"ship": ship, "battery": src, "mean_damage": num(sum(bands.values()), 2),
                          "by_band": {b: num(v, 2) for b, v in bands.items()}}
                         for ship, src, bands in self.battery_damage(i)]
            sides.append({
                "side": info.label,
                "ships": info.ships,
                "combat_rating": info.cr,
                "not_simulated_su": info.unsimulated_su,
                "not_simulated_share": num(Fraction(info.unsimulated_su, max(info.used_su, 1))),
                "nova_records": info.nova_records,
                "mean_damage": num(sum(self.band_damage(i).values()), 2),
                "mean_damage_by_band": {b: num(v, 2) for b, v in self.band_damage(i).items()},
                "mean_damage_by_battery": batteries,
                "battles_with_a_kill": len(fk),
                "mean_turns_to_first_kill": num(Fraction(sum(fk), len(fk)), 2) if fk else None,
                "ships_fate": ships,
            })
        return {
            "doctrine": self.doctrine,
            "runs": self.runs,
            "sides": sides,
            "ended": {k.replace(" ", "_"): self.ends[k] for k in END_KINDS},
            "battle_length": {str(t): c for t, c in sorted(self.lengths.items())},
        }


def full_dict(summary: Summary, report: BattleReport | None) -> dict[str, Any]:
    """``drydock battle --json``: the summary, rounded, plus the explaining ``report`` when recorded."""
    d = rounded(summary.to_dict())
    if report is not None:
        d["doctrine"] = report.doctrine
        d["report"] = report.to_dict()
    return d


def format_report(report: BattleReport) -> str:
    """The explaining part of ``drydock battle``'s text output."""
    d = report.to_dict()
    lines = [f"doctrine: {d['doctrine']}"]
    ended = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in d["ended"].items() if v)
    lines.append(f"how the battles ended: {ended}")
    for s in d["sides"]:
        share = f"{pct(s['not_simulated_share'])} of SU not simulated"
        if s.get("nova_records"):  # X.2 records have no SU: their unplayed rules are in the not-simulated list
            share += f"; {s['nova_records']} Nova record(s) without SU, not counted"
        fk = s["mean_turns_to_first_kill"]
        lines.append(f"side {s['side']}: CR {s['combat_rating']} ({share}); "
                     f"first kill in {s['battles_with_a_kill']} battles"
                     + (f", mean turn {text(fk)}" if fk is not None else ""))
        bands = ", ".join(f"{b} {text(v)}" for b, v in s["mean_damage_by_band"].items() if v)
        lines.append(f"  mean damage dealt per battle {text(s['mean_damage'])}" + (f": {bands}" if bands else ""))
        for row in s["mean_damage_by_battery"]:
            lines.append(f"    {row['ship']:26} {row['battery']:22} {text(row['mean_damage']):>7}")
        for f in s["ships_fate"]:
            fate = ", ".join(f"{k} {pct(f[k.replace(' ', '_')])}" for k in LOSS_KINDS if f[k.replace(' ', '_')])
            lines.append(f"  {f['ship']:28} survived {pct(f['survived'])}" + (f"; {fate}" if fate else ""))
    return "\n".join(inline(x) for x in lines)  # a name never breaks or forges a line


def outcome_rates(summary: Summary) -> list[tuple[str, Fraction, float, float]]:
    """(label, rate, Wilson low, high) for A wins, draws, B wins."""
    n = max(summary.runs, 1)
    out = []
    for label, k in (("A wins", summary.a_wins), ("draws", summary.draws), ("B wins", summary.b_wins)):
        lo, hi = wilson(k, summary.runs)
        out.append((label, Fraction(k, n), lo, hi))
    return out


def _report(side_a: list[Design], side_b: list[Design], m: Matchup, settings: BattleSettings) -> BattleReport:
    return BattleReport.for_sides(side_a, side_b, m.labels(), doctrine_label(settings.doctrine),
                                  settings.launch_recovery, m.in_force.lrf_cr() if m.in_force else 0,
                                  settings.rules, settings.ship_rules)


def fight(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *, runs: int, seed: int,
          jobs: int = 1, progress: Callable[[int], None] | None = None) -> tuple[Summary, BattleReport]:
    """``runs`` recorded battles under ``settings``: the summary and the explaining report (identical whatever
    ``jobs``)."""
    settings = replace(settings or BattleSettings(), record=True)
    m = build_matchup(side_a, side_b, settings)
    report = _report(side_a, side_b, m, settings)
    summary = simulate(side_a, side_b, settings, runs=runs, seed=seed, jobs=jobs, progress=progress,
                       on_result=report.add)
    return summary, report


def fight_mix(side_a: list[Design], side_b: list[Design], game: PlanGame, settings: BattleSettings | None = None, *,
              runs: int, seed: int, jobs: int = 1, progress: Callable[[str, int, int], None] | None = None
              ) -> tuple[Summary, BattleReport, list[tuple[int, int, int, int | None]]]:
    """The verdict's ``runs`` battles, recorded: run i flies the pairing drawn from the equilibrium's mix
    (:func:`~drydock.engine.plan_game.verdict_draws`); the summary, the explaining report, and each run's
    (run, row, column, winner) for :func:`~drydock.engine.plan_game.refine` (identical whatever ``jobs``)."""
    settings = replace(settings or BattleSettings(), plan=None, record=False)
    m = game_matchup(side_a, side_b, settings)  # its labels: the game's ShipSpecs and doctrine tables
    report = _report(side_a, side_b, m, settings)
    la, lb = m.labels()
    summary = Summary(runs, survived_a=[0] * len(la), survived_b=[0] * len(lb), labels_a=la, labels_b=lb,
                      not_simulated=m.not_simulated, vp_target=m.vp_target,
                      in_force=m.in_force_names() + deployment_in_force(settings),
                      house_rules=m.house_rules, doctrine=doctrine_label(settings.doctrine),
                      plan="the best plans' mix")
    draws = verdict_draws(game, runs, seed)
    results = fight_verdict(side_a, side_b, [(run, pairing) for run, _, _, pairing in draws],
                            replace(settings, record=True), seed=seed, jobs=jobs, progress=progress)
    fought = []
    for (run, i, j, _), r in zip(draws, results, strict=True):
        summary.add(r)
        report.add(r)
        fought.append((run, i, j, r.winner))
    return summary, report, fought


def design_matrix(side_a: list[Design], side_b: list[Design], settings: BattleSettings | None = None, *, runs: int,
                  seed: int, jobs: int = 1) -> dict[str, Any] | None:
    """With three or more distinct designs on the two sides: each against each other, one on one, judged as
    ``drydock battle`` and ``drydock tournament`` judge (issue 22): each pairing's plan game, raced, its value
    the score the row can guarantee, (1 + value) / 2 (:class:`~drydock.insight.tournament.Tournament`). Each
    design flies the doctrine of the side it came from (``--doctrine-a/--doctrine-b``), whichever side of a
    pairing it is placed on."""
    # lazy: jinja2 and the tournament load for a report or design matrix only
    from drydock.insight.tournament import Tournament, fingerprint

    settings = settings or BattleSettings()
    style_a, style_b = doctrine_pair(settings.doctrine)
    # a fleet's copies of one design are one row; the same design on both sides is two when the sides' doctrines
    # differ
    rows: dict[tuple, tuple[Design, Style]] = {}
    for side, style in ((side_a, style_a), (side_b, style_b)):
        for d in side:
            rows.setdefault((fingerprint(d), style.name), (d, style))
    if len(rows) < 3:
        return None
    distinct = [d for d, _ in rows.values()]
    doctrines: list[str | Style] | None = None if style_a == style_b else [style for _, style in rows.values()]
    # every pairing plays its own plan game
    t = Tournament(distinct, runs, seed, replace(settings, plan=None, record=False), doctrines=doctrines)
    t.run(jobs=jobs)
    result = t.to_dict()
    return {"labels": [r["design"] for r in result["designs"]], "cells": result["cells"], "runs": runs,
            "matrix": result["matrix"], "doctrine": result["doctrine"], "verdict": result["verdict"],
            "pairings": result["pairings"], "battles": result["battles_fought"]}
