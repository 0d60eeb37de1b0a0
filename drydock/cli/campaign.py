"""``drydock campaign``: a campaign of Appendix T kept in one YAML file; each subcommand one library call."""

from __future__ import annotations

import click


@click.group()
def campaign() -> None:
    """Keep an Appendix T campaign: T.1 objectives (new, orders, reveal, result, fight, repair, show),
    T.2 rotation, T.3 tournament. docs/campaigns.md walks through one."""


def _echo(lines: list[str]) -> None:
    # lazy: keeps --help fast
    from drydock.errors import inline

    for line in lines:
        click.echo(inline(line))  # names from a traded campaign file never reach the terminal as control characters


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(dir_okay=False))
@click.option("--side", "sides", nargs=2, multiple=True, required=True, metavar="A|B FLEET.yaml",
              help="A side and its fleet file, in the campaign's folder (give --side A and --side B).")
@click.option("--player", "players", nargs=2, multiple=True, metavar="A|B NAME", help="A side's player.")
@click.option("--map", "map_file", type=click.Path(exists=True, dir_okay=False),
              help="A map file (drydock_map: 1) instead of the T.1 map.")
@click.option("--name", default="", help="The campaign's name [default: the file's name].")
@click.option("--fleet-limit", type=int, default=2000, show_default=True,
              help="T.1(2)'s fleet limit in CR (the players may agree another).")
@click.option("--rp-multiplier", type=int, default=20, show_default=True,
              help="T.1(7)'s repair rate: RPs per point of (two dice + objectives held).")
@click.option("--battle-turns", type=int, default=30, show_default=True,
              help="Turn limit of a battle the engine fights (T.1(5) fights until one side remains).")
def new(campaign_file: str, sides: tuple[tuple[str, str], ...], players: tuple[tuple[str, str], ...],
        map_file: str | None, name: str, fleet_limit: int, rp_multiplier: int, battle_turns: int) -> None:
    """Start a T.1 campaign in CAMPAIGN.yaml from two fleets; a fleet over the limit is refused."""
    # lazy: keeps --help fast
    from drydock.core.campaign.rules import CampaignRules
    from drydock.errors import DrydockError
    from drydock.insight.campaign_run import new_campaign

    by_side = {k.strip().upper(): v for k, v in sides}
    if sorted(by_side) != ["A", "B"] or len(sides) != 2:
        raise DrydockError("give --side A FLEET.yaml and --side B FLEET.yaml")
    if len({k.strip().upper() for k, _ in players}) != len(players):
        raise DrydockError("give each side's --player once")
    rules = CampaignRules(fleet_limit=fleet_limit, rp_multiplier=rp_multiplier, battle_turns=battle_turns)
    _echo(new_campaign(campaign_file, by_side, players={k.strip().upper(): v for k, v in players},
                       map_file=map_file, name=name, rules=rules).lines)


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
@click.option("--side", required=True, help="A or B.")
@click.option("--file", "orders_file", type=click.Path(exists=True, dir_okay=False),
              help="An orders file (orders: {SHIP: OBJECTIVE}).")
@click.option("--move", "moves", multiple=True, metavar="SHIP=OBJECTIVE", help="One ship's order (repeatable).")
def orders(campaign_file: str, side: str, orders_file: str | None, moves: tuple[str, ...]) -> None:
    """Record a side's secret orders: starting objectives on turn 0 (T.1(3)), moves after (T.1(4))."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_run import give_orders

    _echo(give_orders(campaign_file, side, orders_file=orders_file, moves=moves).lines)


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
def reveal(campaign_file: str) -> None:
    """Reveal both sides' orders, move the ships and list the battles due (T.1(5))."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_run import reveal as run

    _echo(run(campaign_file).lines)


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", required=True, help="The objective of the battle.")
@click.option("--destroyed", multiple=True, metavar="SHIP", help="A ship destroyed (repeatable).")
@click.option("--escaped", multiple=True, metavar="SHIP", help="A ship that left the board or jumped (repeatable).")
@click.option("--damage", multiple=True, metavar="SHIP=TRACK:BOXES,...",
              help="Boxes a surviving ship has checked in all, e.g. Majestic=hull:2,engines:1 (repeatable).")
def result(campaign_file: str, at: str, destroyed: tuple[str, ...], escaped: tuple[str, ...],
           damage: tuple[str, ...]) -> None:
    """Enter the result of a battle fought at the table (T.1(5))."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_run import enter_result

    _echo(enter_result(campaign_file, at, destroyed=destroyed, escaped=escaped, damage=damage).lines)


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", required=True, help="The objective of the battle.")
@click.option("--seed", default=1, show_default=True, help="The battle's seed.")
@click.option("--log", "log_file", type=click.Path(dir_okay=False),
              help="The battle's log, in the campaign's folder [default: CAMPAIGN.turnN-OBJECTIVE.log beside the "
                   "campaign].")
def fight(campaign_file: str, at: str, seed: int, log_file: str | None) -> None:
    """Fight a battle by the engine, each ship with the damage it carries; record the result and keep the log."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_run import fight as run

    _echo(run(campaign_file, at, seed=seed, log_file=log_file).lines)


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
@click.option("--side", required=True, help="A or B.")
@click.option("--roll", metavar="D1,D2", help="The side's two dice for RPs, as rolled at the table (T.1(7)).")
@click.option("--seed", type=int, help="Let drydock roll the two dice (instead of --roll).")
@click.option("--hull", multiple=True, metavar="SHIP=POINTS", help="Repair hull points with RPs (repeatable).")
@click.option("--add", multiple=True, metavar="DESIGN.yaml[=NAME]",
              help="A new ship for RPs equal to its CR, at the home objective (repeatable); the design file lies in "
                   "the campaign's folder.")
def repair(campaign_file: str, side: str, roll: str | None, seed: int | None, hull: tuple[str, ...],
           add: tuple[str, ...]) -> None:
    """A side's replenishment: the RP roll, hull repairs and new ships (T.1(7)); all or nothing."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_run import repair as run

    _echo(run(campaign_file, side, roll=roll, seed=seed, hull=hull, add=add).lines)


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
@click.option("--side", required=True, help="The side that concedes (T.1(8)).")
def concede(campaign_file: str, side: str) -> None:
    """A side concedes that defeat is inevitable (T.1(8))."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_run import concede as run

    _echo(run(campaign_file, side).lines)


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
@click.option("--side", help="Show this side's secret orders too (A or B).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False),
              help="Also write the map and rosters as an HTML page.")
@click.option("--force", is_flag=True, help="Overwrite an existing --html file.")
def show(campaign_file: str, side: str | None, html_file: str | None, force: bool) -> None:
    """The campaign's state: turn, ships by objective with their damage, battles; --html a page."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_page import show as run

    _echo(run(campaign_file, side=side, html_file=html_file, force=force))


@campaign.command()
@click.argument("campaign_file", metavar="CAMPAIGN.yaml", type=click.Path(exists=True, dir_okay=False))
@click.option("--side", required=True, help="A or B.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The PDF booklet to write.")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), help="Also write the sheets as HTML.")
@click.option("--force", is_flag=True, help="Overwrite existing output files.")
def ssd(campaign_file: str, side: str, output: str, html_file: str | None, force: bool) -> None:
    """Print a side's display sheets with the damage each ship carries checked off, and its roster."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_run import ssd as run

    _echo(run(campaign_file, side, output, html_file=html_file, force=force).lines)


@campaign.command()
@click.argument("players", nargs=-1, required=True)
@click.option("--seed", default=1, show_default=True, help="The draw of the initiative order.")
@click.option("--game", "games", multiple=True, metavar="ACTIVE,ACCEPTED,WINNER,PLAYER=D1+D2,...",
              help="An active player's game (ACCEPTED and WINNER '-' when all declined) with the RP dice of the "
                   "loser and those who declined (repeatable): adds victories, RPs and standings.")
def rotation(players: tuple[str, ...], seed: int, games: tuple[str, ...]) -> None:
    """T.2 rotating campaign: a random initiative order, who is asked in turn; --game: victories and RPs."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_league import rotation as run

    _echo(run(players, seed, games))


@campaign.command()
@click.option("--fleet", "fleets", multiple=True, required=True, metavar="FLEET=PLAYER",
              help="A fleet and its player (repeatable; two or three players field two fleets each).")
@click.option("--game", "games", multiple=True, metavar="FLEET,FLEET,VP,VP",
              help="A group game's VPs (repeatable): adds the standings and the knockout seeding.")
@click.option("--seed", default=1, show_default=True, help="The draw of the first round.")
def tournament(fleets: tuple[str, ...], games: tuple[str, ...], seed: int) -> None:
    """T.3 tournament: the group stage's rounds; with --game, standings and knockout seeding."""
    # lazy: keeps --help fast
    from drydock.insight.campaign_league import tournament as run

    _echo(run(fleets, games, seed))
