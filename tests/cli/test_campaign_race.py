"""Two campaign commands at once (issue 42): ``campaign fight`` and ``campaign concede`` on the same file, started
together many times as separate processes. Each command holds the campaign's lock from reading the file to writing
it back, so one waits for nothing: it is refused in one line while the other holds the lock, or runs after it.
Whatever the timing, nothing a command reported (exit 0) is lost from the file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from drydock.formats.campaign import read_campaign
from tests.helpers import ROOT

BUSY = "another drydock command is changing this campaign"


def _drydock(*args: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "drydock", "campaign", *args], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def _finish(proc: subprocess.Popen[str]) -> tuple[int, str]:
    out, err = proc.communicate(timeout=300)
    assert "Traceback" not in err, err
    return proc.returncode, err


@pytest.fixture
def battle_due(tmp_path: Path) -> Path:
    """A campaign in turn 2 with its battle at C3 due (the worked campaign of docs/campaigns.md)."""
    from click.testing import CliRunner

    from drydock.cli.main import cli

    shutil.copytree(ROOT / "examples" / "campaign", tmp_path / "examples" / "campaign")
    shutil.copytree(ROOT / "examples" / "designs", tmp_path / "examples" / "designs")
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        def run(*args: str) -> None:
            r = CliRunner().invoke(cli, ["campaign", *args])
            assert r.exit_code == 0, r.output

        run("new", "war.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
            "examples/campaign/shade-clans.yaml")
        for turn in ("setup", "turn1", "turn2"):
            for side in "ab":
                run("orders", "war.yaml", "--side", side.upper(), "--file",
                    f"examples/campaign/orders-{side}-{turn}.yaml")
            run("reveal", "war.yaml")
            if turn == "turn1":
                run("repair", "war.yaml", "--side", "A", "--roll", "2,5")
                run("repair", "war.yaml", "--side", "B", "--roll", "4,4")
    finally:
        os.chdir(old)
    return tmp_path / "war.yaml"


#: Rounds of the race, and how long concede waits after fight starts (fight reads, fights a battle of some
#: turns, then writes: the delays put concede before, during and after fight's hold on the lock).
DELAYS = (0.0, 0.0, 0.3, 0.6, 1.0, 1.5, 2.5, 4.0)


def test_fight_and_concede_at_once_lose_nothing(battle_due: Path) -> None:
    here = battle_due.parent
    saved = battle_due.read_bytes()
    seen: list[tuple[int, int]] = []
    for delay in DELAYS:
        battle_due.write_bytes(saved)
        for log in here.glob("war.turn2-C3*.log"):
            log.unlink()
        fight = _drydock("fight", "war.yaml", "--at", "C3", "--seed", "1", cwd=here)
        time.sleep(delay)
        concede = _drydock("concede", "war.yaml", "--side", "B", cwd=here)
        (f_code, f_err), (c_code, c_err) = _finish(fight), _finish(concede)
        seen.append((f_code, c_code))
        for code, err in ((f_code, f_err), (c_code, c_err)):
            assert code in (0, 2), err
            if code == 2:
                lines = err.strip().splitlines()
                assert len(lines) == 1 and (BUSY in lines[0] or "the campaign is over" in lines[0]), err
        c = read_campaign(battle_due)  # whole, and holding every change a command reported
        if f_code == 0:
            assert c.battles[-1].at == "C3" and c.battles[-1].fought == "engine"
        if c_code == 0:
            assert c.phase == "over" and c.winner == "A" and c.sides["B"].conceded
        assert f_code == 0 or c_code == 0  # one of them always gets through
    assert len(seen) == len(DELAYS)  # which rounds met the lock depends on the machine's speed; none lost a change


@pytest.mark.parametrize("args", [
    ["fight", "war.yaml", "--at", "C3"], ["concede", "war.yaml", "--side", "B"],
    ["result", "war.yaml", "--at", "C3", "--destroyed", "Shadow"], ["orders", "war.yaml", "--side", "A"],
    ["reveal", "war.yaml"], ["repair", "war.yaml", "--side", "A", "--roll", "2,2"],
])
def test_each_changing_command_is_refused_while_the_lock_is_held(battle_due: Path, args: list[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock held (as another command holds it): each command that changes the campaign is refused at once, in
    one line, and changes nothing; campaign show, which only reads, still runs."""
    from click.testing import CliRunner

    from drydock.cli.main import cli
    from drydock.formats.locking import locked

    monkeypatch.chdir(battle_due.parent)
    before = battle_due.read_bytes()
    with locked(battle_due, what="campaign"):
        r = CliRunner().invoke(cli, ["campaign", *args])
        assert r.exit_code == 2, r.output
        assert r.output.strip().splitlines() == [f"drydock: error: war.yaml: {BUSY}; try again when it has finished"]
        assert CliRunner().invoke(cli, ["campaign", "show", "war.yaml"]).exit_code == 0
    assert battle_due.read_bytes() == before


def test_two_sides_ordering_at_once_lose_no_orders(battle_due: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both sides record orders at the same moment (the commonest race in play), many times."""
    here = battle_due.parent
    from click.testing import CliRunner

    from drydock.cli.main import cli

    monkeypatch.chdir(here)
    assert CliRunner().invoke(cli, ["campaign", "result", "war.yaml", "--at", "C3", "--destroyed", "Shadow"]
                              ).exit_code == 0
    for side, roll in (("A", "1,1"), ("B", "1,1")):
        assert CliRunner().invoke(cli, ["campaign", "repair", "war.yaml", "--side", side, "--roll", roll]
                                  ).exit_code == 0
    saved = battle_due.read_bytes()
    refused = 0
    for _round in range(6):
        battle_due.write_bytes(saved)
        a = _drydock("orders", "war.yaml", "--side", "A", "--move", "Bastion=A1", cwd=here)
        b = _drydock("orders", "war.yaml", "--side", "B", "--move", "Rampart=B1", cwd=here)
        (a_code, a_err), (b_code, b_err) = _finish(a), _finish(b)
        c = read_campaign(battle_due)
        for side, code, err in (("A", a_code, a_err), ("B", b_code, b_err)):
            if code == 0:
                assert c.sides[side].orders is not None, f"side {side}'s orders were lost"
            else:
                assert code == 2 and err.strip().splitlines() == [err.strip()] and BUSY in err, err
                refused += 1
    assert refused < 12
