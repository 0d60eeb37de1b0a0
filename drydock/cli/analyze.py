"""``drydock analyze``: what a design does at each range and where its space units went (no dice)."""

from __future__ import annotations

import click

from drydock.errors import DrydockError


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--screens", default=2, show_default=True, help="Screens of the screened reference target.")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option("--report", "report_file", type=click.Path(dir_okay=False),
              help="Write a report with charts: FILE.html, FILE.pdf or FILE.svg (damage by range).")
@click.option("--force", is_flag=True, help="Overwrite an existing --report file.")
def analyze(files: tuple[str, ...], screens: int, as_json: bool, report_file: str | None, force: bool) -> None:
    """Exact expected damage per turn against shields 0-5 (with and without screens) at every range,
    firepower by arc, SU and CR breakdown and endurance, for each design in FILES (design or fleet files;
    overlaid in the report)."""
    # lazy: keeps --help fast
    from drydock.cli.preflight import check_inputs, check_new_outputs
    from drydock.insight.analysis_run import analyze_files
    from drydock.insight.pages import check_report_path

    if not 0 <= screens <= 50:
        raise DrydockError("--screens must be between 0 and 50")
    check_inputs(files)
    if report_file:
        check_report_path(report_file)
    check_new_outputs([report_file], files, force=force)
    run = analyze_files(files, screens, report_file=report_file, force=force)
    click.echo(run.json() if as_json else run.text())
