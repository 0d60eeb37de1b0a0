"""``drydock league``: a T.2 rotating campaign or T.3 tournament kept in one YAML file; each subcommand one
library call."""

from __future__ import annotations

import click


@click.group()
def league() -> None:
    """Keep an Appendix T league: T.2 rotating campaign or T.3 tournament, game by game (new, challenge, roll,
    result, fight, supply, show). docs/campaigns.md walks through both."""


def _echo(lines: list[str]) -> None:
    for line in lines:
        click.echo(line)


_FILE = click.argument("league_file", metavar="LEAGUE.yaml", type=click.Path(exists=True, dir_okay=False))


@league.command()
@click.argument("league_file", metavar="LEAGUE.yaml", type=click.Path(dir_okay=False))
@click.option("--kind", type=click.Choice(["T.2", "T.3"]), required=True,
              help="T.2 rotating campaign (three or more players) or T.3 tournament.")
@click.option("--fleet", "fleets", multiple=True, required=True, metavar="NAME[/PLAYER]=FLEET.yaml",
              help="An entrant and its fleet file (repeatable). T.2: the player's name; T.3: the fleet's name and "
                   "its player (two or three players field two fleets each).")
@click.option("--seed", default=1, show_default=True, help="The draws: T.2(2) initiative orders, T.3(2) lots.")
@click.option("--name", default="", help="The league's name [default: the file's name].")
@click.option("--fleet-limit", type=int, default=2000, show_default=True, help="T.2(1)/T.3(1)'s limit in CR.")
@click.option("--victories", type=int, help="T.2(9): the first to this many victories wins.")
@click.option("--rounds", type=int, help="T.2(9): after this many rounds, the most victories wins.")
@click.option("--battle-turns", type=int, default=30, show_default=True,
              help="Turn limit of a game the engine fights.")
def new(league_file: str, kind: str, fleets: tuple[str, ...], seed: int, name: str, fleet_limit: int,
        victories: int | None, rounds: int | None, battle_turns: int) -> None:
    """Start a league in LEAGUE.yaml from fleet files; a fleet over the limit is refused."""
    # lazy: keeps --help fast
    from drydock.insight.league_cli import new_from_options

    _echo(new_from_options(league_file, kind, fleets, seed=seed, name=name, fleet_limit=fleet_limit,
                           victories=victories, rounds=rounds, battle_turns=battle_turns))


@league.command()
@_FILE
@click.option("--accept", "accepted", metavar="PLAYER", help="The player who accepts battle (T.2(4)/(5)).")
@click.option("--all-decline", is_flag=True, help="Every player declines: the active player scores (T.2(6)).")
@click.option("--ships", multiple=True, metavar="PLAYER=SHIP,SHIP",
              help="The ships a player fields (default: largest first within the scenario's limit).")
def challenge(league_file: str, accepted: str | None, all_decline: bool, ships: tuple[str, ...]) -> None:
    """T.2: the active player's challenge, accepted or declined by the others in initiative order."""
    # lazy: keeps --help fast
    from drydock.insight.league_cli import challenge_from_options

    _echo(challenge_from_options(league_file, accepted, all_decline, ships))


@league.command()
@_FILE
@click.option("--game", "pair", metavar="A,B", help="T.3: the game (its two fleets).")
@click.option("--seed", type=int, help="Let drydock roll the two dice.")
@click.option("--dice", metavar="D1,D2", help="The two dice as rolled at the table.")
@click.option("--ships", multiple=True, metavar="FLEET=SHIP,SHIP",
              help="T.3: the ships a fleet fields (default: largest first within the scenario's limit).")
def roll(league_file: str, pair: str | None, seed: int | None, dice: str | None, ships: tuple[str, ...]) -> None:
    """Roll a game's scenario on Appendix S's chart: T.2(3) the active player's, T.3(3)/(7) a pairing's."""
    # lazy: keeps --help fast
    from drydock.insight.league_run import roll as run

    _echo(run(league_file, pair=pair, seed=seed, dice=dice, ships=ships)[0])


@league.command()
@_FILE
@click.option("--game", "pair", metavar="A,B", help="T.3: the game (its two fleets).")
@click.option("--winner", help="The winner (when the VPs do not tell).")
@click.option("--vp", metavar="VP,VP", help="Both sides' VPs, attacker (side A) first.")
@click.option("--destroyed", multiple=True, metavar="SHIP", help="A ship destroyed (T.2; repeatable).")
@click.option("--damage", multiple=True, metavar="SHIP=TRACK:BOXES,...",
              help="Boxes a surviving ship has checked in all (T.2; repeatable).")
def result(league_file: str, pair: str | None, winner: str | None, vp: str | None, destroyed: tuple[str, ...],
           damage: tuple[str, ...]) -> None:
    """Enter a game's result from the table."""
    # lazy: keeps --help fast
    from drydock.insight.league_run import result as run

    _echo(run(league_file, pair=pair, winner=winner, vp=vp, destroyed=destroyed, damage=damage)[0])


@league.command()
@_FILE
@click.option("--game", "pair", metavar="A,B", help="T.3: the game (its two fleets).")
@click.option("--seed", default=1, show_default=True, help="The battle's seed.")
def fight(league_file: str, pair: str | None, seed: int) -> None:
    """Fight a game by the engine under its scenario, each ship with the damage it carries; record the result."""
    # lazy: keeps --help fast
    from drydock.insight.league_run import fight as run

    _echo(run(league_file, pair=pair, seed=seed)[0])


@league.command()
@_FILE
@click.option("--player", required=True, help="The player.")
@click.option("--roll", "roll_text", metavar="D1,D2", help="The player's two dice for RPs (T.2(8)).")
@click.option("--seed", type=int, help="Let drydock roll the two dice (instead of --roll).")
@click.option("--hull", multiple=True, metavar="SHIP=POINTS", help="Repair hull points with RPs (repeatable).")
@click.option("--add", multiple=True, metavar="DESIGN.yaml[=NAME]", help="A new ship for RPs equal to its CR.")
def supply(league_file: str, player: str, roll_text: str | None, seed: int | None, hull: tuple[str, ...],
           add: tuple[str, ...]) -> None:
    """T.2(8): a player's RP roll, hull repairs and new ships; all or nothing."""
    # lazy: keeps --help fast
    from drydock.insight.league_run import supply_step

    _echo(supply_step(league_file, player, roll_text=roll_text, seed=seed, hull=hull, add=add)[0])


@league.command()
@_FILE
@click.option("--html", "html_file", type=click.Path(dir_okay=False),
              help="Also write the standings, games and fleets as an HTML page.")
@click.option("--force", is_flag=True, help="Overwrite an existing --html file.")
def show(league_file: str, html_file: str | None, force: bool) -> None:
    """The league's standings, games and fleets; --html a page."""
    # lazy: keeps --help fast
    from drydock.insight.league_page import show as run

    _echo(run(league_file, html_file=html_file, force=force))
