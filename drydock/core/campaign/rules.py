"""Appendix T as data: each rule a campaign applies, with its text, and the choices T leaves to the players.

Every entry of :data:`T_RULES` quotes the Unity Rulebook v2.0, Appendix T (pp.65-67). The numbers T gives
are the defaults of :class:`CampaignRules`; a campaign file's ``rules:`` block may change them (T.1:
"Players may elect to create something more involved and complex if they desire"), and the campaign
then says so. The arithmetic is exact (ints; T's one rounding, "rounded up", is ceiling division).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from drydock.errors import DrydockError

#: Rule -> the text of Appendix T it applies (quoted in code, docs and tests).
T_RULES: dict[str, str] = {
    "T.1(1)": "A campaign \u201cmap\u201d is generated. The simplest possible map is a series of branching "
              "\u201cobjectives\u201d [...] Players may elect to create something more involved and complex if "
              "they desire",
    "T.1(2)": "Each player assembles a fleet with a combat rating limit of 2000.",
    "T.1(3)": "Players secretly record the starting locations of their starships; one player begins with their "
              "ships dispersed among objectives A1-A3, while the other begins dispersed among objectives B1-B3.",
    "T.1(4)": "Players secretly record starship movement. A ship may move from its current objective to any "
              "connected objective. For example, on the above map, any ships located at objective B6 may move "
              "into objective B3, B5, C3, or C4.",
    "T.1(5)": "The dispositions of each player\u2019s fleet(s) are revealed. If any objective contains starships "
              "belonging to both players, a battle must be fought. [...] the game continues until only one "
              "side\u2019s ships remain on the game board. Starships may leave the battle by exiting the game board.",
    "T.1(5) end": "the game continues until only one side\u2019s ships remain on the game board.",
    "T.1(5) escape": "Any ships escaping the battle, either via the edge of the game board or through hyperspace "
                     "(B.10: Hyperdrive, p.33) must return to the objective previously occupied. If that objective "
                     "was also contested, and no longer remains in the player\u2019s possession, the ships are "
                     "considered to have been destroyed.",
    "T.1(6)": "If one or more battles were fought, any surviving starships automatically have all engine, shield, "
              "weapon, and equipment damage repaired, and carriers regain their full complement of fighters. "
              "Munitions are replenished as well. However, hull damage is not automatically repaired",
    "T.1(7)": "each player rolls two dice, adds the number of objectives occupied by their starships, and "
              "multiplies the total by 20. This is the number of replenishment points (RPs) received, which can "
              "be used to repair hull damage and/or add new starships.",
    "T.1(7) costs": "Adding a new starship requires a number of RPs equal to its combat rating. Repairing a hull "
                    "point requires a number of RPs equal to the ship\u2019s combat rating divided by its hull "
                    "size, rounded up.",
    "T.1(7) home": "Starship repairs take effect immediately. New ships enter the campaign at the player\u2019s home "
                   "objective (A1 or B1). RPs do not have to be used immediately; they may be \u201csaved\u201d for "
                   "later use. A player may not use RPs to increase their fleet\u2019s total combat rating to more "
                   "than 2000.",
    "T.1(8)": "Repeat steps 4-7. The campaign continues until one player occupies their opponent\u2019s home "
              "objective (A1 or B1), or until either player concedes that defeat is inevitable.",
    "T.2(2)": "Determine a player initiative order in any random fashion. Following this order, players alternate "
              "being the \u201cactive\u201d player.",
    "T.2(4)": "The next player in initiative order has the first choice of accepting battle with the active "
              "player or declining.",
    "T.2(5)": "If battle is declined, the next player in initiative order has the option to accept or decline.",
    "T.2(6)": "The winner of the scenario scores a victory. If no other player accepted battle, the active player "
              "automatically scores a victory.",
    "T.2(8)": "The player who lost the scenario rolls two dice and multiplies the total by 50. [...] Any player "
              "who declined battle also receives RPs; roll two dice and multiply the total by 25.",
    "T.2(9)": "Once all players have had a chance to be the active player, determine a new initiative order and "
              "start again.",
    "T.3(1)": "If only two or three players are available, each should assemble two separate fleets.",
    "T.3(2)": "In the event there are an odd number of fleets, there will be one fleet with a bye for the round.",
    "T.3(4)": "No fleet may be matched with the same opposing fleet more than once, nor may any fleet receive a "
              "bye in more than one round. (Again, if only two or three players are involved, a player\u2019s two "
              "fleets may not be matched with each other.)",
    "T.3(6)": "the top scoring fleet is matched against the fourth-highest scoring fleet; the second-highest "
              "scoring fleet is matched against the third-highest scoring fleet.",
    "T.3(6) two": "If only two players are involved in the tournament, skip the semi-final round and have each "
                  "player\u2019s top-scoring fleet play each other in the final",
    "T.3(6) three": "seeding is therefore determined by pitting the doubled player\u2019s top-scoring fleet against "
                    "the lower-scoring fleet of the two opposing fleets, and the doubled player\u2019s low-scoring "
                    "fleet against the higher-scoring of the two opposing fleets.",
}

#: The words of the rules that name the book's map (A1-A3, B6, "A1 or B1") or T's own numbers (2000, x 20), with
#: those words left out ("[...]"): what a campaign on another map or with the players' own numbers quotes.
T_RULES_ELIDED: dict[str, str] = {
    "T.1(2)": "Each player assembles a fleet with a combat rating limit [...]",
    "T.1(3)": "Players secretly record the starting locations of their starships [...]",
    "T.1(4)": "Players secretly record starship movement. A ship may move from its current objective to any "
              "connected objective.",
    "T.1(7)": "each player rolls two dice, adds the number of objectives occupied by their starships, and "
              "multiplies the total [...]. This is the number of replenishment points (RPs) received, which can "
              "be used to repair hull damage and/or add new starships.",
    "T.1(7) home": "Starship repairs take effect immediately. New ships enter the campaign at the player\u2019s home "
                   "objective [...]. RPs do not have to be used immediately; they may be \u201csaved\u201d for "
                   "later use. A player may not use RPs to increase their fleet\u2019s total combat rating to more "
                   "than [the fleet limit].",
    "T.1(8)": "Repeat steps 4-7. The campaign continues until one player occupies their opponent\u2019s home "
              "objective [...], or until either player concedes that defeat is inevitable.",
}

#: The tracks T.1(6) repairs after a battle ("engine, shield, weapon, and equipment damage"); hull is kept.
AUTOMATIC_REPAIR = ("engines", "shields", "weapons")


def quote(rule: str) -> str:
    """``T.1(7): "..."`` for a message or a page."""
    return f"{rule}: \u201c{T_RULES[rule]}\u201d"


@dataclass(frozen=True)
class CampaignRules:
    """T's numbers and the players' choices; the defaults are T.1 as written.

    ``fleet_limit`` T.1(2) and T.1(7) ("a combat rating limit of 2000"); ``rp_multiplier`` T.1(7) ("multiplies the
    total by 20"): the repair rate the players may change; ``automatic_repair`` T.1(6) (tracks repaired after a
    battle: engines, shields, weapons; equipment and fighters go with weapons in drydock's tracks);
    ``battle_turns`` the turn limit of a battle the engine fights (T.1(5) has none: a battle still undecided
    is not recorded).
    """

    fleet_limit: int = 2000
    rp_multiplier: int = 20
    automatic_repair: tuple[str, ...] = AUTOMATIC_REPAIR
    battle_turns: int = 30

    def __post_init__(self) -> None:
        for name, low, high in (("fleet_limit", 1, 1_000_000), ("rp_multiplier", 0, 10_000), ("battle_turns", 1, 1000)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise DrydockError(f"campaign rules: {name} must be a whole number {low}-{high:,} (not {value!r})")
        for track in self.automatic_repair:
            if track not in ("hull", *AUTOMATIC_REPAIR):
                raise DrydockError(f"campaign rules: automatic_repair: unknown track {track!r} (hull, engines, "
                                   "shields, weapons)")

    def changed(self) -> dict[str, Any]:
        """The choices that differ from T.1 as written (a campaign says it plays them)."""
        book = CampaignRules()
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(book, f.name)}

    def as_dict(self) -> dict[str, Any]:
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}

    def with_values(self, values: dict[str, Any]) -> CampaignRules:
        unknown = sorted(set(values) - {f.name for f in fields(self)})
        if unknown:
            raise DrydockError(f"campaign rules: unknown choice {unknown[0]!r} (fleet_limit, rp_multiplier, "
                               "automatic_repair, battle_turns)")
        if "automatic_repair" in values:
            values = {**values, "automatic_repair": tuple(values["automatic_repair"])}
        return replace(self, **values)


def check_dice(dice: tuple[int, ...], count: int = 2, rule: str = "T.1(7)") -> tuple[int, ...]:
    """``count`` six-sided dice as rolled at the table (each 1-6)."""
    if len(dice) != count or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
        raise DrydockError(f"{rule} rolls {count} dice, each 1-6 (not {', '.join(map(str, dice)) or 'none'})")
    return dice


def replenishment(dice: tuple[int, int], objectives: int, rules: CampaignRules) -> int:
    """T.1(7): (two dice + objectives occupied) x 20 RPs. The book's example: 8 objectives, 2 and 5 -> 300."""
    check_dice(dice)
    return (sum(dice) + objectives) * rules.rp_multiplier


def hull_repair_cost(cr: int, hull: int) -> int:
    """T.1(7): RPs to repair one hull point: CR / hull size, rounded up (hull 10, CR 225 -> 23)."""
    if hull < 1:
        raise DrydockError(f"a ship of hull size {hull} has no hull points to repair")
    return -(-cr // hull)


def rotating_replenishment(dice: tuple[int, int], role: str) -> int:
    """T.2(8): the loser rolls two dice x 50 RPs, a player who declined two dice x 25; the winner none."""
    check_dice(dice, rule="T.2(8)")
    per = {"lost": 50, "declined": 25, "won": 0}
    if role not in per:
        raise DrydockError(f"T.2(8): a player lost, declined or won (not {role!r})")
    return sum(dice) * per[role]
