"""Headless LibreOffice for the workbook tests: find it, recalculate and convert workbooks.

LibreOffice is a real part of these tests: when ``CI=true`` and ``soffice`` is missing the
tests fail (``.ci/run`` installs it); on a developer machine without it they skip.
Each run uses a private profile (``-env:UserInstallation``) so parallel runs never
clash, with "recalculate on load: always" set for xlsx and ods, so the values read back
are LibreOffice's own results, never the cached values drydock wrote.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.programs import require

_PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
</oor:items>
"""


def soffice() -> str:
    """The LibreOffice executable; fails the test in CI when it is missing, skips elsewhere."""
    return require("soffice", "libreoffice", install="libreoffice-calc-nogui")


def convert(sources: list[Path], out_dir: Path, to: str = "xlsx", *, timeout: int = 900) -> list[Path]:
    """Open each workbook in headless LibreOffice (recalculating every formula) and save it as ``to``."""
    exe = soffice()
    profile = out_dir.parent / f"lo-profile-{out_dir.name}"
    (profile / "user").mkdir(parents=True, exist_ok=True)
    (profile / "user" / "registrymodifications.xcu").write_text(_PROFILE, encoding="utf-8")
    filters = {"xlsx": "xlsx:Calc MS Excel 2007 XML", "ods": "ods", "pdf": "pdf"}
    proc = subprocess.run(
        [exe, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to", filters[to],
         "--outdir", str(out_dir), *map(str, sources)],
        capture_output=True, text=True, timeout=timeout)
    outputs = [out_dir / f"{p.stem}.{to}" for p in sources]
    missing = [p for p in outputs if not p.exists()]
    assert proc.returncode == 0 and not missing, f"soffice failed: {proc.stdout}\n{proc.stderr}"
    return outputs
