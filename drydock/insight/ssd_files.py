"""Printing files for ``drydock ssd``: one booklet of every design, fleet ship and Nova record of the inputs.

The command's work without its options (as :mod:`drydock.insight.rate_files` is for ``rate``): check the
outputs before any work, read every input past bad ones (a fleet gives one sheet per ship, 2.2; a Nova
record its own sheet, X.2), print illegal designs with their problems, lay the booklet out (1.0-1.5) and
return an :class:`SsdRun` with the PDF, the HTML if asked, and the exit status: 1 if any input failed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from drydock.core.model import Design
from drydock.core.problems import Problem
from drydock.core.rules import Ruleset
from drydock.core.validation import rate, validate
from drydock.errors import DrydockError, error_lines, one_line
from drydock.formats import check_outputs
from drydock.formats.houserules import load_house_rules
from drydock.formats.inputs import Item, read_inputs
from drydock.render.fleet import fleet_booklet
from drydock.render.glyphs import missing_glyphs
from drydock.render.html import render_html, standalone_asset_base
from drydock.render.pdf import render_pdf
from drydock.render.sheet import Booklet, check_printable, sheet_from_rating
from drydock.render.warm import WarmPrinter

#: Wraps the input files, e.g. in a progress bar; the identity by default.
Wrap = Callable[[Iterable[str]], Iterable[str]]


@dataclass
class SsdRun:
    """What ``drydock ssd`` made: the booklet, its PDF (and HTML when asked), whether any input failed."""

    booklet: Booklet
    pdf: bytes
    html: str | None = None
    failed: bool = False

    @property
    def exit_status(self) -> int:
        """0 every input printed (illegal designs too, marked), 1 if any could not be read."""
        return 1 if self.failed else 0


def check_ssd_outputs(output: str, html_out: str | None, inputs: Iterable[str], *, force: bool = False) -> None:
    """Refuse, before any work, two outputs on standard output, an output on an input, a PDF not named .pdf
    (or HTML not .html), and an existing file without ``force``."""
    if output == "-" and html_out == "-":
        raise DrydockError("only one of -o and --html can be standard output ('-')")
    check_outputs([t for t in (output, html_out) if t], [f for f in inputs if f != "-"])
    for target, kinds in ((output, (".pdf",)), (html_out, (".html", ".htm"))):
        suffix = Path(target).suffix.lower() if target and target != "-" else ""
        if suffix and suffix not in kinds:  # ship.png would hold a PDF: refuse rather than mislabel it
            hint = " (for a picture, convert the PDF: pdftoppm -png -r 150 ship.pdf ship)" if kinds[0] == ".pdf" else ""
            raise DrydockError(f"{target}: ssd writes {kinds[0][1:].upper()}; name the file {kinds[0]}{hint}")
    for target in (t for t in (output, html_out) if t and t != "-"):
        if Path(target).exists() and not force:
            raise DrydockError(f"{target}: already exists (use --force to overwrite)")


def _sheet_errors(design: Design, rules: Ruleset) -> list[Problem]:
    """The design's errors (validate), once its sheet is known to be printable."""
    check_printable(sheet_from_rating(rate(design, rules), rules))
    return [p for p in validate(design, rules) if p.is_error]


def _attempt(item: Item, work: Callable[[Any], Any]) -> tuple[Any, str | None]:
    """``(work(item.design), item's error)``; a DrydockError from ``work`` (e.g. a house-rule formula that
    fails for this design) becomes the item's error, so the batch goes on (issue 10)."""
    if item.error is not None or item.design is None:
        return None, item.error
    try:
        return work(item.design), None
    except DrydockError as exc:
        return None, f"{item.name}: {exc}"


def _is_nova(design: Any) -> bool:
    """Is ``design`` a Nova record (X.2)? Such a record exists only once its reader's module is loaded, so the
    check imports nothing (the Nova readers and converter are 0.2 s of a booklet's start, docs/printing.md)."""
    module = sys.modules.get("drydock.formats.legacy.nova_record")
    return module is not None and isinstance(design, module.NovaRecord)


def read_sheets(files: Iterable[str], rules_file: str | None = None, *, source: str | None = None,
                warn: Callable[[str], None] = lambda line: None,
                ) -> tuple[list[tuple[Any, Ruleset, bool]], Ruleset | None, int, bool]:
    """(ships to print as ``(design or Nova sheet, its rules, faction-scoped?)``, the booklet's rules, the number
    of fleets, whether any input failed). ``warn`` gets each line for standard error as it comes."""
    ships: list[tuple[Any, Ruleset, bool]] = []
    failed = False
    rules = None
    fleets = 0
    house = load_house_rules(rules_file)
    for f in files:
        for item in read_inputs((f,), house, per_ship=True, explicit_rules=rules_file is not None, source=source):
            if item.warning is not None:
                warn(one_line(f"drydock: warning: {item.warning}"))
                continue
            if item.error is None and _is_nova(item.design):
                # lazy: the legacy readers load for legacy input only
                from drydock.convert.nova_sheet import sheet_from_nova

                sheet, error = _attempt(item, lambda d: check_printable(sheet_from_nova(d)))
                if error is not None:
                    for line in error_lines(error):
                        warn(f"drydock: error: {one_line(line)}")
                    failed = True
                else:
                    ships.append((sheet, item.rules, False))
                continue
            errors, error = _attempt(item, partial(_sheet_errors, rules=item.rules))
            if error is not None:
                for line in error_lines(error):
                    warn(f"drydock: error: {one_line(line)}")
                failed = True
                continue
            if item.design is None:  # the end of a fleet
                fleets += 1
                continue
            rules = rules or (item.fleet.house.base if item.fleet is not None else item.rules)
            design = item.design
            if errors:
                warn(one_line(f"drydock: warning: {item.name}: {design.title or '(unnamed design)'} is not a legal "
                              f"design ({errors[0].code}{' ...' if len(errors) > 1 else ''}); printed with its "
                              "problems"))
            for line in missing_glyphs(design):
                warn(one_line(f"drydock: warning: {item.name}: {line}"))
            ships.append((design, item.rules, item.scoped))
    return ships, rules, fleets, failed


def print_files(files: tuple[str, ...] | list[str], rules_file: str | None = None, *, source: str | None = None,
                paper: str = "letter", per_page: int = 1, blank: bool = False, compact: bool = False,
                dac: bool = False, key: bool = True, jobs: int | None = None, roster: bool | None = None,
                html: bool = False, warn: Callable[[str], None] = lambda line: None, wrap: Wrap | None = None,
                rendering: Callable[[str], Any] | None = None, printer: WarmPrinter | None = None) -> SsdRun:
    """The booklet of every design in ``files`` as PDF (and HTML with ``html``).

    ``warn`` gets each line for standard error as it comes; ``wrap`` wraps the files (a progress bar);
    ``rendering(label)`` is a context manager around the PDF layout (a busy indicator); ``printer`` prints the
    booklet (:func:`drydock.render.warm.warm_printer`, started before the files are read). Raises
    :class:`~drydock.errors.DrydockError` when no design at all could be read.
    """
    ships, rules, fleets, failed = read_sheets((wrap or list)(files), rules_file, source=source, warn=warn)
    if not ships:  # nothing to print at all: an error of the command, not of one item
        raise DrydockError("no design could be read; nothing to print")
    booklet = fleet_booklet(ships, rules=rules or Ruleset.unity(), paper=paper, per_page=per_page, blank=blank,
                            roster=True if roster is None and fleets else roster, compact=compact, key=key, dac=dac)
    render = printer.render if printer is not None else partial(render_pdf, jobs=jobs)
    if rendering is None:
        pdf = render(booklet)
    else:
        with rendering(f"Rendering {len(booklet.sheets)} sheet(s) to PDF"):
            pdf = render(booklet)
    page = render_html(booklet, asset_base=standalone_asset_base()) if html else None
    return SsdRun(booklet, pdf, page, failed)

