"""S.3 The Chase: the long board and the set-up areas (the book's map is lost from the text).

The text: "The game board is 50% longer than that used in a standard scenario (p.12). The attacking side sets up
first, followed by the defending side, in the areas shown below"; "each defending starship that moves off the game
board via the edge opposite the attacking side awards VPs to the defending side"; the attacker "caught up to the
rear guard of an enemy convoy", the defender was "surprised ... from behind! Can you escape".

With the standard set-up areas at both short edges the defender would start at its own exit edge and the scenario
would be empty, so the areas cannot be the standard ones. Two readings (``play.scenarios.table``, key
``defender_setup``):

* ``rear-guard`` (S.3, the default): side A, the attacker, sets up within four hexes of its short (west) edge as
  in a standard game; side B, the defender, sets up second in the four columns directly ahead of it. The attacker
  has "caught up to the rear guard" and surprises the defender "from behind"; the board is longer because the
  defender must run its whole length under fire. A defender that starts out of reach of an attacker no faster than
  itself escapes every time (the middle reading with equal speeds), which the book's "These scenarios are
  balanced" rules out.
* ``middle`` (S.3a, the other reading): side B sets up in a band four columns deep across the middle of the long
  board: it must cross half the long board, with the attacker about half a standard board behind.

In both, the defender's ships head for the far (east) edge, the edge they score by, and the attacker's head after
them (east): the defender is fleeing when it is caught.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drydock.engine.hexgrid import from_offset, to_offset
from drydock.engine.options.host import OptionHost
from drydock.engine.tables import DEPLOY_DEPTH
from drydock.errors import DrydockError
from drydock.numbers import parse


def long_board(board: tuple[int, int], numbers: dict[str, Any]) -> tuple[int, int]:
    """S.3: "The game board is 50% longer": the board's length (its short edges apart: the columns) times
    ``board_length``, rounded up."""
    x = board[0] * Fraction(parse(numbers["board_length"]))
    width = -(-x.numerator // x.denominator)
    if width < 3 * DEPLOY_DEPTH:  # both set-up areas and room to run
        raise DrydockError(f"S.3 The Chase needs a board at least {3 * DEPLOY_DEPTH} columns long once lengthened "
                           f"({board[0]} columns give {width})")
    return width, board[1]


def defender_columns(long_width: int, numbers: dict[str, Any]) -> range:
    """The columns of the defender's set-up area on the long board (see the module docstring)."""
    if numbers["defender_setup"] == "rear-guard":
        return range(DEPLOY_DEPTH, 2 * DEPLOY_DEPTH)
    lo = (long_width - DEPLOY_DEPTH) // 2
    return range(lo, lo + DEPLOY_DEPTH)


def set_up(battle: OptionHost, numbers: dict[str, Any]) -> None:
    """Place the defender (side B) in its area, each ship at the image of side A's slot (front column first: the
    east-most, nearest the exit, since it sets up second and is fleeing), every ship heading east; logged."""
    cols = defender_columns(battle.m.board[0], numbers)
    defenders = [s for s in battle.ships if s.side == 1]
    for k, s in enumerate(defenders):
        c, row = to_offset(*battle.m.side_slots[1][k])  # its plan's slot as side A's: column DEPLOY_DEPTH-1 first
        s.q, s.r = from_offset(cols.start + c, row)
        s.heading = s.facing = 0
    battle.say(f"S.3 The Chase ({numbers['defender_setup']} set-up): board {battle.m.board[0]}x{battle.m.board[1]}; "
               f"side B sets up in columns {cols.start}-{cols.stop - 1} heading for the east edge")
    for s in defenders:
        battle.say(f"  {s.label} sets up at {battle.pos(s)}")


__all__ = ["defender_columns", "long_board", "set_up"]
