"""``drydock examples``: list the bundled example designs, or copy them to a folder."""

from __future__ import annotations

import sys

import click


@click.command()
@click.option("--copy", "dest", type=click.Path(file_okay=False), help="Copy the examples into this folder.")
@click.option("--force", is_flag=True, help="With --copy: replace files already in the folder.")
def examples(dest: str | None, force: bool) -> None:
    """List the bundled example designs (works from an installed package too)."""
    # lazy: keeps --help fast
    from drydock.cli.example_files import example_files

    run = example_files(dest, force=force, copied=lambda target: click.echo(f"copied {target}"))
    if dest is None:
        for path in run.files:
            click.echo(str(path))
    sys.exit(run.exit_status)
