"""T.2 and T.3 as data: the text of each rule a league applies (Unity Rulebook v2.0, Appendix T, pp.66-67) and
the numbers T gives, which a league file's ``rules:`` may change (the league then says so).

The quotes of T.2(2)/(4)/(5)/(6)/(8)/(9) and T.3(1)/(2)/(4)/(6) already used by ``drydock campaign rotation`` and
``tournament`` are :data:`drydock.core.campaign.rules.T_RULES`; this table adds the rest and :func:`quote` reads
both.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from drydock.core.campaign.rules import AUTOMATIC_REPAIR, T_RULES
from drydock.errors import DrydockError

#: Rule -> the text of Appendix T it applies, beyond :data:`T_RULES`.
LEAGUE_RULES: dict[str, str] = {
    "T.2(1)": "Each player assembles a fleet with a combat rating limit of 2000.",
    "T.2(3)": "The active player randomly determines a scenario (Appendix S: Scenarios, p.58).",
    "T.2(5) forces": "If battle is accepted, the two players play out the scenario. The active player is assumed to "
                     "be the attacker. In most cases, the scenario combat rating limit will be less than the size of "
                     "a player\u2019s fleet; therefore, only a portion of the fleet will be used in the scenario. If "
                     "the player\u2019s fleet has a total combat rating less than the scenario\u2019s combat rating "
                     "limit, the player does not receive additional forces to make up the difference.",
    "T.2(7)": "If a battle was fought, any starships that survive the scenario automatically have all engine, "
              "shield, weapon, and equipment damage repaired, and carriers regain their full complement of "
              "fighters. Munitions are replenished as well. However, hull damage is not automatically repaired",
    "T.2(8) costs": "Adding a new starship requires a number of RPs equal to its combat rating. Repairing a hull "
                    "point requires a number of RPs equal to the ship\u2019s combat rating divided by its hull size, "
                    "rounded up.",
    "T.2(8) limit": "RPs do not have to be used immediately; they may be \u201csaved\u201d for later use. A player "
                    "may not use RPs to increase their fleet\u2019s total combat rating to more than 2000.",
    # The extraction interleaves two columns here; the sentence reassembled in the book's order:
    "T.2(9) end": "The first player to score a pre-determined number of victories wins the campaign. Alternatively, "
                  "the campaign may last for a pre-determined number of \u201crounds\u201d, at the end of which the "
                  "player with the most victories wins.",
    "T.3(1) limit": "Each player assembles a fleet of with a total combat rating no greater than 2000.",
    "T.3(3)": "Each pair of matched fleets randomly determines a scenario (Appendix S: Scenarios, p.58) and plays the "
              "game. [...] Once the battle is concluded, record the number of VPs scored by each fleet.",
    "T.3(5)": "Repeat steps 3-4 until all fleets have fought one scenario against each opposing fleet. All damaged "
              "or destroyed starships are fully repaired and/or replaced in between scenarios.",
    "T.3(7)": "For each semi-final game, randomly determine a scenario and play the game.",
    "T.3(8)": "The winners of the semi-final games then randomly determine a scenario and play one final game to "
              "determine the overall winner. In a three-player tournament, if the same player won both semi-final "
              "games, the final scenario is played between the doubled player\u2019s top-scoring fleet (in the "
              "semi-finals) and the higher-scoring of the two opposing fleets.",
}


def quote(rule: str) -> str:
    """``T.2(8): "..."`` for a message or a page (from either table)."""
    return f"{rule}: \u201c{LEAGUE_RULES.get(rule) or T_RULES[rule]}\u201d"


@dataclass(frozen=True)
class LeagueRules:
    """T.2's and T.3's numbers and the players' choices; the defaults are the book's.

    ``fleet_limit`` T.2(1)/T.3(1) (2000); ``loser_rp``/``declined_rp`` T.2(8) (two dice x 50 / x 25);
    ``automatic_repair`` T.2(7) (the tracks a game's survivors get back); ``victories`` and ``rounds`` T.2(9)'s
    "pre-determined number" (None: not agreed; the league goes on); ``battle_turns`` the turn limit of a game
    the engine fights; ``battle_size`` 2.2's size of a standard scenario (Appendix S's roll 51-66).
    """

    fleet_limit: int = 2000
    loser_rp: int = 50
    declined_rp: int = 25
    automatic_repair: tuple[str, ...] = AUTOMATIC_REPAIR
    victories: int | None = None
    rounds: int | None = None
    battle_turns: int = 30
    battle_size: str = "very large"

    def __post_init__(self) -> None:
        for name, low, high in (("fleet_limit", 1, 1_000_000), ("loser_rp", 0, 10_000), ("declined_rp", 0, 10_000),
                                ("battle_turns", 1, 1000), ("victories", 1, 10_000), ("rounds", 1, 10_000)):
            value = getattr(self, name)
            if value is None and name in ("victories", "rounds"):
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise DrydockError(f"league rules: {name} must be a whole number {low}-{high:,} (not {value!r})")
        for track in self.automatic_repair:
            if track not in ("hull", *AUTOMATIC_REPAIR):
                raise DrydockError(f"league rules: automatic_repair: unknown track {track!r} (hull, engines, "
                                   "shields, weapons)")
        if self.battle_size not in ("very small", "small", "medium", "large", "very large"):
            raise DrydockError(f"league rules: battle_size {self.battle_size!r} (2.2: very small, small, medium, "
                               "large, very large)")

    def changed(self) -> dict[str, Any]:
        """The choices that differ from the book (a league says it plays them)."""
        book = LeagueRules()
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(book, f.name)}

    def as_dict(self) -> dict[str, Any]:
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}

    def with_values(self, values: dict[str, Any]) -> LeagueRules:
        unknown = sorted(set(values) - {f.name for f in fields(self)})
        if unknown:
            raise DrydockError(f"league rules: unknown choice {unknown[0]!r} "
                               f"({', '.join(f.name for f in fields(self))})")
        if "automatic_repair" in values:
            values = {**values, "automatic_repair": tuple(values["automatic_repair"])}
        return replace(self, **values)
