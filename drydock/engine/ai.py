"""The doctrines: simple deterministic AIs (issues 6 and 14), ``aggressive`` and ``cautious`` (:data:`DOCTRINES`).

Each side flies by its own doctrine (:func:`doctrine_pair`: one for both sides, or one per side); the
matchup's :class:`Doctrine` looks up the style of a ship's side, so swapping the sides swaps the doctrines too.

- Each matchup precomputes, per bank, the expected damage of one mount against each enemy design at
  every range and shield rating (best mode per cell: dual-mode weapons choose the better mode, C.2):
  :mod:`~drydock.engine.expectations`.
- Movement (this module): from its legal orders (engine requirement 3.2-3.4, optionally one booster B.3;
  the menu and the braking arithmetic: :mod:`~drydock.engine.orders_menu`) a ship
  picks the one whose end position scores best against the enemies' predicted positions (they are
  assumed to continue straight at their current speed): its own expected damage from its batteries
  in arc, minus the enemy's expected damage against the shield arc it presents, minus a penalty for
  being away from its preferred range (the range where its own expected damage most exceeds the
  enemy's, weighted by the doctrine's ``threat``) now and, braking as hard as it can, next turn (so it
  does not overshoot its band), minus the expected damage of minefields on its path (B.15), minus a
  large penalty for each hex its stopping distance (3.2) runs past the board edge - reckoned with the
  engine rating it would have after losing the doctrine's margin of engine boxes, or the boxes the
  enemy's expected fire at that position could take, plus one turn of drift.
- Fire (:mod:`~drydock.engine.targeting`, mixed into :class:`Doctrine`): each battery fires at the target
  where its banks together do the most expected damage.

A side may fly a plan (:mod:`~drydock.engine.plans`): the plan replaces the preferred range and the cloak rule;
the rest of the doctrine is unchanged. No randomness: ties go to the first candidate in a fixed order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from drydock.engine.choices import DEFAULT_DOCTRINE
from drydock.engine.doctrine_kit import DoctrineKit, FireMemo, Row, RowsEntry
from drydock.engine.equipment import working
from drydock.engine.expectations import MatchTables, bank_rows
from drydock.engine.hazards import DEADLY, END, at_horizon, pulled_to
from drydock.engine.hexgrid import DIRS, GEOMETRY
from drydock.engine.movement import Orders, execute, path_hexes
from drydock.engine.orders_menu import (
    DRIFT_RESERVE,
    NEED,
    boosted_moves,
    candidate_moves,
    candidate_reach,
    margin_boxes,
    stopping_distance,
)
from drydock.engine.plans import CLOAK_ALWAYS, Plan, PlanChoice, plan_pair
from drydock.engine.ships import ShipSpec, ShipState
from drydock.engine.targeting import Targeting

RANGE_PENALTY = 0.15  # per hex away from the preferred range, x the ship's best expected damage
EDGE_PENALTY = 100.0
BOOSTER_COST = 0.05
MINE_DIE_VALUE = 0.3  # expected damage value of one mine die at a ship (1/3 hit x impact x damage), doubled
MEMO_LIMIT = 200_000
#: G.2: turns after the next End Phase's pull that the doctrine follows a ship still in the pull (Doctrine.doomed)
PULL_LOOKAHEAD = 2
#: The doctrine's scoring records, typed so that the compiled engine (hatch_build.py) keeps their numbers unboxed.
#: what scoring needs of one enemy (:meth:`Doctrine.context`): its predicted q, r and facing, my rows against it,
#: its rows against me, the range penalty and preferred range (the nearest enemy; else 0.0 and -1), its shields,
#: its long range sensors (B.13), the two fire memos and the longest reach of either side
EnemyInfo = tuple[int, int, int, list[Row], list[Row], float, int, list[int], bool, FireMemo, FireMemo, int]
#: an end pose: (orders or None, boosters fired, q, r, heading, facing, speed, room ahead)
Pose = tuple[Any, int, int, int, int, int, int, int]
#: two turns ahead: the nearest enemy's q and r, the weight of the range penalty, the preferred range
Far = tuple[int, int, float, int]
#: the engine rating after the planned losses (by boxes lost), and the doctrine's fire margin
Margin = tuple[tuple[int, ...], float]
#: :meth:`Doctrine.context`: (enemy infos, far, margin, my shields, my engine rating)
Context = tuple[list[EnemyInfo], Far, Margin, list[int], int]
#: weight of the range penalty two turns ahead (coasting on at the slowest reachable speed)
OVERSHOOT_WEIGHT = 0.6


@dataclass(frozen=True)
class Style:
    """One deterministic doctrine: how much it fears the enemy's fire and how much engine it keeps in hand."""

    name: str
    #: weight of the enemy's expected fire against the arc the ship presents (own fire weighs 1)
    threat: float
    #: share of its remaining engine boxes (beyond the last) the ship plans to lose without being carried
    #: off the board: its stopping distance is reckoned with the engine rating it would have after losing
    #: that share (at least one box; one heavy turn can check most of a track)
    margin: float
    #: engine boxes planned lost per point of the enemy's expected fire value at the end position (about
    #: 1/6 of the damage points it does, 4.4, times a safety factor); may plan for the whole track
    fire_margin: float
    #: boosters (B.3) may be fired for a better position
    boosters: bool
    #: a ship with a hyperdrive warms it up (B.10) once its hull is down to this share
    jump_hull: float


#: The doctrines a battle can be fought with (``--doctrine``, or one per side: ``--doctrine-a/-b``).
DOCTRINES: dict[str, Style] = {
    "aggressive": Style("aggressive", threat=1.0, margin=1.0, fire_margin=0.5, boosters=True, jump_hull=0.25),
    "cautious": Style("cautious", threat=1.6, margin=1.0, fire_margin=0.8, boosters=False, jump_hull=0.4),
}
#: a doctrine for both sides (a name or a :class:`Style`), or one per side (A, B)
DoctrineChoice = str | Style | tuple[str | Style, str | Style] | list[str | Style]


def doctrine_pair(choice: DoctrineChoice) -> tuple[Style, Style]:
    """The styles of side A and side B: one doctrine for both, or a pair (A, B). Unknown names are a KeyError."""
    if isinstance(choice, str | Style):
        choice = (choice, choice)
    a, b = choice
    return (DOCTRINES[a] if isinstance(a, str) else a, DOCTRINES[b] if isinstance(b, str) else b)


def doctrine_label(choice: DoctrineChoice) -> str:
    """How a report names the doctrines: ``aggressive`` (both sides), or ``A cautious, B aggressive``."""
    a, b = doctrine_pair(choice)
    return a.name if a == b else f"A {a.name}, B {b.name}"
class Everywhere:
    """The hexes of a floating board (D.4): all of them."""

    def __contains__(self, cell: object) -> bool:
        return True


class Doctrine(Targeting):
    """The AI for all ships of a battle (deterministic), with each side's doctrine (:attr:`styles`)."""

    def __init__(self, specs: list[ShipSpec], board: tuple[int, int], floating: bool = False,
                 style: DoctrineChoice = DEFAULT_DOCTRINE, plan: PlanChoice = None, kit: DoctrineKit | None = None
                 ) -> None:
        #: the style of each side's ships (``ship.side`` 0 = A, 1 = B)
        self.styles = doctrine_pair(style)
        #: each side's plan (:mod:`~drydock.engine.plans`); None: the doctrine's own preferred range and cloak rule
        self.plans = plan_pair(plan)
        self.board = board
        self.floating = floating
        if kit is None or not kit.fits(specs, board, floating):
            kit = DoctrineKit(specs, board, floating)
        #: what this doctrine shares with the other match-ups of the same designs and board (:class:`DoctrineKit`)
        self.kit = kit
        self.cells: frozenset | Everywhere = kit.cells
        self.run: dict[tuple[int, int, int], int] = kit.run  # hexes from each hex to the edge along each direction
        if floating:  # D.4: the board floats with the ships; no hex is off it
            self.cells = Everywhere()
        # this match-up's own copy: D.7 adds the mirror images' entries to it
        self.tables: dict[tuple[int, int], MatchTables] = dict(kit.tables)
        self._pref: dict[tuple[int, int, float, Plan | None], int] = {}  # (id me, id enemy, threat, plan)
        #: fighter moves that stay on the board, by (q, r, heading, MA) (fighters.board_ends)
        #: (q, r, heading, MA, 1 for S.9's "no turns" else 0)
        self.fighter_ends: dict[tuple[int, int, int, int, int], tuple[tuple[int, int, int], ...]] = {}
        self.fighter_first: dict[tuple[int, int, int, int, int], dict[tuple[int, int], tuple[int, int]]] = {}
        self.fighter_approach: dict[tuple, tuple[tuple[int, int, int], ...]] = {}
        self._memo: dict[tuple, tuple[Orders, int]] = {}
        self._declared = {}  # Targeting.declare's memo
        self._fire_cache = kit.fire_cache
        self._rows_memo = kit.rows_memo  # :meth:`_rows`
        self._picked = kit.picked  # :meth:`_menu`, by the ship's pose, speed and engine

    def table(self, att: ShipSpec, dfn: ShipSpec) -> MatchTables:
        return self.tables[(id(att), id(dfn))]

    def preferred_range(self, me: ShipSpec, enemy: ShipSpec, side: int = 0) -> int:
        """The range where my expected damage most exceeds the enemy's, weighted by the ``threat`` of my
        side's doctrine (ties: the more damage, then longer); with a plan for my side, the plan's range."""
        style = self.styles[side]
        plan = self.plans[side]
        key = (id(me), id(enemy), style.threat, plan)
        if key not in self._pref:
            mine = self.table(me, enemy).by_range
            theirs = self.table(enemy, me).by_range
            if plan is not None:
                self._pref[key] = plan.target_range(mine, theirs)
                return self._pref[key]
            n = max(len(mine), len(theirs))
            best, pr = None, 1
            for r in range(1, n):
                a = mine[r] if r < len(mine) else 0.0
                b = theirs[r] if r < len(theirs) else 0.0
                k = (round(a - style.threat * b, 9), round(a, 9), r)
                if best is None or k > best:
                    best, pr = k, r
            self._pref[key] = pr
        return self._pref[key]

    # ------------------------------------------------------------ movement
    def choose_orders(self, ship: ShipState, enemies: list[ShipState], mined: dict | None = None
                      ) -> tuple[Orders, int]:
        """(orders, boosters fired) for ``ship`` this turn: the best-scoring end position.

        Decisions are memoised on everything they depend on (the doctrine is deterministic), so
        the identical opening turns of many runs of one matchup are computed once.
        """
        if not enemies:
            return (Orders((ship.speed,)) if ship.speed else Orders()), 0
        warm = self._warm(ship)
        key = (_state_key(ship, warm), tuple(_enemy_key(e) for e in enemies),
               tuple(sorted(mined.items())) if mined else None)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if len(self._memo) > MEMO_LIMIT:
            self._memo.clear()
        if len(self._fire_cache) > MEMO_LIMIT // 10:
            self._fire_cache.clear()
            self._rows_memo.clear()
        result = self._choose(ship, enemies, mined, warm)
        self._memo[key] = result
        return result

    def context(self, ship: ShipState, enemies: list[ShipState], predict: bool = True) -> Context:
        """What the scoring of ``ship``'s poses needs: per-enemy tables and poses (``predict``: where each
        enemy will be if it goes on straight; else where it is now), the two-turns-ahead range target,
        the engine margin, my shields and engine rating."""
        spec = ship.spec
        style = self.styles[ship.side]
        q0, r0 = ship.q, ship.r
        seen = []
        nearest = -1
        nearest_key = (0, 0)
        for k, e in enumerate(enemies):
            eq, er_, ef = _predict(e) if predict else (e.q, e.r, e.facing)
            d0 = _dist(q0, r0, eq, er_)
            seen.append((eq, er_, ef))
            if nearest < 0 or (d0, e.uid) < nearest_key:
                nearest, nearest_key = k, (d0, e.uid)
        assert nearest >= 0
        ne = enemies[nearest]
        pref = self.preferred_range(spec, ne.spec, ship.side)
        penalty = RANGE_PENALTY * (self.table(spec, ne.spec).best + 0.1)
        infos: list[EnemyInfo] = []
        for k, e in enumerate(enemies):
            eq, er_, ef = seen[k]
            mine, theirs, ocache, dcache, reach = self._rows(ship, e)
            near = k == nearest
            infos.append((eq, er_, ef, mine, theirs, penalty if near else 0.0, pref if near else -1,
                          [e.shield(a) for a in range(4)], e.lrs, ocache, dcache, reach))
        # two turns ahead: the nearest enemy goes on straight; I coast at the slowest speed I can reach
        nq, nr, _ = seen[nearest]
        far = (nq + DIRS[ne.heading][0] * ne.speed, nr + DIRS[ne.heading][1] * ne.speed, penalty * OVERSHOOT_WEIGHT,
               pref)
        margin = (self._ratings(spec.engine_track, ship.eng_hits, style.margin), style.fire_margin)
        return infos, far, margin, [ship.shield(a) for a in range(4)], ship.engine_rating

    def _rows(self, ship: ShipState, e: ShipState) -> RowsEntry:
        """(my live banks' rows against ``e``, its rows against me, the fire memos of both, the longest reach):
        the per-enemy part of :meth:`context`, memoised on the designs and the live mounts."""
        spec, e_spec = ship.spec, e.spec
        key = (spec, e_spec, tuple(ship.bank_alive), tuple(e.bank_alive))
        rows = self._rows_memo.get(key)
        if rows is None:
            if len(self._rows_memo) > MEMO_LIMIT // 10:
                self._rows_memo.clear()
            mine = bank_rows(ship, self.table(spec, e_spec))
            theirs = bank_rows(e, self.table(e_spec, spec))
            ocache = self._fire_cache.setdefault((spec, e_spec, key[2]), {})
            dcache = self._fire_cache.setdefault((e_spec, spec, key[3]), {})
            reach = max((len(row) for *_, row in mine + theirs), default=0)
            rows = self._rows_memo[key] = (mine, theirs, ocache, dcache, reach)
        return rows

    @staticmethod
    @cache
    def _ratings(track: tuple[int, ...], hits: int, share: float) -> tuple[int, ...]:
        """The engine rating after the planned losses (:func:`margin_boxes`), by the boxes the enemy's fire
        could take (index: boxes)."""
        boxes = margin_boxes(track, hits, share)
        return tuple(track[k] if k < len(track) else 0 for k in (hits + max(boxes, p) for p in range(len(track) + 1)))

    def score_pose(self, ship: ShipState, ctx: Context, q: int, r: int, h: int, f: int, speed: int) -> float:
        """The doctrine's score of ``ship`` ending at (q, r) with heading ``h``, facing ``f`` and ``speed``."""
        infos, far, margin, my_shields, er = ctx
        return self._score(ship.lrs, my_shields, q, r, h, f, speed, infos, self.styles[ship.side].threat, margin, er,
                           far)

    def _warm(self, ship: ShipState) -> bool:
        """B.10: a crippled ship with a working hyperdrive warms it up (or goes on warming it up)."""
        return bool(ship.spec.hyperdrive) and (
            ship.warming or ship.hull_left <= self.styles[ship.side].jump_hull * ship.spec.hull) \
            and working(ship, "Hyperdrive") > 0

    def _choose(self, ship: ShipState, enemies: list[ShipState], mined: dict | None = None,
                warm: bool | None = None) -> tuple[Orders, int]:
        style = self.styles[ship.side]
        q0, r0 = ship.q, ship.r
        infos, far, margin, my_shields, er = self.context(ship, enemies)
        if warm is None:
            warm = self._warm(ship)
        # B.10: warming up, the ship goes straight ahead only, without boosters
        boosts = 1 + (1 if ship.boosters_left > 0 and style.boosters and not warm else 0)
        heading = ship.heading
        pkey = (q0, r0, ship.speed, ship.prev_slips, er, heading, boosts, warm)
        picked = self._picked.get(pkey)
        if picked is None:
            if len(self._picked) > MEMO_LIMIT // 10:
                self._picked.clear()
            picked = self._picked[pkey] = self._menu(ship, er, boosts, warm)
        scores = self._scores(ship.lrs, my_shields, picked, infos, style.threat, margin, er, far)
        best = None
        best_score = 0.0
        best_doom = 0
        trapped: dict[tuple, bool] = {}
        for (orders, boost, q, r, h, _f, v, _room), score in zip(picked, scores, strict=True):
            score -= BOOSTER_COST * boost
            doom = 0  # G.2: 2 drawn in by this End Phase's pull, 1 held by the pull until it is (Doctrine.doomed)
            if mined:  # B.15: every hex entered next to a minefield is an attack with its dice; G terrain
                score -= MINE_DIE_VALUE * sum(mined.get((q0 + x, r0 + y), 0) for x, y in path_hexes(orders, heading))
                end = mined.get((q, r, END), 0)  # G.2: where the End Phase pull takes it
                if end >= DEADLY:
                    doom = 2
                elif end and (self.doomed(mined, q, r, h, v, orders, er, trapped)
                              or self.blocked(mined, q, r, enemies)):
                    doom = 1
                score -= MINE_DIE_VALUE * end
            # a pose the pull dooms is taken only when every pose is (the least doomed first): nothing outweighs it
            if best is None or doom < best_doom or (doom == best_doom and score > best_score):
                best, best_score, best_doom = (orders, boost), score, doom
        if best is None:
            return (Orders((ship.speed,)) if ship.speed else Orders()), 0
        if warm:
            if best_doom and er > 0:  # B.10 warm-up flies straight on: not into the pull, when turning gets away
                other = self._choose(ship, enemies, mined, False)
                if other[0] != best[0]:
                    return other
            return Orders(best[0].steps, best[0].pivot, ("H",)), 0
        return best

    @staticmethod
    def blocked(hazards: dict, q: int, r: int, enemies: list[ShipState]) -> bool:
        """G.2: would the pull leave a ship ending at (q, r) next to the event horizon, where an enemy that could
        end its move as near the hole (within its speed and engine rating) may be pulled into that hex first, so
        that the ship is pulled on into the horizon (:func:`~drydock.engine.hazards.at_horizon`)?"""
        pq, pr = pulled_to(hazards, q, r)
        if not at_horizon(hazards, pq, pr):
            return False
        return any(_dist(e.q, e.r, q, r) <= e.speed + e.engine_rating + 1 for e in enemies)

    def doomed(self, hazards: dict, q: int, r: int, heading: int, speed: int, orders: Orders, er: int,
               memo: dict[tuple, bool] | None = None, depth: int = PULL_LOOKAHEAD) -> bool:
        """G.2: is a ship ending its move at (q, r) with ``heading`` and ``speed`` after ``orders`` (a hex the End
        Phase pull does not draw it in from) unable to get out of the pull within ``depth`` + 1 more turns? It gets
        out with orders (engine rating ``er``) that end outside every pull, each turn's orders staying on the board,
        entering no deadly hex and ending nowhere the pull draws it in (:func:`~drydock.engine.hazards.pulled_to`
        follows the pull, the ``END`` hazards of :func:`~drydock.engine.hazards.pull_ends` say where it pulls)."""
        pq, pr = pulled_to(hazards, q, r)
        sl = orders.slips
        slips = (sl.count("L"), sl.count("R"))
        memo = {} if memo is None else memo
        key = (pq, pr, heading, speed, slips, er, depth)
        if key in memo:
            return memo[key]
        memo[key] = True  # a cycle of pulled poses does not get away
        cells = self.cells
        pulled = []
        for o, waypoints, dq, dr, h, _f, v in candidate_moves(speed, slips, er, heading):
            end = hazards.get((pq + dq, pr + dr, END), 0)
            if end >= DEADLY:
                continue
            if not self.floating and any((pq + x, pr + y) not in cells for x, y in waypoints):
                continue
            if any(hazards.get((pq + x, pr + y), 0) >= DEADLY for x, y in path_hexes(o, heading)):
                continue
            if not end:
                memo[key] = False
                return False
            pulled.append((o, pq + dq, pr + dr, h, v))
        out = depth <= 0 or all(self.doomed(hazards, x, y, h, v, o, er, memo, depth - 1) for o, x, y, h, v in pulled)
        memo[key] = out
        return out

    def _menu(self, ship: ShipState, er: int, boosts: int, warm: bool) -> list[Pose]:
        """The poses :meth:`_choose` scores: (orders, boost, q, r, heading, facing, speed, room ahead) of each order
        of the menu (3.2; with a booster, B.3) that keeps the ship on the board (B.10: warming up, straight ahead
        only); memoised on its arguments and the ship's pose and speed (:attr:`_picked`)."""
        q0, r0 = ship.q, ship.r
        heading = ship.heading
        cells = self.cells
        run = self.run
        floating = self.floating
        # hexes from the start to the nearest board edge: menus that reach no farther need no board check
        col0 = q0 + (r0 - (r0 & 1)) // 2
        free = min(r0, self.board[1] - 1 - r0, col0, self.board[0] - 1 - col0)
        picked: list[tuple] = []
        for boost in range(boosts):
            inside = not floating and free >= candidate_reach(ship.speed, ship.prev_slips, er + boost, heading)
            # with a booster: only the end poses the menu without it does not reach (the first in order wins)
            menu = boosted_moves if boost else candidate_moves
            for orders, waypoints, dq, dr, h, f, speed in menu(ship.speed, ship.prev_slips, er, heading):
                if warm and (orders.pivot or len(waypoints) > 1 or h != heading):
                    continue
                q, r = q0 + dq, r0 + dr
                if floating:
                    picked.append((orders, boost, q, r, h, f, speed, 0))
                    continue
                if inside:
                    picked.append((orders, boost, q, r, h, f, speed, run[(q, r, h)]))
                    continue
                for x, y in waypoints:
                    if (q0 + x, r0 + y) not in cells:
                        break
                else:
                    picked.append((orders, boost, q, r, h, f, speed, run[(q, r, h)]))
        return picked

    def outgunned(self, ship: ShipState, orders: Orders | None, enemies: list[ShipState]) -> bool:
        """The exchange of fire at the end of ``orders`` (None: where the ship is) is not in the ship's favour:
        its expected fire <= the doctrine's threat weight x the enemy's (when to cloak B.5, launch flares B.9)."""
        if orders is None:
            q, r, h, f = ship.q, ship.r, ship.heading, ship.facing
        else:
            q, r, h, f, _ = execute(orders, ship.q, ship.r, ship.heading)
        if (q, r) not in self.cells:
            return False
        infos, far, margin, my_shields, er = self.context(ship, enemies)
        both = self._score(ship.lrs, my_shields, q, r, h, f, 0, infos, 0.0, margin, er, far)
        theirs = both - self._score(ship.lrs, my_shields, q, r, h, f, 0, infos, 1.0, margin, er, far)
        unarmed: list[EnemyInfo] = [(eq, er_, ef, [], theirs, pen, pref, shields, e_lrs, {}, dcache, reach)
                                    for eq, er_, ef, _, theirs, pen, pref, shields, e_lrs, _, dcache, reach in infos]
        mine = both - self._score(ship.lrs, my_shields, q, r, h, f, 0, unarmed, 0.0, margin, er, far)
        return mine <= self.styles[ship.side].threat * theirs

    def wants_cloak(self, ship: ShipState, orders: Orders, enemies: list[ShipState]) -> bool:
        """Whether ``ship`` (with a cloaking device, B.5) cloaks with ``orders``: by its side's plan, else when
        :meth:`outgunned`."""
        plan = self.plans[ship.side]
        if plan is not None and plan.cloak != "outgunned":
            return plan.cloak == CLOAK_ALWAYS
        return self.outgunned(ship, orders, enemies)

    def can_stay(self, ship: ShipState, boost: int = 0) -> bool:
        """Whether any order of the menu (3.2, with the boosters fired) keeps ``ship`` on the board this turn."""
        for _, waypoints, *_ in candidate_moves(ship.speed, ship.prev_slips, ship.engine_rating + boost,
                                                ship.heading):
            if all((ship.q + x, ship.r + y) in self.cells for x, y in waypoints):
                return True
        return False

    def _score(self, lrs: bool, my_shields: list[int], q: int, r: int, h: int, f: int, speed: int,
               infos: list[EnemyInfo], threat: float, margin: Margin, er: int, far: Far) -> float:
        """The doctrine's score of one end pose (see :meth:`_scores`)."""
        room = 0 if self.floating else self.run[(q, r, h)]
        return self._scores(lrs, my_shields, ((None, 0, q, r, h, f, speed, room),), infos, threat, margin, er,
                            far)[0]

    def _scores(self, lrs: bool, my_shields: list[int], poses: list[Pose] | tuple[Pose, ...],
                infos: list[EnemyInfo], threat: float, margin: Margin, er: int, far: Far) -> list[float]:
        """The doctrine's score of each end pose (_, _, q, r, heading, facing, speed, room ahead) in ``poses``:
        the exchange of fire with each enemy, the range penalties and the edge penalty (module docstring)."""
        out: list[float] = []
        pairs = PAIRS
        fq, fr, fpen, fpref = far
        floating = self.floating
        ratings, fire_margin = margin
        n_ratings = len(ratings)
        for _, _, q, r, h, f, speed, room in poses:
            total = 0.0
            feared = 0.0
            for eq, er_, ef, mine, theirs, penalty, pref, e_shields, e_lrs, ocache, dcache, reach in infos:
                dq = eq - q
                dr = er_ - r
                g = pairs.get((dq, dr, f, ef))
                if g is None:
                    g = pair_geometry(dq, dr, f, ef)
                dist, mask, my_arc, emask, e_arc = g
                if (dist - dist // 3 if lrs or e_lrs else dist) >= reach:  # nobody can fire: range matters only
                    if pref >= 0:
                        total -= penalty * abs(dist - pref)
                    continue
                # my fire at the enemy's presented shield; memoised on what it depends on
                es = e_shields[e_arc]
                deff = dist - dist // 3 if lrs else dist
                key = (mask, my_arc, deff, es)
                v = ocache.get(key)
                if v is None:
                    v = ocache[key] = fire_at(mine, mask, my_arc, deff, es)
                total += v
                # the enemy's fire at the shield arc I present (so the strongest arc is turned to the enemy)
                ms = my_shields[my_arc]
                edist = dist - dist // 3 if e_lrs else dist
                key = (emask, e_arc, edist, ms)
                v = dcache.get(key)
                if v is None:
                    v = dcache[key] = fire_at(theirs, emask, e_arc, edist, ms)
                total -= threat * v
                feared += v
                if pref >= 0:
                    total -= penalty * abs(dist - pref)
            # do not overshoot: the range to the nearest enemy next turn if I brake as hard as I can
            if speed > er:
                hq, hr = DIRS[h]
                dq = q + hq * (speed - er) - fq
                dr = r + hr * (speed - er) - fr
            else:
                dq = q - fq
                dr = r - fr
            total -= fpen * abs(((abs(dq) + abs(dr) + abs(dq + dr)) >> 1) - fpref)
            if not floating:
                # edge: room ahead for my stopping distance with the engine I would have after the planned hits
                planned = int(feared * fire_margin + 0.999)
                rating = ratings[planned] if planned < n_ratings else 0
                need = NEED[speed][rating] if speed < NEED_SPEEDS and rating < NEED_RATINGS else \
                    stopping_distance(speed, rating) + speed * DRIFT_RESERVE
                if room < need:
                    total -= EDGE_PENALTY * (need - room)
            out.append(total)
        return out


def fire_at(rows: list[Row], mask: int, arc: int, dist: int, shield: int) -> float:
    """The expected damage of ``rows`` at ``dist`` (effective range) against ``shield``: the banks whose arc mask
    meets ``mask`` or whose defensive arcs include ``arc`` (banks that bear on that target hex, C.1)."""
    v = 0.0
    for bmask, dmask, n, row in rows:
        if (bmask & mask or dmask >> arc & 1) and dist < len(row):
            v += n * row[dist][shield]
    return v


#: :data:`~drydock.engine.orders_menu.NEED` is indexed [speed][engine rating] below these
NEED_SPEEDS, NEED_RATINGS = len(NEED), len(NEED[0])
#: ``PAIRS[(dq, dr, f, ef)]`` = :func:`pair_geometry` (dq, dr, f, ef): one lookup for both ends of a line
PAIRS: dict[tuple[int, int, int, int], tuple[int, int, int, int, int]] = {}


def pair_geometry(dq: int, dr: int, f: int, ef: int) -> tuple[int, int, int, int, int]:
    """(range, my arc mask, the defensive arc I present, its arc mask, the arc it presents) of an enemy at
    (dq, dr) from me, my facing ``f`` and its facing ``ef`` (:func:`~drydock.engine.hexgrid.geometry` both
    ways), stored in :data:`PAIRS`."""
    dist, mask, my_arc = GEOMETRY[(dq, dr, f)]
    emask, e_arc = GEOMETRY[(-dq, -dr, ef)][1:]
    g = PAIRS[(dq, dr, f, ef)] = (dist, mask, my_arc, emask, e_arc)
    return g


def _state_key(s: ShipState, warm: bool) -> tuple:
    """Everything about a ship the movement doctrine looks at (of its hull and hyperdrive, only whether it
    warms the drive up, ``warm``; of its boosters, only whether it has one left)."""
    return (s.uid, s.q, s.r, s.heading, s.speed, s.prev_slips, s.engine_rating, s.eng_hits, s.boosters_left > 0,
            warm, tuple(s.bank_alive), s.shield(0), s.shield(1), s.shield(2), s.shield(3), s.lrs)


def _enemy_key(e: ShipState) -> tuple:
    """Everything about an enemy ship the movement doctrine looks at (:meth:`Doctrine.context`): fewer
    fields than :func:`_state_key`, so decisions against enemies differing only in, say, engine hits are
    computed once."""
    return (e.uid, e.q, e.r, e.heading, e.speed, tuple(e.bank_alive), e.shield(0), e.shield(1), e.shield(2),
            e.shield(3), e.lrs)


def _predict(e: ShipState) -> tuple[int, int, int]:
    dq, dr = DIRS[e.heading]
    return e.q + dq * e.speed, e.r + dr * e.speed, e.heading


def _dist(q1: int, r1: int, q2: int, r2: int) -> int:
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


