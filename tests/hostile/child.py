"""Running drydock on hostile input in a child process with memory and CPU limits (issue 10).

:func:`run_cli` runs ``python -m drydock ARGS`` under ``resource`` limits so that a
case that would exhaust memory or loop fails fast instead of taking the test run
with it; :func:`run_python` does the same for a snippet of library code.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: Address-space limit for a child (bytes): generous for Python + openpyxl + WeasyPrint, far below a blow-up.
MEMORY_LIMIT = 1536 * 1024 * 1024
#: CPU seconds for a child before the kernel stops it.
CPU_LIMIT = 60


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.strip()]

    def clean(self) -> bool:
        """No traceback, every stderr line short and printable."""
        return "Traceback" not in self.stderr and all(len(x) <= 400 for x in self.err_lines) and \
            not any(c in self.stderr for c in "\x1b\x00\x07")


def _limits(memory: int, cpu: int):  # type: ignore[no-untyped-def]
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    return apply


def run_cli(args: list[str], *, cwd: str | Path, stdin: bytes | None = None, memory: int = MEMORY_LIMIT,
            cpu: int = CPU_LIMIT, timeout: float = 120) -> Run:
    """``drydock ARGS`` in ``cwd`` with limits; output decoded leniently."""
    return _run([sys.executable, "-m", "drydock", *args], cwd=cwd, stdin=stdin, memory=memory, cpu=cpu,
                timeout=timeout)


def run_python(code: str, *, cwd: str | Path, memory: int = MEMORY_LIMIT, cpu: int = CPU_LIMIT,
               timeout: float = 120) -> Run:
    return _run([sys.executable, "-c", code], cwd=cwd, stdin=None, memory=memory, cpu=cpu, timeout=timeout)


def _run(argv: list[str], *, cwd: str | Path, stdin: bytes | None, memory: int, cpu: int, timeout: float) -> Run:
    env = dict(os.environ, COLUMNS="120", PYTHONIOENCODING="utf-8")
    start = time.monotonic()
    proc = subprocess.run(argv, cwd=cwd, input=stdin if stdin is not None else b"", capture_output=True,
                          preexec_fn=_limits(memory, cpu), timeout=timeout, env=env)
    return Run(proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"),
               time.monotonic() - start)
