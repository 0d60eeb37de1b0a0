"""Captain's Companion D5.3: a ship disabled by Deadly weapons stays on the board, drifts, and can be captured.

D5.3: "Once all boxes on the hull track have either a cross or '@,' the starship is disabled. A disabled ship is
considered destroyed for victory purposes but remains on the game board. It will continue moving per the movement
rules in effect (without applying thrust). A disabled ship may not take any action: i.e., it may not attack, deploy
mines, launch fighters, etc." ... "A disabled starship with any boarding parties on board is captured."

How drydock plays it (:class:`~drydock.engine.companion_play.CompanionShip` marks the ship ``hulk``):

- Victory: the opponent scores the ship's CR when it is disabled (``Battle.destroy``); it is out of every count of
  live ships, acts no more and is no target of the doctrine's fire (it is already scored).
- Drift: Unity 3.2 "a ship with no engine rating keeps its speed and heading forever": the hulk moves its last
  speed straight ahead each turn (D.2 Etheric Drag: "the ship's previous speed is cut in half (rounded down)";
  D.2z: to 0). The move is resolved when the Combat Phase opens, after the Fighter Phase, which acts on live ships
  only. A hulk that drifts off the board leaves it (it was scored already); D.4's floating board keeps it.
- Capture: B.14 marines. A ship whose squads have no live target they could take this phase boards the nearest
  enemy hulk within range 5 instead: a die per squad, > range (the usual to-hit modifiers), then > the hulk's shield;
  each landing party is met by a defending squad ("Defending squads may be sacrificed 1:1 to kill boarding parties as
  they land": the crew still fights, as the Companion's "not captured until all defending Marine squads have been
  eliminated" implies), but a hulk sacrifices no screens (a system used: "may not take any action"). The first party
  aboard captures it (``ShipState.captured``), and it is taken off the board.
- With B.14 Shipboard Combat (``--option B.14``): "If using the Shipboard Combat option (p.CR30) a ship is not
  captured until all defending Marine squads have been eliminated" (``play.companion.disabled_capture``). Landing
  parties are not met 1:1 by the defenders (B.14: "defending marine squads are not sacrificed"); they stay aboard
  and fight the hulk's squads in each End Phase's shipboard combat, as aboard a live ship
  (:meth:`drydock.engine.options.shipboard_combat.ShipboardCombat.end_damage`), and the hulk is captured
  (:func:`capture_cleared`) once no defending squad is left and a party is aboard.
- Not modelled: further damage to a hulk (the doctrine never fires at it; area effects, explosions, mines and
  terrain pass it by, so its "@" are never crossed after the End Phase it was disabled in) and stacking with it.
"""

from __future__ import annotations

from drydock.engine.dice import d6, roll_hits
from drydock.engine.hexgrid import DIRS, GEOMETRY, distance, on_board
from drydock.engine.ships import ShipState
from drydock.engine.systems import marine_squads
from drydock.engine.table_view import TableView
from drydock.engine.tables import MARINE_RANGE


def hulks(battle: TableView, side: int | None = None) -> list[ShipState]:
    """The disabled ships still on the board (of ``side``)."""
    return [s for s in battle.ships if s.cc is not None and s.cc.hulk and (side is None or s.side == side)]


def drift(battle: TableView) -> None:
    """Each hulk's Movement Phase: its last speed straight along its heading (no thrust: no turns, no change of
    speed), at the previous speed the rules reckon (halved by D.2 etheric drag, stopped by D.2z); off the board it is
    gone."""
    for s in hulks(battle):
        for rule in battle.rules_in_force:
            s.speed = rule.previous_speed(s.speed)
        dq, dr = DIRS[s.heading]
        s.q, s.r = s.q + dq * s.speed, s.r + dr * s.speed
        w, h = battle.m.board
        gone = not battle.m.floating and not on_board(s.q, s.r, w, h)
        if gone and s.cc is not None:
            s.cc.hulk = False
        if battle.log is not None and s.speed:
            battle.say(f"  {s.label} (disabled, D5.3) drifts {s.speed} hex(es) to {battle.hexname(s.q, s.r)}"
                       + (": off the board" if gone else ""))


def board_hulk(battle: TableView, ship: ShipState) -> None:
    """B.14 at the nearest enemy hulk within range 5 (see the module text); the first party aboard captures it."""
    squads = min(ship.marines_left, marine_squads(ship.spec.hull))
    near = [(distance(e.q - ship.q, e.r - ship.r), e.uid, e) for e in hulks(battle, 1 - ship.side)]
    near = [x for x in near if x[0] <= MARINE_RANGE]
    if squads <= 0 or not near:
        return
    dist, _, target = min(near, key=lambda x: (x[0], x[1]))
    arc = GEOMETRY[(ship.q - target.q, ship.r - target.r, target.facing)][2] if dist else 0
    shield = target.shield(arc)
    neg = target.cm - ship.fc  # B.6 countermeasures, B.8 fire control cancels them
    mod = -neg if neg > 0 else 0
    landed = 0
    fight = waits_for_defenders(battle, target)
    for _ in range(squads):
        if not roll_hits(battle.rng, dist + 1, mod) or d6(battle.rng) <= shield:
            continue
        ship.marines_left -= 1
        landed += 1
        if target.marines_left > 0 and not fight:  # a defending squad kills the party as it lands
            target.marines_left -= 1
        else:
            target.boarders += 1
    if battle.log is not None:
        battle.say(f"    {ship.label} sends {squads} marine squads at the disabled {target.label} (range {dist}, "
                   f"shield {shield}): {landed} land; {target.boarders} boarding parties aboard"
                   + (f", {target.marines_left} defending squads" if fight and target.marines_left else ""))
    if target.boarders and not (fight and target.marines_left):
        capture(battle, target)


def waits_for_defenders(battle: TableView, target: ShipState) -> bool:
    """D5.3 under B.14 Shipboard Combat (``--option B.14``): is the hulk ``target`` captured only once its defending
    squads are eliminated (``play.companion.disabled_capture``: "defenders eliminated"; "any party" is the reading
    in which the first party aboard takes it under B.14 too)?"""
    cc = target.cc  # B.14's set-up says so on each Companion ship (ShipboardCombat.setup)
    return cc is not None and cc.shipboard and cc.play["disabled_capture"]["shipboard_combat"] == "defenders eliminated"


def capture(battle: TableView, target: ShipState) -> None:
    """D5.3: the hulk ``target`` is captured and taken off the board (it was scored when disabled)."""
    cc = target.cc
    assert cc is not None  # a hulk is a Companion ship
    target.captured = True
    cc.hulk = False
    if battle.log is not None:
        rule = cc.play["disabled_capture"]
        battle.say(f"  {target.label} is captured ({rule['section']}: \"A disabled starship with any boarding parties "
                   "on board is captured\"" + (", its defending squads eliminated (B.14 Shipboard Combat)"
                                              if waits_for_defenders(battle, target) else "")
                   + "); it was scored when disabled")


def capture_cleared(battle: TableView) -> None:
    """End Phase, after shipboard combat (B.14): each hulk with a party aboard and no defending squad left is
    captured (D5.3: "not captured until all defending Marine squads have been eliminated")."""
    for s in hulks(battle):
        assert s.cc is not None  # a hulk is a Companion ship
        rule = s.cc.play["disabled_capture"]
        if s.boarders >= rule["parties"] and s.marines_left <= 0:
            capture(battle, s)


__all__ = ["board_hulk", "capture", "capture_cleared", "drift", "hulks", "waits_for_defenders"]
