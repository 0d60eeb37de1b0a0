"""Appendix T's leagues: T.2 rotating campaigns and T.3 tournaments played game by game with fleets.

Pure data and rules, no I/O: the league file is :mod:`drydock.formats.league`, games fought by the engine and
the ``drydock league`` command's work :mod:`drydock.insight.league_run`. Each step is a function from a league
to a new league (:mod:`.rotation` T.2, :mod:`.knockout` T.3, :mod:`.supply` T.2(7)/(8)); ships, damage and
repair costs are the T.1 campaign's (:mod:`drydock.core.campaign`).
"""

from drydock.core.league.rules import LEAGUE_RULES, LeagueRules, quote
from drydock.core.league.state import Entrant, Game, League

__all__ = ["LEAGUE_RULES", "Entrant", "Game", "League", "LeagueRules", "quote"]
