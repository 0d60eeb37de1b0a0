"""Programs some tests need for real (pdftoppm, chromium, soffice): under ``CI=true`` a missing one
fails the test (``.ci/run`` installs them); on a developer machine without it the test skips."""

from __future__ import annotations

import os
import shutil

import pytest


def require(*names: str, install: str) -> str:
    """The first of ``names`` found on PATH; fails the test in CI when none is, skips elsewhere."""
    for name in names:
        exe = shutil.which(name)
        if exe is not None:
            return exe
    message = f"needs {' or '.join(names)}: apt-get install -y {install}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)
