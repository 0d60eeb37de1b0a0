"""T.2(8) replenishment on a :class:`League`: the RP roll of the loser (two dice x 50) and of each player who
declined (two dice x 25), hull repairs at the T.1 price (CR / hull size, rounded up) and new ships at their CR,
never past the fleet limit. The arithmetic is the T.1 campaign's (:mod:`drydock.core.campaign.rules`)."""

from __future__ import annotations

import copy

from drydock.core.campaign.rules import check_dice
from drydock.core.campaign.state import Ship
from drydock.core.campaign.turns import buy_ship, mend_hull
from drydock.core.league.rules import quote
from drydock.core.league.state import League
from drydock.errors import DrydockError


def rp_roll(lg: League, who: str, dice: tuple[int, int]) -> League:
    """T.2(8): ``who``'s RP roll after the last game it is owed in: two dice x 50 (lost) or x 25 (declined)."""
    lg = copy.deepcopy(lg)
    e = lg.entrant(who)
    game = next((g for g in reversed(lg.games) if e.name in g.owed() and e.name not in g.rp_dice), None)
    if game is None:
        raise DrydockError(f"{e.name} is owed no RP roll (T.2(8): the loser and those who declined roll); "
                           f"{quote('T.2(8)')}")
    check_dice(dice, rule="T.2(8)")
    role = "declined" if e.name in game.declined else "lost"
    per = lg.rules.declined_rp if role == "declined" else lg.rules.loser_rp
    gain = sum(dice) * per
    e.rp += gain
    game.rp_dice[e.name] = dice
    lg.history.append(f"round {game.round}: {e.name} ({role}) rolls {dice[0]} and {dice[1]}: ({dice[0]} + {dice[1]}) "
                      f"x {per} = {gain} RPs (T.2(8)); {e.rp} saved")
    return lg


def repair_hull(lg: League, who: str, name: str, points: int) -> League:
    """T.2(8): repair ``points`` hull points of a ship at CR / hull size RPs each (rounded up)."""
    lg = copy.deepcopy(lg)
    e = lg.entrant(who)
    ship = e.ship(name)
    each, cost = mend_hull(ship, points, e.rp, payer=e.name, costs=quote("T.2(8) costs"))
    e.rp -= cost
    lg.history.append(f"round {lg.round}: {e.name} repairs {points} hull of {ship.label()} for {points} x {each} = "
                      f"{cost} RPs (CR {ship.cr} / hull {ship.hull}, rounded up; T.2(8)); {e.rp} saved")
    return lg


def add_ship(lg: League, who: str, ship: Ship) -> League:
    """T.2(8): a new starship for RPs equal to its CR, never past the fleet limit (2000)."""
    lg = copy.deepcopy(lg)
    e = lg.entrant(who)
    buy_ship(ship, e.ships, e.total_cr(), (x for f in lg.entrants.values() for x in f.ships), e.rp,
             lg.rules.fleet_limit, payer=e.name, where="league", costs=quote("T.2(8) costs"),
             limit_rule=quote("T.2(8) limit"))
    e.rp -= ship.cr
    lg.history.append(f"round {lg.round}: {e.name} adds {ship.label()} (CR {ship.cr}) for {ship.cr} RPs (T.2(8)); "
                      f"{e.rp} saved")
    return lg
