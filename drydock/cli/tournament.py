"""``drydock tournament``: a round robin of designs, resumable, on every core."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from drydock.cli.options import deployment_option, play_options
from drydock.engine.choices import DEFAULT_DOCTRINE, DOCTRINE_NAMES

DOCTRINES = sorted(DOCTRINE_NAMES)


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--runs", default=200, show_default=True,
              help="Battles of each pairing's verdict (its plan game's race costs up to 2 x RUNS more).")
@click.option("--seed", default=1, show_default=True, help="Master seed.")
@click.option("--turns", default=20, show_default=True, help="Turn limit; a battle still undecided is a draw.")
@click.option("--jobs", default=0, help="Worker processes [default: all cores]; results do not depend on it.")
@click.option("--board", default="32x18", show_default=True, help="Board size, columns x rows.")
@click.option("--floating", is_flag=True, help="Floating board (D.4): the same as --option D.4.")
@click.option("--launch-recovery", is_flag=True,
              help="Launch & Recovery (F.5), the same as --option F.5.")
@play_options
@click.option("--battle-size", default="auto", show_default=True,
              type=click.Choice(["auto", "very-small", "small", "medium", "large", "very-large"]),
              help="VP target from 2.2; auto = 60% of the larger side's CR.")
@click.option("--doctrine", default=DEFAULT_DOCTRINE, show_default=True, type=click.Choice(DOCTRINES),
              help="How both sides fly and fight.")
@deployment_option
@click.option("--scheduler", metavar="ADDRESS",
              help="Run the battles on a Dask cluster (tcp://HOST:8786; pip install 'starmada-drydock[cluster]'); "
                   "results as with --jobs. A loopback address, or tls:// with the --tls-* files; any other "
                   "needs --trust-cluster.")
@click.option("--tls-ca-file", metavar="FILE", help="With a tls:// --scheduler: the CA (PEM) that signed the "
              "scheduler's certificate [default: Dask's distributed.comm.tls configuration].")
@click.option("--tls-cert", metavar="FILE", help="With a tls:// --scheduler: this client's certificate (PEM).")
@click.option("--tls-key", metavar="FILE", help="With a tls:// --scheduler: the key of --tls-cert (PEM).")
@click.option("--trust-cluster", is_flag=True,
              help="Connect to a plain tcp:// --scheduler off this machine. Dask unpickles what the scheduler "
                   "sends: that scheduler, its workers and anyone who can reach it can run code on this machine.")
@click.option("--scheduler-timeout", default=30, show_default=True, metavar="SECONDS",
              help="Seconds to wait for the --scheduler to connect or answer, and for a worker to join.")
@click.option("--state", "state_file", type=click.Path(dir_okay=False),
              help="Keep finished pairings in this JSON file; a rerun resumes from it.")
@click.option("--json", "as_json", is_flag=True, help="Print the matrix and ranking as JSON.")
@click.option("--report", "report_file", type=click.Path(dir_okay=False),
              help="Write a report: FILE.html, FILE.pdf or FILE.svg (the matrix).")
@click.option("--force", is_flag=True, help="Overwrite an existing --report file (a rerun resuming from --state "
                                           "rewrites its report without it).")
def tournament(files: tuple[str, ...], runs: int, seed: int, turns: int, jobs: int, board: str, floating: bool,
               launch_recovery: bool, battle_size: str, doctrine: str, scheduler: str | None,
               tls_ca_file: str | None, tls_cert: str | None, tls_key: str | None, trust_cluster: bool,
               scheduler_timeout: int,
               state_file: str | None, as_json: bool, report_file: str | None, force: bool,
               play_option: tuple[str, ...], scenario: str | None, terrain: tuple[str, ...],
               rules_file: str | None, deployment: str) -> None:
    """Every design in FILES (design or fleet files) against every other, with battle's verdict.

    Each pairing is the plan game of drydock battle (raced within 2 x RUNS battles, solved exactly),
    its equilibrium pairing fought RUNS battles. Prints a ranking by the score each design can
    guarantee, the score matrix, the plans of each pairing, and the throughput.
    """
    # lazy: keeps --help fast
    from drydock.cli.options import battle_settings, board_size, deployment_setup
    from drydock.cli.preflight import check_inputs, check_new_outputs
    from drydock.cli.progress import counter
    from drydock.errors import DrydockError
    from drydock.formats.files import check_regular
    from drydock.insight.cluster_access import Scheduler
    from drydock.insight.pages import check_report_path
    from drydock.insight.tournament_run import run_tournament

    w, h = board_size(board, runs, jobs, turns, min_jobs=0)
    cluster = None if scheduler is None else Scheduler(scheduler, tls_ca_file, tls_cert, tls_key, trust_cluster,
                                                       scheduler_timeout)
    if cluster is None and (tls_ca_file or tls_cert or tls_key or trust_cluster):
        raise DrydockError("--tls-ca-file, --tls-cert, --tls-key and --trust-cluster are for --scheduler")
    check_inputs(files)
    if report_file:
        check_report_path(report_file)
    # a rerun resuming from --state writes the tournament's report again (README: "rerun the same command")
    resuming = state_file is not None and Path(state_file).exists()
    check_new_outputs([state_file, report_file], files, force=True)
    check_new_outputs([report_file], files, force=force or resuming)
    if state_file:
        check_regular(state_file)  # a FIFO, device or directory: refused before the first battle
    settings = battle_settings(play_option, scenario, terrain, floating, launch_recovery, rules_file, turns=turns,
                               board=(w, h), doctrine=doctrine, battle_size=battle_size)
    settings = replace(settings, **deployment_setup(deployment, True, per_side=False))  # 2.3, issue 37
    run = run_tournament(files, settings, runs=runs, seed=seed, jobs=jobs, state_file=state_file,
                         report_file=report_file, force=force, scheduler=cluster, rules_file=rules_file,
                         progress=lambda total: counter(total, "battles", show=True))  # stderr, a terminal only
    click.echo(run.json() if as_json else run.text())
