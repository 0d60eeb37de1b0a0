"""``drydock battle``: Monte Carlo match-ups of designs with the play engine (issues 6 and 15)."""

from __future__ import annotations

import json

import click

from drydock.cli.options import play_options
from drydock.engine.ai import DEFAULT_DOCTRINE, DOCTRINES
from drydock.engine.plans import MENU
from drydock.errors import DrydockError, one_line, printable

PLAN_CHOICES = [*MENU, "doctrine"]

MATRIX_RUNS = 200


@click.command()
@click.argument("side_a")
@click.argument("side_b")
@click.option("--count-a", default=1, show_default=True, help="Copies of side A's designs.")
@click.option("--count-b", default=1, show_default=True, help="Copies of side B's designs.")
@click.option("--runs", default=1000, show_default=True, help="Number of battles.")
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
@click.option("--doctrine", default=DEFAULT_DOCTRINE, show_default=True, type=click.Choice(sorted(DOCTRINES)),
              help="How both sides fly and fight, unless --doctrine-a/--doctrine-b say otherwise (docs/battles.md).")
@click.option("--doctrine-a", type=click.Choice(sorted(DOCTRINES)), help="Side A's doctrine [default: --doctrine].")
@click.option("--doctrine-b", type=click.Choice(sorted(DOCTRINES)), help="Side B's doctrine [default: --doctrine].")
@click.option("--robustness/--no-robustness", default=True, show_default=True,
              help="Play the plan game: fight every pairing of plans, solve the matrix, and fight the equilibrium's "
                   "pairing RUNS times (docs/battles.md). --no-robustness: one pairing, exactly RUNS battles.")
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
def battle(side_a: str, side_b: str, count_a: int, count_b: int, runs: int, seed: int, turns: int, jobs: int,
           board: str, floating: bool, launch_recovery: bool, doctrine: str, doctrine_a: str | None,
           doctrine_b: str | None, robustness: bool, plan: str | None, plan_a: str | None, plan_b: str | None,
           battle_size: str, as_json: bool, log_file: str | None,
           report_file: str | None, force: bool, play_option: tuple[str, ...], scenario: str | None,
           terrain: tuple[str, ...], rules_file: str | None) -> None:
    """Fight SIDE_A against SIDE_B (design or fleet files; several files comma-separated) RUNS times.

    A fleet file fields every ship of the fleet, by name.

    The verdict is the value of the plan game (docs/battles.md): every pairing of the plans each side could fly
    is fought, the matrix solved exactly, and the equilibrium's pairing fought RUNS times. Prints the verdict
    (win/draw/loss rates with Wilson 95% intervals), the plans, the matrix and what each plan guarantees, mean
    turns, mean VPs and survival per ship, then why: CR per side, mean damage per battery and range band,
    turns to the first kill, how the battles ended.
    """
    # lazy: keeps --help fast
    from drydock import limits
    from drydock.cli.options import board_size, play_setup
    from drydock.cli.preflight import check_inputs, check_new_outputs, side_files
    from drydock.cli.progress import counter
    from drydock.engine.montecarlo import format_summary, illegal_designs, one_battle_log
    from drydock.engine.plan_game import decision, format_game, plan_game
    from drydock.formats import check_outputs, write_atomic
    from drydock.formats.fleet import read_side
    from drydock.insight.battle_report import design_matrix, fight, format_report, full_dict, outcome_rates
    from drydock.insight.numbers import rounded
    from drydock.insight.pages import battle_page, check_report_path, write_report

    w, h = board_size(board, runs, jobs, turns)
    play = play_setup(play_option, scenario, terrain, floating, launch_recovery, rules_file)
    if count_a < 1 or count_b < 1:
        raise DrydockError("--count-a and --count-b must be at least 1")
    limits.check_battle(runs=runs, jobs=jobs, turns=turns, board=(w, h), ships=(count_a, count_b))
    check_inputs(side_files(side_a, side_b))
    if report_file:
        check_report_path(report_file)
    check_new_outputs([log_file, report_file], side_files(side_a, side_b), force=force)
    (a, fleets_a), (b, fleets_b) = read_side(side_a), read_side(side_b)
    limits.check_battle(runs=runs, jobs=jobs, turns=turns, board=(w, h), ships=(len(a) * count_a, len(b) * count_b))
    a, b = a * count_a, b * count_b
    check_outputs([f for f in (log_file, report_file) if f],  # every input read, nested ones too (issue 27)
                  [f.strip() for f in f"{side_a},{side_b}".split(",") if f.strip()])
    for fleet in fleets_a + fleets_b:
        if not fleet.house.base.is_book or fleet.house.factions:
            click.echo(f"drydock: warning: {fleet.file}: the fleet's own house rules are not applied; the battle "
                       f"fights under {'--rules' if rules_file else 'the book rules'}", err=True)
    for problem in illegal_designs(a + b):
        click.echo(one_line(f"drydock: warning: {problem}"), err=True)
    opts = {"turns": turns, "board": (w, h), "battle_size": battle_size, "floating": False,
            "doctrine": (doctrine_a or doctrine, doctrine_b or doctrine), "launch_recovery": False, **play}
    game = None
    if plan or plan_a or plan_b:
        opts["plan"] = tuple(None if p in (None, "doctrine") else p for p in (plan_a or plan, plan_b or plan))
    elif robustness:
        game = plan_game(a, b, runs=runs, seed=seed, jobs=jobs, **opts)
        opts["plan"] = game.chosen_plans()
    if log_file:
        result = one_battle_log(a, b, seed=seed, **opts)
        write_atomic(log_file, "\n".join(result.log) + "\n", force=force)
    with counter(runs, "battles", show=not as_json and runs >= 200) as update:
        summary, report = fight(a, b, runs=runs, seed=seed, jobs=jobs, progress=update, **opts)
    data = full_dict(summary, report)
    data["verdict"] = decision(summary, game)
    if game:
        data["plan_game"] = rounded(game.to_dict())
        data["robustness"] = {"line": data["plan_game"]["line"]}
    matrix = None
    if report_file or as_json:
        matrix = design_matrix(a, b, runs=min(runs, MATRIX_RUNS), seed=seed, jobs=jobs, **opts)
        if matrix:
            data["matrix"] = {"designs": matrix["labels"], "runs": matrix["runs"], "doctrine": matrix["doctrine"],
                              "win_rate": matrix["matrix"]}
    if report_file:
        write_report(report_file, battle_page(data, outcome_rates(summary), seed, matrix), force=force)
    if as_json:
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(printable(format_summary(summary, seed)))
        click.echo(printable(data["verdict"]))
        if game:
            click.echo(printable(format_game(game)))
            click.echo(printable(data["robustness"]["line"]))
        click.echo(printable(format_report(report)))
