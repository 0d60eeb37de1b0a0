"""The starship display sheet as a plain view model (1.0-1.5, A.3).

A :class:`Sheet` holds only printable values -- strings, integers and lists --
so the templates need no game logic and any record can be printed: a rated
:class:`~drydock.core.model.Design` (:func:`sheet_from_rating`) today, a converted
legacy record (with its conversion notes) by building a :class:`Sheet` directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from drydock import limits
from drydock.core.calc import Rating
from drydock.core.dac import Dac, dac_for
from drydock.core.marked import Marked
from drydock.core.model import ArcValues, Battery, Design, WeaponMode
from drydock.core.rules import Ruleset
from drydock.render.tables import (
    ARC_LABELS,
    CARRIER_SYSTEM,
    EXPENDABLE_TRAIT,
    LAUNCH_TUBES_SYSTEM,
    STAR_FIELDS,
    launch_per_turn,
)


@dataclass(frozen=True)
class Track:
    """A damage track: boxes numbered from the undamaged value down (A.3, 1.2)."""

    key: str                     # "hull", "engines", "weapons", "shields"; "systems" (D7.1, ``--dac``)
    label: str                   # "HULL", "ENG", "WPN", "SHLD"; "SYS"
    values: tuple[int, ...]
    """Box values; empty when the track is zero from the first box (printed as a single "—", 1.3)."""
    arcs: tuple[Track, ...] = ()
    """Directional shields: one countdown track per defensive arc (Fwd 3 2 1 ...), ticked as the
    shield track falls (1.3, B.7)."""
    marked: tuple[int, ...] = ()
    """Boxes (0-based) drawn marked with a bullet (the Nova system boxes, X.2.1)."""
    checked: int = 0
    """Boxes already checked off, from the first (1.2): the damage a ship carries into a battle (Appendix T)."""


@dataclass(frozen=True)
class BoxGroup:
    """A labelled group of unnumbered boxes: screens (1.2, B.18) or an equipment item (1.4)."""

    label: str
    boxes: int


@dataclass(frozen=True)
class Mode:
    """One stat line of a battery (1.3, weapons.md §8): ``4-8-12 | 2×5+/1/1 (Pr1)``."""

    label: str                   # "" for the primary mode, the mode name for a secondary one
    range: str                   # "4-8-12", "*-12-18", "MA 8"
    stats: str                   # "2×5+/1/1", "*×5+/1/1"
    traits: str                  # "Pr1, Slw" or ""


@dataclass(frozen=True)
class BankView:
    """A bank: its arc label followed by one box per mount (1.4, C.3); ``mount_size`` > 1 marks each box."""

    label: str                   # "ACE", "AB2"
    mounts: int
    arc: str = ""                # the arc designation alone ("ACE", "PH"), for the arc key
    mount_size: int = 1
    expendable: bool = False     # a box plus a diamond per weapon (C.5)


@dataclass(frozen=True)
class BatteryView:
    name: str
    modes: tuple[Mode, ...]
    banks: tuple[BankView, ...]
    loss_limit: int | None


@dataclass(frozen=True)
class Munition:
    """One class of munitions with its countdown track q, q-1 ... 1 (A.3, 1.4)."""

    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Flights:
    """A carrier's fighter flights (B.4, 5.1): per flight a "launched" and a "lost" box; launch limits (F.5, B.12)."""

    flights: int
    launch_per_turn: int
    tubes: int = 0
    """Flights covered by launch tubes (B.12: the launch maximum doubles)."""


@dataclass(frozen=True)
class Sheet:
    """Everything printed on one starship display sheet."""

    title: str
    combat_rating: int | None = None
    ship_name: str = ""
    ship_id: str = ""
    screens: tuple[BoxGroup, ...] = ()
    tracks: tuple[Track, ...] = ()
    batteries: tuple[BatteryView, ...] = ()
    equipment: tuple[BoxGroup, ...] = ()
    equipment_loss_limit: int | None = None
    traits: tuple[str, ...] = ()
    munitions: tuple[Munition, ...] = ()
    notes: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    """Construction errors, printed so nobody fields an illegal ship unawares."""
    kind: str = "unity"
    """What kind of record this is ("unity"; a legacy converter may use "nova" or "admiralty")."""
    record_label: str = ""
    """How the header names a record that is not a Unity design ("Admiralty card (X.1)"); default "<kind> record"."""
    flights: Flights | None = None
    track_rule: str = ""
    """How to mark the tracks when it is not the Unity rule (an AE card: two boxes per engine/shield hit, X.1)."""
    house_rules: str = ""
    """The ruleset's label when it is not the book's (the combat rating is then marked "*")."""
    arcs: tuple[str, ...] = ()
    """Alternate arc codes (C.1) and defensive arcs used as firing arcs on this sheet, for the arc key."""
    dac: Dac | None = None
    """Companion D7 random damage allocation: the charts and letter codes, printed in place of loss limits."""

    @property
    def roster_title(self) -> str:
        return self.title or "(unnamed design)"


@dataclass(frozen=True)
class BattleSize:
    name: str
    limit: int
    vp_target: int
    fits: bool
    best: bool


@dataclass(frozen=True)
class RosterRow:
    index: int
    title: str
    ship_name: str
    ship_id: str
    combat_rating: int | None
    anchor: str
    house_rules: bool = False
    page: int | None = None
    """Page number of the ship's sheet, when known before layout (the fast path); else a target-counter."""


@dataclass(frozen=True)
class Roster:
    """The fleet roster opening a booklet: each ship, its CR, the total against the 2.2 battle sizes."""

    rows: tuple[RosterRow, ...]
    total: int
    sizes: tuple[BattleSize, ...]
    unrated: int = 0
    house_rules: tuple[str, ...] = ()
    """Labels of the non-book rulesets the marked combat ratings were computed under."""
    arcs: tuple[str, ...] = ()
    """Alternate arc codes the fleet uses (for the arc key on the roster)."""


@dataclass
class Booklet:
    """A print job: sheets in order, an optional roster, the paper and layout."""

    sheets: list[Sheet]
    roster: Roster | None = None
    paper: str = "letter"
    per_page: int = 1
    blank: bool = False
    compact: bool = False
    """At one sheet per page: keep the compact (shared-page) size instead of using the page."""
    key: bool = True
    """Print the arc key (C.1, B intro): on each sheet page, and on the roster."""
    fits: list[str] = field(default_factory=list)
    """Per sheet, the size it was laid out at (see :data:`drydock.render.html.SIZES`), filled in by
    :func:`drydock.render.pdf.render_pdf`; empty means "try the booklet's own size first"."""


# ------------------------------------------------------------------ formatting
def format_mode(mode: WeaponMode, label: str = "") -> Mode:
    """Range bands (or MA) and ROF×ACC/IMP/DMG with "*" where a trait replaces a value (weapons.md §8)."""
    stars = {STAR_FIELDS[t] for t in mode.traits if t in STAR_FIELDS}
    if mode.ma is not None:
        rng = f"MA {mode.ma}"
    else:
        assert mode.range is not None
        s, m, long = mode.range
        rng = "-".join(["*" if "short" in stars else str(s), str(m), "*" if "long" in stars else str(long)])
    rof = "*" if "rof" in stars else str(mode.rof)
    imp = "*" if "imp" in stars else str(mode.imp)
    stats = f"{rof}×{mode.acc}+/{imp}/{mode.dmg}"
    return Mode(label=label, range=rng, stats=stats, traits=", ".join(mode.traits))


def _battery(battery: Battery, loss_limit: int | None) -> BatteryView:
    modes = [format_mode(battery.primary)]
    if battery.secondary is not None:
        modes.append(format_mode(battery.secondary, battery.secondary.label or "Secondary mode"))
    expendable = any(EXPENDABLE_TRAIT in m.traits for m in battery.modes)
    banks = tuple(
        BankView(label=b.arc + (str(b.mount_size) if b.mount_size != 1 else ""), mounts=max(b.mounts, 0),
                 arc=b.arc, mount_size=b.mount_size, expendable=expendable)
        for b in battery.banks
    )
    return BatteryView(name=battery.name, modes=tuple(modes), banks=banks, loss_limit=loss_limit)


def _screens(screens: int | ArcValues) -> tuple[BoxGroup, ...]:
    if isinstance(screens, ArcValues):
        if not screens.total():
            return ()
        return tuple(BoxGroup(ARC_LABELS[k], max(v, 0)) for k, v in screens.items())
    return (BoxGroup("Screens", screens),) if screens > 0 else ()


def _trait_text(name: str, qty: int, unit: str | None) -> str:
    """"Carrier (4 flights)", "Cargo (capacity 2)", "Ionized Hull"."""
    if unit == "capacity":
        return f"{name} (capacity {qty})"
    if unit:
        return f"{name} ({qty} {unit[:-1] if qty == 1 and unit.endswith('s') else unit})"
    return name if qty == 1 else f"{name} ({qty})"


def _has_shields(design: Design) -> bool:
    return design.shields.total() > 0 if isinstance(design.shields, ArcValues) else design.shields > 0


def track(key: str, label: str, values: Sequence[int], **extra: object) -> Track:
    """A track, with no boxes at all when it is zero from the first box (1.3: printed as a single "—")."""
    vals = tuple(values)
    return Track(key, label, () if not any(vals) else vals, **extra)  # type: ignore[arg-type]


def shield_arc_tracks(arcs: ArcValues) -> tuple[Track, ...]:
    """B.7: one countdown per defensive arc (Fwd 3 2 1, Port 2 1 ...), ticked down as the shield track falls."""
    return tuple(track(f"shield-{k}", ARC_LABELS[k], range(v, 0, -1)) for k, v in arcs.items())


def sheet_arcs(batteries: tuple[BatteryView, ...], rules: Ruleset) -> tuple[str, ...]:
    """Arc designations on the sheet that are not plain component letters: alternate codes, defensive arcs."""
    seen: list[str] = []
    for b in batteries:
        for k in b.banks:
            if (k.arc in rules.alternate_arcs or k.arc in rules.data.arcs.defensive) and k.arc not in seen:
                seen.append(k.arc)
    return tuple(seen)


def sheet_boxes(s: Sheet) -> int:
    """Every box the sheet prints: screens, tracks and arc countdowns, mounts, equipment, munitions, flights."""
    return (sum(g.boxes for g in s.screens) + sum(len(t.values) + sum(len(a.values) for a in t.arcs) for t in s.tracks)
            + sum(k.mounts for b in s.batteries for k in b.banks) + sum(g.boxes for g in s.equipment)
            + sum(len(m.values) for m in s.munitions) + (2 * s.flights.flights if s.flights else 0))


def check_printable(s: Sheet) -> Sheet:
    """``s``, or a :class:`~drydock.limits.LimitError` when it has more boxes than a sheet may print."""
    n = sheet_boxes(s)
    if n > limits.SHEET_BOXES.value:
        raise limits.LimitError(f"{s.roster_title}: the boxes of its display sheet", limits.SHEET_BOXES, value=n)
    return s


def sheet_from_rating(rating: Rating, rules: Ruleset | None = None, dac: bool = False,
                      damage: Marked | None = None) -> Sheet:
    """The display sheet of a rated design (A.3): tracks, banks, loss limits, systems lines, notes;
    with ``dac`` the Companion's damage allocation charts and letter codes instead of loss limits (D7.1);
    ``damage`` prints the boxes a ship has checked off, track by track (a campaign's carried damage)."""
    rules = rules or Ruleset.unity()
    d = rating.design
    t = rating.tracks
    done = damage or Marked()
    charts = dac_for(rating, rules) if dac else None
    tracks = [track("hull", "HULL", t.hull, checked=done.hull),
              track("engines", "ENG", t.engines, checked=done.engines),
              # D7.1 (--dac): "The weapons and systems damage tracks no longer provide a 'countdown'": each box the
              # DAC dice it rolls when crossed, laid out by play.companion.dac.tracks (drydock.core.dac)
              track("weapons", "WPN", charts.weapons_track if charts else t.weapons, checked=done.weapons)]
    if _has_shields(d):  # 1.3: a ship without shields has no shield track
        arcs = shield_arc_tracks(t.shield_arcs) if t.shield_arcs else ()
        tracks.append(track("shields", "SHLD", t.shields, arcs=arcs, checked=done.shields))
    if charts is not None and charts.systems_track is not None:  # D7.1: the systems track (the "hull" reading)
        tracks.append(track("systems", "SYS", charts.systems_track))
    batteries = tuple(_battery(b, br.loss_limit) for b, br in zip(d.weapons, rating.batteries, strict=True))

    equipment: list[BoxGroup] = []
    traits: list[str] = []
    carrier = tubes = 0
    for entry in d.systems:
        rule = rules.systems.get(entry.name)
        if rule is not None and rule.structural:
            continue  # screens and directional shielding print with the tracks
        kind = rule.type if rule is not None else "?"
        if entry.name == CARRIER_SYSTEM:
            carrier += max(entry.qty, 0)  # B.4: printed as the flights track
        elif entry.name == LAUNCH_TUBES_SYSTEM:
            tubes += max(entry.qty, 0)    # B.12: printed with the flights track
        elif kind == "E":
            equipment.append(BoxGroup(entry.name, max(entry.qty, 0)))
        elif kind == "M":
            continue  # munitions: their countdown tracks below
        else:
            traits.append(_trait_text(entry.name, entry.qty, rule.unit if rule is not None else None))
    if tubes and not carrier:
        traits.append(_trait_text(LAUNCH_TUBES_SYSTEM, tubes, "flights"))
    # launch tubes serve the whole carrier (B.12; priced per carrier flight, A.5)
    flights = Flights(carrier, launch_per_turn(d.hull), carrier if tubes else 0) if carrier else None
    munitions = tuple(Munition(name, tuple(values)) for name, values in t.munitions.items())
    problems = tuple(f"{p.code}: {p.message}" for p in rating.problems if p.is_error)
    return Sheet(
        title=d.title, combat_rating=rating.combat_rating, ship_name=d.ship_name, ship_id=d.ship_id,
        screens=_screens(d.screens), tracks=tuple(tracks), batteries=batteries, equipment=tuple(equipment),
        equipment_loss_limit=rating.equipment_loss_limit, traits=tuple(traits), munitions=munitions,
        notes=tuple(d.notes), problems=problems, flights=flights,
        house_rules="" if rules.is_book else rules.label, arcs=sheet_arcs(batteries, rules),
        dac=charts,
    )


def build_roster(sheets: list[Sheet], rules: Ruleset | None = None) -> Roster:
    """Each ship with its CR, the fleet total, and which 2.2 battle sizes the fleet fits."""
    rules = rules or Ruleset.unity()
    rows = tuple(RosterRow(i + 1, s.roster_title, s.ship_name, s.ship_id, s.combat_rating, f"sheet-{i + 1}",
                           house_rules=bool(s.house_rules))
                 for i, s in enumerate(sheets))
    total = sum(s.combat_rating or 0 for s in sheets)
    sizes: list[BattleSize] = []
    best_found = False
    for name, limit, vp in rules.play.size_table:
        name = name.title()
        fits = total <= limit
        best = fits and not best_found
        best_found = best_found or fits
        sizes.append(BattleSize(name, limit, vp, fits, best))
    unrated = sum(1 for s in sheets if s.combat_rating is None)
    labels = tuple(dict.fromkeys(s.house_rules for s in sheets if s.house_rules))
    arcs = tuple(dict.fromkeys(a for s in sheets for a in s.arcs))
    return Roster(rows=rows, total=total, sizes=tuple(sizes), unrated=unrated, house_rules=labels, arcs=arcs)
