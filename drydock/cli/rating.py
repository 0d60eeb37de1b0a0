"""``drydock rate``, ``drydock check`` and ``drydock schema``."""

from __future__ import annotations

import json
import sys

import click

from drydock.errors import DrydockError

rules_option = click.option("--rules", "rules_file", type=click.Path(exists=True, dir_okay=False),
                            help="YAML house-rule file whose entries override the Unity tables.")


def _read_all(files: tuple[str, ...], rules_file: str | None):  # type: ignore[no-untyped-def]
    """Yield (file, design or None, error or None) for every design in every file, past bad files."""
    from drydock.formats import read_designs
    from drydock.houserules import load_ruleset

    rules = load_ruleset(rules_file)
    for name in files:
        try:
            designs = read_designs(name, rules=rules)
        except (DrydockError, OSError) as exc:
            msg = str(exc) if isinstance(exc, DrydockError) else f"{name}: {exc.strerror or exc}"
            yield name, None, msg, rules
            continue
        for design in designs:
            yield name, design, None, rules


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per design.")
@rules_option
def rate(files: tuple[str, ...], as_json: bool, rules_file: str | None) -> None:
    """Rate the designs in FILES: SU used and remaining, ORAT, DRAT, CR, tracks, loss limits, problems."""
    from drydock.report import format_rating
    from drydock.validation import rate as rate_design

    results = []
    failed = False
    for name, design, error, rules in _read_all(files, rules_file):
        if error is not None:
            click.echo(f"drydock: error: {error}", err=True)
            failed = True
            continue
        rating = rate_design(design, rules)
        if as_json:
            item = rating.to_dict()
            item["file"] = name
            results.append(item)
        else:
            click.echo(format_rating(rating, name))
            click.echo()
    if as_json:
        click.echo(json.dumps(results, indent=2))
    if failed:
        sys.exit(2)


@click.command()
@click.argument("files", nargs=-1, required=True)
@rules_option
def check(files: tuple[str, ...], rules_file: str | None) -> None:
    """Check the designs in FILES; print `FILE: CODE message` per problem, exit 1 if any is illegal."""
    from drydock.validation import validate

    illegal = False
    for name, design, error, rules in _read_all(files, rules_file):
        if error is not None:
            click.echo(f"drydock: error: {error}", err=True)
            illegal = True
            continue
        for p in validate(design, rules):
            tag = "" if p.is_error else " (warning)"
            click.echo(f"{name}: {p.code} {design.class_name or '?'}: {p.message}{tag}")
            illegal = illegal or p.is_error
    sys.exit(1 if illegal else 0)


@click.command()
@rules_option
def schema(rules_file: str | None) -> None:
    """Print the JSON Schema of the YAML/JSON design file (for editors): names, ranges, descriptions."""
    from drydock.formats.native import json_schema
    from drydock.houserules import load_ruleset

    click.echo(json.dumps(json_schema(load_ruleset(rules_file)), indent=2, ensure_ascii=False))
