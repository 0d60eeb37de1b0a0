"""T.2 Rotating Campaign: the initiative order, who is active, who answers the challenge, victories and RPs.

T.2(2): "Determine a player initiative order in any random fashion. Following this order, players alternate
being the \u201cactive\u201d player." T.2(4)/(5): the next players in initiative order accept or decline in turn;
T.2(6) the winner scores a victory (the active player, when nobody accepts); T.2(8) RPs for the loser and
for those who declined (:func:`drydock.core.campaign.rules.rotating_replenishment`); T.2(9) a new order once
every player has been active. The randomness is injected (a ``random.Random``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from drydock.core.campaign.rules import quote, rotating_replenishment
from drydock.errors import DrydockError


def initiative_order(players: Sequence[str], rng: random.Random) -> list[str]:
    """T.2(2): the players in a random initiative order (T.2(9): a new one each round)."""
    names = [p.strip() for p in players]
    if len(names) < 3:
        raise DrydockError(f"T.2 is for three or more players (T.1 is the two-player campaign); {len(names)} given")
    if len({n.casefold() for n in names}) != len(names) or not all(names):
        raise DrydockError("T.2: each player needs a name of their own")
    order = list(names)
    rng.shuffle(order)
    return order


def challengers(order: Sequence[str], active: str) -> list[str]:
    """T.2(4)/(5): the players who may accept battle with ``active``, in the order they are asked (the next in
    initiative order first, round the table)."""
    if active not in order:
        raise DrydockError(f"T.2: {active!r} is not in the initiative order ({', '.join(order)})")
    i = list(order).index(active)
    return list(order[i + 1:]) + list(order[:i])


@dataclass
class Game:
    """One active player's turn of T.2: who accepted (None: nobody), who declined, who won."""

    active: str
    accepted: str | None
    declined: list[str]
    winner: str
    loser: str | None


@dataclass
class League:
    """A T.2 rotating campaign's record: victories and RPs of each player, the games played."""

    players: list[str]
    victories: dict[str, int] = field(default_factory=dict)
    rp: dict[str, int] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)

    def play(self, order: Sequence[str], active: str, accepted: str | None, winner: str | None,
             dice: dict[str, tuple[int, int]]) -> Game:
        """Record ``active``'s turn: ``accepted`` (None: every challenger declined, T.2(6): the active player
        scores the victory), the ``winner`` of the scenario, and the T.2(8) dice of the loser and decliners."""
        asked = challengers(order, active)
        if accepted is None:
            declined, won, lost = asked, active, None
        else:
            if accepted not in asked:
                raise DrydockError(f"T.2: {accepted!r} is not a player who could accept ({', '.join(asked)})")
            declined = asked[:asked.index(accepted)]  # T.2(5): asked in order until one accepts
            if winner not in (active, accepted):
                raise DrydockError(f"T.2(6): the winner is {active} or {accepted}, not {winner!r}")
            won, lost = winner, accepted if winner == active else active
        game = Game(active, accepted, declined, won, lost)
        owed = ([lost] if lost else []) + declined
        extra = sorted(set(dice) - set(owed))
        if extra:
            raise DrydockError(f"T.2(8): {extra[0]} receives no RPs this game (only the loser and those who "
                               f"declined roll); {quote('T.2(8)')}")
        for who in owed:
            if who not in dice:
                raise DrydockError(f"T.2(8): {who} rolls two dice for RPs ({'lost' if who == lost else 'declined'})")
            self.rp[who] = self.rp.get(who, 0) + rotating_replenishment(dice[who], "lost" if who == lost
                                                                          else "declined")
        self.victories[won] = self.victories.get(won, 0) + 1
        self.games.append(game)
        return game

    def standings(self) -> list[tuple[str, int, int]]:
        """(player, victories, RPs), most victories first (ties in the order of ``players``)."""
        return sorted(((p, self.victories.get(p, 0), self.rp.get(p, 0)) for p in self.players),
                      key=lambda row: -row[1])
