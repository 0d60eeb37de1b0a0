"""``drydock ssd``: print starship display sheets for any number of designs into one PDF (1.0-1.5)."""

from __future__ import annotations

import sys

import click

from drydock.cli.rating import rules_option, source_option


def _write(target: str, data: str | bytes, force: bool) -> None:
    """Write to a file atomically, or to standard output for '-' (binary PDF included)."""
    # lazy: keeps --help fast
    from drydock.formats import write_atomic

    if target != "-":
        write_atomic(target, data, force=force)
        return
    stream = sys.stdout.buffer  # click.get_binary_stream is deprecated in click 8.5
    stream.write(data.encode("utf-8") if isinstance(data, str) else data)
    stream.flush()


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="PDF to write ('-' for standard output). An existing file is never overwritten unless --force "
                   "is given.")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
              show_default=True, help="Paper size.")
@click.option("--per-page", type=click.Choice(["1", "2", "4"]), default="1", show_default=True,
              help="Sheets per page; a sheet too big for its share gets full pages of its own.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False, allow_dash=True),
              help="Also write the booklet as HTML (same --force rule).")
@click.option("--blank", is_flag=True, help="Print only the damage tracks and the game turn record.")
@click.option("--compact", is_flag=True,
              help="At one sheet per page, keep the compact size instead of larger boxes and type.")
@click.option("--dac", is_flag=True,
              help="Captain's Companion D7 random damage allocation: print the weapons and systems damage "
                   "allocation charts, with letter codes in place of loss limits (any ruleset).")
@click.option("--key/--no-key", default=True, show_default=True,
              help="Print the arc key (arcs A-L, defensive arcs, the alternate codes used).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes laying out sheets (default: one per CPU); the PDF is the same for any number.")
@click.option("--roster/--no-roster", default=None,
              help="Open with a fleet roster page (default: when there is more than one sheet).")
@click.option("--force", is_flag=True, help="Overwrite OUT.pdf (and the --html file) if they exist.")
@source_option
@rules_option
def ssd(files: tuple[str, ...], output: str, paper: str, per_page: str, html_out: str | None, blank: bool,
        compact: bool, dac: bool, key: bool, jobs: int | None, roster: bool | None, force: bool, source: str | None,
        rules_file: str | None) -> None:
    """Print display sheets for the designs in FILES (any readable format; - is stdin) into one PDF.

    Bad files are reported and skipped; the exit status is 1 if any file could not be read.
    Illegal designs still print, marked "Not a legal design". A fleet file prints one sheet per
    ship, its NAME and ID filled in, with the roster at the front. A Nova record (X.2) prints its
    Nova sheet. Progress is shown on a terminal.
    """
    # lazy: keeps --help fast
    from drydock.render.warm import warm_printer

    # WeasyPrint starts in a process of its own while the designs are read (drydock.render.warm)
    with warm_printer(paper=paper.lower(), per_page=int(per_page), blank=blank, compact=compact, key=key,
                      jobs=jobs) as printer:
        # lazy: keeps --help fast
        from drydock.cli.preflight import check_inputs
        from drydock.cli.progress import busy, progress
        from drydock.insight.ssd_files import check_ssd_outputs, print_files

        check_inputs(files, source)
        check_ssd_outputs(output, html_out, files, force=force)
        run = print_files(files, rules_file, source=source, paper=paper.lower(), per_page=int(per_page),
                          blank=blank, compact=compact, dac=dac, key=key, jobs=jobs, roster=roster,
                          html=bool(html_out), warn=lambda line: click.echo(line, err=True),
                          wrap=lambda names: progress(names, "Reading designs"), rendering=busy, printer=printer)
    _write(output, run.pdf, force)
    if html_out and run.html is not None:
        _write(html_out, run.html, force)
    click.echo(f"{output}: {len(run.booklet.sheets)} display sheet(s)", err=True)
    sys.exit(run.exit_status)
