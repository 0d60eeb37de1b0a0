"""Damage marked on a ship's display-sheet tracks (1.2-1.5): boxes checked off, track by track.

A :class:`Marked` is what a player reads off a damaged ship's sheet between two battles (Appendix T
carries damage from one battle to the next): the number of checked boxes of the hull, engine, shield and
weapon tracks. The engine starts a ship from it (:mod:`drydock.engine.battle`, ``damage=``), the display
sheet prints it, a campaign keeps it (:mod:`drydock.core.campaign`).
"""

from __future__ import annotations

from dataclasses import dataclass

from drydock.errors import DrydockError

#: The tracks of a display sheet that take damage (1.2-1.5), in the order they are written.
TRACKS = ("hull", "engines", "shields", "weapons")


@dataclass(frozen=True)
class Marked:
    """Checked boxes of each track (0: undamaged)."""

    hull: int = 0
    engines: int = 0
    shields: int = 0
    weapons: int = 0

    def __post_init__(self) -> None:
        for name in TRACKS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise DrydockError(f"damage: {name} must be a whole number of boxes, at least 0 (not {value!r})")

    @property
    def any(self) -> bool:
        return any(getattr(self, name) for name in TRACKS)

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in TRACKS}

    def text(self) -> str:
        """``hull 2, engines 1`` (the tracks with checked boxes), or ``undamaged``."""
        parts = [f"{name} {getattr(self, name)}" for name in TRACKS if getattr(self, name)]
        return ", ".join(parts) or "undamaged"

    def check(self, boxes: dict[str, int], who: str) -> None:
        """Refuse more checked boxes than a track has (``boxes``: track -> boxes); a full hull is a lost ship."""
        for name in TRACKS:
            value, size = getattr(self, name), boxes.get(name, 0)
            if name == "hull" and value >= size > 0:
                raise DrydockError(f"{who}: {value} hull boxes checked of {size}: a ship with its hull track full "
                                   "is destroyed (4.5), not damaged")
            if value > size:
                raise DrydockError(f"{who}: {value} {name} boxes checked, but its {name} track has {size}")

    def repaired(self, tracks: tuple[str, ...]) -> Marked:
        """This damage with ``tracks`` cleared."""
        return Marked(**{name: 0 if name in tracks else getattr(self, name) for name in TRACKS})


def parse_marked(text: str, who: str = "damage") -> Marked:
    """``hull:2,engines:1`` (any order, any subset of the tracks; ``none``: undamaged) as a :class:`Marked`."""
    text = text.strip()
    if text.casefold() in ("", "none", "0"):
        return Marked()
    values: dict[str, int] = {}
    for part in text.split(","):
        name, sep, number = part.partition(":")
        name = name.strip().casefold()
        if not sep or name not in TRACKS:
            raise DrydockError(f"{who}: {part.strip()!r}: write TRACK:BOXES, a track of {', '.join(TRACKS)} "
                               "(e.g. hull:2,engines:1)")
        number = number.strip()
        if not (number.isascii() and number.isdigit()) or len(number) > 4:
            raise DrydockError(f"{who}: {part.strip()!r}: boxes are a whole number 0-9999")
        if name in values:
            raise DrydockError(f"{who}: the {name} track is named twice")
        values[name] = int(number)
    return Marked(**values)
