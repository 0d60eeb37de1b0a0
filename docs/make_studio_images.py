"""Regenerate docs/studio.md's pictures (docs/img/studio-*.png): the studio in the system's Chromium.

    python docs/make_studio_images.py

Starts ``drydock studio`` over a copy of the bundled examples, drives it with Playwright as a player would (an
illegal hull and a misspelt system on the Majestic, a test battle against the Vigilant) and takes the pictures at
1280x800 and at a 390-pixel phone width.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"


def edit(page, label: str, value: str) -> None:  # type: ignore[no-untyped-def]
    field = page.get_by_label(label, exact=True)
    field.fill(value)
    with page.expect_response(lambda r: r.url.endswith("/api/edit")):
        field.press("Tab")
    page.locator("#design:not([aria-busy])").wait_for()


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="studio-images-"))
    for part in ("designs", "fleets", "weapons"):
        shutil.copytree(ROOT / "examples" / part, folder / part)
    proc = subprocess.Popen([sys.executable, "-m", "drydock", "studio", str(folder), "--no-browser"],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    url = re.search(r"http://\S+", proc.stdout.readline()).group(0)  # type: ignore[union-attr]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
            wide = browser.new_page(viewport={"width": 1280, "height": 800})
            wide.goto(url)
            wide.screenshot(path=str(OUT / "studio-library.png"))
            wide.goto(f"{url}design?path=designs/majestic.yaml")
            edit(wide, "Hull size", "7")
            edit(wide, "Systems", "Countermesures, Hyperdrive")
            wide.screenshot(path=str(OUT / "studio-design.png"))
            phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1)
            phone.goto(f"{url}design?path=designs/vigilant-cruiser.yaml")
            phone.screenshot(path=str(OUT / "studio-phone.png"))
            wide = browser.new_page(viewport={"width": 1280, "height": 800})
            wide.goto(f"{url}design?path=designs/harrier-missile-destroyer.yaml")
            wide.get_by_label("Opponent").select_option("designs/vigilant-cruiser.yaml")
            wide.get_by_label("Battles").fill("200")
            wide.get_by_role("button", name="Test battle").click()
            wide.locator("#verdict:not([hidden])").wait_for(timeout=180_000)
            wide.locator("#battle-details").scroll_into_view_if_needed()
            wide.screenshot(path=str(OUT / "studio-battle.png"))
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    for name in ("library", "design", "phone", "battle"):
        print(OUT / f"studio-{name}.png")


if __name__ == "__main__":
    main()
