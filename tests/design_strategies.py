"""Hypothesis strategies: designs across every option of the model, for the format round-trip tests.

Generated designs follow the documented canonical form shared by Drake, YAML and the
workbook: systems grouped equipment, traits, munitions; stated values that all differ
from the computed ones (a stated value equal to the computed one is dropped on reading);
names on one line without leading or trailing spaces.
"""

from __future__ import annotations

from hypothesis import strategies as st

from drydock.core.arcs import normalize_arc
from drydock.core.calc import calculate
from drydock.core.model import ArcValues, Bank, Battery, Design, StatedValues, SystemEntry, TechLevels, WeaponMode
from drydock.core.rules import Ruleset

RULES = Ruleset.unity()
TRAITS = sorted(RULES.traits)
ALT_ARCS = sorted(RULES.alternate_arcs)
DEFENSIVE = sorted(RULES.data.arcs.defensive)
EQUIPMENT = sorted(n for n, r in RULES.systems.items() if r.type == "E")
SHIP_TRAITS = sorted(n for n, r in RULES.systems.items() if r.type == "T")
MUNITIONS = sorted(n for n, r in RULES.systems.items() if r.type == "M")

_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.&é", min_size=1,
                max_size=8)
_LOOSE = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'.&=+@:/()>é",
                 max_size=14).map(str.strip)


def _words(max_words: int = 3) -> st.SearchStrategy[str]:
    return st.lists(_WORD, min_size=1, max_size=max_words).map(" ".join)


names = _words()
free_text = st.one_of(st.just(""), _LOOSE)


@st.composite
def arcs(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["components", "alternate", "defensive"]))
    if kind == "alternate":
        return draw(st.sampled_from(ALT_ARCS))
    if kind == "defensive":
        return draw(st.sampled_from(DEFENSIVE))
    letters = draw(st.lists(st.sampled_from("ABCDEFGHIJKL"), min_size=1, max_size=6, unique=True))
    arc = normalize_arc("".join(letters), RULES)
    assert arc is not None
    return arc


banks = st.builds(Bank, arc=arcs(), mounts=st.integers(1, 9), mount_size=st.integers(1, 4))


@st.composite
def modes(draw: st.DrawFn, label: str | None = None) -> WeaponMode:
    if draw(st.booleans()):
        long = draw(st.integers(1, 8)) * 3
        rng, ma = (long // 3, 2 * long // 3, long), None
        if draw(st.integers(0, 5)) == 0:  # customised bands
            s = draw(st.integers(1, 10))
            m = draw(st.integers(s + 1, 20))
            rng = (s, m, draw(st.integers(m + 1, 24)))
    else:
        rng, ma = None, draw(st.integers(4, 12))
    traits = draw(st.lists(st.sampled_from(TRAITS), max_size=3, unique=True))
    return WeaponMode(label=label, range=rng, ma=ma, rof=draw(st.integers(1, 5)), acc=draw(st.integers(2, 6)),
                      imp=draw(st.integers(1, 5)), dmg=draw(st.integers(1, 5)), traits=tuple(traits))


#: "ID", "Name", "Faction", "Class" and "Type" are Drake keys, not mode labels.
mode_labels = st.one_of(st.none(), _words(2).filter(lambda w: w.lower() not in ("id", "name", "faction", "class",
                                                                                "type")))


@st.composite
def batteries(draw: st.DrawFn) -> Battery:
    secondary = draw(st.one_of(st.none(), mode_labels.flatmap(lambda lab: modes(lab))))
    return Battery(name=draw(names), primary=draw(modes()), secondary=secondary,
                   banks=tuple(draw(st.lists(banks, min_size=1, max_size=3))))


arc_values = st.builds(ArcValues, fwd=st.integers(0, 5), port=st.integers(0, 5), stbd=st.integers(0, 5),
                       aft=st.integers(0, 5))


@st.composite
def systems(draw: st.DrawFn) -> tuple[SystemEntry, ...]:
    out = []
    for pool, max_qty in ((EQUIPMENT, 3), (SHIP_TRAITS, 6), (MUNITIONS, 9)):
        for name in draw(st.lists(st.sampled_from(pool), max_size=3, unique=True)):
            out.append(SystemEntry(name=name, qty=draw(st.integers(1, max_qty))))
    return tuple(out)


def _differs(draw: st.DrawFn, computed: int) -> int:
    return computed + draw(st.sampled_from([-3, -2, -1, 1, 2, 5]))


@st.composite
def designs(draw: st.DrawFn, stated: bool = True) -> Design:
    """A design with every option drawn; stated values (if any) differ from the computed ones."""
    d = Design(
        faction=draw(st.one_of(st.just(""), names)),
        class_name=draw(st.one_of(names, st.just(""))),
        type=draw(st.one_of(st.just(""), names)),
        hull=draw(st.integers(1, 35)),
        engines=draw(st.integers(0, 12)),
        shields=draw(st.one_of(st.integers(0, 5), arc_values)),
        screens=draw(st.one_of(st.integers(0, 50), arc_values, st.just(0))),
        tech=draw(st.builds(TechLevels, engines=st.integers(-2, 2), shields=st.integers(-2, 2),
                            weapons=st.integers(-2, 2), fighters=st.integers(-2, 2))),
        weapons=tuple(draw(st.lists(batteries(), max_size=4))),
        systems=draw(systems()),
        ship_id=draw(free_text),
        ship_name=draw(free_text),
        notes=tuple(draw(st.lists(_LOOSE.filter(bool), max_size=3))),
    )
    if not stated or not draw(st.booleans()):
        return d
    r = calculate(d, RULES)
    kept = {}
    if draw(st.booleans()):
        kept["combat_rating"] = max(0, _differs(draw, r.combat_rating)) or r.combat_rating + 1
    if draw(st.booleans()):
        kept["weapons"] = tuple(draw(st.lists(st.integers(0, 40), min_size=1, max_size=5)))
        if list(kept["weapons"]) == r.tracks.weapons:
            kept["weapons"] = (*kept["weapons"], 0)
    if draw(st.booleans()):
        kept["hull"] = (d.hull, *draw(st.lists(st.integers(0, 40), max_size=3)), 99)
    if draw(st.booleans()):
        kept["engines"] = (d.engines, 99)
    if draw(st.booleans()):
        top = d.shields.total() if isinstance(d.shields, ArcValues) else d.shields
        kept["shields"] = (top, 98)
    if r.equipment_loss_limit is not None and draw(st.booleans()):
        kept["equipment_loss_limit"] = r.equipment_loss_limit + 1
    weapons = []
    for battery, br in zip(d.weapons, r.batteries, strict=True):
        if draw(st.booleans()):
            battery = battery.model_copy(update={"stated_loss_limit": br.loss_limit + 1})
        weapons.append(battery)
    return d.model_copy(update={"stated": StatedValues(**kept) if kept else None, "weapons": tuple(weapons)})
