"""Fast exact rationals for compiled formulas: a number is a pair of ints ``(n, d)``, ``d > 0``.

:class:`fractions.Fraction` is exact but slow in pure Python (every operation checks types
and reduces by a gcd). Compiled formulas (:mod:`drydock.core.rules.formula`) compute on plain
integer pairs in straight-line code and reduce once, at the end (:func:`result`); the
arithmetic is the same exact rational arithmetic, only without the intermediate gcds.
This module holds the operations too big to inline (powers, roots, min/max) and the
size bounds (:data:`MAX_BITS`, :data:`MAX_EXPONENT`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from drydock import limits

Pair = tuple[int, int]

MAX_BITS = limits.FORMULA_BITS.value  # every sanity limit is listed in drydock/limits.py
MAX_EXPONENT = limits.FORMULA_EXPONENT.value


class DomainError(ArithmeticError):
    """An operation outside its domain (root of a negative, fractional or huge exponent, huge result)."""


def pair(x: int | Fraction | bool) -> Pair:
    """The pair for an int (or bool) or a Fraction."""
    if type(x) is int:
        return (x, 1)
    return (x.numerator, x.denominator)


def result(p: Pair) -> int | Fraction:
    """The reduced value of a pair: an ``int`` when whole, else a :class:`Fraction`."""
    n, d = p
    if n.bit_length() > MAX_BITS or d.bit_length() > MAX_BITS:
        raise DomainError("a number in the formula grew too large")
    g = math.gcd(n, d)
    if g != 1:
        n //= g
        d //= g
    return n if d == 1 else Fraction(n, d)


def checked(p: Pair) -> Pair:
    """The pair itself, if its numbers are within MAX_BITS."""
    if p[0].bit_length() > MAX_BITS or p[1].bit_length() > MAX_BITS:
        raise DomainError("a number in the formula grew too large")
    return p


def power(a: Pair, b: Pair) -> Pair:
    """``a ** b`` for a whole exponent of at most MAX_EXPONENT, with a bounded result."""
    if b[0] % b[1]:
        raise DomainError(f"exponent {Fraction(*b)} is not a whole number")
    e = b[0] // b[1]
    if abs(e) > MAX_EXPONENT:
        raise DomainError(f"exponent {e} is too large (at most {MAX_EXPONENT})")
    g = math.gcd(*a)
    n, d = a[0] // g, a[1] // g
    if abs(e) * max(n.bit_length(), d.bit_length()) > MAX_BITS:
        raise DomainError(f"{Fraction(n, d)} ** {e} is too large")
    if e >= 0:
        return (n**e, d**e)
    if n == 0:
        raise ZeroDivisionError("zero to a negative power")
    return (d**-e, n**-e) if n > 0 else ((-d) ** -e, (-n) ** -e)


def lt(a: Pair, b: Pair) -> bool:
    return a[0] * b[1] < b[0] * a[1]


def minimum(*args: Pair) -> Pair:
    return _extreme(args, lambda a, b: lt(a, b))


def maximum(*args: Pair) -> Pair:
    return _extreme(args, lambda a, b: lt(b, a))


def _extreme(args: tuple[Pair, ...], better: Callable[[Pair, Pair], bool]) -> Pair:
    best = args[0]
    for a in args[1:]:
        if better(a, best):
            best = a
    return best


def sqrt(a: Pair) -> Pair:
    """Square root: exact for squares of rationals; otherwise a rational just below the root.

    For ``x = p/q`` (reduced) not a square, the result ``r`` satisfies ``r < sqrt(x)`` and
    no integer lies in ``(r, sqrt(x)]``: an integer ``k`` with ``k < sqrt(x)`` is at least
    ``1 / (q (sqrt(x) + k)) >= 1 / (2 q sqrt(x))`` below it, and ``r`` is within
    ``2 / 2**k`` of the root with ``2**k > 4 q sqrt(x)``. So ``ceil``/``floor`` of it are exact.
    """
    n, d = a
    if n < 0:
        raise DomainError(f"square root of a negative number ({Fraction(n, d)})")
    g = math.gcd(n, d)
    p, q = n // g, d // g
    rp, rq = math.isqrt(p), math.isqrt(q)
    if rp * rp == p and rq * rq == q:
        return (rp, rq)
    half = q.bit_length() + max(p // q, 1).bit_length() + 8
    return (math.isqrt((p << (2 * half)) // q), 1 << half)
