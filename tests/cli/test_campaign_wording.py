"""The campaign's messages in plain, agreeing English (issue 46): a verb agreeing with one side or two, counts with
their nouns, a damaged ship's hull said once, nothing "undamaged" about a lost ship, the book's words for its own
map (A1-A3, B6, "A1 or B1") never quoted on another map, and the manual's campaign commands short enough to wrap."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.test_campaign import here, run, start
from tests.helpers import ROOT

__all__ = ["here"]  # the fixture, shared with tests/cli/test_campaign.py


def _error(out: str) -> str:
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("drydock: error: "), out
    return lines[0].removeprefix("drydock: error: ")


def test_one_side_or_two_the_verb_agrees(here: Path) -> None:
    start()
    assert _error(run("reveal", "war.yaml", code=2)) == "turn 1: sides A and B have given no orders yet"
    run("orders", "war.yaml", "--side", "B", "--file", "examples/campaign/orders-b-turn1.yaml")
    assert _error(run("reveal", "war.yaml", code=2)) == "turn 1: side A has given no orders yet"
    run("orders", "war.yaml", "--side", "A", "--file", "examples/campaign/orders-a-turn1.yaml")
    run("reveal", "war.yaml")
    out = _error(run("orders", "war.yaml", "--side", "A", "--move", "Bastion=A1", code=2))
    assert out.startswith("turn 1: sides A and B have not rolled for RPs yet")
    run("repair", "war.yaml", "--side", "A", "--roll", "2,5")
    out = _error(run("orders", "war.yaml", "--side", "A", "--move", "Bastion=A1", code=2))
    assert out.startswith("turn 1: side B has not rolled for RPs yet")


def test_counts_agree_with_their_nouns(here: Path) -> None:
    one = "fleet: One\nships:\n  - {design: ../designs/kestrel-corvette.yaml, names: [Kite]}\n"
    (here / "examples/campaign/one.yaml").write_text(one, encoding="utf-8")
    out = run("new", "war.yaml", "--side", "A", "examples/campaign/one.yaml", "--side", "B",
              "examples/campaign/one.yaml").splitlines()
    assert out[1] == "  side A: 1 ship, 40 CR of 2000 (T.1(2)); starts among A1, A2, A3"
    assert run("orders", "war.yaml", "--side", "A", "--move", "Kite=A2").startswith(
        "side A: starting locations for turn 0 recorded for 1 ship (secret")
    run("orders", "war.yaml", "--side", "B", "--move", "Kite=B1")
    run("reveal", "war.yaml")
    show = run("show", "war.yaml").splitlines()
    assert show[1] == "Side A: 1 ship, CR 40 of 2000; 0 RPs saved; holds 1 objective: A2; orders due"
    run("orders", "war.yaml", "--side", "A", "--move", "Kite=A2")
    run("orders", "war.yaml", "--side", "B", "--move", "Kite=B1")
    run("reveal", "war.yaml")
    out = run("repair", "war.yaml", "--side", "A", "--roll", "1,1")
    assert "side A rolls 1 and 1, holds 1 objective: (1 + 1 + 1) x 20 = 60 RPs (T.1(7)); 60 saved" in out


def test_a_damaged_ship_says_its_hull_once_and_a_lost_ship_is_not_undamaged(here: Path) -> None:
    start()
    for side in "ab":
        run("orders", "war.yaml", "--side", side.upper(), "--file", f"examples/campaign/orders-{side}-turn1.yaml")
    run("reveal", "war.yaml")
    run("repair", "war.yaml", "--side", "A", "--roll", "2,5")
    run("repair", "war.yaml", "--side", "B", "--roll", "4,4")
    for side in "ab":
        run("orders", "war.yaml", "--side", side.upper(), "--file", f"examples/campaign/orders-{side}-turn2.yaml")
    run("reveal", "war.yaml")
    run("result", "war.yaml", "--at", "C3", "--destroyed", "Shadow", "--escaped", "Corona", "--damage",
        "Majestic=hull:2")
    lines = run("show", "war.yaml").splitlines()
    majestic = next(x for x in lines if "Majestic" in x)
    shadow = next(x for x in lines if "Shadow" in x)
    bastion = next(x for x in lines if "Bastion" in x)
    assert majestic.endswith("at C3     hull 6/8 left; 24 RPs a hull point")
    assert majestic.count("hull") == 2 and "hull 2" not in majestic  # "hull 6/8  hull 2" before
    assert shadow.endswith("at C3     LOST: destroyed at C3, turn 2") and "undamaged" not in shadow
    assert bastion.endswith("hull 20/20, undamaged; 21 RPs a hull point")
    run("show", "war.yaml", "--html", "war.html")
    page = (here / "war.html").read_text(encoding="utf-8")
    row = re.search(r'<tr class="lost">.*?</tr>', page, re.S)
    assert row is not None and "Shadow" in row.group(0)
    assert "undamaged" not in row.group(0) and 'class="box' not in row.group(0)
    assert "destroyed at C3, turn 2" in row.group(0)


def test_the_book_map_words_are_not_quoted_on_another_map(here: Path) -> None:
    run("new", "war.yaml", "--map", "examples/campaign/border-map.yaml", "--side", "A",
        "examples/campaign/rim-guard.yaml", "--side", "B", "examples/campaign/shade-clans.yaml")
    out = _error(run("orders", "war.yaml", "--side", "A", "--move", "Bastion=C1", code=2))
    assert out == ("side A: Bastion (RG-01) cannot start at C1: side A starts among A1, A2 (T.1(3): \u201cPlayers "
                   "secretly record the starting locations of their starships [...]\u201d, with this campaign's map in "
                   "place of the book's)")
    assert "A1-A3" not in out
    run("show", "war.yaml", "--html", "war.html")
    page = (here / "war.html").read_text(encoding="utf-8")
    rules = page[page.index("Rules applied"):page.index("<h2>History")]
    for book_only in ("A1-A3", "B6", "A1 or B1"):
        assert book_only not in rules
    assert "A ship may move from its current objective to any connected objective." in rules


def test_the_book_map_words_are_quoted_on_the_book_map(here: Path) -> None:
    start()
    out = _error(run("orders", "war.yaml", "--side", "A", "--move", "Bastion=B1", code=2))
    assert "(T.1(4): \u201cPlayers secretly record starship movement." in out and "B6 may move into" in out


def test_the_players_fleet_limit_is_not_quoted_as_2000(here: Path) -> None:
    out = _error(run("new", "war.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
                     "examples/campaign/shade-clans.yaml", "--fleet-limit", "1000", code=2))
    assert out == ("side A: examples/campaign/rim-guard.yaml: fleet total CR 1018 is over the campaign's limit of "
                   "1000 by 18 (T.1(2): \u201cEach player assembles a fleet with a combat rating limit [...]\u201d, "
                   "with the players' fleet limit in place of the book's)")


def test_the_manual_campaign_commands_wrap() -> None:
    """docs/campaigns.md: every command line short enough for the page (the theme scrolls, and cut them off)."""
    text = (ROOT / "docs/campaigns.md").read_text(encoding="utf-8")
    long = []
    in_sh = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("```"):
            in_sh = line.strip() == "```sh" and not in_sh
        elif in_sh and len(line) > 84:
            long.append((number, len(line)))
    assert not long, long


MEASURE = """<script>
const wide = document.documentElement.scrollWidth;
const lost = [...document.querySelectorAll('tr.lost')].map(r => r.innerText.replace(/\\s+/g, ' '));
document.body.setAttribute('data-measured', JSON.stringify({wide: wide, view: window.innerWidth, lost: lost,
  boxes: document.querySelectorAll('span.box').length, circles: document.querySelectorAll('svg.map circle').length}));
</script>"""


def test_campaign_page_in_headless_chromium(tmp_path: Path) -> None:
    """The worked campaign's page (docs/campaigns.md) laid out by Chromium at 1280 pixels: nothing wider than the
    window, the map's 16 objectives drawn, every hull box drawn, the lost ships' rows saying only how they were
    lost; and a screenshot that is not blank."""
    import json
    import subprocess

    from PIL import Image

    from drydock.formats.campaign import read_campaign
    from drydock.insight.campaign_page import page
    from tests.programs import require

    chromium = require("chromium", "chromium-browser", install="chromium")  # fails under CI=true, skips elsewhere
    c = read_campaign(ROOT / "tests/fixtures/campaign/rim-war-turn3.yaml")
    html = tmp_path / "c.html"
    html.write_text(page(c).replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
              "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,1700"]
    dom = subprocess.run([*common, "--dump-dom", html.as_uri()], check=True, timeout=120, capture_output=True,
                         text=True).stdout
    found = re.search(r'data-measured="([^"]*)"', dom)
    assert found is not None, dom[-2000:]
    measured = json.loads(found.group(1).replace("&quot;", '"'))
    assert measured["wide"] <= measured["view"], measured  # nothing cut off or scrolled sideways
    assert measured["circles"] == 16
    assert measured["boxes"] == sum(x.hull for s in c.sides.values() for x in s.ships if not x.lost)
    assert [" ".join(row.split()) for row in measured["lost"]] == [
        "SC-03 Shadow Rebel SHADE-class Raider 106 C3 - - - destroyed at C3, turn 2",
        "SC-04 Umbra Rebel SHADE-class Raider 106 C4 - - - destroyed at C4, turn 3"]
    png = tmp_path / "shot.png"
    subprocess.run([*common, f"--screenshot={png}", html.as_uri()], check=True, timeout=120, capture_output=True)
    colours = Image.open(png).convert("RGB").getcolors(1 << 20)
    assert colours is not None and any(rgb == (0, 114, 178) for _, rgb in colours)  # side A's blue on the map
