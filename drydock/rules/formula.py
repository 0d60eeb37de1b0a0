"""Safe arithmetic formulas for rules tables (so a house rule can change a formula).

A formula is a Python-like arithmetic expression over named variables, e.g.
``"H * (H + 30) * 5"``. Only numbers, the variables a caller supplies, ``+ - * / **``,
comparisons, ``x if c else y`` and the functions ``ceil``, ``floor``, ``sqrt``,
``min``, ``max`` are allowed. Numbers are exact decimals (``0.43`` is
``Decimal("0.43")``), so the rulebook's "rounded up" never trips on binary floats.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from drydock.errors import RulesError

_ALLOWED_NODES = (
    ast.Expression,
    ast.BinOp,
    ast.UnaryOp,
    ast.Constant,
    ast.Name,
    ast.Load,
    ast.Call,
    ast.IfExp,
    ast.Compare,
    ast.BoolOp,
    ast.And,
    ast.Or,
    ast.Not,
    ast.Add,
    ast.Sub,
    ast.Mult,
    ast.Div,
    ast.Pow,
    ast.USub,
    ast.UAdd,
    ast.Eq,
    ast.NotEq,
    ast.Lt,
    ast.LtE,
    ast.Gt,
    ast.GtE,
)


def ceil(x: Decimal | int) -> Decimal:
    """Round up to the next integer ("rounded up", A.1)."""
    return Decimal(x).to_integral_value(rounding=ROUND_CEILING)


def floor(x: Decimal | int) -> Decimal:
    """Round down to an integer."""
    return Decimal(x).to_integral_value(rounding=ROUND_FLOOR)


def sqrt(x: Decimal | int) -> Decimal:
    """Square root (exact for perfect squares)."""
    return Decimal(x).sqrt()


FUNCTIONS: dict[str, Callable[..., Decimal]] = {
    "ceil": ceil,
    "floor": floor,
    "sqrt": sqrt,
    "min": min,
    "max": max,
}


class Formula:
    """A compiled, validated formula; call it with keyword variables."""

    __slots__ = ("source", "variables", "fn")

    def __init__(self, source: str | int | float | Decimal, allowed: Iterable[str]) -> None:
        text = str(source).strip()
        self.source = text
        allowed = set(allowed)
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError as exc:
            raise RulesError(f"formula {text!r} is not an expression: {exc.msg}") from None
        consts: dict[str, Decimal] = {}
        used: set[str] = set()
        for node in ast.walk(tree):
            if not isinstance(node, _ALLOWED_NODES):
                raise RulesError(f"formula {text!r}: {type(node).__name__} is not allowed")
            if isinstance(node, ast.Call):
                if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
                    raise RulesError(f"formula {text!r}: only {sorted(FUNCTIONS)} may be called")
                if node.keywords:
                    raise RulesError(f"formula {text!r}: keyword arguments are not allowed")
            elif isinstance(node, ast.Name):
                if node.id not in FUNCTIONS and node.id not in allowed:
                    raise RulesError(
                        f"formula {text!r}: unknown name {node.id!r} "
                        f"(allowed: {', '.join(sorted(allowed))})"
                    )
                used.add(node.id)
            elif isinstance(node, ast.Constant):
                if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
                    raise RulesError(f"formula {text!r}: only numbers may be written literally")
        # Replace every numeric literal by a name bound to an exact Decimal, and wrap the
        # expression in a lambda taking the allowed variables as keywords (fast to call).
        body = _DecimalLiterals(consts).visit(tree).body
        names = sorted(allowed)
        args = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[ast.arg(arg=n) for n in names],
                             kw_defaults=[ast.Constant(value=None) for _ in names], kwarg=None, defaults=[])
        lam = ast.Expression(body=ast.Lambda(args=args, body=body))
        ast.fix_missing_locations(lam)
        scope: dict[str, object] = {"__builtins__": {}, **FUNCTIONS, **consts}
        self.fn: Callable[..., Decimal] = eval(compile(lam, f"<formula {text}>", "eval"), scope)  # noqa: S307
        self.variables = frozenset(used - set(FUNCTIONS))

    def __call__(self, **variables: Decimal | int) -> Decimal:
        result = self.fn(**variables)
        return result if isinstance(result, Decimal) else Decimal(result)

    def __repr__(self) -> str:
        return f"Formula({self.source!r})"


class _DecimalLiterals(ast.NodeTransformer):
    """Numeric literals become exact Decimals; ``/`` and ``**`` get a Decimal left operand,
    so no formula ever yields a binary float (int / int would)."""

    def __init__(self, consts: dict[str, Decimal]) -> None:
        self.consts = consts
        consts["_D"] = Decimal  # type: ignore[assignment]

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, (ast.Div, ast.Pow)):
            node.left = ast.Call(func=ast.Name(id="_D", ctx=ast.Load()), args=[node.left], keywords=[])
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        name = f"_k{len(self.consts) - 1}"
        self.consts[name] = Decimal(str(node.value))
        return ast.copy_location(ast.Name(id=name, ctx=ast.Load()), node)
