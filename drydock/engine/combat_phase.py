"""4.0-4.4: the Combat Phase as a pipeline of small steps.

For each attacking ship in the alternation (4.0): :func:`declare` (the ship's rules' declarations at what it can see,
4.1; systems used with weapons fire, 4c) -> :func:`lock_on` (B.22 stealth: the rolls that stop a declaration) ->
:func:`spend` (what each declared bank fires: Slow and Expendable weapons, C.5) -> :func:`group_volleys` (a pure
function: FRL batteries fire one volley) -> :func:`resolve` each volley by the kind of its target (a hex:
:func:`at_hex`; a flight: :func:`at_flight`; a ship: :func:`at_ship`). Seekers are launched after every attack
(step 4c). The battle calls :func:`combat_phase` and sees none of the steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from drydock.engine import munitions, shockwave, small_craft, systems
from drydock.engine.combat import BAND_NAMES, alternation, fire_volley
from drydock.engine.dice import d6
from drydock.engine.hexgrid import geometry
from drydock.engine.proximity import EmptyHex, aim, proximity, sweep_or_burst
from drydock.engine.seekers import shots_at_flight
from drydock.engine.ship_rules import start_combat
from drydock.engine.ships import ShipState
from drydock.engine.table_view import Declaration, TableView, Volley
from drydock.engine.tables import FLARES_BLOCK

if TYPE_CHECKING:  # type-only imports of modules below this one
    from drydock.engine.options.rule import OptionalRule
    from drydock.engine.options.state import OptionState
    from drydock.engine.ships import BankSpec


class CombatHost(TableView, Protocol):
    """The battle as the Combat Phase's steps see it: the rule modules' view plus the options' state, the tie
    roll (4.0) and the seeker launch (C.4)."""

    @property
    def opt(self) -> OptionState | None: ...

    @property
    def rules_in_force(self) -> tuple[OptionalRule, ...]: ...

    def initiative(self, a: int, b: int) -> int: ...

    def launch(self, ship: ShipState, bank: int, target: ShipState, n: int) -> None: ...


def combat_phase(battle: CombatHost) -> None:
    """4.0: sides alternate attacking ships by the counts at the start of the phase; then seekers launch (C.4)."""
    a, b = battle.alive(0), battle.alive(1)
    if not a or not b:
        return
    start_combat(battle)  # each ship's rules at the phase's start (the Companion's D5.3 Persistent rolls)
    first = battle.initiative(len(a), len(b))
    rules = battle.rules_in_force
    order = attack_order(rules, len(a), len(b), first)
    queues = [list(a), list(b)]
    launches: list[tuple[ShipState, Volley]] = []
    enemy_flights = [[f for f in battle.flights if f.side == 1], [f for f in battle.flights if f.side == 0]]
    for side in order:
        ship = queues[side].pop(0)
        # ships destroyed this phase stay until the End Phase (4.5); B.5: a cloaked ship does not attack
        if ship.cloaked or (rules and not may_attack(rules, ship)):  # B.5 cloaked; E.5 destroyed first; S.9
            continue
        enemies = [e for e in (b if side == 0 else a) if not e.hidden and (not rules or e.alive)]
        launches += attack(battle, ship, enemies, enemy_flights[side])
    for ship, shot in launches:  # C.4: seekers are placed after all attacks (step 4c)
        battle.launch(ship, shot.bank, shot.target, shot.n)


def attack_order(rules: Sequence[OptionalRule], a: int, b: int, first: int) -> list[int]:
    """4.0: which side's ship attacks next, for the sides' ``a`` and ``b`` ships: the alternation from ``first``, or
    a rule's order (E.5r: a shuffled deck)."""
    order = None
    for rule in rules:
        order = rule.combat_order(a, b) or order
    return order or alternation(a, b, first)


def may_attack(rules: Sequence[OptionalRule], ship: ShipState) -> bool:
    """Whether ``ship`` attacks when its turn comes under the optional rules: not once destroyed (E.5), nor when a
    rule forbids it (S.9 storms)."""
    return ship.alive and all(rule.may_attack(ship) for rule in rules)


def attack(battle: CombatHost, ship: ShipState, enemies: list[ShipState], flights: list[Any]
           ) -> list[tuple[ShipState, Volley]]:
    """One ship's attacks: declare, lock on, fire each volley; returns its seeker launches (placed later, C.4)."""
    decl = declare(battle, ship, enemies, flights)
    if not decl:
        return []
    shots, seekers = spend(battle, ship, lock_on(battle, ship, decl))  # C.4: seekers are placed after all attacks
    resolve(battle, ship, group_volleys(ship.spec.banks, shots))
    for rule in battle.rules_in_force:  # E.5 sequential combat: this ship's damage takes effect now
        rule.attack_done()
    return [(ship, s) for s in seekers] if seekers else []


def declare(battle: CombatHost, ship: ShipState, enemies: list[ShipState], flights: list[Any]) -> list[Declaration]:
    """4.1: the ship's declarations at the enemies and flights it can see (G terrain), aimed (C.5 Proximity at an
    empty hex); the systems used with weapons fire (4c: TAGs E.7, marines, tractor beams, probes, flares,
    shockwaves) and B.15 minesweeping with idle banks. Logs the ranges."""
    opt = battle.opt
    seen = opt.in_sight(ship, enemies, flights) if opt is not None else None  # G terrain, 4.1
    in_view = seen or (enemies, flights)
    decl = aim(battle, ship, ship.rules.declare(battle, ship, *in_view))  # the doctrine's (CC.D1's limit); C.5
    for rule in battle.rules_in_force:  # E.7: TAGs are tried with the attacks
        rule.declared(ship, enemies)
    use_systems(battle, ship, enemies, flights)
    if battle.minefields:  # B.15 minesweeping with idle banks
        decl += munitions.sweep_declarations(battle, ship, decl)
    if decl and battle.log is not None:
        battle.log.append(f"  {ship.label} attacks:")
        for e in {id(d.target): d.target for d in decl}.values():
            dist = geometry(e.q - ship.q, e.r - ship.r, ship.facing)[0]
            battle.log.append(f"    range to {e.label}: {dist}")
    return decl


def use_systems(battle: TableView, ship: ShipState, enemies: list[ShipState], flights: list[Any]) -> None:
    """4c: the systems used with weapons fire, in the book's order."""
    if ship.spec.marines:
        systems.board(battle, ship, enemies)
    if ship.spec.tractor_beams:
        systems.tractor_attacks(battle, ship, flights)
    if ship.probes_left:  # B.17: probes as weapons, in a pinch
        munitions.probe_attack(battle, ship, enemies)
    if ship.probes_left or ship.flares_left:
        systems.launch_markers(battle, ship, enemies)
    if ship.spec.shockwave:
        shockwave.fire(battle, ship)


def _stealth_applies(bank: BankSpec, target: Any, mode: int) -> bool:
    """B.22: the lock-on roll stops this declaration when it fails: at a stealth ship, not by seekers (Slow
    weapons count as not fired) and not by a Proximity mode."""
    return isinstance(target, ShipState) and bank.seeker is None and not (mode >= 0 and bank.modes[mode].prx)


def lock_on(battle: CombatHost, ship: ShipState, decl: list[Declaration]) -> list[Declaration]:
    """B.22 Stealth: the declarations that survive the lock-on rolls. The core game rolls once per attacking ship
    at each stealth target (a die per stealth level, any 1 fails); under the option B.22 Battery-Specific Lock-On
    once per battery (the rule's :meth:`~drydock.engine.options.rule.OptionalRule.lock_on`)."""
    for d in decl:
        if isinstance(d.target, ShipState) and d.target.stealth:
            break
    else:
        return decl  # no stealth target: no roll
    stealthy = {id(d.target): d.target for d in decl if isinstance(d.target, ShipState) and d.target.stealth}
    per_battery = next((rule for rule in battle.rules_in_force if rule.battery_lock_on), None)
    blocked = set() if per_battery is not None else _ship_lock_on(battle, list(stealthy.values()))
    locks: dict[tuple[int, int], bool] = {}
    banks = ship.spec.banks
    out = []
    for d in decl:
        bank = banks[d.bank]
        if not (_stealth_applies(bank, d.target, d.mode) and d.target.stealth):
            out.append(d)
        elif per_battery is not None:
            lock = (d.target.uid, bank.battery)
            if lock not in locks:
                locks[lock] = per_battery.lock_on(ship, bank.battery_name, d.target) is not False
            if locks[lock]:
                out.append(d)
        elif d.target.uid not in blocked:
            out.append(d)
    return out


def _ship_lock_on(battle: TableView, targets: list[ShipState]) -> set[int]:
    """B.22: the attacking ship's lock-on roll at each stealth target; the uids it failed at."""
    blocked = set()
    for e in targets:
        dice = [d6(battle.rng) for _ in range(e.stealth)]
        if 1 in dice:
            blocked.add(e.uid)
        if battle.log is not None:
            battle.say(f"    stealth lock-on vs {e.label}: {dice} -> {'fail' if 1 in dice else 'ok'}")
    return blocked


def spend(battle: TableView, ship: ShipState, decl: Iterable[Declaration]) -> tuple[list[Volley], list[Volley]]:
    """What each declaration fires, as a volley of one bank: (the volleys, the seekers to launch: mode -1). The bank's
    mounts not yet spent fire; a Slow weapon notes its turn, an Expendable one spends its mounts (C.5)."""
    out: list[Volley] = []
    seekers: list[Volley] = []
    for bank, target, mode, band in decl:
        spec_b = ship.spec.banks[bank]
        n = ship.bank_alive[bank] - ship.bank_spent[bank]
        if spec_b.slow:
            ship.bank_fired[bank] = battle.turn
        if spec_b.exp:
            ship.bank_spent[bank] += n
        (out if mode >= 0 else seekers).append(Volley(n, bank, target, mode, band))
    return out, seekers


def group_volleys(banks: Sequence[BankSpec], shots: Iterable[Volley]) -> list[Volley]:
    """4.2: one volley per bank, except that under Fire-Linked (FRL) the banks of a battery firing at one target in
    one mode, band and size fire one volley, named after the first (a pure function)."""
    volleys: dict[tuple, Volley] = {}
    for shot in shots:
        n, bank, target, mi, band = shot
        spec_b = banks[bank]
        key = (spec_b.battery, id(target), mi, band, spec_b.size) if spec_b.modes[mi].frl else (bank,)
        prev = volleys.get(key)
        volleys[key] = shot if prev is None else prev._replace(n=prev.n + n)
    return list(volleys.values())


def resolve(battle: CombatHost, ship: ShipState, volleys: list[Volley]) -> None:
    """4.2-4.4: each volley, by the kind of its target."""
    banks = ship.spec.banks
    for volley in volleys:
        target = volley.target
        spec_b = banks[volley.bank]
        what = f"{spec_b.battery_name} [{spec_b.entry}] -> {target.label}" if battle.log is not None else ""
        if isinstance(target, ShipState):
            at_ship(battle, ship, volley, what)
        elif isinstance(target, (munitions.Minefield, EmptyHex)):  # B.15 sweeping; C.5 at an empty hex
            at_hex(battle, ship, volley, what)
        else:
            at_flight(battle, ship, volley, what)


def at_hex(battle: CombatHost, ship: ShipState, volley: Volley, what: str) -> None:
    """B.15 minesweeping at a minefield; C.5 Proximity at an empty hex."""
    spec_b = ship.spec.banks[volley.bank]
    sweep_or_burst(battle, ship, volley.target, spec_b.modes[volley.mode], volley.n, spec_b.size, volley.band, what)


def at_flight(battle: CombatHost, ship: ShipState, volley: Volley, what: str) -> None:
    """Ship weapons at a fighter or seeker flight: a tiny target (F.3 screens, B.20 shuttle saves); kills take effect
    in the End Phase (4.5)."""
    n, bank, target, mi, band = volley
    spec_b = ship.spec.banks[bank]
    mode = spec_b.modes[mi]
    opt = battle.opt
    pen = opt.flight_penalty(ship, target) if opt is not None else 0  # F.3 screens
    hits, per = shots_at_flight(battle.rng, mode, n, spec_b.size, band, ship.fc, penalty=pen)
    hits = small_craft.surviving(battle.rng, target, hits, mode.imp_by_band[band])  # B.20 shuttle saves
    target.kills += hits
    if battle.log is not None:
        battle.say(f"    {what}: {n}x at {BAND_NAMES[band]} range vs tiny target"
                   + (f", screen -{pen} (F.3)" if pen else "") + f": hits {per} -> {hits} killed (End Phase)")
    if mode.prx:  # C.5 Proximity
        proximity(battle, ship, target, mode, n, spec_b.size, band)


def at_ship(battle: CombatHost, ship: ShipState, volley: Volley, what: str) -> None:
    """A volley at a ship: the to-hit adjustments of the table (B.9 flares, B.17 probes) and of the options, then the
    attacker's rules fire it (:func:`~drydock.engine.combat.fire_volley`)."""
    n, bank, target, mi, band = volley
    spec_b = ship.spec.banks[bank]
    mode = spec_b.modes[mi]
    opt = battle.opt
    penalty, bonus = systems.sight(battle, ship, target) if battle.markers else (0, 0)
    if opt is not None:  # terrain, evasion (D.3), F.3 screens
        penalty, bonus = opt.fire(ship, target, band, penalty, bonus)
    for rule in battle.rules_in_force:  # S.8 the prototype, S.9 the murk
        if penalty >= FLARES_BLOCK:
            break
        penalty, bonus = rule.to_hit(ship, target, band, penalty, bonus)
    if penalty >= FLARES_BLOCK:  # B.9: four flares block the line of sight
        if battle.log is not None:
            battle.log.append(f"    {what}: blocked by {penalty} flares")
        return
    reroll = None
    for rule in battle.rules_in_force:  # E.2 directed damage, the doctrine's choice
        directed = rule.direct_damage(ship, target, mode, spec_b.size, band, penalty, bonus)
        if directed is not None:
            bonus, reroll = directed
    marks = fire_volley(battle.rng, ship, target, mode, n, spec_b.size, band, battle.log, what, penalty, bonus,
                        reroll, opt is not None and opt.nebula)
    if battle.obs:
        battle.obs.damage(ship, spec_b.battery_name, BAND_NAMES[band], marks)
    if mode.prx:  # C.5 Proximity
        proximity(battle, ship, target, mode, n, spec_b.size, band)


__all__ = ["CombatHost", "at_flight", "attack", "at_hex", "at_ship", "combat_phase", "declare", "group_volleys",
           "lock_on", "resolve", "spend"]
