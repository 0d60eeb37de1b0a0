"""What a ruleset offers a designer: every trait, system and arc code, with its cost and rulebook section.

:func:`catalog` turns the active :class:`~drydock.core.rules.Ruleset` (the book, or the book
with house rules merged over it) into plain records, so that ``drydock rules`` can list
them and a house-rule file's values show instead of the book's. :func:`format_catalog`
prints them as text. Core module: no I/O.

Sources: trait multipliers and restrictions A.1, C.5 and Z.3; systems A.5 and Appendix B;
arcs 4.1 and C.1.
"""

from __future__ import annotations

from typing import Any

from drydock.core.rules.formula import Exact, number_text
from drydock.core.rules.ruleset import SYSTEM_TYPES, Ruleset, SystemRule, TraitRule

#: Where each component arc points, measured clockwise from the ship's facing (4.1).
COMPONENT_BEARINGS: dict[str, str] = {
    "A": "fore-port row sector, 300-360°", "B": "fore-starboard row sector, 0-60°",
    "C": "port row sector, 240-300°", "D": "starboard row sector, 60-120°",
    "E": "aft-port row sector, 180-240°", "F": "aft-starboard row sector, 120-180°",
    "G": "fore spine sector, 330-30°", "H": "fore-port spine sector, 270-330°",
    "I": "fore-starboard spine sector, 30-90°", "J": "aft-port spine sector, 210-270°",
    "K": "aft-starboard spine sector, 90-150°", "L": "aft spine sector, 150-210°",
}

VIEWS = ("traits", "systems", "arcs")


def _num(x: Exact | None) -> str | None:
    if x is None:
        return None
    return number_text(x)


def trait_restrictions(abbr: str, trait: TraitRule, rules: Ruleset) -> list[str]:
    """The construction limits on one weapon trait, in a player's words (A.1, C.5)."""
    out: list[str] = []
    for key, need in trait.requires.items():
        out.append(f"{key.upper()} must be {need}")
    for pair, _rule in rules.forbidden_pairs:
        if abbr in pair:
            (other,) = pair - {abbr}
            out.append(f"not with {other} ({rules.traits[other].name})")
    tr = rules.data.trait_rules
    if trait.range_based:
        out.append(f"range-based: at most {tr.max_range_based} per weapon")
        if tr.seeker_forbids_range_based:
            out.append("not on seeking weapons")
        bad = sorted(other for pair, mult in rules.range_pairs.items() if mult is None and abbr in pair
                     for other in pair - {abbr})
        if bad:
            out.append("invalid with " + ", ".join(bad))
    if abbr in tr.seeker_forbids:
        out.append("not on seeking weapons")
    if trait.max_count > 1:
        out.append(f"may be taken up to {trait.max_count} times")
    if trait.stage == "after":
        out.append("applied after the seeking/defensive additions")
    if trait.defensive:
        out.append("adds the defensive cost instead of a multiplier")
    return out


def _trait(abbr: str, t: TraitRule, rules: Ruleset) -> dict[str, Any]:
    return {"abbr": abbr, "name": t.name, "multiplier": _num(t.multiplier), "range_based": t.range_based,
            "restrictions": trait_restrictions(abbr, t, rules), "section": t.section,
            "confidence": t.confidence, "note": t.note}


def system_quantity(name: str, rule: SystemRule) -> str:
    """How many of a system a design may take, and what its quantity counts (Appendix B)."""
    if rule.structural == "shields":
        return "set with `shields: {fwd: .., port: .., stbd: .., aft: ..}`, not listed"
    if rule.structural == "screens":
        return "set with `screens:`, not listed"
    text = f"multiples: true; qty = {rule.unit or 'levels'}" if rule.multiples else "one only"
    if rule.requires:
        text += f"; needs {rule.requires}, at most its {rule.unit or 'quantity'}"
    return text


def system_drat(rule: SystemRule) -> str:
    """The system's effect on the DRAT (A.2, A.5), as a short formula."""
    parts = []
    if rule.drat_mult is not None:
        parts.append(f"x {rule.drat_mult}")
    if rule.drat_add is not None:
        parts.append(f"+ {rule.drat_add}")
    if rule.hull_mult is not None:
        parts.append(f"hull boxes x {_num(rule.hull_mult)}")
    return ", ".join(parts)


def _system(name: str, rule: SystemRule) -> dict[str, Any]:
    return {"name": name, "abbr": list(rule.abbr), "type": rule.type, "type_name": SYSTEM_TYPES[rule.type],
            "su": rule.su,
            "orat": rule.orat or "", "drat": system_drat(rule), "tech": rule.tech or "",
            "quantity": system_quantity(name, rule), "section": rule.section, "confidence": rule.confidence,
            "note": rule.note}


def _arcs(rules: Ruleset) -> list[dict[str, Any]]:
    arcs = rules.data.arcs
    out: list[dict[str, Any]] = []
    for letter in arcs.component:
        out.append({"code": letter, "kind": "component", "name": COMPONENT_BEARINGS.get(letter, ""),
                    "components": letter, "arcs": "1", "section": "4.1"})
    for code, alt in arcs.alternate.items():
        out.append({"code": code, "kind": "alternate", "name": alt.name, "components": alt.standard,
                    "arcs": str(len(alt.standard)), "section": "C.1"})
    for code, count in arcs.defensive.items():
        out.append({"code": code, "kind": "defensive", "name": f"{code} defensive arc", "components": "",
                    "arcs": _num(count), "section": "A.1, C.1"})
    return out


def catalog(rules: Ruleset | None = None) -> dict[str, Any]:
    """Every trait, system and arc code of ``rules`` (default: the book), with the ruleset's identity."""
    rules = rules or Ruleset.unity()
    return {
        "rules": rules_identity(rules),
        "traits": [_trait(abbr, t, rules) for abbr, t in rules.traits.items()],
        "systems": [_system(name, rule) for name, rule in rules.systems.items()],
        "arcs": _arcs(rules),
    }


def rules_identity(rules: Ruleset) -> dict[str, Any]:
    """``{name, label, fingerprint, book}``: how every output names the rules it used."""
    return {"name": rules.name, "label": rules.label, "fingerprint": rules.fingerprint, "book": rules.is_book}


def house_note(rules: Ruleset | None) -> str | None:
    """The note a converted file carries when house rules were in force (``None`` for the book)."""
    if rules is None or rules.is_book:
        return None
    return f"Converted under house rules: {rules.label}"


def with_house_note(item: Any, rules: Ruleset | None) -> Any:
    """``item`` (a design or Nova record, with ``notes``) carrying :func:`house_note` once."""
    note = house_note(rules)
    if note is None or note in item.notes:
        return item
    return item.model_copy(update={"notes": (*item.notes, note)})


def _table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(head)]
    widths[-1] = 0  # the last column runs free

    def fmt(row: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()

    return [fmt(head), fmt(tuple("-" * max(w, len(h)) for w, h in zip(widths, head, strict=True)))] + \
        [fmt(r) for r in rows]


def format_catalog(cat: dict[str, Any], views: tuple[str, ...] = VIEWS) -> str:
    """The catalog as text tables, one per view (``traits``, ``systems``, ``arcs``)."""
    out = [f"Rules: {cat['rules']['label']}"]
    if "traits" in views:
        out += ["", "Weapon traits (A.1, C.5; multipliers on the BSUR)"]
        out += _table(("Abbr", "Name", "Mult", "Section", "Restrictions"),
                      [(t["abbr"], t["name"], t["multiplier"] or "-", t["section"],
                        "; ".join(t["restrictions"]) or "-") for t in cat["traits"]])
    if "systems" in views:
        out += ["", "Systems (A.5, Appendix B; n = quantity, EF/SF engine/shield factor, WSU weapon SU; "
                    "Type and Quantity as a house-rule file writes them: type: E|M|T or its name, multiples: true)"]
        out += _table(("Name", "Abbr", "Type", "SU cost", "ORAT", "DRAT", "Section", "Quantity"),
                      [(s["name"], ", ".join(s["abbr"]) or "-", f'{s["type"]} {s["type_name"]}', s["su"],
                        s["orat"] or "-", s["drat"] or "-", s["section"], s["quantity"]) for s in cat["systems"]])
    if "arcs" in views:
        out += ["", "Firing arcs (4.1, C.1; Arcs = what the arc counts in the bank SU formula)"]
        out += _table(("Code", "Kind", "Arcs", "Components", "Name"),
                      [(a["code"], a["kind"], a["arcs"], a["components"] or "-", a["name"]) for a in cat["arcs"]])
    return "\n".join(out) + "\n"
