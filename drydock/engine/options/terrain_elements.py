"""Appendix G terrain acting on every element (issue 37): fighter flights, shuttles, seekers and minefields, the
deferred field dice of a hidden cloaked ship, and the black hole's pull on all of them; and the battle's terrain
table itself (:class:`TerrainElements`: the pieces placed once at set-up, the hexes the doctrine avoids), which
the terrain rules in force (G.1-G.5, one class each: :mod:`.terrain_rule`) share.

The text, and how it is read:

- Glossary: "Element: A term that includes both starships and fighter flights." C.4: "Rules that apply to fighters
  also apply to seekers, unless explicitly noted otherwise", and Appendix G notes no exception: seeker flights
  meet terrain as fighter flights do.
- G.1 Asteroid: "No element may (safely) enter a hex containing an asteroid; any that does so is immediately
  destroyed." G.2: "Any element that enters the event horizon is immediately destroyed." G.3: "No element may
  (safely) enter a hex containing a comet's nucleus". G.5: "No element may (safely) enter a hex within a planet".
  A flight entering such a hex along its path is removed with all its fighters or seekers (:meth:`small_entered`).
- G.1 Asteroid Field: "Each time a starship enters a hex within an asteroid field, roll a die; if the result is a 5
  or 6, a hit is scored on that ship. Fighter flights are similarly attacked, although they only suffer hits on
  rolls of 6. No modifiers are applied to these rolls." and "If an element enters a hex within two or more
  asteroid fields, the number of dice rolled is increased accordingly". Each hit destroys one fighter or seeker
  (5.4: "Each hit scored on a fighter flight automatically destroys one fighter"); a shuttle saves (B.20).
  The die is ``play.asteroid_field.hit_small``.
- G.1: "Ships currently under cloak (B.5: Cloaking Device, p.31) are subject to these attacks, although the
  effects are deferred until the ship either uncloaks or is detected." The dice are rolled as the hidden ship
  enters the hex; the hits' impact and damage rolls are made, and the damage marked, when it is next seen (at its
  next move after an uncloaking or a detection, or at the end of the Movement Phase it was detected in)
  (:meth:`ship_field`, :meth:`reveal`).
- G.1 / G.3 line of sight: "Starship weapons fired through an asteroid field incur a -1 penalty ... per hex in the
  field through which the line of sight (p.19) is traced"; blocking hexes block every attack. With 4.1's "always
  passes through the target's hex" (:meth:`~drydock.engine.options.terrain.Terrain.sight`) this applies to starship
  weapons fired at fighter flights, seekers and minefields as at ships (:meth:`sight`). A fighter's attack is not a
  starship weapon: terrain does not change it.
- G.2 pull: "During each End Phase, any element within a black hole's gravitational pull is moved towards the
  black hole ... Elements closest to the black hole should be moved first, with those further away moved in
  ascending order. If opposing elements are equidistant from the black hole, roll a die to determine which side
  moves its elements first." "An element cannot end this movement in a hex occupied by an opposing element. If
  this is unavoidable, the element must be moved another hex closer to the black hole." "If using B.15: Mines
  (p.34), minefields will also be pulled towards the black hole. If there is a choice between two hexes into which
  a minefield can be moved, roll a die to randomly determine its destination. As with elements, minefields are
  removed from the board once they cross the event horizon. Elements do not take damage during this process;
  minefields and elements are pulled along at the same rate." (:meth:`pull`). A seeker flight is moved as a
  flight; the hexes of opposing ships and fighter flights are the ones an element may not end in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drydock.engine.damage import apply_marked_damage
from drydock.engine.dice import d6
from drydock.engine.hazards import pull_after, pull_ends
from drydock.engine.hexgrid import DIRS, distance
from drydock.engine.movement import Orders, path_hexes
from drydock.engine.options.terrain import BLOCKED, Terrain, TerrainPiece, pull_distance, pull_step
from drydock.engine.seekers import SeekerFlight
from drydock.engine.ships import ShipState
from drydock.engine.small_craft import small_hits, surviving
from drydock.engine.systems import refresh_mines
from drydock.engine.tables import DEPLOY_DEPTH, FLARES_BLOCK

if TYPE_CHECKING:  # a type-only import: the battle calls these rules as a TableView (docs/architecture.md)
    from drydock.engine.table_view import TableView

Hex = tuple[int, int]


def pull_rows(play: Any, printed: bool = False) -> dict[str, list[int]]:
    """G.2's pull table under the reading in force: ``rows``, or with ``printed``'s rows (G.2a, or
    ``row_reading: printed`` in a house rule) in place of theirs."""
    pull = play["black_hole_pull"]
    rows: dict[str, list[int]] = dict(pull["rows"])
    if printed or pull.get("row_reading") == "printed":
        rows.update(pull.get("printed", {}))
    return rows


class TerrainElements:
    """The terrain of one battle (``pieces``, placed once by :meth:`place`) acting on ships, flights, seekers,
    minefields and hidden ships."""

    def __init__(self, battle: TableView, pieces: tuple[TerrainPiece, ...], play: Any) -> None:
        self.b = battle
        self.pieces = pieces
        self.t = Terrain()
        self.play = play
        self.rows = pull_rows(play)
        #: what the doctrine's path scoring avoids: (q, r) entering; (q, r, END) ending there (hazards)
        self.avoid_map: dict[tuple[int, ...], int] = {}
        #: hexes the next End Phase's pull carries into an event horizon (fighter flights do not end a move there)
        self.doomed: set[Hex] = set()
        #: G.1: ship uid -> [(hex name, hits)] rolled while hidden under cloak, not yet applied
        self.deferred: dict[int, list[tuple[str, int]]] = {}
        self.placed = False

    @property
    def nebula(self) -> bool:
        """G.4: the battle is fought inside a nebula."""
        return self.t.nebula

    # ------------------------------------------------------------ set-up
    def place(self) -> None:
        """Every piece, in the ``--terrain`` order, once (the first terrain rule's set-up): the hexes it holds, the
        doctrine's hazards, the log. A comet's tail follows the B.21 solar wind when a ship has sails (G.3)."""
        if self.placed:
            return
        self.placed = True
        b = self.b
        wind = next((s.wind for s in b.ships if s.wind is not None), None)
        self.t.place(self.pieces, b.rng, b.m.board, DEPLOY_DEPTH, self.play["comet"]["tail_length"], wind)
        for at, dice in self.t.avoid().items():  # (q, r) keys
            self.avoid_map[at] = dice
        for line in self.t.placed:
            b.say(f"terrain: {line}")

    def pull_table(self, printed: bool) -> None:
        """G.2 (``printed``: G.2a's reading of the pull table): the rows in force, the hexes the next pull carries
        into an event horizon, and the doctrine weighing the End Phase pull (:func:`~drydock.engine.hazards.
        pull_ends`)."""
        pull = self.play["black_hole_pull"]
        self.rows = pull_rows(self.play, printed)
        for hq, hr, size in self.t.holes:
            for d in range(size + 1, _PULL_REACH + 1):
                if pull_after(self.rows, pull["distances"], size, d) < 0:
                    self.doomed.update(x for x in _ring(hq, hr, d))
        if self.t.holes:
            self.avoid_map.update(pull_ends(self.t.holes, self.rows, pull["distances"]))

    # ------------------------------------------------------------ a ship's move
    def entered(self, s: ShipState, orders: Orders, q0: int, r0: int, h0: int) -> None:
        """G: the terrain of the hexes ``s`` entered along ``orders`` from (q0, r0, h0): destroyed, detected, or
        asteroid-field dice."""
        t = self.t
        if not s.alive:
            return
        if s.cloaked and not s.detected and (t.nebula or any((q0 + x, r0 + y) in t.murk
                                                             for x, y in path_hexes(orders, h0))):
            s.detected = True  # G.4: in a nebula "all cloaked starships are automatically detected"; G.3 coma, tail
            self.b.say(f"    {s.label} is detected by the {'nebula (G.4)' if t.nebula else 'comet (G.3)'}")
        self.reveal(s)  # G.1: hits deferred while hidden, once it uncloaked or was detected
        for x, y in path_hexes(orders, h0):
            at = (q0 + x, r0 + y)
            if at in t.deadly:
                self.b.destroy(s, f"destroyed entering {t.what.get(at, 'terrain')} at {self.b.hexname(*at)} (G)",
                               explode=False)
                return
            dice = t.fields.get(at, 0)
            if dice:  # G.1: a hidden cloaked ship's hits are deferred
                self.ship_field(s, at, dice)
                if not s.alive:
                    return

    # ------------------------------------------------------------ movement
    def small_entered(self, flight: Any, hexes: list[Hex]) -> bool:
        """A fighter flight, shuttle or seeker flight entering ``hexes`` in order: destroyed in an asteroid, planet,
        comet's nucleus or event horizon; a die per asteroid field, each ``hit_small`` kills one. False if the
        flight is gone."""
        b, t = self.b, self.t
        hit = self.play["asteroid_field"]["hit_small"]
        for at in hexes:
            if at in t.deadly:
                flight.count = 0
                flight.alive = False
                b.say(f"    {flight.label} enters {t.what.get(at, 'terrain')} at {b.hexname(*at)}: destroyed (G)")
                return False
            dice = t.fields.get(at, 0)
            if not dice:
                continue
            rolls = [d6(b.rng) for _ in range(dice)]
            hits = surviving(b.rng, flight, sum(1 for d in rolls if d >= hit))  # B.20: a shuttle saves
            flight.count -= min(hits, flight.count)
            b.say(f"    {flight.label} enters an asteroid field at {b.hexname(*at)} (G.1): dice {rolls} -> "
                  f"{flight.count} left")
            if flight.count <= 0:
                flight.alive = False
                return False
        return True

    def ship_field(self, s: ShipState, at: Hex, dice: int) -> None:
        """G.1: a starship entering a field hex: ``dice`` dice, hits on ``hit``; IMP 1 DMG 1 against the forward
        arc at once, or deferred while it is hidden under cloak."""
        b = self.b
        rolls = [d6(b.rng) for _ in range(dice)]
        hits = sum(1 for d in rolls if d >= self.play["asteroid_field"]["hit"])
        if s.hidden:
            b.say(f"    {s.label} enters an asteroid field at {b.hexname(*at)} under cloak: dice {rolls} -> {hits} "
                  "hits, deferred until it uncloaks or is detected (G.1)")
            if hits:
                self.deferred.setdefault(s.uid, []).append((b.hexname(*at), hits))
            return
        self._damage(s, hits, f"enters an asteroid field at {b.hexname(*at)}: dice {rolls} -> {hits} hits")

    def _damage(self, s: ShipState, hits: int, what: str) -> None:
        points, _ = small_hits(self.b.rng, s, hits, 0, self.t.nebula)  # G.1: the forward arc; G.4
        self.b.say(f"    {s.label} {what}, {points} impact")
        if hits and apply_marked_damage(s, self.b.log):
            self.b.destroy(s, "destroyed by an asteroid field (G.1)")

    def reveal(self, s: ShipState) -> None:
        """G.1: the deferred hits of ``s`` take effect once it is no longer hidden (uncloaked or detected)."""
        if s.uid not in self.deferred or s.hidden or not s.alive:
            return
        for where, hits in self.deferred.pop(s.uid):
            self._damage(s, hits, f"is seen: the deferred asteroid field hits at {where} take effect (G.1): "
                                  f"{hits} hits")
            if not s.alive:
                return

    def reveal_all(self) -> None:
        for s in self.b.ships:
            if s.uid in self.deferred:
                self.reveal(s)

    # ------------------------------------------------------------ line of sight
    def sight(self, ship: Any, target: Any) -> int:
        """G.1, G.3: the terrain penalty on a starship weapon's fire at ``target`` (a flight, seeker or minefield as
        well as a ship); ``FLARES_BLOCK`` when the line is blocked. 0 for a fighter's attack (not a starship
        weapon)."""
        if not isinstance(ship, ShipState):
            return 0
        pen = self.t.sight(ship.q, ship.r, target.q, target.r)
        return FLARES_BLOCK if pen == BLOCKED else pen

    def near(self, q: int, r: int, reach: int) -> bool:
        """Whether a deadly, doomed or field hex lies within ``reach`` hexes of (q, r): a flight's move can enter
        one."""
        t = self.t
        return any(distance(x - q, y - r) <= reach for x, y in t.deadly) or any(
            distance(x - q, y - r) <= reach for x, y in t.fields) or any(
            distance(x - q, y - r) <= reach for x, y in self.doomed)

    def hazards(self, mined: dict[Hex, int]) -> dict[Hex, int]:
        """What a fighter flight's path scoring counts: minefield dice and asteroid-field dice
        (:func:`~drydock.engine.fighters.mine_aware_choice`, which never takes a path into ``Terrain.deadly``)."""
        out = dict(mined)
        for x, n in self.t.fields.items():
            out[x] = out.get(x, 0) + n
        return out

    # ------------------------------------------------------------ G.2 the pull
    def pull(self) -> None:
        """G.2 (End Phase 5a): every element (ships, fighter flights, seekers) and every minefield within a black
        hole's pull moves toward its centre, nearest first."""
        pull = {"rows": self.rows, "distances": self.play["black_hole_pull"]["distances"]}
        for hq, hr, size in self.t.holes:
            self._pull_elements(hq, hr, size, pull)
            if self.b.minefields:
                self._pull_minefields(hq, hr, size, pull)

    def _pull_elements(self, hq: int, hr: int, size: int, pull: Any) -> None:
        b = self.b
        flights = [f for f in b.flights if f.alive and f.count > 0]
        elements: list[Any] = list(b.alive()) + flights

        def dist(e: Any) -> int:
            return distance(e.q - hq, e.r - hr)

        first = 0
        by_dist: dict[int, set[int]] = {}
        for e in elements:
            if pull_distance(pull["rows"], pull["distances"], size, dist(e)):
                by_dist.setdefault(dist(e), set()).add(e.side)
        if any(len(sides) > 1 for sides in by_dist.values()):  # "roll a die to determine which side moves first"
            roll = d6(b.rng)
            first = 0 if roll <= 3 else 1
            b.say(f"  G.2: opposing elements equidistant from the black hole: die {roll} -> side "
                  f"{'AB'[first]} moves first")
        elements.sort(key=lambda e: (dist(e), e.side != first, isinstance(e, ShipState) is False, e.uid))
        for e in elements:
            if not e.alive:
                continue
            n = pull_distance(pull["rows"], pull["distances"], size, dist(e))
            if n == 0:
                continue
            if n < 0:
                self._drawn_in(e)
                continue
            occupied = {(x.q, x.r) for x in b.alive(1 - e.side)} | {
                (f.q, f.r) for f in b.flights if f.alive and f.side != e.side and not isinstance(f, SeekerFlight)}
            start = (e.q, e.r)
            steps = 0
            while e.alive and (steps < n or (e.q, e.r) in occupied) and (e.q, e.r) != (hq, hr):
                e.q, e.r = pull_step(e.q, e.r, hq, hr, occupied, b.rng)
                steps += 1
                if (e.q, e.r) in self.t.deadly:
                    self._drawn_in(e)
            if e.alive:
                b.say(f"  {e.label} is pulled {steps} hexes toward the black hole (G.2): {b.hexname(*start)} -> "
                      f"{b.hexname(e.q, e.r)}")

    def _drawn_in(self, e: Any) -> None:
        if isinstance(e, ShipState):
            self.b.destroy(e, "drawn into a black hole (G.2)", explode=False)
        else:
            e.alive = False
            e.count = 0
            self.b.say(f"  {e.label} is drawn into a black hole (G.2)")

    def _pull_minefields(self, hq: int, hr: int, size: int, pull: Any) -> None:
        """"If there is a choice between two hexes into which a minefield can be moved, roll a die"."""
        b = self.b
        fields = sorted(b.minefields.items(), key=lambda kv: (distance(kv[0][0] - hq, kv[0][1] - hr), kv[0]))
        moved: dict[Hex, int] = {}
        layers: dict[Hex, int] = {}
        for (q, r), markers in fields:
            layer = b.mine_layers.get((q, r))
            n = pull_distance(pull["rows"], pull["distances"], size, distance(q - hq, r - hr))
            at: Hex | None = (q, r)
            if n < 0:
                at = None
            for _ in range(max(n, 0)):
                assert at is not None
                d0 = distance(at[0] - hq, at[1] - hr)
                steps = [(at[0] + dq, at[1] + dr) for dq, dr in DIRS if distance(at[0] + dq - hq, at[1] + dr - hr) < d0]
                at = steps[0] if len(steps) == 1 else steps[(d6(b.rng) - 1) * len(steps) // 6]
                if at in self.t.deadly:
                    at = None
                    break
            if at is None:
                b.say(f"  the minefield at {b.hexname(q, r)} ({markers} markers) crosses the event horizon: removed "
                      "(G.2)")
                continue
            if at != (q, r):
                b.say(f"  the minefield at {b.hexname(q, r)} is pulled toward the black hole (G.2) to "
                      f"{b.hexname(*at)}")
            moved[at] = moved.get(at, 0) + markers
            if layer is not None:
                layers.setdefault(at, layer)
        b.minefields = moved
        b.mine_layers = layers
        refresh_mines(b)


#: the farthest distance from a black hole's centre whose pull is looked at for :attr:`TerrainElements.doomed`
_PULL_REACH = 40


def _ring(q: int, r: int, d: int) -> list[Hex]:
    """The hexes exactly ``d`` from (q, r)."""
    out = []
    x, y = q + DIRS[4][0] * d, r + DIRS[4][1] * d
    for side in range(6):
        for _ in range(d):
            out.append((x, y))
            x, y = x + DIRS[side][0], y + DIRS[side][1]
    return out


__all__ = ["TerrainElements"]
