"""What a battle is played by: one frozen record, built once by the caller and passed down whole (issue 35).

``drydock battle`` and ``drydock tournament`` build one :class:`BattleSettings` from their options
(:func:`drydock.insight.battle_options.settings_from_options`, which the studio calls too); a program builds it
itself. It goes unchanged through
:func:`~drydock.insight.battle_run.run_battle`, the plan game, :func:`~drydock.engine.montecarlo.simulate` and
:func:`~drydock.engine.montecarlo.build_matchup` to the :class:`~drydock.engine.battle.Matchup`. A variant (the
other doctrine, one pairing of plans, recorded battles) is ``dataclasses.replace(settings, doctrine=...)``, never
a copy edited by key. How many battles, with which seed and in how many processes (``runs``, ``seed``, ``jobs``)
are not part of it: they say how often a battle is fought, not what it is, and stay arguments of the calls.

>>> from dataclasses import replace
>>> s = BattleSettings(options=("E.1",), turns=12)
>>> replace(s, doctrine=("aggressive", "cautious")).options
('E.1',)

Each field checks itself when the record is built (``__post_init__``, ``replace`` too): a value outside its range,
an unknown name or a wrong type is one :class:`SettingsError` in a program's words, naming the field
(``BattleSettings.turns: -3 is not a turn limit: a whole number 1 to 1,000``). The command line checks its options
first and says the option's name; it catches a :class:`SettingsError` for the rest
(:mod:`drydock.insight.battle_options`).

>>> BattleSettings(doctrine="nonsense")
Traceback (most recent call last):
...
drydock.engine.settings.SettingsError: BattleSettings.doctrine: unknown doctrine 'nonsense' (aggressive, cautious)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args

from drydock import limits
from drydock.core.rules import Ruleset
from drydock.core.rules.factions import HouseRules
from drydock.core.rules.play_options import check_combination
from drydock.engine.ai import Style
from drydock.engine.choices import DEFAULT_DOCTRINE, DEPLOYMENT_NAMES, DOCTRINE_NAMES, STRATEGY_SEP
from drydock.engine.options.terrain import parse_terrain
from drydock.engine.plans import MENU, Plan
from drydock.errors import DrydockError

if TYPE_CHECKING:  # pragma: no cover
    from drydock.core.fielding import ShipRules
    from drydock.engine.ai import DoctrineChoice
    from drydock.engine.plans import PlanChoice

#: 0.1: the book's smallest board, columns x rows (the same as :data:`drydock.engine.tables.BOARD`)
BOOK_BOARD = (32, 18)
#: 2.2: a battle size by name (the book's five, ``--battle-size``), or "auto": a share of the larger side's CR
BattleSize = Literal["auto", "very-small", "small", "medium", "large", "very-large"]
BATTLE_SIZE_NAMES: tuple[str, ...] = get_args(BattleSize)
#: the smallest board a battle is set up on (2.3: two set-up areas 4 hexes deep and room between them)
BOARD_MIN = 8
#: the largest VP target a program may set (a stated value, :data:`drydock.limits.STATED`)
VP_TARGET_MAX = limits.STATED.value


class SettingsError(DrydockError):
    """A :class:`BattleSettings` field out of its range, of the wrong type or naming something unknown; ``field``
    names it and ``problem`` says what is wrong (the command line says it with the option's name)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field, self.problem = field, problem
        super().__init__(f"BattleSettings.{field}: {problem}")


@dataclass(frozen=True)
class BattleSettings:
    """Every setting of a battle, typed; the defaults are the core game of the book."""

    #: the turn limit; a battle still undecided after it is a draw (not a rule: the book plays to the VP target)
    turns: int = 20
    #: 0.1: the board, columns x rows (S.3 lengthens it, the Companion's CC.B1 extends it)
    board: tuple[int, int] = BOOK_BOARD
    #: 2.2: the battle size giving the VP target, or "auto" (a share of the larger side's CR)
    battle_size: BattleSize = "auto"
    #: how each side flies and fights: one doctrine name for both, or one per side (docs/battles.md)
    doctrine: DoctrineChoice = DEFAULT_DOCTRINE
    #: the plan each side flies (a name, a pair, or None: the doctrine's own range); a battle given one fights
    #: that pairing instead of the plan game
    plan: PlanChoice = None
    #: optional rules by section (Appendices D-F), without D.4 and F.5 (their own fields)
    options: tuple[str, ...] = ()
    #: Appendix S: the scenario (S.1-S.12), side A the attacker
    scenario: str | None = None
    #: Appendix G: terrain pieces by their spelling ("nebula", "asteroids:3"), placed at random (seeded)
    terrain: tuple[str, ...] = ()
    #: D.4: the floating game board (nobody leaves it)
    floating: bool = False
    #: F.5: launch and recovery (flights start aboard)
    launch_recovery: bool = False
    #: the battle's rules (a house-rule file or a bundled ruleset); None: the book's (Unity v2.0)
    rules: Ruleset | None = None
    #: ships under rules of their own (a fleet's ``rules:``, a faction entry): (design key, ruleset) pairs
    #: (:mod:`drydock.core.fielding`); the caller fills it from the sides it read
    ship_rules: ShipRules = ()
    #: ``--rules`` as a house-rule file: its faction entries give the scoped ships of the sides their rules
    #: (read into ``ship_rules`` by the caller); None: each fleet's own rules
    house: HouseRules | None = None
    #: each battle's result carries its statistics (the battle report, issue 15)
    record: bool = False
    #: 2.3: how each side places its ships in its set-up area (a plan of drydock.engine.deployment, one for both
    #: or one per side); None: the mirrored standard set-up, the fair default
    deployment: str | tuple[str, str] | None = None
    #: chosen deployment: the plan game chooses each side's set-up among these plans (empty: it does not)
    deployments: tuple[str, ...] = ()
    #: the VP target itself, in place of the battle size's (2.2) and the scenario's (S); 0: none, the battle is
    #: fought until one side's ships remain (T.1(5): a campaign battle); None: from the battle size and scenario
    vp_target: int | None = None

    def __post_init__(self) -> None:
        check_settings(self)


def _whole(field: str, value: Any, lo: int, hi: int, what: str) -> None:
    if type(value) is not int or not lo <= value <= hi:
        shown = repr(value) if type(value) is not int else limits._short_number(value)
        raise SettingsError(field, f"{shown[:40]} is not {what}: a whole number {lo:,} to {hi:,}")


def _pair(value: Any) -> tuple[Any, ...]:
    """One value for both sides, or a pair (A, B)."""
    if isinstance(value, tuple | list):
        return tuple(value)
    return (value, value)


def _names(field: str, value: Any, known: tuple[str, ...], what: str, *, none: bool = False,
           kinds: tuple[type, ...] = ()) -> None:
    """``value``: one name of ``known`` (or an instance of ``kinds``, or None when ``none``) or a pair of them."""
    pair = _pair(value)
    if len(pair) != 2:
        raise SettingsError(field, f"expected one {what} or a pair (side A, side B), not {len(pair)} values")
    for v in pair:
        if (v is None and none) or (kinds and isinstance(v, kinds)):
            continue
        if not isinstance(v, str) or v not in known:
            raise SettingsError(field, f"unknown {what} {str(v)[:30]!r} ({', '.join(known)})")


def _program_words(message: str) -> str:
    """A command-line message said for a program: ``--terrain 'x': ...`` is ``'x': ...``, ``(--option E.3)`` is
    ``(add 'E.3' to options)``."""
    message = re.sub(r"\(--option ([^)]*)\)", r"(add '\1' to options)", message)
    return re.sub(r"^--(option|terrain|scenario) ", "", message)


def check_settings(s: BattleSettings) -> None:
    """Every field of ``s`` in its range, by its name (:class:`SettingsError`); the sanity limits are those of the
    command (:mod:`drydock.limits`: turns, board)."""
    _whole("turns", s.turns, 1, limits.TURNS.value, "a turn limit")
    if not isinstance(s.board, tuple | list) or len(s.board) != 2:
        raise SettingsError("board", f"expected (columns, rows), not {str(s.board)[:40]!r}")
    for name, v in zip(("columns", "rows"), s.board, strict=True):
        _whole("board", v, BOARD_MIN, limits.BOARD.value, f"a board's {name}")
    if s.battle_size not in BATTLE_SIZE_NAMES:
        raise SettingsError("battle_size", f"unknown battle size {str(s.battle_size)[:30]!r} (2.2: "
                                           f"{', '.join(BATTLE_SIZE_NAMES)})")

    _names("doctrine", s.doctrine, DOCTRINE_NAMES, "doctrine", kinds=(Style,))
    plans = tuple(p.partition(STRATEGY_SEP)[0] if isinstance(p, str) else p for p in _pair(s.plan))
    _names("plan", plans, MENU, "plan", none=True, kinds=(Plan,))
    if s.deployment is not None:
        _names("deployment", s.deployment, DEPLOYMENT_NAMES, "deployment plan", none=True)
    for d in s.deployments:
        _names("deployments", d, DEPLOYMENT_NAMES, "deployment plan")
    for field in ("floating", "launch_recovery", "record"):
        if not isinstance(getattr(s, field), bool):
            raise SettingsError(field, f"expected True or False, not {str(getattr(s, field))[:20]!r}")
    for field in ("options", "terrain"):
        value = getattr(s, field)
        if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
            raise SettingsError(field, f"expected a tuple of texts, not {str(value)[:40]!r}")
    if s.scenario is not None and not isinstance(s.scenario, str):
        raise SettingsError("scenario", f"expected a section such as 'S.4' or None, not {str(s.scenario)[:20]!r}")
    if s.vp_target is not None:
        _whole("vp_target", s.vp_target, 0, VP_TARGET_MAX, "a VP target (0: none)")
    _check_play(s)
    _check_rules(s)


def _check_play(s: BattleSettings) -> None:
    """The options, scenario and terrain: known, simulated and combinable (the command's check, by field)."""

    field = "terrain"
    try:
        sections = [p.section for p in (parse_terrain(t) for t in s.terrain)]
        field = "options"
        check_combination(list(s.options) + (["D.4"] if s.floating else []) + (["F.5"] if s.launch_recovery else []),
                          s.scenario, sections)
    except SettingsError:
        raise
    except DrydockError as exc:
        raise SettingsError(field, _program_words(str(exc))) from None


def _check_rules(s: BattleSettings) -> None:

    if s.rules is not None and not isinstance(s.rules, Ruleset):
        raise SettingsError("rules", f"expected a Ruleset or None, not {type(s.rules).__name__}")
    if s.house is not None and not isinstance(s.house, HouseRules):
        raise SettingsError("house", f"expected HouseRules or None, not {type(s.house).__name__}")
    if not isinstance(s.ship_rules, tuple) or not all(
            isinstance(p, tuple) and len(p) == 2 and isinstance(p[1], Ruleset) for p in s.ship_rules):
        raise SettingsError("ship_rules", "expected a tuple of (design key, Ruleset) pairs")
