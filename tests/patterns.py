"""Every regular expression in drydock, fed its worst cases at the line limit (issue 42).

:func:`collect` finds each pattern two ways: compiled patterns held by a module (``_ARCS = re.compile(...)``, f-strings
included), and literal patterns passed to ``re.match``/``search``/... inside functions (read from the source with
:mod:`ast`). :func:`attacks` builds, for one pattern, strings at the line limit from units a backtracking engine
stumbles on (runs of blanks, bracket groups, digits, separators, the pattern's own literal characters) followed by
junk that makes the match fail late. :func:`worst` times ``match`` and ``search`` on each and returns the slowest.

Run as ``python -m tests.patterns`` for the table (the slowest attack per pattern, slowest first).
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


@dataclass(frozen=True)
class Found:
    where: str
    pattern: re.Pattern[str]


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
            for attr, value in vars(module).items():
                for item in value if isinstance(value, (tuple, list)) else (value,):
                    for sub in item if isinstance(item, tuple) else (item,):
                        if isinstance(sub, re.Pattern) and isinstance(sub.pattern, str):
                            seen.setdefault((sub.pattern, sub.flags), Found(f"{name}.{attr}", sub))
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
                seen.setdefault((pattern.pattern, pattern.flags), Found(where, pattern))
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


def attacks(found: Found, length: int) -> list[str]:
    prefixes = [""] + [w + ": " for w in _literals(found.pattern.pattern)] + ["(1) ", "[a]: "]
    out = []
    for prefix in prefixes:
        for unit in UNITS:
            body = prefix + unit * max(1, (length - len(prefix) - 1) // len(unit))
            out.extend(body + suffix for suffix in SUFFIXES)
    return out


def worst(found: Found, length: int, *, budget: float = 5.0) -> tuple[float, str, str]:
    """The slowest (seconds, method, attack) of ``match`` and ``search`` over :func:`attacks`; stops after ``budget``
    seconds on one attack (the caller runs this in a child process with a hard timeout as well)."""
    slow = (0.0, "", "")
    for text in attacks(found, length):
        for method in (found.pattern.match, found.pattern.search):
            start = time.perf_counter()
            method(text)
            took = time.perf_counter() - start
            if took > slow[0]:
                slow = (took, method.__name__, text)
            if took > budget:
                return slow
    return slow


def _child(length: int, first: int) -> None:
    """Time patterns from index ``first`` on, one line each ("index seconds method") as each finishes."""
    for index, found in enumerate(collect()):
        if index >= first:
            took, method, _text = worst(found, length)
            print(index, f"{took:.6f}", method, flush=True)


def audit(length: int, *, hang: float = 10.0) -> list[tuple[float, str, str]]:
    """(seconds, where, method) for every pattern; a pattern still running after ``hang`` seconds on its attacks
    is recorded as ``inf`` and its child killed (a catastrophic pattern never returns)."""
    import subprocess

    found = collect()
    rows: list[tuple[float, str, str]] = []
    first = 0
    while first < len(found):
        child = subprocess.Popen([sys.executable, "-c", f"from tests.patterns import _child; _child({length}, {first})"],
                                 cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        import selectors

        sel = selectors.DefaultSelector()
        sel.register(child.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + hang + 30  # the child's start-up imports the package
        while True:
            if not sel.select(timeout=max(0.0, deadline - time.monotonic())):
                child.kill()
                child.wait()
                rows.append((float("inf"), found[first].where, "hang"))
                first += 1
                break
            line = child.stdout.readline()
            if not line:
                child.wait()
                first = len(found)
                break
            index, took, method = line.split()
            rows.append((float(took), found[int(index)].where, method))
            first = int(index) + 1
            deadline = time.monotonic() + hang
    return rows


def main(argv: list[str]) -> int:
    length = int(argv[0]) if argv else 4_000
    rows = sorted(audit(length), reverse=True)
    for took, where, method in rows[:40]:
        print(f"{took:9.4f} s  {method:6}  {where}")
    print(f"{len(rows)} patterns, line length {length}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
