"""What the design page shows for a design file's text: its fields, figures and problems, as ``rate`` gives them.

The figures are the JSON of ``drydock rate --json`` for the same text (:func:`drydock.rate_text`), so the
page and the command cannot disagree; each problem goes beside the field its ``part`` names
(``weapons[0].banks[1]`` beside the battery's banks), the others above the form.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from drydock import DrydockError, rate_text
from drydock.formats import format_for, format_named
from drydock.studio.editing import EditError, load_data, shown

#: Labels of the top fields, with the rulebook's names (A.1, A.4).
TOP_FIELDS = (("faction", "Faction"), ("class", "Class"), ("type", "Type"), ("hull", "Hull size"),
              ("engines", "Engines"), ("shields", "Shields"), ("screens", "Screens"))
TECH_FIELDS = (("tech.engines", "Engine tech level"), ("tech.shields", "Shield tech level"),
               ("tech.weapons", "Weapon tech level"), ("tech.fighters", "Fighter tech level"))
BATTERY_FIELDS = (("name", "Weapon name"), ("range", "Range"), ("stats", "Stats"),
                  ("traits", "Traits"), ("banks", "Banks and arcs"))
TECH_LEVELS = (-2, -1, 0, 1, 2)  # A.4
_INDEX = re.compile(r"\[\d+\]$")


@dataclass
class Field:
    key: str
    label: str
    value: str
    kind: str = "text"  # text, number, tech, list
    options: tuple[str, ...] = ()
    #: what each option is, shown beside it in the drop-down (empty: the options alone)
    labels: tuple[str, ...] = ()
    problems: list[dict[str, Any]] = field(default_factory=list)

    @property
    def dom_id(self) -> str:
        return "f-" + re.sub(r"[^a-z0-9]+", "-", self.key).strip("-")


@dataclass
class Battery:
    index: int
    fields: list[Field]
    problems: list[dict[str, Any]] = field(default_factory=list)
    extra: str = ""  # keys the form does not show (a library profile's use:, a secondary mode ...)


@dataclass
class DesignView:
    """Everything the design page shows for one text."""

    name: str
    text: str
    rating: dict[str, Any] | None = None
    report: str = ""
    errors: list[str] = field(default_factory=list)
    fields: list[Field] = field(default_factory=list)
    tech: list[Field] = field(default_factory=list)
    batteries: list[Battery] = field(default_factory=list)
    systems: Field | None = None
    general: list[dict[str, Any]] = field(default_factory=list)
    editable: bool = True
    drake: str = ""
    saved: dict[str, Any] | None = None
    """The figures of the file as saved (the what-if's base), when the page's text differs from it."""

    @property
    def problems(self) -> list[dict[str, Any]]:
        return list(self.rating["problems"]) if self.rating else []


def rate_json(text: str, name: str, path: Path, rules: str | None) -> tuple[str, list[str]]:
    """The JSON ``drydock rate --json NAME`` prints for ``text`` (``path``: where it lives, for its libraries),
    and the error lines ``rate`` prints on standard error."""
    rated = rate_text(text, name, rules, as_json=True, path=str(path))
    return rated.text, [line.removeprefix("drydock: ") for line in rated.messages]


def design_view(text: str, name: str, path: Path, rules: str | None, catalog: dict[str, Any],
                saved: str | None = None) -> DesignView:
    """The design page's content for design text ``text`` of file ``name`` (``saved``: the file's text on disk,
    for the what-if against it)."""
    view = DesignView(name, text)
    if saved is not None and saved != text:
        view.saved = saved_figures(saved, name, str(path), rules)
    out, view.errors = rate_json(text, name, path, rules)
    ratings = json.loads(out)
    designs = [r for r in ratings if "space_units" in r]
    if len(designs) == 1:
        view.rating = designs[0]
        view.report = rate_text(text, name, rules, path=str(path)).text
        view.drake = _drake(text, path, rules)
    elif len(designs) > 1:
        view.errors.append(f"{name}: holds {len(designs)} designs; the page edits one design per file")
    try:
        data = load_data(text, name)
    except (EditError, DrydockError) as exc:
        view.editable = False
        if not view.errors:
            view.errors.append(str(exc))
        return view
    _fields(view, data, catalog)
    _place(view)
    return view


@lru_cache(maxsize=32)
def saved_figures(saved: str, name: str, path: str, rules: str | None) -> dict[str, Any] | None:
    """The figures of a saved file's text (kept: every edit compares with the same saved text)."""
    before = [r for r in json.loads(rate_json(saved, name, Path(path), rules)[0]) if "space_units" in r]
    return _figures(before[0]) if len(before) == 1 else None


def _figures(r: dict[str, Any]) -> dict[str, Any]:
    return {"su": r["space_units"]["used"], "orat": r["orat"], "drat": r["drat"], "cr": r["combat_rating"]}


def what_if(view: DesignView) -> list[tuple[str, Any, Any, str]]:
    """(figure, saved, now, change) for the what-if against the saved file."""
    if view.saved is None or view.rating is None:
        return []
    now = _figures(view.rating)
    out = []
    for key, label in (("su", "SU used"), ("orat", "ORAT"), ("drat", "DRAT"), ("cr", "CR")):
        change = now[key] - view.saved[key]
        out.append((label, view.saved[key], now[key], f"{change:+}" if change else "="))
    return out


def _fields(view: DesignView, data: dict[str, Any], catalog: dict[str, Any]) -> None:
    for key, label in TOP_FIELDS:
        kind = "number" if key in ("hull", "engines") else "text"
        value = data.get(key, "")
        view.fields.append(Field(key, label, shown(value), kind))
    tech = data.get("tech")
    tech = tech if isinstance(tech, dict) else {}
    for key, label in TECH_FIELDS:
        value = tech.get(key.split(".")[1], 0)
        view.tech.append(Field(key, label, shown(value), "tech"))
    weapons = data.get("weapons")
    weapons = weapons if isinstance(weapons, list) else []
    arcs = catalog["arcs"]  # 4.1 component arcs, C.1 alternate and defensive arc codes of the ruleset
    choices = {"traits": (tuple(t["abbr"] for t in catalog["traits"]), ()),
               "banks": (tuple(a["code"] for a in arcs), tuple(f"{a['name']} ({a['section']})" for a in arcs))}
    for i, w in enumerate(weapons):
        w = w if isinstance(w, dict) else {}
        fields = [Field(f"weapons[{i}].{k}", label, shown(w.get(k, "")), "list" if k in ("traits", "banks") else
                        "text", *choices.get(k, ((), ())))
                  for k, label in BATTERY_FIELDS]
        extra = {k: v for k, v in w.items() if k not in {k for k, _ in BATTERY_FIELDS}}
        view.batteries.append(Battery(i, fields, extra=shown(extra) if extra else ""))
    view.systems = Field("systems", "Systems", shown(data.get("systems", [])), "list",
                         options=tuple(s["name"] for s in catalog["systems"]))


def _place(view: DesignView) -> None:
    """Each problem beside the field its ``part`` names, else above the form."""
    slots: dict[str, Any] = {f.key: f for f in view.fields + view.tech}
    for b in view.batteries:
        slots[f"weapons[{b.index}]"] = b
        slots.update({f.key: f for f in b.fields})
    if view.systems is not None:
        slots["systems"] = view.systems
        slots.update({f"systems[{i}]": view.systems for i in range(64)})
    for problem in view.problems:
        part = problem.get("part", "")
        target = None
        while part:
            if part in slots:
                target = slots[part]
                break
            stripped = _INDEX.sub("", part)
            part = stripped if stripped != part else part.rsplit(".", 1)[0] if "." in part else ""
        if part.startswith("tech") or problem.get("code", "").startswith("TECH"):
            target = target or None
        (target.problems if target is not None else view.general).append(problem)


def _drake(text: str, path: Path, rules: str | None) -> str:
    """The design's Drake notation (A.6), as ``drydock show`` prints it."""
    try:
        designs = format_for(str(path), default="yaml").read(text, file=str(path))
        return str(format_named("drake").write(list(designs)))
    except DrydockError:
        return ""
