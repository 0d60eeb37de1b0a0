"""``drydock analyze``: what a design does at each range and where its space units went (no dice)."""

from __future__ import annotations

import json

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
    from drydock.formats import check_outputs
    from drydock.formats.fleet import read_side
    from drydock.insight.analysis_text import format_analysis, to_dict
    from drydock.insight.analyze import analyse
    from drydock.insight.pages import analysis_page, check_report_path, write_report
    from drydock.insight.tournament import distinct

    if not 0 <= screens <= 50:
        raise DrydockError("--screens must be between 0 and 50")
    check_inputs(files)
    if report_file:
        check_report_path(report_file)
    check_new_outputs([report_file], files, force=force)
    designs = distinct([d for f in files for d in read_side(f)[0]])  # a fleet's copies: analysed once
    if not designs:
        raise DrydockError("no designs")
    check_outputs([report_file] if report_file else [], list(files))  # nested inputs too (issue 27)
    for d in designs:
        if getattr(d, "kind", None) == "nova":  # X.2 dice are not the 4.2 tables this analysis is exact for
            raise DrydockError(f"{d.title or d.class_name}: a Nova record (X.2) has no Appendix A analysis; see it "
                               "with 'drydock rate' and try it in play with 'drydock battle'")
    analyses = [analyse(d, screens) for d in designs]
    if report_file:
        write_report(report_file, analysis_page(analyses), force=force)
    if as_json:
        click.echo(json.dumps([to_dict(a) for a in analyses], indent=2))
    else:
        click.echo(format_analysis(analyses))
