"""Whole-folder legacy conversion that never stops on a bad file, and its report (report.md / report.csv).

:func:`plan` turns the command line's files and folders into (input, output stem) pairs;
:func:`convert_file` reads one file and converts every design in it (a file that cannot be
read becomes a failed :class:`FileResult` naming its file and line, never an exception);
:func:`write_result` writes a file's designs through :mod:`drydock.formats` atomically;
:func:`report_markdown` / :func:`report_csv` render the conversion report.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drydock import limits
from drydock.core.rules import Ruleset
from drydock.core.rules.catalog import with_house_note
from drydock.core.sanity import check_design
from drydock.errors import DrydockError, printable
from drydock.formats import decode_text, format_named, read_bytes, write_atomic
from drydock.formats.files import folder_files
from drydock.formats.legacy import nova_record, tables
from drydock.formats.legacy.admiralty import AdmiraltySyntaxError, parse_admiralty_each
from drydock.formats.legacy.convert import ConversionReport, convert_admiralty, trait_readings
from drydock.formats.legacy.nova import parse_nova
from drydock.formats.legacy.nova_record import convert_nova

SOURCES = ("admiralty", "nova")
#: Files a folder scan picks up (a file named on the command line is read whatever its name).
SCAN_SUFFIXES = (".txt", ".text", ".md", ".ae", ".nova")
#: Output formats a Nova record can be written in (it is not a Unity design: X.2).
NOVA_FORMATS = ("yaml", "json")


@dataclass
class FileResult:
    """One input file: its designs (Unity designs or Nova records) and their reports, or the error."""

    path: str
    stem: str = ""
    reports: list[ConversionReport] = field(default_factory=list)
    designs: list[Any] = field(default_factory=list)
    error: str | None = None
    output: str | None = None

    @property
    def failed(self) -> bool:
        return self.error is not None or any(r.status == "failed" for r in self.reports)


def plan(inputs: Iterable[str | os.PathLike[str]]) -> tuple[list[tuple[Path, str]], list[FileResult]]:
    """(file, output stem) for every file to convert, and a failed result for every missing input.

    Folders are scanned recursively for :data:`SCAN_SUFFIXES`; the stem keeps the path inside the
    folder so outputs mirror it. Two inputs with the same stem get ``-2``, ``-3`` ... suffixes.
    """
    files: list[tuple[Path, str]] = []
    missing: list[FileResult] = []
    seen: dict[str, int] = {}
    for item in inputs:
        p = Path(item)
        if str(item) == "-":  # standard input, written as stdin.<ext>
            pairs = [(p, "stdin")]
        elif p.is_dir():  # links out of the folder and system paths are named, never read
            found, refused = folder_files(p)
            for f, why in refused:
                missing.append(FileResult(path=str(f), error=why, reports=[ConversionReport(source=str(f), error=why)]))
            pairs = [(f, f.relative_to(p).with_suffix("").as_posix()) for f in found
                     if f.suffix.lower() in SCAN_SUFFIXES]
        elif p.is_file():
            pairs = [(p, p.stem)]
        else:
            msg = f"{p}: no such file or folder"
            missing.append(FileResult(path=str(p), error=msg, reports=[ConversionReport(source=str(p), error=msg)]))
            continue
        for f, stem in pairs:
            files.append((f, _unique(stem, seen)))
    return files, missing


def _unique(stem: str, taken: dict[str, int]) -> str:
    """``stem``, or ``stem-2``, ``stem-3`` ... whichever no earlier input took (case-insensitively, so
    ``d1/a``, ``d1/a-2`` and ``d2/a`` get three names on any file system)."""
    out = stem
    n = 1
    while out.casefold() in taken:
        n += 1
        out = f"{stem}-{n}"
    taken[out.casefold()] = 1
    return out


def convert_text(text: str, source: str, *, file: str, rules: Ruleset | None = None,
                 missing_band: str | None = None, readings: Mapping[str, str] | None = None) -> FileResult:
    """Convert every design in ``text``; syntax errors become a failed result (file and line in the message).

    ``missing_band``: the reading of an AE band printed ``---`` (:data:`tables.AE_MISSING_BAND_READINGS`);
    ``readings``: the readings of AE traits X.1 leaves to the Admiralty rules (:data:`tables.AE_TRAIT_READINGS`)."""
    if source not in SOURCES:
        raise DrydockError(f"unknown legacy source {source!r} (known: {', '.join(SOURCES)})")
    band = missing_band or tables.AE_MISSING_BAND_DEFAULT
    if band not in tables.AE_MISSING_BAND_READINGS:
        raise DrydockError(f"unknown band reading {band!r} (known: {', '.join(tables.AE_MISSING_BAND_READINGS)})")
    try:
        trait_readings(readings)
    except ValueError as exc:
        raise DrydockError(str(exc)) from None
    result = FileResult(path=file)
    try:
        if source == "admiralty":
            for record in parse_admiralty_each(text, file=file):
                if isinstance(record, AdmiraltySyntaxError):  # one bad design of several: the others convert
                    result.reports.append(ConversionReport(source=file, kind=source, error=str(record),
                                                           line=record.line or 0))
                    continue
                design, report = convert_admiralty(record, rules, missing_band=band, readings=readings)
                result.designs.append(check_design(design, file=file))
                result.reports.append(report)
            if not result.designs:
                result.error = result.reports[0].error
        else:
            for display in parse_nova(text, file=file):
                nova, report = convert_nova(display, rules)
                result.designs.append(nova)
                result.reports.append(report)
    except DrydockError as exc:
        if isinstance(exc, limits.LimitError):
            exc = limits.with_file(exc, file)
        result.error = str(exc)
        result.designs.clear()
        result.reports = [ConversionReport(source=file, kind=source, error=str(exc),
                                           line=getattr(exc, "line", None) or 0)]
    except (ValueError, TypeError) as exc:  # a model refusing converted values: report, never stop the batch
        result.error = f"{file}: cannot convert: {exc}"
        result.designs.clear()
        result.reports = [ConversionReport(source=file, kind=source, error=result.error)]

    result.designs[:] = [with_house_note(d, rules) for d in result.designs]
    return result


def convert_file(path: str | os.PathLike[str], source: str, *, stem: str = "",
                 rules: Ruleset | None = None, missing_band: str | None = None,
                 readings: Mapping[str, str] | None = None, stdin: bytes | None = None) -> FileResult:
    """Read and convert one file; unreadable files give a failed result. ``stdin``: what standard input held, when
    the caller has read it already (to recognise the post in it)."""
    name = str(path)
    try:
        raw = stdin if name == "-" and stdin is not None else read_bytes(name, limits.LEGACY_FILE)
        text = decode_text(raw, "<stdin>" if name == "-" else name)
    except DrydockError as exc:
        text = None
        error = str(exc)
    except OSError as exc:
        text = None
        error = f"{name}: {exc.strerror or exc}"
    if text is None:
        return FileResult(path=name, stem=stem, error=error,
                          reports=[ConversionReport(source=name, kind=source, error=error)])
    result = convert_text(text, source, file="<stdin>" if name == "-" else name, rules=rules,
                          missing_band=missing_band, readings=readings)
    result.stem = stem or ("stdin" if name == "-" else Path(name).stem)
    return result


def output_format(source: str, to: str | None) -> str:
    """The output format name: ``to``, or the default (Drake for AE designs, YAML for Nova records)."""
    if to is None:
        return "drake" if source == "admiralty" else "yaml"
    to = to.lower()
    if source == "nova" and to not in NOVA_FORMATS:
        raise DrydockError(f"a Nova record (X.2) is not a Unity design: write it as {' or '.join(NOVA_FORMATS)}, "
                           f"not {to}")
    format_named(to)  # unknown names fail here, before any file is read
    return to


def output_path(stem: str, outdir: str | os.PathLike[str], to: str, *, source: str) -> Path:
    """Where a file's designs go: ``outdir/<stem><ext>`` (Nova records: .yaml or .json)."""
    ext = (".yaml" if to == "yaml" else ".json") if source == "nova" else format_named(to).extensions[0]
    return Path(outdir) / f"{stem}{ext}"


def write_result(result: FileResult, outdir: str | os.PathLike[str], to: str, *, source: str,
                 force: bool = False, inputs: frozenset[Path] = frozenset()) -> None:
    """Write the file's designs to ``outdir/<stem><ext>`` atomically; a refusal marks the file failed."""
    if result.error is not None or not result.designs:
        return
    target = output_path(result.stem, outdir, to, source=source)
    try:
        if source == "nova":
            data: str | bytes = nova_record.to_yaml(result.designs) if to == "yaml" else \
                nova_record.to_json(result.designs)
        else:
            data = format_named(to).write(result.designs)
        if target.resolve() in inputs:
            raise DrydockError(f"{target}: is an input file; choose another output folder")
        write_atomic(target, data, force=force)
    except (DrydockError, OSError) as exc:  # a design the format cannot write, or the disk: this file failed
        msg = f"{target}: {exc}" if isinstance(exc, DrydockError) and str(target) not in str(exc) else \
            str(exc) if isinstance(exc, DrydockError) else f"{target}: {exc.strerror or exc}"
        result.error = msg
        for r in result.reports:
            r.error = r.error or msg
        return
    result.output = str(target)
    for r in result.reports:
        r.output = str(target)


# ------------------------------------------------------------------------------------------ reports

CSV_COLUMNS = ("source", "line", "design", "status", "stated_cr", "unity_cr", "mapped", "legacy_notes",
               "unreadable", "readings", "problems", "output", "error")


def shown_status(report: ConversionReport) -> str:
    """The status as summaries print it: ``ok (not legal: OVER_SPACE)`` when the converted design breaks a
    Unity rule, as its display sheet says ("Not a legal design")."""
    codes = [p.split(" ", 1)[0] for p in report.problems if not p.endswith(" (warning)")]
    return f"{report.status} (not legal: {', '.join(dict.fromkeys(codes))})" if codes else report.status


def _rows(results: Iterable[FileResult]) -> list[dict[str, Any]]:
    rows = []
    for res in results:
        for r in res.reports:
            rows.append({
                "source": r.source, "line": r.line or "", "design": r.title, "status": r.status,
                "shown": shown_status(r),
                "stated_cr": "" if r.stated_cr is None else r.stated_cr,
                "unity_cr": "" if r.unity_cr is None else r.unity_cr,
                "mapped": r.mapped, "legacy_notes": r.legacy, "unreadable": r.unreadable, "readings": r.readings,
                "problems": r.problems, "output": r.output, "error": r.error or "",
            })
    return rows


def report_csv(results: Iterable[FileResult]) -> str:
    """One row per design (or per failed file); list cells joined with `` | ``; every text cell inert."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n", extrasaction="ignore")
    w.writeheader()
    for row in _rows(results):
        w.writerow({k: inert_cell(" | ".join(map(str, v)) if isinstance(v, list) else v) for k, v in row.items()})
    return buf.getvalue()


#: First characters that make a spreadsheet read a cell as a formula (or a DDE call): = + - @, tab, CR.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def inert_cell(value: Any) -> Any:
    """A text cell a spreadsheet will not evaluate: a leading ``= + - @``, tab or CR gets a ``'`` before it
    (the OWASP advice for CSV injection); numbers are left alone."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _md(text: Any) -> str:
    """A Markdown table cell: one line, pipes and stars escaped ('5 4 3* 2 1' stays as posted, not emphasis), control
    characters shown, formula starts made inert."""
    return inert_cell(printable(str(text), keep_newlines=False).replace("|", "\\|").replace("*", "\\*"))


NOT_STATED = "not stated"


def _cr(value: Any) -> str:
    """A CR cell: the figure (0 included), or "not stated" when the source gives none."""
    return NOT_STATED if value in ("", None) else str(value)


def plural(n: int, word: str) -> str:
    """``1 design``, ``2 designs``."""
    return f"{n} {word}{'s' * (n != 1)}"


def report_markdown(results: Iterable[FileResult], *, source: str = "admiralty") -> str:
    """A summary table, then per design: what mapped, legacy notes, unreadable parts, readings, Unity problems."""
    rows = _rows(results)
    stated = "AE CR (stated)" if source == "admiralty" else "Nova CR"
    unity = "Unity CR (computed)" if source == "admiralty" else "CR (X.2)"
    out = [f"# Conversion report ({source})", ""]
    counts = {s: sum(1 for r in rows if r["status"] == s) for s in ("ok", "partial", "failed")}
    out.append(f"{plural(len(rows), 'design')}: {counts['ok']} converted, {counts['partial']} converted with "
               f"unreadable parts, {counts['failed']} failed.")
    out += ["", f"| Source | Line | Design | Status | {stated} | {unity} | Legacy notes | Unreadable | Problems |",
            "|---|---:|---|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        stated_cr = _cr(r["stated_cr"]) if r["status"] != "failed" else ""
        out.append(f"| {_md(r['source'])} | {r['line']} | {_md(r['design'])} | {r['shown']} | {stated_cr} | "
                   f"{r['unity_cr']} | {len(r['legacy_notes'])} | {len(r['unreadable'])} | {len(r['problems'])} |")
    for r in rows:
        out += ["", f"## {_md(r['design'] or r['source'])}", "", f"- Source: `{r['source']}`"
                + (f", line {r['line']}" if r["line"] else ""), f"- Status: {r['shown']}"]
        if r["error"]:
            out.append(f"- Error: {_md(r['error'])}")
        if r["output"]:
            out.append(f"- Output: `{r['output']}`")
        if r["status"] != "failed":
            out.append(f"- {stated}: {_cr(r['stated_cr'])}; {unity}: {_cr(r['unity_cr'])}")
        for key, label in (("mapped", "Mapped"), ("legacy_notes", "Legacy notes (no Unity equivalent)"),
                           ("unreadable", "Unreadable (not converted)"), ("readings", "Readings chosen"),
                           ("problems", "Unity rules broken")):
            if r[key]:
                out += ["", f"### {label}", ""] + [f"- {_md(x)}" for x in r[key]]
    return "\n".join(out) + "\n"


def write_report(results: list[FileResult], path: str | os.PathLike[str], *, source: str,
                 force: bool = False) -> None:
    """``report.csv`` for a ``.csv`` path, Markdown otherwise; atomic, refuses to overwrite without ``force``."""
    text = report_csv(results) if str(path).lower().endswith(".csv") else report_markdown(results, source=source)
    write_atomic(path, text, force=force)
