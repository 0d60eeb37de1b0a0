"""The compiled battle engine (issue 22, hatch_build.py) plays exactly as the Python engine does.

The whole suite runs on the Python engine; ``.ci/run``'s compiled part installs drydock with
``HATCH_BUILD_HOOKS_ENABLE=1``, puts the compiled modules in its checkout and runs the engine tests again with
``DRYDOCK_EXPECT_COMPILED=1``, where a Python engine fails :func:`test_the_engine_build_is_the_one_expected`
instead of passing unnoticed. There the comparison below runs the same seeded, logged battles on the compiled
modules and on a copy of the sources without them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hatch_build
from drydock.engine import compiled
from tests.helpers import ROOT

#: seeded, logged battles on the engine found first on sys.path: the sha256 of every log, and the results
_PLAY = """
import hashlib, random, sys
from drydock.formats import read_designs
from drydock.engine.montecarlo import build_matchup
from drydock.engine.settings import BattleSettings
ex = sys.argv[1]
def d(n):
    return read_designs(f"{ex}/designs/{n}.yaml")[0]
h = hashlib.sha256()
games = [(("majestic",), ("vigilant-cruiser",), {}),
         (("shade-raider", "comet-frigate"), ("harrier-missile-destroyer",), {}),
         (("wyvern-carrier",), ("bastion-battleship",), {"options": ("E.1", "E.3", "F.3", "F.4", "D.7")}),
         (("dauntless-dreadnought",), ("majestic",), {"terrain": ("asteroids",), "scenario": "S.3"}),
         (("majestic",), ("kestrel-corvette", "kestrel-corvette"), {"terrain": ("three-d",)})]
for a, b, kw in games:
    m = build_matchup([d(n) for n in a], [d(n) for n in b], BattleSettings(**kw))
    for i in range(6):
        res = m.fight(random.Random(1000 + i), log=True)
        h.update("\\n".join(res.log).encode())
        h.update(repr((res.winner, res.turns)).encode())
print(h.hexdigest())
"""


def test_the_engine_build_is_the_one_expected() -> None:
    assert compiled() == (os.environ.get("DRYDOCK_EXPECT_COMPILED") == "1")


def test_the_compiled_module_list_names_real_modules() -> None:
    for name in hatch_build.ENGINE_MODULES:
        assert (ROOT / "drydock" / "engine" / f"{name}.py").is_file(), name


def test_version_names_the_engine_build() -> None:
    out = subprocess.run([sys.executable, "-m", "drydock", "--version"], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.rstrip().endswith(f"(battle engine: {'compiled' if compiled() else 'Python'})")


@pytest.mark.skipif(not compiled(), reason="the engine is not compiled here (python hatch_build.py --inplace)")
def test_compiled_and_python_engines_play_the_same_battles(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "drydock", tmp_path / "drydock", ignore=shutil.ignore_patterns("*.so", "*.pyd",
                                                                                           "__pycache__"))
    digests = {}
    for build, path in (("compiled", ROOT), ("python", tmp_path)):
        env = {**os.environ, "PYTHONPATH": str(path)}
        out = subprocess.run([sys.executable, "-c", _PLAY, str(ROOT / "examples")], capture_output=True, text=True,
                             cwd=path, env=env, check=True)
        check = subprocess.run([sys.executable, "-c", "from drydock.engine import compiled; print(compiled())"],
                               capture_output=True, text=True, cwd=path, env=env, check=True).stdout.strip()
        assert check == str(build == "compiled")
        digests[build] = out.stdout.strip()
    assert digests["compiled"] == digests["python"]
