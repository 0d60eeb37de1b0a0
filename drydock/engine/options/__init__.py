"""Optional rules (Appendices D, E, F), terrain (G) and scenarios (S) in battles.

:class:`InForce` is what a :class:`~drydock.engine.battle.Matchup` plays by beyond the core game (built once);
:class:`~drydock.engine.options.state.OptionState` is one battle's use of it, called from small hooks in
:mod:`drydock.engine.battle`. The core game has no ``InForce`` at all, so it pays nothing for options.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.core.rules.play_options import BY_SECTION, check_combination
from drydock.core.rules.play_rules import PlayRules
from drydock.engine.companion_options import CompanionOptions, companion_options
from drydock.engine.companion_play import check_sections
from drydock.engine.options import chase
from drydock.engine.options.long_range_fighters import LongRangeFighters
from drydock.engine.options.terrain import TerrainPiece, parse_terrain


class InForce:
    """The optional rules, scenario and terrain of a matchup, with their numbers from the ruleset."""

    def __init__(self, options: tuple[str, ...], scenario: str | None, terrain: tuple[str, ...], play: PlayRules
                 ) -> None:
        pieces = tuple(parse_terrain(t) for t in terrain)
        self.sections = check_combination(list(options), scenario, sorted({p.section for p in pieces}))
        check_sections(self.sections, play)  # the Captain's Companion's CC.* need --rules companion
        self.companion: CompanionOptions = companion_options(self.sections)  # D1, D3, D7: read once, here
        self.on = frozenset(self.sections)
        self.scenario = scenario and next(s for s in self.sections if s.startswith("S."))
        self.play = play
        self.numbers: dict[str, Any] = play["scenarios"]["table"][self.scenario] if self.scenario else {}
        if "asteroids" in self.numbers:  # S.5: "scatter a dozen asteroid markers" (G.1)
            pieces += (TerrainPiece("G.1", "asteroids", self.numbers["asteroids"]),)
        self.terrain: tuple[TerrainPiece, ...] = pieces
        #: D.7: each design's mirror image (an inverted ship), made once for the matchup's battles
        self.twins: dict[int, Any] = {}

    def board(self, board: tuple[int, int]) -> tuple[int, int]:
        """The board the scenario plays on (S.3: "50% longer", its row's ``board_length``), else ``board``."""
        return chase.long_board(board, self.numbers) if "board_length" in self.numbers else board

    def names(self) -> list[str]:
        """Each section in force with its name, e.g. ``E.1 Damage Control``; terrain with its spelling."""
        out = [f"{s} {BY_SECTION[s].name}" + (f" (board length x{self.numbers['board_length']})"
                                                if s == self.scenario and "board_length" in self.numbers else "")
               for s in self.sections if not s.startswith("G.")]
        out += [f"{p.section} {BY_SECTION[p.section].name} ({p.spec})" for p in self.terrain]
        return out

    def lrf_cr(self) -> int:
        """F.6: the CR of the long range fighter flights each side fields ("a combat rating ... of 60" each)."""
        return LongRangeFighters.side_cr(self)

    def vp_target(self, base: int, crs: tuple[int, int], auto: bool) -> int | None:
        """The scenario's VP target (None: S.1 scores none), scaled with the sides' CR when ``auto`` (Appendix S:
        "make sure both sides' fleet limits and the VP target are adjusted by the same factor")."""
        lrf = self.lrf_cr()
        if lrf and auto:  # F.6: each side's long range fighters count in its CR
            ratio = self.play.vp_target_ratio
            crs = (crs[0] + lrf, crs[1] + lrf)
            base = max(base, -(-max(crs) * ratio.numerator // ratio.denominator))
        if not self.scenario:
            return base
        target = self.numbers["vp_target"]
        if target is None:
            return None
        if not auto:
            return target
        la, lb = self.numbers["fleet_limits"]
        factor = max(Fraction(crs[0], la), Fraction(crs[1], lb))
        return max(1, -(-target * factor.numerator // factor.denominator))


__all__ = ["InForce"]
