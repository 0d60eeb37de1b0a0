"""A studio served as a player starts it (``python -m drydock studio FOLDER --no-browser``) over a copy of the
bundled examples, and a real Chromium (the system's, /usr/bin/chromium) driven by Playwright."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from drydock.resources import examples_dir
from tests.programs import require

URL = re.compile(r"http://127\.0\.0\.1:\d+/\S*")


@dataclass
class Served:
    url: str
    folder: Path
    process: subprocess.Popen[str]


def start(folder: Path, *args: str) -> Served:
    """A studio over ``folder``; its URL read from the first line it prints."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "drydock", "studio", str(folder), "--no-browser", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    match = URL.search(first)
    if match is None:
        proc.kill()
        error = proc.stderr.read() if proc.stderr else ""
        raise AssertionError(f"the studio's first line holds no URL: {first!r} {error}")
    return Served(match.group(0), folder, proc)


def stop(served: Served) -> int:
    served.process.send_signal(signal.SIGINT)  # Ctrl-C
    try:
        return served.process.wait(timeout=10)
    finally:
        if served.process.poll() is None:
            served.process.kill()


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("studio")
    for part in ("designs", "fleets", "weapons"):  # fleets name ../designs, designs ../weapons
        shutil.copytree(examples_dir() / part, folder / part)
    served = start(folder)
    yield served
    assert stop(served) == 0
    assert "Traceback" not in (served.process.stderr.read() if served.process.stderr else "")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    chromium = require("chromium", "chromium-browser", install="chromium")  # fails under CI=true, skips elsewhere
    sync_api = pytest.importorskip("playwright.sync_api") if os.environ.get("CI") != "true" else \
        __import__("playwright.sync_api", fromlist=["sync_playwright"])
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium)
        yield b
        b.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    pg = context.new_page()
    yield pg
    context.close()
