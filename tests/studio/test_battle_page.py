"""Test battles from the design page, in a real Chromium: progress streamed from the first moment with the
command's named stages, then the verdict, the very line ``drydock battle`` prints for the same seed; cancel ends
the worker; one battle at a time per page."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from typing import Any

import pytest

from tests.studio.conftest import Served


def test_a_battle_with_progress_then_the_verdict_of_the_command(studio: Served, page: Any) -> None:
    """With an optional rule and a terrain piece from the form: the very verdict of ``drydock battle ... --option
    E.1 --terrain black-hole:2``."""
    page.goto(f"{studio.url}design?path=designs/majestic.yaml")
    page.get_by_label("Opponent").select_option("designs/vigilant-cruiser.yaml")
    page.get_by_label("Battles").fill("100")
    page.get_by_text("Options, terrain, deployment").click()
    page.get_by_label("Optional rules").select_option("E.1")
    page.get_by_label("Terrain").fill("black-hole:2")
    page.get_by_role("button", name="Test battle").click()
    stage = page.locator("#battle-stage")
    stage.locator("text=/of \\d+ battles/").wait_for()  # a named stage with its battles, before the verdict
    seen = stage.inner_text()
    assert page.locator("#verdict").is_hidden()
    assert seen.startswith(("trying", "fighting", "reading")), seen
    page.locator("#verdict:not([hidden])").wait_for(timeout=120_000)
    command = subprocess.run([sys.executable, "-m", "drydock", "battle", "designs/majestic.yaml",
                              "designs/vigilant-cruiser.yaml", "--runs", "100", "--seed", "1", "--option", "E.1",
                              "--terrain", "black-hole:2"], cwd=studio.folder,
                             capture_output=True, text=True, check=True)
    assert page.locator("#verdict").inner_text() == command.stdout.splitlines()[0]
    page.frame_locator("#report-frame").locator("body").get_by_text("verdict", exact=False).first.wait_for()
    assert page.get_by_role("button", name="Test battle").is_enabled()


def test_options_are_checked_as_the_command_checks_them_one_line_on_the_page(studio: Served, page: Any) -> None:
    """A terrain piece the command refuses, then a deployment: one clean line each, in a program's words (the
    command's message without its dashes); no battle starts."""
    page.goto(f"{studio.url}design?path=designs/majestic.yaml")
    page.get_by_text("Options, terrain, deployment").click()
    page.get_by_label("Terrain").fill("volcano")
    page.get_by_role("button", name="Test battle").click()
    notice = page.locator("#notice.bad")
    notice.wait_for()
    assert notice.inner_text().startswith("terrain 'volcano': expected one of asteroids"), notice.inner_text()
    assert "\n" not in notice.inner_text() and "--" not in notice.inner_text()
    page.get_by_label("Terrain").fill("")
    page.get_by_label("Deployment").fill("port,sideways")
    page.get_by_role("button", name="Test battle").click()
    page.locator("#notice.bad", has_text="deployment 'port,sideways'").wait_for()
    assert page.get_by_role("button", name="Test battle").is_enabled()
    assert page.locator("#verdict").is_hidden()


def test_the_form_offers_the_commands_options_and_the_api_refuses_bad_ones(studio: Served) -> None:
    """The optional rules are those ``drydock rules options`` marks simulated (terrain and scenarios have fields of
    their own); the JSON hook refuses a terrain section asked for as an option, as ``--option G.1`` is."""
    with urllib.request.urlopen(f"{studio.url}design?path=designs/majestic.yaml", timeout=30) as r:
        html = r.read().decode()
    for section in ("E.1", "D.4", "F.5", "CC.B1"):
        assert f'<option value="{section}">' in html
    assert '<option value="S.4">' in html and '<option value="G.1">' not in html
    text = (studio.folder / "designs/majestic.yaml").read_text()
    body = json.dumps({"path": "designs/majestic.yaml", "text": text, "opponent": "designs/comet-frigate.yaml",
                       "runs": 10, "page": "p9", "options": ["G.1"]}).encode()
    req = urllib.request.Request(studio.url + "api/battle", body, {"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(req, timeout=30)
    assert caught.value.code == 400
    assert json.loads(caught.value.read())["error"] == ("option 'G.1': terrain (G) is asked for with terrain "
                                                        "(drydock rules options)")


def test_cancel_ends_the_battle_and_one_battle_at_a_time(studio: Served, page: Any) -> None:
    page.goto(f"{studio.url}design?path=designs/bastion-battleship.yaml")
    page.get_by_label("Opponent").select_option("designs/dauntless-dreadnought.yaml")
    page.get_by_label("Battles").fill("2000")
    page.get_by_role("button", name="Test battle").click()
    page.locator("#battle-stage").locator("text=/of \\d+ battles/").wait_for()
    assert page.get_by_role("button", name="Test battle").is_disabled()
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Battle cancelled").wait_for()
    assert page.get_by_role("button", name="Test battle").is_enabled()
    assert page.locator("#verdict").is_hidden()


def test_a_second_battle_for_the_same_page_is_refused_while_one_runs(studio: Served) -> None:
    text = (studio.folder / "designs/majestic.yaml").read_text()

    def start() -> tuple[int, dict[str, Any]]:
        body = json.dumps({"path": "designs/majestic.yaml", "text": text, "opponent": "designs/comet-frigate.yaml",
                           "runs": 2000, "page": "p1"}).encode()
        req = urllib.request.Request(studio.url + "api/battle", body, {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    status, first = start()
    assert status == 200
    status, second = start()
    assert status == 400 and "already running" in second["error"]
    req = urllib.request.Request(f"{studio.url}api/battle/{first['battle']}/cancel", b"{}",
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert json.loads(r.read()) == {"cancelled": True}


def test_the_pages_ruleset_scenario_deployment_and_doctrine_are_the_commands(studio: Served) -> None:
    """The JSON hook with a bundled ruleset (``--rules companion``, a ruleset the worker reads itself), a Companion
    option, a scenario, a deployment per side, side A's doctrine and a battle size: the command's verdict."""
    text = (studio.folder / "designs/majestic.yaml").read_text()
    form = {"options": ["CC.B1"], "scenario": "S.4", "deployment": "port,standard", "doctrine_a": "cautious",
            "battle_size": "small"}
    body = json.dumps({"path": "designs/majestic.yaml", "text": text, "opponent": "designs/vigilant-cruiser.yaml",
                       "runs": 30, "seed": 4, "rules": "companion", "page": "p7", **form}).encode()
    req = urllib.request.Request(studio.url + "api/battle", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        key = json.loads(r.read())["battle"]
    verdict = None
    with urllib.request.urlopen(f"{studio.url}api/battle/{key}/events", timeout=300) as r:
        for raw in r:
            line = raw.decode().strip()
            if line.startswith("data:"):
                event = json.loads(line.removeprefix("data:"))
                assert event["type"] != "error", event
                if event["type"] == "done":
                    verdict = event["verdict"]
                    break
    command = subprocess.run([sys.executable, "-m", "drydock", "battle", "designs/majestic.yaml",
                              "designs/vigilant-cruiser.yaml", "--runs", "30", "--seed", "4", "--rules", "companion",
                              "--option", "CC.B1", "--scenario", "S.4", "--deployment", "port,standard",
                              "--doctrine-a", "cautious", "--battle-size", "small"], cwd=studio.folder,
                             capture_output=True, text=True, check=True)
    assert verdict == command.stdout.splitlines()[0]
