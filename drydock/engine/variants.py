"""The ruleset variants a ship may play, found through one registry (issue 43).

:data:`VARIANTS` lists each rules class (:class:`~drydock.engine.ship_rules.UnityRules` and its subclasses), the
book's last. :func:`rules_for` gives a ship the rules of the first variant that claims its spec
(:meth:`~drydock.engine.ship_rules.UnityRules.for_spec`: Appendix X ships theirs), else Unity's; :func:`set_up` runs
each variant's set-up hook once the battle's ships are built (the Companion gives its ships their rules and state
then, with the battle's options), beside the Combat Phase's ``combat_start``. Nothing else asks which variant a ship
plays.
"""

from __future__ import annotations

from drydock.engine.companion_play import CompanionShip
from drydock.engine.legacy_rules import LegacyRules
from drydock.engine.ship_rules import UNITY, UnityRules
from drydock.engine.ships import ShipRules, ShipSpec
from drydock.engine.table_view import TableView

#: every rules class a ship may play, in the order their set-up runs; Unity (the default) last
VARIANTS: tuple[type[UnityRules], ...] = (LegacyRules, CompanionShip, UnityRules)


def rules_for(spec: ShipSpec) -> ShipRules:
    """The rules a ship of ``spec`` plays from the start: the first variant's that claims it, else Unity's."""
    for kind in VARIANTS:
        rules = kind.for_spec(spec)
        if rules is not None:
            return rules
    return UNITY


def set_up(battle: TableView) -> None:
    """Each variant's set-up, once the battle's ships are built (X.1/X.2 dice; the Companion's rules and state)."""
    for kind in VARIANTS:
        kind.setup(battle)


__all__ = ["VARIANTS", "rules_for", "set_up"]
