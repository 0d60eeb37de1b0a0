"""Which variables each rules formula may use (``drydock rules --variables``), with what they mean.

The names come from :data:`drydock.core.rules.ruleset.FORMULA_VARIABLES` and
``SYSTEM_VARIABLES``; every weapon formula (``bsur``, ``seeking_addition``,
``defensive_addition``) sees every weapon variable, so a house rule can price, say,
a seeker by its traits (A.1, C.4).
"""

from __future__ import annotations

from drydock.core.rules.ruleset import FORMULA_VARIABLES, SYSTEM_VARIABLES

#: What each formula variable stands for (the section of the rule that defines it).
MEANINGS: dict[str, str] = {
    "H": "hull size (A.1)",
    "L": "long range band, or a seeker's MA (A.1)",
    "MA": "seeker movement allowance, 0 for other weapons (C.4)",
    "ROF": "rate of fire (A.1)",
    "ACC": "accuracy factor of the A.1 table (the seeking column for seekers)",
    "ACC_SEEK": "accuracy factor of the A.1 seeking column",
    "IMP": "impact (A.1)",
    "DMG": "damage (A.1)",
    "TRAITS": "number of traits of the weapon mode (C.5)",
    "B1": "BSUR of the primary mode (C.2)",
    "B2": "BSUR of the secondary mode (C.2)",
    "BSUR": "the battery's BSUR (A.1)",
    "MOUNTS": "mounts in the bank (A.1)",
    "ARCS": "arcs the bank covers (A.1, C.1)",
    "MOUNT": "multi-weapon mount modifier (C.3)",
    "SU": "bank SU before tech levels (A.2)",
    "ER": "engine rating (A.2)",
    "HULL": "hull size plus screens' hull equivalent (A.2, B.18)",
    "S": "shield rating or ESR (A.2, B.7)",
    "ORAT": "offensive rating (A.2)",
    "DRAT": "defensive rating (A.2)",
    "N": "items (weapons or equipment) for the loss limit (A.3)",
    "BOOSTERS": "booster levels (B.3)",
    "SAILS": "1 with solar sails, else 0 (B.21)",
    "n": "the system's quantity (levels, munitions, capacity)",
    "ERO": "engine rating for ORAT (A.2)",
    "ESR": "equivalent shield rating (B.7)",
    "EF": "engine factor (A.1)",
    "SF": "shield factor (A.1)",
    "WSU": "SU of all weapons (A.5)",
    "WORAT": "ORAT of all weapons (A.5)",
}


def formula_variables() -> dict[str, tuple[str, ...]]:
    """Formula key (``formulas.bsur``, ``systems.*``) -> the variable names it may use."""
    out = {f"formulas.{k}": v for k, v in FORMULA_VARIABLES.items()}
    out["systems.*.su, orat, drat_mult, drat_add"] = SYSTEM_VARIABLES
    return out


def format_variables() -> str:
    """The listing printed by ``drydock rules --variables``."""
    lines = []
    for key, names in formula_variables().items():
        lines.append(f"{key}: {', '.join(names)}")
    lines.append("")
    lines.append("Variables:")
    used = sorted({n for names in formula_variables().values() for n in names}, key=str.casefold)
    lines.extend(f"  {n:<9}{MEANINGS.get(n, '')}" for n in used)
    return "\n".join(lines)
