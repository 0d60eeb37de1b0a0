"""``drydock analyze`` as text and JSON, from :class:`~drydock.insight.analyze.Analysis` records."""

from __future__ import annotations

import textwrap
from typing import Any

from drydock.errors import inline
from drydock.insight.analyze import ARC_SHIELD, SECTOR_ARCS, SHIELDS, Analysis
from drydock.insight.numbers import num, pct, text


def to_dict(a: Analysis) -> dict[str, Any]:
    """One design's analysis for ``--json``: exact values rounded to 3 decimals."""
    used = sum(v for _, v, _ in a.su) or 1
    return {
        "design": a.title,
        "longest_range": a.longest,
        "reference_screens": a.screens,
        "expected_damage": [
            {"range": r, "shields": {str(s): num(a.total[r][s]) for s in SHIELDS},
             "with_screens": {str(s): num(a.screened[r][s]) for s in SHIELDS}}
            for r in sorted(a.total)],
        "batteries": [{"battery": b.battery, "bank": b.entry,
                       "expected_damage": [{"range": r, "shields": {str(s): num(v) for s, v in by_s.items()}}
                                           for r, by_s in sorted(b.by_range.items())]} for b in a.banks],
        "arcs": {"shields": ARC_SHIELD, "sectors": [{"bearing": [30 * k, 30 * k + 30], "arcs": SECTOR_ARCS[k],
                                                     "firepower": num(v)} for k, v in enumerate(a.arcs)]},
        "space_units": [{"part": n, "su": v, "share": num(v / used), "orat": o} for n, v, o in a.su],
        "combat_rating": {k: num(v) for k, v in a.cr.items()},
        "endurance": [{"weapon": w, "expected_hits_to_destroy": None if v is None else num(v, 2)}
                      for w, v in a.endurance],
        "not_in_figures": a.not_in_figures,
    }


def wrap(line: str) -> str:
    return textwrap.fill(line, 110, initial_indent="  ", subsequent_indent="    ")


def format_analysis(analyses: list[Analysis]) -> str:
    """The text form: per design, expected damage by range (shields 0-5), arcs, SU, endurance."""
    out: list[str] = []
    for a in analyses:
        out.append(f"{a.title}: expected damage per turn (boxes marked), target in every bank's arc")
        if not a.total:
            out.append("  no direct-fire weapons")
        else:
            out.append(f"  against shields 0-5, and shields 0/2/4 with {a.screens} screens:")
            out.append("  range" + "".join(f"{'sh' + str(s):>7}" for s in SHIELDS) + "  |"
                       + "".join(f"{'sh' + str(s) + '+sc':>8}" for s in (0, 2, 4)))
            for r in sorted(a.total):
                row = "".join(f"{text(a.total[r][s]):>7}" for s in SHIELDS)
                scr = "".join(f"{text(a.screened[r][s]):>8}" for s in (0, 2, 4))
                out.append(f"  {r:>5}{row}  |{scr}")
            fire = ", ".join(f"{30 * k}-{30 * k + 30} {text(v, 1)}" for k, v in enumerate(a.arcs))
            out.append(wrap(f"firepower by bearing (degrees clockwise from the bow; mean over range 1-{a.longest}, "
                            f"shields {ARC_SHIELD}): {fire}"))
        used = sum(v for _, v, _ in a.su) or 1
        out.append(wrap("space units: " + ", ".join(f"{n} {v} ({pct(v / used)})" for n, v, _ in a.su)))
        out.append(f"  ORAT {a.cr['orat']}  DRAT {a.cr['drat']}  CR {a.cr['combat_rating']}")
        out.append(wrap("endurance (expected hits to destroy, at full shields): "
                        + ", ".join(f"{w} {'-' if v is None else text(v, 1)}" for w, v in a.endurance)))
        out += [f"  note: {n}" for n in a.not_in_figures]
        out.append("")
    return "\n".join(inline(x) for x in out)  # a name never breaks or forges a line.rstrip()
