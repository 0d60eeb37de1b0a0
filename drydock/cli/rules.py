"""``drydock rules``: every trait, system and arc code of the active ruleset (book or house rules),
and ``--variables``, the names each rules formula may use (for writing house rules)."""

from __future__ import annotations

import json

import click

from drydock.cli.rating import rules_option
from drydock.errors import DrydockError

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
      options.NAME: {value: CHOICE}
      factions.FACTION: {...}          any of the above, for that faction's designs only
    Quote values that start with * (range: "*-6-12"). Full list: docs/house-rules.md.
    """
    if list_bundled:
        # lazy: keeps --help fast
        from drydock.formats.houserules import bundled_names

        names = bundled_names()
        if as_json:
            click.echo(json.dumps(names, indent=2))
        else:
            click.echo("".join(f"{name:<12} {text}\n" for name, text in names.items()), nl=False)
        return
    if variables:
        # lazy: keeps --help fast
        from drydock.core.rules.variables import format_variables

        click.echo(format_variables())
        return
    if "options" in views:
        # lazy: keeps --help fast
        from drydock.core.rules.play_options import COMPANION_OPTIONS, OPTIONS, format_companion_options, format_options
        from drydock.formats.houserules import load_ruleset

        if len(set(views)) > 1:
            raise DrydockError("the options view is listed on its own: drydock rules options")
        companion = bool(rules_file) and "companion" in load_ruleset(rules_file).play.raw  # CC.* options
        listed = OPTIONS + (COMPANION_OPTIONS if companion else ())
        click.echo(json.dumps([o.to_dict() for o in listed], indent=2) if as_json
                   else format_options() + (format_companion_options() if companion else ""), nl=as_json)
        return
    # lazy: keeps --help fast
    from drydock.core.rules.catalog import VIEWS, catalog, format_catalog
    from drydock.formats.houserules import load_ruleset

    chosen = tuple(dict.fromkeys(views)) or VIEWS
    cat = catalog(load_ruleset(rules_file))
    if as_json:
        click.echo(json.dumps({k: v for k, v in cat.items() if k == "rules" or k in chosen}, indent=2))
    else:
        click.echo(format_catalog(cat, chosen), nl=False)
