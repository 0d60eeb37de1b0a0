"""Showing designs for ``drydock show``: every design of the inputs as Drake notation, YAML or JSON (a library
call, as :mod:`drydock.insight.rate_files` is for ``rate``)."""

from __future__ import annotations

from dataclasses import dataclass

from drydock.formats.convert import show
from drydock.formats.houserules import load_ruleset


@dataclass
class ShowRun:
    """What ``drydock show`` prints: every design of the inputs in one document."""

    #: the document, for standard output
    text: str
    exit_status: int = 0


def show_files(files: tuple[str, ...] | list[str], fmt: str = "drake", *, source: str | None = None,
               rules_file: str | None = None) -> ShowRun:
    """The designs in ``files`` (``-`` is standard input, read as ``source`` if given) as ``fmt`` (``drake``,
    ``yaml`` or ``json``), under the rules of ``rules_file`` (a house-rule file or a bundled ruleset's name).
    An unreadable input stops the run (a DrydockError): one document is printed or none."""
    return ShowRun(show(list(files), fmt, source=source, rules=load_ruleset(rules_file)))
