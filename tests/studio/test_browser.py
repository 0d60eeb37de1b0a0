"""The studio in a real Chromium (the system's /usr/bin/chromium), driven by Playwright as a player would:
a new frigate from the starter to a legal saved design, a typo and its did-you-mean, an illegal choice shown
and fixed, two tabs saving the same design, a draft surviving a reload, and the figures shown equal to
``drydock rate``'s on every bundled example."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from drydock.resources import examples_dir
from tests.studio.conftest import Served

EXAMPLES = sorted([f"designs/{p.name}" for p in (examples_dir() / "designs").glob("*.yaml")]
                  + [f"fleets/ships/{p.name}" for p in (examples_dir() / "fleets/ships").glob("*.yaml")])


def figures(page: Any) -> dict[str, str]:
    return {k: page.locator(f"#editor [data-figure={k}]").inner_text() for k in ("su", "orat", "drat", "cr")}


def edit(page: Any, label: str, value: str, *, nth: int = 0) -> None:
    """Type ``value`` into the field labelled ``label`` and leave it (Tab), then wait for the new rating."""
    field = page.get_by_label(label, exact=True).nth(nth)
    field.fill(value)
    with page.expect_response(lambda r: r.url.endswith("/api/edit")):
        field.press("Tab")
    page.locator("#design:not([aria-busy])").wait_for()  # the page's CSP forbids eval: no wait_for_function


def test_figures_shown_equal_drydock_rate_on_every_bundled_example(studio: Served, page: Any) -> None:
    out = subprocess.run([sys.executable, "-m", "drydock", "rate", "--json", *EXAMPLES], cwd=studio.folder,
                         capture_output=True, text=True, check=True)
    expected = {r["file"]: r for r in json.loads(out.stdout)}
    for name in EXAMPLES:
        page.goto(f"{studio.url}design?path={name}")
        r = expected[name]
        assert figures(page) == {"su": str(r["space_units"]["used"]), "orat": str(r["orat"]),
                                 "drat": str(r["drat"]), "cr": str(r["combat_rating"])}, name
        assert page.locator("#editor [data-figure=su-free]").inner_text() == str(r["space_units"]["remaining"])
        shown = sorted(page.locator("#editor [data-problem-code]").evaluate_all(
            "els => els.map(e => e.dataset.problemCode)"))
        assert shown == sorted(p["code"] for p in r["problems"]), name


def test_a_new_frigate_from_the_starter_to_a_legal_saved_design(studio: Served, page: Any) -> None:
    page.goto(studio.url)
    page.get_by_label("File name").fill("my-frigate")
    page.get_by_role("button", name="New design").click()
    page.wait_for_url("**/design?path=my-frigate.yaml")
    assert page.get_by_label("Hull size", exact=True).input_value() == "4"
    starter_cr = figures(page)["cr"]
    assert page.locator("#what-if").count() == 0  # nothing changed yet
    edit(page, "Class", "Kite")
    edit(page, "Hull size", "5")
    cr_before = int(figures(page)["cr"])
    edit(page, "Traits", "Pr1")
    assert int(figures(page)["cr"]) > cr_before  # Piercing-1 costs and rates more (C.5)
    assert page.locator("[data-legal=true]").is_visible()
    cr_row = page.locator("#what-if tr", has_text="CR").last.inner_text().split()
    assert cr_row[1:3] == [starter_cr, figures(page)["cr"]]  # the what-if against the saved file
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved my-frigate.yaml").wait_for()
    saved = (studio.folder / "my-frigate.yaml").read_text()
    assert "class: Kite" in saved and "hull: 5" in saved and "traits: [Pr1]" in saved
    check = subprocess.run([sys.executable, "-m", "drydock", "check", "my-frigate.yaml"], cwd=studio.folder,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    rate = subprocess.run([sys.executable, "-m", "drydock", "rate", "--json", "my-frigate.yaml"], cwd=studio.folder,
                          capture_output=True, text=True, check=True)
    assert str(json.loads(rate.stdout)[0]["combat_rating"]) == figures(page)["cr"]
    assert page.locator("#dirty").is_hidden()


def test_a_typo_gets_its_did_you_mean_beside_the_field(studio: Served, page: Any) -> None:
    page.goto(f"{studio.url}design?path=designs/comet-frigate.yaml")
    edit(page, "Systems", "Countermesures")
    problem = page.locator("#f-systems-problems [data-problem-code=UNKNOWN_SYSTEM]")
    assert "did you mean Countermeasures?" in problem.inner_text()
    assert "A.5" in problem.inner_text()
    assert page.get_by_label("Systems", exact=True).get_attribute("aria-invalid") == "true"
    edit(page, "Systems", "Countermeasures")
    assert page.locator("[data-problem-code=UNKNOWN_SYSTEM]").count() == 0


def test_an_illegal_choice_is_shown_beside_its_field_and_fixed(studio: Served, page: Any) -> None:
    page.goto(f"{studio.url}design?path=designs/kestrel-corvette.yaml")
    before = figures(page)
    edit(page, "Hull size", "40")
    problem = page.locator("#f-hull-problems [data-problem-code=HULL_OUT_OF_RANGE]")
    assert "hull size 40 is outside 1-35" in problem.inner_text() and "(A.1)" in problem.inner_text()
    assert page.locator("[data-legal=false]").is_visible()
    assert page.locator("#dirty").is_visible()
    hull = (studio.folder / "designs/kestrel-corvette.yaml").read_text().split("hull: ")[1].split()[0]
    edit(page, "Hull size", hull)
    assert page.locator("[data-problem-code=HULL_OUT_OF_RANGE]").count() == 0
    assert figures(page) == before and page.locator("[data-legal=true]").is_visible()


def test_two_tabs_saving_the_same_design_the_second_is_told(studio: Served, browser: Any) -> None:
    context = browser.new_context()
    first, second = context.new_page(), context.new_page()
    try:
        for tab in (first, second):
            tab.goto(f"{studio.url}design?path=designs/harrier-missile-destroyer.yaml")
        edit(first, "Engines", "6")
        first.get_by_role("button", name="Save").click()
        first.get_by_text("Saved designs/harrier-missile-destroyer.yaml").wait_for()
        edit(second, "Engines", "7")
        second.get_by_role("button", name="Save").click()
        second.get_by_text("changed on disk since you opened it").wait_for()
        assert "engines: 6" in (studio.folder / "designs/harrier-missile-destroyer.yaml").read_text()
        assert second.get_by_role("button", name="Reload from disk").is_visible()
        second.get_by_label("New file name").fill("harrier-engines-3.yaml")
        second.get_by_role("button", name="Save as new file").click()
        second.wait_for_url("**/design?path=harrier-engines-3.yaml&saved=1")
        assert "engines: 7" in (studio.folder / "harrier-engines-3.yaml").read_text()
        assert "engines: 6" in (studio.folder / "designs/harrier-missile-destroyer.yaml").read_text()
    finally:
        context.close()


def test_an_unsaved_design_survives_a_reload(studio: Served, page: Any) -> None:
    page.goto(f"{studio.url}design?path=designs/shade-raider.yaml")
    edit(page, "Type", "Raider Mk II")
    page.reload()
    page.get_by_text("Your unsaved changes were restored").wait_for()
    assert page.get_by_label("Type", exact=True).input_value() == "Raider Mk II"
    assert page.locator("#dirty").is_visible()
    assert "Raider Mk II" not in (studio.folder / "designs/shade-raider.yaml").read_text()


def test_the_library_lists_designs_and_fleets(studio: Served, page: Any) -> None:
    page.goto(studio.url)
    row = page.locator("tr[data-file='designs/majestic.yaml']")
    assert row.locator("[data-figure=cr]").inner_text() == "188"
    assert "legal" in row.inner_text()
    assert "Home Guard" in page.locator("table.fleets").inner_text()


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_screenshots(studio: Served, browser: Any, width: int, height: int, tmp_path: Any) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{studio.url}design?path=designs/majestic.yaml")
    # no horizontal scrolling at a phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(tmp_path / f"design-{width}.png"))
    context.close()


def test_a_workbook_added_is_read_as_rate_reads_it(studio: Served, page: Any, tmp_path: Any) -> None:
    book = tmp_path / "majestic-book.xlsx"
    subprocess.run([sys.executable, "-m", "drydock", "convert", "designs/majestic.yaml", "-o", str(book)],
                   cwd=studio.folder, capture_output=True, text=True, check=True)
    page.goto(studio.url)
    with page.expect_navigation():
        page.get_by_label("Workbooks and designs to add to the folder (or drop them on this page)").set_input_files(
            str(book))
    row = page.locator("tr[data-file='majestic-book.xlsx']")
    assert row.locator("[data-figure=cr]").inner_text() == "188"
    assert (studio.folder / "majestic-book.xlsx").read_bytes() == book.read_bytes()


def test_screens_edited_on_the_page_rate_as_the_command_rates_them(studio: Served, page: Any) -> None:
    """The Screens field (A.1 defences, beside Shields): one screen typed on the page gives the figures ``drydock
    rate --json`` gives the file with ``screens: 1`` saved."""
    page.goto(f"{studio.url}design?path=designs/kestrel-corvette.yaml")
    edit(page, "Screens", "1")
    shown = figures(page)
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved designs/kestrel-corvette.yaml").wait_for()
    text = (studio.folder / "designs/kestrel-corvette.yaml").read_text()
    assert "screens: 1" in text
    rated = json.loads(subprocess.run([sys.executable, "-m", "drydock", "rate", "--json",
                                       "designs/kestrel-corvette.yaml"], cwd=studio.folder, capture_output=True,
                                      text=True, check=True).stdout)[0]
    assert shown == {"su": str(rated["space_units"]["used"]), "orat": str(rated["orat"]),
                     "drat": str(rated["drat"]), "cr": str(rated["combat_rating"])}
