"""``drydock ssd``: print starship display sheets for any number of designs into one PDF (1.0-1.5)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from drydock.cli.rating import _inputs, rules_option
from drydock.errors import DrydockError


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="PDF to write. An existing file is never overwritten unless --force is given.")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
              show_default=True, help="Paper size.")
@click.option("--per-page", type=click.Choice(["1", "2", "4"]), default="1", show_default=True,
              help="Sheets per page; a sheet too big for its share gets full pages of its own.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False),
              help="Also write the booklet as HTML (same --force rule).")
@click.option("--blank", is_flag=True, help="Print only the damage tracks and the game turn record.")
@click.option("--roster/--no-roster", default=None,
              help="Open with a fleet roster page (default: when there is more than one sheet).")
@click.option("--force", is_flag=True, help="Overwrite OUT.pdf (and the --html file) if they exist.")
@rules_option
def ssd(files: tuple[str, ...], output: str, paper: str, per_page: str, html_out: str | None, blank: bool,
        roster: bool | None, force: bool, rules_file: str | None) -> None:
    """Print display sheets for the designs in FILES (any readable format; - is stdin) into one PDF.

    Bad files are reported and skipped; the exit status is 1 if any file could not be read.
    Illegal designs still print, marked "Not a legal design". A fleet file prints one sheet per
    ship, its NAME and ID filled in, with the roster at the front.
    """
    from drydock.formats import write_atomic
    from drydock.render.fleet import fleet_booklet
    from drydock.render.html import render_html, standalone_asset_base
    from drydock.render.pdf import render_pdf
    from drydock.validation import validate

    for target in filter(None, (output, html_out)):
        if any(_same_file(target, f) for f in files if f != "-"):
            raise DrydockError(f"{target}: is one of the input files; refusing to overwrite it")
        if Path(target).exists() and not force:
            raise DrydockError(f"{target}: already exists (use --force to overwrite)")

    designs = []
    failed = False
    rules = None
    fleets = 0
    for item in _inputs(files, rules_file, per_ship=True):
        if item.error is not None:
            click.echo(f"drydock: error: {item.error}", err=True)
            failed = True
            continue
        if item.design is None:  # the end of a fleet
            fleets += 1
            continue
        rules = rules or (item.fleet.house.base if item.fleet is not None else item.rules)
        design = item.design
        errors = [p for p in validate(design, item.rules) if p.is_error]
        if errors:
            click.echo(f"drydock: warning: {item.name}: {design.title or '(unnamed design)'} is not a legal design "
                       f"({errors[0].code}{' ...' if len(errors) > 1 else ''}); printed with its problems",
                       err=True)
        designs.append((design, item.rules, item.scoped))
    if not designs:
        raise DrydockError("no design could be read; nothing to print")

    booklet = fleet_booklet(designs, rules=rules, paper=paper.lower(), per_page=int(per_page), blank=blank,
                            roster=True if roster is None and fleets else roster)
    pdf = render_pdf(booklet)
    write_atomic(output, pdf, force=force)
    if html_out:
        write_atomic(html_out, render_html(booklet, asset_base=standalone_asset_base()), force=force)
    click.echo(f"{output}: {len(booklet.sheets)} display sheet(s)", err=True)
    sys.exit(1 if failed else 0)
