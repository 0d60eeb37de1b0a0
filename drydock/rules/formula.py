"""Safe, exact arithmetic formulas for rules tables (so a house rule can change a formula).

A formula is a Python-like arithmetic expression over named variables, e.g.
``"H * (H + 30) * 5"``. Only numbers, the variables a caller supplies, ``+ - * / **``,
comparisons, ``x if c else y`` and the functions ``ceil``, ``floor``, ``sqrt``,
``min``, ``max`` are allowed.

Arithmetic is exact rational arithmetic (:class:`fractions.Fraction` and ``int``):
``0.43`` is ``43/100``, ``/`` never yields a float, and a whole number such as
``10 / 0.7 * 1.4 = 20`` stays exactly 20, so "rounded up" (``ceil``) rounds only
what the rules say. ``sqrt`` is exact for perfect squares; otherwise it returns a
rational just below the root, close enough that ``ceil``/``floor`` of it (the
only thing the rules do with a root, A.2) are the exact ones.

Formulas come from house-rule files, so they are bounded: at most
:data:`MAX_SOURCE` characters and :data:`MAX_NODES` syntax nodes, literals of at
most :data:`MAX_LITERAL` in size, whole exponents of at most :data:`MAX_EXPONENT`,
results of at most :data:`MAX_BITS` bits. Division by zero, a root of a negative
number and every other domain error is a :class:`~drydock.errors.RulesError`
naming the rules key (``where``) and the formula, never a Python exception.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Iterable
from fractions import Fraction

from drydock.errors import RulesError

#: An exact number as formulas produce it.
Exact = int | Fraction

MAX_SOURCE = 500
MAX_NODES = 200
MAX_DEPTH = 40
MAX_LITERAL = 10**12
MAX_LITERAL_DIGITS = 30
MAX_EXPONENT = 10_000
MAX_BITS = 20_000

_ALLOWED_NODES = (
    ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Name, ast.Load, ast.Call, ast.IfExp, ast.Compare,
    ast.BoolOp, ast.And, ast.Or, ast.Not, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.USub, ast.UAdd,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE,
)

_NUMBER_RE = re.compile(r"^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$")


class FormulaDomainError(ArithmeticError):
    """An operation outside its domain (root of a negative, fractional or huge exponent, huge result)."""


def exact(text: object, limit: int = MAX_LITERAL) -> Exact:
    """The exact value of a decimal number written as text, int or float (``"0.43"`` -> 43/100).

    Raises :class:`ValueError` for anything else, for non-finite values and for
    numbers larger than ``limit`` or with more than :data:`MAX_LITERAL_DIGITS` digits.
    """
    if isinstance(text, bool):
        raise ValueError("a number is required, not true/false")
    if isinstance(text, int):
        value: Exact = text
    elif isinstance(text, Fraction):
        value = text
    else:
        if isinstance(text, float):
            if not math.isfinite(text):
                raise ValueError(f"{text} is not a finite number")
            text = repr(text)
        if not isinstance(text, str):
            raise ValueError(f"expected a number, got {type(text).__name__}")
        s = text.strip().replace("_", "")
        sign = -1 if s[:1] == "-" else 1
        s = s[1:] if s[:1] in ("+", "-") else s
        m = _NUMBER_RE.match(s)
        if not s or m is None or not (m.group(1) or m.group(2)):
            raise ValueError(f"{text[:40]!r} is not a decimal number")
        digits = (m.group(1) or "") + (m.group(2) or "")
        exp = int(m.group(3)) if m.group(3) and len(m.group(3).lstrip("+-")) <= 4 else (10**6 if m.group(3) else 0)
        if abs(exp) > 2 * MAX_LITERAL_DIGITS:
            raise ValueError(f"{text[:40]!r} is too large or too small")
        if len(digits.lstrip("0")) > MAX_LITERAL_DIGITS:
            raise ValueError(f"{text[:40]!r} has too many digits")
        value = sign * Fraction(int(digits or "0"), 10 ** len(m.group(2) or "")) * Fraction(10) ** exp
        if value.denominator == 1:
            value = value.numerator
    if abs(value) > limit:
        raise ValueError(f"{str(text)[:40]!r} is too large (at most {limit})")
    return value


# ------------------------------------------------------------------ the functions a formula may call
def ceil(x: Exact) -> int:
    """Round up to the next integer ("rounded up", A.1); exact for ints and fractions."""
    return math.ceil(x)


def floor(x: Exact) -> int:
    """Round down to an integer."""
    return math.floor(x)


def sqrt(x: Exact) -> Exact:
    """Square root: exact for squares of rationals; otherwise a rational just below the root.

    For ``x = p/q`` not a square, the result ``r`` satisfies ``r < sqrt(x)`` and no
    integer lies in ``(r, sqrt(x)]`` (the precision exceeds ``q * (2 sqrt(x) + 1)``,
    the closest a non-square can come to an integer root), so ``ceil``/``floor`` of
    it are exact.
    """
    if x < 0:
        raise FormulaDomainError(f"square root of a negative number ({x})")
    q = Fraction(x)
    p, d = q.numerator, q.denominator
    rp, rd = math.isqrt(p), math.isqrt(d)
    if rp * rp == p and rd * rd == d:
        return rp if rd == 1 else Fraction(rp, rd)
    shift = 2 * (d.bit_length() + max(p // d, 1).bit_length() + 8)
    scale = 1 << shift  # an even power of two, so sqrt(scale) = 2 ** (shift / 2)
    return Fraction(math.isqrt(p * scale // d), 1 << (shift // 2))


def _min(*args: Exact) -> Exact:
    return min(args)


def _max(*args: Exact) -> Exact:
    return max(args)


FUNCTIONS: dict[str, Callable[..., Exact]] = {"ceil": ceil, "floor": floor, "sqrt": sqrt, "min": _min, "max": _max}
_ARITY = {"ceil": (1, 1), "floor": (1, 1), "sqrt": (1, 1), "min": (1, 16), "max": (1, 16)}


def _div(a: Exact, b: Exact) -> Exact:
    """Exact division: int / int is a Fraction, never a float."""
    if isinstance(a, int) and isinstance(b, int):
        return Fraction(a, b)
    return a / b


def _pow(a: Exact, b: Exact) -> Exact:
    """Exact power with a whole exponent of at most MAX_EXPONENT and a bounded result."""
    if isinstance(b, Fraction):
        if b.denominator != 1:
            raise FormulaDomainError(f"exponent {b} is not a whole number")
        b = b.numerator
    b = int(b)
    if abs(b) > MAX_EXPONENT:
        raise FormulaDomainError(f"exponent {b} is too large (at most {MAX_EXPONENT})")
    base = Fraction(a)
    if abs(b) * max(base.numerator.bit_length(), base.denominator.bit_length()) > MAX_BITS:
        raise FormulaDomainError(f"{a} ** {b} is too large")
    out = base ** b  # ZeroDivisionError for 0 ** -n
    return out.numerator if out.denominator == 1 else out


def _check(value: Exact) -> Exact:
    """Bound the size of a result (numerator and denominator bits)."""
    if isinstance(value, Fraction):
        if value.numerator.bit_length() > MAX_BITS or value.denominator.bit_length() > MAX_BITS:
            raise FormulaDomainError("a number in the formula grew too large")
    elif isinstance(value, bool):
        return int(value)
    elif value.bit_length() > MAX_BITS:
        raise FormulaDomainError("a number in the formula grew too large")
    return value


class Formula:
    """A compiled, validated formula; call it with keyword variables to get an exact number.

    ``where`` names the rules key (``formulas.total_su``) in every error message.
    """

    __slots__ = ("source", "variables", "fn", "where")

    def __init__(self, source: str | int | float | Fraction, allowed: Iterable[str], where: str = "") -> None:
        text = source.strip() if isinstance(source, str) else str(source)
        self.source = text
        self.where = where
        allowed = set(allowed)
        if len(text) > MAX_SOURCE:
            raise self._error(f"is longer than {MAX_SOURCE} characters", short=True)
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError as exc:
            raise self._error(f"is not an expression: {exc.msg}") from None
        except (RecursionError, MemoryError, ValueError):
            raise self._error("is too deeply nested") from None
        consts: dict[str, object] = {}
        used: set[str] = set()
        nodes = list(ast.walk(tree))
        if len(nodes) > MAX_NODES:
            raise self._error(f"is too long (more than {MAX_NODES} terms)", short=True)
        if _depth(tree) > MAX_DEPTH:
            raise self._error(f"is nested more than {MAX_DEPTH} deep", short=True)
        for node in nodes:
            if not isinstance(node, _ALLOWED_NODES):
                raise self._error(f": {type(node).__name__} is not allowed")
            if isinstance(node, ast.Call):
                if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
                    raise self._error(f": only {sorted(FUNCTIONS)} may be called")
                if node.keywords:
                    raise self._error(": keyword arguments are not allowed")
                lo, hi = _ARITY[node.func.id]
                if not lo <= len(node.args) <= hi:
                    want = str(lo) if lo == hi else f"{lo} to {hi}"
                    raise self._error(f": {node.func.id}() takes {want} argument{'s' * (hi > 1)}, "
                                      f"not {len(node.args)}")
            elif isinstance(node, ast.Name):
                if node.id not in FUNCTIONS and node.id not in allowed:
                    raise self._error(f": unknown name {node.id!r} (allowed: {', '.join(sorted(allowed))})")
                used.add(node.id)
            elif isinstance(node, ast.Constant):
                if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
                    raise self._error(": only numbers may be written literally")
                literal = ast.get_source_segment(text, node) or repr(node.value)
                try:
                    exact(literal if isinstance(node.value, float) else node.value)
                except ValueError as exc:
                    raise self._error(f": {exc}") from None
        # Numeric literals become exact names; / and ** become exact helpers; the expression
        # is wrapped in a lambda taking the allowed variables as keywords (fast to call).
        body = _ExactArithmetic(consts, text).visit(tree).body
        names = sorted(allowed)
        args = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[ast.arg(arg=n) for n in names],
                             kw_defaults=[ast.Constant(value=None) for _ in names], kwarg=None, defaults=[])
        lam = ast.Expression(body=ast.Lambda(args=args, body=body))
        ast.fix_missing_locations(lam)
        scope: dict[str, object] = {"__builtins__": {}, **FUNCTIONS, "_div": _div, "_pow": _pow, **consts}
        self.fn: Callable[..., Exact] = eval(compile(lam, f"<formula {text}>", "eval"), scope)  # noqa: S307
        self.variables = frozenset(used - set(FUNCTIONS))

    def __call__(self, **variables: Exact) -> Exact:
        try:
            return _check(self.fn(**variables))
        except ZeroDivisionError:
            raise self._error(f"divides by zero (with {_show(variables, self.variables)})") from None
        except FormulaDomainError as exc:
            raise self._error(f": {exc} (with {_show(variables, self.variables)})") from None
        except (ArithmeticError, ValueError, TypeError, RecursionError, MemoryError) as exc:
            raise self._error(f"cannot be computed: {type(exc).__name__} "
                              f"(with {_show(variables, self.variables)})") from None

    def _error(self, what: str, short: bool = False) -> RulesError:
        shown = self.source if len(self.source) <= 60 else self.source[:57] + "..."
        head = f"rules entry {self.where}: " if self.where else ""
        sep = "" if what.startswith(":") else " "
        return RulesError(f"{head}formula {shown!r}{sep}{what}")

    def __repr__(self) -> str:
        return f"Formula({self.source!r})"


def _show(variables: dict[str, Exact], used: frozenset[str]) -> str:
    shown = [f"{k}={v}" for k, v in sorted(variables.items()) if k in used]
    return ", ".join(shown) or "no variables"


def _depth(tree: ast.AST) -> int:
    """Nesting depth of a syntax tree, without recursion."""
    deepest = 0
    stack = [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in ast.iter_child_nodes(node))
    return deepest


class _ExactArithmetic(ast.NodeTransformer):
    """Numeric literals become exact ints/Fractions; ``/`` and ``**`` call the exact helpers."""

    def __init__(self, consts: dict[str, object], text: str) -> None:
        self.consts = consts
        self.text = text

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        helper = "_div" if isinstance(node.op, ast.Div) else "_pow" if isinstance(node.op, ast.Pow) else None
        if helper is None:
            return node
        call = ast.Call(func=ast.Name(id=helper, ctx=ast.Load()), args=[node.left, node.right], keywords=[])
        return ast.copy_location(call, node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        literal = ast.get_source_segment(self.text, node) if isinstance(node.value, float) else None
        name = f"_k{len(self.consts)}"
        self.consts[name] = exact(literal or node.value)
        return ast.copy_location(ast.Name(id=name, ctx=ast.Load()), node)
