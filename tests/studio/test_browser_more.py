"""The studio in a real Chromium, continued: a forum post pasted and converted, the display sheet shown and
downloaded as the PDF ``drydock ssd`` prints, the Drake text as ``drydock show`` prints it, and the whole
design page used with the keyboard alone."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from drydock.core.rules.catalog import catalog
from drydock.resources import examples_dir
from tests.studio.conftest import Served
from tests.studio.test_browser import figures


def focused(page: Any) -> str:
    return str(page.evaluate("(document.activeElement || {}).id || ''"))


def tab_to(page: Any, dom_id: str, *, back: bool = False, limit: int = 80) -> None:
    for _ in range(limit):
        if page.evaluate("document.activeElement && document.activeElement.id") == dom_id:
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"#{dom_id} not reached with the keyboard (at {focused(page)!r})")


def test_a_forum_post_pasted_converted_and_saved(studio: Served, page: Any) -> None:
    # Source: MJ12 Games forum (examples/legacy/admiralty/dumbo-v1.ae: its first line names the thread)
    post = (examples_dir() / "legacy/admiralty/dumbo-v1.ae").read_text()
    page.goto(studio.url)
    page.get_by_label("Post (Drake notation, Admiralty Edition or Nova text)").fill(post)
    page.get_by_role("button", name="Read the post").click()
    report = page.locator("#paste-report")
    report.wait_for()
    text = report.inner_text()
    assert text.startswith("Read as admiralty")
    assert "stated CR 277, Unity CR 317" in text  # what convert --from admiralty reports for this card
    assert page.get_by_label("Save as").input_value() == "dumbo.yaml"
    page.get_by_label("Save as").fill("pasted/dumbo.yaml")
    page.get_by_role("button", name="Save the converted design").click()
    page.wait_for_url("**/design?path=pasted%2Fdumbo.yaml&saved=1")
    assert figures(page)["cr"] == "317"
    subprocess.run([sys.executable, "-m", "drydock", "convert", "--from", "admiralty", "--to", "yaml",
                    str(examples_dir() / "legacy/admiralty/dumbo-v1.ae"), "-o", str(studio.folder / "cmd")],
                   capture_output=True, text=True, check=True)
    assert (studio.folder / "pasted/dumbo.yaml").read_text() == (studio.folder / "cmd/dumbo-v1.yaml").read_text()


def test_a_drake_post_pasted(studio: Served, page: Any) -> None:
    drake = subprocess.run([sys.executable, "-m", "drydock", "show", "designs/vigilant-cruiser.yaml"],
                           cwd=studio.folder, capture_output=True, text=True, check=True).stdout
    page.goto(studio.url)
    page.get_by_label("Post (Drake notation, Admiralty Edition or Nova text)").fill(drake)
    page.get_by_role("button", name="Read the post").click()
    page.locator("#paste-report").wait_for()
    assert page.locator("#paste-report").inner_text().startswith("Read as drake")
    assert "hull:" in page.locator("#paste-text").inner_text()


def test_the_sheet_is_shown_and_printed_and_the_drake_text_is_the_commands(studio: Served, page: Any) -> None:
    page.goto(f"{studio.url}design?path=designs/majestic.yaml")
    shown = subprocess.run([sys.executable, "-m", "drydock", "show", "designs/majestic.yaml"], cwd=studio.folder,
                           capture_output=True, text=True, check=True).stdout
    assert page.locator("#drake").inner_text().strip() == shown.strip()
    page.get_by_role("button", name="Show the sheet").click()
    frame = page.frame_locator("#sheet-frame")
    frame.get_by_text("Imperial MAJESTIC-class Battlecruiser (188)").wait_for()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download PDF").click()
    assert download.value.suggested_filename == "majestic.pdf"
    with open(download.value.path(), "rb") as fh:
        assert fh.read(5) == b"%PDF-"
    # the sheet follows an edit not yet saved
    page.get_by_label("Class", exact=True).fill("Regal")
    page.get_by_label("Class", exact=True).press("Tab")
    frame.locator("text=REGAL-class").first.wait_for()


def test_the_whole_design_page_with_the_keyboard_alone(studio: Served, page: Any) -> None:
    page.goto(f"{studio.url}design?path=designs/vigilant-cruiser.yaml")
    cr = figures(page)["cr"]
    tab_to(page, "f-engines")
    page.keyboard.press("Control+a")
    page.keyboard.type("2")
    with page.expect_response(lambda r: r.url.endswith("/api/edit")):
        page.keyboard.press("Tab")
    page.locator("#design:not([aria-busy])").wait_for()
    assert figures(page)["cr"] != cr  # re-rated
    assert page.evaluate("document.activeElement.id") == "f-shields"  # focus kept where Tab took it
    tab_to(page, "f-tech-weapons")
    with page.expect_response(lambda r: r.url.endswith("/api/edit")):
        page.keyboard.press("ArrowDown")  # a select changes with the arrow keys
    page.locator("#design:not([aria-busy])").wait_for()
    assert page.get_by_label("Weapon tech level").input_value() == "1"
    batteries = page.locator("fieldset.battery").count()
    for _ in range(80):
        if page.evaluate("document.activeElement && document.activeElement.dataset.action") == "add_battery":
            break
        page.keyboard.press("Tab")
    with page.expect_response(lambda r: r.url.endswith("/api/edit")):
        page.keyboard.press("Enter")
    page.locator("#design:not([aria-busy])").wait_for()
    assert page.locator("fieldset.battery").count() == batteries + 1
    tab_to(page, "save", back=True)
    page.keyboard.press("Enter")
    page.get_by_text("Saved designs/vigilant-cruiser.yaml").wait_for()
    saved = (studio.folder / "designs/vigilant-cruiser.yaml").read_text()
    assert "engines: 2" in saved and "weapons: 1" in saved


def test_bank_arcs_offer_the_rulesets_arc_codes(studio: Served, page: Any) -> None:
    """Banks and arcs: a drop-down of the ruleset's arc codes (4.1 component arcs, C.1 alternate arcs, A.1
    defensive arcs), as the traits and systems have theirs; each says what it is."""
    page.goto(f"{studio.url}design?path=designs/majestic.yaml")
    banks = page.get_by_label("Banks and arcs").first
    options = page.locator(f"#{banks.get_attribute('list')} option")
    codes = options.evaluate_all("os => os.map(o => o.value)")
    assert codes == [a["code"] for a in catalog()["arcs"]]
    assert {"A", "F", "FH", "Fwd"} <= set(codes)
    labels = dict(zip(codes, options.evaluate_all("os => os.map(o => o.label)"), strict=True))
    assert labels["FH"] == "FH: Forward Half (C.1)"
    assert labels["A"] == "A: fore-port row sector, 300-360° (4.1)"
