"""Without WeasyPrint's Pango (docs/installation.md): rating, checking, Drake and workbooks still work, and
printing says in one line what is missing (exit 2), not a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT

MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"
# WeasyPrint's import fails as it does when Pango is missing (an OSError from cffi's dlopen)
_NO_PANGO = """
import sys
class _NoPango:
    def find_spec(self, name, path=None, target=None):
        if name == "weasyprint" or name.startswith("weasyprint."):
            raise OSError("cannot load library 'libpango-1.0-0': libpango-1.0-0: cannot open shared object file")
sys.meta_path.insert(0, _NoPango())
sys.argv[0] = "drydock"
from drydock.cli.main import main
main()
"""


def drydock(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _NO_PANGO, *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def test_everything_but_printing_works_without_pango(tmp_path):
    rate = drydock("rate", MAJESTIC, cwd=tmp_path)
    assert rate.returncode == 0 and "CR 188" in rate.stdout, rate.stderr
    assert drydock("check", MAJESTIC, cwd=tmp_path).returncode == 0
    drake = drydock("show", MAJESTIC, cwd=tmp_path)
    assert drake.returncode == 0 and "Majestic-class Battlecruiser (188)" in drake.stdout
    assert drydock("convert", MAJESTIC, "-o", tmp_path / "m.xlsx", cwd=tmp_path).returncode == 0
    assert "CR 188" in drydock("rate", tmp_path / "m.xlsx", cwd=tmp_path).stdout
    assert drydock("new", tmp_path / "n.yaml", cwd=tmp_path).returncode == 0
    ssd = drydock("ssd", MAJESTIC, "-o", tmp_path / "m.pdf", cwd=tmp_path)
    assert ssd.returncode == 2, ssd.stderr
    (line,) = ssd.stderr.splitlines()
    assert "printing needs WeasyPrint and its Pango library" in line and "docs/installation.md" in line
    assert not (tmp_path / "m.pdf").exists()
