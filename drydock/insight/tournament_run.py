"""One ``drydock tournament``: read the entrants, fight the round robin (resumable), rank; the result.

The command's work without its options (as :mod:`drydock.insight.rate_files` is for ``rate``):
:func:`run_tournament` reads every design and fleet file (a fleet's copies of one design enter once),
checks the round robin's size, fights every pairing (:class:`~drydock.insight.tournament.Tournament`,
resuming from ``state_file``), writes the report page (``report_file``) and returns a
:class:`TournamentRun` with the ranking as text and JSON. Same seed, same battles, whatever ``jobs``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from drydock import limits
from drydock.core.rules.play_options import ONE_SIDE_OPTIONS
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError
from drydock.formats import check_outputs
from drydock.formats.inputs import read_side, side_rules
from drydock.insight.cluster_access import Scheduler
from drydock.insight.pages import tournament_page, write_report
from drydock.insight.rules_in_play import entrant_rules, in_force_lines, rules_line
from drydock.insight.tournament import Tournament, check_size, distinct, format_tournament, labels, to_json

#: A progress display for ``total`` battles: a context manager giving ``update(n)`` (or None for no display).
Progress = Callable[[int], AbstractContextManager[Callable[[int], None] | None]]


@dataclass
class TournamentRun:
    """What a round robin found: the tournament, its results as data (``Tournament.to_dict``)."""

    tournament: Tournament
    data: dict[str, Any]

    def text(self) -> str:
        """The ranking and win-rate matrix ``drydock tournament`` prints."""
        return format_tournament(self.data)

    def json(self) -> str:
        """The ``--json`` form."""
        return json.dumps(to_json(self.data), indent=2)

    @property
    def exit_status(self) -> int:
        """Always 0: a tournament that ran has a ranking (bad input raises before any battle)."""
        return 0


def run_tournament(files: tuple[str, ...] | list[str], settings: BattleSettings | None = None, *, runs: int,
                   seed: int, jobs: int = 0, state_file: str | None = None, report_file: str | None = None,
                   force: bool = False, scheduler: Scheduler | str | None = None,
                   progress: Progress | None = None, rules_file: str | None = None) -> TournamentRun:
    """Every design in ``files`` against every other, ``runs`` battles each, under ``settings`` (None: the core
    game); see the module docstring. ``rules_file``: the name of ``settings``' house-rule file, as the rules in
    play name it (``rules``, ``in_force``, ``rules_in_play``: the words of a battle's, design by design).

    ``jobs`` 0 is one process per CPU; a rerun resuming from an existing ``state_file`` writes its report
    again whatever ``force``. ``progress(total)`` shows the battles fought. ``scheduler``: a Dask cluster
    (:mod:`drydock.insight.cluster`), its address and the trust in it checked before any file is read.
    """
    settings = settings or BattleSettings()
    limits.check("--jobs", jobs, limits.JOBS, low=0)  # the command's limits, for programs too (0: one per CPU)
    limits.check_battle(runs=runs, jobs=max(jobs, 1), turns=settings.turns, board=settings.board, ships=(1, 1))
    if scheduler is not None:
        scheduler = Scheduler(scheduler) if isinstance(scheduler, str) else scheduler
        scheduler.decide()  # a malformed, refused or untrusted address: one line before any work
    resuming = state_file is not None and Path(state_file).exists()
    sides = [read_side(f, settings.house) for f in files]  # read as rate reads them under the same --rules
    designs = distinct([d for side, _ in sides for d in side])
    # --rules' faction entries (settings.house); else each fleet's own rules (core.fielding)
    settings = replace(settings, ship_rules=side_rules(designs, [fl for _, fleets in sides for fl in fleets],
                                                       settings.house))
    check_size(len(designs), runs)
    if len(designs) < 2:
        raise DrydockError("a tournament needs at least two different designs (copies of one design fight once)")
    check_outputs([f for f in (report_file, state_file) if f], list(files))  # nested inputs too (issue 27)
    one_side = [o for o in settings.options if o in ONE_SIDE_OPTIONS]
    if one_side:  # which design is side A of a pairing is the order of the files, not a player's choice
        raise DrydockError(f"--option {one_side[0]} gives one side a rule; a tournament has no sides (use battle)")
    t = Tournament(designs, runs, seed, settings)
    total = runs * len(t.pairs())
    state = Path(state_file) if state_file else None
    with (progress or (lambda n: nullcontext()))(total) as update:
        t.run(jobs=jobs or os.cpu_count() or 1, state=state, progress=update, scheduler=scheduler)
    d = t.to_dict()
    # the ruleset, house-rule files and faction entries each design plays under, in a battle's words (issue 45)
    groups = entrant_rules(designs, labels(designs), [fl for _, fleets in sides for fl in fleets], settings.rules,
                           settings.house, rules_file)
    d.update(rules=rules_line(groups, settings.rules), in_force=in_force_lines(groups),
             rules_in_play=[g.to_dict() for g in groups])
    if report_file:
        write_report(report_file, tournament_page(d), force=force or resuming)
    return TournamentRun(t, d)
