"""The manual in docs/ builds as a MkDocs site with warnings as errors (broken links, missing anchors, pages
the navigation cannot place), and every page is in the navigation (issue 20)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_site_builds_strictly_with_every_page_in_the_navigation(tmp_path):
    pytest.importorskip("mkdocs", reason="mkdocs is in the test extra: pip install -e '.[test]'")
    site = tmp_path / "site"
    res = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")):
        if page.name != "index.md":
            assert (site / page.stem / "index.html").is_file(), page.name
            assert f'href="{page.stem}/"' in index, f"{page.name} is not in the navigation"
    assert (site / "img" / "battle-outcome.svg").is_file()
