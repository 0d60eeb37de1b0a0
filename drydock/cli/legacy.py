"""Legacy conversion for ``drydock convert --from admiralty|nova``: progress bar, summary table, report file.

:func:`run_legacy_conversion` is what the ``convert`` command calls for ``--from admiralty``
or ``--from nova``; :data:`legacy_convert` is the same as a stand-alone click command
(used by the tests). Bad or half-legible files never stop the run: they are listed in
the summary and the report, and the exit status is 1 if any design failed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from drydock.cli.rating import RulesParam
from drydock.errors import DrydockError, printable


def run_legacy_conversion(inputs: tuple[str, ...] | list[str], *, source: str, outdir: str,
                          to: str | None = None, force: bool = False, report: str = "report.md",
                          rules_file: str | None = None, progress: bool = True, ssd: str | None = None,
                          paper: str = "letter") -> int:
    """Convert every legacy design in ``inputs`` into ``outdir``; print a summary; return the exit status.

    ``report`` is a file name inside ``outdir`` (or a path); ``.csv`` gives CSV, anything else Markdown.
    ``ssd`` (same rule) also prints every converted design or Nova record, with its notes, into one PDF.
    Raises :class:`~drydock.errors.DrydockError` only for bad options (unknown format, a Nova record
    to Drake ...); every per-file problem is reported and counted instead.
    """
    # lazy: keeps --help fast
    from drydock.cli.preflight import check_inputs
    from drydock.convert import batch
    from drydock.formats import check_outputs
    from drydock.formats.houserules import load_ruleset

    check_inputs(inputs)  # a missing input is an error of the command line (exit 2), as in every command
    rules = load_ruleset(rules_file)
    to_name = batch.output_format(source, to)
    files, results = batch.plan(inputs)
    input_paths = frozenset(f.resolve() for f, _ in files if str(f) != "-")
    out = Path(outdir)
    # refuse before converting anything: no output on an input, no two outputs on one path (--force or not)
    check_outputs([batch.output_path(stem, out, to_name, source=source) for _, stem in files]
                  + [_in_outdir(extra, out) for extra in filter(None, (report, ssd))],
                  [f for f, _ in files if str(f) != "-"])
    for extra in filter(None, (report, ssd)):
        target = _in_outdir(extra, out)
        if target.exists() and not force:
            raise DrydockError(f"{target}: already exists (use --force to overwrite)")
    # lazy: keeps --help fast
    from drydock.cli.progress import progress as bar

    steps = bar(files, f"Converting {source}", show=lambda item: item[0].name if item else "") if progress else files
    for path, stem in steps:
        results.append(_one(path, stem, source, rules, out, to_name, force, input_paths))
    click.echo(printable(summary_table(results, source=source)))
    report_path = _in_outdir(report, out)
    batch.write_report(results, report_path, source=source, force=force)
    click.echo(f"report: {report_path}")
    if ssd is not None:
        # lazy: keeps --help fast
        from drydock.convert.printing import print_ssd
        from drydock.formats import write_atomic

        records = [d for r in results for d in r.designs]
        if records:
            ssd_path = _in_outdir(ssd, out)
            write_atomic(ssd_path, print_ssd(records, rules=rules, paper=paper), force=force)
            click.echo(f"ssd: {ssd_path}")
    return 1 if any(r.failed for r in results) else 0


def _in_outdir(name: str, out: Path) -> Path:
    """A bare file name goes inside the output folder; a path is used as given."""
    p = Path(name)
    return p if p.is_absolute() or p.parent != Path(".") else out / p


def _one(path, stem, source, rules, out, to_name, force, input_paths):  # type: ignore[no-untyped-def]
    # lazy: keeps --help fast
    from drydock.convert import batch

    result = batch.convert_file(path, source, stem=stem, rules=rules)
    batch.write_result(result, out, to_name, source=source, force=force, inputs=input_paths)
    return result


def summary_table(results, *, source: str = "admiralty") -> str:  # type: ignore[no-untyped-def]
    """A fixed-width table: one row per design (or failed file), then the totals."""
    # lazy: keeps --help fast
    from drydock.convert.batch import shown_status

    stated = "AE CR" if source == "admiralty" else "Nova CR"
    unity = "Unity CR" if source == "admiralty" else "X.2 CR"
    head = ("File", "Design", "Status", stated, unity, "Notes", "Unread", "Problems")
    rows = []
    for res in results:
        for r in res.reports:
            rows.append((Path(r.source).name, r.title or "-", shown_status(r),
                         "" if r.stated_cr is None else str(r.stated_cr),
                         "" if r.unity_cr is None else str(r.unity_cr),
                         str(len(r.legacy)), str(len(r.unreadable)), str(len(r.problems))))
    widths = [min(max(len(h), *(len(row[i]) for row in rows)) if rows else len(h), 40)
              for i, h in enumerate(head)]

    def fmt(row: tuple[str, ...]) -> str:
        return "  ".join(cell[:w].ljust(w) if i < 3 else cell.rjust(w)
                         for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    lines = [fmt(head), fmt(tuple("-" * w for w in widths))]
    lines += [fmt(row) for row in rows]
    n = {s: sum(1 for res in results for r in res.reports if r.status == s) for s in ("ok", "partial", "failed")}
    lines.append(f"{len(rows)} designs: {n['ok']} ok, {n['partial']} partial (unreadable parts), "
                 f"{n['failed']} failed")
    errors = [r.error for res in results for r in res.reports if r.error]
    lines += [f"failed: {e}" for e in errors]
    return "\n".join(lines)


@click.command("convert-legacy")
@click.argument("inputs", nargs=-1, required=True)
@click.option("--from", "source", type=click.Choice(["admiralty", "nova"]), required=True,
              help="Edition of the input designs (Appendix X.1 Admiralty, X.2 Nova).")
@click.option("-o", "--output-dir", "outdir", required=True, type=click.Path(file_okay=False),
              help="Folder for the converted designs and the report.")
@click.option("--to", "to", type=click.Choice(["drake", "yaml", "json", "xlsx"]), default=None,
              help="Output format (default: drake for AE designs if available, else yaml; Nova: yaml or json).")
@click.option("--force", is_flag=True, help="Overwrite existing outputs.")
@click.option("--report", default="report.md", show_default=True,
              help="Report file in the output folder (.md or .csv).")
@click.option("--rules", "rules_file", type=RulesParam(),
              help="YAML house-rule file used to re-rate the converted designs.")
@click.option("--ssd", default=None, help="Also print the converted designs, with their notes, into this PDF.")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
              show_default=True, help="Paper size for --ssd.")
def legacy_convert(inputs: tuple[str, ...], source: str, outdir: str, to: str | None, force: bool, report: str,
                   rules_file: str | None, ssd: str | None, paper: str) -> None:
    """Convert Admiralty Edition or Nova designs (files or folders) into Unity."""
    # lazy: keeps --help fast
    from drydock.cli.main import fail

    try:
        code = run_legacy_conversion(inputs, source=source, outdir=outdir, to=to, force=force, report=report,
                                     rules_file=rules_file, ssd=ssd, paper=paper.lower())
    except DrydockError as exc:
        fail(str(exc))
    sys.exit(code)
