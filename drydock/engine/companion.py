"""Play rules of the Captain's Companion (2025), as small pure functions for the engine to call.

Each function is the rule text made exact and is tested against it (tests/test_engine_companion.py);
randomness comes in as the dice already rolled. Battles play the Companion through
:mod:`drydock.engine.companion_play` (which calls :func:`enveloping_hits` and :func:`persistent_phase`, and keeps its
numbers in the ruleset's ``play.companion`` table).

- D1 engagement limit (optional): :func:`may_engage`.
- D3 alternate damage table (optional): :data:`ALTERNATE_DAMAGE`, :func:`alternate_damage`.
- D5.1 Proximity 0-3: :func:`proximity_radius`; Enveloping 0-3: :func:`enveloping_hits`.
- D5.2 Scattershot: :func:`scattershot_damage`.
- D5.3 Persistent: :func:`persistent_tallies`, :func:`persistent_phase`; Deadly: :func:`deadly_state`.
- D7.2 random damage allocation: :func:`drydock.dac.shift`; D7.3 repair: :func:`repair`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

FACINGS = ("fwd", "port", "stbd", "aft")

#: D3: "ROLL DAMAGE RESULT 1 Hull & Engine 2 Engine & Weapon 3 Hull & Weapon 4 Weapon & System
#: 5 Hull & System 6 Engine & System"
ALTERNATE_DAMAGE: dict[int, tuple[str, str]] = {
    1: ("hull", "engines"), 2: ("engines", "weapons"), 3: ("hull", "weapons"),
    4: ("weapons", "systems"), 5: ("hull", "systems"), 6: ("engines", "systems"),
}

#: D1: "combined combat rating is more than three times its own"
ENGAGEMENT_FACTOR = 3


def alternate_damage(rolls: Iterable[int]) -> Counter[str]:
    """Boxes crossed per track for these damage dice under the D3 alternate table (two per die)."""
    out: Counter[str] = Counter()
    for roll in rolls:
        out.update(ALTERNATE_DAMAGE[roll])
    return out


def may_engage(target_cr: int, engaged_crs: Sequence[int], attacker_cr: int) -> bool:
    """D1: may a ship of ``attacker_cr`` fire at a target already attacked by ships of ``engaged_crs``?
    "it may not declare any weapons fire against a target that has already reached this limit": the
    combined CR, with the new attacker, may not exceed three times the target's."""
    return sum(engaged_crs) + attacker_cr <= ENGAGEMENT_FACTOR * target_cr


def proximity_radius(level: int) -> int:
    """D5.1: Proximity N attacks every element within N hexes of the target hex (0: the hex itself)."""
    if level not in (0, 1, 2, 3):
        raise ValueError(f"Proximity level {level} is not 0-3")
    return level


def enveloping_hits(level: int, hits: int, normal: str, chosen: Sequence[str] = ()) -> dict[str, int]:
    """D5.1: the hits each defensive facing takes from a volley of Enveloping ``level`` weapons.

    0: "Half of this total (rounded up) is applied to the normal defensive facing; the remainder is
    applied as evenly as possible to the other three facings" (an uneven remainder goes to the facings
    in ``chosen`` order, else the book order fwd, port, stbd, aft). 1 and 2: full hits on the normal
    facing and on the one or two facings the attacker ``chosen``; 3: full hits on every facing.
    """
    others = [f for f in (list(chosen) + [f for f in FACINGS if f not in chosen]) if f != normal]
    out = dict.fromkeys(FACINGS, 0)
    if level == 0:
        out[normal] = -(-hits // 2)
        rest = hits - out[normal]
        for i, facing in enumerate(others):
            out[facing] = rest // 3 + (1 if i < rest % 3 else 0)
        return out
    if level not in (1, 2, 3):
        raise ValueError(f"Enveloping level {level} is not 0-3")
    picked = others[:level] if level < 3 else others
    if level < 3 and len([f for f in chosen if f != normal]) < level:
        raise ValueError(f"Enveloping {level} needs {level} facing(s) chosen besides the normal one")
    for facing in (normal, *picked):
        out[facing] = hits
    return out


def scattershot_damage(dice: Iterable[int], target: int) -> int:
    """D5.2: the penetration roll uses hits x DMG dice; "each die that equals or exceeds the target number
    inflicts a single point of damage"."""
    return sum(1 for d in dice if d >= target)


def persistent_tallies(damage_rolls: Iterable[int], armored: bool = False) -> int:
    """D5.3: a tally mark for each odd damage roll (against Armored targets a 1 adds none)."""
    return sum(1 for r in damage_rolls if r % 2 == 1 and not (armored and r == 1))


def persistent_phase(tallies: int, rolls: Sequence[int], armored: bool = False) -> int:
    """D5.3: at the start of a Combat Phase roll one die per tally; "Erase one tally mark for each even
    damage roll result" (against Armored targets a 1 erases one too). Returns the tallies left."""
    if len(rolls) != tallies:
        raise ValueError(f"{tallies} tally marks roll {tallies} dice, not {len(rolls)}")
    erased = sum(1 for r in rolls if r % 2 == 0 or (armored and r == 1))
    return tallies - erased


def deadly_state(boxes: int, crossed: int, deadly: int, deadly_crossed: int = 0) -> str:
    """D5.3 Deadly: "@" boxes fill the hull track; every box crossed or "@": disabled; every "@"
    crossed too (further hull damage overlaps it): destroyed. Returns "active", "disabled" or "destroyed"."""
    if crossed + deadly < boxes:
        return "active"
    if deadly == 0 or deadly_crossed >= deadly:
        return "destroyed"
    return "disabled"


def repair(crossed: set[int], location: int) -> set[int]:
    """D7.3: a box regained on the track erases the line through one chosen DAC location."""
    if location not in crossed:
        raise ValueError(f"DAC location {location} is not crossed")
    return crossed - {location}
