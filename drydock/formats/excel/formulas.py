"""Ruleset formula expressions translated into spreadsheet formulas (A.1-A.5 as Excel text).

A ruleset formula (:mod:`drydock.core.rules.formula`) is a small Python-like expression.
:func:`to_excel` turns it into Excel/LibreOffice formula text over named ranges,
fully parenthesised so that Excel's precedence (``-x^2`` is ``(-x)^2`` there) never
changes a result. ``ceil``/``floor`` get a rounding tolerance first, because Excel
calculates in binary floating point: ``ceil(0.1 * 3 * 100)`` must be 30, never 31.

A construct with no faithful spreadsheet form raises :class:`Untranslatable`; the
workbook then writes drydock's figure as a plain value and says so in the sheet header.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

#: Digits kept before rounding up/down: removes binary noise (1e-12), keeps every exact rules value.
CEIL_DIGITS = 6
#: Digits kept before rounding to a tenth (A.1 "nearest tenth"): BSURs have up to ~10 exact decimals.
TENTH_DIGITS = 8


class Untranslatable(ValueError):
    """A rules expression that has no faithful spreadsheet formula."""


def ceil_x(x: str) -> str:
    """Rounded up (A.1), after a tolerance rounding so that binary noise never adds one."""
    return f"CEILING(ROUND({x},{CEIL_DIGITS}),1)"


def floor_x(x: str) -> str:
    return f"INT(ROUND({x},{CEIL_DIGITS}))"


def tenth_x(x: str) -> str:
    """Rounded to the nearest tenth, halves up (A.1), after a tolerance rounding."""
    return f"ROUND(ROUND({x},{TENTH_DIGITS}),1)"


_BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "^"}
_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}


def _prec(node: ast.AST) -> int:
    """Binding strength of a translated node: 9 for atoms (names, numbers, calls, parenthesised)."""
    if isinstance(node, ast.BinOp):
        return _PREC.get(_BINOPS.get(type(node.op), "+"), 1)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and node.value < 0:
        return 0
    return 9
_CMP = {ast.Eq: "=", ast.NotEq: "<>", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


def number(value: Decimal | Fraction | int | float | str) -> str:
    """A literal number as formula text (exact decimal digits, no exponent)."""
    d = Decimal(str(value)) if not isinstance(value, Fraction) else Decimal(value.numerator) / value.denominator
    text = format(d.normalize(), "f")
    return text


def to_excel(expr: str, names: Mapping[str, str]) -> str:
    """Formula text for the rules expression ``expr``; ``names`` maps each variable to a name or cell."""
    return _translate(str(expr), tuple(sorted(names.items())))


@lru_cache(maxsize=4096)
def _translate(expr: str, names: tuple[tuple[str, str], ...]) -> str:
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except SyntaxError as exc:
        raise Untranslatable(f"{expr!r} is not an expression") from exc
    return _Translator(dict(names), expr).visit(tree.body)


class _Translator:
    def __init__(self, names: Mapping[str, str], source: str) -> None:
        self.names, self.source = names, source

    def fail(self, what: str) -> Untranslatable:
        return Untranslatable(f"{self.source!r}: {what} has no spreadsheet form")

    def visit(self, node: ast.AST) -> str:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
                raise self.fail(f"the literal {node.value!r}")
            return number(node.value)
        if isinstance(node, ast.Name):
            if node.id not in self.names:
                raise self.fail(f"the variable {node.id!r}")
            return self.names[node.id]
        if isinstance(node, ast.BinOp):
            op = _BINOPS.get(type(node.op))
            if op is None:
                raise self.fail(type(node.op).__name__)
            mine = _PREC[op]
            left, right = self.visit(node.left), self.visit(node.right)
            lp, rp = _prec(node.left), _prec(node.right)
            # Parentheses only where precedence needs them; "^" operands always (Excel's ^ is
            # left-associative and binds looser than unary minus, unlike Python's **).
            if lp < mine or (op == "^" and lp < 9):
                left = f"({left})"
            if rp < mine or (rp == mine and op in "-/^") or (op == "^" and rp < 9):
                right = f"({right})"
            return f"{left}{op}{right}"
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.USub):
                inner = self.visit(node.operand)
                return f"(-{inner})" if _prec(node.operand) == 9 else f"(-({inner}))"
            if isinstance(node.op, ast.UAdd):
                return self.visit(node.operand)
            if isinstance(node.op, ast.Not):
                return f"NOT({self.condition(node.operand)})"
            raise self.fail(type(node.op).__name__)
        if isinstance(node, ast.IfExp):
            return f"IF({self.condition(node.test)},{self.visit(node.body)},{self.visit(node.orelse)})"
        if isinstance(node, ast.Compare):
            return self.condition(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.BoolOp):
            raise self.fail("'and'/'or' outside a condition (Python returns an operand, Excel TRUE/FALSE)")
        raise self.fail(type(node).__name__)

    def condition(self, node: ast.AST) -> str:
        """A test: comparisons and and/or/not become Excel logic; a number is true when non-zero."""
        if isinstance(node, ast.BoolOp):
            fn = "AND" if isinstance(node.op, ast.And) else "OR"
            return f"{fn}({','.join(self.condition(v) for v in node.values)})"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return f"NOT({self.condition(node.operand)})"
        if isinstance(node, ast.Compare):
            parts = []
            left = node.left
            for op, right in zip(node.ops, node.comparators, strict=True):
                sym = _CMP.get(type(op))
                if sym is None:
                    raise self.fail(type(op).__name__)
                parts.append(f"({self.visit(left)}{sym}{self.visit(right)})")
                left = right
            return parts[0] if len(parts) == 1 else f"AND({','.join(parts)})"
        return f"({self.visit(node)}<>0)"

    def call(self, node: ast.Call) -> str:
        if not isinstance(node.func, ast.Name) or node.keywords:
            raise self.fail("this call")
        args = [self.visit(a) for a in node.args]
        fn = node.func.id
        if fn == "ceil" and len(args) == 1:
            return ceil_x(args[0])
        if fn == "floor" and len(args) == 1:
            return floor_x(args[0])
        if fn == "sqrt" and len(args) == 1:
            return f"SQRT({args[0]})"
        if fn in ("min", "max") and args:
            return f"{fn.upper()}({','.join(args)})"
        raise self.fail(f"{fn}() with {len(args)} arguments")
