"""Checking files for ``drydock check``: every problem of every design, fleet and Nova record of the inputs.

The command's work without its options (as :mod:`drydock.insight.rate_files` is for ``rate``): read
every input (folders, fleets, standard input in any format), validate each design under its
rules, a fleet against its battle size (2.2), a Nova record for its own sense (X.2), and say
whether any is illegal. Bad files never stop the run: they are listed and make it fail (issue 10).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drydock.core.fleet import validate_fleet
from drydock.core.model import Design
from drydock.core.validation import validate
from drydock.errors import DrydockError, error_lines, one_line, printable
from drydock.formats.houserules import load_house_rules
from drydock.formats.inputs import read_inputs
from drydock.insight.rate_files import library_report


@dataclass
class CheckResult:
    """What ``drydock check`` prints, in input order, and its exit status."""

    #: ``(to standard error?, line)``: ``FILE: CODE label: message`` per problem on standard output, one line
    #: per warning or mistake of an unreadable input on standard error, then the library report if asked
    output: list[tuple[bool, str]] = field(default_factory=list)
    #: any design or fleet illegal, or any input unreadable
    illegal: bool = False

    @property
    def lines(self) -> list[str]:
        """The standard-output lines."""
        return [text for err, text in self.output if not err]

    @property
    def messages(self) -> list[str]:
        """The standard-error lines."""
        return [text for err, text in self.output if err]

    @property
    def exit_status(self) -> int:
        """0 every design legal, 1 otherwise (a bad file too: the others are still checked)."""
        return 1 if self.illegal else 0


def check_files(files: tuple[str, ...] | list[str], rules_file: str | None = None, *, source: str | None = None,
                libraries: tuple[str, ...] = ()) -> CheckResult:
    """Every problem of every design in ``files`` (under ``rules_file`` and the weapon ``libraries``)."""
    result = CheckResult()
    house = load_house_rules(rules_file)
    for item in read_inputs(files, house, explicit_rules=rules_file is not None, source=source,
                            libraries=libraries):
        if item.warning is not None:
            result.output.append((True, one_line(f"drydock: warning: {item.warning}")))
            continue
        error = item.error
        if error is None:
            try:
                if item.design is None:
                    assert item.fleet is not None  # an Item without a design is a fleet's end
                    problems, label = validate_fleet(item.fleet), item.fleet.name or "fleet"
                elif not isinstance(item.design, Design):  # a Nova record (X.2)
                    # lazy: the legacy readers load for legacy input only
                    from drydock.formats.legacy.nova_record import check_record

                    problems = check_record(item.design, item.rules)
                    label = f"Nova record {item.design.class_name or '?'}"
                else:
                    problems, label = validate(item.design, item.rules), item.design.class_name or "?"
            except DrydockError as exc:  # e.g. a house-rule formula failing for this design
                error = f"{item.name}: {exc}"
        if error is not None:  # one line per mistake of a file with several
            result.output += [(True, f"drydock: error: {one_line(line)}") for line in error_lines(error)]
            result.illegal = True
            continue
        for p in problems:
            tag = "" if p.is_error else " (warning)"
            result.output.append((False, printable(f"{item.name}: {p.code} {label}: {p.message}{tag}",
                                                   keep_newlines=False)))
            result.illegal = result.illegal or p.is_error
    if libraries:
        report = library_report(files, load_house_rules(rules_file), libraries, explicit_rules=rules_file is not None)
        result.output.append((False, report.removesuffix("\n")))
    return result
