"""G.2a Black Holes, size 5 as printed (``--terrain black-hole-printed[:SIZE]``): G.2 with the other reading of its
pull table, the printed size 5 row (``play.black_hole_pull.printed``) in place of the one that continues size 4's."""

from __future__ import annotations

from drydock.engine.options.black_hole import BlackHole


class PrintedBlackHole(BlackHole):
    section = "G.2a"
    printed = True


__all__ = ["PrintedBlackHole"]
