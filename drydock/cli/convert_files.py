"""Converting files for ``drydock convert``: design files between formats, or one fleet file, with an exit status.

The command's work without its options (as :mod:`drydock.insight.rate_files` is for ``rate``): a fleet file
(one at a time) becomes one fleet file or workbook (:func:`drydock.formats.convert.convert_fleet`); design
files go through :func:`drydock.formats.convert.convert` (one output, or a folder of them, where a bad input
is reported and the others are still converted). ``convert --from admiralty|nova`` is
:func:`drydock.convert.run.convert_legacy`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from drydock.errors import DrydockError, error_lines, one_line
from drydock.formats.convert import STDIO, ConvertResult, convert, convert_fleet
from drydock.formats.filekinds import is_fleet_file
from drydock.formats.houserules import load_house_rules, load_ruleset


@dataclass
class ConvertRun:
    """What ``drydock convert`` did: the files written and the inputs that failed, what it says on standard
    error, and its exit status."""

    output: str
    #: (input, output, designs) per file written
    written: list[tuple[str, str, int]] = field(default_factory=list)
    #: (input, error) per input that failed (a folder conversion goes on with the next one)
    failed: list[tuple[str, str]] = field(default_factory=list)
    #: the input was a fleet file (it became one fleet file or workbook)
    fleet: bool = False

    @property
    def exit_status(self) -> int:
        """0 every input converted, 1 if any failed (the others were still converted)."""
        return 1 if self.failed else 0

    def summary(self) -> str:
        """``converted N files (M designs)[, K failed]``, or ``converted fleet FILE (M designs)``."""
        if not self.fleet:
            return ConvertResult(self.written, self.failed).summary()
        designs = self.written[0][2]
        return f"converted fleet {self.written[0][0]} ({designs} design{'s' * (designs != 1)})"

    @property
    def messages(self) -> list[str]:
        """The standard-error lines after the conversion: each failed input's error, then the summary (not for
        a single file written to standard output, which says nothing)."""
        lines = [f"drydock: error: {one_line(line)}" for _, error in self.failed for line in error_lines(error)]
        count = len(self.written) + len(self.failed)
        if self.output != STDIO or (not self.fleet and (count > 1 or self.failed)):
            lines.append(self.summary() + (f" -> {self.output}" if self.output != STDIO else ""))
        return lines


def convert_files(inputs: tuple[str, ...] | list[str], output: str, *, to: str | None = None,
                  source: str | None = None, force: bool = False, rules_file: str | None = None,
                  warn: Callable[[str], None] | None = None,
                  wrap: Callable[[list[tuple[Path, Path]]], Iterable[tuple[Path, Path]]] | None = None
                  ) -> ConvertRun:
    """Convert ``inputs`` to ``output`` (``-``: standard output) under ``rules_file`` (house rules or a bundled
    ruleset). A fleet file is converted alone, its warnings passed to ``warn`` as they come; design files
    as :func:`drydock.formats.convert.convert` says, ``wrap`` wrapping a folder's files (a progress bar)."""
    run = ConvertRun(output)
    if any(is_fleet_file(name) for name in inputs):
        if len(inputs) != 1:
            raise DrydockError("convert one fleet file at a time (it becomes one fleet file or workbook)")
        count = convert_fleet(inputs[0], output, to=to, force=force,
                              house=load_house_rules(rules_file) if rules_file else None, warn=warn)
        run.fleet = True
        run.written.append((inputs[0], output, count))
        return run
    result = convert(list(inputs), output, to=to, source=source, force=force, rules=load_ruleset(rules_file),
                     wrap=wrap)
    run.written, run.failed = result.written, result.failed
    return run
