"""``drydock scenario``: Appendix S's random scenario roll; each subcommand one library call."""

from __future__ import annotations

import click


@click.group()
def scenario() -> None:
    """Appendix S scenarios: roll one at random (the 11-66 chart, p.58)."""


@scenario.command()
@click.option("--seed", type=int, help="Let drydock roll the two dice.")
@click.option("--dice", metavar="D1,D2", help="The two dice as rolled at the table (tens, then ones).")
def roll(seed: int | None, dice: str | None) -> None:
    """Roll a scenario on Appendix S's chart (11-66) and print its set-up."""
    # lazy: keeps --help fast
    from drydock.insight.scenario_text import scenario_roll

    for line in scenario_roll(seed, dice):
        click.echo(line)
