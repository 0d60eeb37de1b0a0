"""One battle: deployment (2.3), then game turns of Orders, Movement, Combat and End phases (2.4).

The Fighter Phase activates fighter flights (5.x) and seeker flights (C.4). Every order, range, roll and result can
be written to a log (a list of lines). The only randomness is the injected ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from drydock.core.marked import Marked
from drydock.core.rules import Ruleset
from drydock.core.rules.play_options import not_simulated_lines
from drydock.engine import fighters, systems
from drydock.engine.ai import Doctrine
from drydock.engine.combat import BAND_NAMES, alternation
from drydock.engine.combat_phase import combat_phase
from drydock.engine.damage import apply_marked_damage, check_damage, start_damaged
from drydock.engine.deployment import side_slots
from drydock.engine.dice import d6
from drydock.engine.doctrine_kit import DoctrineKit
from drydock.engine.equipment import working
from drydock.engine.hexgrid import point_image, to_offset
from drydock.engine.movement import Orders, execute, format_orders, is_legal, requirement, straight
from drydock.engine.observe import BattleResult, StatsRecorder
from drydock.engine.options import InForce
from drydock.engine.options.registry import check_forces, rules_in_force
from drydock.engine.options.rule import OptionalRule
from drydock.engine.options.state import OptionState
from drydock.engine.seekers import SeekerFlight, activate, heading_toward, split_flights
from drydock.engine.settings import BattleSettings
from drydock.engine.ships import ShipSpec, ShipState
from drydock.engine.stacking import resolve_stacking
from drydock.engine.table_view import Marker, Probe, TableView
from drydock.engine.variants import rules_for, set_up
from drydock.errors import DrydockError

SIDES = ("A", "B")


class Matchup:
    """Two fleets of ship designs with everything precomputed once (tables, VP target)."""

    def __init__(self, side_a: list[ShipSpec], side_b: list[ShipSpec], settings: BattleSettings | None = None, *,
                 damage: tuple[Sequence[Marked | None], Sequence[Marked | None]] | None = None,
                 kit: DoctrineKit | None = None) -> None:
        self.settings = settings = settings or BattleSettings()  #: what the battle is played by (None: the core game)
        turns, board, battle_size, floating = settings.turns, settings.board, settings.battle_size, settings.floating
        options, scenario, terrain, rules, launch_recovery = (settings.options, settings.scenario, settings.terrain,
                                                              settings.rules, settings.launch_recovery)
        self.sides = (side_a, side_b)
        #: each ship's damage marked before the battle (Appendix T: a damaged ship fights as damaged), else None
        self.damage = check_damage(self.sides, damage) if damage is not None else None
        self.record = settings.record
        self.turns = turns
        #: D.4 floating board: the board moves with the ships, nobody leaves it (the book's proviso that
        #: a shift may not push another ship off is not modelled: the board is unbounded)
        self.floating = floating
        cr = (sum(s.cr for s in side_a), sum(s.cr for s in side_b))
        rules = rules or Ruleset.unity()
        play = rules.play  # 2.2 battle sizes, VP targets and the options' numbers (house rules reach them here)
        #: the ruleset's label when house rules are in force (every output says so), else None
        self.house_rules = None if rules.is_book else rules.label
        if battle_size == "auto":
            ratio = play.vp_target_ratio
            self.vp_target = max(1, -(-max(cr) * ratio.numerator // ratio.denominator))
        elif battle_size in play.battle_sizes:
            self.vp_target = play.battle_sizes[battle_size][1]
        else:
            raise DrydockError(f"unknown battle size {battle_size!r} (2.2: {', '.join(play.battle_sizes)})")
        #: optional rules (D-F), terrain (G) and scenario (S) in force; None in the core game
        self.in_force = None
        if options or scenario or terrain:
            self.in_force = InForce(tuple(options), scenario, tuple(terrain), play)
            check_forces(self.in_force, self.sides)  # S.1, S.8, S.10: the forces a scenario allows
            target = self.in_force.vp_target(self.vp_target, cr, battle_size == "auto")
            self.vp_target = target if target is not None else NO_VP_TARGET
        self.board = board = self.in_force.board(board) if self.in_force else board  # S.3: a board 50% longer
        self.doctrine = Doctrine(list({id(s): s for s in side_a + side_b}.values()), board, floating,
                                 settings.doctrine, settings.plan, kit)
        #: F.5 launch and recovery: flights start aboard, launch in the End Phase, may be recovered
        self.launch_recovery = launch_recovery
        #: 4.0 / 5.2: when the counts tie, "a die roll" decides who acts first: a 1-3 gives it to this side (0: A),
        #: a 4-6 to the other. A fair die may be read either way; reading it for the other label is how the
        #: side-symmetry tests exchange the labels and keep every die (rule 8: no step favours side A).
        self.initiative_low = 0
        self.not_simulated = list(dict.fromkeys(
            n for s in side_a + side_b for n in s.not_simulated
            if not (launch_recovery and (": Launch Tubes: " in n or ": Shuttlecraft: " in n))))
        self.not_simulated += not_simulated_lines(self.in_force.sections if self.in_force else ())
        self.side_slots = side_slots(board[0], board[1], max(len(side_a), len(side_b)), settings.deployment)  # 2.3
        self.slots = self.side_slots[0]  # side A's set-up hexes (each side's by its plan: side_slots)

    def in_force_names(self) -> list[str]:
        """The optional rules, scenario and terrain in force, by section and name (D.4 and F.5 included)."""
        out = (["D.4 Floating Game Board"] if self.floating else []) + (
            ["F.5 Launch & Recovery"] if self.launch_recovery else [])
        return sorted(out + (self.in_force.names() if self.in_force else []), key=lambda x: x.split()[0])

    def labels(self) -> tuple[list[str], list[str]]:
        out: tuple[list[str], list[str]] = ([], [])
        for side, specs in enumerate(self.sides):
            for i, s in enumerate(specs):
                out[side].append(f"{SIDES[side]}{i + 1} {s.name}")
        return out

    def fight(self, rng: random.Random, log: bool = False) -> BattleResult:
        return Battle(self, rng, log).run()


class Battle:
    def __init__(self, match: Matchup, rng: random.Random, log: bool) -> None:
        self.m = match
        self.rng = rng
        self.log: list[str] | None = [] if log else None
        labels = match.labels()
        self.ships: list[ShipState] = []
        for side, specs in enumerate(match.sides):
            for i, spec in enumerate(specs):
                self.ships.append(ShipState(spec, side, len(self.ships), labels[side][i], rules_for(spec)))
        set_up(self)  # each variant's set-up: X.1/X.2 dice; the Companion's rules and state (ShipState.cc)
        #: log lines of the damage ships start with (Matchup damage=): said after the battle's first lines
        self.started_damaged: list[str] = []
        if match.damage is not None:
            marks = [m for side in match.damage for m in side]
            for s, mark in zip(self.ships, marks, strict=True):
                if mark is not None and mark.any:
                    self.started_damaged += start_damaged(s, mark)
        self.vp = [0, 0]
        self.turn = 0
        self.flights: list = []  # SeekerFlight and FighterFlight
        self.flight_uid = 0
        #: F.5: carrier uid -> flights aboard; carrier uid -> flights recovered this Fighter Phase
        self.aboard: dict[int, int] = {}
        self.shuttles_aboard: dict[int, int] = {}  # B.20 (with F.5): ship uid -> shuttles aboard
        self.recovered: dict[int, int] = {}
        #: ships that left the board although one of the doctrine's legal orders kept them on it
        self.avoidable_exits = 0
        #: B.15: minefield hex -> markers, and hex -> dice of the minefields it contains or touches
        self.minefields: dict[tuple[int, int], int] = {}
        self.mined: dict[tuple[int, int], int] = {}
        self.mine_layers: dict[tuple[int, int], int] = {}  # minefield hex -> the side that laid it (doctrine)
        self.markers: list[Marker] = []  # B.9 / B.17; then the face-up flares by hex and the face-up probes
        self.flares_up: dict[tuple[int, int], int] = {}
        self.probes_up: list[Probe] = []
        self.obs = StatsRecorder(self.ships) if match.record else None
        self.deploy()
        systems.solar_wind(self)
        self.opt = None  # the optional rules, terrain, scenario not yet in their own class (the bus's state)
        #: the optional rules in force, each with named phase hooks (drydock.engine.options.registry); () core game
        self.rules_in_force: tuple[OptionalRule, ...] = ()
        if match.in_force is not None:
            self.opt = OptionState(self, match.in_force)
            self.rules_in_force = rules_in_force(self, match.in_force, self.opt)
        for rule in self.rules_in_force:  # 2.3: what the rules put on the table (F.6, F.4, G), then their set-up
            rule.place()
        for rule in self.rules_in_force:
            rule.setup()

    # ------------------------------------------------------------ helpers
    def say(self, line: str) -> None:
        if self.log is not None:
            self.log.append(line)

    def pos(self, s: ShipState) -> str:
        c, r = to_offset(s.q, s.r)
        return f"({c},{r}) heading {s.heading} facing {s.facing}"

    def hexname(self, q: int, r: int) -> str:
        return str(to_offset(q, r))

    def alive(self, side: int | None = None) -> list[ShipState]:
        return [s for s in self.ships if s.alive and (side is None or s.side == side)]

    def destroy(self, s: ShipState, why: str, vp: int | None = None, explode: bool = True) -> None:
        """The ship is removed and the opponent scores ``vp`` (default: its CR, 2.5); ``explode``: E.3 applies."""
        vp = s.spec.cr if vp is None else vp
        for rule in self.rules_in_force:  # E.3 explosions queued; E.4 shares; a scenario's multipliers, exits
            vp = rule.destroyed(s, vp, why, explode)
        s.alive = False
        self.vp[1 - s.side] += vp
        lost = self.aboard.pop(s.uid, 0)  # F.5: flights aboard go down with their carrier
        self.shuttles_aboard.pop(s.uid, 0)
        if lost and self.log is not None:
            self.say(f"  {lost} fighter flights aboard {s.label} are lost (F.5)")
        if self.obs:
            self.obs.lost(self.turn, s, why)
        if self.log is not None:
            self.say(f"  {s.label} {why}: side {SIDES[1 - s.side]} scores {vp} VP")

    # ------------------------------------------------------------ 2.3 deployment
    def deploy(self) -> None:
        """2.3: each side places its ships within ``DEPLOY_DEPTH`` hexes of its short edge, then the flights.

        Fair set-up: side A's k-th ship goes to the k-th slot (front column of the set-up area first,
        rows spreading out from the middle of the edge), heading toward the enemy; side B's k-th ship to
        the exact point image of that slot (:func:`~drydock.engine.hexgrid.point_image`), heading turned
        by 180 degrees. Swapping the sides therefore changes nothing but the labels. Who places first
        (2.3: the side with more ships; a tie is a die roll) does not change where ships go, so no die is
        rolled; the log lists the placements in the alternation order.
        """
        w, h = self.m.board
        counts = [len(self.m.sides[0]), len(self.m.sides[1])]
        by_side = [[x for x in self.ships if x.side == side] for side in (0, 1)]
        for side, ships in enumerate(by_side):
            for k, s in enumerate(ships):
                q, r = self.m.side_slots[side][k]  # its deployment plan (drydock.engine.deployment)
                if side == 1:
                    q, r = point_image(q, r, w, h)
                s.q, s.r = q, r
                s.heading = s.facing = 0 if side == 0 else 3
        if self.log is not None:
            placed = [0, 0]
            for side in alternation(counts[0], counts[1], 0 if counts[0] >= counts[1] else 1):
                s = by_side[side][placed[side]]
                placed[side] += 1
                if self.log is not None:
                    self.say(f"deploy {s.label} at {self.pos(s)}")
        # 2.3: then the flights, within 2 hexes of their carriers
        for s in self.ships:
            if s.spec.shuttles and self.m.launch_recovery:  # B.20: shuttles need F.5; aboard until launched
                self.shuttles_aboard[s.uid] = s.spec.shuttles
            if s.spec.flights and self.m.launch_recovery:  # F.5: aboard until launched
                self.aboard[s.uid] = s.spec.flights
                if self.log is not None:
                    self.say(f"{s.spec.flights} fighter flights aboard {s.label} (F.5)")
            elif s.spec.flights:
                new = fighters.deploy(self, s, s.spec.flights)
                self.flights += new
                if self.log is not None:
                    self.say(f"deploy {len(new)} fighter flights of {s.label}")

    # ------------------------------------------------------------ the game
    def run(self) -> BattleResult:
        winner: int | None = None
        over = False
        m = self.m
        if self.log is not None:
            target = "none" if m.vp_target >= NO_VP_TARGET else m.vp_target  # S.1; Appendix T: fought to the end
            self.say(f"VP target {target}; board {m.board[0]}x{m.board[1]}"
                     + (" floating (D.4)" if m.floating else ""))
            if m.house_rules:
                self.say(f"rules: {m.house_rules}")
            for name in m.in_force_names():
                self.say(f"in force: {name}")
            for line in self.started_damaged:
                self.say(line)
        for n in m.not_simulated:
            if self.log is not None:
                self.say(f"not simulated: {n}")
        while self.turn < m.turns:
            self.turn += 1
            if self.log is not None:
                self.say(f"== turn {self.turn}")
            self.orders_and_movement()
            self.fighter_phase()
            self.combat()
            over, winner = self.end_phase()
            if over:
                break
        survived = tuple(tuple(s.alive for s in self.ships if s.side == side) for side in (0, 1))
        if self.obs:
            self.obs.finished(over, (len(self.alive(0)), len(self.alive(1))))
        if self.log is not None:
            self.say(f"result: {'draw' if winner is None else 'side ' + SIDES[winner] + ' wins'} after "
                     f"{self.turn} turns; VP A {self.vp[0]} B {self.vp[1]}")
        exits = (sum(s.left_board for s in self.ships if s.side == 0),
                 sum(s.left_board for s in self.ships if s.side == 1))
        return BattleResult(winner, self.turn, (self.vp[0], self.vp[1]), survived,  # type: ignore[arg-type]
                            self.log or [], exits, self.avoidable_exits, self.obs.stats if self.obs else None)

    def write_orders(self, mined: dict[tuple[int, int], int]) -> list[tuple[ShipState, Orders, int]]:
        """1d: the doctrine's orders for every ship, written simultaneously from the positions at the start of the
        turn (B.5: cloak when it wants to)."""
        plans = []
        doctrine = self.m.doctrine
        for s in self.alive():
            enemies = [systems.seen(e) for e in self.alive(1 - s.side)]
            orders, boost = (doctrine.choose_orders(s, enemies, mined) if mined
                             else doctrine.choose_orders(s, enemies))
            if s.spec.cloak and not boost and "H" not in orders.prefixes and working(s, "Cloaking Device") \
                    and doctrine.wants_cloak(s, orders, enemies):
                orders = Orders(orders.steps, orders.pivot, ("C",))
            plans.append((s, orders, boost))
        return plans

    def orders_and_movement(self) -> None:
        """1 Orders and 2 Movement: orders written (:meth:`write_orders`), revealed and carried out."""
        opt = self.opt
        mined = self.mined
        if opt is not None:
            opt.before_orders()
            mined = opt.enemies_for_orders(mined)
        enemy_pos = ({side: [(e.q, e.r) for e in self.alive(side)] for side in (0, 1)} if self.rules_in_force
                     else {})
        plans = self.write_orders(mined)
        if opt is not None:  # D.2 speeds restored; D.3 evasion, S.9 no turns
            opt.after_orders()
            plans = [(s, opt.adjust_orders(s, o, b, [systems.seen(e) for e in self.alive(1 - s.side)]), b)
                     for s, o, b in plans]
        # 1e: reveal and check; 2a: cloaks; 2b: hyperdrive warm-up; 2c: move
        if any(s.spec.cloak for s, _, _ in plans):
            systems.cloak_rolls(self, plans)
        for s, orders, _ in plans:
            s.warming = "H" in orders.prefixes
        if any(s.spec.hyperdrive for s, _, _ in plans):
            systems.hyperdrive_rolls(self)
        if not any(rule.move_ships(plans, mined) for rule in self.rules_in_force):  # D.8: one ship at a time
            for s, orders, boost in plans:
                self.move_ship(s, orders, boost)
        self.stacking()
        for rule in self.rules_in_force:  # E.3 explosions after all moves; E.4 VPs; E.6 reinforcement
            rule.movement_done(enemy_pos)
        turns = [(s, systems.overthrust_facing(self, s)) for s in self.alive()
                 if s.spec.overthrusters and working(s, "Overthrusters")]  # 2c-iv
        for s, f in turns:
            if f is not None:
                s.facing = f

    def move_ship(self, s: ShipState, orders: Orders, boost: int) -> None:
        """2c: one ship carries out its orders (3.2 legality, 3.3 the board edge; mines B.15, terrain G)."""
        opt = self.opt
        if not s.alive:
            return
        er = s.engine_rating
        if boost:
            s.boosters_left -= boost
        if opt is None:
            req = requirement(orders, s.speed, s.prev_slips)
            legal = is_legal(orders, s.speed, s.prev_slips, er, boost)
        else:
            req, legal = opt.requirement(s, orders, boost)
        if not legal:  # 3.2: illegal orders -> straight ahead at the previous speed
            if self.log is not None:
                self.say(f"  {s.label}: illegal orders {format_orders(orders)} (req {req} > ER {er})")
            orders = straight(s.speed)
        q, r, h, f, off = execute(orders, s.q, s.r, s.heading,
                                    None if self.m.floating else self.m.board)
        if off and self.m.doctrine.can_stay(s, boost):
            self.avoidable_exits += 1
        if self.log is not None:
            self.say(f"  {s.label} orders {format_orders(orders)} req {req} ER {er}"
                     + (f" +{boost} booster" if boost else "") + f": {self.pos(s)} ->")
        q0, r0, h0 = s.q, s.r, s.heading
        s.q, s.r, s.heading, s.facing = q, r, h, f
        s.speed = orders.speed
        sl = orders.slips
        s.prev_slips = (sl.count("L"), sl.count("R"))
        if self.log is not None:
            self.say(f"      {self.pos(s)}")
        if off:
            s.left_board = True
            self.destroy(s, "left the board")
        else:
            if self.mined:  # 2c-i
                systems.mine_attacks(self, s, orders, q0, r0, h0)
            if opt is not None:  # D.3 evasion noted; terrain entered (G)
                opt.moved(s, orders, q0, r0, h0)

    def stacking(self) -> None:
        """3.3: opposing ships ending in one hex (:func:`~drydock.engine.stacking.resolve_stacking`)."""
        resolve_stacking(self)

    def initiative(self, a: int, b: int) -> int:
        """Which side's elements act first when ``a`` and ``b`` face each other (4.0, 5.2): the larger side (the
        ``first`` of :func:`~drydock.engine.combat.alternation` is then unused, 0), a tie by a die roll."""
        if a != b:
            return 0
        low = self.m.initiative_low
        return low if d6(self.rng) <= 3 else 1 - low

    def combat(self) -> None:
        """4.0-4.4: the Combat Phase (:func:`~drydock.engine.combat_phase.combat_phase`)."""
        combat_phase(self)

    def launch(self, ship: ShipState, bank: int, target: ShipState, n: int) -> None:
        """C.4: mounts x ROF seekers in flights of at most 6, in the firing ship's hex, toward the target."""
        b = ship.spec.banks[bank]
        mode = b.seeker
        assert mode is not None
        count = sum(d6(self.rng) for _ in range(n)) if mode.vlt else n * mode.rof
        heading = heading_toward(ship.q, ship.r, target.q, target.r, ship.facing)
        seek_aim, reroll = 0, None
        for rule in self.rules_in_force:  # E.2 directed damage
            directed = rule.direct_seekers(ship, target, mode)
            if directed is not None:
                seek_aim, reroll = directed
        for k in split_flights(count):
            self.flight_uid += 1
            label = f"{SIDES[ship.side]}-seekers#{self.flight_uid} {b.battery_name}"
            self.flights.append(SeekerFlight(self.flight_uid, ship.side, target, ship.q, ship.r, heading, k, mode,
                                             label, ship.uid, seek_aim, reroll))
            if self.obs:
                self.obs.launched(self.flight_uid, ship, b.battery_name)
            if self.log is not None:
                self.say(f"    {ship.label} launches {label}: {k} seekers at {target.label}")

    def fighter_phase(self) -> None:
        """3: flights (fighters and seekers) activate alternately (5.2, by the counts at the phase start)."""
        flights = [f for f in self.flights if f.alive]
        if not flights:
            return
        self.recovered.clear()
        sides = [[f for f in flights if f.side == 0], [f for f in flights if f.side == 1]]
        first = self.initiative(len(sides[0]), len(sides[1]))
        self.say("  fighter phase")
        order = None
        for rule in self.rules_in_force:  # F.7 random fighter initiative
            order = rule.fighter_order(len(sides[0]), len(sides[1])) or order
        order = order or alternation(len(sides[0]), len(sides[1]), first)
        for side in order:
            fl = sides[side].pop(0)
            if fl.alive and fl.count > 0:
                if isinstance(fl, SeekerFlight):
                    activate(self, fl)
                else:
                    fighters.activate(self, fl)
        self.flights = [f for f in self.flights if f.alive]
        for rule in self.rules_in_force:  # E.3: explosions of ships lost to fighters; E.4 VPs
            rule.damage_taken()

    def end_phase(self) -> tuple[bool, int | None]:
        """5a the pull (G.2); 5b apply damage (4.5), B.14 captures; 5c victory (2.5); 5e reverse pivots (3.4),
        stutterdrives (B.23); 5d the optional rules' End Phase; 5g mines and launches."""
        self.say("  end phase")
        for rule in self.rules_in_force:  # 5a: black-hole pull (G.2)
            rule.pull()
        self.take_damage()
        for rule in self.rules_in_force:  # 5b: explosions (E.3); E.4 / S.6 VPs
            rule.damage_taken()
        for rule in self.rules_in_force:  # 5b: B.14 Shipboard Combat
            rule.end_damage()
        systems.captures(self)  # B.14
        if self.markers:  # 5f
            systems.flip_markers(self)
        self.flights = [f for f in self.flights if f.alive and f.count > 0
                        and (not isinstance(f, SeekerFlight) or f.target.alive)]
        over = self.victory()
        if not over[0]:
            over = self.stutterdrives(over)
        if not over[0]:  # 5d: damage control (E.1), emergency thrust (D.1); S.9 storms, S.11 reinforcements
            for rule in self.rules_in_force:
                rule.end_phase()
            for rule in self.rules_in_force:
                rule.next_turn()
            self.lay_and_launch()
        return over

    def take_damage(self) -> None:
        """4.5 / 5b: kills by weapons fire and marked damage take effect; reverse pivots end (3.4)."""
        for f in self.flights:
            if f.kills:
                f.count -= min(f.kills, f.count)
                f.kills = 0
                if self.log is not None:
                    self.say(f"  {f.label}: {f.count} left")
        for s in self.ships:
            if s.alive and apply_marked_damage(s, self.log):
                self.destroy(s, "destroyed")
            s.facing = s.heading

    def stutterdrives(self, over: tuple[bool, int | None]) -> tuple[bool, int | None]:
        """5e: stutterdrives (B.23), decided together; a scatter onto an enemy is a stacking (3.3)."""
        stutterers = [s for s in self.alive() if s.spec.stutterdrive and working(s, "Stutterdrive")]
        if not stutterers:
            return over
        for s, target in [(s, systems.stutter_target(self, s)) for s in stutterers]:
            systems.stutter_move(self, s, target)
        self.stacking()
        return self.victory()

    def lay_and_launch(self) -> None:
        """5g: deploy mines (B.15); launch fighters (F.5) and shuttles (B.20)."""
        for s in self.alive():
            if s.mines_left and not s.cloaked:
                systems.lay_mines(self, s)
        if self.aboard or self.shuttles_aboard:
            for s in self.alive():
                new = fighters.launch(self, s)
                self.flights += new
                if new and self.log is not None:
                    self.say(f"  {s.label} launches {len(new)} flights (F.5): " + ", ".join(f.label for f in new))

    def victory(self) -> tuple[bool, int | None]:
        """2.5: the VP target, or one side without ships (a scenario may say otherwise)."""
        over = self._victory()
        for rule in self.rules_in_force:  # S.1 no VPs; S.11 reinforcements to come; S.2, S.3, S.7 the VPs decide
            over = rule.victory(over)
        return over

    def _victory(self) -> tuple[bool, int | None]:
        target = self.m.vp_target
        reached = [self.vp[0] >= target, self.vp[1] >= target]
        left = [bool(self.alive(0)), bool(self.alive(1))]
        if reached[0] and reached[1]:
            return True, None
        if reached[0] or reached[1]:
            return True, 0 if reached[0] else 1
        if not left[0] or not left[1]:
            if left[0] != left[1]:
                return True, 0 if left[0] else 1
            return True, None
        return False, None


#: S.1 scores no VPs: a target no battle reaches
NO_VP_TARGET = 10**12
_TABLE_VIEW: type[TableView] = Battle  # mypy checks that a Battle is the TableView the rule modules take

__all__ = ["Battle", "BattleResult", "Matchup", "BAND_NAMES"]
