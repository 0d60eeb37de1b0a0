"""D.7 Rolls: a ship turns itself over, swapping its firing arcs and its port and starboard defensive arcs.

The text: "A starship intending to perform a roll records this fact at the beginning of its movement orders by
writing an "at" sign (@). A roll increases the ship's engine requirement by +3: each one-hexside turn included in
the ship's movement orders reduces this requirement by -1" (the requirement is
:func:`drydock.engine.movement.requirement`'s); "Once rolled, a ship remains inverted until it performs another
roll. The effect of a roll is to reverse the starship's firing arcs: [A] becomes [B]; [C] becomes [D]; [E] becomes
[F]; [H] becomes [I]; [J] becomes [K]; and vice versa. Port and starboard defensive arcs (p.30) are likewise
reversed"; "A starship may not perform a roll while it is cloaked ... or warming up its B.10: Hyperdrive".

An inverted ship is played as its design's mirror image (:func:`mirrored`): the same ship with every bank's arcs
swapped pair by pair and its port and starboard shields (B.7) and screens swapped, so combat, fighters and the
doctrine all see the swapped arcs without a check of their own. The doctrine rolls when the best order it can
give inverted scores better than the best it can give as it is (:meth:`Rolls.choose`): it brings its strongest or
least damaged side to bear where a turn would cost too much.
"""

from __future__ import annotations

import copy
from typing import Any

from drydock.engine.hexgrid import ARC_BIT, PORT, STBD
from drydock.engine.movement import Orders
from drydock.engine.options.doctrine_bridge import best_scored
from drydock.engine.ships import BankSpec, ShipSpec, ShipState
from drydock.engine.table_view import TableView

#: D.7: "[A] becomes [B]; [C] becomes [D]; [E] becomes [F]; [H] becomes [I]; [J] becomes [K]; and vice versa"
PAIRS = (("A", "B"), ("C", "D"), ("E", "F"), ("H", "I"), ("J", "K"))
#: D.7: "Port and starboard defensive arcs ... are likewise reversed" (Fwd and Aft stay)
DEFENSIVE_SWAP = {PORT: STBD, STBD: PORT}


def mirror_mask(mask: int) -> int:
    """The component-arc bit mask (A-L) with each D.7 pair swapped; G and L (dead ahead, dead astern) stay."""
    out = mask
    for a, b in PAIRS:
        ba, bb = ARC_BIT[a], ARC_BIT[b]
        out &= ~(ba | bb)
        out |= (bb if mask & ba else 0) | (ba if mask & bb else 0)
    return out


def mirror_defensive(mask: int) -> int:
    """A defensive-arc bit mask (bit k = defensive arc k) with port and starboard swapped."""
    out = mask & ~((1 << PORT) | (1 << STBD))
    for a, b in DEFENSIVE_SWAP.items():
        if mask & (1 << a):
            out |= 1 << b
    return out


def _swap_sides(values: Any) -> Any:
    """(fwd, port, stbd, aft) with port and starboard swapped (a tuple stays a tuple, a list a list)."""
    if values is None:
        return None
    out = list(values)
    out[PORT], out[STBD] = out[STBD], out[PORT]
    return tuple(out) if isinstance(values, tuple) else out


def mirrored(spec: ShipSpec) -> ShipSpec:
    """The design as an inverted ship plays it: every bank's arcs mirrored, port and starboard shields and
    screens swapped; everything else (tracks, CR, systems) the same."""
    twin = copy.copy(spec)
    banks = []
    for b in spec.banks:
        mb: BankSpec = copy.copy(b)
        mb.mask = mirror_mask(b.mask)
        mb.def_mask = mirror_defensive(b.def_mask)
        banks.append(mb)
    twin.banks = banks
    twin.shield_arcs = _swap_sides(spec.shield_arcs)
    twin.dir_screens = _swap_sides(spec.dir_screens)
    return twin


class Rolls:
    """The mirror images of a matchup's designs (made once, known to the doctrine's tables) and the doctrine's
    choice to roll."""

    def __init__(self, doctrine: Any, twins: dict[int, ShipSpec]) -> None:
        self.doctrine = doctrine
        self.twins = twins  # id(spec) -> its mirror image, both ways; kept by the matchup across battles
        self.inverted: set[int] = set()  # uids of the ships now inverted
        memo = getattr(doctrine, "_memo", None)
        if memo is not None:  # decisions of an earlier battle may have seen a ship inverted
            memo.clear()

    def twin(self, spec: ShipSpec) -> ShipSpec:
        got = self.twins.get(id(spec))
        if got is None:
            got = mirrored(spec)
            self.twins[id(spec)] = got
            self.twins[id(got)] = spec
            tables = getattr(self.doctrine, "tables", None)
            if tables is not None:  # expected damage by range and shield: the same for the mirror image, on
                # either side of every pair (a design against its own mirror image too: one ship of a mirror
                # match inverted, the other upright)
                for a, d in list(tables):
                    for x in ((a, id(got)) if a == id(spec) else (a,)):
                        for y in ((d, id(got)) if d == id(spec) else (d,)):
                            tables.setdefault((x, y), tables[(a, d)])
        return got

    def flip(self, s: ShipState) -> None:
        """Turn ``s`` over (or back): its design's mirror image, its port and starboard shields and screens
        (with their damage) swapped; an E.6 reinforcement of port or starboard goes with its shield."""
        s.spec = self.twin(s.spec)
        s.shield_arcs = _swap_sides(s.shield_arcs)
        s.dir_screens = _swap_sides(s.dir_screens)
        s.reinforced = DEFENSIVE_SWAP.get(s.reinforced, s.reinforced)

    def symmetric(self, s: ShipState) -> bool:
        """Whether ``s`` is its own mirror image as it stands (its live banks, shields and screens): then a roll
        changes nothing and the doctrine does not weigh one."""
        banks = sorted((b.mask, b.def_mask, s.bank_alive[i]) for i, b in enumerate(s.spec.banks) if s.bank_alive[i])
        twin = sorted((b.mask, b.def_mask, s.bank_alive[i]) for i, b in enumerate(self.twin(s.spec).banks)
                      if s.bank_alive[i])
        return banks == twin and all(v is None or v[PORT] == v[STBD] for v in (s.shield_arcs, s.dir_screens))

    def roll(self, battle: TableView, s: ShipState) -> None:
        """The ship has carried out "@/" orders: it is inverted (or upright again); logged. The doctrine's
        memoised decisions assumed the old arcs, so they are forgotten."""
        self.flip(s)
        self.inverted ^= {s.uid}
        memo = getattr(self.doctrine, "_memo", None)
        if memo is not None:
            memo.clear()
        battle.say(f"    {s.label} rolls (D.7): {'inverted' if s.uid in self.inverted else 'upright'}, "
                   f"arcs A/B, C/D, E/F, H/I, J/K and port/starboard swapped")

    def choose(self, s: ShipState, orders: Orders, enemies: list[ShipState], prev: int, cap: int, legal: Any,
               avoid: Any) -> Orders:
        """D.7 doctrine: the best order with a roll ("@/", scored with the arcs swapped) against the best without;
        roll when it scores better. ``legal(orders)`` is the option-aware legality (requirement + 3 - turns)."""
        if orders.prefixes or s.cloaked or s.warming or not enemies or self.symmetric(s):
            return orders
        plain = best_scored(self.doctrine, s, enemies, prev, cap, lambda o: legal(o), avoid)
        self.flip(s)
        try:
            rolled = best_scored(self.doctrine, s, enemies, prev, cap,
                                 lambda o: legal(Orders(o.steps, o.pivot, ("@",))), avoid)
        finally:
            self.flip(s)
        if rolled is None:
            return orders
        if plain is None or rolled[1] > plain[1] + 1e-9 * max(1.0, abs(plain[1])):
            return Orders(rolled[0].steps, rolled[0].pivot, ("@",))
        return orders


__all__ = ["PAIRS", "Rolls", "mirror_defensive", "mirror_mask", "mirrored"]
