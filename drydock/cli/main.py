"""The ``drydock`` command: a thin click group whose commands are imported only when run.

Each command lives in its own module (``drydock.cli.<module>``) and makes one
library call. User errors (:class:`~drydock.errors.DrydockError`, unreadable
files) print one line on stderr and exit non-zero; never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

#: command name -> ("module:attribute", one-line help shown by ``drydock --help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "rate": ("drydock.cli.rating:rate", "Rate designs: SU breakdown, ORAT, DRAT, CR, tracks, problems."),
    "check": ("drydock.cli.rating:check", "Check designs are legal; exit 1 if any is not."),
    "battle": ("drydock.cli.battle:battle", "Fight designs against each other many times; odds with 95% CIs."),
    "rules": ("drydock.cli.rules:rules", "List every trait, system and arc code with costs and sections; --variables."),
    "schema": ("drydock.cli.rating:schema", "Print the JSON Schema of the YAML design file."),
    "convert": ("drydock.cli.convert:convert", "Convert designs between Drake, YAML, JSON and xlsx workbooks."),
    "show": ("drydock.cli.convert:show", "Print a design as Drake notation, YAML or JSON."),
    "examples": ("drydock.cli.examples:examples", "List (or --copy) the bundled example designs."),
    "ssd": ("drydock.cli.ssd:ssd", "Print display sheets (SSDs) for designs into one PDF booklet."),
    "analyze": ("drydock.cli.analyze:analyze", "Expected damage by range, arcs, SU/CR and endurance (no dice)."),
    "tournament": ("drydock.cli.tournament:tournament", "Round robin of designs: win-rate matrix and ranking."),
}


class LazyGroup(click.Group):
    """A group that lists its commands without importing them."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        ref, _ = COMMANDS[cmd_name]
        module, _, attr = ref.partition(":")
        return getattr(importlib.import_module(module), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        from drydock.errors import DrydockError

        try:
            return super().invoke(ctx)
        except DrydockError as exc:
            fail(str(exc))
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}")


def fail(message: str, code: int = 2) -> None:
    """Print one clear line on stderr and exit with ``code``."""
    click.echo(f"drydock: error: {message}", err=True)
    sys.exit(code)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="drydock")
def cli() -> None:
    """drydock: design, rate, share, print and test Starmada Unity starships."""


def main() -> None:
    cli(prog_name="drydock")


if __name__ == "__main__":  # pragma: no cover
    main()
