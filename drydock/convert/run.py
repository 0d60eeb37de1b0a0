"""One legacy conversion run (``drydock convert --from admiralty|nova``): every file, the report, the SSDs.

:func:`convert_legacy` is the command's work without its options: it checks every output path
before converting anything (no output on an input, no two outputs on one path), converts each
file past bad ones (:mod:`drydock.convert.batch`), writes the report and, with ``ssd``, one PDF of
every result (:mod:`drydock.convert.printing`), and returns a :class:`LegacyRun` with the summary
table and the exit status: 1 if any design failed (X.1, X.2).
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drydock import limits
from drydock.convert import batch
from drydock.core.rules import Ruleset
from drydock.errors import DrydockError
from drydock.formats import check_outputs, read_bytes, write_atomic
from drydock.formats.legacy.convert import trait_readings
from drydock.formats.legacy_sniff import legacy_kind

#: Wraps the (path, stem) pairs of the files to convert, e.g. in a progress bar; the identity by default.
Wrap = Callable[[list[tuple[Path, str]]], Iterable[tuple[Path, str]]]


@dataclass
class LegacyRun:
    """What a conversion run did: one result per file, the summary table, the files written."""

    results: list[batch.FileResult]
    summary: str
    report_path: Path
    ssd_path: Path | None = None

    @property
    def exit_status(self) -> int:
        """0 every design converted (partly legible ones too), 1 if any failed."""
        return 1 if any(r.failed for r in self.results) else 0


def convert_legacy(inputs: tuple[str, ...] | list[str], *, source: str, outdir: str, to: str | None = None,
                   force: bool = False, report: str = "report.md", rules: Ruleset | None = None,
                   ssd: str | None = None, paper: str = "letter", wrap: Wrap | None = None,
                   missing_band: str | None = None, readings: Mapping[str, str] | None = None,
                   stdin: bytes | None = None) -> LegacyRun:
    """Convert every legacy design in ``inputs`` into ``outdir``.

    ``report`` is a file name inside ``outdir`` (or a path); ``.csv`` gives CSV, anything else Markdown.
    ``ssd`` (same rule) also prints every converted design or Nova record, with its notes, into one PDF.
    ``missing_band`` names the reading of an AE band printed ``---`` (default: the tables' default); ``readings``
    the readings of AE traits X.1 leaves to the Admiralty rules ({"increased-hits": "c3-mounts"}); ``stdin`` what
    standard input held, when the caller read it to recognise the post (``-`` is then read from it).
    Raises :class:`~drydock.errors.DrydockError` only for bad options (unknown format, a Nova record
    to Drake, an output that exists without ``force`` ...); every per-file problem is reported instead.
    """
    rules = rules or Ruleset.unity()
    try:
        trait_readings(readings)  # a bad option: refused before any file is read
    except ValueError as exc:
        raise DrydockError(str(exc)) from None
    to_name = batch.output_format(source, to)
    files, results = batch.plan(inputs)
    input_paths = frozenset(f.resolve() for f, _ in files if str(f) != "-")
    out = Path(outdir)
    # refuse before converting anything: no output on an input, no two outputs on one path (--force or not)
    outputs: list[str | os.PathLike[str]] = [batch.output_path(stem, out, to_name, source=source) for _, stem in files]
    outputs += [in_outdir(extra, out) for extra in filter(None, (report, ssd))]
    check_outputs(outputs, [f for f, _ in files if str(f) != "-"])
    for extra in filter(None, (report, ssd)):
        target = in_outdir(extra, out)
        if target.exists() and not force:
            raise DrydockError(f"{target}: already exists (use --force to overwrite)")
    for path, stem in (wrap or list)(files):
        result = batch.convert_file(path, source, stem=stem, rules=rules, missing_band=missing_band,
                                    readings=readings, stdin=stdin)
        batch.write_result(result, out, to_name, source=source, force=force, inputs=input_paths)
        results.append(result)
    run = LegacyRun(results, summary_table(results, source=source), in_outdir(report, out))
    batch.write_report(results, run.report_path, source=source, force=force)
    records = [d for r in results for d in r.designs]
    if ssd is not None and records:
        from drydock.convert.printing import print_ssd  # lazy: printing only (WeasyPrint, pikepdf, fontTools)

        run.ssd_path = in_outdir(ssd, out)
        write_atomic(run.ssd_path, print_ssd(records, rules=rules, paper=paper), force=force)
    return run


def in_outdir(name: str, out: Path) -> Path:
    """A bare file name goes inside the output folder; a path is used as given."""
    p = Path(name)
    return p if p.is_absolute() or p.parent != Path(".") else out / p


#: The widest a text column of the summary table gets; a longer cell wraps within it.
WRAP_AT = 40


def summary_table(results: list[Any], *, source: str = "admiralty") -> str:
    """A fixed-width table: one row per design (or failed file), then the totals."""
    stated = "AE CR" if source == "admiralty" else "Nova CR"
    unity = "Unity CR" if source == "admiralty" else "X.2 CR"
    head = ("File", "Design", "Status", stated, unity, "Notes", "Unread", "Problems")
    rows = []
    for res in results:
        for r in res.reports:
            rows.append((Path(r.source).name, r.title or "-", batch.shown_status(r),
                         "" if r.error else batch.NOT_STATED if r.stated_cr is None else str(r.stated_cr),
                         "" if r.unity_cr is None else str(r.unity_cr),
                         str(len(r.legacy)), str(len(r.unreadable)), str(len(r.problems))))
    widths = [min(max(len(h), *(len(row[i]) for row in rows)) if rows else len(h), WRAP_AT)
              for i, h in enumerate(head)]

    def fmt(row: tuple[str, ...]) -> list[str]:
        """One row: a text cell longer than its column wraps onto lines of its own (never cut)."""
        cells = [textwrap.wrap(cell, w, break_on_hyphens=False) or [""] if i < 3 else [cell]
                 for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        return ["  ".join((col[k] if k < len(col) else "").ljust(w) if i < 3 else
                          (col[k] if k < len(col) else "").rjust(w)
                          for i, (col, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
                for k in range(max(map(len, cells)))]

    lines = [*fmt(head), *fmt(tuple("-" * w for w in widths))]
    for row in rows:
        lines += fmt(row)
    n = {s: sum(1 for res in results for r in res.reports if r.status == s) for s in ("ok", "partial", "failed")}
    lines.append(f"{batch.plural(len(rows), 'design')}: {n['ok']} ok, {n['partial']} partial (unreadable parts), "
                 f"{n['failed']} failed")
    errors = [r.error for res in results for r in res.reports if r.error]
    lines += [f"failed: {e}" for e in errors]
    return "\n".join(lines)


@dataclass
class Recognised:
    """Inputs recognised as legacy posts without ``--from``: their kind, and standard input as read (if it was)."""

    source: str
    stdin: bytes | None = None

    @property
    def note(self) -> str:
        edition = "Admiralty Edition (X.1)" if self.source == "admiralty" else "Nova (X.2)"
        return f"read as {edition} designs: converting as with --from {self.source}"


def recognise_legacy(inputs: tuple[str, ...] | list[str], *, read_stdin: Callable[[], bytes] | None = None
                     ) -> Recognised | None:
    """The legacy kind every input (files and ``-``, no folder) carries, or None: a pasted post is recognised from
    standard input as from a file (:func:`drydock.formats.legacy_sniff.legacy_kind`). Standard input is read once,
    within the legacy file limit, and handed back to be converted."""
    if not inputs or any(name != "-" and not Path(name).is_file() for name in inputs):
        return None
    stdin = None
    kinds = set()
    for name in inputs:
        if name == "-":
            if stdin is None:
                stdin = (read_stdin or (lambda: read_bytes("-", limits.LEGACY_FILE)))()
            raw = stdin
        else:
            try:
                raw = read_bytes(name, limits.LEGACY_FILE)
            except (DrydockError, OSError):
                return None
        kinds.add(legacy_kind(raw.decode("utf-8", errors="replace")))
    kind = kinds.pop() if len(kinds) == 1 else None
    if kind is None:
        if stdin is not None:
            raise DrydockError("standard input cannot be converted into a directory: it holds no Admiralty "
                               "Edition or Nova design (a Unity design on standard input converts to a file: "
                               "drydock convert - -o FILE)")
        return None
    return Recognised(kind, stdin)
