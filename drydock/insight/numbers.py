"""Numbers as a player reads them: exact values rounded half up to a few decimals, never ``4.3e-19``."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any


def to_decimal(x: Fraction | int | float, places: int = 2) -> Decimal:
    """``x`` rounded half up to ``places`` decimals (a float is taken at its exact value)."""
    f = Fraction(x)
    d = Decimal(f.numerator) / Decimal(f.denominator) if f.denominator != 1 else Decimal(f.numerator)
    q = Decimal(1).scaleb(-places)
    out = d.quantize(q, rounding=ROUND_HALF_UP)
    return out + 0 if out else Decimal(0).quantize(q)  # no "-0.00"


def text(x: Fraction | int | float, places: int = 2) -> str:
    """``x`` rounded for print."""
    return str(to_decimal(x, places))


def num(x: Fraction | int | float, places: int = 3) -> float | int:
    """``x`` rounded for JSON: an int when whole, else a float with at most ``places`` decimals."""
    d = to_decimal(x, places)
    return int(d) if d == d.to_integral_value() else float(d)


def pct(x: Fraction | int | float, places: int = 1) -> str:
    """``x`` (a share) as a percentage, e.g. ``0.4567`` -> ``45.7%``."""
    return text(Fraction(x) * 100, places) + "%"


def rounded(x: Any) -> Any:
    """A JSON tree with every float rounded to 4 decimals (``4.3e-19`` becomes ``0``)."""
    if isinstance(x, float):
        return num(x, 4)
    if isinstance(x, dict):
        return {k: rounded(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [rounded(v) for v in x]
    return x
