"""Regenerate the README's pictures in docs/img/ with drydock itself (issue 15).

    python docs/make_images.py

Every picture is an SVG chart exactly as ``drydock battle|analyze|tournament --report`` draws it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.formats import read_designs  # noqa: E402
from drydock.insight.analyze import analyse  # noqa: E402
from drydock.insight.battle_report import design_matrix, fight, full_dict, outcome_rates  # noqa: E402
from drydock.insight.pages import analysis_page, battle_page, tournament_page  # noqa: E402
from drydock.insight.tournament import Tournament  # noqa: E402

EX = ROOT / "examples" / "designs"
OUT = ROOT / "docs" / "img"


def figures(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [f for s in page.sections for f in s.figures]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    one = lambda name: read_designs(str(EX / f"{name}.yaml"))  # noqa: E731
    a, b = one("majestic") + one("comet-frigate"), one("vigilant-cruiser")
    summary, report = fight(a, b, runs=1000, seed=1, jobs=2)
    matrix = design_matrix(a, b, runs=200, seed=1, jobs=2)
    page = battle_page(full_dict(summary, report), outcome_rates(summary), 1, matrix)
    outcome, length, damage, _matrix = figures(page)
    analyses = [analyse(one(n)[0]) for n in ("majestic", "vigilant-cruiser", "bastion-battleship")]
    apage = figures(analysis_page(analyses))
    everyone = [d for f in sorted(EX.glob("*.yaml")) for d in read_designs(str(f))]
    t = Tournament(everyone, 200, 1, {})
    t.run(jobs=2)
    matrix_svg = figures(tournament_page(t.to_dict()))[0]
    for name, svg in (("battle-outcome", outcome), ("battle-length", length), ("battle-damage-by-band", damage),
                      ("tournament-matrix", matrix_svg), ("analyze-damage-by-range", apage[1]),
                      ("analyze-arcs", apage[3]), ("analyze-space-units", apage[6]),
                      ("analyze-endurance", apage[7])):
        (OUT / f"{name}.svg").write_text(svg, encoding="utf-8")
        print(OUT / f"{name}.svg")


if __name__ == "__main__":
    main()
