"""The campaign file: written and read back unchanged, refused cleanly when bad or too big, and never half
written (a run killed mid-write leaves the last good file)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from drydock import limits
from drydock.errors import DrydockError
from drydock.formats.campaign import campaign_text, read_campaign, read_map, read_orders, write_campaign
from drydock.formats.inputs import expand_paths
from drydock.insight.campaign_run import give_orders, new_campaign, reveal
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples"


@pytest.fixture
def started(tmp_path: Path) -> Path:
    shutil.copytree(EXAMPLES / "campaign", tmp_path / "campaign")
    shutil.copytree(EXAMPLES / "designs", tmp_path / "designs")
    path = tmp_path / "war.yaml"
    new_campaign(str(path), {"A": str(tmp_path / "campaign/rim-guard.yaml"),
                             "B": str(tmp_path / "campaign/shade-clans.yaml")}, players={"A": "Ann", "B": "Bob"})
    give_orders(str(path), "A", orders_file=str(tmp_path / "campaign/orders-a-setup.yaml"))
    give_orders(str(path), "B", orders_file=str(tmp_path / "campaign/orders-b-setup.yaml"))
    reveal(str(path))
    return path


def test_round_trip(started: Path) -> None:
    c = read_campaign(started)
    text = started.read_text(encoding="utf-8")
    assert campaign_text(c) == text  # written, read, written again: the same text
    assert c.sides["A"].fleet == "campaign/rim-guard.yaml"  # relative to the campaign file
    assert c.ship("Bastion").boxes == {"hull": 20, "engines": 10, "shields": 10, "weapons": 10}
    assert c.ship("Bastion").cr == 408 and c.sides["A"].total_cr() == 1018  # `drydock rate`'s CRs


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("drydock_campaign: 1", "drydock_campaign: 2", "written by a newer drydock"),
    ("drydock_campaign: 1", "campaign: 1", "not a drydock campaign file"),
    ("phase: orders", "phase: lunch", "unknown phase 'lunch'"),
    ("  at: A1\n", "  at: Z9\n", "is at Z9, which the map does not have"),
    ("id: RG-02", "id: RG-01", "two ships have the id 'RG-01'"),
    ("    A1: [A2, A3]", "    A1: [A2, A3, B1]", "A1 links to B1 but B1 not to A1"),
    ("  fleet_limit: 2000", "  fleet_limit: -5", "fleet_limit must be a whole number"),
    ("  fleet_limit: 2000", "  fleet_limit: 2000\n  fleet_limit: 1000",
     "war.yaml:7:3: the key 'fleet_limit' is written twice"),
])
def test_bad_campaign_files_one_clean_error(started: Path, old: str, new: str, message: str) -> None:
    _edit(started, old, new)
    with pytest.raises(DrydockError, match=message) as info:
        read_campaign(started)
    assert "war.yaml" in str(info.value) and "\n" not in str(info.value)


def test_damage_past_a_track_is_refused(started: Path) -> None:
    _edit(started, "      was_at: null\n", "      was_at: null\n      damage: {hull: 20}\n")
    with pytest.raises(DrydockError, match="20 hull boxes checked of 20"):
        read_campaign(started)


def test_sizes_are_checked_before_the_file_is_built(tmp_path: Path) -> None:
    many = "\n".join(f"  O{i}: []" for i in range(limits.CAMPAIGN_OBJECTIVES.value + 1))
    path = tmp_path / "map.yaml"
    path.write_text(f"drydock_map: 1\nobjectives:\n{many}\nhome: {{A: O1, B: O2}}\nstart: {{A: [O1], B: [O2]}}\n",
                    encoding="utf-8")
    with pytest.raises(limits.LimitError, match="map objectives .* past drydock's limit of 500"):
        read_map(path)


def test_map_file_example() -> None:
    m = read_map(EXAMPLES / "campaign/border-map.yaml")
    assert m.name == "Border Stars" and m.links["A2"] == ("A1", "C1", "C2") and m.home == {"A": "A1", "B": "B1"}


def test_orders_file() -> None:
    assert read_orders(EXAMPLES / "campaign/orders-a-turn1.yaml") == (
        "A", 1, {"Vigilant": "A5", "Comet": "A4", "Majestic": "A6", "Corona": "A6"})


def test_refused_step_writes_nothing(started: Path) -> None:
    before = started.read_bytes()
    with pytest.raises(DrydockError, match="side A has no ship 'Nobody'"):
        give_orders(str(started), "A", moves=["Nobody=A2"])
    assert started.read_bytes() == before


KILL = r"""
import os, signal, sys
from drydock.formats import files
from drydock.formats.campaign import read_campaign, write_campaign
from drydock.core.campaign import turns

real = os.fdopen
def dying_fdopen(fd, mode="r", *a, **k):
    fh = real(fd, mode, *a, **k)
    write = fh.write
    def half(data):
        write(data[: len(data) // 2])
        fh.flush()
        os.kill(os.getpid(), signal.SIGKILL)  # killed mid-write
    fh.write = half
    return fh
files.os.fdopen = dying_fdopen
c = turns.give_orders(read_campaign(sys.argv[1]), "A", {"Bastion": "A2"})
write_campaign(sys.argv[1], c)
"""


def test_killed_mid_write_leaves_the_last_good_file(started: Path) -> None:
    before = started.read_bytes()
    run = subprocess.run([sys.executable, "-c", KILL, str(started)], capture_output=True, cwd=started.parent,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert run.returncode == -signal.SIGKILL, run.stderr
    assert started.read_bytes() == before  # the last good state, whole
    read_campaign(started)
    # the half-written temporary file is left beside it (named .war.yaml.*.tmp), never in its place
    assert [p.name for p in started.parent.glob(".war.yaml.*.tmp")]


def test_written_campaign_is_replaced_atomically(started: Path) -> None:
    c = read_campaign(started)
    write_campaign(started, c)
    assert not list(started.parent.glob(".war.yaml.*.tmp"))
    with pytest.raises(DrydockError, match="already exists"):
        write_campaign(started, c, new=True)


def test_too_many_ships_refused_before_work(started: Path) -> None:
    text = started.read_text(encoding="utf-8")
    ship = "    - {id: X%d, cr: 1, boxes: {hull: 1}}\n"
    many = "".join(ship % i for i in range(limits.CAMPAIGN_SHIPS.value + 1))
    started.write_text(text.replace("    ships:\n", "    ships:\n" + many, 1), encoding="utf-8")
    with pytest.raises(limits.LimitError, match="side A: ships .* past drydock's limit of 1,000"):
        read_campaign(started)


def test_folders_skip_campaign_files(started: Path) -> None:
    names = sorted(Path(p).name for p, _why in expand_paths([str(started.parent)]))
    assert "war.yaml" not in names and "border-map.yaml" not in names
    assert not any(n.startswith("orders-") for n in names)
    assert {"rim-guard.yaml", "shade-clans.yaml", "grand-armada.yaml"} <= set(names)  # fleets are still read


def test_map_objectives_at_the_limit(tmp_path: Path) -> None:
    n = limits.CAMPAIGN_OBJECTIVES.value
    chain = "\n".join(f"  O{i}: [{', '.join(f'O{j}' for j in (i - 1, i + 1) if 0 <= j < n)}]" for i in range(n))
    path = tmp_path / "map.yaml"
    path.write_text(f"drydock_map: 1\nobjectives:\n{chain}\nhome: {{A: O0, B: O{n - 1}}}\n"
                    f"start: {{A: [O0], B: [O{n - 1}]}}\n", encoding="utf-8")
    m = read_map(path)
    assert len(m.links) == n and max(col for col, _row in m.places.values()) == 0  # one objective a row


def test_ships_at_the_limit(started: Path) -> None:
    text = started.read_text(encoding="utf-8")
    ship = "    - {id: X%d, cr: 1, boxes: {hull: 1}}\n"
    have = len(read_campaign(started).sides["A"].ships)
    many = "".join(ship % i for i in range(limits.CAMPAIGN_SHIPS.value - have))
    started.write_text(text.replace("    ships:\n", "    ships:\n" + many, 1), encoding="utf-8")
    assert len(read_campaign(started).sides["A"].ships) == limits.CAMPAIGN_SHIPS.value
