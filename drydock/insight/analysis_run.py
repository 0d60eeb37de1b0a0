"""One ``drydock analyze``: read the designs, analyse each exactly (no dice), write the report; the result.

The command's work without its options (as :mod:`drydock.insight.rate_files` is for ``rate``):
:func:`analyze_files` reads every design and fleet file (a fleet's copies of one design are analysed
once), refuses Nova records (X.2 dice are not the 4.2 tables the analysis is exact for), analyses each
design (:func:`~drydock.insight.analyze.analyse`), writes the report page (``report_file``) and returns
an :class:`AnalysisRun` with the text and JSON forms.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from drydock.errors import DrydockError
from drydock.formats import check_outputs
from drydock.formats.inputs import read_side
from drydock.insight.analysis_text import format_analysis, to_dict
from drydock.insight.analyze import Analysis, analyse
from drydock.insight.pages import analysis_page, write_report
from drydock.insight.tournament import distinct


@dataclass
class AnalysisRun:
    """The analysis of every design, in input order."""

    analyses: list[Analysis]

    def text(self) -> str:
        """What ``drydock analyze`` prints."""
        return format_analysis(self.analyses)

    def json(self) -> str:
        """The ``--json`` form."""
        return json.dumps([to_dict(a) for a in self.analyses], indent=2)

    @property
    def exit_status(self) -> int:
        """Always 0: bad input raises before any analysis."""
        return 0


def analyze_files(files: tuple[str, ...] | list[str], screens: int, *, report_file: str | None = None,
                  force: bool = False) -> AnalysisRun:
    """Every design in ``files`` analysed against shields 0-5 and a target with ``screens`` screens."""
    designs = distinct([d for f in files for d in read_side(f)[0]])  # a fleet's copies: analysed once
    if not designs:
        raise DrydockError("no designs")
    check_outputs([report_file] if report_file else [], list(files))  # nested inputs too (issue 27)
    for d in designs:
        if getattr(d, "kind", None) == "nova":  # X.2 dice are not the 4.2 tables this analysis is exact for
            raise DrydockError(f"{d.title or d.class_name}: a Nova record (X.2) has no Appendix A analysis; see it "
                               "with 'drydock rate' and try it in play with 'drydock battle'")
    analyses = [analyse(d, screens) for d in designs]
    if report_file:
        write_report(report_file, analysis_page(analyses), force=force)
    return AnalysisRun(analyses)
