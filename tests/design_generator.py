"""Random Unity designs for benchmarks, property tests and fuzzing (randomness injected; not shipped).

:func:`random_design` draws a design across every option the model has (seekers,
dual modes, multi-mounts, alternate and defensive arcs, directional shields and
screens, munitions, carriers, tech levels). With ``legal=True`` (the default) it
keeps drawing until the design passes :func:`drydock.validate` without errors.
"""

from __future__ import annotations

import random
from typing import Any

from drydock.core.model import ArcValues, Bank, Battery, Design, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.validation import validate

_NAMES = ["Laser", "Ion Cannon", "Torpedo", "Plasma Gun", "Railgun", "Missile", "Flak", "Lance", "Beam", "Mass Driver"]
_FACTIONS = ["Imperial", "Rebel", "Kzinti", "Terran Alliance", "Free Traders", ""]
_CLASSES = ["Majestic", "Dauntless", "Comet", "Vigilant", "Harrier", "Bastion", "Wyvern", "Kestrel"]
_TYPES = ["Battlecruiser", "Destroyer", "Frigate", "Corvette", "Carrier", "Dreadnought", "Scout"]


def _mode(rng: random.Random, rules: Ruleset, label: str | None = None) -> WeaponMode:
    seeking = rng.random() < 0.12
    traits: list[str] = []
    pool = sorted(rules.traits)
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        t = rng.choice(pool)
        if t not in traits:
            traits.append(t)
    if seeking:
        traits = [t for t in traits if t not in rules.range_based and t != "Dfn"]
    rof = 1 if "Vlt" in traits else rng.randint(1, 4)
    imp = 1 if ("Sct" in traits or "Tls" in traits) else rng.randint(1, 3)
    common: dict[str, Any] = dict(label=label, rof=rof, acc=rng.randint(2, 6), imp=imp, dmg=rng.randint(1, 3),
                  traits=tuple(traits))
    if seeking:
        return WeaponMode(ma=rng.randint(rules.ma_min, rules.ma_max), **common)
    third = rng.randint(1, 6)
    return WeaponMode(range=(third, 2 * third, 3 * third), **common)


def _arc(rng: random.Random, rules: Ruleset) -> str:
    roll = rng.random()
    if roll < 0.2:
        return rng.choice(sorted(rules.alternate_arcs))
    if roll < 0.3:
        return rng.choice(sorted(rules.data.arcs.defensive))
    from drydock.core.arcs import normalize_arc

    letters = rng.sample("ABCDEFGHIJKL", rng.randint(1, 4))
    return normalize_arc("".join(letters), rules) or "A"


def _battery(rng: random.Random, rules: Ruleset, i: int) -> Battery:
    primary = _mode(rng, rules)
    secondary = _mode(rng, rules, label=rng.choice(["Close Defense", "Overload", None])) \
        if rng.random() < 0.15 else None
    banks = tuple(
        Bank(arc=_arc(rng, rules), mounts=rng.randint(1, 4), mount_size=rng.choice([1, 1, 1, 2, 3, 4]))
        for _ in range(rng.randint(1, 3))
    )
    return Battery(name=f"{rng.choice(_NAMES)} {i + 1}", primary=primary, secondary=secondary, banks=banks)


def _systems(rng: random.Random, rules: Ruleset) -> tuple[SystemEntry, ...]:
    names = [n for n, r in rules.systems.items() if not r.structural]
    chosen: dict[str, int] = {}
    for _ in range(rng.choice([0, 1, 2, 3, 4])):
        name = rng.choice(names)
        rule = rules.systems[name]
        if name in chosen or (rule.requires and rule.requires not in chosen):
            continue
        qty = rng.randint(1, 6) if rule.multiples else 1
        if rule.requires:
            qty = min(qty, chosen[rule.requires])
        chosen[name] = qty
    return tuple(SystemEntry(name=n, qty=q) for n, q in chosen.items())


def random_design(rng: random.Random, rules: Ruleset | None = None, *, legal: bool = True,
                  max_batteries: int = 5) -> Design:
    """A random design; with ``legal`` it has no validation errors (it may be far from optimal)."""
    rules = rules or Ruleset.unity()
    while True:
        hull = rng.randint(2, 35)
        directional = rng.random() < 0.15
        shields: int | ArcValues = (
            ArcValues(fwd=rng.randint(0, 5), port=rng.randint(0, 4), stbd=rng.randint(0, 4), aft=rng.randint(0, 3))
            if directional else rng.randint(0, 5)
        )
        screens: int | ArcValues = 0
        if rng.random() < 0.15:
            screens = rng.randint(1, 6)
        elif rng.random() < 0.1:
            screens = ArcValues(fwd=rng.randint(0, 3), port=rng.randint(0, 2), stbd=rng.randint(0, 2),
                                aft=rng.randint(0, 1))
        tech = TechLevels(**{c: rng.choice([0, 0, 0, -2, -1, 1, 2]) for c in rules.tech_categories}) \
            if rng.random() < 0.2 else TechLevels()
        design = Design(  # type: ignore[call-arg]  # class_name: pydantic's name for the "class" key
            faction=rng.choice(_FACTIONS), class_name=rng.choice(_CLASSES), type=rng.choice(_TYPES),
            hull=hull, engines=rng.randint(0, 8), shields=shields, screens=screens, tech=tech,
            weapons=tuple(_battery(rng, rules, i) for i in range(rng.randint(1, max_batteries))),
            systems=_systems(rng, rules),
        )
        if not legal:
            return design
        fitted = _shrink_to_fit(design, rules)
        if fitted is not None:
            return fitted


def _shrink_to_fit(design: Design, rules: Ruleset) -> Design | None:
    """Drop batteries and lower engines until the design fits its space; None if it stays illegal."""
    for _ in range(16):
        problems = [p for p in validate(design, rules) if p.is_error]
        if not problems:
            return design
        if any(p.code != "OVER_SPACE" for p in problems):
            return None
        if len(design.weapons) > 1:
            design = design.model_copy(update={"weapons": design.weapons[:-1]})
        elif design.engines > 1:
            design = design.model_copy(update={"engines": design.engines // 2})
        elif design.systems:
            design = design.model_copy(update={"systems": design.systems[:-1]})
        else:
            return None
    return None
