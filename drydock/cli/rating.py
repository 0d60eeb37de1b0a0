"""``drydock rate``, ``drydock check`` and ``drydock schema``."""

from __future__ import annotations

import json
import sys

import click

from drydock.errors import DrydockError

rules_option = click.option("--rules", "rules_file", type=click.Path(exists=True, dir_okay=False),
                            help="YAML house-rule file whose entries override the Unity tables.")


source_option = click.option("--from", "source", metavar="FORMAT",
                              help="Input format (drake, yaml, json, xlsx) when the extension does not say; "
                                   "by default standard input ('-') is recognised by its content.")


def _read_all(files: tuple[str, ...], rules_file: str | None, source: str | None = None):  # type: ignore[no-untyped-def]
    """Yield (file, design or None, error or None, rules) for every design in every file, past bad files.

    A design is a :class:`~drydock.model.Design`, or a Nova record (X.2) from ``convert --from nova``.
    An empty file is reported on stderr as a warning.
    """
    from drydock.formats import read_records
    from drydock.houserules import load_ruleset

    rules = load_ruleset(rules_file)
    for name in files:
        try:
            designs = read_records(name, fmt=source, rules=rules)
        except (DrydockError, OSError) as exc:
            msg = str(exc) if isinstance(exc, DrydockError) else f"{name}: {exc.strerror or exc}"
            yield name, None, msg, rules
            continue
        if not designs:
            click.echo(f"drydock: warning: {name}: no designs in the file (it is empty)", err=True)
        for design in designs:
            yield name, design, None, rules


def _is_nova(item: object) -> bool:
    return type(item).__name__ == "NovaRecord"


def rate_report(files: tuple[str, ...], rules_file: str | None, *, as_json: bool = False, source: str | None = None,
                settings: tuple[str, ...] = ()) -> tuple[str, list[str]]:
    """(the report for every design in ``files``, error lines); one library call per design."""
    from drydock.formats.whatif import apply_settings
    from drydock.legacy.nova_record import format_nova_record
    from drydock.report import format_rating
    from drydock.rules import Ruleset
    from drydock.rules.catalog import rules_identity
    from drydock.validation import rate as rate_design

    results = []
    text: list[str] = []
    errors: list[str] = []
    for name, design, error, rules in _read_all(files, rules_file, source):
        if error is not None:
            errors.append(error)
            continue
        if _is_nova(design):
            item = design.model_dump(mode="json")
            note = "Nova record (X.2): played as a Nova ship; its CR is the X.2 figure, not rated by Appendix A"
            text.append(format_nova_record(design) + note + "\n")
        else:
            try:
                design = apply_settings(design, list(settings), rules)
            except DrydockError as exc:
                errors.append(f"{name}: {exc}")
                continue
            rating = rate_design(design, rules)
            book_cr = None if rules.is_book else rate_design(design, Ruleset.unity()).combat_rating
            item = rating.to_dict()
            if book_cr is not None:
                item["combat_rating_book"] = book_cr
            if settings:
                item["what_if"] = list(settings)
            text.append(format_rating(rating, name, rules=rules, book_cr=book_cr, what_if=settings) + "\n")
        item["file"] = name
        item["rules"] = rules_identity(rules)
        results.append(item)
    if as_json:
        return json.dumps(results, indent=2) + "\n", errors
    return "\n".join(text), errors


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per design.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="What-if: change a key before rating, e.g. --set engines=5 --set shields.fwd=3 "
                   "--set 'weapons[0].range=6-12-18' (files are not changed).")
@click.option("--watch", is_flag=True, help="Rate again whenever a file is saved (Ctrl-C to stop).")
@source_option
@rules_option
def rate(files: tuple[str, ...], as_json: bool, settings: tuple[str, ...], watch: bool, source: str | None,
         rules_file: str | None) -> None:
    """Rate the designs in FILES: SU used and remaining, ORAT, DRAT, CR, tracks, loss limits, problems.

    FILES may be '-' (standard input, in any text format).
    """
    if watch:
        _watch(files, rules_file, as_json=as_json, source=source, settings=settings)
        return
    out, errors = rate_report(files, rules_file, as_json=as_json, source=source, settings=settings)
    click.echo(out, nl=False)
    for error in errors:
        click.echo(f"drydock: error: {error}", err=True)
    if errors:
        sys.exit(2)


def _watch(files: tuple[str, ...], rules_file: str | None, **kw) -> None:  # type: ignore[no-untyped-def]
    import time

    from drydock.watch import CLEAR, watch

    if "-" in files:
        raise DrydockError("--watch needs files, not standard input")
    tty = sys.stdout.isatty()

    def run() -> None:
        try:
            out, errors = rate_report(files, rules_file, **kw)
        except DrydockError as exc:  # a bad house-rule file while editing it: show it, keep watching
            out, errors = "", [str(exc)]
        stamp = time.strftime("%H:%M:%S")
        click.echo((CLEAR if tty else "") + out, nl=False)
        for error in errors:
            click.echo(f"drydock: error: {error}", err=True)
        click.echo(f"-- {stamp}: watching {len(files)} file(s); Ctrl-C to stop", err=True)

    watch(list(files) + ([rules_file] if rules_file else []), run)


@click.command()
@click.argument("files", nargs=-1, required=True)
@source_option
@rules_option
def check(files: tuple[str, ...], source: str | None, rules_file: str | None) -> None:
    """Check the designs in FILES; print `FILE: CODE message` per problem, exit 1 if any is illegal."""
    from drydock.legacy.nova_record import check_record
    from drydock.validation import validate

    illegal = False
    for name, design, error, rules in _read_all(files, rules_file, source):
        if error is not None:
            click.echo(f"drydock: error: {error}", err=True)
            illegal = True
            continue
        nova = _is_nova(design)
        problems = check_record(design, rules) if nova else validate(design, rules)
        label = f"Nova record {design.class_name or '?'}" if nova else (design.class_name or "?")
        for p in problems:
            tag = "" if p.is_error else " (warning)"
            click.echo(f"{name}: {p.code} {label}: {p.message}{tag}")
            illegal = illegal or p.is_error
    sys.exit(1 if illegal else 0)


@click.command()
@rules_option
def schema(rules_file: str | None) -> None:
    """Print the JSON Schema of the YAML/JSON design file (for editors): names, ranges, descriptions."""
    from drydock.formats.native import json_schema
    from drydock.houserules import load_ruleset

    click.echo(json.dumps(json_schema(load_ruleset(rules_file)), indent=2, ensure_ascii=False))
