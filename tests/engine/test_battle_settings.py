"""The battle's settings are one typed, frozen record passed down whole (issue 35): no ``**opts`` on the way from
the command line to the Matchup, every field documented, the command line's options read into it once, and the
tournament state file's header the one earlier drydock versions wrote."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import pickle

import pytest

from drydock.cli.options import battle_settings
from drydock.engine import settings as settings_module
from drydock.engine.battle import Matchup
from drydock.engine.montecarlo import build_matchup
from drydock.engine.settings import BattleSettings
from drydock.insight.tournament import state_options
from tests.helpers import ROOT, example

#: the modules the settings travel through, command line to Matchup
PATH = ("cli/options.py", "cli/battle.py", "cli/tournament.py", "insight/battle_run.py", "insight/battle_report.py",
        "insight/tournament_run.py", "insight/tournament.py", "insight/chunks.py", "insight/cluster.py",
        "engine/plan_game.py", "engine/plan_cells.py", "engine/montecarlo.py", "engine/battle.py")


def test_no_keyword_catch_all_on_the_settings_path() -> None:
    """No function on the path takes ``**kwargs`` (the old ``**opts: Any``) or an options dict."""
    found = []
    for rel in PATH:
        tree = ast.parse((ROOT / "drydock" / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if node.args.kwarg is not None:
                    found.append(f"{rel}:{node.lineno} {node.name}(**{node.args.kwarg.arg})")
                found += [f"{rel}:{node.lineno} {node.name}({a.arg})" for a in node.args.args + node.args.kwonlyargs
                          if a.arg in ("opts", "play")]
    assert found == []


def test_every_field_is_typed_and_documented() -> None:
    source = inspect.getsource(settings_module).splitlines()
    fields = dataclasses.fields(BattleSettings)
    assert len(fields) == 17  # with 2.3 deployment, the chosen deployments (issue 37) and vp_target (issue 43)
    for f in fields:
        line = next(i for i, text in enumerate(source) if text.strip().startswith(f"{f.name}: "))
        assert source[line - 1].strip().startswith("#:"), f.name  # its documentation comment above it
        assert f.type not in ("Any", "object"), f.name


def test_frozen_picklable_and_varied_by_replace() -> None:
    s = BattleSettings(options=("E.1",), turns=12)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.turns = 3  # type: ignore[misc]
    other = dataclasses.replace(s, doctrine=("aggressive", "cautious"))
    assert (s.doctrine, other.doctrine, other.options, other.turns) == ("aggressive", ("aggressive", "cautious"),
                                                                        ("E.1",), 12)
    assert pickle.loads(pickle.dumps(other)) == other  # sent whole to worker processes and cluster workers


def test_the_command_line_reads_its_options_once() -> None:
    """``--option D.4 --option E.1 --launch-recovery --scenario S.4 --terrain nebula``: D.4 and F.5 are their own
    fields, the scenario and terrain theirs, the rest the optional rules."""
    s = battle_settings(("D.4", "E.1"), "S.4", ("nebula",), False, True, None, turns=15, board=(40, 20),
                        doctrine=("aggressive", "cautious"), battle_size="small", plan=("hold", None))
    assert s == BattleSettings(turns=15, board=(40, 20), battle_size="small", doctrine=("aggressive", "cautious"),
                               plan=("hold", None), options=("E.1",), scenario="S.4", terrain=("nebula",),
                               floating=True, launch_recovery=True)
    core = battle_settings((), None, (), False, False, None, turns=20, board=(32, 18), doctrine="aggressive")
    assert core == BattleSettings()  # the core game's defaults are the command's


def test_the_matchup_plays_by_the_settings_it_was_given() -> None:
    majestic = example("majestic")
    s = BattleSettings(turns=9, floating=True, options=("E.1",), battle_size="small")
    m = build_matchup([majestic], [majestic], s)
    assert (m.settings, m.turns, m.floating, m.vp_target) == (s, 9, True, 420)  # 2.2: a small battle, VP target 420
    assert m.in_force_names() == ["D.4 Floating Game Board", "E.1 Damage Control"]
    core = Matchup(m.sides[0], m.sides[1])
    assert (core.settings, core.turns, core.board, core.in_force) == (BattleSettings(), 20, (32, 18), None)


def test_the_state_file_header_is_the_one_earlier_versions_wrote() -> None:
    """A tournament of the core game keeps the four options drydock wrote before the settings were typed; the
    others appear only when on, as before (a state file written before issue 35 still resumes)."""
    core = BattleSettings(turns=20, board=(32, 18), doctrine="aggressive")
    assert state_options(core) == {"board": [32, 18], "doctrine": "aggressive", "floating": False, "turns": 20}
    on = dataclasses.replace(core, options=("E.1",), scenario="S.4", terrain=("nebula",), launch_recovery=True,
                             battle_size="small")
    assert state_options(on) == {"battle_size": "small", "board": [32, 18], "doctrine": "aggressive",
                                 "floating": False, "launch_recovery": True, "options": ["E.1"], "scenario": "S.4",
                                 "terrain": ["nebula"], "turns": 20}
