"""``--debug`` works wherever a user types it, and the internal error's advice runs as written (issue 42)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import drydock.insight.battle_run
import drydock.insight.rate_files
from drydock.cli.main import _DEBUG, cli
from tests.helpers import ROOT

KESTREL = str(ROOT / "examples/designs/kestrel-corvette.yaml")


def _boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("simulated bug")


@pytest.mark.parametrize("words", [
    ["--debug", "battle", KESTREL, KESTREL, "--runs", "2"],
    ["battle", "--debug", KESTREL, KESTREL, "--runs", "2"],
    ["battle", KESTREL, KESTREL, "--runs", "2", "--debug"],
    ["rate", KESTREL, "--debug"],
])
def test_debug_before_or_after_the_command_shows_the_traceback(words: list[str], monkeypatch) -> None:
    monkeypatch.setattr(drydock.insight.battle_run, "plan_game", _boom)
    monkeypatch.setattr(drydock.insight.rate_files, "rate_design", _boom)
    monkeypatch.setitem(_DEBUG, "on", False)
    result = CliRunner().invoke(cli, words)
    assert result.exit_code == 3
    assert "Traceback" in result.output and "RuntimeError: simulated bug" in result.output


def test_the_internal_errors_advice_runs_as_written(monkeypatch) -> None:
    """The line says "rerun with --debug"; appending --debug to the same command line gives the traceback."""
    monkeypatch.setattr(drydock.insight.battle_run, "plan_game", _boom)
    monkeypatch.setitem(_DEBUG, "on", False)
    words = ["battle", KESTREL, KESTREL, "--runs", "2"]
    first = CliRunner().invoke(cli, words)
    assert first.exit_code == 3
    assert first.output.strip().splitlines() == [
        "drydock: internal error, please report (rerun with --debug for the traceback): RuntimeError: simulated bug"]
    again = CliRunner().invoke(cli, [*words, "--debug"])
    assert again.exit_code == 3 and "Traceback" in again.output


def test_every_command_and_subcommand_takes_debug() -> None:
    from drydock.cli.main import COMMANDS, LazyGroup

    group = cli
    assert isinstance(group, LazyGroup)
    ctx = group.make_context("drydock", ["rate"])
    for name in COMMANDS:
        command = group.get_command(ctx, name)
        assert command is not None
        subs = list(getattr(command, "commands", {}).values())
        for c in [command, *subs]:
            assert [p.name for p in c.params].count("debug") == 1, (name, c.name)
