"""One ``drydock battle``: read the sides, play the plan game, fight, explain; the result and its exit status.

The command's work without its options (as :mod:`drydock.insight.rate_files` is for ``rate``):
:func:`run_battle` reads both sides (design and fleet files, copies), warns about illegal designs and
fleets whose own house rules are replaced by ``--rules``, gives each ship the rules in force for it (its fleet's,
its faction's: :mod:`drydock.core.fielding`), plays the plan game unless a plan is given
(docs/battles.md), writes run 0 turn by turn (``log_file``), fights ``runs`` battles
(:func:`~drydock.insight.battle_report.fight`), adds the design matrix for a report or JSON, writes the
report page (``report_file``), and returns a :class:`BattleRun` with the JSON form and the printed text.
Same seed, same battles, whatever ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Any

from drydock import limits
from drydock.engine.montecarlo import Summary, check_sides, format_summary, illegal_designs, one_battle_log
from drydock.engine.plan_game import PlanGame, plan_game
from drydock.engine.plan_verdict import conclude, verdict_runs
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError, one_line
from drydock.formats import check_outputs, write_atomic
from drydock.formats.inputs import read_side, side_rules
from drydock.insight.battle_report import (
    BattleReport,
    design_matrix,
    fight,
    fight_mix,
    format_report,
    full_dict,
    outcome_rates,
)
from drydock.insight.numbers import rounded
from drydock.insight.rules_in_play import name_rules, rules_in_play
from drydock.insight.verdict_text import doctrine_line, format_game, game_dict, mix_words, plain_verdict, verdict_line

#: Runs of each pairing of the design matrix (a report or --json with three or more designs).
MATRIX_RUNS = 200

#: A progress display for the battles fought: a context manager giving ``update(n)`` (or None for no display).
Progress = Callable[[], AbstractContextManager[Callable[[int], None] | None]]
#: A display of the plan game's stages: a context manager giving ``update(stage, done, total)`` (or None).
Stages = Callable[[], AbstractContextManager[Callable[[str, int, int], None] | None]]


@dataclass
class BattleRun:
    """What a ``drydock battle`` found: the summary, the explaining report, the plan game, the JSON form."""

    summary: Summary
    report: BattleReport
    game: PlanGame | None
    data: dict[str, Any]
    seed: int

    def text(self) -> list[str]:
        """The blocks ``drydock battle`` prints: the verdict first, then what explains it (the plans, the matrix,
        the doctrine), the battles behind it, the report."""
        blocks = [self.data["verdict"]]
        if self.game:
            r = self.data["robustness"]
            blocks += [r["line"], format_game(self.game), r["doctrine"]]
        return blocks + [format_summary(self.summary, self.seed), format_report(self.report)]

    @property
    def exit_status(self) -> int:
        """Always 0: a battle that ran has a verdict (bad input raises before any battle)."""
        return 0


def run_battle(side_a: str, side_b: str, settings: BattleSettings | None = None, *, runs: int, seed: int,
               count_a: int = 1, count_b: int = 1, jobs: int = 1, robustness: bool = True, log_file: str | None = None,
               report_file: str | None = None, matrix: bool = False, force: bool = False,
               rules_named: bool = False, rules_file: str | None = None,
               warn: Callable[[str], None] = lambda line: None,
               progress: Progress | None = None, stages: Stages | None = None, exact: bool = False) -> BattleRun:
    """Fight ``side_a`` against ``side_b`` (files, comma-separated) ``runs`` times under ``settings`` (None: the
    core game); see the module docstring.

    ``settings.plan`` (per side, None: the doctrine's own range) fights one pairing instead of the plan game, as
    ``robustness=False`` does; ``matrix`` adds the design matrix to the JSON form (a report always has it);
    ``rules_named``: the settings' rules came from ``--rules`` (said in the warning about a fleet's own house
    rules); ``rules_file``: that file's name, as the rules in play name it (``rules``, ``in_force``). ``warn``
    gets each line for standard error as it comes; ``progress`` shows the battles of one pairing, ``stages`` the
    plan game's stages (``update(stage, done, total)``); ``exact``: no early stop, exactly ``runs`` verdict battles.
    """
    if count_a < 1 or count_b < 1:
        raise DrydockError("--count-a and --count-b must be at least 1")
    settings = settings or BattleSettings()
    turns, board = settings.turns, settings.board
    limits.check_battle(runs=runs, jobs=jobs, turns=turns, board=board, ships=(count_a, count_b))
    # read as rate reads them under the same --rules (settings.house): one reading for every command
    (a, fleets_a), (b, fleets_b) = read_side(side_a, settings.house), read_side(side_b, settings.house)
    limits.check_battle(runs=runs, jobs=jobs, turns=turns, board=board, ships=(len(a) * count_a, len(b) * count_b))
    a, b = a * count_a, b * count_b
    check_outputs([f for f in (log_file, report_file) if f],  # every input read, nested ones too (issue 27)
                  [f.strip() for f in f"{side_a},{side_b}".split(",") if f.strip()])
    for fleet in fleets_a + fleets_b:
        if settings.house is not None:  # read under --rules: the fleet's own rules file was not used
            if fleet.rules_file is not None:
                warn(f"drydock: warning: {fleet.file}: the fleet's own house rules are replaced by --rules (as in "
                     "rate)")
        elif not fleet.house.base.is_book or fleet.house.factions:
            warn(f"drydock: warning: {fleet.file}: the fleet's own house rules are replaced by --rules (as in rate)"
                 if rules_named else
                 f"drydock: note: {fleet.file}: its ships fight under the fleet's own house rules ("
                 f"{fleet.house.base.label}), their CR as rate prints it; the battle's tables are the book's")
    # each ship fights, scores and is reported at the CR of the rules in force for it (core.fielding)
    # --rules as a house-rule file: its faction entries (settings.house); else each fleet's own
    settings = replace(settings, ship_rules=side_rules(a + b, fleets_a + fleets_b, settings.house))
    check_sides(a + b, settings)  # what the play rules cannot read: one line, before any warning
    for problem in illegal_designs(a + b, settings.rules):  # by the rules fought under
        warn(one_line(f"drydock: warning: {problem}"))
    game = None
    if settings.plan is None and robustness:
        with (stages or nullcontext)() as stage:
            game = plan_game(a, b, settings, runs=runs, seed=seed, jobs=jobs, exact=exact, progress=stage)
            summary, report, fought = fight_mix(a, b, game, settings, runs=verdict_runs(game, runs), seed=seed,
                                                jobs=jobs, progress=stage)
            game = conclude(game, fought)  # the value: the final matrix's; fought on where the battles left it open
        summary.plan = (f"A {mix_words(game.names_a(), game.solution.row)}, "
                        f"B {mix_words(game.names_b(), game.solution.col)}")
        flown = {s.doctrine for s, p in zip(game.plans_a, game.solution.row, strict=True) if p} | \
            {s.doctrine for s, q in zip(game.plans_b, game.solution.col, strict=True) if q}
        if flown - set(game.given):  # another doctrine joined the plans: the plans name it
            summary.doctrine = report.doctrine = f"{summary.doctrine} unless the plans name another"
    if log_file:  # run 0 as the verdict flew it (its first battle)
        log_settings = settings
        if game:
            _, i, j, _ = fought[0]
            log_settings = replace(settings, plan=(game.plans_a[i].plans[0], game.plans_b[j].plans[0]),
                                   doctrine=(game.plans_a[i].doctrine, game.plans_b[j].doctrine))
        result = one_battle_log(a, b, log_settings, seed=seed)
        write_atomic(log_file, "\n".join(result.log) + "\n", force=force)
    if game is None:
        with (progress or nullcontext)() as update:
            summary, report = fight(a, b, settings, runs=runs, seed=seed, jobs=jobs, progress=update)
    groups = rules_in_play((a, b), (summary.labels_a, summary.labels_b), (fleets_a, fleets_b), settings.rules,
                           settings.house, rules_file)
    name_rules(summary, groups, settings.rules)  # the ruleset, house-rule files and faction entries of each side
    data = full_dict(summary, report)
    data["rules_in_play"] = [g.to_dict() for g in groups]
    if game:
        data["verdict"] = verdict_line(summary, game)
        data["plan_game"] = rounded(game_dict(game))
        data["robustness"] = {"line": data["plan_game"]["line"], "doctrine": doctrine_line(game),
                              "doctrine_check": data["plan_game"]["doctrine_check"]}
    else:
        data["verdict"] = plain_verdict(summary)
    grid = None
    if report_file or matrix:
        grid = design_matrix(a, b, settings, runs=min(runs, MATRIX_RUNS), seed=seed, jobs=jobs)
        if grid:
            data["matrix"] = {"designs": grid["labels"], "runs": grid["runs"], "doctrine": grid["doctrine"],
                              "verdict": grid["verdict"], "battles": grid["battles"], "score": grid["matrix"],
                              "pairings": rounded(grid["pairings"])}
    if report_file:
        # lazy: jinja2 and the tournament load for a report or design matrix only
        from drydock.insight.pages import battle_page, write_report

        write_report(report_file, battle_page(data, outcome_rates(summary), seed, grid), force=force)
    return BattleRun(summary, report, game, data, seed)
