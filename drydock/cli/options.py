"""Option checks shared by the battle commands (``battle``, ``tournament``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from drydock import limits
from drydock.cli.rating import rules_option
from drydock.engine.choices import DEFAULT_DEPLOYMENT, DEPLOYMENT_NAMES  # names only: keeps --help fast
from drydock.errors import DrydockError

if TYPE_CHECKING:  # pragma: no cover
    from drydock.engine.settings import BattleSettings


def board_size(board: str, runs: int, jobs: int, turns: int, min_jobs: int = 1) -> tuple[int, int]:
    """``--board`` as (columns, rows), after checking it and ``--runs``, ``--jobs`` and ``--turns``."""
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX]\s*(\d{1,9})\s*", board)
    if m is None:
        raise DrydockError(f"--board must look like 32x18, not {board[:40]!r}")
    w, h = int(m.group(1)), int(m.group(2))
    limits.check("--jobs", jobs, limits.JOBS, low=min_jobs)
    limits.check_battle(runs=runs, jobs=max(jobs, 1), turns=turns, board=(w, h), ships=(1, 1))
    return w, h


def play_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--option``, ``--scenario``, ``--terrain`` and ``--rules`` of the battle commands (Appendices D-G, S)."""
    f = rules_option(f)
    f = click.option("--terrain", "terrain", multiple=True, metavar="SPEC",
                     help="Terrain (G), repeatable: asteroids[:N], asteroid-field[:SIZE], black-hole[:SIZE] "
                          "(black-hole-printed: G.2a), comet, nebula, planet[:SIZE], three-d (G.6 altitudes; "
                          "three-d-doubled: G.6a); placed "
                          "at random (seeded) between the set-up areas.")(f)
    f = click.option("--scenario", metavar="S.N", help="Scenario of Appendix S (S.1-S.12); side A is the attacker.")(f)
    f = click.option("--option", "play_option", multiple=True, metavar="SECTION",
                     help="Optional rule (Appendices D-F) by section, repeatable: --option E.1 --option E.3. "
                          "drydock rules options lists them.")(f)
    return f


def battle_settings(play_option: tuple[str, ...], scenario: str | None, terrain: tuple[str, ...], floating: bool,
                    launch_recovery: bool, rules_file: str | None, *, turns: int, board: tuple[int, int],
                    doctrine: str | tuple[str, str], battle_size: str = "auto",
                    plan: tuple[str | None, str | None] | None = None, deployment: str = DEFAULT_DEPLOYMENT,
                    plan_game: bool = True, per_side: bool = True) -> BattleSettings:
    """The battle's settings from the command's options (:func:`drydock.insight.battle_options.settings_from_options`,
    said with the options' names)."""
    from drydock.insight.battle_options import settings_from_options  # lazy: keeps --help fast

    with option_words():
        return settings_from_options(play_option, scenario, terrain, floating=floating,
                                     launch_recovery=launch_recovery, rules_file=rules_file, turns=turns, board=board,
                                     doctrine=doctrine, battle_size=battle_size, plan=plan, deployment=deployment,
                                     plan_game=plan_game, per_side=per_side)


@contextmanager
def option_words() -> Iterator[None]:
    """A refused option (:class:`~drydock.insight.battle_options.OptionsError`, a
    :class:`~drydock.engine.settings.SettingsError`) said with the command's option names."""
    # lazy: keeps --help fast
    from drydock.insight.battle_options import OptionsError
    from drydock.insight.battle_options import option_words as words

    try:
        with words():
            yield
    except OptionsError as exc:
        raise DrydockError(exc.command_line) from None


def deployment_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--deployment`` of ``drydock battle`` (2.3 set-up areas; chosen deployment, issue 37)."""
    return click.option("--deployment", default=DEFAULT_DEPLOYMENT, show_default=True, metavar="PLAN",
                        help="How each side places its ships in its set-up area (2.3): " + ", ".join(DEPLOYMENT_NAMES)
                             + " (both sides), A,B (one per side, e.g. port,standard), or choose (the plan game "
                               "chooses each side's among them). The mirrored standard set-up is the fair default "
                               "(docs/battles.md).")(f)


def deployment_setup(text: str, plan_game: bool, per_side: bool = True) -> dict[str, Any]:
    """The settings of ``--deployment`` (:func:`drydock.insight.battle_options.deployment_setup`)."""
    from drydock.insight.battle_options import deployment_setup as setup  # lazy: keeps --help fast

    with option_words():
        return setup(text, plan_game, per_side)


def __getattr__(name: str) -> Any:
    """``OPTION_OF`` lives with the settings' parsing (:mod:`drydock.insight.battle_options`)."""
    if name == "OPTION_OF":
        from drydock.insight.battle_options import OPTION_OF  # lazy: keeps --help fast

        return OPTION_OF
    raise AttributeError(name)
