"""Every regular expression in drydock, fed its worst cases at the line limit (issue 42).

:func:`collect` finds each pattern two ways: compiled patterns held by a module (``_ARCS = re.compile(...)``, f-strings
included), and literal patterns passed to ``re.match``/``search``/... inside functions (read from the source with
:mod:`ast`). :func:`attacks` builds, for one pattern, strings at the line limit from units a backtracking engine
stumbles on (runs of blanks, bracket groups, digits, separators, the pattern's own literal characters) followed by
junk that makes the match fail late. :func:`worst` times ``match`` and ``search`` on each and returns the slowest.

Run as ``python -m tests.patterns 4000`` for the table (the slowest attack per pattern, slowest first; ``--quick``
for the suite's smaller set of attacks).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_FUNCS = {"compile", "match", "search", "fullmatch", "sub", "subn", "split", "findall", "finditer"}
UNITS = [" ", "\t", "a", "A", "1", "12 ", "1 ", "1,", "1/", "1-", "1x", "[a]", "[a] ", "[a], ", "[ab] ,", "[A]", "(",
         "( ", "(1)", "a(", ")", "[", "]", "[]", ", ", ",", ";", "-", "- ", "--", ":", "x:", ". ", ".", "/", "*",
         "1*", "a-", "a b", "Aa ", "ab-", "+", "1+", "'", '"', "<", "<a ", "\u00a0", "-class ", "class "]
SUFFIXES = ["", "!", "(", "\x00", "[", "1", "é"]
#: The suite's smaller set (tests/hostile/test_patterns_linear.py): the units that found every slow pattern here.
QUICK_UNITS = [" ", "\t", "a", "1", "1 ", "12 ", "1  ", "1-", "1/", "[a] ", "[ab] ,", "(", "( ", ", ", "-", "a b", ":"]
QUICK_SUFFIXES = ["!", "("]


@dataclass(frozen=True)
class Found:
    where: str
    pattern: re.Pattern[str]
    methods: tuple[str, ...] = ("match", "search")
    """How the code uses it: ``match`` (anchored: match, fullmatch) and/or ``search`` (search, sub, findall ...)."""


_ANCHORED = {"match", "fullmatch"}


def _used(calls: set[str]) -> tuple[str, ...]:
    out = tuple(m for m, hit in (("match", calls & _ANCHORED), ("search", calls - _ANCHORED - {"compile"})) if hit)
    return out or ("match", "search")


def _modules() -> list[str]:
    import drydock

    names = ["drydock"]
    for info in pkgutil.walk_packages(drydock.__path__, "drydock."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def collect() -> list[Found]:
    """Every pattern in the package, once each (by text and flags), with where it was found."""
    seen: dict[tuple[str, int], Found] = {}
    for name in _modules():
        try:
            module = importlib.import_module(name)
        except Exception:  # an optional dependency absent (the cluster extra): its patterns are read below
            module = None
        if module is not None:
            source = Path(module.__file__ or "").read_text(encoding="utf-8") if module.__file__ else ""
            for attr, value in vars(module).items():
                for item in value if isinstance(value, (tuple, list)) else (value,):
                    for sub in item if isinstance(item, tuple) else (item,):
                        if isinstance(sub, re.Pattern) and isinstance(sub.pattern, str):
                            calls = set(re.findall(rf"\b{re.escape(attr)}\.(\w+)\(", source))
                            if isinstance(value, (tuple, list)):
                                calls = {"match", "search"}  # used through a loop variable
                            seen.setdefault((sub.pattern, sub.flags), Found(f"{name}.{attr}", sub, _used(calls)))
    for path in sorted((ROOT / "drydock").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _FUNCS
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                flags = 0
                for kw in node.keywords:
                    if kw.arg == "flags":
                        flags = _flags(kw.value)
                if node.func.attr == "compile" and len(node.args) > 1:
                    flags = _flags(node.args[1])
                try:
                    pattern = re.compile(node.args[0].value, flags)
                except re.error:
                    continue
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                calls = {"match", "search"} if node.func.attr == "compile" else {node.func.attr}
                seen.setdefault((pattern.pattern, pattern.flags), Found(where, pattern, _used(calls)))
    return list(seen.values())


def _flags(node: ast.expr) -> int:
    value = 0
    for part in ast.walk(node):
        if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "re":
            value |= int(getattr(re, part.attr, 0))
    return value


def _literals(pattern: str) -> list[str]:
    """Words and punctuation the pattern itself names: a prefix such as 'Specials:' gets the engine going."""
    words = re.findall(r"(?<![\\(?])\b[A-Za-z]{3,}\b", pattern)
    return sorted(set(words))[:6]


def attacks(found: Found, length: int, *, quick: bool = False) -> list[str]:
    words = _literals(found.pattern.pattern)
    prefixes = [""] + [w + ": " for w in (words[:2] if quick else words)] + ([] if quick else ["(1) ", "[a]: "])
    out = []
    for prefix in prefixes:
        for unit in QUICK_UNITS if quick else UNITS:
            body = prefix + unit * max(1, (length - len(prefix) - 1) // len(unit))
            out.extend(body + suffix for suffix in (QUICK_SUFFIXES if quick else SUFFIXES))
    return out


def _child(length: int, first: int, quick: bool = False) -> None:
    """Time every attack on the patterns from index ``first`` on: ``B index attack`` before each match and
    ``E index attack seconds method`` after, so the parent knows which attack never returned."""
    for index, found in enumerate(collect()):
        if index < first:
            continue
        for k, text in enumerate(attacks(found, length, quick=quick)):
            print("B", index, k, flush=True)
            for method in (getattr(found.pattern, m) for m in found.methods):
                start = time.perf_counter()
                method(text)
                print("E", index, k, f"{time.perf_counter() - start:.6f}", method.__name__, flush=True)


@dataclass(frozen=True)
class Worst:
    seconds: float
    where: str
    method: str
    attack: str


def audit(length: int, *, hang: float = 3.0, quick: bool = False) -> list[Worst]:
    """The slowest attack of every pattern; an attack still running after ``hang`` seconds is recorded as
    ``inf`` (a catastrophic pattern never returns) and the child is killed and restarted past that pattern."""
    import selectors
    import subprocess

    found = collect()
    worst: dict[int, Worst] = {}
    first = 0
    while first < len(found):
        code = f"from tests.patterns import _child; _child({length}, {first}, {quick})"
        child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        sel = selectors.DefaultSelector()
        sel.register(child.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + hang + 60  # the child's start-up imports the whole package
        current = (first, 0)
        while True:
            if not sel.select(timeout=max(0.0, deadline - time.monotonic())):
                child.kill()
                child.wait()
                index, k = current
                hung = attacks(found[index], length, quick=quick)[k]
                worst[index] = Worst(float("inf"), found[index].where, "hang", hung)
                first = index + 1
                break
            line = child.stdout.readline()
            if not line:
                child.wait()
                first = len(found)
                break
            parts = line.split()
            index, k = int(parts[1]), int(parts[2])
            current = (index, k)
            deadline = time.monotonic() + hang
            if parts[0] == "E":
                took = float(parts[3])
                if index not in worst or took > worst[index].seconds:
                    worst[index] = Worst(took, found[index].where, parts[4],
                                         attacks(found[index], length, quick=quick)[k] if took > 0.01 else "")
    return sorted(worst.values(), key=lambda w: -w.seconds)


def main(argv: list[str]) -> int:
    length = int(argv[0]) if argv else 4_000
    rows = audit(length, quick="--quick" in argv)
    for w in rows[:40]:
        print(f"{w.seconds:9.4f} s  {w.method:6}  {w.where:55} {w.attack[:24]!r}...{w.attack[-4:]!r}")
    print(f"{len(rows)} patterns, line length {length}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
