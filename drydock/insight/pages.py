"""Report pages (HTML, PDF through WeasyPrint, or one SVG chart) for battles, analyses and tournaments.

A page is sections of paragraphs, SVG figures and tables, rendered by ``templates/insight/report.html.j2``
(autoescaped, ``StrictUndefined``). The figures come from :mod:`drydock.insight.charts`, whose templates
escape every name, so they are inserted as markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from drydock.engine.observe import LOSS_KINDS
from drydock.errors import DrydockError
from drydock.formats import write_atomic
from drydock.insight.analyze import ARC_SHIELD
from drydock.insight.charts import (
    PALETTE,
    Bar,
    Series,
    bar_chart,
    hex_arcs,
    line_chart,
    matrix_chart,
    render,
    stack_chart,
)
from drydock.insight.numbers import pct, text
from drydock.insight.tournament import fought_words, rules_lines

REPORT_SUFFIXES = (".html", ".htm", ".pdf", ".svg")


@dataclass
class Section:
    heading: str
    text: list[str] = field(default_factory=list)
    figures: list[Any] = field(default_factory=list)
    tables: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def table(self, head: list[str], rows: list[list[Any]]) -> None:
        self.tables.append({"head": head, "rows": [[str(c) for c in r] for r in rows]})


@dataclass
class Page:
    title: str
    subtitle: list[str]
    sections: list[Section]
    main_chart: str  # the chart written for an ``.svg`` report

    def html(self, for_pdf: bool = False) -> str:
        sections = [{"heading": s.heading, "text": s.text, "tables": s.tables, "notes": s.notes,
                     "figures": [Markup(f) for f in s.figures]} for s in self.sections]  # our own escaped SVG
        page = {"title": self.title, "subtitle": self.subtitle, "sections": sections}
        return render("report.html.j2", page=page, for_pdf=for_pdf)


def check_report_path(path: str) -> None:
    """Refuse an unknown report type before any work is done."""
    if Path(path).suffix.lower() not in REPORT_SUFFIXES:
        raise DrydockError(f"{path}: a report is .html, .pdf or .svg")


def write_report(path: str, page: Page, force: bool = False) -> None:
    """Write ``page`` as HTML, PDF or (its main chart) SVG, chosen by the extension; atomically."""
    check_report_path(path)
    suffix = Path(path).suffix.lower()
    if suffix == ".pdf":
        # lazy: printing only (WeasyPrint, pikepdf, fontTools)
        from drydock.render.pdf import html_pdf

        write_atomic(path, html_pdf(page.html(for_pdf=True)), force=force)
    elif suffix == ".svg":
        write_atomic(path, page.main_chart, force=force)
    else:
        write_atomic(path, page.html(), force=force)


# ------------------------------------------------------------------ battle
def outcome_chart(title: str, rates: list[tuple[str, Any, float, float]]) -> str:
    return bar_chart(title, [(label, [Bar("rate", r, lo, hi)]) for label, r, lo, hi in rates],
                     ylabel="share of battles", percent=True)


def battle_page(d: dict[str, Any], rates: list[tuple[str, Any, float, float]], seed: int,
                matrix: dict[str, Any] | None = None) -> Page:
    """The ``drydock battle --report`` page from the JSON dict (summary + ``report``)."""
    rep = d["report"]
    sa, sb = rep["sides"]
    outcome = outcome_chart("Who wins (bars: share of battles; whiskers: Wilson 95% interval)", rates)
    lengths = rep["battle_length"]
    length_chart = bar_chart("How long the battles lasted", [(t, [Bar("battles", c)]) for t, c in lengths.items()],
                             ylabel="battles")
    bands = [b for b in sa["mean_damage_by_band"] if sa["mean_damage_by_band"][b] or sb["mean_damage_by_band"][b]]
    da, db = sa["mean_damage_by_band"], sb["mean_damage_by_band"]
    damage_chart = bar_chart("Mean damage dealt per battle, by range band",
                             [(b, [Bar("side A", da[b]), Bar("side B", db[b])]) for b in bands or ["short"]],
                             ylabel="boxes marked")
    sub = [f"A: {', '.join(sa['ships'])}", f"B: {', '.join(sb['ships'])}",
           f"{d['runs']} battles, seed {seed}, doctrine {rep['doctrine']}, VP target {d['vp_target']}"]
    if d.get("rules", "Unity v2.0") != "Unity v2.0":  # house rules say so (issue 23)
        sub.append(f"rules: {d['rules']}")
    if d.get("in_force"):  # optional rules, scenario and terrain (issue 23)
        sub.append("in force: " + "; ".join(d["in_force"]))
    win = Section("Who wins", figures=[outcome, length_chart])
    win.table(["outcome", "battles", "share", "95% interval"],
              [[label, round(float(r) * d["runs"]), pct(r), f"{pct(lo)} - {pct(hi)}"] for label, r, lo, hi in rates])
    ended = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in rep["ended"].items() if v)
    win.text.append(f"How the battles ended: {ended}. Mean length {text(d['mean_turns'])} turns.")
    if d.get("verdict"):
        win.text.insert(0, d["verdict"])  # the verdict first (issue 36)
    game = d.get("plan_game")
    if game:
        line = game["line"].removeprefix("plans: ")
        win.text.append(f"Plans flown: {line}.")
        rob = d.get("robustness", {})
        if rob.get("doctrine"):
            win.text.append(rob["doctrine"][0].upper() + rob["doctrine"][1:] + ".")
        win.table(["A's plan \\ B's plan", *game["plans_b"]],
                  [[f"{p} ({pct(s)})"] + [f"{c['a_wins']} / {c['draws']} / {c['b_wins']}" if c["runs"] else "-"
                                           for c in row]
                   for p, s, row in zip(game["plans_a"], game["strategy_a"], game["cells"], strict=True)])
        win.notes.append("The plan matrix: each cell is A wins / draws / B wins of the battles fought with that pair "
                         "of plans; the percentages say how often the best plans fly each plan (B's: "
                         f"{', '.join(pct(q) for q in game['strategy_b'])}).")
    why = Section("Why: damage, first kills, fates", figures=[damage_chart])
    why.table(["side", "CR", "SU not simulated", "mean damage dealt", "battles with a kill",
               "mean turn of first kill"],
              [[s["side"], s["combat_rating"], pct(s["not_simulated_share"]), text(s["mean_damage"]),
                s["battles_with_a_kill"], "-" if s["mean_turns_to_first_kill"] is None
                else text(s["mean_turns_to_first_kill"])] for s in (sa, sb)])
    why.table(["side", "ship", "battery", "mean damage", "short", "medium", "long", "seekers", "fighters"],
              [[s["side"], row["ship"], row["battery"], text(row["mean_damage"])]
               + [text(row["by_band"].get(b, 0)) for b in ("short", "medium", "long", "seekers", "fighters")]
               for s in (sa, sb) for row in s["mean_damage_by_battery"]])
    why.table(["ship", "survived", *LOSS_KINDS, "mean turn lost"],
              [[f["ship"], pct(f["survived"])] + [pct(f[k.replace(" ", "_")]) for k in LOSS_KINDS]
               + ["-" if f["mean_turn_lost"] is None else text(f["mean_turn_lost"])]
               for s in (sa, sb) for f in s["ships_fate"]])
    sections = [win, why]
    if matrix:
        m = Section("Each design against each other, one on one",
                    figures=[matrix_chart("Score the row can guarantee against the column (plan game)",
                                         matrix["labels"], matrix["cells"])])
        m.text.append(f"Each pairing judged as drydock battle judges: {matrix['verdict']}, {matrix['runs']} battles "
                      f"of the equilibrium pairing ({matrix['battles']} battles in all); score = (1 + value) / 2, "
                      f"win 1, draw 1/2; same seed and board; doctrine {matrix['doctrine']} (each design flies its "
                      "own side's doctrine, whichever side of a pairing it is on).")
        sections.append(m)
    sections.append(Section("Not simulated", notes=list(d.get("not_simulated", [])) or ["nothing"]))
    return Page("Battle report", sub, sections, outcome)


# ------------------------------------------------------------------ analysis
def analysis_page(analyses: list[Any], shields: tuple[int, ...] = (0, 2, 4)) -> Page:
    """The ``drydock analyze --report`` page: damage by range (designs overlaid), arcs, SU, endurance."""
    sections = []
    dmg = Section("Expected damage per turn by range",
                  text=["Exact expectation of boxes marked on a target in the arc of every bank (solid: no screens; "
                        f"dashed: {analyses[0].screens} fresh screens)."])
    main = ""
    for s in shields:
        series = []
        for i, a in enumerate(analyses):
            col = PALETTE[i % len(PALETTE)]
            series.append(Series(a.name, [(r, a.total[r][s]) for r in sorted(a.total)], color=col))
            if a.screens:
                series.append(Series(f"{a.name} + screens", [(r, a.screened[r][s]) for r in sorted(a.total)],
                                     dashed=True, color=col))
        chart = line_chart(f"Against shields {s}", series, "range (hexes)", "expected damage")
        main = main or chart
        dmg.figures.append(chart)
    sections.append(dmg)
    peak = max(v for a in analyses for v in a.arcs)
    arcs = Section("Firepower by arc", text=["Expected damage per turn against a target on each 30-degree bearing "
                                             "(the bow is up); one shading scale for every design."],
                   figures=[hex_arcs(a.name, a.arcs, f"mean over range 1-{a.longest}, shields {ARC_SHIELD}"
                                     if a.longest else "no direct-fire weapons", peak=peak) for a in analyses])
    sections.append(arcs)
    su = Section("Where the space units went", figures=[
        stack_chart("Space units", [(a.name, [(n, v) for n, v, _ in a.su if v]) for a in analyses])])
    for a in analyses:
        used = sum(v for _, v, _ in a.su) or 1
        su.table([a.name, "SU", "share", "ORAT"],
                 [[n, v, pct(v / used), "-" if o is None else o] for n, v, o in a.su]
                 + [["ORAT / DRAT / CR", "", "", f"{a.cr['orat']} / {a.cr['drat']} / {a.cr['combat_rating']}"]])
    sections.append(su)
    end = Section("Endurance: expected hits to destroy, at full shields",
                  figures=[bar_chart("Expected hits to destroy", [(label, [Bar(a.name, next(
                      (v for lab, v in a.endurance if lab == label), 0) or 0) for a in analyses])
                      for label, _ in analyses[0].endurance], ylabel="hits", width=640)])
    end.table(["weapon"] + [a.name for a in analyses],
              [[label] + [text(dict(a.endurance)[label]) if dict(a.endurance)[label] else "-" for a in analyses]
               for label, _ in analyses[0].endurance])
    sections.append(end)
    notes = [n for a in analyses for n in a.not_in_figures]
    if notes:
        sections.append(Section("Not in these figures", notes=notes))
    return Page("Design analysis", [", ".join(a.title for a in analyses)], sections, main)


# ------------------------------------------------------------------ tournament
def tournament_page(t: dict[str, Any]) -> Page:
    labels = [r["design"] for r in t["designs"]]
    plans = t.get("plans", False)
    chart = (matrix_chart("Score the row can guarantee against the column (plan game)", labels, t["cells"],
                          "opponent (column); cell = (1 + value) / 2, 95% interval below")
             if plans else matrix_chart("Win rate of the row against the column", labels, t["cells"]))
    ranking = Section("Ranking")
    ranking.table(["rank", "design", "score", "wins", "draws", "losses", "CR"],
                  [[i + 1, r["design"], pct(r["score"]), r["wins"], r["draws"], r["losses"], r["combat_rating"]]
                   for i, r in enumerate(t["ranking"])])
    ranking.text.append("Score = the share of the points (win 1, draw 1/2) the design can guarantee with its best "
                        "plan against each opponent's best reply, (1 + value of the plan game) / 2, averaged over "
                        "its opponents; wins, draws and losses are the battles of each equilibrium pairing."
                        if plans else "Score = (wins + draws / 2) / battles, over every opponent.")
    m = Section("Score matrix" if plans else "Win-rate matrix", figures=[chart])
    if plans:
        m.table(["A", "B", "value", "A's plan", "B's plan", "A wins", "draws", "B wins"],
                [[p["a"], p["b"], text(p["value"]), p["plans"]["a"], p["plans"]["b"], p["a_wins"], p["draws"],
                  p["b_wins"]] for p in t["pairings"]])
    sub = [f"{len(labels)} designs, {fought_words(t)}, seed {t['seed']}, doctrine {t['doctrine']}"]
    if t.get("options"):
        sub.append("options: " + ", ".join(t["options"]))
    sub += rules_lines(t)  # the ruleset, house-rule files and faction entries, design by design (issue 45)
    if t["battles_per_second"]:
        sub.append(f"{t['battles_fought']} battles in {text(t['seconds'], 1)} s "
                   f"({text(t['battles_per_second'], 0)} battles/s)")
    return Page("Tournament", sub, [ranking, m], chart)
