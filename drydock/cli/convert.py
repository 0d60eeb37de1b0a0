"""``drydock convert`` and ``drydock show``."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from drydock.cli.rating import rules_option
from drydock.errors import one_line, printable

FORMAT_HELP = "drake, yaml, json or xlsx"
#: The readings of an AE band printed '---' (drydock.formats.legacy.tables.AE_MISSING_BAND_READINGS; a test
#: keeps the two equal, so that --help need not import the formats).
BAND_READINGS = ("empty", "thirds")
#: The players' proposed readings of AE traits X.1 leaves to the Admiralty rules (drydock.formats.legacy.tables.
#: AE_TRAIT_READINGS, the defaults left out; a test keeps the two equal).
TRAIT_READINGS = ("increased-hits=c3-mounts", "variable-damage=volatile-half")


@click.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", required=True,
              help="Output file, directory, or '-' for standard output.")
@click.option("--to", "to", metavar="FORMAT", help=f"Output format ({FORMAT_HELP}); default: by extension.")
@click.option("--from", "source", metavar="FORMAT",
              help="Input format when the extension does not say (standard input and unknown extensions are "
                   "recognised by their content); "
                   "'admiralty' or 'nova' converts legacy designs into Unity (Appendix X) with a report.")
@click.option("--force", is_flag=True, help="Overwrite existing outputs (never an input).")
@click.option("--report", default="report.md", show_default=True,
              help="With --from admiralty|nova: conversion report in OUTPUT (.md or .csv).")
@click.option("--ssd", default=None, help="With --from admiralty|nova: also print the results, with their "
                                          "conversion notes, into this PDF in OUTPUT.")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
              show_default=True, help="Paper size for --ssd.")
@click.option("--band-reading", type=click.Choice(BAND_READINGS), default=BAND_READINGS[0], show_default=True,
              help="With --from admiralty: how a range band printed '---' is read when no trait hides it "
                   "(empty: the posted numbers kept, 1-8/9-16/--- is 8-16-16; thirds: X.1's thirds of the "
                   "longest range, 5-11-16). Stated in the report and on the sheet.")
@click.option("--reading", "trait_reading", multiple=True, metavar="TRAIT=READING",
              help="With --from admiralty: read an AE trait X.1 leaves to the Admiralty rules as players proposed "
                   f"on the forum ({', '.join(TRAIT_READINGS)}); repeatable. Default: kept as a note (X.1). The "
                   "reading and the words it comes from are in the report and on the sheet.")
@rules_option
def convert(inputs: tuple[str, ...], output: str, to: str | None, source: str | None, force: bool, report: str,
            ssd: str | None, paper: str, band_reading: str, trait_reading: tuple[str, ...],
            rules_file: str | None) -> None:
    """Convert design files: INPUTS (files, directories or '-') to OUTPUT.

    One output file gets every design of every input; a directory gets one file per
    input (bad inputs are reported and skipped; exit status 1 if any failed).
    With --from admiralty or --from nova, OUTPUT is a folder: legacy designs are converted
    into Unity per Appendix X, with a summary table and a conversion report.
    """
    # lazy: keeps --help fast
    from drydock.cli.preflight import check_inputs

    check_inputs(inputs, source)
    readings = _readings(trait_reading)
    legacy: dict[str, Any] = dict(to=to, force=force, report=report, ssd=ssd, paper=paper.lower(),
                                  rules_file=rules_file, missing_band=band_reading, readings=readings)
    if source is not None and source.lower() in ("admiralty", "nova"):
        _convert_legacy(inputs, source.lower(), output, **legacy)
    if source is None and output != "-" and (os.path.isdir(output) or output.endswith(("/", os.sep))):
        # lazy: keeps --help fast
        from drydock.convert.run import recognise_legacy

        found = recognise_legacy(inputs)  # a pasted post (or a file of one) is converted as --from would
        if found is not None:
            click.echo(f"drydock: {found.note}", err=True)
            _convert_legacy(inputs, found.source, output, stdin=found.stdin, **legacy)
    # lazy: keeps --help fast
    from drydock.cli.convert_files import convert_files
    from drydock.cli.progress import progress

    run = convert_files(inputs, output, to=to, source=source, force=force, rules_file=rules_file,
                        warn=lambda w: click.echo(f"drydock: warning: {one_line(w)}", err=True),
                        wrap=lambda files: progress(files, "Converting", show=lambda f: f[0].name if f else ""))
    for line in run.messages:
        click.echo(line, err=True)
    sys.exit(run.exit_status)


def _readings(given: tuple[str, ...]) -> dict[str, str]:
    """``--reading TRAIT=READING`` options as a mapping (the names are checked by the conversion)."""
    out = {}
    for item in given:
        trait, sep, reading = item.partition("=")
        if not sep or not trait.strip() or not reading.strip():
            raise click.BadParameter(f"{item!r}: expected TRAIT=READING, e.g. {TRAIT_READINGS[0]}",
                                     param_hint="--reading")
        out[trait.strip()] = reading.strip()
    return out


def _convert_legacy(inputs: tuple[str, ...], source: str, outdir: str, *, rules_file: str | None,
                    **options: Any) -> None:
    """Appendix X conversion of files and folders: the summary table, where the report (and SSDs) went; exit 1
    if any design failed."""
    # lazy: keeps --help fast
    from drydock.cli.progress import progress
    from drydock.convert.run import convert_legacy
    from drydock.formats.houserules import load_ruleset

    run = convert_legacy(inputs, source=source, outdir=outdir, rules=load_ruleset(rules_file), **options,
                         wrap=lambda files: progress(files, f"Converting {source}",
                                                     show=lambda item: item[0].name if item else ""))
    click.echo(printable(run.summary))
    click.echo(f"report: {run.report_path}")
    if run.ssd_path is not None:
        click.echo(f"ssd: {run.ssd_path}")
    sys.exit(run.exit_status)


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["drake", "yaml", "json"]), default="drake", show_default=True,
              help="Notation to print.")
@click.option("--from", "source", metavar="FORMAT",
              help="Input format when the extension does not say ('-' is recognised by its content).")
@rules_option
def show(files: tuple[str, ...], fmt: str, source: str | None, rules_file: str | None) -> None:
    """Print the designs in FILES ('-' is standard input) as Drake notation, YAML or JSON."""
    # lazy: keeps --help fast
    from drydock.cli.preflight import check_inputs
    from drydock.cli.show_files import show_files

    check_inputs(files, source)
    run = show_files(files, fmt, source=source, rules_file=rules_file)
    click.echo(printable(run.text), nl=False)
    sys.exit(run.exit_status)
