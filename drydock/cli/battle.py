"""``drydock battle``: Monte Carlo match-ups of designs with the play engine (issues 6 and 15)."""

from __future__ import annotations

import json

import click

from drydock.cli.options import deployment_option, play_options
from drydock.engine.choices import DEFAULT_DOCTRINE, DOCTRINE_NAMES
from drydock.engine.plans import MENU
from drydock.errors import DrydockError, printable

DOCTRINES = sorted(DOCTRINE_NAMES)

PLAN_CHOICES = [*MENU, "doctrine"]

@click.command()
@click.argument("side_a")
@click.argument("side_b")
@click.option("--count-a", default=1, show_default=True, help="Copies of side A's designs.")
@click.option("--count-b", default=1, show_default=True, help="Copies of side B's designs.")
@click.option("--runs", default=1000, show_default=True,
              help="The most battles: the verdict's battles and each pairing of plans stop when the verdict is "
                   "decided, at RUNS at most (the race of the plans within 2 x RUNS); exactly RUNS with "
                   "--exact-runs, --plan or --no-robustness.")
@click.option("--exact-runs", is_flag=True,
              help="No early stop: race the plans as far as RUNS allows and fight exactly RUNS verdict battles.")
@click.option("--seed", default=1, show_default=True, help="Master seed (run i uses a seed derived from it).")
@click.option("--turns", default=20, show_default=True, help="Turn limit; a battle still undecided is a draw.")
@click.option("--jobs", default=1, show_default=True, help="Worker processes (results do not depend on it).")
@click.option("--board", default="32x18", show_default=True,
              help="Board size, columns x rows (0.1: the book's minimum is 32x18).")
@click.option("--floating", is_flag=True, help="Floating board (D.4): the same as --option D.4.")
@click.option("--launch-recovery", is_flag=True,
              help="Launch & Recovery (F.5), the same as --option F.5: flights and shuttlecraft start aboard, "
                   "launch in the End Phase (launch tubes double it), recover.")
@play_options
@deployment_option
@click.option("--doctrine", default=DEFAULT_DOCTRINE, show_default=True, type=click.Choice(DOCTRINES),
              help="How both sides fly and fight, unless --doctrine-a/--doctrine-b say otherwise (docs/battles.md).")
@click.option("--doctrine-a", type=click.Choice(DOCTRINES), help="Side A's doctrine [default: --doctrine].")
@click.option("--doctrine-b", type=click.Choice(DOCTRINES), help="Side B's doctrine [default: --doctrine].")
@click.option("--robustness/--no-robustness", default=True, show_default=True,
              help="Play the plan game of doctrine and plan: fight the pairings of plans until the value's interval "
                   "decides the verdict, try the other doctrine, and fly the verdict's battles from the best plans' "
                   "mix (docs/verdicts.md). --no-robustness: one pairing, exactly RUNS battles.")
@click.option("--plan", "plan", type=click.Choice(PLAN_CHOICES),
              help="Both sides fly this plan: one pairing, exactly RUNS battles (doctrine: the doctrine's own range).")
@click.option("--plan-a", type=click.Choice(PLAN_CHOICES), help="Side A's plan [default: --plan].")
@click.option("--plan-b", type=click.Choice(PLAN_CHOICES), help="Side B's plan [default: --plan].")
@click.option("--battle-size", default="auto", show_default=True,
              type=click.Choice(["auto", "very-small", "small", "medium", "large", "very-large"]),
              help="VP target from 2.2; auto = 60% of the larger side's CR.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary and the report as JSON.")
@click.option("--log", "log_file", type=click.Path(dir_okay=False), help="Write run 0 turn by turn to FILE.")
@click.option("--report", "report_file", type=click.Path(dir_okay=False),
              help="Write a report with charts: FILE.html, FILE.pdf, or FILE.svg (the win/draw/loss chart).")
@click.option("--force", is_flag=True, help="Overwrite an existing --log or --report file.")
def battle(side_a: str, side_b: str, count_a: int, count_b: int, runs: int, exact_runs: bool, seed: int, turns: int,
           jobs: int,
           board: str, floating: bool, launch_recovery: bool, doctrine: str, doctrine_a: str | None,
           doctrine_b: str | None, robustness: bool, plan: str | None, plan_a: str | None, plan_b: str | None,
           battle_size: str, as_json: bool, log_file: str | None,
           report_file: str | None, force: bool, play_option: tuple[str, ...], scenario: str | None,
           terrain: tuple[str, ...], rules_file: str | None, deployment: str) -> None:
    """Fight SIDE_A against SIDE_B (design or fleet files; several files comma-separated) RUNS times.

    A fleet file fields every ship of the fleet, by name.

    The verdict is the value of the plan game (docs/verdicts.md): the pairings of the plans (and doctrines) each
    side could fly are fought until the value's interval decides who is favoured, the matrix solved exactly,
    and the verdict's battles flown from the best plans' mix. Prints the verdict first (who is favoured, how
    sure, the wins, draws and losses behind it), then what explains it: the plans, the matrix, the doctrine,
    the battles (mean turns, VPs, survival per ship), CR per side, mean damage per battery and range band,
    turns to the first kill, how the battles ended.
    """
    # lazy: keeps --help fast
    from drydock import limits
    from drydock.cli.options import battle_settings, board_size
    from drydock.cli.preflight import check_inputs, check_new_outputs, side_files
    from drydock.cli.progress import counter, stages
    from drydock.insight.battle_run import run_battle

    w, h = board_size(board, runs, jobs, turns)
    plans: tuple[str | None, str | None] | None = None
    if plan or plan_a or plan_b:
        pa, pb = plan_a or plan, plan_b or plan
        plans = (None if pa in (None, "doctrine") else pa, None if pb in (None, "doctrine") else pb)
    settings = battle_settings(play_option, scenario, terrain, floating, launch_recovery, rules_file, turns=turns,
                               board=(w, h), doctrine=(doctrine_a or doctrine, doctrine_b or doctrine),
                               battle_size=battle_size, plan=plans, deployment=deployment,
                               plan_game=robustness and plans is None)
    if count_a < 1 or count_b < 1:
        raise DrydockError("--count-a and --count-b must be at least 1")
    limits.check_battle(runs=runs, jobs=jobs, turns=turns, board=(w, h), ships=(count_a, count_b))
    check_inputs(side_files(side_a, side_b))
    if report_file:
        # lazy: jinja2 and the tournament load for a report or design matrix only
        from drydock.insight.pages import check_report_path

        check_report_path(report_file)
    check_new_outputs([log_file, report_file], side_files(side_a, side_b), force=force)
    run = run_battle(side_a, side_b, settings, runs=runs, seed=seed, count_a=count_a, count_b=count_b, jobs=jobs,
                     robustness=robustness, log_file=log_file,
                     report_file=report_file, matrix=as_json, force=force, rules_named=rules_file is not None,
                     rules_file=rules_file,
                     warn=lambda line: click.echo(line, err=True),
                     progress=lambda: counter(runs, "battles", show=runs >= 200),  # stderr, a terminal only
                     stages=lambda: stages(show=True), exact=exact_runs)
    if as_json:
        click.echo(json.dumps(run.data, indent=2))
    else:
        for block in run.text():
            click.echo(printable(block))
