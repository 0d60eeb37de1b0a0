"""``drydock new FILE``: start a design without copying an example (a commented YAML starter or a blank workbook)."""

from __future__ import annotations

from pathlib import Path

import click

from drydock.errors import DrydockError

#: file extension -> what ``new`` writes there
KINDS = {".yaml": "a commented starter design", ".yml": "a commented starter design", ".xlsx": "a blank live workbook"}


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
def new(file: str, force: bool) -> None:
    """Write a starter design to FILE: FILE.yaml a commented design that passes `check`,
    FILE.xlsx a blank live workbook. An existing FILE is kept unless --force."""
    # lazy: keeps --help fast
    from drydock.formats import write_atomic
    from drydock.formats.starter import blank_workbook, starter_yaml

    path = Path(file)
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise DrydockError(f"{file}: drydock new writes .yaml (a starter design) or .xlsx (a blank workbook)")
    data = blank_workbook() if path.suffix.lower() == ".xlsx" else starter_yaml().encode("utf-8")
    write_atomic(path, data, force=force)
    click.echo(f"wrote {kind} to {file}; next: drydock check {file}")
