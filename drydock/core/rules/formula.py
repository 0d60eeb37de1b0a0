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
number, a result past the bounds and every other domain error (an :class:`ArithmeticError`)
is a :class:`~drydock.errors.RulesError` naming the rules key (``where``) and the formula.
Anything else raised while computing (a ``TypeError`` from a variable the caller passed
wrongly, say) is a bug in drydock, not in the rules: it propagates unchanged, and the
command line reports it as an internal error (exit 3).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from drydock import limits, numbers
from drydock.core.rules import rational as Q
from drydock.errors import RulesError

#: An exact number as formulas produce it.
Exact = int | Fraction

# The bounds are listed with every other sanity limit in drydock/limits.py.
MAX_SOURCE = limits.FORMULA_SOURCE.value
MAX_NODES = limits.FORMULA_NODES.value
MAX_DEPTH = limits.FORMULA_DEPTH.value
MAX_LITERAL = limits.FORMULA_LITERAL.value
MAX_LITERAL_DIGITS = 30
MAX_EXPONENT = Q.MAX_EXPONENT
MAX_BITS = Q.MAX_BITS

_ALLOWED_NODES = (
    ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Name, ast.Load, ast.Call, ast.IfExp, ast.Compare,
    ast.BoolOp, ast.And, ast.Or, ast.Not, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.USub, ast.UAdd,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE,
)



def exact(text: object, limit: int = MAX_LITERAL) -> Exact:
    """The exact value of a decimal number written as text, int or float (``"0.43"`` -> 43/100).

    Raises :class:`ValueError` (a message in a player's words, without the value) for
    anything else, for non-finite values and for numbers larger than ``limit`` or with
    more than :data:`MAX_LITERAL_DIGITS` digits.
    """
    try:  # the one bounded parser (drydock.numbers): digits and exponent checked before the value is built
        return numbers.parse(text, digits=MAX_LITERAL_DIGITS, exponent=2 * MAX_LITERAL_DIGITS, limit=limit,
                             fractions=False)
    except numbers.NumberError as exc:
        raise ValueError(str(exc)) from None


def number_text(x: Exact, places: int = 4) -> str:
    """An exact number as players read it: ``10.8``, ``104``, ``0.75`` (not ``54/5``).

    Exact for every terminating decimal; a repeating one (only from a house-rule
    formula) is shown to ``places`` decimals, halves up.
    """
    q = Fraction(x)
    if q.denominator == 1:
        return str(q.numerator)
    sign = "-" if q < 0 else ""
    q = abs(q)
    d = q.denominator
    for k in range(1, places + 1):
        if (10**k) % d == 0:
            scaled = q.numerator * (10**k // d)
            break
    else:
        k = places
        scaled = math.floor(q * 10**k + Fraction(1, 2))
    whole, frac = divmod(scaled, 10**k)
    text = f"{whole}.{frac:0{k}d}".rstrip("0").rstrip(".")
    return sign + text if text != "0" else "0"


# ------------------------------------------------------------------ rounding on exact numbers
def ceil(x: Exact) -> int:
    """Round up to the next integer ("rounded up", A.1); exact for ints and fractions."""
    return math.ceil(x)


def floor(x: Exact) -> int:
    """Round down to an integer."""
    return math.floor(x)


FUNCTIONS = ("ceil", "floor", "sqrt", "min", "max")
_ARITY = {"ceil": (1, 1), "floor": (1, 1), "sqrt": (1, 1), "min": (1, 16), "max": (1, 16)}
_SCOPE: dict[str, object] = {
    "__builtins__": {}, "type": type, "int": int, "ZeroDivisionError": ZeroDivisionError, "_power": Q.power,
    "_sqrt": Q.sqrt, "_minimum": Q.minimum, "_maximum": Q.maximum, "_result": Q.result, "_checked": Q.checked,
    # domain errors only (ZeroDivisionError, rational.DomainError for roots, powers and bounds):
    # any other exception is a bug in our code and must surface as one (exit 3), not as a rules error
    "_ERRORS": (ArithmeticError,),
}


class Formula:
    """A compiled, validated formula; call it with keyword variables to get an exact number.

    ``where`` names the rules key (``formulas.total_su``) in every error message.
    """

    __slots__ = ("source", "variables", "value", "value_pair", "value_from", "pair_from", "where", "_checked")

    # compiled on first use (:meth:`_compile`)
    value: Callable[..., Exact]
    value_pair: Callable[..., Q.Pair]
    # the same, reading the variables from one mapping (no keyword packing: faster for many variables)
    value_from: Callable[[dict[str, Exact]], Exact]
    pair_from: Callable[[dict[str, Exact]], Q.Pair]

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
        used: set[str] = set()
        nodes = list(ast.walk(tree))
        if len(nodes) > MAX_NODES:
            raise self._error(f"is too long (more than {MAX_NODES} terms)", short=True)
        if _depth(tree) > MAX_DEPTH:
            raise self._error(f"is nested more than {MAX_DEPTH} deep", short=True)
        called = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
        for node in nodes:
            if isinstance(node, ast.Name) and node.id in FUNCTIONS and id(node) not in called:
                raise self._error(f": {node.id} is a function; call it, e.g. {node.id}(x)")
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
                    raise self._error(f": the number {literal[:40]} {exc}") from None
        # The expression is compiled to straight-line integer arithmetic on (numerator,
        # denominator) pairs (drydock.core.rules.rational): no Fraction and no gcd until the end.
        # Two entry points share the code: `value` (reduced int/Fraction) and `value_pair`.
        self.variables = frozenset(used - set(FUNCTIONS))
        # checked now, compiled when first evaluated: a command evaluates few of a ruleset's formulas (a one-design
        # rate 15 of 64), and compiling them all was about a third of its start-up (issue 35)
        self._checked = (tree.body, sorted(allowed))

    def __getattr__(self, name: str) -> Any:
        """The compiled functions, compiled on first use (the other attributes are always set)."""
        if name not in ("value", "value_pair", "value_from", "pair_from"):
            raise AttributeError(name)
        self._compile()
        return object.__getattribute__(self, name)

    def _compile(self) -> None:
        body, allowed = self._checked
        consts: dict[str, object] = {}
        source = _Codegen(consts, self.source).functions(body, allowed, sorted(self.variables))
        scope: dict[str, Any] = {**_SCOPE, **consts, "_fail": self._fail}  # the compiled functions land here
        exec(compile(source, f"<formula {self.source}>", "exec"), scope)  # noqa: S102 - generated from a checked tree
        self.value = scope["_value"]
        self.value_pair = scope["_pair"]
        self.value_from = scope["_value_from"]
        self.pair_from = scope["_pair_from"]

    def __call__(self, **variables: Exact) -> Exact:
        """The exact value for these variables: an ``int`` when whole, else a ``Fraction``.

        (``value_pair(**variables)`` gives it as an unreduced ``(numerator, denominator)``
        pair, denominator > 0; both raise :class:`RulesError` naming the key on a domain error.)
        """
        return self.value(**variables)

    def _fail(self, exc: BaseException, variables: dict[str, Exact]) -> None:
        shown = _show(variables, self.variables)
        if isinstance(exc, ZeroDivisionError):
            raise self._error(f"divides by zero (with {shown})") from None
        if isinstance(exc, Q.DomainError):
            raise self._error(f": {exc} (with {shown})") from None
        raise self._error(f"cannot be computed: {type(exc).__name__} (with {shown})") from None

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


class _Codegen:
    """Python source computing a checked formula tree on int pairs, in straight-line code.

    Every value is two locals, ``<v>_n`` and ``<v>_d`` (denominator > 0, unreduced);
    literals are exact constant pairs; ``x if c else y``, ``and`` and ``or`` evaluate lazily.
    Powers, roots, min and max call :mod:`drydock.core.rules.rational`.
    """

    def __init__(self, consts: dict[str, object], text: str) -> None:
        self.consts = consts
        self.text = text
        self.lines: list[str] = []
        self.count = 0

    def functions(self, body: ast.expr, params: list[str], used: list[str]) -> str:
        """Source of ``_value`` (reduced result) and ``_pair`` (unreduced pair) for the tree ``body``."""
        self.lines = []
        for v in used:
            self.emit(f"if type({v}) is int: {v}_n = {v}; {v}_d = 1", 2)
            self.emit(f"else: {v}_n = {v}.numerator; {v}_d = {v}.denominator", 2)
        n, d = self.value(body, 2)
        code = self.lines
        signature = f"*, {', '.join(f'{p}=None' for p in params)}" if params else ""
        failure = "{" + ", ".join(f"{v!r}: {v}" for v in used) + "}"
        out: list[str] = []
        unpack = [f"        {v} = _v.get({v!r})" for v in used]
        for name, tail in (("_value", f"return _result(({n}, {d}))"), ("_pair", f"return _checked(({n}, {d}))")):
            for suffix, head, fetch, shown in (("", signature, [], failure), ("_from", "_v", unpack, "_v")):
                out.append(f"def {name}{suffix}({head}):")
                out.append("    try:")
                out.extend(fetch)
                out.extend(code)
                out.append("        " + tail)
                out.append("    except _ERRORS as exc:")
                out.append(f"        _fail(exc, {shown})")
        return "\n".join(out) + "\n"

    def emit(self, line: str, indent: int) -> None:
        self.lines.append("    " * indent + line)

    def temp(self) -> tuple[str, str]:
        self.count += 1
        return f"_t{self.count}_n", f"_t{self.count}_d"

    def value(self, node: ast.expr, ind: int) -> tuple[str, str]:  # noqa: C901 - one case per node type
        """Emit code for ``node`` at indent ``ind``; return the names of its numerator and denominator."""
        if isinstance(node, ast.Constant):
            literal = ast.get_source_segment(self.text, node) if isinstance(node.value, float) else None
            n, d = Q.pair(exact(literal or node.value))
            name = f"_k{len(self.consts)}"
            self.consts[name + "_n"], self.consts[name + "_d"] = n, d
            return name + "_n", name + "_d"
        if isinstance(node, ast.Name):
            return node.id + "_n", node.id + "_d"
        tn, td = self.temp()
        if isinstance(node, ast.BinOp):
            an, ad = self.value(node.left, ind)
            bn, bd = self.value(node.right, ind)
            op = node.op
            if isinstance(op, (ast.Add, ast.Sub)):
                sign = "+" if isinstance(op, ast.Add) else "-"
                self.emit(f"{tn} = {an} * {bd} {sign} {bn} * {ad}; {td} = {ad} * {bd}", ind)
            elif isinstance(op, ast.Mult):
                self.emit(f"{tn} = {an} * {bn}; {td} = {ad} * {bd}", ind)
            elif isinstance(op, ast.Div):
                self.emit(f"if {bn} == 0: raise ZeroDivisionError", ind)
                self.emit(f"if {bn} > 0: {tn} = {an} * {bd}; {td} = {ad} * {bn}", ind)
                self.emit(f"else: {tn} = -{an} * {bd}; {td} = -{ad} * {bn}", ind)
            else:
                self.emit(f"{tn}, {td} = _power(({an}, {ad}), ({bn}, {bd}))", ind)
            return tn, td
        if isinstance(node, ast.UnaryOp):
            an, ad = self.value(node.operand, ind)
            if isinstance(node.op, ast.USub):
                self.emit(f"{tn} = -{an}; {td} = {ad}", ind)
            elif isinstance(node.op, ast.Not):
                self.emit(f"{tn} = 1 if {an} == 0 else 0; {td} = 1", ind)
            else:
                return an, ad
            return tn, td
        if isinstance(node, ast.Compare):
            operands = [self.value(x, ind) for x in (node.left, *node.comparators)]
            tests = []
            sym: dict[type[ast.cmpop], str] = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
                                               ast.NotEq: "!="}
            for cmp, (an, ad), (bn, bd) in zip(node.ops, operands, operands[1:], strict=False):
                tests.append(f"{an} * {bd} {sym[type(cmp)]} {bn} * {ad}")
            self.emit(f"{tn} = 1 if {' and '.join(tests)} else 0; {td} = 1", ind)
            return tn, td
        if isinstance(node, ast.IfExp):
            cn, _ = self.value(node.test, ind)
            self.emit(f"if {cn} != 0:", ind)
            bn, bd = self.value(node.body, ind + 1)
            self.emit(f"{tn} = {bn}; {td} = {bd}", ind + 1)
            self.emit("else:", ind)
            on, od = self.value(node.orelse, ind + 1)
            self.emit(f"{tn} = {on}; {td} = {od}", ind + 1)
            return tn, td
        if isinstance(node, ast.BoolOp):
            go_on = "!=" if isinstance(node.op, ast.And) else "=="  # and: continue while true; or: while false
            self._boolop(node.values, tn, td, go_on, ind)
            return tn, td
        if isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Name)
            args = [self.value(a, ind) for a in node.args]
            fn = node.func.id
            an, ad = args[0]
            if fn == "ceil":
                self.emit(f"{tn} = -(-{an} // {ad}); {td} = 1", ind)
            elif fn == "floor":
                self.emit(f"{tn} = {an} // {ad}; {td} = 1", ind)
            else:
                helper = {"sqrt": "_sqrt", "min": "_minimum", "max": "_maximum"}[fn]
                pairs = ", ".join(f"({n}, {d})" for n, d in args)
                self.emit(f"{tn}, {td} = {helper}({pairs})", ind)
            return tn, td
        raise AssertionError(f"unchecked node {type(node).__name__}")  # pragma: no cover - checked above

    def _boolop(self, values: list[ast.expr], tn: str, td: str, go_on: str, ind: int) -> None:
        vn, vd = self.value(values[0], ind)
        self.emit(f"{tn} = {vn}; {td} = {vd}", ind)
        if len(values) > 1:
            self.emit(f"if {tn} {go_on} 0:", ind)
            self._boolop(values[1:], tn, td, go_on, ind + 1)
