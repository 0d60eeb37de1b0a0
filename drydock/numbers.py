"""One bounded number parser for every traded number: house rules, play tables, state files, records, designs.

``Fraction("1e99999999")`` builds ten to the hundred-millionth power before it returns, and ``int()`` of a
long digit string is slow too, so no text from a file reaches either directly. :func:`parse` reads a
whole number, a decimal (``0.43``, ``1.5e3``) or a fraction (``3/5``) and checks, *before* any
``Fraction`` or ``int`` is built, the length of the text (:data:`~drydock.limits.NUMBER_TEXT`), its
digits (:data:`~drydock.limits.DIGITS` unless the caller allows more), its exponent
(:data:`~drydock.limits.NUMBER_EXPONENT`) and a zero denominator; then the magnitude. :func:`number`
adds the entry's own range and names the entry when it refuses.

Every refusal is a :class:`NumberError`, a :class:`~drydock.errors.DrydockError` (so a ``ValueError``
too): one line naming the entry and what is allowed, never a traceback. Exact values only: an ``int``,
or a :class:`~fractions.Fraction` when the value is not whole; a float is read by its shortest decimal
text (``0.1`` is 1/10).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from drydock import limits
from drydock.errors import DrydockError

#: An exact number: ``int`` when whole, else ``Fraction``.
Exact = int | Fraction

_DECIMAL = re.compile(r"(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?")
_FRACTION = re.compile(r"(\d+)\s*/\s*([+-]?\d+)")


class NumberError(DrydockError):
    """A traded number that is not a number, or past its limit or its entry's range."""


def _shown(value: object) -> str:
    text = str(value)
    return repr(text if len(text) <= 24 else text[:16] + "...") if isinstance(value, str) else (
        text if len(text) <= 24 else f"{text[:8]}...{len(text)} digits")


def parse(value: object, *, digits: int | None = None, exponent: int | None = None,
          limit: int | None = None, fractions: bool = True) -> Exact:
    """The exact value of ``value`` (int, Fraction, finite float, or text), bounded before it is built.

    ``digits`` (default :data:`~drydock.limits.DIGITS`) caps the significant digits of each part,
    ``exponent`` (default :data:`~drydock.limits.NUMBER_EXPONENT`) the ``e`` exponent, ``limit`` (default
    :data:`~drydock.limits.FORMULA_LITERAL`) the magnitude; ``fractions=False`` refuses ``a/b`` text.
    Raises :class:`NumberError` with a message that has no subject ("must be a number", "has too many
    digits (at most 15)"): :func:`number` puts the entry's name in front.
    """
    digits = limits.DIGITS.value if digits is None else digits
    exponent = limits.NUMBER_EXPONENT.value if exponent is None else exponent
    limit = limits.FORMULA_LITERAL.value if limit is None else limit
    if isinstance(value, bool):
        raise NumberError("must be a number, not true/false")
    if isinstance(value, int):
        out: Exact = value
    elif isinstance(value, Fraction):
        out = value.numerator if value.denominator == 1 else value
    else:
        if isinstance(value, float):
            if not math.isfinite(value):
                raise NumberError("must be a finite number")
            value = repr(value)
        if not isinstance(value, str):
            raise NumberError("must be a number")
        out = _parse_text(value, digits, exponent, fractions)
    if not -limit <= out <= limit:
        raise NumberError(f"is too large (at most {limit:,})")
    return out


def _parse_text(value: str, digits: int, exponent: int, fractions: bool) -> Exact:
    if len(value) > limits.NUMBER_TEXT.value:
        raise NumberError(f"is not a number of at most {limits.NUMBER_TEXT.value} characters")
    s = value.strip().replace("_", "")
    sign = -1 if s[:1] == "-" else 1
    s = s[1:] if s[:1] in ("+", "-") else s
    m = _FRACTION.fullmatch(s) if fractions else None
    if m is not None:
        num, den = m.group(1), m.group(2)
        for part in (num, den):
            if len(part.lstrip("+-").lstrip("0")) > digits:
                raise NumberError(f"has too many digits (at most {digits})")
        if int(den) == 0:
            raise NumberError("has a zero denominator")
        q = Fraction(sign * int(num), int(den))
        return q.numerator if q.denominator == 1 else q
    m = _DECIMAL.fullmatch(s)
    if not s or m is None or not (m.group(1) or m.group(2)):
        raise NumberError("must be a number" + (" or a fraction like 3/5" if fractions else ""))
    whole, frac, exp_text = m.group(1) or "", m.group(2) or "", m.group(3)
    if len((whole + frac).lstrip("0")) > digits:
        raise NumberError(f"has too many digits (at most {digits})")
    exp = 0
    if exp_text is not None:
        if len(exp_text.lstrip("+-").lstrip("0")) > len(str(exponent)) or abs(int(exp_text)) > exponent:
            raise NumberError(f"is too large or too small (an exponent of at most {exponent})")
        exp = int(exp_text)
    q = sign * Fraction(int(whole + frac or "0")) * Fraction(10) ** (exp - len(frac))
    return q.numerator if q.denominator == 1 else q


def number(value: object, what: str, lo: Exact | None = None, hi: Exact | None = None, *, whole: bool = False,
           file: str | None = None, digits: int | None = None) -> Exact:
    """:func:`parse` of ``value``, then within ``lo``..``hi`` (and whole when ``whole``), else one
    :class:`NumberError` line naming ``what`` (and ``file``) and the range."""
    where = f"{file}: " if file else ""
    span = _span(lo, hi)
    if whole and not (type(value) is int or (isinstance(value, str) and value.strip().lstrip("+-").isdigit())):
        raise NumberError(f"{where}{what}: expected a whole number{',' if span else ''}{span}, got {_shown(value)}")
    try:
        out = parse(value, digits=digits)
    except NumberError as exc:
        raise NumberError(f"{where}{what}: {_shown(value)} {exc}" + (f"; allowed:{span}" if span else "")) from None
    if (lo is not None and out < lo) or (hi is not None and out > hi):
        raise NumberError(f"{where}{what}: {_shown(value)} is outside the range{span}")
    return out


def whole(value: object, what: str, lo: int | None = None, hi: int | None = None, *, file: str | None = None) -> int:
    """:func:`number` for a whole number: ``int`` within ``lo``..``hi``."""
    return int(number(value, what, lo, hi, whole=True, file=file))


def legacy_int(text: str) -> int:
    """A whole number written in Admiralty or Nova text (a sign allowed), within
    :data:`~drydock.limits.LEGACY_NUMBER` either way."""
    limit = limits.LEGACY_NUMBER.value
    return whole(text, "a number in the legacy text", -limit, limit)


def _span(lo: Exact | None, hi: Exact | None) -> str:
    if lo is None and hi is None:
        return ""
    if hi is None:
        return f" at least {number_text(lo)}"
    if lo is None:
        return f" at most {number_text(hi)}"
    return f" {number_text(lo)} to {number_text(hi)}"


def number_text(x: Exact | None) -> str:
    """``3/5`` for a fraction, ``1,000`` for a whole number (how ranges are shown)."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x.numerator}/{x.denominator}"
    return f"{int(x or 0):,}"


__all__ = ["Exact", "NumberError", "legacy_int", "number", "number_text", "parse", "whole"]
