"""``drydock rate``, ``drydock check`` and ``drydock schema``."""

from __future__ import annotations

import json
import sys

import click

rules_option = click.option("--rules", "rules_file", type=click.Path(exists=True, dir_okay=False),
                            help="YAML house-rule file whose entries override the Unity tables.")
library_option = click.option("--library", "libraries", multiple=True, type=click.Path(exists=True, dir_okay=False),
                              help="Weapon library whose profiles override the designs' own (repeatable); "
                                   "lists the designs it changes.")


def _read_all(files: tuple[str, ...], rules_file: str | None):  # type: ignore[no-untyped-def]
    """Yield (file, design or None, error or None, rules) for every design in every file, past bad files;
    a fleet file gives one design per ship, each with its faction's rules."""
    for item in _inputs(files, rules_file, per_ship=True):
        if item.design is not None or item.error is not None:
            yield item.name, item.design, item.error, item.rules


def _inputs(files: tuple[str, ...], rules_file: str | None, per_ship: bool = False):  # type: ignore[no-untyped-def]
    """The :class:`drydock.formats.fleet.Item` of every design, fleet and bad file in FILES (folders expanded)."""
    from drydock.formats.fleet import read_inputs
    from drydock.houserules import load_house_rules

    return read_inputs(files, load_house_rules(rules_file), per_ship=per_ship, explicit_rules=rules_file is not None)


def _library_report(files: tuple[str, ...], rules_file: str | None, libraries: tuple[str, ...]) -> None:
    from drydock.formats.fleet import library_changes
    from drydock.houserules import load_house_rules

    changes = library_changes(files, load_house_rules(rules_file), libraries, explicit_rules=rules_file is not None)
    click.echo(f"Designs changed by {', '.join(libraries)}: {len(changes) or 'none'}")
    for name, design, before, after in changes:
        click.echo(f"  {name}: {design.title or design.class_name}: CR {before} -> {after}")


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per design.")
@rules_option
@library_option
def rate(files: tuple[str, ...], as_json: bool, rules_file: str | None, libraries: tuple[str, ...]) -> None:
    """Rate the designs in FILES: SU used and remaining, ORAT, DRAT, CR, tracks, loss limits, problems.

    FILES may be folders, and fleet files: a fleet prints each design once with its ships,
    then the fleet total against its battle size (2.2).
    """
    from drydock.fleet import format_fleet, rate_fleet
    from drydock.formats.library import library_override
    from drydock.report import format_rating
    from drydock.validation import rate as rate_design

    results: list = []
    failed = False
    with library_override(libraries):
        for item in _inputs(files, rules_file):
            if item.error is not None:
                click.echo(f"drydock: error: {item.error}", err=True)
                failed = True
                continue
            if item.design is None:  # the end of a fleet
                summary = rate_fleet(item.fleet)
                if as_json:
                    results.append(summary.to_dict())
                else:
                    click.echo(format_fleet(summary, item.name) + "\n")
                continue
            rating = rate_design(item.design, item.rules)
            if as_json:
                obj = rating.to_dict()
                obj["file"] = item.name
                obj["rules"] = item.rules.label
                if item.entry is not None:
                    obj["count"] = item.entry.count
                results.append(obj)
            else:
                click.echo(format_rating(rating, item.name))
                if item.entry is not None:
                    click.echo(f"Ships: {item.entry.count} in fleet {item.fleet.name or item.name}")
                if item.scoped:
                    click.echo(f"Rules: {item.rules.label}")
                click.echo()
    if libraries and not as_json:
        _library_report(files, rules_file, libraries)
    if as_json:
        click.echo(json.dumps(results, indent=2))
    if failed:
        sys.exit(2)


@click.command()
@click.argument("files", nargs=-1, required=True)
@rules_option
@library_option
def check(files: tuple[str, ...], rules_file: str | None, libraries: tuple[str, ...]) -> None:
    """Check the designs in FILES; print `FILE: CODE message` per problem, exit 1 if any is illegal.

    FILES may be folders, and fleet files: a fleet also fails when it exceeds its battle size
    (FLEET_OVER_LIMIT, 2.2).
    """
    from drydock.fleet import validate_fleet
    from drydock.formats.library import library_override
    from drydock.validation import validate

    illegal = False
    with library_override(libraries):
        for item in _inputs(files, rules_file):
            if item.error is not None:
                click.echo(f"drydock: error: {item.error}", err=True)
                illegal = True
                continue
            if item.design is None:
                problems, label = validate_fleet(item.fleet), item.fleet.name or "fleet"
            else:
                problems, label = validate(item.design, item.rules), item.design.class_name or "?"
            for p in problems:
                tag = "" if p.is_error else " (warning)"
                click.echo(f"{item.name}: {p.code} {label}: {p.message}{tag}")
                illegal = illegal or p.is_error
    if libraries:
        _library_report(files, rules_file, libraries)
    sys.exit(1 if illegal else 0)


@click.command()
@click.option("--fleet", "kind", flag_value="fleet", help="The fleet file's schema instead.")
@click.option("--library", "kind", flag_value="library", help="The weapon library file's schema instead.")
def schema(kind: str | None) -> None:
    """Print the JSON Schema of the YAML/JSON design file (or fleet or weapon library file), for editors."""
    from importlib import import_module

    module = {"fleet": "drydock.formats.fleet", "library": "drydock.formats.library"}.get(kind or "",
                                                                                          "drydock.formats.native")
    click.echo(json.dumps(import_module(module).json_schema(), indent=2))
