"""Listing the rules for ``drydock rules``: the catalog of traits, systems and arc codes (book or house rules),
the optional rules of Appendices D-G and S, the bundled rulesets, and the variables of each rules formula (a
library call, as :mod:`drydock.insight.rate_files` is for ``rate``)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from drydock.core.rules.catalog import VIEWS, catalog, format_catalog
from drydock.core.rules.play_options import COMPANION_OPTIONS, OPTIONS, format_companion_options, format_options
from drydock.core.rules.variables import format_variables
from drydock.errors import DrydockError
from drydock.formats.houserules import bundled_names, load_ruleset


@dataclass
class RulesListing:
    """What ``drydock rules`` prints."""

    #: the listing (text tables or JSON), for standard output
    text: str
    exit_status: int = 0


def rules_listing(views: tuple[str, ...] = (), *, as_json: bool = False, variables: bool = False,
                  list_bundled: bool = False, rules_file: str | None = None) -> RulesListing:
    """The listing ``drydock rules`` prints, by precedence: ``list_bundled`` the bundled rulesets' names;
    ``variables`` the names each rules formula may use; the ``options`` view (on its own: with another view it
    is a DrydockError) the optional rules, terrain and scenarios; otherwise the catalog's ``views`` (``traits``,
    ``systems``, ``arcs``; default all) under ``rules_file``. ``as_json`` gives JSON where the listing has it."""
    if list_bundled:
        names = bundled_names()
        if as_json:
            return RulesListing(json.dumps(names, indent=2) + "\n")
        return RulesListing("".join(f"{name:<12} {text}\n" for name, text in names.items()))
    if variables:
        return RulesListing(format_variables() + "\n")
    if "options" in views:
        if len(set(views)) > 1:
            raise DrydockError("the options view is listed on its own: drydock rules options")
        companion = bool(rules_file) and "companion" in load_ruleset(rules_file).play.raw  # the CC.* options
        listed = OPTIONS + (COMPANION_OPTIONS if companion else ())
        if as_json:
            return RulesListing(json.dumps([o.to_dict() for o in listed], indent=2) + "\n")
        return RulesListing(format_options() + (format_companion_options() if companion else ""))
    chosen = tuple(dict.fromkeys(views)) or VIEWS
    cat = catalog(load_ruleset(rules_file))
    if as_json:
        return RulesListing(json.dumps({k: v for k, v in cat.items() if k == "rules" or k in chosen}, indent=2) + "\n")
    return RulesListing(format_catalog(cat, chosen))
