"""``drydock new FILE``: start a design without copying an example (a commented YAML starter or a blank workbook)."""

from __future__ import annotations

import sys

import click


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
def new(file: str, force: bool) -> None:
    """Write a starter design to FILE: FILE.yaml a commented design that passes `check`,
    FILE.xlsx a blank live workbook. An existing FILE is kept unless --force."""
    # lazy: keeps --help fast
    from drydock.cli.new_file import new_file

    run = new_file(file, force=force)
    click.echo(run.text, nl=False)
    sys.exit(run.exit_status)
