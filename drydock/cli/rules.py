"""``drydock rules``: every trait, system and arc code of the active ruleset (book or house rules),
and ``--variables``, the names each rules formula may use (for writing house rules)."""

from __future__ import annotations

import sys

import click

from drydock.cli.rating import rules_option

variables_option = click.option("--variables", is_flag=True,
                                help="List the variables each formula of a house-rule file may use.")


@click.command()
@click.argument("views", nargs=-1, type=click.Choice(["traits", "systems", "arcs", "options"]))
@click.option("--json", "as_json", is_flag=True, help="Print the catalog as JSON.")
@variables_option
@click.option("--list", "list_bundled", is_flag=True, help="List the bundled rulesets that --rules NAME accepts.")
@rules_option
def rules(views: tuple[str, ...], as_json: bool, variables: bool, list_bundled: bool, rules_file: str | None) -> None:
    """List weapon traits, systems and arc codes (VIEWS: traits, systems, arcs; default all), or the optional
    rules, terrain and scenarios of Appendices D-G and S (VIEW options: section, name, summary, simulated).

    Traits show abbreviation, multiplier, restrictions and section; systems their SU cost,
    ORAT and DRAT effects, quantity rule and section; arc codes their component arcs.
    With --rules FILE or NAME the house values are shown; --list names the bundled rulesets.
    --variables lists what each formula may use.

    \b
    A house-rule file (YAML) overrides the Unity tables by the same keys; mappings merge:
      name: LABEL                      shown beside a house-rule CR (marked *)
      formulas.NAME: {expr: "..."}     e.g. combat_rating, total_su, bsur (see --variables)
      traits.ABBR: {multiplier: "2.5", stage, range_based, defensive, max_count, requires}
      systems.NAME: {type: E|M|T, su: "n * 10", orat, drat_mult, drat_add, multiples: true,
                     tech: engines|shields|weapons|fighters, unit, requires, abbr, section}
                     (type may also be its name: equipment, munitions, ship trait)
      options.NAME: {value: CHOICE}
      factions.FACTION: {...}          any of the above, for that faction's designs only
    Quote values that start with * (range: "*-6-12"). Full list: docs/house-rules.md.
    """
    # lazy: keeps --help fast
    from drydock.cli.rules_listing import rules_listing

    run = rules_listing(views, as_json=as_json, variables=variables, list_bundled=list_bundled, rules_file=rules_file)
    click.echo(run.text, nl=False)
    sys.exit(run.exit_status)
