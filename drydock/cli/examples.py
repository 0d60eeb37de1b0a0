"""``drydock examples``: list the bundled example designs, or copy them to a folder."""

from __future__ import annotations

from pathlib import Path

import click

from drydock.resources import examples_dir


@click.command()
@click.option("--copy", "dest", type=click.Path(file_okay=False), help="Copy the examples into this folder.")
@click.option("--force", is_flag=True, help="With --copy: replace files already in the folder.")
def examples(dest: str | None, force: bool) -> None:
    """List the bundled example designs (works from an installed package too)."""
    # lazy: keeps --help fast
    from drydock.formats import write_atomic

    root = examples_dir()
    files = sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith("."))
    for path in files:
        if dest is None:
            click.echo(str(path))
        else:
            target = Path(dest) / path.relative_to(root)
            write_atomic(target, path.read_bytes(), force=force)
            click.echo(f"copied {target}")
