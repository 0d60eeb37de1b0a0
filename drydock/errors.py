"""The project's exceptions: one root, :class:`DrydockError`, itself a ``ValueError``.

Syntax errors (text that cannot be read) are exceptions; design errors (a design
that reads fine but breaks a construction rule) are :class:`drydock.core.problems.Problem`
values returned by ``validate()``, never exceptions.
"""

from __future__ import annotations

import re
from typing import Any

#: The longest error line drydock prints (quotes of the input are cut much shorter: :data:`QUOTE_MAX`).
LINE_MAX = 600
#: The longest piece of input quoted in an error message.
QUOTE_MAX = 80

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str, *, keep_newlines: bool = True) -> str:
    """``text`` with control characters (terminal escapes, BEL, bidi overrides ...) shown as ``\\x1b`` escapes.

    Newlines and tabs are kept when ``keep_newlines``; otherwise they are escaped too.
    """
    def esc(m: re.Match[str]) -> str:
        c = m.group(0)
        return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"

    out = _CONTROL.sub(esc, text)
    if not keep_newlines:
        out = out.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")
    return out


def inline(text: object) -> str:
    """A name as it may appear in any text output (a report line, a listing, an SVG or HTML label): every
    control character, line break and tab shown as an escape, so a name can never forge a line, set a
    terminal title or make XML ill-formed. The one escaping of names for every output."""
    return printable(str(text), keep_newlines=False)


def one_line(text: str, limit: int = LINE_MAX) -> str:
    """``text`` as one printable line of at most ``limit`` characters (the middle is cut)."""
    out = printable(" ".join(str(text).split("\n")).replace("\r", " ").replace("\t", " "))
    if len(out) > limit:
        keep = limit - 5
        out = out[: keep * 2 // 3] + " ... " + out[len(out) - (keep - keep * 2 // 3):]
    return out


def quote(text: object, limit: int = QUOTE_MAX) -> str:
    """A short, escaped quotation of some input for an error message."""
    s = str(text)
    cut = s if len(s) <= limit else s[: limit - 3] + "..."
    return repr(cut)


class DrydockError(ValueError):
    """Root of every error drydock raises for bad input. ``str()`` is always one printable line."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class InvalidValueError(DrydockError):
    """A drydock record (Design, Battery ...) built with a value of the wrong type or shape."""

    @classmethod
    def from_validation(cls, model: str, exc: Any) -> InvalidValueError:
        """One line from a pydantic ``ValidationError``: the record, the field and the first problem."""
        errors = exc.errors()
        first: dict[str, Any] = errors[0] if errors else {"loc": (), "msg": str(exc)}
        inner = first.get("ctx", {}).get("error")
        if isinstance(inner, InvalidValueError):  # a nested record already said it
            return inner
        loc = ".".join(str(p) for p in first.get("loc", ())) or "(record)"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        given = f", got {quote(first['input'])}" if "input" in first and not isinstance(first["input"], dict) else ""
        return cls(f"{model}.{loc}: {first.get('msg', 'invalid value')}{given}{more}")


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
            out += f": {quote(self.text)}"
        return one_line(out)

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


def yaml_hint(problem: str) -> str:
    """``problem`` (a YAML parser's message) with a hint when an unquoted ``*`` or ``&`` started a value: YAML
    reads ``range: *-6-12`` as an alias (Bls/Crn bands must be quoted: ``range: "*-6-12"``)."""
    low = problem.lower()
    if "alias" in low or "anchor" in low or "found character '*'" in low or "found character '&'" in low:
        return (f"{problem} (a value starting with * or & is a YAML alias or anchor: quote it, "
                f"e.g. range: \"*-6-12\")")
    return problem


#: Structural mistakes of one file reported together (issue 26); past this many, "and N more".
MISTAKES_MAX = 20


class SyntaxErrors(DrydockSyntaxError):
    """Several structural mistakes of one file, each with its line: one line of output per mistake."""

    def __init__(self, errors: list[DrydockSyntaxError]) -> None:
        self.errors = errors[:MISTAKES_MAX]
        self.more = len(errors) - len(self.errors)
        first = self.errors[0]
        super().__init__(first.message, text=first.text, file=first.file, line=first.line, column=first.column)

    def __str__(self) -> str:
        lines = [str(e) for e in self.errors]
        if self.more:
            lines.append(f"{self.errors[0].file or '<input>'}: ... and {self.more} more mistake(s)")
        return "\n".join(lines)

    def with_file(self, file: str) -> DrydockSyntaxError:
        for e in self.errors:
            e.with_file(file)
        return super().with_file(file)


def raise_all(errors: list[DrydockSyntaxError], kind: type[SyntaxErrors] = SyntaxErrors) -> None:
    """Raise ``errors`` (one error as itself, several together as ``kind``); nothing when empty."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise kind(errors)


class DesignFileErrors(SyntaxErrors, DesignFileError):
    """Several mistakes of one YAML/JSON design file."""


def error_lines(message: str) -> list[str]:
    """The lines of an error message: a file's several mistakes print one line each."""
    return [line for line in str(message).split("\n") if line.strip()] or [str(message)]
