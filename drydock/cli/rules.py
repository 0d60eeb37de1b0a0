"""``drydock rules --variables``: the names each rules formula may use (for writing house rules).

Kept as one option so that it can join a fuller ``drydock rules`` command.
"""

from __future__ import annotations

import click

variables_option = click.option("--variables", is_flag=True,
                                help="List the variables each formula of a house-rule file may use.")


@click.command()
@variables_option
def rules(variables: bool) -> None:
    """Facts about the rules tables for house-rule writers (--variables: what each formula may use)."""
    from drydock.rules.variables import format_variables

    if not variables:
        raise click.UsageError("give --variables")
    click.echo(format_variables())
