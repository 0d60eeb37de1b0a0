"""The project's exceptions: one root, :class:`DrydockError`, itself a ``ValueError``.

Syntax errors (text that cannot be read) are exceptions; design errors (a design
that reads fine but breaks a construction rule) are :class:`drydock.problems.Problem`
values returned by ``validate()``, never exceptions.
"""

from __future__ import annotations


class DrydockError(ValueError):
    """Root of every error drydock raises for bad input."""


class RulesError(DrydockError):
    """A ruleset or house-rule file is malformed (unknown key, bad formula ...)."""


class DrydockSyntaxError(DrydockError):
    """Malformed input text; carries the file, line, column and the offending text."""

    def __init__(
        self,
        message: str,
        *,
        text: str | None = None,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = message
        self.text = text
        self.file = file
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        out = f"{where}: {self.message}"
        if self.text is not None:
            out += f": {self.text!r}"
        return out

    def with_file(self, file: str) -> DrydockSyntaxError:
        """Return the same error attributed to ``file`` (parsers often know it late)."""
        self.file = file
        self.args = (str(self),)
        return self


class DesignFileError(DrydockSyntaxError):
    """A native (YAML/JSON) design file is malformed."""


class BankSyntaxError(DrydockSyntaxError):
    """A bank entry (``xARCy`` or a display-style bank) cannot be read."""


class StatsSyntaxError(DrydockSyntaxError):
    """A weapon stat block (``ROFxACC/IMP/DMG``) or range cannot be read."""
