"""Differential test (issue 9): drydock agrees with an independent reference rater on every figure.

The reference (tests/reference_rater.py) is written from the rules text in exact fractions and
shares no code with drydock/core/calc.py. Designs are legal by construction (and checked with
validate()), drawn cheaply from hypothesis-seeded random generators so that 20,000 of them
rate quickly: every tech level, directional shields and screens, Expendable, seekers,
Defensive weapons, dual modes, multi-mounts, alternate and defensive arcs, every system.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from drydock.core.calc import Rating
from drydock.core.model import ArcValues, Bank, Battery, Design, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from tests import reference_rater as ref

RULES = Ruleset.unity()
SEEDS, BATCH = 200, 100  # 20,000 designs
TRAITS = sorted(ref.MULT) + ["Dfn"]
FORBIDDEN = [{"Bls", "Dfn"}, {"Cts", "Inc"}, {"Exp", "Slw"}, {"NPr", "Pr1"}, {"NPr", "Pr2"}, {"Pr1", "Pr2"},
             {"Dfs", "Gid"}, {"Fcs", "Gid"}, {"Sct", "Tls"}]
SINGLE = ["Anti-Fighter Batteries", "Cloaking Device", "Hyperdrive", "Ionized Hull", "Long Range Sensors",
          "Overthrusters", "Shockwave", "Solar Sails", "Stutterdrive"]
MULTIPLE = ["Cargo", "Hospital", "Repair", "Science", "Transport", "Boosters", "Carrier", "Launch Tubes",
            "Countermeasures", "Fire Control", "Flares", "Marines", "Mines", "Probes", "Shuttlecraft", "Stealth",
            "Tractor Beam"]
ARCS4 = ("fwd", "port", "stbd", "aft")
STATS = (1, 1, 1, 1, 1, 2, 2, 2, 3, 4, 5)  # ROF, IMP, DMG 1-5, mostly small so that most designs fit


def _traits(rnd: random.Random, seeking: bool) -> list[str]:
    out: list[str] = []
    for _ in range(rnd.choice([0, 0, 1, 1, 2, 3, 4])):
        t = rnd.choice(TRAITS)
        if seeking and (t in ref.RANGE_BASED or t == "Dfn"):
            continue
        if t in out and not (t == "Slw" and out.count("Slw") == 1):
            continue
        if any(pair <= {*out, t} for pair in FORBIDDEN if t in pair):
            continue
        if t in ref.RANGE_BASED and sum(x in ref.RANGE_BASED for x in out) == 2:
            continue
        out.append(t)
    return out


def _mode(rnd: random.Random, label: str | None = None) -> WeaponMode:
    seeking = rnd.random() < 0.15
    traits = _traits(rnd, seeking)
    rof = 1 if "Vlt" in traits else rnd.choice(STATS)
    imp = 1 if {"Sct", "Tls"} & set(traits) else rnd.choice(STATS)
    common = dict(label=label, rof=rof, acc=rnd.randint(2, 6), imp=imp, dmg=rnd.choice(STATS), traits=tuple(traits))
    if seeking:
        return WeaponMode(ma=rnd.randint(4, 12), **common)
    k = rnd.choice((1, 1, 2, 2, 3, 3, 4, 5, 6))
    return WeaponMode(range=(k, 2 * k, 3 * k), **common)


def _arc(rnd: random.Random) -> str:
    roll = rnd.random()
    if roll < 0.2:
        return rnd.choice(sorted(ref.ALTERNATE))
    if roll < 0.3:
        return rnd.choice(sorted(ref.DEFENSIVE_ARCS))
    arc = "".join(sorted(rnd.sample("ABCDEFGHIJKL", rnd.randint(1, 6))))
    return arc[1:] + arc[0] if arc in ref.ALTERNATE else arc  # F+H, A+H are written HF, HA


def _arc_values(rnd: random.Random, top: int) -> ArcValues:
    return ArcValues(**{k: rnd.randint(0, top) for k in ARCS4})


def _systems(rnd: random.Random) -> list[SystemEntry]:
    chosen: dict[str, int] = {}
    for _ in range(rnd.choice([0, 1, 2, 3, 4])):
        name = rnd.choice(SINGLE + MULTIPLE)
        if name not in chosen:
            chosen[name] = rnd.randint(1, 6) if name in MULTIPLE else 1
    if "Launch Tubes" in chosen:  # priced per carrier flight: same quantity, listed after the Carrier
        flights = chosen.pop("Carrier", rnd.randint(1, 6))
        chosen.pop("Launch Tubes")
        chosen["Carrier"] = chosen["Launch Tubes"] = flights
    return [SystemEntry(name=n, qty=q) for n, q in chosen.items()]


def random_legal_design(rnd: random.Random) -> tuple[Design, dict]:
    """A legal design and the reference's figures for it."""
    screens: int | ArcValues = 0
    roll = rnd.random()
    if roll < 0.25:
        screens = rnd.randint(1, 50)
    elif roll < 0.4:
        screens = _arc_values(rnd, 12)
    weapons = []
    hull = rnd.randint(1, 35)
    for i in range(rnd.choice([0, 1, 2, 3, 4])):
        secondary = _mode(rnd, rnd.choice(["Close", None])) if rnd.random() < 0.15 else None
        banks = tuple(Bank(arc=_arc(rnd), mounts=rnd.randint(1, min(9, 1 + hull // 6)),
                           mount_size=rnd.choice([1, 1, 2, 3, 4])) for _ in range(rnd.randint(1, 3)))
        weapons.append(Battery(name=f"W{i}", primary=_mode(rnd), secondary=secondary, banks=banks))
    d = Design(
        hull=hull, engines=rnd.randint(0, 12),
        shields=_arc_values(rnd, 5) if rnd.random() < 0.3 else rnd.randint(0, 5), screens=screens,
        tech=TechLevels(**{c: rnd.randint(-2, 2) for c in ("engines", "shields", "weapons", "fighters")}),
        weapons=tuple(weapons), systems=tuple(_systems(rnd)),
    )
    return _fit(d)


def _fit(d: Design) -> tuple[Design, dict]:
    """Shrink the design until it fits its hull (A.1), using the reference's figures.

    Drops batteries, then systems, from the end until their SU covers the excess (an
    over-estimate: Fire Control and LRS shrink with the weapons), then re-rates.
    """
    while True:
        r = ref.rate(d)
        over = r["engines_su"] + r["shields_su"] + r["weapons_su"] + r["systems_su"] - r["total_su"]
        if over <= 0:
            return d, r
        keep = len(d.weapons)
        while keep and over > 0:
            keep -= 1
            over -= r["batteries"][keep]["su"]
        systems = list(d.systems)
        listed = r["systems"][:len(systems)]
        while systems and over > 0:
            over -= listed[len(systems) - 1][1]
            systems.pop()
        update: dict = {"weapons": d.weapons[:keep], "systems": tuple(systems)}
        if over > 0:
            update.update(screens=0, engines=d.engines // 2, shields=0 if d.engines == 0 else d.shields)
        d = d.model_copy(update=update)


def drydock_figures(r: Rating) -> dict:
    return {
        "total_su": r.total_su, "engines_su": r.engines_su, "shields_su": r.shields_su, "esr": r.esr,
        "batteries": [{"bsur": b.bsur, "modes": b.mode_bsur, "banks": [(k.su, k.orat) for k in b.banks],
                       "su": b.su, "orat": b.orat, "loss_limit": b.loss_limit} for b in r.batteries],
        "weapons_su": r.weapons_su,
        "systems": [(s.name, s.su, s.orat, s.drat_mult, s.drat_add) for s in r.systems],
        "systems_su": r.systems_su, "orat": r.orat, "drat": r.drat, "combat_rating": r.combat_rating,
        "tracks": {"hull": r.tracks.hull, "engines": r.tracks.engines, "weapons": r.tracks.weapons,
                   "shields": r.tracks.shields, "munitions": r.tracks.munitions},
        "equipment_loss_limit": r.equipment_loss_limit,
    }


def _differences(a: dict, b: dict) -> list[str]:
    return [f"{k}: drydock {a[k]!r} != reference {b[k]!r}" for k in a if a[k] != b[k]]


@settings(max_examples=1, derandomize=True, deadline=None, database=None, phases=[Phase.generate],
          suppress_health_check=list(HealthCheck))
@given(seeds=st.lists(st.randoms(use_true_random=True), min_size=SEEDS, max_size=SEEDS))
def test_drydock_agrees_with_the_reference_rater_on_20000_designs(seeds):
    checked = 0
    coverage = {"directional shields": 0, "directional screens": 0, "expendable": 0, "seekers": 0,
                "defensive": 0, "dual-mode": 0, "multi-mounts": 0, "tech levels": 0, "launch tubes": 0}
    for rnd in seeds:
        for _ in range(BATCH):
            d, expected = random_legal_design(rnd)
            rating = rate(d, RULES)
            errors = [p for p in rating.problems if p.is_error]
            assert not errors, (d, errors)
            diff = _differences(drydock_figures(rating), expected)
            assert not diff, f"{d!r}\n" + "\n".join(diff)
            checked += 1
            modes = [m for b in d.weapons for m in b.modes]
            coverage["directional shields"] += isinstance(d.shields, ArcValues)
            coverage["directional screens"] += isinstance(d.screens, ArcValues)
            coverage["expendable"] += any("Exp" in m.traits for m in modes)
            coverage["seekers"] += any(m.ma is not None for m in modes)
            coverage["defensive"] += any("Dfn" in m.traits for m in modes)
            coverage["dual-mode"] += any(b.secondary is not None for b in d.weapons)
            coverage["multi-mounts"] += any(k.mount_size > 1 for b in d.weapons for k in b.banks)
            coverage["tech levels"] += not d.tech.is_zero()
            coverage["launch tubes"] += any(s.name == "Launch Tubes" for s in d.systems)
    assert checked >= 20_000
    assert min(coverage.values()) >= 200, coverage


def test_the_reference_reproduces_the_book_examples():
    # the reference itself against the rulebook's worked figures (construction.md §9)
    from tests.helpers import majestic

    r = ref.rate(majestic())
    assert (r["total_su"], r["orat"], r["drat"], r["combat_rating"]) == (1520, 605, 58, 188)
    assert [b["bsur"] for b in r["batteries"]] == [ref.F("10.8"), ref.F("2.7"), ref.F("19.5")]
    assert ref.bsur(WeaponMode(range=(5, 10, 15), rof=2, acc=4, imp=1, dmg=2), ref.F(1)) == ref.F("24.4")
    assert ref.bsur(WeaponMode(ma=8, rof=2, acc=4, imp=1, dmg=2), ref.F(1)) == ref.F("20.9")
