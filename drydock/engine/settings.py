"""What a battle is played by: one frozen record, built once by the caller and passed down whole (issue 35).

``drydock battle`` and ``drydock tournament`` build one :class:`BattleSettings` from their options
(:func:`drydock.cli.options.battle_settings`); a program builds it itself. It goes unchanged through
:func:`~drydock.insight.battle_run.run_battle`, the plan game, :func:`~drydock.engine.montecarlo.simulate` and
:func:`~drydock.engine.montecarlo.build_matchup` to the :class:`~drydock.engine.battle.Matchup`. A variant (the
other doctrine, one pairing of plans, recorded battles) is ``dataclasses.replace(settings, doctrine=...)``, never
a copy edited by key. How many battles, with which seed and in how many processes (``runs``, ``seed``, ``jobs``)
are not part of it: they say how often a battle is fought, not what it is, and stay arguments of the calls.

>>> from dataclasses import replace
>>> s = BattleSettings(options=("E.1",), turns=12)
>>> replace(s, doctrine=("aggressive", "cautious")).options
('E.1',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drydock.engine.choices import DEFAULT_DOCTRINE

if TYPE_CHECKING:  # pragma: no cover
    from drydock.core.fielding import ShipRules
    from drydock.core.rules import Ruleset
    from drydock.engine.ai import DoctrineChoice
    from drydock.engine.plans import PlanChoice
    from drydock.formats.houserules import HouseRules

#: 0.1: the book's smallest board, columns x rows (the same as :data:`drydock.engine.tables.BOARD`)
BOOK_BOARD = (32, 18)


@dataclass(frozen=True)
class BattleSettings:
    """Every setting of a battle, typed; the defaults are the core game of the book."""

    #: the turn limit; a battle still undecided after it is a draw (not a rule: the book plays to the VP target)
    turns: int = 20
    #: 0.1: the board, columns x rows (S.3 lengthens it, the Companion's CC.B1 extends it)
    board: tuple[int, int] = BOOK_BOARD
    #: 2.2: the battle size giving the VP target, or "auto" (a share of the larger side's CR)
    battle_size: str = "auto"
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
