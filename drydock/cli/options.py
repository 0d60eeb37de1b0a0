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
                    plan: tuple[str | None, str | None] | None = None) -> BattleSettings:
    """The battle's settings from the command's options, built once: ``--option``/``--scenario``/``--terrain``/
    ``--rules`` (``--floating`` is D.4 and ``--launch-recovery`` F.5) after refusing unknown or contradictory ones,
    the turns, board, doctrine, battle size and plans."""
    # lazy: keeps --help fast
    from drydock.core.rules.play_options import check_combination
    from drydock.engine.options.terrain import parse_terrain
    from drydock.engine.settings import BattleSettings

    sections = list(play_option) + (["D.4"] if floating else []) + (["F.5"] if launch_recovery else [])
    for s in play_option:  # terrain is placed by its spelling, never switched on by section alone (G)
        if s.strip().upper().startswith("G."):
            raise DrydockError(f"--option {s[:20]!r}: terrain (G) is asked for with --terrain (drydock rules options)")
    pieces = [parse_terrain(t) for t in terrain]
    in_force = check_combination(sections, scenario, sorted({p.section for p in pieces}))
    from drydock.formats.houserules import load_house_rules  # lazy: keeps --help fast

    house = load_house_rules(rules_file)
    with option_words():
        return BattleSettings(
            turns=turns, board=board, battle_size=battle_size, doctrine=doctrine, plan=plan,  # type: ignore[arg-type]
            options=tuple(s for s in in_force if s not in ("D.4", "F.5") and not s.startswith(("S.", "G."))),
            scenario=next(s for s in in_force if s.startswith("S.")) if scenario else None,
            terrain=tuple(p.spec for p in pieces), floating="D.4" in in_force, launch_recovery="F.5" in in_force,
            rules=None if house.base.is_book else house.base,
            # replaces fleets' own rules; its faction entries apply by faction (core.fielding)
            house=house if rules_file is not None else None)


#: a BattleSettings field -> the option of the battle commands that sets it
OPTION_OF = {"turns": "--turns", "board": "--board", "battle_size": "--battle-size", "doctrine": "--doctrine",
             "plan": "--plan", "options": "--option", "terrain": "--terrain", "scenario": "--scenario",
             "floating": "--floating", "launch_recovery": "--launch-recovery", "deployment": "--deployment",
             "deployments": "--deployment", "rules": "--rules", "house": "--rules"}


@contextmanager
def option_words() -> Iterator[None]:
    """A :class:`~drydock.engine.settings.SettingsError` raised inside, said with the option's name instead of the
    field's (the settings check themselves in a program's words; the command line keeps its own)."""
    from drydock.engine.settings import SettingsError  # lazy: keeps --help fast

    try:
        yield
    except SettingsError as exc:
        raise DrydockError(f"{OPTION_OF.get(exc.field, exc.field)}: {exc.problem}") from None


def deployment_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--deployment`` of ``drydock battle`` (2.3 set-up areas; chosen deployment, issue 37)."""
    return click.option("--deployment", default=DEFAULT_DEPLOYMENT, show_default=True, metavar="PLAN",
                        help="How each side places its ships in its set-up area (2.3): " + ", ".join(DEPLOYMENT_NAMES)
                             + " (both sides), A,B (one per side, e.g. port,standard), or choose (the plan game "
                               "chooses each side's among them). The mirrored standard set-up is the fair default "
                               "(docs/battles.md).")(f)


def deployment_setup(text: str, plan_game: bool, per_side: bool = True) -> dict[str, Any]:
    """The settings of ``--deployment``: nothing for the standard set-up (so the core game is unchanged),
    ``deployment`` (a plan, or one per side unless ``per_side`` is false: a tournament's sides are file order)
    or ``deployments`` (the plan game chooses)."""
    names = [p.strip().lower() for p in text.split(",")]
    if len(names) == 2 and not per_side:
        raise DrydockError(f"--deployment {text[:40]!r}: a tournament's sides are the files' order, so both sides "
                           "set up by one plan (or choose)")
    if names == ["choose"]:
        if not plan_game:
            raise DrydockError("--deployment choose needs the plan game (not with --plan or --no-robustness)")
        return {"deployments": DEPLOYMENT_NAMES}
    if len(names) > 2 or any(n not in DEPLOYMENT_NAMES for n in names):
        raise DrydockError(f"--deployment {text[:40]!r}: expected one of {', '.join(DEPLOYMENT_NAMES)}, two of them "
                           "(A,B) or choose")
    if names == [DEFAULT_DEPLOYMENT] * len(names):
        return {}
    return {"deployment": names[0] if len(names) == 1 else (names[0], names[1])}
