"""A battle's settings from the option strings a player types (``drydock battle``'s ``--option``, ``--scenario``,
``--terrain``, ``--deployment`` ...), checked once for every front end (the command line, the studio).

:func:`settings_from_options` takes the texts as typed and answers a checked
:class:`~drydock.engine.settings.BattleSettings`, or raises one :class:`OptionsError` in a program's words
(``terrain 'volcano': expected one of ...``); the error keeps the command line's own wording too
(``command_line``: ``--terrain 'volcano': expected one of ...``), which ``drydock battle`` prints.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from drydock.core.rules.play_options import check_combination
from drydock.engine.choices import DEFAULT_DEPLOYMENT, DEFAULT_DOCTRINE, DEPLOYMENT_NAMES
from drydock.engine.options.terrain import parse_terrain
from drydock.engine.settings import BOOK_BOARD, BattleSettings, SettingsError
from drydock.errors import DrydockError
from drydock.formats.houserules import load_house_rules

#: a BattleSettings field -> the option of the battle commands that sets it
OPTION_OF = {"turns": "--turns", "board": "--board", "battle_size": "--battle-size", "doctrine": "--doctrine",
             "plan": "--plan", "options": "--option", "terrain": "--terrain", "scenario": "--scenario",
             "floating": "--floating", "launch_recovery": "--launch-recovery", "deployment": "--deployment",
             "deployments": "--deployment", "rules": "--rules", "house": "--rules"}


class OptionsError(DrydockError):
    """A battle option refused: the message in a program's words; ``command_line`` says it with the command's
    option names (``--terrain 'x': ...``)."""

    def __init__(self, command_line: str) -> None:
        self.command_line = command_line
        super().__init__(program_words(command_line))


def program_words(message: str) -> str:
    """A command-line message said for a program: ``--terrain 'x': ...`` is ``terrain 'x': ...``, ``--option E.3``
    is ``option E.3``."""
    return re.sub(r"(?<![\w-])--([a-z][a-z-]*)", r"\1", message)


@contextmanager
def option_words() -> Iterator[None]:
    """A :class:`SettingsError` raised inside as an :class:`OptionsError` naming the option instead of the field
    (the settings check themselves in a program's words; an option's own message says the option)."""
    try:
        yield
    except SettingsError as exc:
        raise OptionsError(f"{OPTION_OF.get(exc.field, exc.field)}: {exc.problem}") from None


def deployment_setup(text: str, plan_game: bool, per_side: bool = True) -> dict[str, Any]:
    """The settings of ``--deployment`` (2.3; chosen deployment, issue 37): nothing for the standard set-up (so the
    core game is unchanged), ``deployment`` (a plan, or one per side unless ``per_side`` is false: a tournament's
    sides are file order) or ``deployments`` (the plan game chooses)."""
    names = [p.strip().lower() for p in text[:200].split(",")]
    if len(names) == 2 and not per_side:
        raise OptionsError(f"--deployment {text[:40]!r}: a tournament's sides are the files' order, so both sides "
                           "set up by one plan (or choose)")
    if names == ["choose"]:
        if not plan_game:
            raise OptionsError("--deployment choose needs the plan game (not with --plan or --no-robustness)")
        return {"deployments": DEPLOYMENT_NAMES}
    if len(names) > 2 or any(n not in DEPLOYMENT_NAMES for n in names):
        raise OptionsError(f"--deployment {text[:40]!r}: expected one of {', '.join(DEPLOYMENT_NAMES)}, two of them "
                           "(A,B) or choose")
    if names == [DEFAULT_DEPLOYMENT] * len(names):
        return {}
    return {"deployment": names[0] if len(names) == 1 else (names[0], names[1])}


def settings_from_options(options: Sequence[str] = (), scenario: str | None = None, terrain: Sequence[str] = (),
                          *, floating: bool = False, launch_recovery: bool = False, rules_file: str | None = None,
                          turns: int = 20, board: tuple[int, int] = BOOK_BOARD,
                          doctrine: str | tuple[str, str] = DEFAULT_DOCTRINE, battle_size: str = "auto",
                          plan: tuple[str | None, str | None] | None = None, deployment: str = DEFAULT_DEPLOYMENT,
                          plan_game: bool = True, per_side: bool = True) -> BattleSettings:
    """The battle's settings from the options as typed (Appendices D-G, S; 2.2, 2.3): optional rules by section
    (``floating`` is D.4, ``launch_recovery`` F.5), the scenario, terrain pieces (``black-hole:2``), a house-rule
    file, the deployment (``standard``, ``port,standard``, ``choose``: ``plan_game`` says whether the plan game is
    played) and the rest, after refusing unknown or contradictory ones (one :class:`OptionsError`)."""
    sections = list(options) + (["D.4"] if floating else []) + (["F.5"] if launch_recovery else [])
    for s in options:  # terrain is placed by its spelling, never switched on by section alone (G)
        if s.strip().upper().startswith("G."):
            raise OptionsError(f"--option {s[:20]!r}: terrain (G) is asked for with --terrain "
                               "(drydock rules options)")
    try:  # their messages name the command's options (--terrain, --option)
        pieces = [parse_terrain(t) for t in terrain]
        in_force = check_combination(sections, scenario, sorted({p.section for p in pieces}))
    except DrydockError as exc:
        raise OptionsError(str(exc)) from None
    house = load_house_rules(rules_file)
    with option_words():
        return BattleSettings(
            turns=turns, board=board, battle_size=battle_size, doctrine=doctrine, plan=plan,  # type: ignore[arg-type]
            options=tuple(s for s in in_force if s not in ("D.4", "F.5") and not s.startswith(("S.", "G."))),
            scenario=next(s for s in in_force if s.startswith("S.")) if scenario else None,
            terrain=tuple(p.spec for p in pieces), floating="D.4" in in_force, launch_recovery="F.5" in in_force,
            rules=None if house.base.is_book else house.base,
            # replaces fleets' own rules; its faction entries apply by faction (core.fielding)
            house=house if rules_file is not None else None,
            **deployment_setup(deployment, plan_game, per_side))
