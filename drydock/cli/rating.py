"""``drydock rate``, ``drydock check`` and ``drydock schema``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from drydock.errors import one_line, printable


class RulesParam(click.ParamType):
    """``--rules``: a bundled ruleset's name (``companion``, ``seeker-fix``) or a house-rule file."""

    name = "NAME|FILE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        # lazy: keeps --help fast
        from drydock.formats.houserules import bundled_names, is_bundled

        if is_bundled(value):
            return value
        if "/" not in str(value) and "." not in str(value) and not Path(str(value)).exists():
            self.fail(f"{value!r} is neither a bundled ruleset ({', '.join(bundled_names())}) nor a file",
                      param, ctx)
        return click.Path(exists=True, dir_okay=False).convert(value, param, ctx)


rules_option = click.option("--rules", "rules_file", type=RulesParam(),
                            help="A bundled ruleset (companion, seeker-fix; see 'drydock rules --list') or a YAML "
                                 "house-rule file whose entries override the Unity tables (base: NAME builds on a "
                                 "bundled one).")
library_option = click.option("--library", "libraries", multiple=True, type=click.Path(exists=True, dir_okay=False),
                              help="Weapon library whose profiles override the designs' own (repeatable); "
                                   "lists the designs it changes.")
source_option = click.option("--from", "source", metavar="FORMAT",
                              help="Input format (drake, yaml, json, xlsx) when the extension does not say; "
                                   "by default standard input ('-') is recognised by its content.")


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per design.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="What-if: change a key before rating, e.g. --set engines=5 --set shields.fwd=3 "
                   "--set 'weapons[0].range=6-12-18' (files are not changed).")
@click.option("--watch", is_flag=True, help="Rate again whenever a file is saved (Ctrl-C to stop).")
@source_option
@rules_option
@library_option
def rate(files: tuple[str, ...], as_json: bool, settings: tuple[str, ...], watch: bool, source: str | None,
         rules_file: str | None, libraries: tuple[str, ...]) -> None:
    """Rate the designs in FILES: SU used and remaining, ORAT, DRAT, CR, tracks, loss limits, problems.

    FILES may be '-' (standard input, in any text format), folders, and fleet files: a fleet prints
    each design once with its ships, then the fleet total against its battle size (2.2).
    """
    # lazy: keeps --help fast
    from drydock.cli.preflight import check_inputs

    check_inputs(files, source)
    kw: dict[str, Any] = {"as_json": as_json, "source": source, "settings": settings, "libraries": libraries}
    if watch:
        _watch(files, rules_file, **kw)
        return
    # lazy: keeps --help fast
    from drydock.insight.rate_files import rate_files

    rated = rate_files(files, rules_file, **kw)
    click.echo(printable(rated.text), nl=False)
    for line in rated.messages:
        click.echo(one_line(line), err=True)
    sys.exit(rated.exit_status)  # every other file was still rated; 1 = a batch item failed (issue 10)


def _watch(files: tuple[str, ...], rules_file: str | None, **kw: Any) -> None:
    # lazy: keeps --help fast
    from drydock.cli.watch import rate_watch

    run = rate_watch(files, rules_file, echo=lambda text, err: click.echo(text, err=err, nl=False),
                     tty=sys.stdout.isatty(), **kw)
    sys.exit(run.exit_status)


@click.command()
@click.argument("files", nargs=-1, required=True)
@source_option
@rules_option
@library_option
def check(files: tuple[str, ...], source: str | None, rules_file: str | None, libraries: tuple[str, ...]) -> None:
    """Check the designs in FILES; print `FILE: CODE message` per problem, exit 1 if any is illegal.

    FILES may be '-' (standard input), folders, and fleet files: a fleet also fails when it exceeds
    its battle size (FLEET_OVER_LIMIT, 2.2). A Nova record (X.2) is checked for its own sense.
    """
    # lazy: keeps --help fast
    from drydock.cli.preflight import check_inputs
    from drydock.insight.check_files import check_files

    check_inputs(files, source)
    result = check_files(files, rules_file, source=source, libraries=libraries)
    for err, line in result.output:
        click.echo(line, err=err)
    sys.exit(result.exit_status)


@click.command()
@click.option("--fleet", "kind", flag_value="fleet", help="The fleet file's schema instead.")
@click.option("--library", "kind", flag_value="library", help="The weapon library file's schema instead.")
@rules_option
def schema(kind: str | None, rules_file: str | None) -> None:
    """Print the JSON Schema of the YAML/JSON design file (or fleet or weapon library file), for editors:
    trait, system and arc names, ranges and a description on every key; --rules for house names."""
    # lazy: keeps --help fast
    from drydock.cli.schema_text import schema_text

    run = schema_text(kind, rules_file=rules_file)
    click.echo(run.text, nl=False)
    sys.exit(run.exit_status)
