"""G.6a Three-Dimensional Play with the doubled difference (``--terrain three-d-doubled``): G.6 with the other parse
of the range sentence, the hexes plus twice the altitude difference (:func:`~drydock.engine.options.altitude.
three_d_range`'s ``doubled``; the book's examples fix G.6's ``greater``). G.6 and G.6a exclude each other, so it is
G.6's rule naming its reading, not a variant replacing it."""

from __future__ import annotations

from drydock.engine.options.three_d import ThreeDimensionalPlay


class DoubledAltitudeRange(ThreeDimensionalPlay):
    section = "G.6a"
    reading = "doubled"


__all__ = ["DoubledAltitudeRange"]
