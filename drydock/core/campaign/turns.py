"""The steps of a T.1 objectives campaign as operations on its state: each takes a :class:`Campaign` and returns
a new one (the input is never changed), or raises a DrydockError naming what is wrong and the rule.

start (T.1(2)) -> orders per side (T.1(3) placement on turn 0, T.1(4) moves) -> reveal (T.1(5): the battles
due) -> a result per battle (T.1(5)) -> escapes and automatic repairs (T.1(5), T.1(6)) -> supply: the RP roll,
hull repairs and new ships (T.1(7)) -> the next turn; the campaign ends when a side holds the other's home
(T.1(8)) or concedes.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from drydock import limits
from drydock.core.campaign.map import SIDES, CampaignMap, is_book_map
from drydock.core.campaign.rules import T_RULES_ELIDED, CampaignRules, hull_repair_cost, quote, replenishment
from drydock.core.campaign.state import BattleRecord, Campaign, Ship, Side
from drydock.core.marked import TRACKS, Marked
from drydock.errors import DrydockError


def other(side: str) -> str:
    return "B" if side == "A" else "A"


#: Rules whose words hold only on the book's map (A1-A3, B6, "A1 or B1") or with T's own numbers (2000 CR, x 20).
BOOK_FACTS: dict[str, tuple[str, ...]] = {"T.1(2)": ("fleet_limit",), "T.1(3)": ("map",), "T.1(4)": ("map",),
                                          "T.1(7)": ("rp_multiplier",), "T.1(7) home": ("map", "fleet_limit"),
                                          "T.1(8)": ("map",)}


def cite(rule: str, cmap: CampaignMap, rules: CampaignRules) -> str:
    """The rule quoted where the campaign plays it as the book words it; on another map or with the players' own
    numbers, the section and what the campaign plays instead (the book's A1-A3 is not quoted on a map whose
    sides start at A1-A2)."""
    differs = [fact for fact in BOOK_FACTS.get(rule, ())
               if (fact == "map" and not is_book_map(cmap)) or (fact != "map" and fact in rules.changed())]
    if not differs:
        return quote(rule)
    what = " and ".join("this campaign's map" if f == "map" else f"the players' {f.replace('_', ' ')}" for f in differs)
    return f"{rule}: \u201c{T_RULES_ELIDED[rule]}\u201d, with {what} in place of the book's"


def counted(n: int, noun: str, plural: str = "") -> str:
    """``1 ship``, ``2 ships``: a count and its noun agreeing."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def sides_text(sides: list[str], singular: str, plural: str) -> str:
    """``side A has ...`` or ``sides A and B have ...``: one subject, its verb agreeing."""
    return f"side {sides[0]} {singular}" if len(sides) == 1 else f"sides {' and '.join(sides)} {plural}"


def start(name: str, cmap: CampaignMap, rules: CampaignRules, sides: dict[str, Side]) -> Campaign:
    """A new campaign at turn 0 (placement orders due). T.1(2): each fleet within the limit (2000 CR)."""
    for side, s in sides.items():
        if not s.ships:
            raise DrydockError(f"side {side}: the fleet has no ships")
        total = s.total_cr()
        if total > rules.fleet_limit:
            raise DrydockError(f"side {side}: {s.fleet}: fleet total CR {total} is over the campaign's limit of "
                               f"{rules.fleet_limit} by {total - rules.fleet_limit} ({cite('T.1(2)', cmap, rules)})")
    c = Campaign(name=name, map=cmap, rules=rules, sides=sides)
    c.history.append(f"turn 0: campaign started; side A {sides['A'].total_cr()} CR, side B {sides['B'].total_cr()} CR")
    return c


def _side(c: Campaign, side: str) -> Side:
    key = side.strip().upper()
    if key not in SIDES:
        raise DrydockError(f"side {side!r}: a T.1 campaign has sides A and B")
    return c.sides[key]


def require_phase(c: Campaign, *allowed: str, doing: str) -> None:
    if c.phase == "over":
        raise DrydockError(f"the campaign is over ({'side ' + c.winner + ' won' if c.winner else 'ended'}); "
                           f"cannot {doing}")
    if c.phase not in allowed:
        due = ", ".join(b.at for b in c.due())
        hint = {"battles": f"the battles due ({due}) need results first",
                "supply": "the turn's supply is under way (campaign repair: each side's RP roll)",
                "orders": "orders are due (campaign orders, then campaign reveal)"}[c.phase]
        raise DrydockError(f"turn {c.turn}: cannot {doing} now: {hint}")


def give_orders(c: Campaign, side: str, moves: dict[str, str]) -> Campaign:
    """A side's secret orders for this turn (ship -> objective). Turn 0: T.1(3), every ship placed on one of the
    side's starting objectives; later turns: T.1(4), a ship moves to a connected objective or stays (ships not
    named stay). Orders given again replace the side's earlier ones until they are revealed."""
    require_phase(c, "orders", "supply", doing="give orders")
    c = next_turn(c) if c.phase == "supply" else copy.deepcopy(c)
    key = side.strip().upper()
    s = _side(c, key)
    orders: dict[str, str] = {}
    for name, target in moves.items():
        ship = c.ship(name, key) if _any_ship(c, name, key) else _refuse_ship(c, name, key)
        if not ship.active:
            raise DrydockError(f"side {key}: {ship.label()} was {ship.lost}; it takes no orders")
        if ship.id in orders:
            raise DrydockError(f"side {key}: two orders for {ship.label()}")
        obj = c.map.key(target)
        if c.turn == 0:
            if obj not in c.map.start[key]:
                raise DrydockError(f"side {key}: {ship.label()} cannot start at {obj}: side {key} starts among "
                                   f"{', '.join(c.map.start[key])} ({cite('T.1(3)', c.map, c.rules)})")
        elif obj != ship.at and obj not in c.map.links[ship.at or ""]:
            raise DrydockError(f"side {key}: {ship.label()} at {ship.at} cannot move to {obj}: {ship.at} links to "
                               f"{', '.join(c.map.links[ship.at or ''])} ({cite('T.1(4)', c.map, c.rules)})")
        orders[ship.id] = obj
    if c.turn == 0:
        missing = [x.label() for x in s.active() if x.id not in orders]
        if missing:
            raise DrydockError(f"side {key}: no starting objective for {', '.join(missing)} "
                               f"({cite('T.1(3)', c.map, c.rules)})")
    else:
        for x in s.active():
            orders.setdefault(x.id, x.at or c.map.home[key])
    s.orders = orders
    c.history.append(f"turn {c.turn}: side {key} recorded its {'placement' if c.turn == 0 else 'orders'} (secret)")
    return c


def _any_ship(c: Campaign, name: str, side: str) -> bool:
    key = name.strip().casefold()
    return any(key in (x.id.casefold(), x.name.casefold()) for x in c.sides[side].ships)


def _refuse_ship(c: Campaign, name: str, side: str) -> Ship:
    key = name.strip().casefold()
    for sd in SIDES:
        if sd != side and any(key in (x.id.casefold(), x.name.casefold()) for x in c.sides[sd].ships):
            raise DrydockError(f"side {side} cannot order {name!r}: it is a ship of side {sd}")
    known = ", ".join(x.id for x in c.sides[side].active())
    raise DrydockError(f"side {side} has no ship {name!r} (its ships: {known})")


def reveal(c: Campaign) -> Campaign:
    """T.1(5): both sides' orders revealed and carried out; a battle is due wherever both sides' ships meet."""
    require_phase(c, "orders", doing="reveal the orders")
    waiting = [sd for sd in SIDES if c.sides[sd].orders is None]
    if waiting:
        raise DrydockError(f"turn {c.turn}: {sides_text(waiting, 'has', 'have')} given no orders yet")
    c = copy.deepcopy(c)
    for sd in SIDES:
        s = c.sides[sd]
        for ship in s.active():
            ship.was_at = ship.at
            ship.at = (s.orders or {}).get(ship.id, ship.at)
        s.orders = None
    if c.turn == 0:
        c.history.append("turn 0: starting locations revealed")
        c.turn, c.phase = 1, "orders"
        return c
    for obj in c.map.links:
        here = {sd: [x.id for x in c.sides[sd].active() if x.at == obj] for sd in SIDES}
        if here["A"] and here["B"]:
            c.battles.append(BattleRecord(at=obj, turn=c.turn, ships=here))
    due = c.due()
    c.history.append(f"turn {c.turn}: orders revealed; "
                     + (f"battles due at {', '.join(b.at for b in due)}" if due else "no battle"))
    if due:
        c.phase = "battles"
        return c
    return _settle(c)


def enter_result(c: Campaign, at: str, *, destroyed: Iterable[str] = (), escaped: Iterable[str] = (),
                 damage: dict[str, Marked] | None = None, fought: str = "table", seed: int | None = None,
                 log: str | None = None) -> Campaign:
    """The result of the battle at ``at`` (T.1(5)): ships destroyed, ships escaped, and the damage (checked boxes
    by track, in total) each ship that survived or escaped carries. Refused when it names a ship that was not in
    the battle or leaves both sides' ships on the board ("the game continues until only one side's ships remain")."""
    require_phase(c, "battles", doing="enter a battle result")
    c = copy.deepcopy(c)
    b = c.battle_at(at)
    if b.fought is not None:
        raise DrydockError(f"the battle at {b.at} in turn {c.turn} already has its result ({b.fought})")
    in_battle = {i for ids in b.ships.values() for i in ids}

    def ship_in_battle(name: str, what: str) -> Ship:
        ship = c.ship(name)
        if ship.id not in in_battle:
            raise DrydockError(f"{what} {ship.label()}: it was not in the battle at {b.at} (there: "
                               f"{', '.join(sorted(in_battle))})")
        return ship

    lost = [ship_in_battle(n, "destroyed") for n in destroyed]
    fled = [ship_in_battle(n, "escaped") for n in escaped]
    both = {x.id for x in lost} & {x.id for x in fled}
    if both:
        raise DrydockError(f"{', '.join(sorted(both))}: a ship is destroyed or escaped, not both")
    for ships in (lost, fled):
        if len({x.id for x in ships}) != len(ships):
            raise DrydockError("a ship is named twice in the result")
    marks: dict[str, Marked] = {}
    for name, mark in (damage or {}).items():
        ship = ship_in_battle(name, "damage for")
        if ship.id in {x.id for x in lost}:
            raise DrydockError(f"damage for {ship.label()}: it was destroyed")
        mark.check(ship.boxes, ship.label())
        marks[ship.id] = mark
    gone = {x.id for x in lost} | {x.id for x in fled}
    remain = {sd for sd, ids in b.ships.items() if any(i not in gone for i in ids)}
    if len(remain) > 1:
        raise DrydockError(f"the battle at {b.at}: ships of both sides remain on the board; {quote('T.1(5) end')} "
                           "(name the ships destroyed or escaped)")
    for ship in lost:
        ship.lost = f"destroyed at {b.at}, turn {c.turn}"
    for ship_id, mark in marks.items():
        c.ship(ship_id).damage = mark
    b.fought, b.seed, b.log = fought, seed, log
    b.destroyed = sorted(x.id for x in lost)
    b.escaped = sorted(x.id for x in fled)
    b.winner = next(iter(remain), None)
    c.history.append(f"turn {c.turn}: battle at {b.at} ({fought}): "
                     + (f"side {b.winner}'s ships remain" if b.winner else "no ships remain")
                     + (f"; destroyed {', '.join(b.destroyed)}" if b.destroyed else "")
                     + (f"; escaped {', '.join(b.escaped)}" if b.escaped else ""))
    if not c.due():
        return _settle(c)
    return c


def _settle(c: Campaign) -> Campaign:
    """Once every battle has a result: escapes (T.1(5)), automatic repairs (T.1(6)), the end (T.1(8))."""
    fought = [b for b in c.battles if b.turn == c.turn]
    contested = {b.at: b for b in fought}
    for b in fought:
        for ship_id in b.escaped:
            ship = c.ship(ship_id)
            side = c.side_of(ship_id)
            back = ship.was_at or ship.at
            held = contested.get(back or "")
            if held is not None and held.winner != side:
                ship.lost = f"destroyed: escaped from {b.at} to {back}, contested and lost, turn {c.turn}"
                c.history.append(f"turn {c.turn}: {ship.label()} {ship.lost} ({quote('T.1(5) escape')})")
            else:
                ship.at = back
    if fought:
        for s in c.sides.values():
            for ship in s.active():
                ship.damage = ship.damage.repaired(c.rules.automatic_repair)
        c.history.append(f"turn {c.turn}: surviving ships repaired ({', '.join(c.rules.automatic_repair)}; hull "
                         "damage stays) (T.1(6))")
    c.phase = "supply"
    for sd in SIDES:
        home = c.map.home[other(sd)]
        if home in c.occupied(sd) and home not in c.occupied(other(sd)):
            c.winner, c.phase = sd, "over"
            c.history.append(f"turn {c.turn}: side {sd} occupies {home}, side {other(sd)}'s home: side {sd} wins "
                             "(T.1(8))")
    return c


def supply(c: Campaign, side: str, dice: tuple[int, int]) -> Campaign:
    """T.1(7): the side's RP roll: (two dice + objectives occupied) x 20, added to its saved RPs. Once both sides
    have rolled, the next turn's orders may be given (:func:`next_turn`)."""
    require_phase(c, "supply", doing="roll for RPs")
    c = copy.deepcopy(c)
    key = side.strip().upper()
    s = _side(c, key)
    if s.rolled is not None:
        raise DrydockError(f"side {key} has already rolled for RPs in turn {c.turn} ({s.rolled[0]} and {s.rolled[1]})")
    held = len(c.occupied(key))
    gain = replenishment(dice, held, c.rules)
    limits.check(f"side {key}: RPs saved after the roll", s.rp + gain, limits.CAMPAIGN_RP)
    s.rp += gain
    s.rolled = dice
    c.history.append(f"turn {c.turn}: side {key} rolls {dice[0]} and {dice[1]}, holds {counted(held, 'objective')}: "
                     f"({dice[0]} + {dice[1]} + {held}) x {c.rules.rp_multiplier} = {gain} RPs (T.1(7)); {s.rp} saved")
    return c


def next_turn(c: Campaign) -> Campaign:
    """T.1(8): "Repeat steps 4-7": once both sides have rolled for RPs, the next turn's orders are due."""
    waiting = [sd for sd in SIDES if c.sides[sd].rolled is None]
    if waiting:
        raise DrydockError(f"turn {c.turn}: {sides_text(waiting, 'has', 'have')} not rolled for RPs yet (T.1(7): "
                           "campaign repair --side ... --roll D1,D2)")
    c = copy.deepcopy(c)
    c.turn += 1
    c.phase = "orders"
    for sd in SIDES:
        c.sides[sd].rolled = None
    return c


def mend_hull(ship: Ship, points: int, rp: int, *, payer: str, costs: str) -> tuple[int, int]:
    """Repair ``points`` hull boxes of ``ship`` with ``rp`` RPs at hand (T.1(7), T.2(8): CR / hull size each,
    rounded up): ``(each, cost)`` after marking the boxes repaired; refused, with ``costs`` quoted, when the ship is
    lost, has fewer boxes checked, or ``payer`` cannot pay. The caller takes the cost from its RPs."""
    if not ship.active:
        raise DrydockError(f"{ship.label()} was {ship.lost}; it cannot be repaired")
    if points < 1 or points > ship.damage.hull:
        raise DrydockError(f"{ship.label()} has {ship.damage.hull} hull boxes checked; cannot repair {points}")
    each = hull_repair_cost(ship.cr, ship.hull)
    cost = each * points
    if cost > rp:
        raise DrydockError(f"{payer}: repairing {points} hull of {ship.label()} costs {points} x {each} = {cost} RPs; "
                           f"{payer} has {rp} ({costs})")
    ship.damage = Marked(**{**ship.damage.as_dict(), "hull": ship.damage.hull - points})
    return each, cost


def repair_hull(c: Campaign, side: str, name: str, points: int) -> Campaign:
    """T.1(7): repair ``points`` hull points of a ship at CR / hull size RPs each (rounded up), at once."""
    require_phase(c, "supply", "orders", doing="repair ships")
    c = copy.deepcopy(c)
    key = side.strip().upper()
    s = _side(c, key)
    ship = c.ship(name, key) if _any_ship(c, name, key) else _refuse_ship(c, name, key)
    each, cost = mend_hull(ship, points, s.rp, payer=f"side {key}", costs=quote("T.1(7) costs"))
    s.rp -= cost
    c.history.append(f"turn {c.turn}: side {key} repairs {points} hull of {ship.label()} for {points} x {each} = "
                     f"{cost} RPs (CR {ship.cr} / hull {ship.hull}, rounded up; T.1(7)); {s.rp} saved")
    return c


def buy_ship(ship: Ship, fleet: list[Ship], fleet_cr: int, in_play: Iterable[Ship], rp: int, limit: int, *,
             payer: str, where: str, costs: str, limit_rule: str) -> None:
    """A new starship bought for RPs equal to its CR (T.1(7), T.2(8)), never past the fleet ``limit``: refused, with
    the rule quoted, when its id is taken in ``in_play`` (the campaign or league), ``payer`` cannot pay or the fleet
    would pass the limit (``fleet_cr``: the fleet's CR now, its ``total_cr``); else joins ``fleet`` undamaged. The
    caller takes the CR from its RPs."""
    if any(x.id.casefold() == ship.id.casefold() for x in in_play):
        raise DrydockError(f"a ship with the id {ship.id!r} is already in the {where}; give another id")
    if ship.cr > rp:
        raise DrydockError(f"{payer}: {ship.label()} costs {counted(ship.cr, 'RP')} (its CR); {payer} has {rp} "
                           f"({costs})")
    total = fleet_cr + ship.cr
    if total > limit:
        raise DrydockError(f"{payer}: adding {ship.label()} (CR {ship.cr}) makes the fleet {total} CR, over {limit} "
                           f"({limit_rule})")
    ship.damage = Marked()
    fleet.append(ship)


def add_ship(c: Campaign, side: str, ship: Ship) -> Campaign:
    """T.1(7): a new starship for RPs equal to its CR, entering at the side's home objective; never past the
    fleet limit."""
    require_phase(c, "supply", "orders", doing="add ships")
    c = copy.deepcopy(c)
    key = side.strip().upper()
    s = _side(c, key)
    if c.turn == 0:
        raise DrydockError("ships are added with RPs (T.1(7)), from turn 1 on")
    buy_ship(ship, s.ships, s.total_cr(), (x for sd in SIDES for x in c.sides[sd].ships), s.rp, c.rules.fleet_limit,
             payer=f"side {key}", where="campaign", costs=quote("T.1(7) costs"),
             limit_rule=cite("T.1(7) home", c.map, c.rules))
    s.rp -= ship.cr
    ship.at = ship.was_at = c.map.home[key]
    if s.orders is not None:
        s.orders[ship.id] = ship.at
    c.history.append(f"turn {c.turn}: side {key} adds {ship.label()} (CR {ship.cr}) at {ship.at} for {ship.cr} "
                     f"RPs (T.1(7)); {s.rp} saved")
    return c


def concede(c: Campaign, side: str) -> Campaign:
    """T.1(8): "until either player concedes that defeat is inevitable"."""
    require_phase(c, "orders", "battles", "supply", doing="concede")
    c = copy.deepcopy(c)
    key = side.strip().upper()
    _side(c, key).conceded = True
    c.winner, c.phase = other(key), "over"
    c.history.append(f"turn {c.turn}: side {key} concedes; side {other(key)} wins (T.1(8))")
    return c


def check_tracks(marks: dict[str, int]) -> Marked:
    """A damage mapping (track -> boxes) as :class:`Marked`, refusing an unknown track by name."""
    unknown = [k for k in marks if k not in TRACKS]
    if unknown:
        raise DrydockError(f"damage: unknown track {unknown[0]!r} ({', '.join(TRACKS)})")
    return Marked(**marks)
