"""``drydock ssd``: print starship display sheets for any number of designs into one PDF (1.0-1.5)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from drydock.cli.rating import _inputs, _is_nova, attempt, report_error, rules_option, source_option
from drydock.errors import DrydockError, one_line
from drydock.formats import check_outputs


def _write(target: str, data: str | bytes, force: bool) -> None:
    """Write to a file atomically, or to standard output for '-' (binary PDF included)."""
    # lazy: keeps --help fast
    from drydock.formats import write_atomic

    if target != "-":
        write_atomic(target, data, force=force)
        return
    stream = click.get_binary_stream("stdout")
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
    from drydock.cli.preflight import check_inputs
    from drydock.cli.progress import busy, progress
    from drydock.core.validation import rate, validate
    from drydock.render.fleet import fleet_booklet
    from drydock.render.html import render_html, standalone_asset_base
    from drydock.render.pdf import render_pdf
    from drydock.render.sheet import check_printable, sheet_from_rating

    check_inputs(files, source)
    if output == "-" and html_out == "-":
        raise DrydockError("only one of -o and --html can be standard output ('-')")
    check_outputs([t for t in (output, html_out) if t], [f for f in files if f != "-"])
    for target, kinds in ((output, (".pdf",)), (html_out, (".html", ".htm"))):
        suffix = Path(target).suffix.lower() if target and target != "-" else ""
        if suffix and suffix not in kinds:  # ship.png would hold a PDF: refuse rather than mislabel it
            hint = " (for a picture, convert the PDF: pdftoppm -png -r 150 ship.pdf ship)" if kinds[0] == ".pdf" else ""
            raise DrydockError(f"{target}: ssd writes {kinds[0][1:].upper()}; name the file {kinds[0]}{hint}")
    for target in (t for t in (output, html_out) if t and t != "-"):
        if Path(target).exists() and not force:
            raise DrydockError(f"{target}: already exists (use --force to overwrite)")

    designs = []
    failed = False
    rules = None
    fleets = 0
    items = (item for f in progress(files, "Reading designs")
             for item in _inputs((f,), rules_file, per_ship=True, source=source))
    for item in items:
        if item.warning is not None:
            click.echo(one_line(f"drydock: warning: {item.warning}"), err=True)
            continue
        if item.error is None and item.design is not None and _is_nova(item.design):
            # lazy: keeps --help fast
            from drydock.convert.nova_sheet import sheet_from_nova

            sheet, error = attempt(item, lambda d: check_printable(sheet_from_nova(d)))
            if error is not None:
                report_error(error)
                failed = True
            else:
                designs.append((sheet, item.rules, False))
            continue
        errors, error = attempt(item, lambda d, i=item: (check_printable(sheet_from_rating(rate(d, i.rules), i.rules)),
                                                          [p for p in validate(d, i.rules) if p.is_error])[1])
        if error is not None:
            report_error(error)
            failed = True
            continue
        if item.design is None:  # the end of a fleet
            fleets += 1
            continue
        rules = rules or (item.fleet.house.base if item.fleet is not None else item.rules)
        design = item.design
        if errors:
            click.echo(one_line(f"drydock: warning: {item.name}: {design.title or '(unnamed design)'} is not a legal "
                                f"design ({errors[0].code}{' ...' if len(errors) > 1 else ''}); printed with its "
                                "problems"), err=True)
        designs.append((design, item.rules, item.scoped))
    if not designs:  # nothing to print at all: an error of the command, not of one item
        raise DrydockError("no design could be read; nothing to print")

    booklet = fleet_booklet(designs, rules=rules, paper=paper.lower(), per_page=int(per_page), blank=blank,
                            roster=True if roster is None and fleets else roster, compact=compact, key=key,
                            dac=dac)
    with busy(f"Rendering {len(booklet.sheets)} sheet(s) to PDF"):
        pdf = render_pdf(booklet, jobs=jobs)
    _write(output, pdf, force)
    if html_out:
        _write(html_out, render_html(booklet, asset_base=standalone_asset_base()), force)
    click.echo(f"{output}: {len(booklet.sheets)} display sheet(s)", err=True)
    sys.exit(1 if failed else 0)
