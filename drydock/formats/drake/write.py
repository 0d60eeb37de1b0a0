"""Writing Drake notation (the grammar is in :mod:`drydock.formats.drake`): ``to_drake``, canonical text that
:func:`~drydock.formats.drake.read.from_drake` reads back unchanged."""

from __future__ import annotations

from drydock.core.admiralty_card import RERATING_COMMENT, admiralty_card
from drydock.core.arcs import format_display_bank
from drydock.core.calc import Rating, calculate
from drydock.core.model import ArcValues, Design, StatedValues, WeaponMode
from drydock.core.rules import Ruleset
from drydock.errors import DrydockError
from drydock.formats.drake.read import (
    _KEY_RE,
    ARC_LABELS,
    HOUSE_MARK,
    SEPARATOR,
    TECH_LETTERS,
    TEXT_KEYS,
    _is_header,
    split_header,
)
from drydock.formats.text import (
    format_range,
    format_stats,
)


class DrakeWriteError(DrydockError):
    """A design holds what Drake notation cannot carry (a ``|`` in a battery name, a negative hull ...)."""


def to_drake(designs: Design | list[Design], *, rules: Ruleset | None = None) -> str:
    """Canonical Drake text for one design or several (separated by a blank line)."""
    rules = rules or Ruleset.unity()
    items = [designs] if isinstance(designs, Design) else list(designs)
    if not items:
        return ""
    text = "\n\n".join(ship_to_drake(d, rules) for d in items) + "\n"
    return (house_note(rules) + "\n" + text) if not rules.is_book else text


def house_note(rules: Ruleset) -> str:
    """The comment line (ignored by readers, before the first ship) that explains a marked CR."""
    return f"# {HOUSE_MARK} combat rating under house rules: {' '.join(rules.label.split())}"


def _negative_bases(design: Design) -> list[str]:
    """The base values Drake has no way to write: its tracks start at the rating, so a negative rating has none."""
    out = []
    for what in ("hull", "engines", "shields", "screens", "extra_directional_screens"):
        value = getattr(design, what, None)
        if value is None:
            continue
        values = value.model_dump().items() if isinstance(value, ArcValues) else [("", value)]
        out += [f"{what.replace('_', ' ')}{' ' + arc if arc else ''} {v}" for arc, v in values if v < 0]
    return out


def ship_to_drake(design: Design, rules: Ruleset | None = None) -> str:
    """The Drake text of one design, without a trailing newline.

    A design with a negative hull, engine, shield or screen value (it loads, and ``validate()`` reports it) is
    refused with a :class:`DrakeWriteError` rather than written as a different design.
    """
    rules = rules or Ruleset.unity()
    negative = _negative_bases(design)
    if negative:
        raise DrakeWriteError(f"{design.title or 'design'}: Drake notation cannot write a negative value "
                           f"({', '.join(negative)}); save it as YAML, JSON or xlsx instead")
    rating = calculate(design, rules)
    st = design.stated or StatedValues()
    header = [_header(design, st, rating, rules)]
    card = admiralty_card(design)
    if card is not None and card.cr is not None and st.combat_rating is None:
        mark = "" if rules.is_book else HOUSE_MARK
        header.append("# " + RERATING_COMMENT.format(unity=f"{rating.combat_rating}{mark}"))
    sections: list[list[str]] = [header, _id_block(design)]
    sections.append(_screens_block(design))
    sections.append(_tracks_block(design, st, rating))
    sections.append(_batteries_block(design, rating))
    sections.append(_systems_block(design, st, rating, rules))
    lines: list[str] = []
    for block in (s for s in sections if s):
        if lines:
            lines.append(SEPARATOR)
        lines.extend(block)
    lines.extend(f"# {n}" if n else "#" for n in (_one_line(n, "note") for n in design.notes))
    return "\n".join(line.rstrip() for line in lines)


def _one_line(text: str, what: str) -> str:
    if len(text.splitlines()) > 1 or text.endswith(("\n", "\r")):
        raise DrakeWriteError(f"a {what} with a line break cannot be written as Drake: {text!r}")
    return text


def _header_names(design: Design) -> tuple[str, str, str]:
    return (design.faction, design.class_name, design.type)


def _header(design: Design, st: StatedValues, rating: Rating, rules: Ruleset) -> str:
    if st.combat_rating is not None:  # the source's own figure, as it stated it
        return _header_text(design, st.combat_rating)
    card = admiralty_card(design)
    if card is not None and card.cr is not None:  # an AE card is fielded at its stated CR (X.1)
        return _header_text(design, card.cr)
    return _header_text(design, rating.combat_rating, "" if rules.is_book else HOUSE_MARK)


def _header_text(design: Design, cr: int, mark: str = "") -> str:
    faction, cls, typ = (_safe_header_part(p) for p in _header_names(design))
    # a class name of several words is written as typed (no '_' the player never typed): the Faction:/Class:/Type:
    # lines under it then carry the names (drake.md OQ7 reads only the run before "-class" as the class)
    text = " ".join(p for p in (faction, f"{cls}-class", typ, f"({cr}{mark})") if p)
    if not _is_header(text) or text.startswith(SEPARATOR):  # the Faction:/Class:/Type: lines carry the names
        text = f"-class ({cr}{mark})"
    return text


def _safe_header_part(text: str) -> str:
    return " ".join(text.replace("|", "/").replace("//", "/").split())


def _id_block(design: Design) -> list[str]:
    out = [f"ID: {_one_line(design.ship_id, 'ship id')}", f"NAME: {_one_line(design.ship_name, 'ship name')}"]
    header = _header_text(design, 0)
    split = split_header(header)
    parsed = split[:3] if split else None
    if parsed != _header_names(design) or not _is_header(header):
        for key, value in zip(("Faction", "Class", "Type"), _header_names(design), strict=True):
            out.append(f"{key}: {_one_line(value, key.lower())}")
    tech = design.tech
    if not tech.is_zero():
        out.append("Tech: " + " ".join(f"{letter}{_signed(getattr(tech, key))}"
                                       for letter, key in TECH_LETTERS.items()))
    return out


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def _arc_lines(values: ArcValues) -> list[str]:
    return [f"-{ARC_LABELS[k]}: {v}" for k, v in values.items()]


def _screens_block(design: Design) -> list[str]:
    if isinstance(design.screens, ArcValues):
        return ["Screens:", *_arc_lines(design.screens)]
    if design.extra_directional_screens is not None:  # both (illegal, A.5 [6] [7]): both written
        return [f"Screens: {design.screens}", *_arc_lines(design.extra_directional_screens)]
    return [f"Screens: {design.screens}"] if design.screens else []


def _track_text(values: tuple[int, ...] | list[int]) -> str:
    return "-".join(str(v) for v in values)


def _tracks_block(design: Design, st: StatedValues, rating: Rating) -> list[str]:
    t = rating.tracks
    out = []
    for key, label, computed in (("hull", "Hull", t.hull), ("engines", "Engines", t.engines),
                                 ("weapons", "Weapons", t.weapons)):
        stated = getattr(st, key)
        out.append(f"{label}: {_track_text(stated if stated is not None else computed)}")
    if st.shields is not None or design.shields != 0:
        out.append(f"Shields: {_track_text(st.shields if st.shields is not None else t.shields)}")
    if isinstance(design.shields, ArcValues):
        out.extend(_arc_lines(design.shields))
    return out


def _mode_text(mode: WeaponMode, primary: bool) -> str:
    rng = f"MA {mode.ma}" if mode.ma is not None else format_range(mode.range)  # type: ignore[arg-type]
    text = f"{rng} | {format_stats(mode.rof, mode.acc, mode.imp, mode.dmg)}"
    if mode.traits:
        text += f" ({', '.join(mode.traits)})"
    if mode.label is not None and not primary:  # a primary mode has no label line (C.2)
        label = _one_line(mode.label, "mode label")
        if ":" in label or "|" in label or label != label.strip() or label.lower() in TEXT_KEYS:
            raise DrakeWriteError(f"mode label {label!r} cannot be written as Drake")
        text = f"{label}: {text}"
    return text


def _batteries_block(design: Design, rating: Rating) -> list[str]:
    out = []
    for battery, br in zip(design.weapons, rating.batteries, strict=True):
        name = _one_line(battery.name, "battery name")
        if "|" in name or "//" in name or name.startswith(("#", SEPARATOR)) or _KEY_RE.match(name):
            raise DrakeWriteError(f"battery name {name!r} cannot be written as Drake (it contains '|' or '//', "
                                  "starts with '#' or '--', or reads as a 'Key:' line)")
        banks = "| ".join(format_display_bank(b, expendable=br.expendable) for b in battery.banks)
        ll = battery.stated_loss_limit if battery.stated_loss_limit is not None else br.loss_limit
        out.append(f"{name} | {banks} // ({ll})" if banks else f"{name} | // ({ll})")
        out.extend(_mode_text(m, i == 0) for i, m in enumerate(battery.modes))
    return out


def _systems_block(design: Design, st: StatedValues, rating: Rating, rules: Ruleset) -> list[str]:
    equipment, traits, munitions = [], [], []
    for entry in design.systems:
        name = _one_line(entry.name, "system name")
        rule = rules.systems.get(entry.name)
        kind = rule.type if rule is not None else "T"
        if kind == "E":
            equipment.append(f"{name} {'[]' * entry.qty}".rstrip())
        elif kind == "M":
            munitions.append(f"{name}: {entry.qty}")
        else:
            show_qty = entry.qty != 1 or (rule is not None and rule.unit is not None)
            traits.append(f"{name} ({entry.qty})" if show_qty else name)
    out = []
    ll = st.equipment_loss_limit if st.equipment_loss_limit is not None else rating.equipment_loss_limit
    if equipment or st.equipment_loss_limit is not None:
        out.append(" ".join(["Equipment:", *(["| ".join(equipment)] if equipment else []), f"// ({ll or 0})"]))
    if traits:
        out.append("Traits: " + ", ".join(traits))
    out.extend(munitions)
    return out
